# fish completion for horde-replay: replay a game move by move.
# Installed as share/fish/vendor_completions.d/horde-replay.fish. Keep the option list in step
# with `horde-replay --help` (tests/cli/completions_test.sh checks it).

complete -c horde-replay -s h -l help -d 'Print the help and exit'
complete -c horde-replay -l version -d 'Print the version and exit'
complete -c horde-replay -l variant -x -a 'chess chess960 horde orda' -d 'Game: chess, chess960, horde or orda'
complete -c horde-replay -l fen -x -d 'Start position of the move list (FEN)'
complete -c horde-replay -l start -x -d 'Chess960 start position number (0-959)'
complete -c horde-replay -l moves -d 'The arguments are moves, not PGN files'
complete -c horde-replay -l game -x -d 'PGN input: replay only game N'
complete -c horde-replay -l ply -x -d 'Show only the position after ply N'
complete -c horde-replay -l unicode -d 'Chess figurines'
complete -c horde-replay -l flip -d 'Black at the bottom'
complete -c horde-replay -l color -x -a 'always never auto' -d 'Colour output'
complete -c horde-replay -l to -x -a 'uci san pgn' -d 'Write the moves (uci, san: one line per game) or normalised PGN'
complete -c horde-replay -l svg -r -F -d 'Write SVG to FILE or DIR/'
complete -c horde-replay -l interactive -d 'Step through the game on a terminal'
complete -c horde-replay -l where -x -d 'Only the games for which EXPR is true'
