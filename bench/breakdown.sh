#!/usr/bin/env bash
# What --breakdown costs: plain perft and --breakdown on the same positions, single thread, no
# hash, interleaved runs, median CPU seconds; the ratio breakdown/plain (issue 19: at most 2x).
# With --old PATH (repeatable), older horde-perft builds' plain perft too, interleaved with ours:
# plain perft's speed must not change (the ratio new/old, per old build).
#
# Usage: bench/breakdown.sh [--runs N] [--perft PATH] [--old PATH]...
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
PROJECT=$(cd "$HERE/.." && pwd)
# shellcheck source=common.sh
. "$HERE/common.sh"
RUNS=7
PERFT=$PROJECT/build/tools/horde-perft
OLDS=()
while [ $# -gt 0 ]; do
    case $1 in
    --runs) RUNS=$2; shift 2 ;;
    --perft) PERFT=$2; shift 2 ;;
    --old) OLDS+=("$2"); shift 2 ;;
    -h|--help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/breakdown.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
WORK=$(mktemp -d "${TMPDIR:-/tmp}/bench-breakdown.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

KIWIPETE='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
CASES=(
    "horde start|horde||7"
    "orda start|orda||6"
    "chess start|chess||6"
    "kiwipete|chess|$KIWIPETE|5"
    "960 start 0|chess960|bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1|5"
)
echo "horde-perft --breakdown bench: 1 thread, no hash, median CPU s of $RUNS interleaved runs; $(date -u +%Y-%m-%dT%H:%MZ)"
echo "  load average before the run: $(cut -d" " -f1-3 /proc/loadavg)"
printf '%-12s %5s %10s %10s %10s' position depth plain breakdown ratio
for ((k = 0; k < ${#OLDS[@]}; ++k)); do printf ' %10s %9s' "old$((k + 1)) plain" "new/old$((k + 1))"; done
echo
for ((k = 0; k < ${#OLDS[@]}; ++k)); do echo "  old$((k + 1)) = ${OLDS[k]}"; done
for c in "${CASES[@]}"; do
    IFS='|' read -r name variant fen depth <<<"$c"
    args=(--variant "$variant" --depth "$depth" --threads 1)
    [ -n "$fen" ] && args+=(--fen "$fen")
    name=${name// /_} # a label is one awk field
    for ((i = 0; i < RUNS; ++i)); do
        time_once "plain-$name" "$PERFT" "${args[@]}"
        time_once "breakdown-$name" "$PERFT" "${args[@]}" --breakdown
        for ((k = 0; k < ${#OLDS[@]}; ++k)); do time_once "old$k-$name" "${OLDS[k]}" "${args[@]}"; done
    done
    plain=$(med "plain-$name" cpu)
    breakdown=$(med "breakdown-$name" cpu)
    printf '%-12s %5s %10s %10s %9sx' "$name" "$depth" "$plain" "$breakdown" \
        "$(awk -v a="$breakdown" -v b="$plain" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
    for ((k = 0; k < ${#OLDS[@]}; ++k)); do
        old=$(med "old$k-$name" cpu)
        printf ' %10s %8sx' "$old" "$(awk -v a="$plain" -v b="$old" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')"
    done
    echo
done
