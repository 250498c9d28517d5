#!/usr/bin/env bash
# horde-tree --warnings names each warned game by its number in the input, on any thread
# count. A game goes into the tree before the pipeline knows its number (its byte offset orders
# it), but a game whose warnings are printed must still wait for its number: a Polyglot book on
# 4 threads once printed a game's number within its chunk. Also the same tree and book bytes on
# 1 and 4 threads.
# Usage: tree_numbers.sh HORDE_TREE TESTDATA
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
[ $# -eq 2 ] || { echo "usage: $0 HORDE_TREE TESTDATA" >&2; exit 2; }
TREE=$1 DATA=$2
make_workdir tree_numbers

# 6,000 games (some 40 chunks of the pipeline); a blank line after the first movetext line of
# every 97th game (a warning when its movetext goes on below).
for _ in $(seq 20); do cat "$DATA/games/chess-valid.pgn"; done | awk '
    /^\[Event / { game++; lines = 0 }
    { print }
    !/^\[/ && NF > 0 && ++lines == 1 && game % 97 == 50 { print "" }
' >"$WORK/warned.pgn"

for format in ndjson polyglot; do
    for threads in 1 4; do
        run_tool "$TREE" --threads "$threads" --format "$format" --warnings -o "$WORK/$format-$threads.out" "$WORK/warned.pgn"
        expect_status 0 "--format $format --threads $threads"
        grep -v '^horde-tree: ' "$WORK/err" >"$WORK/$format-$threads.warnings" || true
    done
    expect_same_file "$WORK/$format-4.out" "$WORK/$format-1.out" "--format $format: 4 threads against 1"
    expect_same_file "$WORK/$format-4.warnings" "$WORK/$format-1.warnings" "--format $format: the warnings on 4 threads against 1"
    warned=$(grep -c 'warning: game [0-9]* .*blank line inside the movetext' "$WORK/$format-4.warnings" || true)
    [ "$warned" -ge 20 ] || fail "--format $format: $warned games warned of, not some 60"
    CHECKS=$((CHECKS + 1))
    # Each names a game whose number is 50 modulo 97.
    wrong=$(sed -n 's/.*warning: game \([0-9]*\) .*/\1/p' "$WORK/$format-4.warnings" | awk '$1 % 97 != 50' | head -n 3)
    expect_eq "$wrong" "" "--format $format: every warning names its game's number in the input"
done
finish
