#!/usr/bin/env bash
# horde-perft --against: every injected bug of the test engines (tests/perft_engine) is found,
# through the UCI and the perftree protocol, at the exact position with the exact moves, and
# by --random from a fixed seed; the bug-free engine agrees; a dead, hung or garbled engine
# gives exit 2.  Usage: bash perft_against.sh <horde-perft> <testdata-dir> <engines-dir>
source "$(dirname "$0")/perft_lib.sh"
ENGINES=${3:?usage: $0 <horde-perft> <testdata-dir> <engines-dir>}

KIWIPETE='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
HORDE_RANK1='rnbqkbnr/ppp1pppp/8/8/8/1p1p4/8/PPPPPP2 w kq - 0 20'

# engine_command <bug> <variant> <protocol>: the command served to --against.
engine_command() {
    if [ "$3" = perftree ]; then echo "$ENGINES/perft_engine_bug$1 --variant $2"; else echo "$ENGINES/perft_engine_bug$1"; fi
}

# expect_found <what> <fen line> <moves line>: the last run reported that difference, and its
# reproduce line shows it again at depth 1.
expect_found() {
    expect_status 1 "$1"
    expect_eq "$(sed -n 's/^fen: //p' "$WORK/out")" "$2" "$1: the first wrong position"
    expect_eq "$(grep -E '^(missing|extra) in the other engine: ' "$WORK/out")" "$3" "$1: the moves that differ"
    local again
    again=$(sed -n 's/^reproduce: horde-perft //p' "$WORK/out")
    eval "run $again"
    expect_status 1 "$1: the reproduce line"
    expect_eq "$(grep -E '^(missing|extra) in the other engine: ' "$WORK/out")" "$3" "$1: the reproduce line's moves"
}

for protocol in uci perftree; do
    # Bug 1: en passant captures dropped.
    run --variant chess --depth 5 --against "$(engine_command 1 chess $protocol)" --protocol $protocol
    expect_match "$WORK/out" '^path: a2a4 a7a6 a4a5 b7b5$' "bug 1, $protocol: the path"
    expect_found "bug 1 (no en passant), $protocol" 'rnbqkbnr/2pppppp/p7/Pp6/8/8/1PPPPPPP/RNBQKBNR w KQkq b6 0 3' \
        'missing in the other engine: a5b6 (axb6)'
    # Bug 2: castling through an attacked square.
    run --variant chess --fen "$KIWIPETE" --depth 3 --against "$(engine_command 2 chess $protocol)" --protocol $protocol
    expect_found "bug 2 (castling through check), $protocol" \
        'r3k2r/p1ppqpb1/1n2pnp1/3PN3/1p2P3/2N2Q1p/PPPBbPPP/1R2K2R w Kkq - 0 2' 'extra in the other engine: e1g1 (O-O)'
    # Bug 3: Horde rank-1 double steps leave an en passant square (no FEN shows it: the
    # engine is given the moves, and so is the reproduce line).
    run --variant horde --fen "$HORDE_RANK1" --depth 3 --against "$(engine_command 3 horde $protocol)" --protocol $protocol
    expect_match "$WORK/out" "--moves 'a1a3'" "bug 3, $protocol: the reproduce line plays the move"
    expect_found "bug 3 (Horde rank-1 en passant), $protocol" 'rnbqkbnr/ppp1pppp/8/8/8/Pp1p4/8/1PPPPP2 b kq - 0 20' \
        'extra in the other engine: b3a2 (bxa2)'
    # Bug 4: an Orda lancer captures like a knight.
    run --variant orda --depth 4 --against "$(engine_command 4 orda $protocol)" --protocol $protocol
    expect_found "bug 4 (lancer captures as a knight), $protocol" '1haykahl/2l5/pppppppp/1N6/8/8/PPPPPPPP/R1BQKBNR b KQ - 3 2' \
        'extra in the other engine: c7b5 (Lxb5)'

    # The bug-free build agrees, in every game.
    for v in chess chess960 horde orda; do
        run --variant $v --depth 3 --against "$(engine_command 0 $v $protocol)" --protocol $protocol
        expect_status 0 "bug-free engine, $v, $protocol"
        expect_match "$WORK/out" '^agree: depth 3, [0-9]+ nodes$' "bug-free engine, $v, $protocol: says so"
    done
    run --variant chess960 --start 300 --depth 3 --against "$(engine_command 0 chess960 $protocol)" --protocol $protocol
    expect_status 0 "bug-free engine, Chess960 start 300 (king-takes-rook castling), $protocol"
