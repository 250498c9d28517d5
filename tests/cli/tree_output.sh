#!/usr/bin/env bash
# horde-tree -o FILE where FILE is not a plain new file:
#   * a FIFO (as /dev/null or /dev/stdout would be): written through, left a FIFO, not replaced
#     by a regular file (renaming over /dev/null as root once replaced the device);
#   * a symbolic link: its target gets the tree, the link stays a link;
#   * an existing file keeps its permissions;
#   * the bytes are those of -o to a new file.
# Usage: tree_output.sh HORDE_TREE TESTDATA
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
[ $# -eq 2 ] || { echo "usage: $0 HORDE_TREE TESTDATA" >&2; exit 2; }
TREE=$1 DATA=$2
make_workdir tree_output
GAMES=$DATA/games/chess-valid.pgn

run_tool "$TREE" -q --max-ply 6 --min-games 1 -o "$WORK/new.ndjson" "$GAMES"
expect_status 0 "-o a new file"
expect_match "$WORK/new.ndjson" '^\{"fen":' "-o a new file: the tree"

# A FIFO, read by cat while the tree writes.
mkfifo "$WORK/fifo"
timeout 20 cat "$WORK/fifo" >"$WORK/from-fifo" &  # no writer ever opening it: given up
reader=$!
run_tool "$TREE" -q --max-ply 6 --min-games 1 -o "$WORK/fifo" "$GAMES"
wait "$reader" || true
expect_status 0 "-o FIFO"
expect_same_file "$WORK/from-fifo" "$WORK/new.ndjson" "-o FIFO: what the reader got"
CHECKS=$((CHECKS + 1))
[ -p "$WORK/fifo" ] || fail "-o FIFO: the FIFO was replaced ($(stat -c %F "$WORK/fifo"))"

# A symbolic link to an existing file of mode 600.
echo old >"$WORK/target.ndjson"
chmod 600 "$WORK/target.ndjson"
ln -s target.ndjson "$WORK/link.ndjson"
run_tool "$TREE" -q --max-ply 6 --min-games 1 -o "$WORK/link.ndjson" "$GAMES"
expect_status 0 "-o LINK"
CHECKS=$((CHECKS + 1))
[ -L "$WORK/link.ndjson" ] || fail "-o LINK: the link was replaced by a file"
expect_same_file "$WORK/target.ndjson" "$WORK/new.ndjson" "-o LINK: the link's target holds the tree"
expect_eq "$(stat -c %a "$WORK/target.ndjson")" 600 "-o LINK: the replaced file keeps its mode"
expect_eq "$(find "$WORK" -name '*horde-tree*' | wc -l)" 0 "no temporary file left beside the output"
finish
