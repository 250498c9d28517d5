# Helpers for the horde-replay CLI tests: sourced by tests/cli/replay_*.sh.
# Usage of a test script: bash replay_<name>.sh <horde-replay> <horde-check> <testdata-dir>
# The shared helpers (expect_*, fail, finish, WORK) are in common.sh.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
REPLAY=${1:?usage: $0 <horde-replay> <horde-check> <testdata-dir>}
CHECK=${2:?usage: $0 <horde-replay> <horde-check> <testdata-dir>}
TESTDATA=${3:?usage: $0 <horde-replay> <horde-check> <testdata-dir>}
make_workdir horde-replay-cli
VARIANTS="chess horde orda"

# run <cmd...>: runs any command (with the caller's stdin: `run "$REPLAY" ... <file`),
# stdout in $WORK/out, stderr in $WORK/err, status in $STATUS.
run() { run_tool_stdin - "$@"; }

# start_fen <variant>: the variant's start position.
start_fen() {
    case $1 in
    chess) echo "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" ;;
    horde) echo "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1" ;;
    orda) echo "lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1" ;;
    esac
}
