#!/usr/bin/env bash
# Every diagnostic code the library can emit is in the README's table of codes, and every code
# of the table is one the library emits. The codes in the source: the string literals given to
# the checker's add_error()/add_warning(), error()/warning()/fail() and to the FEN and move-list verdicts, pushed as a
# Diagnostic, and returned by the reader's and the SAN layer's code-name functions.
# Usage: bash codes_documented.sh <source-dir>
set -u
SRC=${1:?usage: $0 <source-dir>}
work=$(mktemp -d "${TMPDIR:-/tmp}/horde-codes.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT

{
    grep -rhoE '\b(add_error|add_warning|error|warning|fail)\("[a-z][a-z0-9-]*-[a-z0-9-]*"' "$SRC/lib/src" | sed -E 's/.*\("//; s/"$//'
    grep -rhoE '\b(code|warning_code) = "[a-z][a-z0-9-]*"' "$SRC/lib/src" | sed -E 's/.*= "//; s/"$//'
    grep -rhoE ', "[a-z][a-z0-9]*(-[a-z0-9]+)+"\)' "$SRC/lib/src/notation/move_list.cpp" | sed -E 's/^, "//; s/"\)$//'
    grep -rhoE '[0-9], "[a-z][a-z0-9]*(-[a-z0-9]+)+",' "$SRC/lib/src" | sed -E 's/^[0-9], "//; s/",$//'
    awk '/^std::string_view (pgn_error_name|pgn_notice_name|san_error_code_name|san_warning_code_name)\(/ { f = 1 }
         f && /return "[a-z]+(-[a-z0-9]+)+";/ { match($0, /return "[^"]*"/); print substr($0, RSTART + 8, RLENGTH - 9) }
         f && /^}/ { f = 0 }' "$SRC"/lib/src/*/*.cpp
} | sort -u >"$work/source"

# The README's table: the rows of the section "### Diagnostic codes" ("| `code` | ...").
awk '/^### Diagnostic codes/ { f = 1; next } f && /^#/ { f = 0 } f' "$SRC/README.md" |
    grep -oE '^\| `[a-z][a-z0-9-]*`' | sed -E 's/^\| `//; s/`$//' | sort -u >"$work/readme"

status=0
if [ "$(wc -l <"$work/source")" -lt 40 ]; then
    echo "FAIL: only $(wc -l <"$work/source") codes found in the source: the extraction is broken" >&2
    status=1
fi
[ -s "$work/readme" ] || { echo "FAIL: no table under '### Diagnostic codes' in README.md" >&2; cat "$work/source"; exit 1; }
missing=$(comm -23 "$work/source" "$work/readme")
extra=$(comm -13 "$work/source" "$work/readme")
[ -z "$missing" ] || { echo "FAIL: codes the library emits that README.md's table lacks:" $missing >&2; status=1; }
[ -z "$extra" ] || { echo "FAIL: codes in README.md's table that the library never emits:" $extra >&2; status=1; }
[ $status -eq 0 ] && echo "ok: $(wc -l <"$work/source") codes, each in README.md's table"
exit $status
