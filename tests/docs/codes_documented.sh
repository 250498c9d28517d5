#!/usr/bin/env bash
# docs/codes.md's table of diagnostic codes is the library's (core/diagnostic_codes.hpp, the
# one table every emitter takes its codes from), row for row: the table printed by the test
# program horde_print_codes against the lines between docs/codes.md's markers
# "<!-- codes:begin -->" and "<!-- codes:end -->".
# Usage: bash codes_documented.sh <horde_print_codes> <docs/codes.md>
# After a change to the library's table: rerun with --update as a third argument to rewrite
# docs/codes.md's table from the library's.
set -u
PRINT=${1:?usage: $0 <horde_print_codes> <docs/codes.md> [--update]}
DOC=${2:?usage: $0 <horde_print_codes> <docs/codes.md> [--update]}
work=$(mktemp -d "${TMPDIR:-/tmp}/horde-codes.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT

"$PRINT" >"$work/library" || { echo "FAIL: $PRINT failed" >&2; exit 1; }
begin=$(grep -nxF '<!-- codes:begin -->' "$DOC" | cut -d: -f1)
end=$(grep -nxF '<!-- codes:end -->' "$DOC" | cut -d: -f1)
if [ "$(printf '%s\n' "$begin" | wc -l)" -ne 1 ] || [ "$(printf '%s\n' "$end" | wc -l)" -ne 1 ] ||
    [ -z "$begin" ] || [ -z "$end" ] || [ "$begin" -ge "$end" ]; then
    echo "FAIL: $DOC needs one '<!-- codes:begin -->' line before one '<!-- codes:end -->' line" >&2
    exit 1
fi

if [ "${3:-}" = --update ]; then
    { head -n "$begin" "$DOC"; cat "$work/library"; tail -n "+$end" "$DOC"; } >"$work/doc" && cp "$work/doc" "$DOC"
    echo "updated: $DOC"
    exit 0
fi

sed -n "$((begin + 1)),$((end - 1))p" "$DOC" >"$work/doc"
rows=$(grep -c '^| `' "$work/library")
if [ "$rows" -lt 40 ]; then
    echo "FAIL: only $rows codes printed by $PRINT" >&2
    exit 1
fi
if ! diff -u "$work/doc" "$work/library" >"$work/diff"; then
    echo "FAIL: $DOC's table (-) is not the library's (+); rewrite it with: bash $0 $PRINT $DOC --update" >&2
    cat "$work/diff" >&2
    exit 1
fi
echo "ok: $rows codes, docs/codes.md's table is the library's"
