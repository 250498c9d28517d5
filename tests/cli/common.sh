# Shared helpers for the CLI tests: sourced by tests/cli/<tool>_lib.sh, each of which adds its
# own argument parsing, its `run` wrapper (over run_tool / run_tool_stdin) and tool-specific
# helpers. Source it with:
#   source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
#
# Every expect_* counts one check in CHECKS; fail counts one failure in FAILURES; finish prints
# "<checks> checks, <failures> failures" and exits 0 when nothing failed, 1 otherwise.
#
# A script cannot pass without running its last check: finish must be the script's last
# command (it fails when lines follow it), and a script that exits 0 any other way fails (an
# EXIT trap). A script that cannot run here calls `skip REASON`, which exits 77: ctest's
# SKIP_RETURN_CODE (tests/cli/CMakeLists.txt), reported as skipped, not passed.
set -u
FAILURES=0
CHECKS=0
STATUS=0
FINISHED=
WORK=
WORK_OWNER=$BASHPID

# The EXIT trap of the test's own shell (bash may run an inherited EXIT trap in a subshell that
# is killed early, e.g. a watchdog: only the shell that set it acts).
on_exit() {
    local status=$?
    [ "$BASHPID" = "$WORK_OWNER" ] || return "$status"
    [ -n "$WORK" ] && rm -rf "$WORK"
    if [ "$status" -eq 0 ] && [ -z "$FINISHED" ]; then
        echo "FAIL: $(basename "$0") exited with status 0 before reaching finish ($CHECKS checks run)" >&2
        exit 1
    fi
    return "$status"
}
trap on_exit EXIT

# skip <reason>: this test cannot run here (a missing program); ctest reports it as skipped.
skip() {
    echo "SKIP: $*"
    FINISHED=1
    exit 77
}

# need <program> <how to install it>: skips the test (exit 77, the reason printed) when the
# program is missing. The one policy of the suite for a missing tool: a test that needs it
# reports as skipped, never as passed and never as failed; a script whose checks need a tool
# only in part is split so that the part is its own test (.ci/run installs every tool, so CI
# skips nothing but the package test outside CI=true).
need() {
    command -v "$1" >/dev/null 2>&1 || skip "$1 is not installed (Debian: apt-get install $2)"
}

# PART: the part of a split script this run covers (HORDE_PART, set by tests/cli/CMakeLists.txt;
# "main" by default). A part named after a program runs the main checks and those that need the
# program, and skips when it is missing: `part_needs <program> <package>` at the top, then
# `if [ "$PART" = <program> ]; then ...; fi` around its checks.
PART=${HORDE_PART:-main}
part_needs() {
    if [ "$PART" = "$1" ]; then need "$1" "$2"; fi
}

# make_workdir <name>: a fresh temporary folder in $WORK (under $TMPDIR or /tmp), removed on exit.
make_workdir() {
    WORK=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX") || { echo "cannot create a temporary folder" >&2; exit 2; }
    # Only the test's own shell removes it (on_exit): bash may run an inherited EXIT trap in a
    # subshell that is killed early (a watchdog), which would pull the folder from under the test.
    WORK_OWNER=$BASHPID
}

fail() {
    echo "FAIL: $*" >&2
    FAILURES=$((FAILURES + 1))
}

# run_tool <binary> <args...>: runs the binary with stdin from /dev/null, leaving stdout in
# $WORK/out, stderr in $WORK/err and the exit status in $STATUS.
run_tool() {
    run_tool_stdin /dev/null "$@"
}

# run_tool_stdin <file> <binary> <args...>: the same with stdin from <file>; with "-" the command
# keeps the caller's stdin (so `run_tool_stdin - cmd <input` redirects it at the call site).
run_tool_stdin() {
    local input=$1
    shift
    STATUS=0
    if [ "$input" = - ]; then
        "$@" >"$WORK/out" 2>"$WORK/err" || STATUS=$?
    else
        "$@" >"$WORK/out" 2>"$WORK/err" <"$input" || STATUS=$?
    fi
}

# expect_status <n> <what>: the last run exited with status n.
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

# expect_no_match <file> <extended-regex> <what>: no line of the file matches.
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

# expect_same_file <got> <expected> <what>: the two files are byte for byte the same.
expect_same_file() {
    CHECKS=$((CHECKS + 1))
    if ! cmp -s "$1" "$2"; then
        fail "$3: $(basename "$1") differs from $(basename "$2"): $(diff "$1" "$2" | head -n 8 | tr '\n' '|')"
    fi
}

# expect_empty <file> <what>: the file is empty.
expect_empty() {
    CHECKS=$((CHECKS + 1))
    if [ -s "$1" ]; then
        fail "$2: $(basename "$1") is not empty: $(head -c 300 "$1")"
    fi
}

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

# finish: the script's last command. Prints the counts; exits 0 when nothing failed, 1 otherwise
# (and 1 when the script goes on after it: those checks would never run).
finish() {
    local script=${BASH_SOURCE[1]} at=${BASH_LINENO[0]} last
    last=$(grep -nvE '^[[:space:]]*(#.*)?$' "$script" | tail -n 1 | cut -d: -f1)
    if [ "$at" != "$last" ]; then
        fail "finish is called at line $at of $(basename "$script"), but the script goes on to line $last: the checks after it never run"
    fi
    # A script that ran no check checked nothing: it fails rather than pass.
    [ "$CHECKS" -gt 0 ] || fail "no check ran"
    echo "$CHECKS checks, $FAILURES failures"
    FINISHED=1
    [ "$FAILURES" -eq 0 ]
    exit $?
}
