#!/usr/bin/env bash
# The script perftree (https://github.com/agausmann/perftree) drives: `perftree bench/perftree.sh`
# calls it as `perftree.sh <depth> <fen> [<moves>]` and reads a divide ('<uci> <count>' lines,
# a blank line, the total). Set HORDE_VARIANT (chess, horde, orda; default chess) and
# HORDE_PERFT (default: build/tools/horde-perft of this checkout).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
perft=${HORDE_PERFT:-$here/build/tools/horde-perft}
exec "$perft" --variant "${HORDE_VARIANT:-chess}" --depth "$1" --fen "$2" --moves "${3:-}" --divide --threads 1 2>/dev/null
