#!/usr/bin/env bash
# horde-check, horde-replay, horde-list and horde-perft on what real files contain that nobody
# here wrote (issue 17): one fixture per case in testdata/real/, its verdict in default mode and
# with --strict (testdata/real/cases.txt, run as in check_dialects), then each case's messages
# and outputs in detail (files cut short by a read or decompression error: input_cut.sh).
# Usage: bash check_real.sh <horde-check> <horde-replay> <horde-list> <horde-perft> <testdata-dir>
# (needs jq).
source "$(dirname "$0")/common.sh"
usage="usage: $0 <horde-check> <horde-replay> <horde-list> <horde-perft> <testdata-dir>"
CHECK=${1:?$usage}
REPLAY=${2:?$usage}
LIST=${3:?$usage}
PERFT=${4:?$usage}
TESTDATA=${5:?$usage}
REAL=$TESTDATA/real
make_workdir horde-check-real
need jq jq
source "$(dirname "$0")/case_table.sh"
run() { run_tool "$CHECK" "$@"; }

# --- every case of the table, default mode and --strict
run_case_table "$CHECK" "$REPLAY" "$REAL" 'move-after-end|unsupported-variant|unknown-variant|wrong-result'

# --- 1. fullmove 0: read as 1 wherever a FEN is read
run --json "$REAL/puzzles-fullmove-zero.pgn"
expect_eq "$(jq -r '.plies' "$WORK/out" | tr '\n' ' ')" "1 1 1 " "puzzles: one move each"
expect_match "$WORK/err" ":9:1: warning: game 1 .*FEN tag: fullmove number field: '0' read as 1 \[fen-fullmove-zero\]$" "puzzles: message"
expect_eq "$(jq -r 'select(.game == 2) | .final_fen' "$WORK/out")" "6k1/5ppp/8/8/8/8/5PPP/3r2K1 w - - 2 2" "puzzles: Black's move 1 from fullmove 1"
run_tool "$REPLAY" --to pgn "$REAL/puzzles-fullmove-zero.pgn"
expect_match "$WORK/out" '^\[FEN "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 1 1"\]$' "puzzles: export writes fullmove 1"
printf '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 1 0\n' >"$WORK/zero.fen"
run --fen --variant chess --json "$WORK/zero.fen"
expect_status 0 "--fen: fullmove 0 accepted"
expect_eq "$(jq -r '.normalized_fen + " " + .warnings[0].code' "$WORK/out")" "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 1 1 fen-fullmove-zero" "--fen: read as 1, with a warning"
expect_match "$WORK/err" "zero.fen:1:1: warning: fullmove number field: '0' read as 1 \[fen-fullmove-zero\]" "--fen: warning line"
run --fen --variant chess --strict "$WORK/zero.fen"
expect_status 1 "--fen --strict: an error"
run_tool "$PERFT" --variant chess --fen "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 1 0" -d 1
expect_status 0 "perft --fen: fullmove 0 accepted"
expect_match "$WORK/err" "warning: --fen: fullmove number field: '0' read as 1 \[fen-fullmove-zero\]" "perft --fen: warning"
run_tool "$PERFT" --variant chess "$WORK/zero.fen" -d 1
expect_status 0 "perft FEN stream: fullmove 0 accepted"
expect_match "$WORK/err" "zero.fen:1: warning: fullmove number field" "perft FEN stream: warning"
printf '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 1 0 ;D1 %s\n' "$(cat "$WORK/out")" >"$WORK/zero.epd"
run_tool "$PERFT" --variant chess --epd "$WORK/zero.epd"
expect_status 0 "perft --epd: fullmove 0 accepted"
expect_match "$WORK/err" "zero.epd:1: warning: fullmove number field" "perft --epd: warning"
run_tool "$LIST" --moves --variant chess "$WORK/zero.fen"
expect_status 0 "horde-list --moves: fullmove 0 accepted"
run_tool "$REPLAY" --variant chess --fen "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 1 0" --to san Rd8
expect_eq "$(cat "$WORK/out")" "Rd8#" "replay --fen: fullmove 0 accepted"

