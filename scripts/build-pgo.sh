#!/usr/bin/env bash
# A profile-guided build of the tools (GCC): about a tenth faster than a plain Release build on
# horde-check's real-shaped benchmark (docs/bench.md). It builds the tools twice in one tree:
# instrumented (-DHORDE_PGO=generate), then, after scripts/pgo-train.sh has run their main jobs
# on the bundled inputs, with the counts that run left (-DHORDE_PGO=use).
#
# Usage: scripts/build-pgo.sh [BUILD_DIR [CMAKE_ARGS...]]
#   BUILD_DIR defaults to build-pgo; CMAKE_ARGS go to the first configure (-DHORDE_PORTABLE=ON
#   for binaries that run on any x86-64, as the .deb's). The tools are in BUILD_DIR/tools.
# Takes about twice a plain build's time (two builds and a training run of under a minute).
set -euo pipefail
cd "$(dirname "$0")/.."

dir=${1:-build-pgo}
(($# > 0)) && shift
profile="$(realpath -m "$dir")/pgo-profile"
jobs=$(nproc)

cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DHORDE_TOOLS=all -DHORDE_PGO=generate -DHORDE_PGO_DIR="$profile" "$@"
cmake --build "$dir" -j"$jobs" --target tools
rm -rf "$profile" # a profile of other sources is of no use
echo "build-pgo: training the instrumented tools (scripts/pgo-train.sh)"
scripts/pgo-train.sh "$dir/tools"
cmake -S . -B "$dir" -DHORDE_PGO=use
cmake --build "$dir" -j"$jobs" --target tools
echo "build-pgo: the tools, built with their profile, are in $dir/tools"
