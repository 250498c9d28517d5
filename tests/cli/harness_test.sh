#!/usr/bin/env bash
# The CLI tests' harness (common.sh) cannot report a pass for a script that did not run to its
# last check: scripts made up here, each sourcing common.sh, must end with the status given.
#   finish last, all checks pass            -> 0
#   a failing check                         -> 1
#   finish before more checks (dead code)   -> 1
#   exit 0 before finish                    -> 1
#   skip                                    -> 77 (ctest's SKIP_RETURN_CODE)
#   need <missing program>                  -> 77, the reason printed
#   a part whose program is missing         -> 77; the main part of the same script -> 0
#   finish with no check run                -> 1
# Usage: harness_test.sh <tests/cli folder>
set -u
CLI_DIR=$(cd "${1:?usage: harness_test.sh <tests/cli folder>}" && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/horde-harness.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
failures=0 cases=0

# case_status <expected status> <name> <script body>
case_status() { # (HORDE_PART from the caller's environment)
    local expected=$1 name=$2 status=0
    printf 'source "%s/common.sh"\nmake_workdir harness-case\n%s\n' "$CLI_DIR" "$3" >"$TMP/$name.sh"
    bash "$TMP/$name.sh" >"$TMP/$name.out" 2>&1 || status=$?
    cases=$((cases + 1))
    if [ "$status" -ne "$expected" ]; then
        echo "FAIL: $name: exit status $status, expected $expected: $(head -c 300 "$TMP/$name.out")" >&2
        failures=$((failures + 1))
    fi
}

case_status 0 pass 'expect_eq 1 1 "one"
expect_eq 2 2 "two"
finish'
case_status 1 failing-check 'expect_eq 1 2 "one"
finish'
case_status 1 finish-too-early 'expect_eq 1 1 "one"
finish

# a block that would never run
expect_eq 2 2 "two"'
case_status 1 early-exit 'expect_eq 1 1 "one"
exit 0
expect_eq 2 2 "two"
finish'
case_status 77 skipped 'command -v no-such-program-here >/dev/null || skip "no-such-program-here missing"
expect_eq 1 1 "one"
finish'
case_status 77 need 'need no-such-program-here no-such-package
expect_eq 1 1 "one"
finish'
PART_SCRIPT='part_needs no-such-program-here no-such-package
expect_eq 1 1 "main"
if [ "$PART" = no-such-program-here ]; then expect_eq 1 1 "the part"; fi
finish'
case_status 0 part-main "$PART_SCRIPT"
HORDE_PART=no-such-program-here case_status 77 part-missing "$PART_SCRIPT"
case_status 1 no-check 'finish'

grep -q 'no-such-program-here is not installed (Debian: apt-get install no-such-package)' "$TMP/need.out" || { echo "FAIL: need: no reason printed" >&2; failures=$((failures + 1)); }
grep -q 'no check ran' "$TMP/no-check.out" || { echo "FAIL: no-check: no message saying why" >&2; failures=$((failures + 1)); }
grep -q 'before reaching finish' "$TMP/early-exit.out" || { echo "FAIL: early-exit: no message saying why" >&2; failures=$((failures + 1)); }
grep -q 'goes on to line' "$TMP/finish-too-early.out" || { echo "FAIL: finish-too-early: no message saying why" >&2; failures=$((failures + 1)); }
echo "$cases cases, $failures failures"
[ "$failures" -eq 0 ]
