#!/usr/bin/env bash
# horde-perft: the count is the last line of stdout; defaults; depth 0; timing on stderr.
source "$(dirname "$0")/perft_lib.sh"

run --variant horde --depth 3
expect_status 0 "horde start depth 3"
expect_eq "$(last_line)" 1274 "horde start depth 3"
expect_match "$WORK/err" 'nodes/s' "timing on stderr"

run --depth 4                      # --variant defaults to horde, --fen to its start position
expect_eq "$(last_line)" 23310 "default variant and FEN"

run --variant orda --depth 3
expect_eq "$(last_line)" 12462 "orda start depth 3"
run --variant chess --depth 4
expect_eq "$(last_line)" 197281 "chess start depth 4"
run --variant chess --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' --depth 3
expect_eq "$(last_line)" 97862 "kiwipete depth 3"
run --variant horde --fen '4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - -' -d 4
expect_eq "$(last_line)" 56539 "python-chess horde position, EPD-style FEN, -d"
run --variant chess --fen 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3' --depth 2
expect_eq "$(last_line)" 0 "checkmated position"

for v in chess horde orda; do
    run --variant $v --depth 0
    expect_status 0 "$v depth 0"
    expect_eq "$(cat "$WORK/out")" 1 "$v depth 0 gives 1"
done

run --variant horde --depth 1
expect_eq "$(cat "$WORK/out")" 8 "stdout is only the count"

run --variant Horde --depth 2
expect_eq "$(last_line)" 128 "variant names are case-insensitive"

run --version
expect_status 0 "--version"
run --help
expect_status 0 "--help"
expect_match "$WORK/out" '--divide' "--help lists --divide"

finish
