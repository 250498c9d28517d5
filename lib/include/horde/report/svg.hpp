// Board diagrams as SVG: one self-contained document (no external fonts, images or styles),
// deterministic, for a position and optionally the move that led to it.
//
// Every piece is a shape with a letter (the generic sans-serif family only draws letters, so
// no chess font is needed). White pieces are light with a dark outline, Black pieces dark with
// a light letter. The chess pieces are circles marked K Q R B N (pawns: a smaller circle with
// no letter); the Orda pieces each have their own shape, so that they read apart at a glance:
//   lancer L: a diamond, horse archer A: a triangle, kheshig H: a hexagon, yurt Y: a
//   pentagon shaped like a tent; the khan is the king's circle with K.
// Structure, stable for scripts: 64 `<rect class="square light|dark" .../>`, an optional
// `<rect class="highlight" .../>` on the last move's two squares, and one
// `<g class="piece" data-piece="X">` (X the FEN letter) per piece.
#pragma once

#include "horde/position/board.hpp"

#include <string>

namespace horde {

struct SvgOptions {
    int square_size = 45;         // pixels per square
    bool coordinates = true;      // file letters and rank numbers in the squares' corners
    bool flip = false;            // Black at the bottom
    Move last_move = Move::none(); // highlighted when set (its origin and destination squares)
};

std::string render_svg(const Board& board, const SvgOptions& options = {});

} // namespace horde
