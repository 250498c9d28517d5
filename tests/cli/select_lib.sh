# Helpers for the selection tests (issue 18: --where, horde-list --games, per-move data,
# horde-replay --to pgn rewriting): sourced by tests/cli/select_*.sh.
# Usage of a test script: bash select_<name>.sh <horde-check> <horde-list> <horde-replay> <testdata-dir>
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
CHECK=${1:?usage: $0 <horde-check> <horde-list> <horde-replay> <testdata-dir>}
LIST=${2:?usage}
REPLAY=${3:?usage}
TESTDATA=${4:?usage}
GAMES=$TESTDATA/games
FIXTURE=$TESTDATA/select/games.pgn
CHECK=$(realpath "$CHECK") LIST=$(realpath "$LIST") REPLAY=$(realpath "$REPLAY")
make_workdir horde-select
# The tests that need python3 report as skipped without it (ctest SKIP_RETURN_CODE 77).
need_python() {
    need python3 python3
}
