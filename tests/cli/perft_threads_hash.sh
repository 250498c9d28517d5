#!/usr/bin/env bash
# horde-perft --threads and --hash give the plain counts.
source "$(dirname "$0")/perft_lib.sh"

check_same() { # <what> <args...>
    local what=$1
    shift
    run "$@" --threads 1
    expect_status 0 "$what, 1 thread"
    # (plain stays global: the caller may check it)
    plain=$(last_line)
    for opts in "--threads 2" "--hash 16 --threads 1" "--hash 16 --threads 2" "--threads 3 --hash 1"; do
        # shellcheck disable=SC2086
        run "$@" $opts
        expect_status 0 "$what, $opts"
        expect_eq "$(last_line)" "$plain" "$what, $opts"
    done
    run "$@" --divide --threads 2 --hash 16
    expect_eq "$(last_line)" "$plain" "$what, --divide --threads 2 --hash 16"
}

check_same "horde start d5" --variant horde --depth 5
expect_eq "$plain" "$(grep -o ';D5 [0-9]*' "$TESTDATA/perft/horde-start-deep.epd" | cut -d' ' -f2)" "horde start d5 (the deep start suite)"
check_same "orda start d4" --variant orda --depth 4
check_same "chess kiwipete d4" --variant chess --depth 4 \
    --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
check_same "python-chess horde position" --variant horde --depth 4 \
    --fen 'k7/5p2/4p2P/3p2P1/2p2P2/1p2P2P/p2P2P1/2P2P2 w - -'

# A suite with a hash and 2 threads.
run --variant orda --epd "$TESTDATA/perft/orda.epd" --max-nodes 2000000 --hash 16 --threads 2
expect_status 0 "orda.epd with --hash 16 --threads 2"
run --variant chess --epd "$TESTDATA/perft/chess.epd" --max-nodes 2000000 --hash 16 --threads 2
expect_status 0 "chess.epd with --hash 16 --threads 2"

finish
