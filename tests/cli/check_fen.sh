#!/usr/bin/env bash
# horde-check --fen: one verdict per FEN line (or NDJSON line with "fen"/"variant"), the same
# output conventions as for PGN.
source "$(dirname "$0")/check_lib.sh"

HORDE_START='rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1'
CHESS_START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
ORDA_START='lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1'

# all valid: exit 0, default variant horde
printf '%s\n\n%s\n' "$HORDE_START" '4k3/8/8/8/8/8/P7/8 b - -' >"$WORK/ok.fen"
run --fen "$WORK/ok.fen"
expect_status 0 "valid Horde FENs"
expect_match "$WORK/err" '^horde-check: 2 positions, 2 valid, 0 invalid, 0 warnings, 0 plies, [0-9.]+ s$' "summary (blank line skipped)"

# an invalid line: exit 1, FILE:LINE:1: error: ... [code]
printf '%s\n%s\n%s\n' "$HORDE_START" "$CHESS_START" 'not a fen' >"$WORK/mixed.fen"
run --fen "$WORK/mixed.fen"
expect_status 1 "chess FEN read as Horde"
expect_match "$WORK/err" "^$WORK/mixed.fen:2:1: error: .*\[bad-fen\]$" "line 2 diagnostic"
expect_match "$WORK/err" "^$WORK/mixed.fen:3:1: error: .*\[bad-fen\]$" "line 3 diagnostic"
run --fen --variant chess "$WORK/mixed.fen"
expect_match "$WORK/err" "^$WORK/mixed.fen:1:1: error: .*\[bad-fen\]$" "--variant chess: line 1 invalid"
expect_no_match "$WORK/err" "mixed.fen:2:1:" "--variant chess: line 2 valid"

# --json: one object per line, line numbers, verdicts
run --fen --json "$WORK/mixed.fen"
expect_eq "$(wc -l <"$WORK/out")" 3 "--json: three objects"
expect_match "$WORK/out" '^\{"line":1,.*"variant":"horde","valid":true,.*"status":"none","status_kind":"none","result":"\*","errors":\[\],"warnings":\[\]\}$' "--json: line 1"
expect_match "$WORK/out" '^\{"line":3,"fen":"not a fen",.*"valid":false,.*"errors":\[\{"line":3,"column":1,"ply":null,"code":"bad-fen"' "--json: line 3"

# NDJSON input: "fen" and optional "variant", as horde-perft --json and horde-list write them
{
    printf '{"fen":"%s","variant":"chess","depth":3,"nodes":8902}\n' "$CHESS_START"
    printf '{"fen":"%s","variant":"orda"}\n' "$ORDA_START"
    printf '{"fen":"%s"}\n' "$HORDE_START"
    printf '{"fen":"%s","variant":"atomic"}\n' "$CHESS_START"
    printf '{"no_fen":1}\n'
} >"$WORK/lines.ndjson"
run --fen --json "$WORK/lines.ndjson"
expect_status 1 "NDJSON"
expect_match "$WORK/out" '^\{"line":1,.*"variant":"chess","valid":true' "NDJSON chess"
expect_match "$WORK/out" '^\{"line":2,.*"variant":"orda","valid":true' "NDJSON orda"
expect_match "$WORK/out" '^\{"line":3,.*"variant":"horde","valid":true' "NDJSON default variant"
expect_match "$WORK/out" '^\{"line":4,.*"valid":false,.*"code":"unknown-variant"' "NDJSON unknown variant"
expect_match "$WORK/out" '^\{"line":5,.*"valid":false,.*"code":"bad-json"' "NDJSON without fen"

# adjudication of the position alone
printf '%s\n' '4k3/8/8/8/8/8/8/8 b - - 0 1' 'k7/8/1Q6/8/8/8/8/8 b - - 0 1' >"$WORK/adj.fen"
run --fen --json "$WORK/adj.fen"
expect_match "$WORK/out" '^\{"line":1,.*"status":"extinction","status_kind":"game-over","result":"0-1"' "extinction position"
expect_match "$WORK/out" '^\{"line":2,.*"status":"stalemate","status_kind":"game-over","result":"1/2-1/2"' "stalemate position"

# stdin, CRLF
printf '%s\r\n%s\r\n' "$HORDE_START" "$HORDE_START" >"$WORK/crlf.fen"
run_stdin "$WORK/crlf.fen" --fen
expect_status 0 "stdin, CRLF"
expect_match "$WORK/err" '^horde-check: 2 positions, 2 valid' "stdin: count"
# every FEN of the perft suites is valid for its variant
for v in chess horde orda; do
    cut -d';' -f1 "$TESTDATA/perft/$v.epd" | grep -v '^#' | grep . >"$WORK/$v.fen"
    run --fen --variant "$v" "$WORK/$v.fen"
    expect_status 0 "perft suite $v.epd"
done

finish
