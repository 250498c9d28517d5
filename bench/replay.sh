#!/usr/bin/env bash
# horde-replay --to pgn on a large input: peak RSS (target <= 64 MB on 1 GB) and the speed of
# --threads 2 against --threads 1 (target >= 1.7x on 2 cores), with the two outputs compared
# byte for byte.
#
# Input: the shared valid corpora (testdata/games/{chess,chess960,horde,orda}-valid.pgn:
# comments, NAGs, variations, set-up positions), concatenated in turn until the file has at
# least --mb MB (default 1024), made under a temporary folder and deleted. The speed rounds
# run on the first --speed-mb MB of it (default 200, cut at a game boundary), N interleaved
# rounds (default 7), wall clock, medians; the ratio is also paired by round.
# Usage: bench/replay.sh [--runs N] [--mb N] [--speed-mb N] [--replay PATH]
# Exit status: 0 (targets are reported, not enforced), 1 when the outputs differ, 2 on a usage
# or setup error.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
PROJECT=$(cd "$HERE/.." && pwd)
# shellcheck source=common.sh
. "$HERE/common.sh"
RUNS=7
MB=1024
SPEED_MB=200
REPLAY=$PROJECT/build/tools/horde-replay
GAMES=$PROJECT/testdata/games

while [ $# -gt 0 ]; do
    case $1 in
    --runs) RUNS=$2; shift 2 ;;
    --mb) MB=$2; shift 2 ;;
    --speed-mb) SPEED_MB=$2; shift 2 ;;
    --replay) REPLAY=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/replay.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
for n in "$RUNS" "$MB" "$SPEED_MB"; do
    [[ $n =~ ^[1-9][0-9]*$ ]] || { echo "bench/replay.sh: --runs, --mb and --speed-mb take a positive number" >&2; exit 2; }
done
[ -x "$REPLAY" ] || { echo "bench/replay.sh: $REPLAY not built" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench/replay.sh: /usr/bin/time missing (apt-get install time)" >&2; exit 2; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/horde-replay-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# big.pgn: the corpora in turn until MB megabytes; speed.pgn: its first SPEED_MB (whole games).
cat "$GAMES"/{chess,chess960,horde,orda}-valid.pgn >"$WORK/round.pgn"
round=$(stat -c %s "$WORK/round.pgn")
copies=$(((MB * 1000000 + round - 1) / round))
for _ in $(seq 1 "$copies"); do cat "$WORK/round.pgn"; done >"$WORK/big.pgn"
speed_copies=$(((SPEED_MB * 1000000 + round - 1) / round))
head -c $((speed_copies * round)) "$WORK/big.pgn" >"$WORK/speed.pgn"

echo "horde-replay bench: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
echo "horde-replay: $REPLAY ($("$REPLAY" --version 2>&1 | head -n 1))"
printf 'input: %.1f MB (%d games); speed rounds on %.1f MB; rounds: %d (interleaved; medians)\n' \
    "$(echo "$(stat -c %s "$WORK/big.pgn") / 1000000" | bc -l)" "$(grep -c '^\[Event ' "$WORK/big.pgn")" \
    "$(echo "$(stat -c %s "$WORK/speed.pgn") / 1000000" | bc -l)" "$RUNS"
echo

# --- peak RSS on the big input, and the outputs of one and two threads compared
status=0
for t in 1 2; do
    /usr/bin/time -v "$REPLAY" --to pgn --threads "$t" "$WORK/big.pgn" 2>"$WORK/time-$t" | cksum >"$WORK/sum-$t"
    rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$WORK/time-$t")
    printf 'peak RSS, --to pgn --threads %d on the big input: %.1f MB (target <= 64 MB)\n' "$t" "$(echo "$rss / 1024" | bc -l)"
done
if cmp -s "$WORK/sum-1" "$WORK/sum-2"; then
    echo "--threads 2 output: identical to --threads 1 ($(cut -d' ' -f2 "$WORK/sum-1") bytes)"
else
    echo "--threads 2 output: DIFFERS from --threads 1"
    status=1
fi
echo

# --- speed: one and two threads, interleaved
: >"$WORK/times"
for _ in $(seq 1 "$RUNS"); do
    time_once one "$REPLAY" --to pgn --threads 1 "$WORK/speed.pgn"
    time_once two "$REPLAY" --to pgn --threads 2 "$WORK/speed.pgn"
done
one=$(med one wall) two=$(med two wall)
paired=$(paste <(awk '$1 == "one" { print $2 }' "$WORK/times") <(awk '$1 == "two" { print $2 }' "$WORK/times") |
    awk '$2 > 0 { printf "%.4f\n", $1 / $2 }' | median)
printf '  --to pgn --threads 1 %7.3f s wall\n  --to pgn --threads 2 %7.3f s wall\n' "$one" "$two"
printf '  ratio threads 1 / threads 2: %.2fx wall; paired by round: %.2fx (target >= 1.7x on 2 cores)\n' \
    "$(echo "$one / $two" | bc -l)" "$paired"
# CPU seconds over wall seconds of the two-thread runs: below 2, the cores were not both ours
# (a shared machine), and the ratio above says more about the load than about the threads.
printf '  --threads 2 used %.2f cores (CPU / wall, medians); --threads 1 CPU %.3f s, --threads 2 CPU %.3f s\n' \
    "$(echo "$(med two cpu) / $two" | bc -l)" "$(med one cpu)" "$(med two cpu)"
printf '  load average at the end: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
exit "$status"