# --- 2. '*' after the end: a warning that says why; the export writes the rules' result
run --json "$REAL/study-star-after-end.pgn"
expect_eq "$(jq -r '.status' "$WORK/out" | tr '\n' ' ')" "checkmate checkmate stalemate none " "study: statuses"
expect_match "$WORK/err" "game 2 .*: the game ended by checkmate \(0-1\) but the result is \* \[star-result-at-end\]$" "study: message"
expect_eq "$(grep -c 'star-result-at-end' "$WORK/err")" 3 "study: the open chapter has no warning"
run --json "$REAL/no-result-mate.pgn"
expect_match "$WORK/err" "the game ended by checkmate \(0-1\) but it has no result \(no Result tag, no result token\) \[star-result-at-end\]" "no result: the message says so"
run_tool "$REPLAY" --to pgn "$REAL/study-star-after-end.pgn"
expect_eq "$(grep -c '^\[Result "\*"\]$' "$WORK/out")" 1 "study export: only the open chapter keeps *"
expect_match "$WORK/out" '^1\. f3 e5 2\. g4 Qh4# 0-1$' "study export: the rules' result in the movetext"
expect_match "$WORK/out" ' 1\. Qf7 1/2-1/2$' "study export: stalemate written as a draw"
run_tool "$REPLAY" --to pgn "$REAL/no-result-mate.pgn"
expect_match "$WORK/out" '^\[Result "0-1"\]$' "no result: the export's Result tag"
# a decisive result that contradicts the position stays an error
sed 's/^1\. f3 e5 2\. g4 Qh4#$/1. f3 e5 2. g4 Qh4# 1-0/' "$REAL/no-result-mate.pgn" >"$WORK/wrong.pgn"
run --json "$WORK/wrong.pgn"
expect_status 1 "a contradicting result: still an error"
expect_eq "$(jq -r '.errors[0].code' "$WORK/out")" "wrong-result" "a contradicting result: wrong-result"

# --- 3. glued results: the game ends where the result stands
run --json "$REAL/glued-star.pgn"
expect_eq "$(jq -r '"\(.plies) \(.declared)"' "$WORK/out" | tr '\n' ',')" "3 *,3 *,6 *," "glued *: the moves and the result"
expect_eq "$(jq -r '.warnings | length' "$WORK/out" | tr '\n' ' ')" "0 0 0 " "glued *: no warning (standard)"
run --json "$REAL/glued-after-mate.pgn"
expect_eq "$(jq -r '"\(.plies) \(.status)"' "$WORK/out" | tr '\n' ',')" "4 checkmate,7 checkmate," "glued 0-1: the mating moves are read"
expect_match "$WORK/err" ":9:20: warning: game 1 .*result glued to the move in 'Qh4#0-1': read as Qh4# 0-1 \[result-glued\]$" "glued 0-1: message"

# --- 4. unescaped quotes: one tag, the game whole
run --json "$REAL/tag-unescaped-quotes.pgn"
expect_eq "$(jq -r '.white + "|" + .black' "$WORK/out" | tr '\n' ',')" '"Socrates Expert"|Fidelity "Elite" X,Belle|Cray Blitz,' "quotes: the values read"
expect_eq "$(jq -r '.plies' "$WORK/out" | tr '\n' ' ')" "24 6 " "quotes: the games whole"
expect_match "$WORK/err" ":5:1: warning: game 1 .*read as one tag, White = '\"Socrates Expert\"' \[unescaped-quote\]" "quotes: message says what was read"
# any other malformed tag line: an error, and the rest of its line is no movetext
printf '[Event "E"]\n[White "A" junk here]\n[Black "B"]\n\n1. e4 e5 *\n' >"$WORK/junk.pgn"
run --json "$WORK/junk.pgn"
expect_eq "$(jq -r '[.errors[].code] | join(",")' "$WORK/out")" "malformed-tag" "malformed tag: one error, no movetext from it"
expect_eq "$(jq -r '"\(.plies) \(.black)"' "$WORK/out")" "2 B" "malformed tag: the tag section goes on"

# --- 5. dates: old games claim, new games end automatically
run --json "$REAL/historic-fivefold.pgn"
expect_eq "$(jq -r '"\(.plies) \(.status) \(.status_kind)"' "$WORK/out" | tr '\n' ',')" \
    "20 none none,16 threefold claimable-draw,4 fifty-move claimable-draw,17 none none," "historic: fivefold and 150 plies are claimable only"
run --json --lichess "$REAL/historic-fivefold.pgn"
expect_eq "$(jq -r 'select(.game == 2) | .status' "$WORK/out")" "fivefold" "--lichess: fivefold always automatic"
run --json "$REAL/modern-fivefold.pgn"
expect_eq "$(jq -r '.errors[0].message' "$WORK/out" | tr '\n' '|')" \
    "move after the game ended (fivefold, 1/2-1/2)|move after the game ended (seventy-five-move, 1/2-1/2)|" "modern and undated: automatic"

