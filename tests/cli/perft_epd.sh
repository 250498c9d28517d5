#!/usr/bin/env bash
# horde-perft --epd: a suite that passes (exit 0), one with a mismatch (exit 1, printed),
# --max-nodes skipping, --depth capping, malformed lines, stdin.
source "$(dirname "$0")/perft_lib.sh"

run --variant horde --epd "$TESTDATA/perft/horde.epd" --max-nodes 1000000
expect_status 0 "horde.epd with --max-nodes 1000000"
expect_match "$WORK/out" '^[0-9]+ checks, 0 mismatches, [1-9][0-9]* skipped, 0 errors' "summary line"
expect_eq "$(grep -c MISMATCH "$WORK/out")" 0 "no mismatch printed"

run --variant chess --epd "$TESTDATA/perft/chess.epd" --depth 3
expect_status 0 "chess.epd up to depth 3"
expect_match "$WORK/out" '0 mismatches, 0 skipped' "--depth caps instead of skipping"

for v in chess horde orda; do
    run --variant $v --epd "$TESTDATA/perft/$v.epd" --max-nodes 100000 --threads 1
    expect_status 0 "$v.epd small entries"
done

cat >"$WORK/bad.epd" <<'X'
# a comment, then a blank line

rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1 ;D1 8 ;D2 129 ;D3 1274
4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - - ;D1 30 ;D2 241 ;D4 56539
X
run --variant horde --epd "$WORK/bad.epd"
expect_status 1 "a mismatch"
expect_match "$WORK/out" '^MISMATCH rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1 ;D2 expected 129 got 128$' "mismatch on stdout"
expect_eq "$(grep -c MISMATCH "$WORK/out")" 1 "exactly one mismatch"
expect_match "$WORK/err" 'bad.epd:3: mismatch: .* depth 2: expected 129, got 128' "mismatch diagnostic with line number"
expect_match "$WORK/out" '^6 checks, 1 mismatches, 0 skipped, 0 errors' "summary"

run --variant horde --epd "$WORK/bad.epd" --max-nodes 200
expect_status 1 "mismatch still found with --max-nodes 200"
expect_match "$WORK/out" '^3 checks, 1 mismatches, 3 skipped' "--max-nodes skips the larger entries"

run --variant horde --epd "$WORK/bad.epd" --depth 1
expect_status 0 "mismatch at depth 2 not checked with --depth 1"
expect_match "$WORK/out" '^2 checks, 0 mismatches' "--depth 1"

# From stdin.
STATUS=0
"$PERFT" --variant horde --epd - --max-nodes 100000 <"$TESTDATA/perft/horde.epd" >"$WORK/out" 2>"$WORK/err" || STATUS=$?
expect_status 0 "--epd - (stdin)"
expect_match "$WORK/out" ' 0 mismatches, [0-9]+ skipped, 0 errors' "stdin summary"

# Malformed lines and invalid FENs count as errors: exit 1, the run goes on.
cat >"$WORK/malformed.epd" <<'X'
4k3/8/8/8/8/8/8/PPPPPPPP w - - 0 1 ;D1 abc
4k3/8/8/8/8/8/8/PPPPPPPK w - - 0 1 ;D1 5
4k3/8/8/8/8/8/8/PPPPPPPP w - - 0 1 ;D1 16
X
run --variant horde --epd "$WORK/malformed.epd"
expect_status 1 "malformed lines"
expect_match "$WORK/err" 'malformed.epd:1: error' "malformed line 1 reported"
expect_match "$WORK/err" 'malformed.epd:2: error: invalid FEN' "invalid FEN on line 2 reported"
expect_match "$WORK/out" '^1 checks, 0 mismatches, 0 skipped, 2 errors' "the good line still checked"

# --json with --epd: one object per check on stdout.
run --variant orda --epd "$TESTDATA/perft/orda.epd" --max-nodes 1000 --json
expect_status 0 "--epd --json"
expect_eq "$(grep -Evc '^{"fen":".*","variant":"orda","depth":[0-9]+,"nodes":[0-9]+,"seconds":[0-9.]+,"nps":[0-9]+}$' "$WORK/out")" 0 "every stdout line is a JSON object"

run --variant horde --epd "$WORK/missing.epd"
expect_one_line_error "unreadable --epd file"

finish
