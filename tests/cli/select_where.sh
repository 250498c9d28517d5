# --where: the reference Python selection (where_reference.py) on the corpora and the fixture,
# then the command-line behaviour: syntax errors, not-selected counts, exit status, stdout
# sharing, --duplicates, --threads.
source "$(dirname "${BASH_SOURCE[0]}")/select_lib.sh"
need_python

CHECKS=$((CHECKS + 1))
if ! python3 "$(dirname "${BASH_SOURCE[0]}")/where_reference.py" "$CHECK" "$LIST" "$REPLAY" "$FIXTURE" "$GAMES"/*.pgn \
    >"$WORK/reference.log" 2>&1; then
    fail "where_reference.py: $(grep -m 5 -E 'FAIL|Error' "$WORK/reference.log")"
fi

# A syntax error: exit 2, the column and what was expected.
run_tool "$CHECK" --where 'WhiteElo >= and plies > 3' "$FIXTURE"
expect_status 2 "syntax error"
expect_match "$WORK/err" '^horde-check: --where: column 13: expected a number or a "string" after' "syntax error column"
expect_empty "$WORK/out" "syntax error: no output"
for bad in 'White ~ "("' 'plies >' '(valid' 'foo(1)' 'reaches("8/8")' 'material("KX")' 'Date >= 2020.01.01' 'valid and'; do
    run_tool "$CHECK" --where "$bad" "$FIXTURE"
    expect_status 2 "--where '$bad'"
    expect_match "$WORK/err" '^horde-check: --where: column [0-9]+: ' "--where '$bad': message"
done
run_tool "$LIST" --games --where 'plies >' "$FIXTURE"
expect_status 2 "horde-list syntax error"
run_tool "$REPLAY" --to pgn --where 'not' "$FIXTURE"
expect_status 2 "horde-replay syntax error"

# Not selected: counted in the summary and --stats; invalid games not selected weigh nothing.
run_tool "$CHECK" --where 'Black == "Wrong Result"' "$FIXTURE"
expect_status 1 "the invalid game selected"
expect_match "$WORK/err" '^horde-check: 8 games, 0 valid, 1 invalid, 7 not selected, ' "summary with not selected"
run_tool "$CHECK" --where 'valid' --stats "$FIXTURE"
expect_status 0 "invalid games not selected: exit 0"
expect_match "$WORK/err" '^horde-check: 8 games, 7 valid, 0 invalid, 1 not selected, ' "summary: valid only"
expect_no_match "$WORK/err" 'wrong-result' "no diagnostic for a game not selected"
run_tool "$CHECK" --where 'valid' --stats-json "$WORK/stats.json" "$FIXTURE"
expect_eq "$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["games"], d["not-selected"], d["valid"])' "$WORK/stats.json")" \
    "8 1 7" "--stats-json: not-selected"

# --valid-out -: the selection on stdout, for the next tool; --json then refuses stdout.
run_tool "$CHECK" -q --where 'status == "checkmate"' --valid-out - "$GAMES/chess-valid.pgn"
expect_status 0 "--valid-out -"
mv "$WORK/out" "$WORK/selected.pgn"
run_tool "$CHECK" -q --json "$WORK/selected.pgn"
expect_eq "$(wc -l <"$WORK/out")" "$(grep -c '"status":"checkmate"' "$GAMES/chess-valid.jsonl")" "--valid-out -: the checkmates (of the sidecar)"
expect_eq "$(grep -vc '"status":"checkmate"' "$WORK/out")" 0 "--valid-out -: only checkmates"
run_tool "$CHECK" --json --valid-out - "$FIXTURE"
expect_status 2 "--json with --valid-out -"
expect_match "$WORK/err" 'only one of --json, --valid-out -' "--json with --valid-out -: message"
run_tool "$CHECK" -q --where 'not valid' --invalid-out - "$FIXTURE"
expect_match "$WORK/out" '^\[Black "Wrong Result"\]' "--invalid-out -"

# --duplicates: a game not selected is no original for a later one.
cat "$FIXTURE" "$FIXTURE" >"$WORK/twice.pgn"
run_tool "$CHECK" --duplicates --where 'Date >= "2020.01.01"' "$WORK/twice.pgn"
expect_eq "$(grep -c 'duplicate-game' "$WORK/err")" 5 "--duplicates among the selected games"
run_tool "$CHECK" --duplicates --json --where 'Date >= "2020.01.01"' "$WORK/twice.pgn"
expect_eq "$(grep -c 'duplicate-game' "$WORK/out")" 5 "--duplicates --json among the selected"

# The same output on 1 and 2 threads (small batches: many chunks).
for args in "--json --where plies>40" "--json --duplicates --where WhiteElo>=2000" "--valid-out - --where not(valid)"; do
    # shellcheck disable=SC2086
    "$CHECK" --threads 1 $args "$GAMES"/*.pgn "$FIXTURE" >"$WORK/t1" 2>"$WORK/e1" || true
    # shellcheck disable=SC2086
    "$CHECK" --threads 2 $args "$GAMES"/*.pgn "$FIXTURE" >"$WORK/t2" 2>"$WORK/e2" || true
    expect_same_file "$WORK/t1" "$WORK/t2" "--threads 1 and 2: $args"
done
for t in 1 2; do
    "$LIST" --threads $t --format epd --where 'status == "checkmate"' "$GAMES"/*.pgn >"$WORK/l$t" 2>/dev/null || true
    "$LIST" --threads $t --format epd --where 'status == "checkmate"' "$GAMES/chess-valid.pgn" >"$WORK/c$t" 2>/dev/null || true
done
expect_same_file "$WORK/c1" "$WORK/c2" "horde-list --where on 1 and 2 threads, one file"
expect_same_file "$WORK/l1" "$WORK/l2" "horde-list --where on 1 and 2 threads"
expect_eq "$(grep -c ' id "2:' "$WORK/c1")" "$(("$("$REPLAY" --to uci --game 2 "$GAMES/chess-valid.pgn" | wc -w)" + 1))" \
    "horde-list --where: GAME numbers of the input"
finish
