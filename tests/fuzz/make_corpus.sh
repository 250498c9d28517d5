#!/usr/bin/env bash
# Rebuilds the seed corpora tests/fuzz/corpus/<name>/ from testdata/ (the corpora are
# committed; run this only when testdata changes). Needs a built horde-list.
# Usage: tests/fuzz/make_corpus.sh [BUILD_DIR]   (default: build)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
PROJECT=$(cd "$HERE/../.." && pwd)
BUILD=${1:-$PROJECT/build}
LIST=$BUILD/tools/horde-list
[ -x "$LIST" ] || { echo "make_corpus.sh: build horde-list first ($LIST)" >&2; exit 2; }
CORPUS=$HERE/corpus
TESTDATA=$PROJECT/testdata
rm -rf "$CORPUS"
mkdir -p "$CORPUS"/{fen,san,pgn,moves,epd,movegen,input,tree}
ln -s pgn "$CORPUS/split" # split's seeds are pgn's

for v in chess horde orda chess960; do
    n=0
    while IFS= read -r line; do
        n=$((n + 1))
        fen=${line%%;*}
        fen=${fen% }
        printf '%s\n' "$line" >"$CORPUS/epd/$v-$n"
        printf '%s\n' "$fen" >"$CORPUS/fen/$v-$n"
        # movegen: the FEN, then walk bytes (hex digits of a hash: fixed, but varied)
        printf '%s\n%s' "$fen" "$(printf '%s' "$fen" | sha256sum | cut -c1-32)" >"$CORPUS/movegen/$v-$n"
    done < <(cat "$TESTDATA/perft/$v.epd" "$TESTDATA/perft/$v-"*.epd | awk -v v="$v" 'v != "chess960" || NR % 40 == 1 || NR > 960')

    # pgn: every invalid game (one stated defect each), every 10th valid game, and one file of
    # five games.
    [ ! -f "$TESTDATA/games/$v-invalid.pgn" ] ||
        awk -v dir="$CORPUS/pgn" -v v="$v" -v kind=invalid '/^\[Event /{ n++ } { print > (dir "/" v "-" kind "-" n) }' \
            "$TESTDATA/games/$v-invalid.pgn"
    awk -v dir="$CORPUS/pgn" -v v="$v" '/^\[Event /{ n++ } n % 10 == 1 || v == "chess960" { print > (dir "/" v "-valid-" n) }' \
        "$TESTDATA/games/$v-valid.pgn"
    awk '/^\[Event /{ n++ } n >= 20 && n < 25' "$TESTDATA/games/$v-valid.pgn" >"$CORPUS/pgn/$v-valid-five"

    # san: "FEN\nSAN" for every 150th position of the valid games; moves: "FEN\nmove list" of
    # every 15th valid game, in SAN with move numbers for odd games, UCI for even ones.
    "$LIST" --format epd "$TESTDATA/games/$v-valid.pgn" 2>/dev/null |
        awk -v dir="$CORPUS/san" -v v="$v" 'NR % 150 == 0 && match($0, /sm "[^"]*"/) {
            split($0, f, " "); fen = f[1] " " f[2] " " f[3] " " f[4]
            printf "%s\n%s\n", fen, substr($0, RSTART + 4, RLENGTH - 5) > (dir "/" v "-" NR) }'
    "$LIST" --format tsv "$TESTDATA/games/$v-valid.pgn" 2>/dev/null |
        awk -F '\t' -v dir="$CORPUS/moves" -v v="$v" 'NR > 1 && $1 % 15 == 0 {
            file = dir "/" v "-" $1
            if ($2 == 0) { printf "%s\n", $5 > file; next }
            if ($1 % 2) printf "%s%s ", ($2 % 2 ? int(($2 + 1) / 2) ". " : ""), $3 > file
            else printf "%s ", $4 > file }'
done
# pgn: the dialect fixtures (one per tolerated or refused spelling, null moves included).
for f in "$TESTDATA"/dialects/*.pgn; do cp "$f" "$CORPUS/pgn/dialect-$(basename "$f")"; done

# tree: the five-game files, each after three invalid games of its variant (for the moves before
# an error), the transposition fixture and the selection fixture (%clk, %eval, ratings, dates).
for v in chess horde orda chess960; do
    if [ -s "$CORPUS/pgn/$v-valid-five" ]; then
        cp "$CORPUS/pgn/$v-valid-five" "$CORPUS/tree/$v-five"
    else # a corpus of fewer than 25 games (chess960): its first five
        cat "$CORPUS/pgn/$v-valid-"{1,2,3,4,5} >"$CORPUS/tree/$v-five"
    fi
    [ ! -f "$CORPUS/pgn/$v-invalid-3" ] ||
        cat "$CORPUS/pgn/$v-invalid-1" "$CORPUS/pgn/$v-invalid-2" "$CORPUS/pgn/$v-invalid-3" "$CORPUS/tree/$v-five" \
            >"$CORPUS/tree/$v-invalid-then-five"
done
cp "$TESTDATA/tree/transpositions.pgn" "$CORPUS/tree/transpositions.pgn"
cp "$TESTDATA/select/games.pgn" "$CORPUS/tree/select-games.pgn"

# input: a little text in every format the input layer reads, whole and cut short, and a zstd
# file behind a skippable frame (as lichess dumps start).
head -c 3000 "$TESTDATA/games/horde-valid.pgn" >"$CORPUS/input/plain.pgn"
head -c 600 "$TESTDATA/perft/horde.epd" >"$CORPUS/input/plain.epd"
for f in plain.pgn plain.epd; do
    zstd -q -c "$CORPUS/input/$f" >"$CORPUS/input/$f.zst"
    gzip -n -c "$CORPUS/input/$f" >"$CORPUS/input/$f.gz"
    bzip2 -c "$CORPUS/input/$f" >"$CORPUS/input/$f.bz2"
    xz -c "$CORPUS/input/$f" >"$CORPUS/input/$f.xz"
    for z in zst gz bz2 xz; do
        head -c $(($(stat -c %s "$CORPUS/input/$f.$z") / 2)) "$CORPUS/input/$f.$z" >"$CORPUS/input/$f.cut.$z"
    done
done
cat "$CORPUS/input/plain.pgn.gz" "$CORPUS/input/plain.epd.gz" >"$CORPUS/input/two-members.gz"
{ printf '\x50\x2a\x4d\x18\x04\x00\x00\x00skip'; cat "$CORPUS/input/plain.epd.zst"; } >"$CORPUS/input/skippable.zst"
for d in "$CORPUS"/*; do echo "$(basename "$d"): $(ls "$d" | wc -l) seeds"; done
