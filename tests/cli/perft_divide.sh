#!/usr/bin/env bash
# horde-perft --divide: '<uci> <count>' per root move, a blank line, then the total
# (the output perftree reads; timing goes to stderr only).
source "$(dirname "$0")/perft_lib.sh"

check_divide() { # <what> <expected-total> <args...>
    local what=$1 expected=$2
    shift 2
    run "$@" --divide
    expect_status 0 "$what"
    local lines blank total sum
    lines=$(wc -l <"$WORK/out")
    blank=$(grep -n '^$' "$WORK/out" | cut -d: -f1)
    expect_eq "$blank" $((lines - 1)) "$what: one blank line, just before the total"
    total=$(tail -n 1 "$WORK/out")
    expect_eq "$total" "$expected" "$what: total"
    # Every line before the blank one is '<uci> <count>'.
    local moves
    moves=$(head -n $((lines - 2)) "$WORK/out")
    CHECKS=$((CHECKS + 1))
    if [ -n "$moves" ] && echo "$moves" | grep -Evq '^[a-h][1-8][a-h][1-8][qrbnh]? [0-9]+$'; then
        fail "$what: malformed move line: $(echo "$moves" | grep -Ev '^[a-h][1-8][a-h][1-8][qrbnh]? [0-9]+$' | head -n 3)"
    fi
    sum=$(echo "$moves" | awk '{ s += $2 } END { print s + 0 }')
    if [ "$expected" != 1 ] || [ -n "$moves" ]; then
        expect_eq "$sum" "$expected" "$what: sum of the move counts"
    fi
    # No duplicate moves.
    expect_eq "$(echo "$moves" | awk '{ print $1 }' | sort | uniq -d | wc -l)" 0 "$what: duplicate moves"
}

check_divide "horde start d3" 1274 --variant horde --depth 3
expect_eq "$(head -n -2 "$WORK/out" | wc -l)" 8 "horde start has 8 root moves"
expect_match "$WORK/out" '^b5b6 [0-9]+$' "horde start: b5b6"
check_divide "horde rank-1 pawn" 10 --variant horde --fen '4k3/8/8/8/8/8/8/4P3 w - - 0 1' --depth 2
expect_match "$WORK/out" '^e1e3 5$' "horde: rank-1 double step e1e3"
check_divide "orda start d2" 560 --variant orda --depth 2
check_divide "chess start d3 with 2 threads" 8902 --variant chess --depth 3 --threads 2
check_divide "kiwipete d2" 2039 --variant chess --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' --depth 2
expect_match "$WORK/out" '^e1g1 [0-9]+$' "castling written as e1g1"
expect_match "$WORK/out" '^e1c1 [0-9]+$' "castling written as e1c1"
check_divide "orda promotions" 5 --variant orda --fen '7k/1P6/8/8/8/8/8/K7 w - - 0 1' --depth 1 --threads 1
expect_match "$WORK/out" '^b7b8h 1$' "kheshig promotion b7b8h"
expect_match "$WORK/out" '^b7b8q 1$' "queen promotion b7b8q"
check_divide "depth 1 counts are 1" 8 --variant horde --depth 1
expect_eq "$(head -n -2 "$WORK/out" | awk '$2 != 1' | wc -l)" 0 "depth 1: every count is 1"
check_divide "depth 0" 1 --variant horde --depth 0
check_divide "position without moves" 0 --variant horde --fen '4k3/8/8/8/8/8/8/8 w - - 0 1' --depth 3
expect_eq "$(cat "$WORK/out" | tr '\n' '|')" "|0|" "no moves: blank line then 0"

# Each root count equals perft of the child position (what perftree checks against a peer).
run --variant chess --fen '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1' --depth 3 --divide
expect_match "$WORK/out" '^e2e4 [0-9]+$' "e2e4 listed"
e2e4=$(awk '$1 == "e2e4" { print $2 }' "$WORK/out")
run --variant chess --fen '4k3/8/8/8/4P3/8/8/4K3 b - - 0 1' --depth 2
expect_eq "$(last_line)" "$e2e4" "divide count of e2e4 equals perft of the child"

# perftree's protocol: '<script> depth fen moves' plays the moves from the FEN, then divides.
check_divide "--moves e2e4 e7e5" 29 --variant chess --depth 1 --moves "e2e4 e7e5"
run --variant chess --fen 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2' --depth 3
want=$(last_line)
run --variant chess --depth 3 --moves "e2e4 e7e5"
expect_eq "$(last_line)" "$want" "--moves gives the count of the position after the moves"
run --variant horde --depth 2 --moves "e2e9"
expect_status 2 "--moves with an illegal move"
run --variant chess --depth 2 --moves ""
expect_eq "$(last_line)" "$(grep -o ';D2 [0-9]*' "$TESTDATA/perft/chess-start-deep.epd" | cut -d' ' -f2)" "empty --moves (perftree passes none at the root)"
PERFTREE_SCRIPT="$(dirname "$0")/../../bench/perftree.sh"
CHECKS=$((CHECKS + 1))
if ! HORDE_PERFT="$PERFT" HORDE_VARIANT=chess bash "$PERFTREE_SCRIPT" 2 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" "e2e4" >"$WORK/pt" 2>/dev/null ||
   [ "$(tail -n 1 "$WORK/pt")" != 600 ]; then
    fail "bench/perftree.sh: depth 2 after e2e4 should total 600, got '$(tail -n 1 "$WORK/pt" 2>/dev/null)'"
fi

finish
