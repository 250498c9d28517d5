#!/bin/bash
# Functions are at most 80 lines (issue 29): tests/layering/long_functions.py over the given
# folders and files of the project, reporting each longer function with its file and line.
# Usage: function_length.sh PROJECT_DIR PATH... (paths relative to PROJECT_DIR).
# Skipped (77) without python3.
set -u
project=$1
shift
command -v python3 >/dev/null || { echo "function_length.sh: python3 missing: skipped" >&2; exit 77; }
cd "$project" || exit 2
python3 tests/layering/long_functions.py --max 80 "$@"
