# fish completion for horde-db. Keep the option lists in step with `horde-db SUBCOMMAND --help`
# (tests/cli/completions_test.sh checks them).
complete -c horde-db -f -n "not __fish_seen_subcommand_from add query games export info merge" -a "add query games export info merge"
complete -c horde-db -n "not __fish_seen_subcommand_from add query games export info merge" -l version -d 'Print the version'
complete -c horde-db -l help -s h -d 'Print the help'
# add
complete -c horde-db -n '__fish_seen_subcommand_from add' -l max-ply -x -d 'Positions up to this ply (at creation)'
complete -c horde-db -n '__fish_seen_subcommand_from add' -l where -x -d 'Select games'
complete -c horde-db -n '__fish_seen_subcommand_from add query games' -l variant -x -a 'chess chess960 horde orda' -d 'Variant'
complete -c horde-db -n '__fish_seen_subcommand_from add' -l strict -d 'Warnings make games invalid'
complete -c horde-db -n '__fish_seen_subcommand_from add' -l lichess -d "lichess's extra Horde rules"
complete -c horde-db -n '__fish_seen_subcommand_from add' -l skip-unsupported -d 'Skip unsupported variants'
complete -c horde-db -n '__fish_seen_subcommand_from add merge' -l memory -x -d 'Memory before a run is written'
complete -c horde-db -n '__fish_seen_subcommand_from add' -l temp-dir -r -a '(__fish_complete_directories)' -d 'Runs and SST files'
complete -c horde-db -n '__fish_seen_subcommand_from add' -s q -l quiet -d 'Only the summary'
complete -c horde-db -n '__fish_seen_subcommand_from add' -l warnings -d 'Print warnings too'
complete -c horde-db -n '__fish_seen_subcommand_from add export merge' -l threads -x -d 'Threads'
complete -c horde-db -n '__fish_seen_subcommand_from add merge' -l progress -d 'Show progress'
complete -c horde-db -n '__fish_seen_subcommand_from add merge' -l no-progress -d 'No progress'
# query, games
complete -c horde-db -n '__fish_seen_subcommand_from query games' -l fen -x -d 'The position (a FEN)'
complete -c horde-db -n '__fish_seen_subcommand_from query games' -l moves -x -d 'The position after these moves'
complete -c horde-db -n '__fish_seen_subcommand_from query' -l json -d "lichess's explorer JSON"
complete -c horde-db -n '__fish_seen_subcommand_from query' -l speeds -x -a 'ultraBullet bullet blitz rapid classical correspondence' -d 'Only these speeds'
complete -c horde-db -n '__fish_seen_subcommand_from query' -l ratings -x -a '0 1000 1200 1400 1600 1800 2000 2200 2500' -d 'Only these bands'
complete -c horde-db -n '__fish_seen_subcommand_from query' -l since -x -d 'From this month (YYYY-MM)'
complete -c horde-db -n '__fish_seen_subcommand_from query' -l until -x -d 'To this month (YYYY-MM)'
complete -c horde-db -n '__fish_seen_subcommand_from query' -l moves-limit -x -d 'At most N moves'
complete -c horde-db -n '__fish_seen_subcommand_from query' -l top-games -x -d 'Top games (0..4)'
complete -c horde-db -n '__fish_seen_subcommand_from query' -l recent-games -x -d 'Recent games (0..4)'
complete -c horde-db -n '__fish_seen_subcommand_from games' -l format -x -a 'pgn ndjson' -d 'Output'
complete -c horde-db -n '__fish_seen_subcommand_from games' -l limit -x -d 'At most N games'
# export
complete -c horde-db -n '__fish_seen_subcommand_from export' -l format -x -a 'ndjson csv tsv epd' -d 'Output'
complete -c horde-db -n '__fish_seen_subcommand_from export' -l max-ply -x -d 'Positions up to this ply'
complete -c horde-db -n '__fish_seen_subcommand_from export' -l min-ply -x -d 'Positions from this ply'
complete -c horde-db -n '__fish_seen_subcommand_from export' -l min-games -x -d 'Positions of at least N games'
