# fish completion for horde-check: validate and adjudicate PGN games.
# Installed as share/fish/vendor_completions.d/horde-check.fish. Keep the option list in step
# with `horde-check --help` (tests/cli/completions_test.sh checks it).

complete -c horde-check -s h -l help -d 'Print the help and exit'
complete -c horde-check -l version -d 'Print the version and exit'
complete -c horde-check -l json -d 'One NDJSON verdict per game'
complete -c horde-check -l valid-out -r -F -d 'Write the valid games to FILE'
complete -c horde-check -l invalid-out -r -F -d 'Write the invalid games to FILE'
complete -c horde-check -l fen -d 'Inputs are FEN lines'
complete -c horde-check -l lichess -d 'Apply lichess extra Horde rules'
complete -c horde-check -l strict -d 'Every warning becomes an error'
complete -c horde-check -l allow-null-moves -d 'A main-line null move is a warning, not an error'
complete -c horde-check -l duplicates -a 'exact prefix' -d 'Report duplicate games (--duplicates=prefix: also prefixes)'
complete -c horde-check -l duplicates-out -r -F -d 'Write the duplicate games to FILE'
complete -c horde-check -l variant -x -a 'chess chess960 horde orda' -d 'Force the variant'
complete -c horde-check -s q -l quiet -d 'Only the summary line'
complete -c horde-check -l no-warnings -d 'Do not print warnings'
complete -c horde-check -s v -l verbose -d 'Log each input totals and speed to stderr'
complete -c horde-check -l threads -x -d 'Threads (default: every core)'
complete -c horde-check -l progress -d 'Show the progress line even off a terminal'
complete -c horde-check -l no-progress -d 'Never show the progress line'
complete -c horde-check -l stats -d 'Counts by variant, status, result and code'
complete -c horde-check -l stats-json -r -F -d 'Write the counts to FILE as JSON'
