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

# case_status <expected status> <name> <case text> <runner args...>
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
# said <name> <ERE>: the runner's output for the case names why it failed or was refused
said() {
    grep -Eq -- "$2" "$TMP/$1.out" || { echo "FAIL: $1: the runner did not say /$2/: $(head -c 300 "$TMP/$1.out")" >&2; failures=$((failures + 1)); }
}

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
status: 2
stdout: 8'
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
status: 0
stdout-empty:'
said not-a-tool 'the first word is a tool'
# *-all-match on no line at all fails: every line of nothing matches, so it proves nothing
run_status 1 all-match-empty 'run: horde-check
status: 0
stdout-all-match: .*
stderr-all-match: ^horde-check: 0 games, '
said all-match-empty 'stdout is empty: there is no line to match'
run_status 1 all-match-empty-stdin 'stdin <<END
END
run: horde-perft --variant horde --depth 1 -
status: 0
stdout-all-match: .*'
said all-match-empty-stdin 'stdout is empty'
# a case that checks only the exit status is refused: it would pass on a run that read nothing
run_status 2 status-only 'run: horde-check
status: 0'
said status-only 'malformed case: it checks only the exit status'
run_status 2 status-and-setup-only 'file: a.pgn <<END
[Result "*"]
*
END
run: horde-check a.pgn
status: 0'
said status-and-setup-only 'malformed case'
# a file the tool wrote is an expectation of its own
run_status 0 file-check 'file: a.pgn <<END
[Result "*"]
1. e4 *
END
run: horde-check --valid-out v.pgn a.pgn
status: 0
file-check: cmp -s a.pgn v.pgn'
run_status 1 file-check-fails 'file: a.pgn <<END
[Result "*"]
1. e4 *
END
run: horde-check --valid-out v.pgn a.pgn
status: 0
file-check: test ! -e v.pgn'
said file-check-fails 'file check failed: test ! -e v.pgn'
run_status 77 needs 'needs: no-such-program-here
run: horde-perft --variant horde --depth 1
status: 0'

grep -q 'no-such-program-here is not installed' "$TMP/needs.out" || { echo "FAIL: needs: no reason printed" >&2; failures=$((failures + 1)); }
echo "$cases cases, $failures failures"
[ "$failures" -eq 0 ]
