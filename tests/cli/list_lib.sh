# Helpers for the horde-list CLI tests: sourced by tests/cli/list_*.sh.
# Usage of a test script: bash list_<name>.sh <horde-list> <testdata-dir> [<horde-check> <horde-perft>]
# (list_pipes.sh needs the two other tools). Temporary files go to a folder removed on exit.
set -u
LIST=${1:?usage: $0 <horde-list> <testdata-dir> [<horde-check> <horde-perft>]}
TESTDATA=${2:?usage: $0 <horde-list> <testdata-dir> [<horde-check> <horde-perft>]}
CHECK=${3:-}
PERFT=${4:-}
GAMES=$TESTDATA/games
WORK=$(mktemp -d "${TMPDIR:-/tmp}/horde-list-cli.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
FAILURES=0
CHECKS=0
VARIANTS="chess horde orda"

fail() {
    echo "FAIL: $*" >&2
    FAILURES=$((FAILURES + 1))
}

# run <args...>: horde-list with stdin from /dev/null; stdout in $WORK/out, stderr in
# $WORK/err, exit status in $STATUS.
run() {
    STATUS=0
    "$LIST" "$@" >"$WORK/out" 2>"$WORK/err" </dev/null || STATUS=$?
}

# run_stdin <file> <args...>: the same with stdin from a file.
run_stdin() {
    local input=$1
    shift
    STATUS=0
    "$LIST" "$@" >"$WORK/out" 2>"$WORK/err" <"$input" || STATUS=$?
}

expect_status() {
    CHECKS=$((CHECKS + 1))
    [ "$STATUS" -eq "$1" ] || fail "$2: exit status $STATUS, expected $1 (stderr: $(head -c 400 "$WORK/err"))"
}

expect_eq() {
    CHECKS=$((CHECKS + 1))
    [ "$1" = "$2" ] || fail "$3: got '$1', expected '$2'"
}

# expect_same_file <got> <want> <what>
expect_same_file() {
    CHECKS=$((CHECKS + 1))
    cmp -s "$1" "$2" || fail "$3: differs: $(diff "$1" "$2" | head -n 6 | tr '\n' '|')"
}

expect_match() {
    CHECKS=$((CHECKS + 1))
    grep -Eq -- "$2" "$1" || fail "$3: no line of $(basename "$1") matches /$2/ (content: $(head -c 400 "$1"))"
}

expect_empty() {
    CHECKS=$((CHECKS + 1))
    [ ! -s "$1" ] || fail "$2: $(basename "$1") is not empty: $(head -c 300 "$1")"
}

need_jq() {
    command -v jq >/dev/null || { echo "jq is needed (apt-get install jq)" >&2; exit 2; }
}

finish() {
    if [ "$FAILURES" -gt 0 ]; then
        echo "$(basename "$0"): $FAILURES of $CHECKS checks failed" >&2
        exit 1
    fi
    echo "$(basename "$0"): all $CHECKS checks passed"
    exit 0
}
