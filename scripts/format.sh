#!/usr/bin/env bash
# Lays out the C++ sources (lib/, tools/, tests/, bench/, fuzz targets) by .clang-format, with
# clang-format 14 (Debian's `clang-format` package; another version may lay out a few lines
# differently, so the check asks for 14).
# Usage: scripts/format.sh [--check]
#   --check  change nothing: list the files that do not follow .clang-format, exit 1 if any.
# Exit status: 0 done (or every file follows it), 1 files to lay out (--check), 2 usage or setup
# error, 77 no clang-format 14 (--check only: ctest reports the test as skipped).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CHECK=0
case ${1:-} in
--check) CHECK=1 ;;
"") ;;
-h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
*) echo "scripts/format.sh: unknown argument '$1'" >&2; exit 2 ;;
esac
FORMAT=${CLANG_FORMAT:-$(command -v clang-format-14 || command -v clang-format || true)}
if [ -z "$FORMAT" ] || ! "$FORMAT" --version | grep -q 'version 14\.'; then
    echo "scripts/format.sh: clang-format 14 not found (apt-get install clang-format)" >&2
    [ $CHECK = 1 ] && exit 77
    exit 2
fi
cd "$ROOT"
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.h' 2>/dev/null || find lib tools tests bench -name '*.[ch]pp')
[ ${#files[@]} -gt 0 ] || { echo "scripts/format.sh: no C++ source found under $ROOT" >&2; exit 2; }
if [ $CHECK = 0 ]; then
    "$FORMAT" -i --style=file "${files[@]}"
    exit 0
fi
bad=0
for f in "${files[@]}"; do
    if ! "$FORMAT" --style=file "$f" | cmp -s - "$f"; then
        echo "$f: not laid out as .clang-format says (scripts/format.sh lays it out)" >&2
        bad=$((bad + 1))
    fi
done
echo "${#files[@]} files, $bad not following .clang-format"
[ $bad -eq 0 ]
