// The project's piece set: one drawing of every piece, as SVG shapes (paths, circles,
// rectangles; never a letter, never a font), used by every SVG output (svg.hpp boards and the
// replay page, html.hpp).
//
// Each figure is drawn in a 45 x 45 box and written as an SVG <symbol> with the id
// "piece-<w|b>-<name>" ("piece-w-king", "piece-b-khan"); a board places it with
// <use href="#piece-..."/>. The chess pieces stand on a flat plinth, the Orda pieces on an oval
// base, so the two armies read apart at a glance:
//   lancer: a lance with its head and pennant; horse archer: a drawn bow with an arrow;
//   kheshig (the khan's guard; White's promoted kheshig too): a shield with a boss and a
//   spear; yurt: a round felt tent with its door; khan: the king with a sun-and-moon mark.
// White figures are light with a dark outline, Black figures dark with light inner lines.
#pragma once

#include "horde/core/types.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace horde::report {

enum class Figure : std::uint8_t { Pawn, Knight, Bishop, Rook, Queen, King, Lancer, Archer, Kheshig, Yurt, Khan };

struct PieceImage {
    Color color;
    Figure figure;
    bool operator==(const PieceImage&) const = default;
};

// The figure that draws `piece` in `variant`: Orda's black king is the khan.
PieceImage piece_image(Piece piece, Variant variant);

// Every image of the set (both colours of every figure), in a fixed order.
std::vector<PieceImage> all_piece_images();

// "piece-w-king", "piece-b-khan": the symbol id.
std::string piece_symbol_id(PieceImage image);
// "white king", "black khan": for titles and alt texts.
std::string piece_image_name(PieceImage image);

// The <symbol id="piece-..." viewBox="0 0 45 45">...</symbol> of one image.
std::string piece_symbol(PieceImage image);

// One image alone as a complete SVG document of `size` pixels (tests render these).
std::string piece_image_svg(PieceImage image, int size = 90);

} // namespace horde::report
