#!/usr/bin/env bash
# Perft speed of horde-perft against the Debian peers, in one run, on the same positions:
#   Fairy-Stockfish (horde, orda via bench/oracle/orda.ini) and Stockfish (chess; Chess960 with
#   UCI_Chess960).
# Single thread, no hash, median of N runs; then our 2 threads against our 1 thread; with
# --gigantua, Gigantua (a chess-only perft the user built from its public source, which this
# project does not ship) on its own four positions at its depths.
#
# Usage: bench/perft.sh [--runs N] [--perft PATH] [--fsf PATH] [--sf PATH] [--gigantua PATH]
# Exit status: 0 when all node counts agree (targets are reported, not enforced), 1 on a
# node-count disagreement, 2 on a usage or setup error.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
PROJECT=$(cd "$HERE/.." && pwd)
# shellcheck source=common.sh
. "$HERE/common.sh"
RUNS=3
PERFT=$PROJECT/build/tools/horde-perft
FSF=/usr/games/fairy-stockfish
SF=/usr/games/stockfish
ORDA_INI=$HERE/oracle/orda.ini
GIGANTUA=""

while [ $# -gt 0 ]; do
    case $1 in
    --runs) RUNS=$2; shift 2 ;;
    --perft) PERFT=$2; shift 2 ;;
    --fsf) FSF=$2; shift 2 ;;
    --sf) SF=$2; shift 2 ;;
    --gigantua) GIGANTUA=$2; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/perft.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "bench/perft.sh: --runs must be a positive number" >&2; exit 2; }
for exe in "$PERFT" "$FSF" "$SF" ${GIGANTUA:+"$GIGANTUA"}; do
    [ -x "$exe" ] || { echo "bench/perft.sh: '$exe' is not an executable (build first, or apt-get install fairy-stockfish stockfish)" >&2; exit 2; }
done

# ---------------------------------------------------------------------------- measuring

# ours <variant> <fen> <depth> <threads>: prints "<nodes> <seconds>", the time horde-perft
# measures around the perft call itself (start-up excluded, as for the peers below).
ours() {
    local json
    json=$("$PERFT" --variant "$1" --fen "$2" --depth "$3" --threads "$4" --json 2>/dev/null)
    local nodes seconds
    nodes=$(sed -E 's/.*"nodes":([0-9]+).*/\1/' <<<"$json")
    seconds=$(sed -E 's/.*"seconds":([0-9.]+).*/\1/' <<<"$json")
    echo "$nodes $seconds"
}

