// Board diagrams as SVG: one self-contained document (no external fonts, images or styles),
// deterministic, for a position and optionally the move that led to it.
//
// The pieces are the project's drawn set (pieces.hpp): the document defines the <symbol> of
// every figure it shows once and places it with <use>. No piece contains a letter; the only
// text is the coordinates.
// Structure, stable for scripts: 64 `<rect class="square light|dark" data-square="e4" .../>`,
// an optional `<rect class="highlight" .../>` on the last move's two squares, a
// `<rect class="check" .../>` under a king in check, and one
// `<g class="piece" data-piece="X" data-square="e4"><use href="#piece-w-pawn" .../></g>` (X the
// FEN letter) per piece.
#pragma once

#include "horde/position/board.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace horde::report {

// The board's colour themes (`--theme`).
enum class BoardTheme : std::uint8_t { Brown, Blue };

struct BoardColors {
    std::string_view light, dark, highlight, check, frame;
};
const BoardColors& board_colors(BoardTheme theme);
std::optional<BoardTheme> parse_board_theme(std::string_view name); // "brown", "blue"
std::string_view board_theme_name(BoardTheme theme);
inline constexpr std::string_view BOARD_THEME_NAMES = "brown, blue";

struct SvgOptions {
    int square_size = 45;          // pixels per square
    bool coordinates = true;       // file letters and rank numbers in the squares' corners
    bool flip = false;             // Black at the bottom
    Move last_move = Move::none(); // highlighted when set (its origin and destination squares)
    BoardTheme theme = BoardTheme::Brown;
};

std::string render_svg(const position::Board& board, const SvgOptions& options = {});

// The squares of the kings of the side to move that are in check (none when not in check).
Bitboard checked_kings(const position::Board& board);

} // namespace horde::report
