#!/usr/bin/env bash
# Chess960 through every tool. The games (testdata/games/chess960-valid.*) were played by
# Fairy-Stockfish under UCI_Chess960: their UCI moves and final FENs in the sidecar are its
# own; the PGN's SAN was written by horde-replay --to pgn from those moves.
#   horde-check: the games are valid; the Variant tag's aliases
#   horde-list:  --final against the sidecar's final FEN
#   horde-replay: --to uci (king takes rook) against the sidecar's moves; --to pgn keeps the
#                 Variant and FEN tags and reads back the same; plain chess keeps e1g1
#   horde-perft: --start N against the sidecar's start FEN
# (the cases without a loop or a sidecar to read: cases/*/chess960-*.case)
# Usage: chess960.sh <horde-perft> <horde-check> <horde-list> <horde-replay> <testdata-dir>
source "$(dirname "$0")/common.sh"
PERFT=${1:?usage}
CHECK=${2:?usage}
LIST=${3:?usage}
REPLAY=${4:?usage}
TESTDATA=${5:?usage}
need jq jq
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
# (an illegal castling, the corpus as plain chess: the case files cases/check/chess960-*)

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
# (move lists: --start N, SAN and king-takes-rook UCI in, both out: cases/replay/chess960-*)

# ---------------------------------------------------------------- horde-perft
jq -r '"\(.start) \(.start_fen)"' "$SIDECAR" | while read -r n fen; do
    got=$("$PERFT" --start "$n" --depth 0 --json | jq -r .fen)
    [ "$got" = "$fen" ] || echo "start $n: $got, expected $fen"
done >"$WORK/starts"
expect_empty "$WORK/starts" "--start N against the sidecar's start FENs"
# (--start 518, the castling and 960 suites, FEN errors: the case files cases/perft/chess960-*)
finish
