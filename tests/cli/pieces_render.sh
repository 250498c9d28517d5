#!/usr/bin/env bash
# The drawn piece set, rendered with rsvg-convert (Debian librsvg2-bin; skipped without it):
# every image of the set renders, is not blank, and no two images are the same picture; no
# piece holds a letter (<text>); horde-replay's SVG boards use the set (every <use> names a
# symbol the document defines), mark a king in check, follow --flip and --theme.
# Usage: pieces_render.sh <horde_piece_gallery> <horde-replay> <testdata>
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
GALLERY=$1
REPLAY=$2
need rsvg-convert librsvg2-bin
make_workdir pieces-render

"$GALLERY" "$WORK/pieces" || fail "horde_piece_gallery failed"
count=$(ls "$WORK/pieces"/*.svg | wc -l)
# 11 figures (6 chess pieces, 4 Orda pieces, the khan) in two colours
expect_eq "$count" 22 "images in the set"
printf '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="90" viewBox="0 0 45 45"></svg>\n' >"$WORK/blank.svg"
rsvg-convert "$WORK/blank.svg" -o "$WORK/blank.png" || fail "rsvg-convert cannot render an empty picture"
blank=$(md5sum <"$WORK/blank.png" | cut -d' ' -f1)
: >"$WORK/sums"
for svg in "$WORK/pieces"/*.svg; do
    name=$(basename "$svg" .svg)
    expect_no_match "$svg" '<text' "$name has no letter"
    CHECKS=$((CHECKS + 1))
    if ! rsvg-convert -w 90 -h 90 "$svg" -o "$WORK/$name.png" 2>"$WORK/err"; then
        fail "$name does not render: $(head -c 300 "$WORK/err")"
        continue
    fi
    sum=$(md5sum <"$WORK/$name.png" | cut -d' ' -f1)
    expect_eq "$([ "$sum" = "$blank" ] && echo blank || echo drawn)" drawn "$name draws something"
    echo "$sum $name" >>"$WORK/sums"
done
sort "$WORK/sums" | awk '{ if ($1 == last) print lastname " = " $2; last = $1; lastname = $2 }' >"$WORK/same"
expect_empty "$WORK/same" "no two piece images are the same picture"

# The boards: start positions of every variant, a check, --flip, --theme.
board() { # board <name> <horde-replay args...>
    local name=$1
    shift
    run_tool "$REPLAY" "$@" --svg "$WORK/$name.svg"
    expect_status 0 "horde-replay $* --svg"
    CHECKS=$((CHECKS + 1))
    rsvg-convert "$WORK/$name.svg" -o "$WORK/$name.png" 2>"$WORK/err" || fail "$name.svg does not render: $(head -c 300 "$WORK/err")"
    # every piece is a <use> of a symbol defined in the same document, with no letter
    sed -n '/<g class="pieces">/,/<\/svg>/p' "$WORK/$name.svg" >"$WORK/$name.pieces"
    expect_no_match "$WORK/$name.pieces" '<text' "$name: no letter among the pieces"
    local href
    for href in $(grep -o 'href="#[^"]*"' "$WORK/$name.svg" | sort -u | sed 's/href="#//; s/"$//'); do
        expect_match "$WORK/$name.svg" "<symbol id=\"$href\"" "$name: the symbol $href is defined"
    done
}
board chess --variant chess
expect_eq "$(grep -c '<g class="piece"' "$WORK/chess.svg")" 32 "chess: 32 pieces"
expect_eq "$(grep -c '<symbol ' "$WORK/chess.svg")" 12 "chess: the 12 chess figures, each defined once"
board horde --variant horde
expect_eq "$(grep -c 'href="#piece-w-pawn"' "$WORK/horde.svg")" 36 "Horde: 36 white pawns"
board orda --variant orda
for figure in lancer archer kheshig yurt khan; do
    expect_match "$WORK/orda.svg" "href=\"#piece-b-$figure\"" "Orda: the $figure is drawn"
done
expect_no_match "$WORK/orda.svg" 'href="#piece-b-king"' "Orda: Black's king is the khan"
board orda-h --variant orda --fen 'lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBHKBNR w KQ - 0 1'
expect_match "$WORK/orda-h.svg" 'data-piece="H" data-square="d1"><use href="#piece-w-kheshig"' "Orda: White's kheshig H"
board chess960 --variant chess960 --start 518 e4 e5
expect_eq "$(grep -c 'class="highlight"' "$WORK/chess960.svg")" 2 "the last move is highlighted"
expect_no_match "$WORK/chess960.svg" 'class="check"' "no check, no mark"
board check --variant chess --fen '4k3/8/8/8/8/8/8/4R1K1 b - - 0 1'
expect_match "$WORK/check.svg" '<rect class="check" x="180" y="0"' "the king in check on e8 is marked"
board flipped --variant chess --flip
expect_match "$WORK/flipped.svg" 'data-square="a1" x="315" y="0"' "--flip: a1 in the top right corner"
board blue --variant chess --theme blue
expect_match "$WORK/blue.svg" 'class="square light" data-square="b1" x="45" y="315" width="45" height="45" fill="#dee3e6"' "--theme blue: its light squares"
expect_match "$WORK/chess.svg" 'class="square light" data-square="b1" x="45" y="315" width="45" height="45" fill="#f0d9b5"' "default theme: brown"
finish
