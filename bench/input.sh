#!/usr/bin/env bash
# Compressed input: horde-check -q on one corpus, plain and compressed, in-process (our
# io::Input) against the pipe a user would write without it (`zstd -dc FILE | horde-check -q -`,
# the same for gzip, bzip2 and xz). Prints median wall and CPU seconds, MB/s of text, and the
# ratio in-process / plain file and in-process / pipe (the pipe runs the decompressor on the
# other core, so on 2+ cores it can be faster in wall time until the reader overlaps them).
#
# Corpus: the shared valid corpora of the three variants repeated to at least --mb MB (default
# 100). zstd at level 19 with a skippable frame first, as the lichess dumps; gzip -6, bzip2 -9,
# xz -6. Generated under a temporary folder and deleted.
#
# Usage: bench/input.sh [--runs N] [--check PATH] [--mb N]
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
PROJECT=$(cd "$HERE/.." && pwd)
# shellcheck source=common.sh
. "$HERE/common.sh"
RUNS=5
CHECK=$PROJECT/build/tools/horde-check
MB=100
GAMES=$PROJECT/testdata/games
while [ $# -gt 0 ]; do
    case $1 in
    --runs) RUNS=$2; shift 2 ;;
    --check) CHECK=$2; shift 2 ;;
    --mb) MB=$2; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/input.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
[[ $RUNS =~ ^[1-9][0-9]*$ && $MB =~ ^[1-9][0-9]*$ ]] || { echo "bench/input.sh: --runs and --mb take a positive number" >&2; exit 2; }
[ -x "$CHECK" ] || { echo "bench/input.sh: $CHECK not built" >&2; exit 2; }
for tool in zstd gzip bzip2 xz; do
    command -v "$tool" >/dev/null || { echo "bench/input.sh: $tool missing" >&2; exit 2; }
done
WORK=$(mktemp -d "${TMPDIR:-/tmp}/horde-input-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

cat "$GAMES"/*-valid.pgn >"$WORK/chunk.pgn"
chunk=$(stat -c %s "$WORK/chunk.pgn")
for _ in $(seq 1 $(((MB * 1000000 + chunk - 1) / chunk))); do cat "$WORK/chunk.pgn"; done >"$WORK/games.pgn"
size=$(stat -c %s "$WORK/games.pgn")
{ printf '\x50\x2a\x4d\x18\x04\x00\x00\x00skip'; zstd -q -19 -T0 -c "$WORK/games.pgn"; } >"$WORK/games.pgn.zst"
gzip -6 -c "$WORK/games.pgn" >"$WORK/games.pgn.gz"
bzip2 -9 -c "$WORK/games.pgn" >"$WORK/games.pgn.bz2"
xz -6 -T0 -c "$WORK/games.pgn" >"$WORK/games.pgn.xz"

echo "input bench: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
printf 'corpus: %.1f MB of PGN; compressed: zstd %.1f MB, gzip %.1f MB, bzip2 %.1f MB, xz %.1f MB; %d rounds (medians)\n' \
    "$(echo "$size / 1000000" | bc -l)" "$(echo "$(stat -c %s "$WORK/games.pgn.zst") / 1000000" | bc -l)" \
    "$(echo "$(stat -c %s "$WORK/games.pgn.gz") / 1000000" | bc -l)" "$(echo "$(stat -c %s "$WORK/games.pgn.bz2") / 1000000" | bc -l)" \
    "$(echo "$(stat -c %s "$WORK/games.pgn.xz") / 1000000" | bc -l)" "$RUNS"

: >"$WORK/times"
for _ in $(seq 1 "$RUNS"); do
    time_once plain "$CHECK" -q "$WORK/games.pgn"
    for f in zst:zstd gz:gzip bz2:bzip2 xz:xz; do
        ext=${f%%:*} tool=${f#*:}
        time_once "in-$ext" "$CHECK" -q "$WORK/games.pgn.$ext"
        time_once "pipe-$ext" bash -c "$tool -dc '$WORK/games.pgn.$ext' | '$CHECK' -q -"
    done
done
plain=$(med plain wall)
printf '\n%-34s %8s %8s %9s %12s %12s\n' "" "wall s" "CPU s" "MB/s" "vs plain" "vs pipe"
printf '%-34s %8.3f %8.3f %9.1f\n' "horde-check -q games.pgn" "$plain" "$(med plain cpu)" "$(echo "$size / 1000000 / $plain" | bc -l)"
for f in zst:zstd gz:gzip bz2:bzip2 xz:xz; do
    ext=${f%%:*} tool=${f#*:}
    in=$(med "in-$ext" wall) pipe=$(med "pipe-$ext" wall)
    printf '%-34s %8.3f %8.3f %9.1f %11.2fx %11.2fx\n' "horde-check -q games.pgn.$ext" "$in" "$(med "in-$ext" cpu)" \
        "$(echo "$size / 1000000 / $in" | bc -l)" "$(echo "$in / $plain" | bc -l)" "$(echo "$in / $pipe" | bc -l)"
    printf '%-34s %8.3f %8.3f %9.1f %11.2fx\n' "$tool -dc | horde-check -q -" "$pipe" "$(med "pipe-$ext" cpu)" \
        "$(echo "$size / 1000000 / $pipe" | bc -l)" "$(echo "$pipe / $plain" | bc -l)"
done
echo "(vs plain, vs pipe: wall-time ratios; below 1 is faster)"
