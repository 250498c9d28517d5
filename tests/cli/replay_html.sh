#!/usr/bin/env bash
# horde-replay --html without a browser (tests/browser/ drives the pages in Chromium): the page
# is self-contained (nothing from the network), its embedded positions are horde-list's FENs,
# tags are escaped, FILE and DIR/ outputs, move lists and stdin, invalid games, usage errors.
# Usage: bash replay_html.sh <horde-replay> <horde-check> <testdata-dir>
source "$(dirname "${BASH_SOURCE[0]}")/replay_lib.sh"
need jq jq
LIST=$(dirname "$REPLAY")/horde-list

# positions <page>: the embedded FENs, "game ply fen" for the main lines.
positions() {
    sed -n '/<script type="application\/json" id="games-data">/,/<\/script>/p' "$1" |
        sed '1s/.*id="games-data">//; $s/<\/script>.*//' >"$1.json"
    jq -r 'to_entries[] | .key as $g | .value as $game | $game.main | to_entries[] |
           "\($g + 1)\t\(.key)\t\($game.nodes[.value][0])"' "$1.json"
}

for variant in chess chess960 horde orda; do
    pgn=$TESTDATA/games/$variant-valid.pgn
    run "$REPLAY" "$pgn" --game 3 --html "$WORK/$variant.html"
    expect_status 0 "$variant --game 3 --html"
    page=$WORK/$variant.html
    expect_match "$page" '^<!DOCTYPE html>' "$variant: an HTML page"
    expect_no_match "$page" '<link|<img|<iframe|src=|@import|fetch\(|XMLHttpRequest' "$variant: nothing loaded from elsewhere"
    grep -o 'https\?://[^"]*' "$page" | sort -u | grep -vx 'http://www.w3.org/2000/svg' >"$WORK/addresses"
    expect_empty "$WORK/addresses" "$variant: no address but the SVG namespace"
    expect_eq "$(grep -o '<symbol id="piece-[a-z-]*"' "$page" | wc -l)" 22 "$variant: the drawn set, each image once"
    sed -n '/<symbol /,/<\/symbol>/p' "$page" >"$WORK/symbols"
    expect_no_match "$WORK/symbols" '<text' "$variant: no letter in any piece"
    # the embedded main line is horde-list's (game 3: numbered 3 in the page)
    positions "$page" | awk -F'\t' '{print $2 "\t" $3}' >"$WORK/page.fens"
    "$LIST" --format tsv --threads 1 "$pgn" | awk -F'\t' '$1 == 3 {print $2 "\t" $5}' >"$WORK/list.fens"
    expect_same_file "$WORK/page.fens" "$WORK/list.fens" "$variant: the page's positions are horde-list's"
done

# Several games in one page, with a game list; one page per game in DIR/.
run "$REPLAY" "$TESTDATA/games/chess960-valid.pgn" --html "$WORK/all.html"
expect_status 0 "--html FILE with 16 games"
expect_eq "$(grep -c '<li><a href="#game=' "$WORK/all.html")" 16 "the game list has every game"
expect_eq "$(positions "$WORK/all.html" | cut -f1 | sort -un | wc -l)" 16 "the page has every game's positions"
run "$REPLAY" "$TESTDATA/games/chess960-valid.pgn" --html "$WORK/pages/"
expect_status 0 "--html DIR/"
expect_eq "$(ls "$WORK/pages" | tr '\n' ' ')" "$(printf 'game-%03d.html ' $(seq 1 16))" "one page per game"
expect_no_match "$WORK/pages/game-002.html" '<nav id="games"' "a page of one game has no game list"

# Variations, comments, NAGs, escaped tags.
run "$REPLAY" "$TESTDATA/replay/variations.pgn" --game 1 --html "$WORK/var.html"
expect_status 0 "variations --html"
expect_match "$WORK/var.html" '<td>White &lt;&amp;&gt; &quot;Player&quot;</td>' "tag values are escaped"
expect_match "$WORK/var.html" '<span class="comment">The gambit accepted.</span>' "comments are shown"
expect_match "$WORK/var.html" 'data-node="3">Nf3</span>!' "a NAG as its glyph"
expect_match "$WORK/var.html" '<span class="variation depth-1">\(<span class="num">2.</span><span class="move" data-node="[0-9]+">f4</span>' "a variation"
expect_match "$WORK/var.html" '<span class="variation depth-2">\(<span class="num">2...</span>' "a nested variation"

# Move lists (arguments, stdin lines) and themes.
run "$REPLAY" --variant orda --theme blue --flip --html "$WORK/moves.html" e4 Hc7 Nf3
expect_status 0 "a move list --html"
expect_match "$WORK/moves.html" '<svg id="board"[^>]* class="flipped"' "--flip starts flipped"
expect_match "$WORK/moves.html" '--light:#dee3e6' "--theme blue"
expect_eq "$(positions "$WORK/moves.html" | wc -l)" 4 "the start and three plies"
printf 'e4 e5\nd4 d5 c4\n' | run "$REPLAY" --variant chess --html "$WORK/lines.html"
expect_status 0 "stdin move lists --html"
expect_eq "$(positions "$WORK/lines.html" | cut -f1 | uniq -c | awk '{print $1}' | tr '\n' ' ')" "3 4 " "one game per line"

# Invalid games: diagnostics, the valid games still written, exit 1; usage errors: exit 2.
cat "$TESTDATA/replay/variations.pgn" "$TESTDATA/games/chess-invalid.pgn" >"$WORK/mixed.pgn"
run "$REPLAY" "$WORK/mixed.pgn" --html "$WORK/mixed.html"
expect_status 1 "invalid games among valid ones"
expect_match "$WORK/err" 'error: game 3 ' "the invalid game's diagnostic"
expect_eq "$(grep -c '<section class="game"' "$WORK/mixed.html")" "$(($("$CHECK" "$WORK/mixed.pgn" --json 2>/dev/null | jq -s 'map(select(.valid)) | length')))" "the valid games are written"
run "$REPLAY" "$TESTDATA/games/chess-invalid.pgn" --game 1 --html "$WORK/none.html"
expect_status 1 "no valid game"
expect_match "$WORK/err" 'no valid game' "no valid game: said"
run "$REPLAY" "$TESTDATA/replay/variations.pgn" --html "$WORK/x.html" --ply 2
expect_status 2 "--html with --ply"
run "$REPLAY" "$TESTDATA/replay/variations.pgn" --html "$WORK/x.html" --svg "$WORK/x.svg"
expect_status 2 "--html with --svg"
run "$REPLAY" "$TESTDATA/replay/variations.pgn" --html /dev/full
expect_status 2 "--html to a full disk"
finish
