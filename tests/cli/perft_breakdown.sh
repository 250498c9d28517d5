#!/usr/bin/env bash
# horde-perft --breakdown: the table, --divide (perftree's counts, then the table), --json
# columns, --threads, --epd expectations, and what it does not combine with.
source "$(dirname "$0")/perft_lib.sh"

run --variant chess --depth 3 --breakdown
expect_status 0 "chess start depth 3"
expect_eq "$(head -n 1 "$WORK/out" | tr -s ' ' | sed 's/^ //')" "nodes captures ep castles promotions checks discovered_checks double_checks checkmates" "the column names"
expect_eq "$(tail -n 1 "$WORK/out" | tr -s ' ' | sed 's/^ //')" "8902 34 0 0 0 12 0 0 0" "the published row"

run --variant horde --depth 3 --breakdown
expect_match "$WORK/out" 'checkmates +extinctions$' "Horde has an extinctions column"
run --variant orda --depth 3 --breakdown
expect_match "$WORK/out" 'checkmates +campmates$' "Orda has a campmates column"
expect_eq "$(tail -n 1 "$WORK/out" | awk '{print $1}')" 12462 "Orda depth 3 nodes"

run --variant chess --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' --depth 2 --divide --breakdown
expect_status 0 "--divide --breakdown"
expect_eq "$(grep -c -E '^[a-h][1-8][a-h][1-8][qrbnh]? [0-9]+$' "$WORK/out")" 48 "48 divide lines"
expect_eq "$(sed -n '50p' "$WORK/out")" 2039 "the total after a blank line"
expect_eq "$(tail -n 1 "$WORK/out" | tr -s ' ' | sed 's/^ //')" "2039 351 1 91 0 3 0 0 0" "then the table"

run --variant chess --depth 4 --breakdown --threads 2 --json
expect_status 0 "--json"
expect_match "$WORK/out" '^\{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","variant":"chess","depth":4,"nodes":197281,"captures":1576,"ep":0,"castles":0,"promotions":0,"checks":469,"discovered_checks":0,"double_checks":0,"checkmates":8,"seconds":' "--json columns"

printf '%s\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D3 8902 captures=34 checks=12 ;D4 197281 checkmates=8' >"$WORK/good.epd"
run --variant chess --epd "$WORK/good.epd" --breakdown
expect_status 0 "--epd with breakdowns"
expect_match "$WORK/out" '^2 checks, 0 mismatches' "--epd: both depths checked"
printf '%s\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D3 8902 captures=35' >"$WORK/bad.epd"
run --variant chess --epd "$WORK/bad.epd" --breakdown
expect_status 1 "--epd with a wrong breakdown"
expect_match "$WORK/out" '^MISMATCH .* ;D3 expected 8902 got 8902; captures expected 35, got 34$' "--epd: the column named"
run --variant chess --epd "$WORK/bad.epd"
expect_status 0 "--epd without --breakdown checks the nodes only"
printf '%s\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D3 8902 mates=35' >"$WORK/unknown.epd"
run --variant chess --epd "$WORK/unknown.epd" --breakdown
expect_status 1 "--epd with an unknown column"
expect_match "$WORK/err" "unknown.epd:1: error: .*'mates=35'" "--epd: the unknown column named"

run --variant chess --depth 3 --breakdown --hash 16
expect_one_line_error "--breakdown with --hash"

finish
