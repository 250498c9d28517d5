#!/usr/bin/env bash
# horde-perft --against the real engines (not in ctest: they are optional): Fairy-Stockfish on
# Horde, Orda (bench/oracle/orda.ini through --engine-option VariantPath) and Chess960, and
# Stockfish on chess and Chess960, at depth 4 (--depth) on the start positions of the shared
# suites; then how long bisecting a depth-5 difference takes (the test engines with injected
# bugs, both protocols, against our exact count).
#
# Usage: bench/against.sh [--depth N] [--perft PATH] [--engines DIR] [--fsf PATH] [--sf PATH]
# Exit status: 0 when every real engine agrees, 1 otherwise, 2 on a setup error.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
PROJECT=$(cd "$HERE/.." && pwd)
DEPTH=4
PERFT=$PROJECT/build/tools/horde-perft
ENGINES=$PROJECT/build/tests/perft_engine
FSF=/usr/games/fairy-stockfish
SF=/usr/games/stockfish
while [ $# -gt 0 ]; do
    case $1 in
    --depth) DEPTH=$2; shift 2 ;;
    --perft) PERFT=$2; shift 2 ;;
    --engines) ENGINES=$2; shift 2 ;;
    --fsf) FSF=$2; shift 2 ;;
    --sf) SF=$2; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/against.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
for exe in "$PERFT" "$FSF" "$SF"; do
    [ -x "$exe" ] || { echo "bench/against.sh: '$exe' is not an executable" >&2; exit 2; }
done
ORDA=(--engine-option "VariantPath=$HERE/oracle/orda.ini")
STATUS=0

# run_case <label> <args...>: one --against run, its last line and its wall time.
run_case() {
    local label=$1 t0 t1 out rc=0
    shift
    t0=$EPOCHREALTIME
    out=$("$PERFT" "$@" 2>&1) || rc=$?
    t1=$EPOCHREALTIME
    printf '%-44s exit %s %7.2f s  %s\n' "$label" "$rc" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" \
        "$(grep -E '^(agree|difference|missing|extra)' <<<"$out" | tr '\n' ' ' | cut -c1-110)"
    LAST_RC=$rc
}

# The first suite position with moves (the suites start with mates and stalemates).
first_fen() { grep -v '^#' "$1" | grep -v ';D1 0 ' | grep -m1 . | cut -d';' -f1 | sed 's/ *$//'; }

echo "horde-perft --against: real engines at depth $DEPTH, $(date -u +%Y-%m-%dT%H:%MZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "  fsf: $(echo quit | "$FSF" 2>/dev/null | head -n 1)"
echo "  sf:  $(echo quit | "$SF" 2>/dev/null | head -n 1)"
for v in horde orda chess chess960; do
    for source in start suite; do
        if [ $source = start ]; then args=(--variant $v)
        else args=(--variant $v --fen "$(first_fen "$PROJECT/testdata/perft/$v.epd")"); fi
        engines=("fsf|$FSF")
        case $v in chess) engines=("sf|$SF") ;; chess960) engines=("fsf|$FSF" "sf|$SF") ;; esac
        for e in "${engines[@]}"; do
            extra=()
            [ $v = orda ] && extra=("${ORDA[@]}")
            run_case "$v $source (${e%%|*})" "${args[@]}" --depth "$DEPTH" --against "${e#*|}" "${extra[@]}"
            [ "$LAST_RC" = 0 ] || STATUS=1
        done
    done
done
echo
echo "bisecting a depth-5 difference (test engines with injected bugs; wall time of the whole run)"
if [ -x "$ENGINES/perft_engine_bug1" ]; then
    KIWIPETE='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
    for protocol in uci perftree; do
        run_case "bug 1 chess start d5, $protocol" --variant chess --depth 5 --against "$ENGINES/perft_engine_bug1 --variant chess" --protocol $protocol
        run_case "bug 2 kiwipete d5, $protocol" --variant chess --fen "$KIWIPETE" --depth 5 --against "$ENGINES/perft_engine_bug2 --variant chess" --protocol $protocol
        run_case "bug 3 horde suite position d5, $protocol" --variant horde --fen 'rnbqkbnr/ppp1pppp/8/8/8/1p1p4/8/PPPPPP2 w kq - 0 20' --depth 5 --against "$ENGINES/perft_engine_bug3 --variant horde" --protocol $protocol
        run_case "bug 4 orda start d5, $protocol" --variant orda --depth 5 --against "$ENGINES/perft_engine_bug4 --variant orda" --protocol $protocol
    done
else
    echo "  (no test engines in $ENGINES: build the perft_engine_bug* targets)"
fi
exit $STATUS
