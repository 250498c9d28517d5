#!/usr/bin/env bash
# horde-db's add, size and queries, in one run on the same input:
#   * add --threads 2 against plain `horde-check -q --threads 2` (target: <= 3x) and in MB/s of
#     PGN (target: >= 100 MB/s); --threads 2 against --threads 1 (target: >= 1.7x);
#   * the database's size (every game's PGN included) against the input's .pgn.zst (zstd -19;
#     target: <= 2x);
#   * query latency of a warm database: p50 and p99 over 10,000 random positions of the games
#     (db::explore and the JSON in one process: tests/tools/db_query_bench.cpp; target p99 <= 5 ms);
#   * peak RSS of an add with --memory 64M on 1 and 2 threads, against an empty add's (target:
#     within the budget plus a small constant).
# Input: --games N (default 100,000) random legal chess games (tests/tools/random_games.cpp, as
# bench/tree.sh's), made once and kept in build/bench-cache/db-GAMES-17; --pgn FILE: a file of yours.
# Medians of --runs N interleaved rounds (default 3) of wall and CPU time.
# Usage: bench/db.sh [--runs N] [--games N] [--max-ply N] [--build DIR] [--pgn FILE]
# Exit status: 0 (targets are reported, not enforced), 2 on a setup error.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
PROJECT=$(cd "$HERE/.." && pwd)
# shellcheck source=common.sh
. "$HERE/common.sh"
RUNS=3
GAMES=100000
MAX_PLY=50
BUILD=$PROJECT/build
PGN=
while [ $# -gt 0 ]; do
    case $1 in
    --runs) RUNS=$2; shift 2 ;;
    --games) GAMES=$2; shift 2 ;;
    --max-ply) MAX_PLY=$2; shift 2 ;;
    --build) BUILD=$2; shift 2 ;;
    --pgn) PGN=$2; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/db.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
DB=$BUILD/tools/horde-db
CHECK=$BUILD/tools/horde-check
LIST=$BUILD/tools/horde-list
GEN=$BUILD/tests/cli/horde_random_games
QUERY=$BUILD/tests/cli/horde_db_query_bench
for p in "$DB" "$CHECK" "$LIST" "$GEN" "$QUERY" /usr/bin/time; do
    [ -x "$p" ] || { echo "bench/db.sh: $p missing (build the tools, horde_random_games and horde_db_query_bench; apt-get install time)" >&2; exit 2; }
done
command -v zstd >/dev/null || { echo "bench/db.sh: zstd missing (apt-get install zstd)" >&2; exit 2; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/horde-db-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
if [ -n "$PGN" ]; then
    GAMES_PGN=$PGN
    what="$PGN"
else
    CACHE=$PROJECT/build/bench-cache/db-$GAMES-17
    GAMES_PGN=$CACHE/games.pgn
    if [ ! -s "$GAMES_PGN" ]; then
        mkdir -p "$CACHE"
        "$GEN" --games "$GAMES" --seed 17 >"$CACHE/games.tmp"
        mv "$CACHE/games.tmp" "$GAMES_PGN"
    fi
    what="$GAMES random games in $GAMES_PGN"
fi
bytes=$(stat -c %s "$GAMES_PGN")
echo "horde-db bench: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg)"
printf 'input: %.1f MB (%s); --max-ply %d; %d interleaved rounds, medians\n\n' "$(echo "$bytes / 1000000" | bc -l)" "$what" "$MAX_PLY" "$RUNS"

for _ in $(seq "$RUNS"); do
    time_once check2 "$CHECK" -q --threads 2 "$GAMES_PGN"
    rm -rf "$WORK/db2"
    time_once add2 "$DB" add -q --threads 2 --max-ply "$MAX_PLY" "$WORK/db2" "$GAMES_PGN"
    rm -rf "$WORK/db1"
    time_once add1 "$DB" add -q --threads 1 --max-ply "$MAX_PLY" "$WORK/db1" "$GAMES_PGN"
done
ratio() { echo "$1 / $2" | bc -l; }
printf 'horde-check -q --threads 2: %.3f s wall %.3f s CPU\n' "$(med check2 wall)" "$(med check2 cpu)"
printf 'add --threads 2:            %.3f s wall %.3f s CPU, %.1f MB/s of PGN (%.1f MB per CPU second); / check: %.2fx wall (paired %.2fx), CPU paired %.2fx   target: >= 100 MB/s, <= 3x\n' \
    "$(med add2 wall)" "$(med add2 cpu)" "$(echo "$bytes / 1000000 / $(med add2 wall)" | bc -l)" "$(echo "$bytes / 1000000 / $(med add2 cpu)" | bc -l)" \
    "$(ratio "$(med add2 wall)" "$(med check2 wall)")" "$(paired_wall_ratio add2 check2)" "$(paired_ratio add2 check2)"
printf 'add --threads 1:            %.3f s wall %.3f s CPU; 1 thread / 2 threads: %.2fx wall (paired %.2fx)   target: >= 1.7x\n' \
    "$(med add1 wall)" "$(med add1 cpu)" "$(ratio "$(med add1 wall)" "$(med add2 wall)")" "$(paired_wall_ratio add1 add2)"

zstd -q -19 -T2 -c "$GAMES_PGN" >"$WORK/games.pgn.zst"
zst=$(stat -c %s "$WORK/games.pgn.zst")
dbsize=$(du -sb "$WORK/db2" | cut -f1)
printf 'size: database %.1f MB, input .pgn.zst (zstd -19) %.1f MB: %.2fx   target: <= 2x\n' \
    "$(echo "$dbsize / 1000000" | bc -l)" "$(echo "$zst / 1000000" | bc -l)" "$(ratio "$dbsize" "$zst")"

# 10,000 random positions of the games (within the ply limit), asked twice (the first pass warms).
# (head stops horde-list early: its SIGPIPE is no failure here, hence the `|| true`.)
{ "$LIST" --fields variant,fen,ply --format json "$GAMES_PGN" 2>/dev/null || true; } | head -n 3000000 |
    awk -v max="$MAX_PLY" -F'"' '{ ply = $0; sub(/.*"ply":/, "", ply); sub(/[,}].*/, "", ply); if (ply + 0 <= max) print $4 "\t" $8 }' |
    shuf -n 10000 --random-source=<(yes) >"$WORK/fens"
[ -s "$WORK/fens" ] || { echo "bench/db.sh: horde-list gave no positions of the games" >&2; exit 2; }
echo "query: $("$QUERY" "$WORK/db2" "$WORK/fens")   target: p99 <= 5 ms"

# Against an empty add's peak (the process: its libraries' code, RocksDB opened): what the add
# holds beyond its budget.
: >"$WORK/empty.pgn"
/usr/bin/time -f '%M' -o "$WORK/rss0" "$DB" add -q "$WORK/db0" "$WORK/empty.pgn" 2>/dev/null
for threads in 1 2; do
    /usr/bin/time -f '%M' -o "$WORK/rss" "$DB" add -q --threads "$threads" --memory 64M --max-ply "$MAX_PLY" \
        "$WORK/db3-$threads" "$GAMES_PGN" 2>/dev/null
    peak=$(tail -n 1 "$WORK/rss") empty=$(tail -n 1 "$WORK/rss0")
    printf 'peak RSS of add --memory 64M --threads %d: %d MiB = an empty add (%d MiB) + the budget (64 MiB) + %d MiB\n' \
        "$threads" "$((peak / 1024))" "$((empty / 1024))" "$(((peak - empty) / 1024 - 64))"
done
echo "load after the rounds: $(cut -d' ' -f1-3 /proc/loadavg)"
