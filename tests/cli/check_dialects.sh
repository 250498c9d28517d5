#!/usr/bin/env bash
# horde-check on the PGN that real files contain (issue 10): one fixture per rule in
# testdata/dialects/, its verdict in default mode and with --strict (testdata/dialects/cases.txt),
# the normalised export of every accepted fixture (horde-replay --to pgn) through
# horde-check --strict, and the messages, game boundaries and duplicate outputs in detail.
# Usage: bash check_dialects.sh <horde-check> <horde-replay> <testdata-dir>; needs jq.
source "$(dirname "$0")/common.sh"
CHECK=${1:?usage: $0 <horde-check> <horde-replay> <testdata-dir>}
REPLAY=${2:?usage: $0 <horde-check> <horde-replay> <testdata-dir>}
DIALECTS=${3:?usage: $0 <horde-check> <horde-replay> <testdata-dir>}/dialects
make_workdir horde-check-dialects
need jq jq

source "$(dirname "$0")/case_table.sh"
run() { run_tool "$CHECK" "$@"; }

# --- every case of the table, default mode and --strict
run_case_table "$CHECK" "$REPLAY" "$DIALECTS" 'illegal-move|ambiguous-move|san-syntax|garbage-token|unmatched-paren|unterminated-[a-z]+|null-move|en-passant-mark'

# --- messages name the spelling and what it was read as
run "$DIALECTS/uci-ccrl.pgn"
expect_match "$WORK/err" ':12:4: warning: game 1 \(Engine Alpha 2.1 64-bit - Engine Beta 15 64-bit\), ply 1 "g1f3": UCI move .g1f3.: read as Nf3 \([0-9]+ moves like this in the game, from ply 1\) \[uci-move\]$' "uci: message, once per game with the count"
expect_match "$WORK/err" "\"e1g1\": castling written as the king's move 'e1g1': read as O-O( \([0-9]+ moves like this in the game, from ply [0-9]+\))? \[castling-as-king-move\]" "e1g1: message"
run "$DIALECTS/long-algebraic.pgn"
expect_match "$WORK/err" "\"e2-e4\": long algebraic move 'e2-e4': read as e4 \(10 moves like this in the game, from ply 1\) \[long-algebraic\]" "long algebraic: once per game, counted"
# one warning per game and code: the later spellings alone in a game of their own
printf '1. e4 e5 2. Ng1-f3 *\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bb5xc6 *\n' >"$WORK/long.pgn"
run "$WORK/long.pgn"
expect_match "$WORK/err" "\"Ng1-f3\": long algebraic move 'Ng1-f3': read as Nf3 \[long-algebraic\]" "Ng1-f3: message"
expect_match "$WORK/err" "\"Bb5xc6\": .*long algebraic.*: read as Bxc6 \[long-algebraic\]" "Bb5xc6: message"
run "$DIALECTS/promotion-coordinates.pgn"
expect_match "$WORK/err" "'d7d8Q': read as d8=Q" "d7d8Q: message"
expect_match "$WORK/err" "'b2b1q': read as b1=Q" "b2b1q: message"
run "$DIALECTS/orda-uci-kheshig.pgn"
expect_match "$WORK/err" "'e7e8h': read as e8=H" "e7e8h: message"
run "$DIALECTS/lowercase-piece.pgn"
expect_match "$WORK/err" "\"nf3\": lower-case piece letter in 'nf3': read as Nf3( \([0-9]+ moves like this in the game, from ply [0-9]+\))? \[lowercase-piece\]" "nf3: message"
run "$DIALECTS/orda-lowercase-piece.pgn"
expect_match "$WORK/err" "read as Lc7 \(2 moves like this in the game, from ply 2\) \[lowercase-piece\]" "lc7: message"
printf '[Variant "Orda"]\n\n1. e4 yd7 *\n' >"$WORK/yurt.pgn"
run "$WORK/yurt.pgn"
expect_match "$WORK/err" "read as Yd7 \[lowercase-piece\]" "yd7: message"
run "$DIALECTS/lowercase-b-is-a-file.pgn"
expect_no_match "$WORK/err" 'read as B' "bc4 is never read as a bishop move"
run "$DIALECTS/orda-h-is-a-file.pgn"
expect_no_match "$WORK/err" 'read as H' "Orda hc6 is never read as a kheshig move"
run "$DIALECTS/castling-lowercase.pgn"
expect_match "$WORK/err" "castling written 'o-o': read as O-O" "o-o: message"
run "$DIALECTS/double-plus.pgn"
expect_match "$WORK/err" "\"Qxf7\+\+\": checkmate written '\+\+': read as '#' \[double-plus-mate\]" "++: message"
run "$DIALECTS/en-passant-mark.pgn"
expect_match "$WORK/err" "'e.p.' after the en passant capture exd6: read as a mark \(2 moves like this in the game, from ply 5\)" "e.p.: message"
printf '1. e4 Nf6 2. e5 d5 3. d4 g5 4. h4 g4 5. f4 gxf3 ep *\n' >"$WORK/ep.pgn"
run "$WORK/ep.pgn"
expect_match "$WORK/err" "'ep' after the en passant capture gxf3" "ep: message"
run "$DIALECTS/pawn-letter.pgn"
expect_match "$WORK/err" "\"Pe4\": pawn move written with 'P': read as e4" "Pe4: message"
run "$DIALECTS/promotion-no-piece.pgn"
expect_match "$WORK/err" 'a pawn reaching e8 must promote' "e8: message"
run "$DIALECTS/promotion-uci-no-piece.pgn"
expect_match "$WORK/err" "'e7e8': a pawn reaching e8 must promote and the piece is not named" "e7e8: message"
run "$DIALECTS/promotion-parentheses.pgn"
expect_match "$WORK/err" "\"e8\(Q\)\": .*parentheses" "e8(Q): message"
run "$DIALECTS/unknown-token.pgn"
expect_match "$WORK/err" "unexpected token '&&&'" "unknown token named"
run "$DIALECTS/nested-comment.pgn"
expect_match "$WORK/err" "nested '\{ ... \}'" "nested comment: hint"
run "$DIALECTS/unterminated-comment.pgn"
expect_match "$WORK/err" "never closed \(it seems to contain a nested" "unterminated comment: hint"
run "$DIALECTS/null-main-line.pgn"
expect_match "$WORK/err" "null move '--' in the main line: the record is not a legal game \(--allow-null-moves accepts it\)" "null main line: message"
run "$DIALECTS/null-in-check.pgn"
expect_match "$WORK/err" "null move '--' while Black is in check" "null in check: message"

