# fish completion for horde-tree: opening trees and books from games.
# Installed as share/fish/vendor_completions.d/horde-tree.fish. Keep the option list in step
# with `horde-tree --help` (tests/cli/completions_test.sh checks it).

complete -c horde-tree -s h -l help -d 'Print the help and exit'
complete -c horde-tree -l version -d 'Print the version and exit'
complete -c horde-tree -l format -x -a 'ndjson csv tsv epd polyglot html' -d 'Output format'
complete -c horde-tree -s o -l output -r -F -d 'Write the tree to FILE, whole or not at all'
complete -c horde-tree -l max-ply -x -d 'Positions up to this ply (default 20; polyglot 1024)'
complete -c horde-tree -l min-ply -x -d 'Write only positions from this ply on'
complete -c horde-tree -l min-games -x -d 'Write only positions of at least N games'
complete -c horde-tree -l examples -x -d 'Example games per move (default 3)'
complete -c horde-tree -l min-score -x -d 'polyglot: minimum score in per cent'
complete -c horde-tree -l only-white -d "polyglot: only White's moves"
complete -c horde-tree -l only-black -d "polyglot: only Black's moves"
complete -c horde-tree -l uniform -d 'polyglot: every weight 1'
complete -c horde-tree -l position -x -d "Print this position's move table (FEN)"
complete -c horde-tree -l moves -x -d 'Print the move table after these moves'
complete -c horde-tree -l where -x -d 'Only the games for which EXPR is true'
complete -c horde-tree -l variant -x -a 'chess chess960 horde orda' -d 'Force the variant'
complete -c horde-tree -l strict -d 'Every warning makes a game invalid'
complete -c horde-tree -l lichess -d "lichess's extra Horde rules"
complete -c horde-tree -l skip-unsupported -d 'Skip the games of unsupported variants'
complete -c horde-tree -l partial-invalid -d "An invalid game's moves before its first error count"
complete -c horde-tree -l memory -x -d 'Memory before spilling to disk (default 512M)'
complete -c horde-tree -l temp-dir -x -a '(__fish_complete_directories)' -d 'Where spilled runs go'
complete -c horde-tree -l title -x -d "html: the page's title"
complete -c horde-tree -s q -l quiet -d 'Only the summary line'
complete -c horde-tree -l warnings -d 'Also print the warnings'
complete -c horde-tree -l threads -x -d 'Threads (default: every core)'
complete -c horde-tree -l progress -d 'Show the progress line'
complete -c horde-tree -l no-progress -d 'Never show the progress line'
