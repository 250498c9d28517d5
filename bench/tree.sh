#!/usr/bin/env bash
# horde-tree against its peer and against plain checking, in one run on the same input:
#   * one thread of `horde-tree --format polyglot` against Debian's `polyglot make-book` for the
#     same book, with make-book's defaults (-max-ply 1024, -min-game 3; target: >= 10x) and with
#     --max-ply N (the books compared byte for byte);
#   * a tree to ply 20 (--format ndjson) against plain `horde-check -q` (target: <= 1.5x);
#   * --threads 2 against --threads 1 (target: >= 1.7x on 2 cores; CPU/wall says how many cores
#     the two-thread run got on a shared machine), outputs compared;
#   * peak RSS with --memory 16M and with the default, outputs compared (spilling or not).
# Input: --games N (default 80,000, about 55 MB) random legal chess games from the standard start
# (tests/tools/random_games.cpp: each of the first 10 plies among 4 moves, each half as likely as
# the one before, so that openings are shared as in real files; then uniform; --uniform-openings:
# the 4 moves equally likely, so that nearly every game leaves the others by ply 8, the hard case
# of a tree), made once and kept in --cache DIR (default build/bench-cache/tree-GAMES-17[-uniform];
# --no-cache: under a temporary folder, deleted). --pgn FILE instead benches a file of yours: its
# games with a FEN tag are left out (`--where 'not has(FEN)'`: make-book reads no FEN tag, so
# every game must start from the standard position) and so are invalid ones (make-book stops at
# the first illegal move). Medians of --runs N interleaved rounds (default 5) of wall and CPU
# time; "paired" is the median of the per-round ratios (a change of the shared machine's load
# between rounds cancels). On a loaded machine compare CPU times for one thread.
# Each timed run follows an untimed run of the same command (--no-warmup: not), and writes a new
# file: on a VM that reports freed memory to its host (virtio-balloon free page reporting, as
# the reference machine does), the first process to touch memory another one freed a few seconds
# before pays the host's page faults, some 0.18 s for a book run after make-book's 260 MB; a
# run right after its warm-up measures the tool, not the last command's memory.
# Usage: bench/tree.sh [--runs N] [--games N] [--max-ply N] [--build DIR] [--polyglot PATH]
#                      [--uniform-openings] [--cache DIR | --no-cache] [--pgn FILE] [--no-warmup]
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
CACHE=
PGN=
WARMUP=1
while [ $# -gt 0 ]; do
    case $1 in
    --runs) RUNS=$2; shift 2 ;;
    --games) GAMES=$2; shift 2 ;;
    --max-ply) MAX_PLY=$2; shift 2 ;;
    --build) BUILD=$2; shift 2 ;;
    --polyglot) POLYGLOT=$2; shift 2 ;;
    --uniform-openings) GEN_OPTIONS+=(--uniform-openings); shift ;;
    --cache) CACHE=$2; shift 2 ;;
    --no-cache) CACHE=none; shift ;;
    --pgn) PGN=$2; shift 2 ;;
    --no-warmup) WARMUP=0; shift ;;
    -h|--help) sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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
if [ -n "$PGN" ]; then
    # exit 1 only says that some games were invalid (left out); 2 is a real error
    GAMES_PGN=$WORK/games.pgn
    "$CHECK" -q --threads 2 --where 'not has(FEN)' --valid-out "$GAMES_PGN" "$PGN" 2>"$WORK/check.txt" ||
        [ $? = 1 ] || { echo "bench/tree.sh: $PGN: $(cat "$WORK/check.txt")" >&2; exit 2; }
    what="standard-start valid games of $PGN: $(tail -n 1 "$WORK/check.txt")"
else
    [ -z "$CACHE" ] && CACHE=$PROJECT/build/bench-cache/tree-$GAMES-17${GEN_OPTIONS[0]:+-uniform}
    [ "$CACHE" = none ] && CACHE=$WORK
    GAMES_PGN=$CACHE/games.pgn
    if [ ! -s "$GAMES_PGN" ]; then
        mkdir -p "$CACHE"
        "$GEN" --games "$GAMES" --seed 17 "${GEN_OPTIONS[@]}" >"$CACHE/games.tmp"
        "$CHECK" -q --threads 2 "$CACHE/games.tmp" 2>"$WORK/check.txt" || { echo "bench/tree.sh: the generated games are not all valid: $(cat "$WORK/check.txt")" >&2; exit 2; }
        mv "$CACHE/games.tmp" "$GAMES_PGN"
    fi
    what="$GAMES random games, ${GEN_OPTIONS[*]:-shared} openings, in $GAMES_PGN"
fi

echo "horde-tree bench: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "horde-tree: $TREE ($("$TREE" --version 2>&1 | head -n 1)); make-book: $POLYGLOT"
printf 'input: %.1f MB (%s); book --max-ply %d; %d interleaved rounds, medians; %s\n\n' \
    "$(echo "$(stat -c %s "$GAMES_PGN") / 1000000" | bc -l)" "$what" "$MAX_PLY" "$RUNS" \
    "$([ "$WARMUP" = 1 ] && echo 'each timed run after a warm-up run' || echo 'no warm-up runs')"

