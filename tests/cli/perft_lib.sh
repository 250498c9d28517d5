# Helpers for the horde-perft CLI tests: sourced by tests/cli/perft_*.sh.
# Usage of a test script: bash perft_<name>.sh <path-to-horde-perft> <testdata-dir>
# The shared helpers (expect_*, fail, finish, WORK) are in common.sh.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
PERFT=${1:?usage: $0 <horde-perft> <testdata-dir>}
TESTDATA=${2:?usage: $0 <horde-perft> <testdata-dir>}
make_workdir horde-perft-cli

# run <args...>: runs horde-perft (with the caller's stdin), leaving stdout in $WORK/out,
# stderr in $WORK/err, status in $STATUS.
run() { run_tool_stdin - "$PERFT" "$@"; }

# expect_one_line_error <what>: exit 2 and exactly one non-empty line on stderr, nothing on stdout.
expect_one_line_error() {
    expect_status 2 "$1"
    expect_eq "$(grep -c . "$WORK/err")" 1 "$1: number of stderr lines"
    expect_eq "$(wc -c <"$WORK/out")" 0 "$1: stdout bytes"
}

last_line() { tail -n 1 "$WORK/out"; }
