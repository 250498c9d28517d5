# Helpers for the horde-perft CLI tests: sourced by tests/cli/perft_*.sh.
# Usage of a test script: bash perft_<name>.sh <path-to-horde-perft> <testdata-dir>
set -u
PERFT=${1:?usage: $0 <horde-perft> <testdata-dir>}
TESTDATA=${2:?usage: $0 <horde-perft> <testdata-dir>}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/horde-perft-cli.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
FAILURES=0
CHECKS=0

fail() {
    echo "FAIL: $*" >&2
    FAILURES=$((FAILURES + 1))
}

# run <args...>: runs horde-perft, leaving stdout in $WORK/out, stderr in $WORK/err, status in $STATUS.
run() {
    STATUS=0
    "$PERFT" "$@" >"$WORK/out" 2>"$WORK/err" || STATUS=$?
}

# expect_status <n> <what>
expect_status() {
    CHECKS=$((CHECKS + 1))
    if [ "$STATUS" -ne "$1" ]; then
        fail "$2: exit status $STATUS, expected $1 (stderr: $(head -c 400 "$WORK/err"))"
    fi
}

# expect_eq <got> <expected> <what>
expect_eq() {
    CHECKS=$((CHECKS + 1))
    if [ "$1" != "$2" ]; then
        fail "$3: got '$1', expected '$2'"
    fi
}

# expect_match <file> <extended-regex> <what>: some line of the file matches.
expect_match() {
    CHECKS=$((CHECKS + 1))
    if ! grep -Eq -- "$2" "$1"; then
        fail "$3: no line of $(basename "$1") matches /$2/ (content: $(head -c 400 "$1"))"
    fi
}

# expect_one_line_error <what>: exit 2 and exactly one non-empty line on stderr, nothing on stdout.
expect_one_line_error() {
    expect_status 2 "$1"
    expect_eq "$(grep -c . "$WORK/err")" 1 "$1: number of stderr lines"
    expect_eq "$(wc -c <"$WORK/out")" 0 "$1: stdout bytes"
}

last_line() { tail -n 1 "$WORK/out"; }

finish() {
    echo "$CHECKS checks, $FAILURES failures"
    [ "$FAILURES" -eq 0 ]
    exit $?
}
