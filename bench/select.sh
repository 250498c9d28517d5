#!/usr/bin/env bash
# Selection speed and agreement of horde-check --where against pgn-extract (Debian), in one
# run, on the same standard-chess file: testdata/games/chess-valid.pgn repeated to at least
# --games games (default 21,000), each game given a WhiteElo tag (1500 + 37·i mod 1200) and a
# unique Round, so that a tag selection has something to choose.
#   plain      horde-check -q FILE                                   (the cost of checking)
#   where-only horde-check -q --where 'WhiteElo >= 2400' FILE        (the cost of --where)
#   tag        horde-check -q --where 'WhiteElo >= 2400' --valid-out - FILE
#   pgn-extract -t tags.txt FILE   with tags.txt: WhiteElo >= "2400"
#   mate       horde-check -q --where 'status == "checkmate"' --valid-out - FILE
#   pgn-extract --checkmate FILE
#   stalemate  horde-check -q --where 'status == "stalemate"' --valid-out - FILE
#   pgn-extract --stalemate FILE
# Each pair must select the same games (compared by their Round tags); RUNS runs each
# (default 5), alternating, on --threads 1 (pgn-extract has one thread); medians of wall and
# CPU seconds, and the ratios: where-only / plain (target: at most 1.10) and pgn-extract / horde-check
# (target: at least 10).
# Usage: bench/select.sh [--runs N] [--games N] [--check PATH] [--pgn-extract PATH]
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
PROJECT=$(cd "$HERE/.." && pwd)
# shellcheck source=common.sh
. "$HERE/common.sh"
RUNS=5
MIN_GAMES=21000
CHECK=$PROJECT/build/tools/horde-check
PGN_EXTRACT=/usr/games/pgn-extract
SRC=$PROJECT/testdata/games/chess-valid.pgn
while [ $# -gt 0 ]; do
    case $1 in
    --runs) RUNS=$2; shift 2 ;;
    --games) MIN_GAMES=$2; shift 2 ;;
    --check) CHECK=$2; shift 2 ;;
    --pgn-extract) PGN_EXTRACT=$2; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/select.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
[ -x "$CHECK" ] || { echo "bench/select.sh: $CHECK not built" >&2; exit 2; }
[ -x "$PGN_EXTRACT" ] || { echo "bench/select.sh: $PGN_EXTRACT missing (apt-get install pgn-extract)" >&2; exit 2; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/horde-select-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

per=$(grep -c '^\[Event ' "$SRC")
copies=$(((MIN_GAMES + per - 1) / per))
for _ in $(seq 1 "$copies"); do cat "$SRC"; done |
    awk '/^\[Event /{ n++ } /^\[Round /{ printf "[Round \"%d\"]\n[WhiteElo \"%d\"]\n", n, 1500 + (n * 37) % 1200; next } { print }' \
        >"$WORK/corpus.pgn"
games=$(grep -c '^\[Event ' "$WORK/corpus.pgn")
echo 'WhiteElo >= "2400"' >"$WORK/tags.txt"
echo "select bench: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%Y-%m-%dT%H:%MZ)"
echo "  corpus: chess-valid.pgn x $copies with WhiteElo and Round tags = $games games, $(($(stat -c %s "$WORK/corpus.pgn") / 1048576)) MB"

rounds() { grep '^\[Round ' | tr -dc '0-9\n' | sort -n; }
declare -A OURS=([tag]="--where 'WhiteElo >= 2400'" [mate]="--where 'status == \"checkmate\"'" [stalemate]="--where 'status == \"stalemate\"'")
declare -A THEIRS=([tag]="-t $WORK/tags.txt" [mate]="--checkmate" [stalemate]="--stalemate")
ours_cmd() { eval "\"$CHECK\" --threads 1 -q ${OURS[$1]} --valid-out - \"$WORK/corpus.pgn\""; }
theirs_cmd() { eval "\"$PGN_EXTRACT\" -s ${THEIRS[$1]} \"$WORK/corpus.pgn\""; }
for k in tag mate stalemate; do
    ours_cmd "$k" 2>/dev/null | rounds >"$WORK/$k.ours"
    theirs_cmd "$k" 2>/dev/null | rounds >"$WORK/$k.theirs"
    same=$(cmp -s "$WORK/$k.ours" "$WORK/$k.theirs" && echo "same games" || echo "DIFFERENT games")
    echo "  $k: horde-check selects $(wc -l <"$WORK/$k.ours"), pgn-extract $(wc -l <"$WORK/$k.theirs"): $same"
done
for _ in $(seq 1 "$RUNS"); do
    time_once plain "$CHECK" --threads 1 -q "$WORK/corpus.pgn"
    time_once where-only "$CHECK" --threads 1 -q --where 'WhiteElo >= 2400' "$WORK/corpus.pgn"
    for k in tag mate stalemate; do
        time_once "ours-$k" ours_cmd "$k"
        time_once "theirs-$k" theirs_cmd "$k"
    done
done
printf '%-28s %8s %8s\n' command "wall s" "cpu s"
for l in plain where-only ours-tag theirs-tag ours-mate theirs-mate ours-stalemate theirs-stalemate; do
    printf '%-28s %8.3f %8.3f\n' "$l" "$(med "$l" wall)" "$(med "$l" cpu)"
done
ratio() { awk -v a="$(med "$1" "$3")" -v b="$(med "$2" "$3")" 'BEGIN { printf "%.2f", (b > 0) ? a / b : 0 }'; }
echo "--where tag (no output) / plain check: $(ratio where-only plain cpu)x CPU, $(ratio where-only plain wall)x wall (target <= 1.10)"
for k in tag mate stalemate; do
    echo "pgn-extract / horde-check ($k): $(ratio "theirs-$k" "ours-$k" wall)x wall, $(ratio "theirs-$k" "ours-$k" cpu)x CPU (target >= 10)"
done