# timed <output|""> <label> <command...>: the warm-up run, its output file removed (replacing it
# would time the kernel freeing the old file's page cache, not the tool), then the timed run.
timed() {
    local output=$1 label=$2
    shift 2
    [ "$WARMUP" = 1 ] && { "$@" >/dev/null 2>&1 || true; }
    [ -n "$output" ] && rm -f "$output"
    time_once "$label" "$@"
}
status=0
same() { cmp -s "$1" "$2" || { echo "DIFFER: $3"; status=1; }; }
for _ in $(seq "$RUNS"); do
    # make-book's defaults (-max-ply 1024: every move of these games read by both), then --max-ply
    timed "$WORK/ours-full.bin" book "$TREE" --threads 1 -q --format polyglot --max-ply 1024 --min-games 3 -o "$WORK/ours-full.bin" "$GAMES_PGN"
    timed "$WORK/theirs-full.bin" make-book "$POLYGLOT" make-book -pgn "$GAMES_PGN" -bin "$WORK/theirs-full.bin"
    timed "$WORK/ours.bin" book-ply "$TREE" --threads 1 -q --format polyglot --max-ply "$MAX_PLY" --min-games 3 -o "$WORK/ours.bin" "$GAMES_PGN"
    timed "$WORK/theirs.bin" make-book-ply "$POLYGLOT" make-book -pgn "$GAMES_PGN" -bin "$WORK/theirs.bin" -max-ply "$MAX_PLY" -min-game 3
    timed "$WORK/tree1.ndjson" tree1 "$TREE" --threads 1 -q --max-ply 20 -o "$WORK/tree1.ndjson" "$GAMES_PGN"
    timed "" check1 "$CHECK" --threads 1 -q "$GAMES_PGN"
    timed "$WORK/tree2.ndjson" tree2 "$TREE" --threads 2 -q --max-ply 20 -o "$WORK/tree2.ndjson" "$GAMES_PGN"
done
same "$WORK/ours-full.bin" "$WORK/theirs-full.bin" "horde-tree's book against make-book's (its defaults)"
same "$WORK/ours.bin" "$WORK/theirs.bin" "horde-tree's book against make-book's (--max-ply $MAX_PLY)"
same "$WORK/tree1.ndjson" "$WORK/tree2.ndjson" "--threads 2 against --threads 1"
ratio() { echo "$1 / $2" | bc -l; }
# row <label> <a> <b> <b's name>: medians of both, wall and CPU, and the ratios b/a by medians
# and paired by round.
row() {
    printf '%-34s %7.3f s wall %7.3f s CPU | %-9s %7.3f s wall %7.3f s CPU | %s/%s: %5.2fx wall %5.2fx CPU, paired %5.2fx wall %5.2fx CPU\n' \
        "$1" "$(med "$2" wall)" "$(med "$2" cpu)" "$4" "$(med "$3" wall)" "$(med "$3" cpu)" "$3" "$2" \
        "$(ratio "$(med "$3" wall)" "$(med "$2" wall)")" "$(ratio "$(med "$3" cpu)" "$(med "$2" cpu)")" \
        "$(paired_wall_ratio "$3" "$2")" "$(paired_ratio "$3" "$2")"
}
echo "book: $(($(stat -c %s "$WORK/ours-full.bin") / 16)) entries with make-book's defaults (-max-ply 1024, -min-game 3), $(($(stat -c %s "$WORK/ours.bin") / 16)) at --max-ply $MAX_PLY"
row "book, make-book's defaults" book make-book make-book
echo "  target: make-book / horde-tree >= 10x (both read and check every move of every game)"
row "book, --max-ply $MAX_PLY" book-ply make-book-ply make-book
echo "  (make-book skips the moves past --max-ply unread; horde-tree checks whole games, so that only valid games count)"
row "horde-check -q, 1 thread" check1 tree1 "tree"
echo "  target: tree to ply 20 (ndjson, 1 thread) / plain check <= 1.5x; one round's wall ratio: $(paired_wall_spread tree1 check1)"
row "tree to ply 20, --threads 2" tree2 tree1 "1 thread"
printf '  target: 1 thread / 2 threads >= 1.7x wall; one round'"'"'s: %s; CPU/wall of --threads 2: %.2f (the cores the run got), of --threads 1: %.2f\n' \
    "$(paired_wall_spread tree1 tree2)" "$(ratio "$(med tree2 cpu)" "$(med tree2 wall)")" "$(ratio "$(med tree1 cpu)" "$(med tree1 wall)")"
echo "load after the rounds: $(cut -d' ' -f1-3 /proc/loadavg)"
echo

# Memory: the default budget against 16M (spilled runs), the same bytes.
/usr/bin/time -f '%M' -o "$WORK/rss-default" "$TREE" -q --max-ply 20 -o "$WORK/default.ndjson" "$GAMES_PGN" 2>"$WORK/default.txt"
/usr/bin/time -f '%M' -o "$WORK/rss-16" "$TREE" -q --max-ply 20 --memory 16M -o "$WORK/small.ndjson" "$GAMES_PGN" 2>"$WORK/small.txt"
same "$WORK/default.ndjson" "$WORK/small.ndjson" "--memory 16M against the default"
printf 'peak RSS: default budget %d MB (%s); --memory 16M %d MB (%s)\n' "$(($(tail -n1 "$WORK/rss-default") / 1024))" \
    "$(grep -o '[0-9]* runs spilled' "$WORK/default.txt" || echo 'no spill')" "$(($(tail -n1 "$WORK/rss-16") / 1024))" \
    "$(grep -o '[0-9]* runs spilled' "$WORK/small.txt" || echo 'no spill')"
echo "  --memory 16M against the default: $(cmp -s "$WORK/default.ndjson" "$WORK/small.ndjson" && echo 'identical output' || echo DIFFERENT)"
grep -h 'positions written' "$WORK/default.txt" | sed 's/^/tree: /'
exit $status
