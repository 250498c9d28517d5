# fish completion for horde-perft: perft counts for chess, Horde and Orda.
# Installed as share/fish/vendor_completions.d/horde-perft.fish. Keep the option list in step
# with `horde-perft --help` (tests/cli/completions_test.sh checks it).

complete -c horde-perft -s h -l help -d 'Print the help and exit'
complete -c horde-perft -l version -d 'Print the version and exit'
complete -c horde-perft -l variant -x -a 'chess chess960 horde orda' -d 'Game: chess, chess960, horde or orda'
complete -c horde-perft -l fen -x -d 'Start position (FEN)'
complete -c horde-perft -l start -x -d 'Chess960 start position number (0-959)'
complete -c horde-perft -s d -l depth -x -d 'Depth in plies'
complete -c horde-perft -l moves -x -d 'UCI moves to play from --fen before counting'
complete -c horde-perft -l divide -d 'Count per root move'
complete -c horde-perft -l epd -r -F -d 'Perft suite file (- for stdin)'
complete -c horde-perft -l max-nodes -x -d 'With --epd: skip entries above N nodes'
complete -c horde-perft -s t -l threads -x -d 'Threads (default: all cores)'
complete -c horde-perft -l hash -x -d 'Transposition table size in MB'
complete -c horde-perft -l json -d 'One NDJSON object per result'
complete -c horde-perft -s v -l verbose -d 'Log each count and time to stderr'
complete -c horde-perft -l split -x -d 'Distinct positions after D plies, FEN<TAB>paths'
complete -c horde-perft -l progress -d 'Show the progress line even off a terminal'
complete -c horde-perft -l no-progress -d 'Never show the progress line'
