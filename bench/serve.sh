#!/usr/bin/env bash
# horde-db serve under load: wrk (Debian) at 8 connections on the loopback against the
# explorer's default query (GET /lichess: the chess start position, every game, 12 moves, 4 top
# and 4 recent games), on a database of --games N random chess games (default 1,000,000;
# tests/tools/random_games.cpp, the same games on every machine), made once and kept in --cache
# DIR (default build/bench-cache/serve-GAMES). Reports requests per second, p50/p90/p99
# latency, errors (socket errors and non-2xx answers) and the server's peak RSS (VmHWM), for
# --duration S seconds (default 20) after a 3 s warm-up. Targets (issue 47): >= 5,000 requests/s
# on 2 cores, p99 <= 20 ms, 0 errors. Bounded in time: wrk stops after --duration, the server
# after SIGTERM (killed 20 s later if it has not stopped).
# --answer-cache MB is the server's --cache (default 64; 0: every request asks the database).
# Usage: bench/serve.sh [--games N] [--duration S] [--threads N] [--connections N] [--build DIR]
#                       [--cache DIR] [--path /lichess?...] [--answer-cache MB]
# Exit status: 0 (targets are reported, not enforced), 1 when a request failed, 2 on a setup error.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
PROJECT=$(cd "$HERE/.." && pwd)
GAMES=1000000
DURATION=20
THREADS=16
CONNECTIONS=8
BUILD=$PROJECT/build
CACHE=
QUERY=/lichess
ANSWER_CACHE=64
while [ $# -gt 0 ]; do
    case $1 in
        --games) GAMES=$2; shift 2 ;;
        --duration) DURATION=$2; shift 2 ;;
        --threads) THREADS=$2; shift 2 ;;
        --connections) CONNECTIONS=$2; shift 2 ;;
        --build) BUILD=$2; shift 2 ;;
        --cache) CACHE=$2; shift 2 ;;
        --path) QUERY=$2; shift 2 ;;
        --answer-cache) ANSWER_CACHE=$2; shift 2 ;;
        *) echo "bench/serve.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
CACHE=${CACHE:-$BUILD/bench-cache/serve-$GAMES}
DB_TOOL=$BUILD/tools/horde-db
GEN=$BUILD/tests/cli/horde_random_games
WRK=$(command -v wrk || true)
for p in "$DB_TOOL" "$GEN"; do
    [ -x "$p" ] || { echo "bench/serve.sh: $p missing (cmake --build build --target horde-db horde_random_games)" >&2; exit 2; }
done
[ -n "$WRK" ] || { echo "bench/serve.sh: wrk missing (apt-get install wrk)" >&2; exit 2; }

mkdir -p "$CACHE"
if [ ! -f "$CACHE/db.done" ]; then
    echo "making $GAMES random chess games and their database in $CACHE (once)" >&2
    rm -rf "$CACHE/db"
    "$GEN" --games "$GAMES" --seed 47 | zstd -q -1 -o "$CACHE/games.pgn.zst" -f
    start=$(date +%s)
    "$DB_TOOL" add "$CACHE/db" "$CACHE/games.pgn.zst" >&2
    echo "horde-db add: $(( $(date +%s) - start )) s for $GAMES games" >&2
    touch "$CACHE/db.done"
fi

WORK=$(mktemp -d)
SERVER=
cleanup() {
    if [ -n "$SERVER" ] && kill -0 "$SERVER" 2>/dev/null; then
        kill -TERM "$SERVER" 2>/dev/null || true
        for _ in $(seq 200); do kill -0 "$SERVER" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$SERVER" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT
"$DB_TOOL" serve "$CACHE/db" --port 0 --quiet --threads "$THREADS" --cache "$ANSWER_CACHE" 2>"$WORK/server.log" &
SERVER=$!
PORT=
for _ in $(seq 600); do
    PORT=$(sed -n 's|.* on http://[^:]*:\([0-9]*\)/.*|\1|p' "$WORK/server.log")
    [ -n "$PORT" ] && break
    kill -0 "$SERVER" 2>/dev/null || { cat "$WORK/server.log" >&2; exit 2; }
    sleep 0.1
done
[ -n "$PORT" ] || { echo "bench/serve.sh: the server did not start" >&2; exit 2; }
URL="http://127.0.0.1:$PORT$QUERY"
curl -sf "$URL" >"$WORK/answer.json" || { echo "bench/serve.sh: $URL failed" >&2; exit 2; }
games=$(python3 -c 'import json,sys; a=json.load(open(sys.argv[1])); print(a["white"]+a["draws"]+a["black"])' "$WORK/answer.json")

"$WRK" -t2 -c"$CONNECTIONS" -d3s "$URL" >/dev/null # warm-up: the database's blocks in the cache
"$WRK" -t2 -c"$CONNECTIONS" -d"${DURATION}s" --latency "$URL" >"$WORK/wrk.txt"
rss=$(awk '/VmHWM/ { print $2 }' "/proc/$SERVER/status")
rps=$(awk '/^Requests\/sec/ { print $2 }' "$WORK/wrk.txt")
p() { awk -v q="$1" '$1 == q { print $2 }' "$WORK/wrk.txt"; }
socket_errors=$(awk '/Socket errors/ { n = 0; for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+,?$/) n += $i; print n }' "$WORK/wrk.txt")
non2xx=$(awk '/Non-2xx/ { print $NF }' "$WORK/wrk.txt")
requests=$(awk '/requests in/ { print $1 }' "$WORK/wrk.txt")
echo "horde-db serve, $GAMES games in the database, GET $QUERY (the position's games: $games)"
echo "wrk -t2 -c$CONNECTIONS -d${DURATION}s, server --threads $THREADS --cache $ANSWER_CACHE, $(nproc) cores"
echo "requests: $requests, $rps requests/s (target >= 5000)"
echo "latency p50 $(p 50%), p90 $(p 90%), p99 $(p 99%) (target p99 <= 20 ms)"
echo "errors: ${socket_errors:-0} socket, ${non2xx:-0} non-2xx (target 0)"
echo "server peak RSS: $((rss / 1024)) MB"
[ "${socket_errors:-0}" = 0 ] && [ "${non2xx:-0}" = 0 ]
