#!/usr/bin/env bash
# No case file passes on a run that read nothing: every case of tests/cli/cases is run with all
# five tools replaced by a stand-in that reads nothing, prints nothing and exits with the status
# the case expects. A case must fail there (or stop on its setup), except one whose every
# expectation is that nothing is printed (stdout-empty:, stderr-empty:): such a case says that
# nothing is the answer.
# Usage: run_case_nothing.sh <tests/cli folder> <testdata>
set -u
CLI_DIR=$(cd "${1:?usage: $0 <tests/cli folder> <testdata>}" && pwd)
TESTDATA=${2:?usage: $0 <tests/cli folder> <testdata>}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/horde-case-nothing.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
SILENT=$TMP/silent-tool
printf '#!/bin/sh\nexit "${SILENT_STATUS:-0}"\n' >"$SILENT"
chmod +x "$SILENT"

failures=0 cases=0 allowed=0
for case_file in "$CLI_DIR"/cases/*/*.case; do
    name=${case_file#"$CLI_DIR"/cases/}
    want=$(sed -n 's/^status:[[:space:]]*\([0-9][0-9]*\).*/\1/p' "$case_file")
    status=0
    SILENT_STATUS=${want:-0} bash "$CLI_DIR/run_case.sh" "$case_file" "$TESTDATA" \
        "$SILENT" "$SILENT" "$SILENT" "$SILENT" "$SILENT" >"$TMP/out" 2>&1 || status=$?
    cases=$((cases + 1))
    [ "$status" -ne 0 ] && continue
    # it passed on nothing: allowed only when it expects nothing and nothing else
    if ! grep -E '^(stdout|stderr|file-check)' "$case_file" | grep -Evq '^(stdout|stderr)-empty:[[:space:]]*$'; then
        allowed=$((allowed + 1))
        continue
    fi
    echo "FAIL: $name passes on a tool that reads and prints nothing: give it an expectation of what the run produced" >&2
    failures=$((failures + 1))
done
[ "$cases" -gt 0 ] || { echo "FAIL: no case file under $CLI_DIR/cases" >&2; exit 1; }
echo "$cases cases, $allowed expecting no output at all, $failures passing on nothing"
[ "$failures" -eq 0 ]
