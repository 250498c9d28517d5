#!/usr/bin/env bash
# Validation speed of horde-check against pgn-extract -r (Debian), in one run, on the same
# standard-chess file; our Horde and Orda speed on corpora of the same build; peak RSS of
# horde-check on an input of at least 500 MB.
#
# Corpora: the shared valid corpora (testdata/games/*-valid.pgn, 300 games each: random games,
# every kind of game end, comments, NAGs, variations, set-up positions) repeated to at least
# 60,000 games per variant (the issue asks for at least 20,000). Everything is generated under a temporary folder and deleted.
# Plies/s = the plies horde-check reports for the file / wall-clock seconds (the same plies
# are credited to pgn-extract). Single thread; median of N interleaved rounds (default 7).
#
# --threads rows: the same chess file, plain and as .zst, on N threads (default: every core)
# against one thread, wall clock (the other rows are --threads 1).
#
# Real-shaped corpus (issue 17): bench/real_corpus.py's 20,000 games from Stockfish self-play
# (16 tags, [%clk] in a third, variations in a third, NAGs, CRLF in a quarter of the 8 files),
# made once and cached in --real-cache (default build/bench-cache/real-20000-2-20-17; about 6 CPU
# minutes to make): one thread of horde-check against pgn-extract -r on the 8 files.
# --real-only: only that comparison.
# --pgn-reader PATH: also time PATH, a validator built on pgn-reader + shakmaty (Rust; the user
# builds it from its public source, e.g. pgn-reader's examples/validate.rs; the project ships no
# peer), run as `PATH FILE...`, on the real-shaped corpus and on the chess corpus, one thread,
# interleaved with the others; prints horde-check's ratio against it beside pgn-extract's.
# --real-files PATH: also real games of your own (a plain PGN file, or a folder of .pgn files: lichess
# exports, TWIC issues, broadcasts; the project bundles none): one thread of horde-check against
# pgn-extract -r (and the pgn-reader validator), and --threads N against one thread, on them.
# --check PATH: the horde-check to time (default build/tools/horde-check; build-pgo/tools/horde-check
# for the profile-guided build of scripts/build-pgo.sh).
# Usage: bench/check.sh [--runs N] [--check PATH] [--pgn-extract PATH] [--pgn-reader PATH] [--big-mb N]
#                       [--threads N] [--real-cache DIR] [--real-only] [--real-files PATH]
# Exit status: 0 (targets are reported, not enforced), 2 on a usage or setup error.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
PROJECT=$(cd "$HERE/.." && pwd)
# shellcheck source=common.sh
. "$HERE/common.sh"
RUNS=7
CHECK=$PROJECT/build/tools/horde-check
PGN_EXTRACT=/usr/games/pgn-extract
BIG_MB=520
THREADS=$(nproc)
GAMES=$PROJECT/testdata/games
REAL_CACHE=$PROJECT/build/bench-cache/real-20000-2-20-17
REAL_ONLY=0
PGN_READER=
REAL_FILES=

while [ $# -gt 0 ]; do
    case $1 in
    --runs) RUNS=$2; shift 2 ;;
    --check) CHECK=$2; shift 2 ;;
    --pgn-extract) PGN_EXTRACT=$2; shift 2 ;;
    --pgn-reader) PGN_READER=$2; shift 2 ;;
    --big-mb) BIG_MB=$2; shift 2 ;;
    --threads) THREADS=$2; shift 2 ;;
    --real-cache) REAL_CACHE=$2; shift 2 ;;
    --real-only) REAL_ONLY=1; shift ;;
    --real-files) REAL_FILES=$2; shift 2 ;;
    -h|--help) sed -n '2,31p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench/check.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "bench/check.sh: --runs must be a positive number" >&2; exit 2; }