# --- game boundaries: lines and plies
run --json "$DIALECTS/text-before.pgn"
expect_match "$WORK/out" '"code":"text-between-games","message":"text before the first game: .This file was exported' "preamble named"
expect_eq "$(jq -r '.warnings[0].line' "$WORK/out")" 1 "preamble: its line"
run --json "$DIALECTS/text-between.pgn"
expect_eq "$(jq -r 'select(.game == 1) | .warnings[0].line' "$WORK/out")" 5 "text between games: its line"
expect_eq "$(jq -r '.plies' "$WORK/out" | tr '\n' ' ')" "7 2 " "text between games: both games whole"
run --json "$DIALECTS/blank-line-restart.pgn"
expect_eq "$(jq -r '.plies' "$WORK/out" | tr '\n' ' ')" "3 3 " "restart: split into two games"
expect_eq "$(jq -r 'select(.game == 2) | .line' "$WORK/out")" 6 "restart: the second game starts at 1."
run --json "$DIALECTS/chessbase-blank-line.pgn"
expect_eq "$(jq -r '.white + "|" + .black + "|" + .declared' "$WORK/out")" "Player, A.|Player, B.|1/2-1/2" "ChessBase header: one game"
run --json "$DIALECTS/tags-one-line.pgn"
expect_eq "$(jq -r '.white + "|" + (.plies | tostring)' "$WORK/out")" "W|2" "tags and movetext on one line"
run --json "$DIALECTS/no-movetext.pgn"
expect_eq "$(jq -r '.plies' "$WORK/out" | tr '\n' ' ')" "0 1 " "no movetext: two games"
run --json "$DIALECTS/missing-result.pgn"
expect_eq "$(jq -r '.declared + " " + .status' "$WORK/out")" "* none" "missing result: read as *"

# --- null moves: the turn passes in the variation
run --json "$DIALECTS/null-analysis.pgn"
expect_eq "$(jq -r '.warnings | length' "$WORK/out")" 4 "null analysis: four null moves"
expect_eq "$(jq -r '.plies' "$WORK/out")" 5 "null analysis: the main line"
run --json --allow-null-moves "$DIALECTS/null-main-line.pgn"
expect_eq "$(jq -r '.plies' "$WORK/out")" 4 "--allow-null-moves: the null move is a ply"
expect_eq "$(jq -r '.final_fen' "$WORK/out")" "rnbqkbnr/pppp1ppp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3" "--allow-null-moves: final FEN"

# --- duplicates: warnings name the earlier game; outputs
run --duplicates "$DIALECTS/duplicates.pgn"
expect_eq "$(grep -c '\[duplicate-game\]' "$WORK/err")" 1 "--duplicates: one exact duplicate"
expect_match "$WORK/err" ':6:1: warning: game 2 .*the same game as game 1 \(line 1\)' "--duplicates: names game 1"
run --duplicates=prefix "$DIALECTS/duplicates.pgn"
expect_eq "$(grep -c '\[duplicate-game\]' "$WORK/err")" 3 "--duplicates=prefix: three"
expect_match "$WORK/err" "game 3 .*its moves are the start of game 1's \(line 1\)" "prefix: a shorter copy"
expect_match "$WORK/err" "game 4 .*it starts with all the moves of game 1 \(line 1, 6 plies\)" "prefix: a longer copy"
run --duplicates=prefix --valid-out "$WORK/v.pgn" --invalid-out "$WORK/i.pgn" --duplicates-out "$WORK/d.pgn" "$DIALECTS/duplicates.pgn"
expect_eq "$(grep -h '^\[Event' "$WORK/v.pgn" | tr '\n' ' ')" '[Event "original"] [Event "different"] ' "--valid-out: unique games"
expect_eq "$(grep -h '^\[Event' "$WORK/d.pgn" | wc -l)" 3 "--duplicates-out: the duplicates"
expect_empty "$WORK/i.pgn" "--invalid-out takes no duplicate"
run --strict --duplicates --invalid-out "$WORK/i.pgn" --duplicates-out "$WORK/d.pgn" "$DIALECTS/duplicates.pgn"
expect_status 1 "--strict --duplicates: a duplicate is an error"
expect_empty "$WORK/i.pgn" "--strict: --invalid-out still takes no duplicate"
expect_eq "$(grep -c '^\[Event' "$WORK/d.pgn")" 1 "--strict: the duplicate in --duplicates-out"
# across inputs: the second file's games repeat the first's
run --duplicates "$DIALECTS/duplicates.pgn" "$DIALECTS/duplicates.pgn"
expect_eq "$(grep -c '\[duplicate-game\]' "$WORK/err")" 6 "--duplicates across two inputs"
run --duplicates=other "$DIALECTS/duplicates.pgn"
expect_status 2 "--duplicates=other: usage error"

finish
