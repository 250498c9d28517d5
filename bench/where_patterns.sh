#!/usr/bin/env bash
# Position patterns in --where (issue 33): what a material or placement predicate over every
# position costs against plain checking, and a placement selection against pgn-extract's
# FENPattern, in one run, one thread, medians over the rounds (each round runs every command
# once, interleaved; ratios paired by round as in bench/check.sh).
#   corpora: each valid corpus of testdata/games (chess, horde, orda) repeated to at least
#   --games games, and the real-shaped corpus of bench/check.sh (bench/real_corpus.py) when
#   it is cached in --real-cache (bench/check.sh --real-only makes it)
#   plain      horde-check -q FILE
#   material   horde-check -q --where 'for(4, material_diff("N") != 0 or material(white, "Q") >= 2)' FILE
#   placement  horde-check -q --where 'pattern("*/*/*/???N*/*/*/*/*")' FILE   (a knight on d5: every
#              position of a game without one is tested)
#   and on the chess corpus: horde-check --where pattern(P) --valid-out - FILE against
#   pgn-extract -s -t tags.txt FILE with tags.txt: FENPattern "P", P the same knight on d5 with
#   '?' for each other square, each printing the games (pgn-extract also looks inside variations).
# Targets (issue 33): material / plain and placement / plain <= 1.3; pgn-extract / ours >= 10.
# Usage: bench/where_patterns.sh [--runs N] [--games N] [--check PATH] [--pgn-extract PATH] [--real-cache DIR]
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
PROJECT=$(cd "$HERE/.." && pwd)
# shellcheck source=common.sh
. "$HERE/common.sh"
RUNS=5
MIN_GAMES=30000
CHECK=$PROJECT/build/tools/horde-check
PGN_EXTRACT=/usr/games/pgn-extract
REAL_CACHE=$PROJECT/build/bench-cache/real-20000-2-20-17
while [ $# -gt 0 ]; do
    case $1 in
    --runs) RUNS=$2; shift 2 ;;
    --games) MIN_GAMES=$2; shift 2 ;;
    --check) CHECK=$2; shift 2 ;;
    --pgn-extract) PGN_EXTRACT=$2; shift 2 ;;
    --real-cache) REAL_CACHE=$2; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/where_patterns.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
[ -x "$CHECK" ] || { echo "bench/where_patterns.sh: $CHECK not built" >&2; exit 2; }
[ -x "$PGN_EXTRACT" ] || { echo "bench/where_patterns.sh: $PGN_EXTRACT missing (apt-get install pgn-extract)" >&2; exit 2; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/horde-where-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

MATERIAL='for(4, material_diff("N") != 0 or material(white, "Q") >= 2)'
PLACEMENT='pattern("*/*/*/???N*/*/*/*/*")'
FULL='????????/????????/????????/???N????/????????/????????/????????/????????'
echo "FENPattern \"$FULL\"" >"$WORK/tags.txt"

corpora=()
for v in chess horde orda; do
    per=$(grep -c '^\[Event ' "$PROJECT/testdata/games/$v-valid.pgn")
    for _ in $(seq 1 $(((MIN_GAMES + per - 1) / per))); do cat "$PROJECT/testdata/games/$v-valid.pgn"; done >"$WORK/$v.pgn"
    corpora+=("$v")
done
if [ -d "$REAL_CACHE" ] && ls "$REAL_CACHE"/*.pgn >/dev/null 2>&1; then
    cat "$REAL_CACHE"/*.pgn >"$WORK/real.pgn"
    corpora+=(real)
else
    echo "(no real-shaped corpus in $REAL_CACHE: bench/check.sh --real-only makes it)"
fi
echo "where-patterns bench: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%Y-%m-%dT%H:%MZ); $RUNS rounds"
for c in "${corpora[@]}"; do
    echo "  $c: $("$CHECK" -q "$WORK/$c.pgn" 2>&1 >/dev/null | tail -n 1)"
done

games() { grep -c '^\[Event ' || true; }
ours=$("$CHECK" --threads 1 -q --where "pattern(\"$FULL\")" --valid-out - "$WORK/chess.pgn" 2>/dev/null | games)
theirs=$("$PGN_EXTRACT" -s -t "$WORK/tags.txt" "$WORK/chess.pgn" 2>/dev/null | games)
echo "  knight on d5 in the chess corpus: horde-check selects $ours games, pgn-extract $theirs"

for _ in $(seq 1 "$RUNS"); do
    for c in "${corpora[@]}"; do
        time_once "plain-$c" "$CHECK" --threads 1 -q "$WORK/$c.pgn"
        time_once "material-$c" "$CHECK" --threads 1 -q --where "$MATERIAL" "$WORK/$c.pgn"
        time_once "placement-$c" "$CHECK" --threads 1 -q --where "$PLACEMENT" "$WORK/$c.pgn"
    done
    time_once ours-select "$CHECK" --threads 1 -q --where "pattern(\"$FULL\")" --valid-out - "$WORK/chess.pgn"
    time_once theirs-select "$PGN_EXTRACT" -s -t "$WORK/tags.txt" "$WORK/chess.pgn"
done

paired_ratio() {
    paste <(awk -v l="$1" '$1 == l { print $3 }' "$WORK/times") <(awk -v l="$2" '$1 == l { print $3 }' "$WORK/times") |
        awk '$2 > 0 { printf "%.4f\n", $1 / $2 }' | median
}
printf '%-22s %8s %8s\n' command "wall s" "cpu s"
for c in "${corpora[@]}"; do
    for k in plain material placement; do printf '%-22s %8.3f %8.3f\n' "$k-$c" "$(med "$k-$c" wall)" "$(med "$k-$c" cpu)"; done
done
for k in ours-select theirs-select; do printf '%-22s %8.3f %8.3f\n' "$k" "$(med "$k" wall)" "$(med "$k" cpu)"; done
for c in "${corpora[@]}"; do
    printf '%-6s material / plain %.2fx CPU, placement / plain %.2fx CPU (paired medians; target <= 1.30)\n' \
        "$c" "$(paired_ratio "material-$c" "plain-$c")" "$(paired_ratio "placement-$c" "plain-$c")"
done
printf 'pgn-extract FENPattern / horde-check pattern(): %.2fx CPU (paired median; target >= 10)\n' \
    "$(paired_ratio theirs-select ours-select)"
