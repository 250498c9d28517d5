#!/usr/bin/env bash
# Chess960 through every tool. The games (testdata/games/chess960-valid.*) were played by
# Fairy-Stockfish under UCI_Chess960: their UCI moves and final FENs in the sidecar are its
# own; the PGN's SAN was written by horde-replay --to pgn from those moves.
#   horde-check: the games are valid; the Variant tag's aliases; an illegal castling is reported
#   horde-list:  --final against the sidecar's final FEN
#   horde-replay: --to uci (king takes rook) against the sidecar's moves; --to pgn keeps the
#                 Variant and FEN tags and reads back the same; plain chess keeps e1g1
#   horde-perft: --start N against the sidecar's start FEN; the castling suite; FEN errors
# Usage: chess960.sh <horde-perft> <horde-check> <horde-list> <horde-replay> <testdata-dir>
source "$(dirname "$0")/common.sh"
PERFT=${1:?usage}
CHECK=${2:?usage}
LIST=${3:?usage}
REPLAY=${4:?usage}
TESTDATA=${5:?usage}
command -v jq >/dev/null || { echo "jq is needed (apt-get install jq)" >&2; exit 2; }
make_workdir chess960-cli
PGN=$TESTDATA/games/chess960-valid.pgn
SIDECAR=$TESTDATA/games/chess960-valid.jsonl
GAMES=$(wc -l <"$SIDECAR")

# ---------------------------------------------------------------- horde-check
run_tool "$CHECK" "$PGN"
expect_status 0 "horde-check chess960-valid.pgn"
expect_match "$WORK/err" "^horde-check: $GAMES games, $GAMES valid, 0 invalid" "horde-check summary"
[ "$(grep -o 'O-O-O' "$PGN" | wc -l)" -gt 3 ] || fail "the corpus should hold several O-O-O"
[ "$(grep -oE 'O-O([^-]|$)' "$PGN" | wc -l)" -gt 3 ] || fail "the corpus should hold several O-O"
# Each alias of the Variant tag reads the same games.
for alias in Fischerandom "Chess 960" 960 chess960 FISCHERANDOM; do
    sed "s/\[Variant \"Chess960\"\]/[Variant \"$alias\"]/" "$PGN" >"$WORK/alias.pgn"
    run_tool "$CHECK" "$WORK/alias.pgn"
    expect_status 0 "Variant \"$alias\""
    expect_match "$WORK/err" "$GAMES valid, 0 invalid" "Variant \"$alias\" summary"
done
# An illegal castling: O-O with a piece on the king's path (start 0, f1 holds a rook... g1 king, h1 rook).
printf '[Variant "Chess960"]\n[SetUp "1"]\n[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"]\n\n1. O-O *\n' >"$WORK/bad.pgn"
run_tool "$CHECK" "$WORK/bad.pgn"
expect_status 1 "illegal O-O"
expect_match "$WORK/err" "O-O: the squares between king and rook are not empty" "illegal O-O message"
# The same games as plain chess: their FEN tags are invalid there.
run_tool "$CHECK" --variant chess "$PGN"
expect_status 1 "chess960 games checked as chess"
expect_match "$WORK/err" "castling field" "chess: castling field error"

# ---------------------------------------------------------------- horde-list
run_tool "$LIST" --final "$PGN"
expect_status 0 "horde-list --final"
jq -r .final_fen "$SIDECAR" >"$WORK/want-final"
expect_same_file "$WORK/out" "$WORK/want-final" "horde-list --final against Fairy-Stockfish's final FENs"
run_tool "$LIST" --format json "$PGN"
expect_eq "$(jq -r .variant "$WORK/out" | sort -u)" "chess960" "horde-list json variant"

