#!/usr/bin/env bash
# Deep start-position perft with a hash table and both cores:
#   Horde start depth 8 and Orda start depth 7 with `horde-perft --hash 512 --threads 2`.
# With --peer, Fairy-Stockfish (single thread; its perft has no hash) runs the same
# positions to cross-check the node counts (this takes minutes: Orda 7 about a quarter hour).
#
# Usage: bench/deep.sh [--perft PATH] [--hash MB] [--threads N] [--peer] [--fsf PATH]
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
PROJECT=$(cd "$HERE/.." && pwd)
PERFT=$PROJECT/build/tools/horde-perft
FSF=/usr/games/fairy-stockfish
HASH=512
THREADS=2
PEER=0
while [ $# -gt 0 ]; do
    case $1 in
    --perft) PERFT=$2; shift 2 ;;
    --hash) HASH=$2; shift 2 ;;
    --threads) THREADS=$2; shift 2 ;;
    --peer) PEER=1; shift ;;
    --fsf) FSF=$2; shift 2 ;;
    -h|--help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/deep.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
[ -x "$PERFT" ] || { echo "bench/deep.sh: '$PERFT' is not an executable (build first)" >&2; exit 2; }

now() { echo "$EPOCHREALTIME"; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

STATUS=0
echo "horde-perft deep perft: --hash $HASH --threads $THREADS; $(nproc) cores; $(date -u +%Y-%m-%dT%H:%MZ)"
printf '%-12s %5s %14s %10s %12s   %s\n' position depth nodes "wall s" "n/s" "Fairy-Stockfish"
for c in "horde|8" "orda|7"; do
    IFS='|' read -r variant depth <<<"$c"
    t0=$(now)
    nodes=$("$PERFT" --variant "$variant" --depth "$depth" --hash "$HASH" --threads "$THREADS" 2>/dev/null | tail -n 1)
    t1=$(now)
    secs=$(elapsed "$t0" "$t1")
    peer=""
    if [ "$PEER" = 1 ]; then
        p0=$(now)
        {
            echo uci
            echo "setoption name Threads value 1"
            [ "$variant" = orda ] && echo "setoption name VariantPath value $HERE/oracle/orda.ini"
            echo "setoption name UCI_Variant value $variant"
            echo "position startpos"
            echo "go perft $depth"
            echo quit
        } | "$FSF" >"${TMPDIR:-/tmp}/deep-fsf.$$" 2>&1
        p1=$(now)
        pnodes=$(sed -n 's/^Nodes searched: //p' "${TMPDIR:-/tmp}/deep-fsf.$$")
        rm -f "${TMPDIR:-/tmp}/deep-fsf.$$"
        if [ "$pnodes" = "$nodes" ]; then peer="agrees, $(elapsed "$p0" "$p1") s (whole process)"
        else peer="DIFFERS: $pnodes"; STATUS=1; fi
    fi
    printf '%-12s %5s %14s %10s %12s   %s\n' "$variant start" "$depth" "$nodes" "$secs" \
        "$(awk -v n="$nodes" -v s="$secs" 'BEGIN { printf "%.0f", n / s }')" "$peer"
done
exit $STATUS
