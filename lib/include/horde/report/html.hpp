// The replay page: one self-contained HTML file (the drawn pieces, CSS and a small script
// inline; no network) that shows one game or several, with a game list.
//
// Per game it shows the board, the tags, the result and the move list (SAN, NAGs, comments
// and variations at every depth). The reader steps with the buttons, the keys (Left, Right,
// Home, End, f to flip) and by clicking any move, a variation's too. `#ply=N` opens at ply N of
// the main line, `#game=G&ply=N` at game G (1-based); a variation move is `#node=K`. The page
// keeps the address current as the reader steps.
//
// Every position is computed here and embedded (JSON in a <script type="application/json">
// element, per node: FEN, the 64 squares' FEN letters, last move, kings in check), so the page
// knows no chess rules. Drawn board, stable for scripts (ours or a user's):
//   <svg id="board" data-fen="FEN" data-game="G" data-node="K" class="flipped?"> with 64
//   <rect class="square light|dark" data-square="e4">, and per piece
//   <use class="piece" href="#piece-w-pawn" data-square="e4" x=".." y=".." width="45" height="45">
//   (x = file * 45, y = (7 - rank) * 45; on a flipped board x = (7 - file) * 45, y = rank * 45).
#pragma once

#include "horde/report/game_tree.hpp"
#include "horde/report/html_board.hpp"
#include "horde/report/svg.hpp"

#include <string>
#include <vector>

namespace horde::report {

struct HtmlPageOptions {
    std::string title; // the page's title (default: the first game's)
    bool flip = false; // start with Black at the bottom
    BoardTheme theme = BoardTheme::Brown;
};

std::string render_html_page(const std::vector<GameTree>& games, const HtmlPageOptions& options = {});

} // namespace horde::report
