#!/usr/bin/env bash
# horde-check --json: one NDJSON object per game, in input order, with the issue's fields;
# and its agreement with the corpora's sidecars.
source "$(dirname "$0")/check_lib.sh"
# The part python3 (cli:check_json:python3) adds the comparison with the sidecars.
part_needs python3 python3

for v in chess horde orda; do
    for kind in valid invalid; do
        f=$GAMES/$v-$kind.pgn
        run --json "$f"
        [ "$kind" = valid ] && expect_status 0 "$v-$kind --json" || expect_status 1 "$v-$kind --json"
        cp "$WORK/out" "$WORK/$v-$kind.json"
        expect_eq "$(wc -l <"$WORK/out")" "$(summary_field 1)" "$v-$kind: one line per game"
        expect_all_match "$WORK/out" '^\{"file":"[^"]*","game":[0-9]+,"line":[0-9]+,"valid":(true|false),"variant":("(chess|horde|orda)"|null),.*"plies":[0-9]+,"final_fen":("[^"]*"|null),"status":"[a-z-]+","status_kind":"(game-over|claimable-draw|none)","result":"(1-0|0-1|1/2-1/2|\*)","declared":"[^"]*","errors":\[.*\],"warnings":\[.*\]\}$' \
            "$v-$kind: fields"
        # game numbers 1..N in order
        expect_eq "$(grep -Eo '"game":[0-9]+' "$WORK/out" | cut -d: -f2 | tr '\n' ' ')" "$(seq -s ' ' 1 "$(wc -l <"$WORK/out")") " \
            "$v-$kind: input order"
    done
    expect_all_match "$WORK/$v-valid.json" '"valid":true,.*"errors":\[\]' "$v-valid: all valid, no errors"
    expect_all_match "$WORK/$v-invalid.json" '"valid":false,.*"errors":\[\{"line":[0-9]+,"column":[0-9]+,"ply":([0-9]+|null),"code":"[a-z-]+","message":"' \
        "$v-invalid: all invalid, error objects"
done

# Diagnostics objects of a small game, exactly.
cat >"$WORK/g.pgn" <<'PGN'
[Event "x"]
[White "W"]
[Black "B"]
[Result "*"]

1. e4 e5 2. Bc4 Nc6 3. Bxf7 Kxf7 4. Qh5 Ke9 *
PGN
run --json "$WORK/g.pgn"
expect_status 1 "g.pgn"
expect_match "$WORK/out" '"game":1,"line":1,"valid":false,"variant":"chess",.*"plies":7,"final_fen":"r1bq1bnr/pppp1kpp/2n5/4p2Q/4P3/8/PPPP1PPP/RNB1K1NR b KQ - 1 4"' \
    "g.pgn: plies and final FEN"
expect_match "$WORK/out" '"status":"none","status_kind":"none","result":"\*","declared":"\*"' "g.pgn: status fields"
expect_match "$WORK/out" '"errors":\[\{"line":6,"column":41,"ply":8,"code":"san-syntax","message":"[^"]+","token":"Ke9"\}\]' "g.pgn: error object"
# one warning per game and code: the first, with the count and its ply
expect_match "$WORK/out" '"warnings":\[\{"line":6,"column":24,"ply":5,"code":"missing-check-suffix","message":"[^"]+ \(2 moves like this in the game, from ply 5\)","token":"Bxf7"\}\]' "g.pgn: warning objects"

# A reader error is no move: ply null. A game with an invalid FEN is one record.
printf '[Event "x"]\n[Result "*"]\n\n1. e4 {open\n\n' >"$WORK/r.pgn"
printf '[Event "y"]\n[SetUp "1"]\n[FEN "8/8/8 w - - 0 1"]\n[Result "*"]\n\n1. e4 e5 *\n' >>"$WORK/r.pgn"
run --json "$WORK/r.pgn"
expect_eq "$(wc -l <"$WORK/out")" 2 "r.pgn: two records"
expect_match "$WORK/out" '"game":1,.*"errors":\[\{"line":4,"column":7,"ply":null,"code":"unterminated-comment"' "unterminated comment object"
expect_match "$WORK/out" '"game":2,"line":6,"valid":false,.*"plies":0,"final_fen":null,.*"code":"bad-fen"' "bad FEN: one invalid record"

# Claimable draw and automatic end: result is what the rules give.
printf '[Event "x"]\n[Result "*"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n' >"$WORK/d.pgn"
printf '[Event "x"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n' >>"$WORK/d.pgn"
run --json "$WORK/d.pgn"
expect_match "$WORK/out" '"game":1,.*"status":"threefold","status_kind":"claimable-draw","result":"1/2-1/2","declared":"\*"' "threefold record"
expect_match "$WORK/out" '"game":2,.*"status":"checkmate","status_kind":"game-over","result":"0-1","declared":"0-1"' "checkmate record"

# Valid JSON, and the sidecars' status/final_fen for every valid game (the part python3).
if [ "$PART" = python3 ]; then
    for v in chess horde orda; do
        CHECKS=$((CHECKS + 1))
        if ! python3 - "$WORK/$v-valid.json" "$GAMES/$v-valid.jsonl" <<'PY'; then
import json, sys
ours = [json.loads(l) for l in open(sys.argv[1])]
want = [json.loads(l) for l in open(sys.argv[2])]
assert len(ours) == len(want), (len(ours), len(want))
for o, w in zip(ours, want):
    for key in ("game", "line", "valid", "variant", "plies", "final_fen", "status", "status_kind", "result", "declared", "errors", "warnings"):
        assert key in o, key
    assert o["valid"], o
    assert o["final_fen"] == w["final_fen"], (o["game"], o["final_fen"], w["final_fen"])
    assert o["status"] == w["status"], (o["game"], o["status"], w["status"])
    assert o["plies"] == w["plies"], (o["game"], o["plies"], w["plies"])
    assert o["declared"] == w["result"], (o["game"], o["declared"], w["result"])
PY
            fail "$v-valid: JSON against the sidecar"
        fi
        CHECKS=$((CHECKS + 1))
        python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' "$WORK/$v-invalid.json" ||
            fail "$v-invalid: JSON does not parse"
    done
fi

finish
