#!/usr/bin/env bash
# horde-check, horde-replay, horde-list and horde-perft on what real files contain that nobody
# here wrote (issue 17): one fixture per case in testdata/real/, its verdict in default mode and
# with --strict (testdata/real/cases.txt, run as in check_dialects). Each case's messages and
# outputs in detail: cases/real/*.case; files cut short by a read or decompression error: input_cut.sh.
# Usage: bash check_real.sh <horde-check> <horde-replay> <horde-list> <horde-perft> <testdata-dir>
# (needs jq).
source "$(dirname "$0")/common.sh"
usage="usage: $0 <horde-check> <horde-replay> <horde-list> <horde-perft> <testdata-dir>"
CHECK=${1:?$usage}
REPLAY=${2:?$usage}
LIST=${3:?$usage}
PERFT=${4:?$usage}
TESTDATA=${5:?$usage}
REAL=$TESTDATA/real
make_workdir horde-check-real
need jq jq
source "$(dirname "$0")/case_table.sh"
run() { run_tool "$CHECK" "$@"; }

# --- every case of the table, default mode and --strict
run_case_table "$CHECK" "$REPLAY" "$REAL" 'move-after-end|unsupported-variant|unknown-variant|wrong-result'

# (each case's messages and outputs in detail, sections 1-9 and a plain file that stops
# mid-game: the case files cases/real; files cut short by a read or decompression error:
# input_cut.sh)

finish
