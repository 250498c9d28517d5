// Board diagrams as text: ASCII by default, Unicode figurines on request, optional ANSI
// colour. The output is deterministic (no locale, no terminal queries), so tests compare
// exact strings.
//
// ASCII, the Horde start position:
//
//     +-----------------+
//   8 | r n b q k b n r |
//   7 | p p p p p p p p |
//   6 | . . . . . . . . |
//   5 | . P P . . P P . |
//   4 | P P P P P P P P |
//   3 | P P P P P P P P |
//   2 | P P P P P P P P |
//   1 | P P P P P P P P |
//     +-----------------+
//       a b c d e f g h
//   White to move
//
// Unicode uses the chess figurines (White ♔♕♖♗♘♙, Black ♚♛♜♝♞♟) and, for the Orda pieces
// that have no figurine, circled letters: upper case for White, lower case for Black, as in
// FEN — lancer Ⓛ/ⓛ, horse archer Ⓐ/ⓐ, kheshig Ⓗ/ⓗ, yurt Ⓨ/ⓨ. They are in the fonts every
// common terminal ships (DejaVu, Noto, Menlo, Consolas). The khan is the king figurine. An
// Orda diagram in Unicode ends with a legend line naming them.
#pragma once

#include "horde/position/board.hpp"

#include <string>
#include <string_view>

namespace horde::report {

struct RenderOptions {
    bool unicode = false;          // figurines and box-drawing characters instead of ASCII
    bool color = false;            // ANSI escapes: shaded squares, coloured pieces
    bool flip = false;             // Black at the bottom (rank 1 on top, file h on the left)
    bool coordinates = true;       // rank numbers and file letters
    Move highlight = Move::none(); // with `color`: the origin and destination are tinted
};

// The diagram: the board, then one line "White to move" / "Black to move" and, for Orda in
// Unicode, a legend line. Every line ends with '\n'.
std::string render_board(const position::Board& board, const RenderOptions& options = {});

// The symbol of one piece: its FEN letter in ASCII, a figurine or circled letter in Unicode
// (UTF-8). NO_PIECE gives "." / "·".
std::string_view piece_symbol(Piece piece, bool unicode);

// "Orda: ⓛ lancer, ⓐ horse archer, ⓗ kheshig, ⓨ yurt, ♚ khan (upper case: White)" — or with
// the FEN letters when `unicode` is false.
std::string orda_legend(bool unicode);

} // namespace horde::report