done

# Protocol detection: a UCI engine answers `uci`; a script does not.
run --variant chess --depth 5 --against "$ENGINES/perft_engine_bug1"
expect_status 1 "detected UCI"
expect_match "$WORK/out" '--protocol uci$' "detected UCI: named in the reproduce line"
run --variant orda --depth 2 --against "$ENGINES/perft_engine_bug0 --variant orda 2>/dev/null"
expect_status 0 "detected perftree"

# --random: a fixed seed finds each bug (the bug-free engine agrees on the same positions).
random_finds() { # <bug> <variant> <depth> <count> <seed>
    run --variant "$2" --depth "$3" --random "$4" --seed "$5" --against "$ENGINES/perft_engine_bug$1"
    expect_status 1 "--random, bug $1"
    expect_match "$WORK/out" "^position: random position [0-9]+ of $4 \\(seed $5\\): " "--random, bug $1: names the position"
    expect_match "$WORK/out" '^(missing|extra) in the other engine: ' "--random, bug $1: the moves"
    run --variant "$2" --depth "$3" --random "$4" --seed "$5" --against "$ENGINES/perft_engine_bug0"
    expect_status 0 "--random, bug-free engine, $2"
}
random_finds 1 chess 3 20 7
random_finds 2 chess 3 50 1
random_finds 3 horde 3 100 1
random_finds 4 orda 3 20 1

# The same seed gives the same positions; --random without --against prints them.
run --variant horde --random 5 --seed 42
expect_status 0 "--random alone"
expect_eq "$(grep -c . "$WORK/out")" 5 "--random alone: one FEN per position"
cp "$WORK/out" "$WORK/first"
run --variant horde --random 5 --seed 42
expect_same_file "$WORK/out" "$WORK/first" "--random: the same seed, the same positions"
run --variant horde --random 5 --seed 43
expect_no_match "$WORK/out" "^$(head -n 1 "$WORK/first" | sed 's/[/]/./g')\$" "--random: another seed, other positions"

# A FEN stream is swept the same way.
printf '%s\n' "$KIWIPETE" 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' >"$WORK/fens"
run --variant chess --depth 3 "$WORK/fens" --against "$ENGINES/perft_engine_bug2"
expect_status 1 "FEN stream against bug 2"
expect_match "$WORK/out" "^position: .*fens:1: " "FEN stream: names the line"

# Engines that fail: exit 2, with the reason on stderr.
run --variant chess --depth 2 --against false --protocol perftree
expect_status 2 "an engine that fails"
expect_match "$WORK/err" 'exit status 1' "an engine that fails: its status"
printf '#!/bin/sh\nwhile read -r l; do case $l in uci) echo uciok;; isready) echo readyok;; go*) echo "e2e4 twenty";; esac; done\n' >"$WORK/garbled"
chmod +x "$WORK/garbled"
run --variant chess --depth 2 --against "$WORK/garbled"
expect_status 2 "a garbled engine"
expect_match "$WORK/err" "its last line: 'e2e4 twenty'" "a garbled engine: its last line quoted"
printf '#!/bin/sh\nwhile read -r l; do case $l in uci) echo uciok;; isready) echo readyok;; esac; done\n' >"$WORK/silent"
chmod +x "$WORK/silent"
run --variant chess --depth 2 --against "$WORK/silent" --timeout 0.5
expect_status 2 "a hung engine"
expect_match "$WORK/err" 'within 0.5 s' "a hung engine: the time limit"
run --variant chess --depth 0 --against "$ENGINES/perft_engine_bug0"
expect_status 2 "--against at depth 0"

finish