# ---------------------------------------------------------------- horde-replay
run_tool "$REPLAY" --to uci "$PGN"
expect_status 0 "horde-replay --to uci"
jq -r .uci "$SIDECAR" >"$WORK/want-uci"
expect_same_file "$WORK/out" "$WORK/want-uci" "--to uci (king takes rook) against Fairy-Stockfish's moves"
run_tool "$REPLAY" --to pgn "$PGN"
expect_status 0 "horde-replay --to pgn"
cp "$WORK/out" "$WORK/export.pgn"
expect_eq "$(grep -c '^\[Variant "Chess960"\]' "$WORK/export.pgn")" "$GAMES" "--to pgn keeps the Variant tags"
expect_eq "$(grep -c '^\[FEN ' "$WORK/export.pgn")" "$GAMES" "--to pgn keeps the FEN tags"
run_tool "$REPLAY" --to uci "$WORK/export.pgn"
expect_same_file "$WORK/out" "$WORK/want-uci" "--to pgn reads back to the same moves"
# Move lists: --start N and --fen, SAN and king-takes-rook UCI in, both out.
first_fen=$(jq -r .start_fen "$SIDECAR" | head -n 1)
first_start=$(jq -r .start "$SIDECAR" | head -n 1)
first_uci=$(jq -r .uci "$SIDECAR" | head -n 1)
# shellcheck disable=SC2086
run_tool "$REPLAY" --start "$first_start" --to uci $first_uci
expect_eq "$(cat "$WORK/out")" "$first_uci" "--start N with a UCI move list"
run_tool "$REPLAY" --start 518 --to uci e4 e5 Nf3 Nc6 Bc4 Bc5 O-O
expect_eq "$(cat "$WORK/out")" "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1h1" "Chess960 O-O from 518 is e1h1"
run_tool "$REPLAY" --variant chess --to uci e4 e5 Nf3 Nc6 Bc4 Bc5 O-O
expect_eq "$(cat "$WORK/out")" "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1" "chess O-O stays e1g1"
run_tool "$REPLAY" --start 518 --to san e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1h1
expect_eq "$(cat "$WORK/out")" "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O" "e1h1 reads as O-O"
run_tool "$REPLAY" --start 960
expect_status 2 "--start 960"
expect_match "$WORK/err" "numbered 0 to 959" "--start 960 message"

# ---------------------------------------------------------------- horde-perft
jq -r '"\(.start) \(.start_fen)"' "$SIDECAR" | while read -r n fen; do
    got=$("$PERFT" --start "$n" --depth 0 --json | jq -r .fen)
    [ "$got" = "$fen" ] || echo "start $n: $got, expected $fen"
done >"$WORK/starts"
expect_empty "$WORK/starts" "--start N against the sidecar's start FENs"
run_tool "$PERFT" --start 518 --depth 4
expect_eq "$(cat "$WORK/out")" "$("$PERFT" --variant chess --depth 4 2>/dev/null)" "--start 518 counts as chess"
run_tool "$PERFT" --variant chess960 --epd "$TESTDATA/perft/chess960-castling.epd" --max-nodes 2000000
expect_status 0 "castling suite"
expect_match "$WORK/out" " 0 mismatches, [0-9]+ skipped, 0 errors" "castling suite summary"
run_tool "$PERFT" --variant chess960 --epd "$TESTDATA/perft/chess960.epd" --max-nodes 20000 --threads 2
expect_status 0 "960 suite to 20000 nodes"
expect_match "$WORK/out" " 0 mismatches, [0-9]+ skipped, 0 errors" "960 suite summary"
run_tool "$PERFT" --variant chess --fen "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -" --depth 1
expect_status 2 "a Chess960 FEN as chess"
expect_match "$WORK/err" "castling field: 'K' but no White king on e1 \(a Chess960 position needs the chess960 variant\)" "hint"
run_tool "$PERFT" --variant chess960 --fen "4rrk1/8/8/8/8/8/8/4RRK1 w Fx - 0 1" --depth 1
expect_status 2 "bad castling character"
expect_match "$WORK/err" "castling field: unexpected character 'x'" "bad castling character message"
run_tool "$PERFT" --variant horde --start 3 --depth 1
expect_status 2 "--start with horde"
finish
