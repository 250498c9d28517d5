# Helpers for the horde-list CLI tests: sourced by tests/cli/list_*.sh.
# Usage of a test script: bash list_<name>.sh <horde-list> <testdata-dir> [<horde-check> <horde-perft>]
# (list_pipes.sh needs the two other tools). Temporary files go to a folder removed on exit.
# The shared helpers (expect_*, fail, finish, WORK) are in common.sh.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
LIST=${1:?usage: $0 <horde-list> <testdata-dir> [<horde-check> <horde-perft>]}
TESTDATA=${2:?usage: $0 <horde-list> <testdata-dir> [<horde-check> <horde-perft>]}
CHECK=${3:-}
PERFT=${4:-}
GAMES=$TESTDATA/games
make_workdir horde-list-cli
VARIANTS="chess horde orda"

# run <args...>: horde-list with stdin from /dev/null; stdout in $WORK/out, stderr in
# $WORK/err, exit status in $STATUS.
run() { run_tool "$LIST" "$@"; }

# run_stdin <file> <args...>: the same with stdin from a file.
run_stdin() {
    local input=$1
    shift
    run_tool_stdin "$input" "$LIST" "$@"
}

need_jq() {
    need jq jq
}