# peer <engine> <variant> <fen> <depth>: runs the engine over UCI and prints "<nodes> <seconds>",
# timed from the `go perft` command to the engine's "Nodes searched" line (start-up, option
# parsing and variant loading happen before, fenced off by isready/readyok).
peer() {
    local engine=$1 variant=$2 fen=$3 depth=$4 line nodes="" t0 t1
    coproc PEER { "$engine" 2>&1; }
    local in=${PEER[1]} out=${PEER[0]}
    echo uci >&"$in"
    while read -r line <&"$out"; do [ "$line" = uciok ] && break; done
    echo "setoption name Threads value 1" >&"$in"
    echo "setoption name Hash value 1" >&"$in"
    if [ "$variant" = chess960 ]; then
        echo "setoption name UCI_Chess960 value true" >&"$in"
    elif [ "$variant" != chess ]; then
        [ "$variant" = orda ] && echo "setoption name VariantPath value $ORDA_INI" >&"$in"
        echo "setoption name UCI_Variant value $variant" >&"$in"
    fi
    echo "position fen $fen" >&"$in"
    echo isready >&"$in"
    while read -r line <&"$out"; do [ "$line" = readyok ] && break; done
    t0=$EPOCHREALTIME
    echo "go perft $depth" >&"$in"
    while read -r line <&"$out"; do
        if [[ $line == "Nodes searched: "* ]]; then
            t1=$EPOCHREALTIME
            nodes=${line#Nodes searched: }
            break
        fi
    done
    echo quit >&"$in"
    wait "$PEER_PID" 2>/dev/null || true
    echo "${nodes:-0} $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')"
}

# gigantua <fen> <depth>: runs Gigantua as `Gigantua FEN DEPTH` and prints "<nodes> <seconds>"
# from its own line for that depth, "Perft D: NODES MS MNPS MNodes/s" (its own timing of that
# depth alone; seconds from its n/s, since its milliseconds are whole). It counts depths 1..D
# first and then waits for a key: its stdin is empty here.
gigantua() {
    "$GIGANTUA" "$1" "$2" </dev/null 2>/dev/null |
        awk -v d="$2" '$1 == "Perft" && $2 == d ":" { printf "%s %.6f\n", $3, ($5 > 0 ? $3 / ($5 * 1e6) : 0); found = 1 }
                       END { if (!found) print "0 0" }'
}

# measure <label> <command...>: runs the command RUNS times; sets NODES (checked equal
# across runs) and SECONDS_MEDIAN.
measure() {
    local label=$1 times=() n s
    shift
    NODES=""
    for ((i = 0; i < RUNS; ++i)); do
        read -r n s < <("$@")
        if [ -n "$NODES" ] && [ "$n" != "$NODES" ]; then
            echo "bench/perft.sh: $label gave $n nodes after $NODES" >&2
            STATUS=1
        fi
        NODES=$n
        times+=("$s")
    done
    SECONDS_MEDIAN=$(printf '%s\n' "${times[@]}" | median)
}

nps() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
verdict() { awk -v r="$1" -v t="$2" 'BEGIN { print (r >= t ? "ok" : "BELOW TARGET") }'; }
mnps() { awk -v n="$1" 'BEGIN { printf "%8.1f M", n / 1e6 }'; }

# ---------------------------------------------------------------------------- the run

KIWIPETE='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
HORDE_START='rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1'
ORDA_START='lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1'
CHESS_START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
# Gigantua's own benchmark positions besides the start and Kiwipete.
CHESS_MIDGAME='r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10'
CHESS_ENDGAME='5nk1/pp3pp1/2p4p/q7/2PPB2P/P5P1/1P5K/3Q4 w - - 1 28'
# Chess960: the first position of the public suite (Shredder-FEN) and start position 0.
C960_SUITE_1='bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9'
C960_START_0='bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1'
# name | variant | fen | depth | peer | target ratio ours/peer
CASES=(
    "horde start|horde|$HORDE_START|7|fsf|8"
    "orda start|orda|$ORDA_START|6|fsf|10"
    "chess start|chess|$CHESS_START|6|sf|1.5"
    "kiwipete|chess|$KIWIPETE|5|sf|1.5"
    "960 suite 1|chess960|$C960_SUITE_1|6|sf|1.5"
    "960 start 0|chess960|$C960_START_0|6|sf|1.5"
)
THREAD_TARGET=1.8
STATUS=0

echo "horde-perft bench: single thread, no hash, median of $RUNS runs; $(nproc) cores; $(date -u +%Y-%m-%dT%H:%MZ)"
echo "  load average before the run: $(cut -d" " -f1-3 /proc/loadavg)"
echo "  ours: $PERFT ($("$PERFT" --version 2>/dev/null))"
echo "  fsf:  $FSF ($(echo quit | "$FSF" 2>/dev/null | head -n 1))"
echo "  sf:   $SF ($(echo quit | "$SF" 2>/dev/null | head -n 1))"
echo "  times: ours as measured inside horde-perft around perft; peers from 'go perft' to 'Nodes searched'"
echo
printf '%-12s %5s %12s %12s %12s %9s %7s  %s\n' position depth nodes "ours n/s" "peer n/s" "ours/peer" target ""
SUMMARY=()
for c in "${CASES[@]}"; do
    IFS='|' read -r name variant fen depth peer_name target <<<"$c"
    engine=$FSF
    [ "$peer_name" = sf ] && engine=$SF
    measure "ours $name" ours "$variant" "$fen" "$depth" 1
    our_nodes=$NODES our_s=$SECONDS_MEDIAN
    measure "$peer_name $name" peer "$engine" "$variant" "$fen" "$depth"
    peer_nodes=$NODES peer_s=$SECONDS_MEDIAN
    agree=""
    if [ "$our_nodes" != "$peer_nodes" ]; then
        agree="NODE COUNTS DIFFER: ours $our_nodes, $peer_name $peer_nodes"
        STATUS=1
    fi
    our_nps=$(nps "$our_nodes" "$our_s")
    peer_nps=$(nps "$peer_nodes" "$peer_s")
    r=$(ratio "$our_nps" "$peer_nps")
    printf '%-12s %5s %12s %12s %12s %8sx %6sx  %s %s\n' "$name" "$depth" "$our_nodes" "$(mnps "$our_nps")" \
        "$(mnps "$peer_nps")" "$r" "$target" "$(verdict "$r" "$target") (vs $peer_name)" "$agree"
done

echo
echo "threads: ours with 2 threads against ours with 1 thread (no hash, median of $RUNS runs)"
printf '%-12s %5s %12s %12s %12s %9s %7s\n' position depth nodes "1 thread" "2 threads" speedup target
for c in "${CASES[@]}"; do
    IFS='|' read -r name variant fen depth peer_name target <<<"$c"
    measure "ours $name 1 thread" ours "$variant" "$fen" "$depth" 1
    one_nodes=$NODES one_s=$SECONDS_MEDIAN
    measure "ours $name 2 threads" ours "$variant" "$fen" "$depth" 2
    two_nodes=$NODES two_s=$SECONDS_MEDIAN
    [ "$one_nodes" = "$two_nodes" ] || { echo "bench/perft.sh: $name: 2 threads gave $two_nodes, 1 thread $one_nodes" >&2; STATUS=1; }
    r=$(ratio "$one_s" "$two_s")
    printf '%-12s %5s %12s %12s %12s %8sx %6sx  %s\n' "$name" "$depth" "$one_nodes" "$(mnps "$(nps "$one_nodes" "$one_s")")" \
        "$(mnps "$(nps "$two_nodes" "$two_s")")" "$r" "$THREAD_TARGET" "$(verdict "$r" "$THREAD_TARGET")"
done
if [ -n "$GIGANTUA" ]; then
    echo
    echo "against Gigantua: its four positions at its depths (single thread, no hash, median of $RUNS runs)"
    printf '%-12s %5s %12s %12s %12s %9s\n' position depth nodes "ours n/s" "gigantua" ours/gigantua
    for c in "start|$CHESS_START|7" "kiwipete|$KIWIPETE|6" "midgame|$CHESS_MIDGAME|6" "endgame|$CHESS_ENDGAME|6"; do
        IFS='|' read -r name fen depth <<<"$c"
        measure "ours $name" ours chess "$fen" "$depth" 1
        our_nodes=$NODES our_s=$SECONDS_MEDIAN
        measure "gigantua $name" gigantua "$fen" "$depth"
        peer_nodes=$NODES peer_s=$SECONDS_MEDIAN
        agree=""
        if [ "$our_nodes" != "$peer_nodes" ]; then
            agree="NODE COUNTS DIFFER: ours $our_nodes, gigantua $peer_nodes"
            STATUS=1
        fi
        our_nps=$(nps "$our_nodes" "$our_s")
        peer_nps=$(nps "$peer_nodes" "$peer_s")
        printf '%-12s %5s %12s %12s %12s %8sx  %s\n' "$name" "$depth" "$our_nodes" "$(mnps "$our_nps")" \
            "$(mnps "$peer_nps")" "$(ratio "$our_nps" "$peer_nps")" "$agree"
    done
fi
exit $STATUS
