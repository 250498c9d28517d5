#!/usr/bin/env bash
# horde-perft's progress line (root moves done out of the total) on a deep count: redrawn under
# a pseudo-terminal (script) and erased before the count; not one carriage return with stderr
# to a file; the count on stdout is the same. Label slow: a count of a few seconds.
source "$(dirname "$0")/perft_lib.sh"
need script util-linux
DEEP=(--variant horde --depth 8 --threads 1)

script -qfec "\"$PERFT\" ${DEEP[*]}" /dev/null >"$WORK/tty" 2>&1 </dev/null
CHECKS=$((CHECKS + 1))
redraws=$(grep -ao $'\rhorde-perft: [0-9]*/8 root moves' "$WORK/tty" | wc -l)
[ "$redraws" -ge 2 ] || fail "on a terminal: $redraws redraws of the root-move line"
expect_match "$WORK/tty" '[0-9]/8 root moves, [0-9]+%' "the line's text"
run "${DEEP[@]}" </dev/null
expect_status 0 "the deep count"
expect_eq "$(tr -cd '\r' <"$WORK/err" | wc -c)" 0 "stderr to a file: no carriage return"
CHECKS=$((CHECKS + 1))
grep -aq "$(cat "$WORK/out")" "$WORK/tty" || fail "the count under the terminal differs"
finish
