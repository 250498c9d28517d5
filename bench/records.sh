#!/usr/bin/env bash
# Deep perft records, each count computed two independent ways (docs/perft-records.md):
#   A  --hash 2048 --threads 2           (one 2 GB table shared by two threads)
#   B  --hash 256 --threads 1 --divide   (another table size, one thread, split by root move;
#                                         the total is the sum of the root moves' counts)
#   C  --threads 2                       (no hash table at all)
#   S  --split 2 | GNU parallel --pipe --sshlogin : (localhost as the one "machine", two jobs)
#      horde-perft --depth D-2 --hash 256 --threads 1 -   (the scale-out path: the distinct
#      positions after 2 plies, weighted by their paths, counted by separate processes, summed)
# Usage: bench/records.sh <variant> <depth> [A|B|C|S|AB|...] [--perft PATH]
# Prints one line per method: method, nodes, wall seconds. Runs under nice -n ${NICE:-10}.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
PERFT=$HERE/../build/tools/horde-perft
[ $# -ge 2 ] || { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
variant=$1 depth=$2 methods=${3:-AB}
[ "${4:-}" = --perft ] && PERFT=$5
for m in $(grep -o . <<<"$methods"); do
    case $m in
    A) args=(--hash 2048 --threads 2) ;;
    B) args=(--hash 256 --threads 1 --divide) ;;
    C) args=(--threads 2) ;;
    S)
        t0=$EPOCHREALTIME
        nodes=$(nice -n ${NICE:-10} "$PERFT" --variant "$variant" --split 2 |
            nice -n ${NICE:-10} parallel --pipe -N 16 --sshlogin : -j 2 --keep-order \
                "$PERFT --variant $variant --depth $((depth - 2)) --hash 256 --threads 1 - 2>/dev/null" |
            awk '{ s += $1 } END { printf "%.0f", s }')
        t1=$EPOCHREALTIME
        echo "$variant depth $depth method S (--split 2 | parallel --sshlogin : -j 2 ... --depth $((depth - 2)) --hash 256 -): $nodes nodes, $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s wall"
        continue ;;
    *) echo "bench/records.sh: unknown method '$m'" >&2; exit 2 ;;
    esac
    t0=$EPOCHREALTIME
    out=$(nice -n ${NICE:-10} "$PERFT" --variant "$variant" --depth "$depth" "${args[@]}" 2>/dev/null)
    t1=$EPOCHREALTIME
    nodes=$(tail -n 1 <<<"$out")
    echo "$variant depth $depth method $m (${args[*]}): $nodes nodes, $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s wall"
done