# --- 6. unsupported variants
run --json "$REAL/variants-unsupported.pgn"
expect_eq "$(jq -r '.errors | length' "$WORK/out" | tr '\n' ' ')" "1 1 1 1 " "variants: exactly one error per game"
expect_match "$WORK/err" 'variant "Crazyhouse" is not one horde plays' "variants: the message names it"
expect_match "$WORK/err" 'variant "seirawan" \(Seirawan\)' "variants: case-insensitive"
expect_eq "$(jq -r '.white' "$WORK/out" | tr '\n' ' ')" "dropper boom giver hawkeye " "variants: games stay delimited"
run --json --skip-unsupported --skipped-out "$WORK/skipped.pgn" --valid-out "$WORK/v.pgn" --invalid-out "$WORK/i.pgn" "$REAL/variants-unsupported.pgn"
expect_status 0 "--skip-unsupported: exit 0"
expect_eq "$(jq -r '"\(.valid) \(.skipped)"' "$WORK/out" | sort -u)" "null true" "--skip-unsupported: --json"
expect_match "$WORK/err" '^horde-check: 4 games, 0 valid, 0 invalid, 4 skipped, ' "--skip-unsupported: summary"
expect_same_file "$WORK/skipped.pgn" "$REAL/variants-unsupported.pgn" "--skipped-out: byte for byte"
expect_empty "$WORK/v.pgn" "--skip-unsupported: nothing valid"
expect_empty "$WORK/i.pgn" "--skip-unsupported: nothing invalid"
run --skip-unsupported --stats-json "$WORK/stats.json" "$REAL/variants-unsupported.pgn" "$REAL/glued-star.pgn"
expect_eq "$(jq -r '"\(.games) \(.skipped) \(.valid)"' "$WORK/stats.json")" "7 4 3" "--stats-json: skipped"
run --skip-unsupported --threads 2 --json "$REAL/variants-unsupported.pgn"
expect_eq "$(jq -r '.skipped' "$WORK/out" | tr '\n' ' ')" "true true true true " "--skip-unsupported --threads 2"
run --skipped-out "$WORK/x.pgn" "$REAL/variants-unsupported.pgn"
expect_status 2 "--skipped-out without --skip-unsupported: usage error"

# --- 7. one warning per game and code, with the count and the first ply
run --json "$REAL/eco-uci.pgn"
expect_eq "$(jq -r '[.warnings[] | select(.code == "uci-move")] | length' "$WORK/out" | tr '\n' ' ')" "1 1 1 1 " "UCI: one uci-move warning per game"
expect_eq "$(jq -r 'select(.game == 2) | .warnings[0].message' "$WORK/out")" "UCI move 'e2e4': read as e4 (6 moves like this in the game, from ply 1)" "UCI: count and first ply"
expect_no_match "$WORK/out" 'missing-check-suffix' "UCI: no check-mark warnings"
run --stats-json "$WORK/stats.json" "$REAL/eco-uci.pgn"
expect_eq "$(jq -r '."warning.uci-move"' "$WORK/stats.json")" 4 "--stats counts as the JSON reports"

# --- 8. messages: the token of a garbage word, source order
printf '[Event "E"]\n\n1. e4 e5 2. Nf3 &&& 3. Bc4 *\n' >"$WORK/garbage.pgn"
run "$WORK/garbage.pgn"
expect_match "$WORK/err" 'ply 4 "&&&": unexpected token .&&&. \[garbage-token\]' "garbage: the token is shown"
expect_no_match "$WORK/err" 'ply [0-9]+ ""' "garbage: never an empty token"
printf '[Event "E"]\n\n1. e4 e5 2. 0-0\n\n3. Nf3 &&& *\n' >"$WORK/order.pgn"
run "$WORK/order.pgn"
expect_eq "$(grep -oE '^[^ ]*:[0-9]+:[0-9]+' "$WORK/err" | sed 's/.*pgn://' | tr '\n' ' ')" \
    "$(grep -oE '^[^ ]*:[0-9]+:[0-9]+' "$WORK/err" | sed 's/.*pgn://' | sort -t: -k1,1n -k2,2n | tr '\n' ' ')" "diagnostics in source order"

# --- 9. --to uci|san: one line per game, invalid games too
cat "$REAL/glued-star.pgn" "$REAL/modern-fivefold.pgn" "$REAL/glued-after-mate.pgn" >"$WORK/mixed.pgn"
for to in uci san; do
    run_tool "$REPLAY" --to $to "$WORK/mixed.pgn"
    expect_status 1 "--to $to: invalid games"
    expect_eq "$(wc -l <"$WORK/out")" 7 "--to $to: one line per game"
    expect_eq "$(sed -n '4p;5p' "$WORK/out" | tr '\n' '|')" "||" "--to $to: invalid games are empty lines"
    expect_eq "$(sed -n 6p "$WORK/out" | wc -w)" 4 "--to $to: line 6 is game 6"
done

# --- 10. a file cut short by a read or decompression error: in input_cut.sh, one test per
#     compressed format (cli:input_cut:<format>), each skipped when its compressor is missing.
# a plain file that simply stops mid-game: no error, only its missing result
upto=$(sed -n '1,/^1\./p' "$REAL/historic-fivefold.pgn" | wc -c) # the first game's first movetext line
head -c $((upto - 10)) "$REAL/historic-fivefold.pgn" >"$WORK/stops.pgn"
run --json "$WORK/stops.pgn"
expect_status 0 "a plain file that stops: no error"
expect_eq "$(tail -n 1 "$WORK/out" | jq -r '.warnings[-1].code')" "missing-result" "a plain file that stops: its missing result"

finish
