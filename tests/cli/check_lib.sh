# Helpers for the horde-check CLI tests: sourced by tests/cli/check_*.sh.
# Usage of a test script: bash check_<name>.sh <path-to-horde-check> <testdata-dir>
# Inputs are generated at test time into a temporary folder (removed on exit).
# HORDE_SANITIZED=1 (ASan/UBSan builds) scales the largest generated inputs down.
set -u
CHECK=${1:?usage: $0 <horde-check> <testdata-dir>}
TESTDATA=${2:?usage: $0 <horde-check> <testdata-dir>}
GAMES=$TESTDATA/games
WORK=$(mktemp -d "${TMPDIR:-/tmp}/horde-check-cli.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
FAILURES=0
CHECKS=0
SANITIZED=${HORDE_SANITIZED:-0}

fail() {
    echo "FAIL: $*" >&2
    FAILURES=$((FAILURES + 1))
}

# run <args...>: runs horde-check (stdin from /dev/null unless redirected by the caller with
# run_stdin), stdout in $WORK/out, stderr in $WORK/err, status in $STATUS.
run() {
    STATUS=0
    "$CHECK" "$@" >"$WORK/out" 2>"$WORK/err" </dev/null || STATUS=$?
}

# run_stdin <file> <args...>: the same with stdin from a file.
run_stdin() {
    local input=$1
    shift
    STATUS=0
    "$CHECK" "$@" >"$WORK/out" 2>"$WORK/err" <"$input" || STATUS=$?
}

expect_status() {
    CHECKS=$((CHECKS + 1))
    if [ "$STATUS" -ne "$1" ]; then
        fail "$2: exit status $STATUS, expected $1 (stderr: $(head -c 400 "$WORK/err"))"
    fi
}

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

expect_no_match() {
    CHECKS=$((CHECKS + 1))
    if grep -Eq -- "$2" "$1"; then
        fail "$3: a line of $(basename "$1") matches /$2/: $(grep -Em1 -- "$2" "$1" | head -c 300)"
    fi
}

# expect_all_match <file> <extended-regex> <what>: every line of the file matches.
expect_all_match() {
    CHECKS=$((CHECKS + 1))
    local bad
    bad=$(grep -Evc -- "$2" "$1")
    if [ "$bad" -ne 0 ]; then
        fail "$3: $bad lines of $(basename "$1") do not match /$2/, e.g. $(grep -Evm1 -- "$2" "$1" | head -c 300)"
    fi
}

# The summary line (the last line of stderr).
SUMMARY_RE='^horde-check: [0-9]+ (games|positions), [0-9]+ valid, [0-9]+ invalid, [0-9]+ warnings, [0-9]+ plies, [0-9]+\.[0-9]{3} s$'
summary() { tail -n 1 "$WORK/err"; }
# summary_field <n>: the n-th number of the summary line (1 games, 2 valid, 3 invalid, 4 warnings, 5 plies).
summary_field() { summary | grep -Eo '[0-9]+(\.[0-9]+)?' | sed -n "${1}p"; }

have_python() { command -v python3 >/dev/null 2>&1 && python3 -c 'import json' 2>/dev/null; }

# peak_rss_kb <out> <err> <command...>: runs the command, sets STATUS and RSS_KB (its peak
# resident set size in KB) — with /usr/bin/time when it exists, else by polling VmHWM.
peak_rss_kb() {
    local out=$1 err=$2
    shift 2
    STATUS=0
    RSS_KB=0
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f '%M' -o "$WORK/rss" "$@" >"$out" 2>"$err" </dev/null || STATUS=$?
        RSS_KB=$(tail -n 1 "$WORK/rss" | tr -dc '0-9')
        # /usr/bin/time reports a killed command in its output file: keep the command's status.
        [ -n "$RSS_KB" ] || RSS_KB=0
    else
        "$@" >"$out" 2>"$err" </dev/null &
        local pid=$! hwm
        while kill -0 "$pid" 2>/dev/null; do
            hwm=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status" 2>/dev/null)
            [ -n "$hwm" ] && [ "$hwm" -gt "$RSS_KB" ] && RSS_KB=$hwm
            sleep 0.01
        done
        wait "$pid" || STATUS=$?
    fi
}

finish() {
    echo "$CHECKS checks, $FAILURES failures"
    [ "$FAILURES" -eq 0 ]
    exit $?
}
