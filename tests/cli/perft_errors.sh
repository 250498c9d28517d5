#!/usr/bin/env bash
# horde-perft bad input: a one-line error naming the problem and exit code 2.
source "$(dirname "$0")/perft_lib.sh"

run --variant atomic --depth 1
expect_one_line_error "unknown variant"
expect_match "$WORK/err" "unknown variant 'atomic'" "names the variant"

run --variant horde --fen 'rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w KQkq - 0 1' --depth 1
expect_one_line_error "invalid FEN"
expect_match "$WORK/err" "castling field: 'K' but White has no king in Horde" "names the FEN problem"

run --variant chess --fen 'not a fen' --depth 1
expect_one_line_error "garbage FEN"

run --variant horde --depth -1
expect_one_line_error "depth -1"
run --variant horde --depth -5
expect_one_line_error "negative depth"
expect_match "$WORK/err" "depth" "names the depth"

run --variant horde --depth abc
expect_status 2 "non-numeric depth"

run --variant horde
expect_one_line_error "missing depth"

run --variant horde --depth 3 /nonexistent/fens.txt
expect_one_line_error "unreadable FEN file"
expect_match "$WORK/err" "/nonexistent/fens.txt" "names the file"

run --variant horde --epd /nonexistent/suite.epd
expect_one_line_error "unreadable EPD file"

run --variant horde --depth 3 "$TESTDATA"
expect_status 2 "a directory as FEN file"

run --variant horde --depth 2 --threads -1
expect_one_line_error "negative thread count"

run --variant horde --depth 2 --bogus-option
expect_status 2 "unknown option"

# --moves: UCI or SAN (the notation library's move lists); a bad move names its ply and token.
run --variant chess --moves 'e2e4 e7e5 Nf3' --depth 1
expect_status 0 "--moves in mixed UCI and SAN"
uci_count=$(tail -n 1 "$WORK/out")
run --variant chess --moves '1. e4 e5 2. g1f3' --depth 1
expect_eq "$(tail -n 1 "$WORK/out")" "$uci_count" "--moves with move numbers and SAN gives the same count"
run --variant chess --moves 'e2e4 e7e5 e1e3' --depth 1
expect_one_line_error "illegal --moves move"
expect_match "$WORK/err" "ply 3 'e1e3'" "names the ply and the token"

finish