[[ $BIG_MB =~ ^[1-9][0-9]*$ ]] || { echo "bench/check.sh: --big-mb must be a positive number" >&2; exit 2; }
[ -x "$CHECK" ] || { echo "bench/check.sh: $CHECK not built" >&2; exit 2; }
[ -x "$PGN_EXTRACT" ] || { echo "bench/check.sh: $PGN_EXTRACT missing (apt-get install pgn-extract)" >&2; exit 2; }
[ -z "$PGN_READER" ] || [ -x "$PGN_READER" ] || { echo "bench/check.sh: --pgn-reader $PGN_READER is not an executable" >&2; exit 2; }
[ -z "$REAL_FILES" ] || [ -e "$REAL_FILES" ] || { echo "bench/check.sh: --real-files $REAL_FILES: no such file or folder" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench/check.sh: /usr/bin/time missing (apt-get install time)" >&2; exit 2; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/horde-check-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# corpus <variant> <min-games>: the variant's valid corpus repeated to at least min-games games.
corpus() {
    local v=$1 min=$2 per copies
    per=$(grep -c '^\[Event ' "$GAMES/$v-valid.pgn")
    copies=$(((min + per - 1) / per))
    for _ in $(seq 1 "$copies"); do cat "$GAMES/$v-valid.pgn"; done >"$WORK/$v.pgn"
}

# peer_row <peer label> <our label> <plies>: the pgn-reader validator's time and our ratio to it
# (it checks the moves only: no check marks, move numbers, results, draw rules, line:column).
peer_row() {
    local t
    t=$(med "$1" cpu)
    printf '  pgn-reader validate        %7.3f s CPU %12.0f plies/s\n' "$t" "$(echo "$3 / $t" | bc -l)"
    printf '  ratio horde-check / pgn-reader: %.2fx CPU time; paired by round: %.2fx CPU\n' \
        "$(echo "$t / $(med "$2" cpu)" | bc -l)" "$(paired_ratio "$1" "$2")"
}

# peer_rows <label> <plies>: one thread of horde-check (label) against pgn-extract -r
# (label-pgn-extract) and the pgn-reader validator (label-pgn-reader) on the same files.
peer_rows() {
    local ours theirs
    ours=$(med "$1" cpu) theirs=$(med "$1-pgn-extract" cpu)
    printf '  horde-check -q --threads 1 %7.3f s CPU %12.0f plies/s\n' "$ours" "$(echo "$2 / $ours" | bc -l)"
    printf '  pgn-extract -r             %7.3f s CPU %12.0f plies/s\n' "$theirs" "$(echo "$2 / $theirs" | bc -l)"
    printf '  ratio horde-check / pgn-extract: %.1fx CPU time; paired by round: %.1fx CPU (target >= 10x)\n' \
        "$(echo "$theirs / $ours" | bc -l)" "$(paired_ratio "$1-pgn-extract" "$1")"
    [ -z "$PGN_READER" ] || peer_row "$1-pgn-reader" "$1" "$2"
}

# plies and game counts from horde-check's summary line
summary() { "$CHECK" -q "$1" 2>&1 >/dev/null | tail -n 1; }
field() { grep -Eo '[0-9]+' <<<"$1" | sed -n "${2}p"; }

echo "horde-check bench: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
echo "horde-check: $CHECK ($("$CHECK" --version 2>&1 | head -n 1)); pgn-extract: $PGN_EXTRACT${PGN_READER:+; pgn-reader: $PGN_READER}"
echo "rounds: $RUNS (each measurement once per round, interleaved; medians)"
echo

# --- the real-shaped corpus: made once (cached), then one thread against pgn-extract -r
if [ ! -s "$REAL_CACHE/README" ]; then
    echo "making the real-shaped corpus in $REAL_CACHE (Stockfish self-play, about 6 CPU minutes)..."
    python3 "$HERE/real_corpus.py" --out "$REAL_CACHE" --replay "$(dirname "$CHECK")/horde-replay" --check "$CHECK" >&2
fi
real_files=("$REAL_CACHE"/real-*.pgn)
rs=$("$CHECK" -q --threads 1 "${real_files[@]}" 2>&1 >/dev/null | tail -n 1)
real_plies=$(field "$rs" 5)
printf 'real-shaped corpus (%s): %d files, %d games, %d plies, %.1f MB (%d invalid, %s)\n' "$(head -n 1 "$REAL_CACHE/README")" \
    "${#real_files[@]}" "$(field "$rs" 1)" "$real_plies" "$(echo "$(cat "${real_files[@]}" | wc -c) / 1000000" | bc -l)" \
    "$(field "$rs" 3)" "$(sed -n 2p "$REAL_CACHE/README")"
: >"$WORK/times"
for _ in $(seq 1 "$RUNS"); do
    time_once real "$CHECK" -q --threads 1 "${real_files[@]}"
    time_once real-pgn-extract "$PGN_EXTRACT" -r "${real_files[@]}"
    [ -z "$PGN_READER" ] || time_once real-pgn-reader "$PGN_READER" "${real_files[@]}"
done
peer_rows real "$real_plies"
echo

# --- the user's real files (--real-files): one thread against the peers, and --threads N
if [ -n "$REAL_FILES" ]; then
    if [ -d "$REAL_FILES" ]; then user_files=("$REAL_FILES"/*.pgn); else user_files=("$REAL_FILES"); fi
    [ -e "${user_files[0]}" ] || { echo "bench/check.sh: no .pgn file in $REAL_FILES" >&2; exit 2; }
    us=$({ "$CHECK" -q --threads 1 "${user_files[@]}" 2>&1 >/dev/null || true; } | tail -n 1) # exit 1 on invalid games
    user_plies=$(field "$us" 5)
    printf 'real files (%s): %d files, %d games, %d plies, %.1f MB (%d invalid)\n' "$REAL_FILES" "${#user_files[@]}" \
        "$(field "$us" 1)" "$user_plies" "$(echo "$(cat "${user_files[@]}" | wc -c) / 1000000" | bc -l)" "$(field "$us" 3)"
    for _ in $(seq 1 "$RUNS"); do
        time_once user "$CHECK" -q --threads 1 "${user_files[@]}"
        time_once user-pgn-extract "$PGN_EXTRACT" -r "${user_files[@]}"
        [ -z "$PGN_READER" ] || time_once user-pgn-reader "$PGN_READER" "${user_files[@]}"
        time_once user-threads "$CHECK" -q --threads "$THREADS" "${user_files[@]}"
    done
    peer_rows user "$user_plies"
    printf '  --threads %d: %7.3f s wall vs %.3f s one thread: %.2fx one thread (paired by round; target >= 1.8x)\n' \
        "$THREADS" "$(med user-threads wall)" "$(med user wall)" "$(paired_wall_ratio user user-threads)"
    echo
fi
[ "$REAL_ONLY" = 1 ] && exit 0

# --- chess: horde-check against pgn-extract -r on the same file
corpus chess 60000
s=$(summary "$WORK/chess.pgn")
games=$(field "$s" 1)
plies=$(field "$s" 5)
invalid=$(field "$s" 3)
mb=$(echo "$(stat -c %s "$WORK/chess.pgn") / 1000000" | bc -l)
printf 'chess corpus: %d games, %d plies, %.1f MB (%d invalid)\n' "$games" "$plies" "$mb" "$invalid"
# The .zst: one zstd frame per copy of the corpus (concatenated frames, as zstd reads them), so
# that the ratio is that of real PGN (about 5x) and not of a file repeated within zstd's window.
per=$(grep -c '^\[Event ' "$GAMES/chess-valid.pgn")
for _ in $(seq 1 $(((60000 + per - 1) / per))); do zstd -q -c "$GAMES/chess-valid.pgn"; done >"$WORK/chess.pgn.zst"
pe_games=$("$PGN_EXTRACT" -r "$WORK/chess.pgn" 2>&1 >/dev/null | grep -Eo '[0-9]+ games matched' | grep -Eo '^[0-9]+' || echo '?')
corpus horde 60000
corpus orda 60000
hs=$(summary "$WORK/horde.pgn")
os=$(summary "$WORK/orda.pgn")
horde_plies=$(field "$hs" 5)
orda_plies=$(field "$os" 5)

# Every round runs each measurement once, interleaved, so that the machine's load (shared and
# noisy) weighs on all of them alike; the figures are medians over the rounds.
: >"$WORK/times"
for _ in $(seq 1 "$RUNS"); do
    time_once ours "$CHECK" -q --threads 1 "$WORK/chess.pgn"
    time_once pgn-extract "$PGN_EXTRACT" -r "$WORK/chess.pgn"
    [ -z "$PGN_READER" ] || time_once pgn-reader "$PGN_READER" "$WORK/chess.pgn"
    time_once threads "$CHECK" -q --threads "$THREADS" "$WORK/chess.pgn"
    time_once zst1 "$CHECK" -q --threads 1 "$WORK/chess.pgn.zst"
    time_once zst "$CHECK" -q --threads "$THREADS" "$WORK/chess.pgn.zst"
    time_once horde "$CHECK" -q --threads 1 "$WORK/horde.pgn"
    time_once orda "$CHECK" -q --threads 1 "$WORK/orda.pgn"
    time_once lichess "$CHECK" -q --threads 1 --lichess "$WORK/horde.pgn"
done
ours=$(med ours cpu) ours_wall=$(med ours wall)
theirs=$(med pgn-extract cpu) theirs_wall=$(med pgn-extract wall)
ours_pps=$(echo "$plies / $ours" | bc -l)
printf '  horde-check -q      %7.3f s CPU %12.0f plies/s   (wall %.3f s, %.0f plies/s)\n' "$ours" "$ours_pps" \
    "$ours_wall" "$(echo "$plies / $ours_wall" | bc -l)"
printf '  pgn-extract -r      %7.3f s CPU %12.0f plies/s   (wall %.3f s, %.0f plies/s; games it read: %s)\n' "$theirs" \
    "$(echo "$plies / $theirs" | bc -l)" "$theirs_wall" "$(echo "$plies / $theirs_wall" | bc -l)" "$pe_games"
printf '  ratio horde-check / pgn-extract: %.1fx CPU time, %.1fx wall time; paired by round: %.1fx CPU (target >= 10x)\n' \
    "$(echo "$theirs / $ours" | bc -l)" "$(echo "$theirs_wall / $ours_wall" | bc -l)" "$(paired_ratio pgn-extract ours)"
[ -z "$PGN_READER" ] || peer_row pgn-reader ours "$plies"
# --threads: wall-clock speed-up over one thread, on the plain file and on its .zst (decompression
# on the reader thread overlaps the checking), paired by round.
printf '  --threads %d, plain:  %7.3f s wall vs %.3f s one thread: %.2fx one thread (paired by round; target >= 1.8x); %.1fx pgn-extract wall\n' \
    "$THREADS" "$(med threads wall)" "$ours_wall" "$(paired_wall_ratio ours threads)" "$(echo "$theirs_wall / $(med threads wall)" | bc -l)"
printf '  --threads %d, .zst:   %7.3f s wall vs %.3f s one thread: %.2fx one thread (paired by round; target >= 1.8x); %.1fx pgn-extract wall (%.1f MB compressed)\n' \
    "$THREADS" "$(med zst wall)" "$(med zst1 wall)" "$(paired_wall_ratio zst1 zst)" "$(echo "$theirs_wall / $(med zst wall)" | bc -l)" \
    "$(echo "$(stat -c %s "$WORK/chess.pgn.zst") / 1000000" | bc -l)"
echo

# --- Horde and Orda, against our chess speed (plies/s ratio = time ratio scaled by the plies)
for v in horde orda; do
    s=$hs vplies=$horde_plies
    [ "$v" = orda ] && s=$os vplies=$orda_plies
    cpu=$(med "$v" cpu)
    pps=$(echo "$vplies / $cpu" | bc -l)
    paired=$(echo "$(paired_ratio ours "$v") * $vplies / $plies" | bc -l)
    printf '%-5s corpus: %d games, %d plies: %7.3f s CPU %12.0f plies/s = %.2fx our chess plies/s, paired %.2fx (target >= 0.7)\n' \
        "$v" "$(field "$s" 1)" "$vplies" "$cpu" "$pps" "$(echo "$pps / $ours_pps" | bc -l)" "$paired"
done
cpu=$(med lichess cpu)
printf 'horde with --lichess:                            %7.3f s CPU %12.0f plies/s\n' "$cpu" "$(echo "$horde_plies / $cpu" | bc -l)"
rm -f "$WORK/horde.pgn" "$WORK/orda.pgn"
echo

# --- peak RSS on a large input (all three variants mixed)
cat "$WORK/chess.pgn" "$GAMES/horde-valid.pgn" "$GAMES/orda-valid.pgn" >"$WORK/chunk.pgn"
chunk=$(stat -c %s "$WORK/chunk.pgn")
copies=$(((BIG_MB * 1000000 + chunk - 1) / chunk))
for _ in $(seq 1 "$copies"); do cat "$WORK/chunk.pgn"; done >"$WORK/big.pgn"
rm -f "$WORK/chunk.pgn" "$WORK/chess.pgn"
size=$(stat -c %s "$WORK/big.pgn")
/usr/bin/time -f '%M %e' -o "$WORK/rss" "$CHECK" -q "$WORK/big.pgn" 2>"$WORK/big.err" || true
read -r rss secs <"$WORK/rss"
printf 'large input: %.0f MB, %s\n' "$(echo "$size / 1000000" | bc -l)" "$(tail -n 1 "$WORK/big.err")"
printf '  peak RSS %d KB = %.1f MB at the default --threads (target <= 64 MB), %.2f s wall, %.0f MB/s\n' "$rss" "$(echo "$rss / 1024" | bc -l)" \
    "$secs" "$(echo "$size / 1000000 / $secs" | bc -l)"
/usr/bin/time -f '%M %e' -o "$WORK/rss" "$CHECK" -q --json --valid-out "$WORK/v.pgn" --invalid-out /dev/null "$WORK/big.pgn" \
    >/dev/null 2>"$WORK/big.err" || true
read -r rss secs <"$WORK/rss"
printf '  with --json --valid-out: peak RSS %d KB = %.1f MB, %.2f s wall\n' "$rss" "$(echo "$rss / 1024" | bc -l)" "$secs"
