#!/usr/bin/env bash
# The case runner (run_case.sh) cannot pass a case that expects the wrong thing, nor read a
# malformed case as a pass: cases made up here must end with the status given
# (0 pass, 1 a failed expectation, 2 a malformed case, 77 a missing program).
# Usage: run_case_selftest.sh <tests/cli folder> <testdata> <horde-check> <horde-list> <horde-perft> <horde-replay> <horde-tree>
set -u
CLI_DIR=$(cd "${1:?usage: $0 <tests/cli folder> <testdata> <tools...>}" && pwd)
shift
TMP=$(mktemp -d "${TMPDIR:-/tmp}/horde-case-selftest.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$TMP/cases/selftest"
failures=0 cases=0

# case_status <expected status> <name> <case text>
case_status() {
    local expected=$1 name=$2 text=$3 status=0
    shift 3
    printf "%s\n" "$text" >"$TMP/cases/selftest/$name.case"
    bash "$CLI_DIR/run_case.sh" "$TMP/cases/selftest/$name.case" "$@" >"$TMP/$name.out" 2>&1 || status=$?
    cases=$((cases + 1))
    if [ "$status" -ne "$expected" ]; then
        echo "FAIL: $name: exit status $status, expected $expected: $(head -c 300 "$TMP/$name.out")" >&2
        failures=$((failures + 1))
    fi
}
ARGS=("$@")
run_status() { case_status "$1" "$2" "$3" "${ARGS[@]}"; }

run_status 0 pass 'run: horde-perft --variant horde --depth 1
status: 0
stdout: 8
stdout-lines: 1
stdout-last-line: 8
stdout-match: ^8$
stdout-no-match: 9
stdout-all-match: ^[0-9]+$
stdout-check: grep -qx 8
stderr-match: nodes/s'
run_status 0 block-file-let-stdin 'file: moves.txt <<END
e2e4 e7e5
END
let: want = printf 2
stdin <<END
8/8/8/8/8/8/8/K6k w - - 0 1
END
run: horde-perft --variant chess --depth 1 -
status: 0
stdout <<END
3
END
stdout-last-line: 3
stderr-no-match: {want}{want}{want}{want}{want}'
run_status 1 wrong-status 'run: horde-perft --variant horde --depth 1
status: 2'
run_status 1 wrong-stdout 'run: horde-perft --variant horde --depth 1
status: 0
stdout: 9'
run_status 1 wrong-pattern 'run: horde-perft --variant horde --depth 1
status: 0
stderr-match: ^no such line$'
run_status 1 wrong-check 'run: horde-perft --variant horde --depth 1
status: 0
stdout-check: false'
run_status 1 not-empty 'run: horde-perft --variant horde --depth 1
status: 0
stdout-empty:'
run_status 2 no-status 'run: horde-perft --variant horde --depth 1'
run_status 2 no-run 'status: 0'
run_status 2 unknown-key 'run: horde-perft --variant horde --depth 1
status: 0
stdout-matches: 8'
run_status 2 unclosed-block 'run: horde-perft --variant horde --depth 1
status: 0
stdout <<END
8'
run_status 2 empty-let 'let: want = true
run: horde-perft --variant horde --depth 1
status: 0
stdout: {want}'
run_status 2 not-a-tool 'run: true
status: 0'
run_status 77 needs 'needs: no-such-program-here
run: horde-perft --variant horde --depth 1
status: 0'

grep -q 'no-such-program-here is not installed' "$TMP/needs.out" || { echo "FAIL: needs: no reason printed" >&2; failures=$((failures + 1)); }
echo "$cases cases, $failures failures"
[ "$failures" -eq 0 ]
