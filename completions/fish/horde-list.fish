# fish completion for horde-list: list the positions of PGN games.
# Installed as share/fish/vendor_completions.d/horde-list.fish. Keep the option list in step
# with `horde-list --help` (tests/cli/completions_test.sh checks it).

complete -c horde-list -s h -l help -d 'Print the help and exit'
complete -c horde-list -l version -d 'Print the version and exit'
complete -c horde-list -l format -x -a 'fen epd tsv csv json' -d 'Output format'
complete -c horde-list -l final -d 'Only the last position of each game'
complete -c horde-list -l start -d 'Only the start position of each game'
complete -c horde-list -l ply -x -d 'Only the position after ply N'
complete -c horde-list -l every -x -d 'Every Nth position'
complete -c horde-list -l unique -d 'First occurrence of each position only'
complete -c horde-list -l moves -d 'Inputs are FEN lines: list their legal moves'
complete -c horde-list -l notation -x -a 'san uci' -d 'Notation of --moves'
complete -c horde-list -l variant -x -a 'chess chess960 horde orda' -d 'Game: chess, chess960, horde or orda'
complete -c horde-list -l keep-partial -d 'List the positions of invalid games up to the error'
complete -c horde-list -l threads -x -d 'Threads (default: every core)'
complete -c horde-list -l progress -d 'Show the progress line even off a terminal'
complete -c horde-list -l no-progress -d 'Never show the progress line'
complete -c horde-list -l where -x -d 'Only the games for which EXPR is true'
complete -c horde-list -l games -d 'One row per game'
complete -c horde-list -l fields -x -d 'Columns: tags and computed fields'
