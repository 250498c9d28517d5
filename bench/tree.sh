#!/usr/bin/env bash
# horde-tree against its peer and against plain checking, in one run on the same input:
#   * one thread of `horde-tree --format polyglot` against Debian's `polyglot make-book` for the
#     same book (the two books compared byte for byte; target: >= 10x);
#   * a tree to ply 20 (--format ndjson) against plain `horde-check -q` (target: <= 1.5x);
#   * --threads 2 against --threads 1 (target: >= 1.7x on 2 cores; CPU/wall says how many cores
#     the two-thread run got on a shared machine), outputs compared;
#   * peak RSS with --memory 64M and with the default, outputs compared (spilling or not).
# Input: --games N (default 80,000, about 55 MB) random legal chess games from the standard start
# (tests/tools/random_games.cpp: each of the first 10 plies among 4 moves, each half as likely as
# the one before, so that openings are shared as in real files; then uniform; --uniform-openings:
# the 4 moves equally likely, so that nearly every game leaves the others by ply 8, the hard case
# of a tree), made under a temporary folder and deleted. make-book reads no FEN tag,
# so every game starts from the standard position. Medians of --runs N interleaved rounds
# (default 5), wall clock, one thread unless said.
# Usage: bench/tree.sh [--runs N] [--games N] [--max-ply N] [--build DIR] [--polyglot PATH]
#                      [--uniform-openings]
# Exit status: 0 (targets are reported, not enforced), 1 when outputs differ, 2 on a setup error.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
PROJECT=$(cd "$HERE/.." && pwd)
# shellcheck source=common.sh
. "$HERE/common.sh"
RUNS=5
GAMES=80000
MAX_PLY=20
BUILD=$PROJECT/build
POLYGLOT=$(command -v polyglot || echo /usr/games/polyglot)
GEN_OPTIONS=()
while [ $# -gt 0 ]; do
    case $1 in
    --runs) RUNS=$2; shift 2 ;;
    --games) GAMES=$2; shift 2 ;;
    --max-ply) MAX_PLY=$2; shift 2 ;;
    --build) BUILD=$2; shift 2 ;;
    --polyglot) POLYGLOT=$2; shift 2 ;;
    --uniform-openings) GEN_OPTIONS+=(--uniform-openings); shift ;;
    -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/tree.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
TREE=$BUILD/tools/horde-tree
CHECK=$BUILD/tools/horde-check
GEN=$BUILD/tests/cli/horde_random_games
for p in "$TREE" "$CHECK" "$GEN" "$POLYGLOT" /usr/bin/time; do
    [ -x "$p" ] || { echo "bench/tree.sh: $p missing (build the tools and horde_random_games; apt-get install polyglot time)" >&2; exit 2; }
done
WORK=$(mktemp -d "${TMPDIR:-/tmp}/horde-tree-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
"$GEN" --games "$GAMES" --seed 17 "${GEN_OPTIONS[@]}" >"$WORK/games.pgn"
"$CHECK" -q --threads 2 "$WORK/games.pgn" 2>"$WORK/check.txt" || { echo "bench/tree.sh: the generated games are not all valid: $(cat "$WORK/check.txt")" >&2; exit 2; }

echo "horde-tree bench: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg)"
printf 'input: %.1f MB, %d games (random, %s openings); --max-ply %d; %d interleaved rounds, medians\n\n' \
    "$(echo "$(stat -c %s "$WORK/games.pgn") / 1000000" | bc -l)" "$GAMES" "${GEN_OPTIONS[*]:-shared}" "$MAX_PLY" "$RUNS"

status=0
same() { cmp -s "$1" "$2" || { echo "DIFFER: $3"; status=1; }; }
for _ in $(seq "$RUNS"); do
    time_once book "$TREE" --threads 1 -q --format polyglot --max-ply "$MAX_PLY" -o "$WORK/ours.bin" "$WORK/games.pgn"
    time_once make-book "$POLYGLOT" make-book -pgn "$WORK/games.pgn" -bin "$WORK/theirs.bin" -max-ply "$MAX_PLY" -min-game 3
    time_once tree1 "$TREE" --threads 1 -q --max-ply 20 -o "$WORK/tree1.ndjson" "$WORK/games.pgn"
    time_once check1 "$CHECK" --threads 1 -q "$WORK/games.pgn"
    time_once tree2 "$TREE" --threads 2 -q --max-ply 20 -o "$WORK/tree2.ndjson" "$WORK/games.pgn"
done
same "$WORK/ours.bin" "$WORK/theirs.bin" "horde-tree's book against make-book's"
same "$WORK/tree1.ndjson" "$WORK/tree2.ndjson" "--threads 2 against --threads 1"
ratio() { echo "$1 / $2" | bc -l; }
printf '%-52s %8.3f s   make-book %8.3f s   %6.1fx faster (target >= 10x)\n' "book (--format polyglot, 1 thread, $(($(stat -c %s "$WORK/ours.bin") / 16)) entries)" \
    "$(med book wall)" "$(med make-book wall)" "$(ratio "$(med make-book wall)" "$(med book wall)")"
printf '%-52s %8.3f s   check     %8.3f s   %6.2fx the check (target <= 1.5x)\n' "tree to ply 20 (ndjson, 1 thread)" \
    "$(med tree1 wall)" "$(med check1 wall)" "$(ratio "$(med tree1 wall)" "$(med check1 wall)")"
printf '%-52s %8.3f s   1 thread  %8.3f s   %6.2fx faster (target >= 1.7x); CPU/wall %.2f\n' "tree to ply 20, --threads 2" \
    "$(med tree2 wall)" "$(med tree1 wall)" "$(ratio "$(med tree1 wall)" "$(med tree2 wall)")" "$(ratio "$(med tree2 cpu)" "$(med tree2 wall)")"

# Memory: the default budget against 64M (spilled runs merged), the same bytes.
/usr/bin/time -f '%M' -o "$WORK/rss-default" "$TREE" -q --max-ply 20 -o "$WORK/default.ndjson" "$WORK/games.pgn" 2>"$WORK/default.txt"
/usr/bin/time -f '%M' -o "$WORK/rss-64" "$TREE" -q --max-ply 20 --memory 64M -o "$WORK/small.ndjson" "$WORK/games.pgn" 2>"$WORK/small.txt"
same "$WORK/default.ndjson" "$WORK/small.ndjson" "--memory 64M against the default"
printf 'peak RSS: default budget %d MB (%s); --memory 64M %d MB (%s)\n' "$(($(tail -n1 "$WORK/rss-default") / 1024))" \
    "$(grep -o '[0-9]* runs spilled' "$WORK/default.txt" || echo 'no spill')" "$(($(tail -n1 "$WORK/rss-64") / 1024))" \
    "$(grep -o '[0-9]* runs spilled' "$WORK/small.txt" || echo 'no spill')"
grep -h 'positions written' "$WORK/default.txt" | sed 's/^/tree: /'
exit $status
