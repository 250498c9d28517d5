# fish completion for horde-db: a position database of PGN games.
# Installed as share/fish/vendor_completions.d/horde-db.fish. Keep the subcommands and option
# lists in step with `horde-db SUBCOMMAND --help` (tests/cli/completions_test.sh checks the
# top-level options).

set --local subcommands add query games export info merge serve
complete -c horde-db -f
complete -c horde-db -s h -l help -d 'Print the help and exit'
complete -c horde-db -n "not __fish_seen_subcommand_from $subcommands" -l version -d 'Print the version and exit'
complete -c horde-db -n "not __fish_seen_subcommand_from $subcommands" -a add -d 'Add the valid games of PGN files'
complete -c horde-db -n "not __fish_seen_subcommand_from $subcommands" -a query -d 'The moves played from a position'
complete -c horde-db -n "not __fish_seen_subcommand_from $subcommands" -a games -d 'Every game that reached a position'
complete -c horde-db -n "not __fish_seen_subcommand_from $subcommands" -a export -d 'The tree of every game'
complete -c horde-db -n "not __fish_seen_subcommand_from $subcommands" -a info -d 'What the database holds'
complete -c horde-db -n "not __fish_seen_subcommand_from $subcommands" -a merge -d 'Add the games of other databases'
complete -c horde-db -n "not __fish_seen_subcommand_from $subcommands" -a serve -d "lichess's opening explorer API and a live page over HTTP"
complete -c horde-db -n "__fish_seen_subcommand_from $subcommands" -F

# add
complete -c horde-db -n '__fish_seen_subcommand_from add' -l max-ply -x -d 'Positions up to this ply, when created (default 50)'
complete -c horde-db -n '__fish_seen_subcommand_from add' -l where -x -d 'Only the games for which EXPR is true'
complete -c horde-db -n '__fish_seen_subcommand_from add' -l strict -d 'Every warning makes a game invalid'
complete -c horde-db -n '__fish_seen_subcommand_from add' -l lichess -d "lichess's extra Horde rules"
complete -c horde-db -n '__fish_seen_subcommand_from add' -l skip-unsupported -d 'Skip the games of unsupported variants'
complete -c horde-db -n '__fish_seen_subcommand_from add' -l temp-dir -r -a '(__fish_complete_directories)' -d 'Where the runs and SST files go'
complete -c horde-db -n '__fish_seen_subcommand_from add' -s q -l quiet -d 'Only the summary line'
complete -c horde-db -n '__fish_seen_subcommand_from add' -l warnings -d 'Also print the warnings'
complete -c horde-db -n '__fish_seen_subcommand_from add merge' -l memory -x -d 'Memory before a sorted run is written (default 512M)'
complete -c horde-db -n '__fish_seen_subcommand_from add merge' -l progress -d 'Show the progress line even off a terminal'
complete -c horde-db -n '__fish_seen_subcommand_from add merge' -l no-progress -d 'Never show the progress line'
complete -c horde-db -n '__fish_seen_subcommand_from add export merge serve' -l threads -x -d 'Threads'
complete -c horde-db -n '__fish_seen_subcommand_from add query games' -l variant -x -a 'chess chess960 horde orda' -d 'The variant'
# query, games
complete -c horde-db -n '__fish_seen_subcommand_from query games' -l fen -x -d 'The position (a FEN)'
complete -c horde-db -n '__fish_seen_subcommand_from query games' -l moves -x -d 'The position after these moves (SAN or UCI)'
complete -c horde-db -n '__fish_seen_subcommand_from query' -l json -d "lichess's opening explorer JSON"
complete -c horde-db -n '__fish_seen_subcommand_from query' -l speeds -x -a 'ultraBullet bullet blitz rapid classical correspondence' -d 'Only games of these speeds'
complete -c horde-db -n '__fish_seen_subcommand_from query' -l ratings -x -a '0 1000 1200 1400 1600 1800 2000 2200 2500' -d 'Only games of these rating bands'
complete -c horde-db -n '__fish_seen_subcommand_from query' -l since -x -d 'Only games of this month (YYYY-MM) or later'
complete -c horde-db -n '__fish_seen_subcommand_from query' -l until -x -d 'Only games of this month (YYYY-MM) or earlier'
complete -c horde-db -n '__fish_seen_subcommand_from query' -l moves-limit -x -d 'At most N moves'
complete -c horde-db -n '__fish_seen_subcommand_from query' -l top-games -x -d 'Top games with --json (0..4)'
complete -c horde-db -n '__fish_seen_subcommand_from query' -l recent-games -x -d 'Recent games with --json (0..4)'
complete -c horde-db -n '__fish_seen_subcommand_from query' -l history -d 'The position\'s games month by month'
complete -c horde-db -n '__fish_seen_subcommand_from games' -l format -x -a 'pgn ndjson' -d 'Output format'
complete -c horde-db -n '__fish_seen_subcommand_from games' -l limit -x -d 'At most N games'
# export
complete -c horde-db -n '__fish_seen_subcommand_from export' -l format -x -a 'ndjson csv tsv epd' -d 'Output format'
complete -c horde-db -n '__fish_seen_subcommand_from export' -l max-ply -x -d 'Positions up to this ply'
complete -c horde-db -n '__fish_seen_subcommand_from export' -l min-ply -x -d 'Write only positions from this ply on'
complete -c horde-db -n '__fish_seen_subcommand_from export' -l min-games -x -d 'Write only positions of at least N games'
# serve
complete -c horde-db -n '__fish_seen_subcommand_from serve' -l host -x -a '127.0.0.1 0.0.0.0 localhost' -d 'The address to listen on (default 127.0.0.1)'
complete -c horde-db -n '__fish_seen_subcommand_from serve' -l port -x -d 'The port (default 9002; 0: a free one)'
complete -c horde-db -n '__fish_seen_subcommand_from serve' -l quiet -d 'No log line per request'
complete -c horde-db -n '__fish_seen_subcommand_from serve' -l reload-check -x -d 'Look every MS milliseconds whether the database changed'
complete -c horde-db -n '__fish_seen_subcommand_from serve' -l cache -x -d 'Keep the answers of recent queries, up to MB megabytes'
