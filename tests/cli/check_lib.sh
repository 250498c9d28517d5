# Helpers for the horde-check CLI tests: sourced by tests/cli/check_*.sh.
# Usage of a test script: bash check_<name>.sh <path-to-horde-check> <testdata-dir>
# Inputs are generated at test time into a temporary folder (removed on exit).
# HORDE_SANITIZED=1 (ASan/UBSan builds) scales the largest generated inputs down.
# The shared helpers (expect_*, fail, finish, WORK) are in common.sh.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
CHECK=${1:?usage: $0 <horde-check> <testdata-dir>}
TESTDATA=${2:?usage: $0 <horde-check> <testdata-dir>}
GAMES=$TESTDATA/games
make_workdir horde-check-cli
SANITIZED=${HORDE_SANITIZED:-0}

# run <args...>: runs horde-check (stdin from /dev/null unless redirected by the caller with
# run_stdin), stdout in $WORK/out, stderr in $WORK/err, status in $STATUS.
run() { run_tool "$CHECK" "$@"; }

# run_stdin <file> <args...>: the same with stdin from a file.
run_stdin() {
    local input=$1
    shift
    run_tool_stdin "$input" "$CHECK" "$@"
}

# The summary line (the last line of stderr).
SUMMARY_RE='^horde-check: [0-9]+ (games?|positions?), [0-9]+ valid, [0-9]+ invalid, [0-9]+ warnings?, [0-9]+ (plies|ply), [0-9]+\.[0-9]{3} s$'
summary() { tail -n 1 "$WORK/err"; }
# summary_field <n>: the n-th number of the summary line (1 games, 2 valid, 3 invalid, 4 warnings, 5 plies).
summary_field() { summary | grep -Eo '[0-9]+(\.[0-9]+)?' | sed -n "${1}p"; }


# peak_rss_kb: in common.sh.
