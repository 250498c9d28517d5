# --where's position patterns (issue 33): where_patterns_reference.py compares 23 expressions
# (material, signatures, material_diff, pattern, piece, count, the when-forms) with a Python
# reading of horde-list's positions on the four valid corpora; then the errors that name a
# column and, with --variant, the variant, in each tool; and the same selection on 1 and 2 threads.
source "$(dirname "${BASH_SOURCE[0]}")/select_lib.sh"
need_python

CHECKS=$((CHECKS + 1))
if ! python3 "$(dirname "${BASH_SOURCE[0]}")/where_patterns_reference.py" "$LIST" \
    "$GAMES/chess-valid.pgn" "$GAMES/chess960-valid.pgn" "$GAMES/horde-valid.pgn" "$GAMES/orda-valid.pgn" \
    >"$WORK/reference.log" 2>&1; then
    fail "where_patterns_reference.py: $(grep -m 5 -E 'FAIL|Error' "$WORK/reference.log")"
fi
expect_eq "$(grep -c '^ok ' "$WORK/reference.log")" 92 "23 expressions on 4 corpora"

# A letter of another variant's pieces: a usage error naming it, when --variant says which.
run_tool "$CHECK" --variant chess --where 'material(black, "L") >= 1' "$GAMES/chess-valid.pgn"
expect_status 2 "--variant chess with a lancer"
expect_match "$WORK/err" "^horde-check: --where: column 18: 'L' is not a piece in chess" "lancer in chess: column and variant"
run_tool "$LIST" --variant horde --games --where 'pattern("*/*/*/3y*/*/*/*/*")' "$GAMES/horde-valid.pgn"
expect_status 2 "horde-list --variant horde with a yurt"
expect_match "$WORK/err" "^horde-list: --where: column 17: 'y' is not a piece in horde" "yurt in horde"
run_tool "$REPLAY" --variant chess --to uci --where 'count("H") >= 1' "$GAMES/chess-valid.pgn"
expect_status 2 "horde-replay --variant chess with a kheshig"
expect_match "$WORK/err" "'H' is not a piece in chess" "kheshig in chess"
run_tool "$CHECK" --variant orda -q --where 'material(black, "L") == 2' "$GAMES/orda-valid.pgn"
expect_status 0 "--variant orda with a lancer"
run_tool "$CHECK" --where 'pattern("8/8/8/3Z4/8/8/8/8")' "$GAMES/chess-valid.pgn"
expect_status 2 "a letter of no variant"
expect_match "$WORK/err" "column 17: 'Z' is not a piece letter" "a letter of no variant: column"

# The same games on 1 and 2 threads.
for t in 1 2; do
    "$CHECK" --threads $t -q --where 'for(8, material_diff("P") >= 2)' --valid-out - "$GAMES"/*-valid.pgn >"$WORK/p$t" 2>/dev/null || true
done
expect_same_file "$WORK/p1" "$WORK/p2" "a when-form on 1 and 2 threads"
finish
