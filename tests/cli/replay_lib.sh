# Helpers for the horde-replay CLI tests: sourced by tests/cli/replay_*.sh.
# Usage of a test script: bash replay_<name>.sh <horde-replay> <horde-check> <testdata-dir>
set -u
REPLAY=${1:?usage: $0 <horde-replay> <horde-check> <testdata-dir>}
CHECK=${2:?usage: $0 <horde-replay> <horde-check> <testdata-dir>}
TESTDATA=${3:?usage: $0 <horde-replay> <horde-check> <testdata-dir>}
command -v jq >/dev/null || { echo "replay tests need jq" >&2; exit 1; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/horde-replay-cli.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
FAILURES=0
CHECKS=0
VARIANTS="chess horde orda"

fail() {
    echo "FAIL: $*" >&2
    FAILURES=$((FAILURES + 1))
}

# expect_eq <got> <expected> <what>
expect_eq() {
    CHECKS=$((CHECKS + 1))
    if [ "$1" != "$2" ]; then
        fail "$3: got '$1', expected '$2'"
    fi
}

# expect_same_file <got> <expected> <what>
expect_same_file() {
    CHECKS=$((CHECKS + 1))
    if ! cmp -s "$1" "$2"; then
        fail "$3: $(basename "$1") differs from $(basename "$2"): $(diff "$1" "$2" | head -n 8 | tr '\n' '|')"
    fi
}

# expect_match <file> <extended-regex> <what>: some line of the file matches.
expect_match() {
    CHECKS=$((CHECKS + 1))
    if ! grep -Eq -- "$2" "$1"; then
        fail "$3: no line of $(basename "$1") matches /$2/ (content: $(head -c 400 "$1"))"
    fi
}

# run <cmd...>: stdout in $WORK/out, stderr in $WORK/err, status in $STATUS.
run() {
    STATUS=0
    "$@" >"$WORK/out" 2>"$WORK/err" || STATUS=$?
}

# expect_status <n> <what>
expect_status() {
    CHECKS=$((CHECKS + 1))
    if [ "$STATUS" -ne "$1" ]; then
        fail "$2: exit status $STATUS, expected $1 (stderr: $(head -c 400 "$WORK/err"))"
    fi
}

# start_fen <variant>: the variant's start position.
start_fen() {
    case $1 in
    chess) echo "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" ;;
    horde) echo "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1" ;;
    orda) echo "lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1" ;;
    esac
}

finish() {
    echo "$CHECKS checks, $FAILURES failures"
    [ "$FAILURES" -eq 0 ]
    exit $?
}
