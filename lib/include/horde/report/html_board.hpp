// What the two HTML pages share (the replay page, html.hpp; the opening-tree explorer,
// tree_page.hpp): the page's head and base style, the drawn board (an SVG with the project's
// piece set, pieces.hpp, as symbols) and the script that draws a position on it, the icon
// buttons, and the escapes for HTML text and for JSON inside a <script> element.
//
// The drawn board, stable for scripts (ours or a user's):
//   <svg id="board" data-fen="FEN" class="flipped?"> with 64
//   <rect class="square light|dark" data-square="e4">, and per piece
//   <use class="piece" href="#piece-w-pawn" data-square="e4" x=".." y=".." width="45" height="45">
//   (x = file * 45, y = (7 - rank) * 45; on a flipped board x = (7 - file) * 45, y = rank * 45).
// The script (html_page_end) defines `hordeBoard(svg)`, which returns `draw(view)`, view being
// {fen, squares: 64 FEN letters or "." from a1 to h8, pieces: {letter: symbol id}, from, to
// (the last move's squares 0..63, -1: none), checks: [squares], flipped}.
#pragma once

#include "horde/core/types.hpp"
#include "horde/report/svg.hpp"

#include <initializer_list>
#include <string>
#include <string_view>

namespace horde::report {

// Text escaped for HTML content and attribute values (& < > " ').
std::string html_escape(std::string_view text);

// The page up to and including <body> and its <header> with the title (escaped here):
// the board's colours, the base style and `page_css`.
std::string html_page_start(std::string_view generator, std::string_view title, const BoardColors& colors,
                            std::string_view page_css);

// <svg id="board"> with every piece symbol and the layers the script draws into.
std::string html_board_svg(const BoardColors& colors, bool flipped);

enum class BoardIcon : std::uint8_t { First, Back, Forward, Last, Flip };
struct IconButton {
    std::string_view id, label; // the label is the button's title (its key in parentheses)
    BoardIcon icon;
};
// <div id="controls"> with the buttons, drawn icons (the glyphs of media keys are missing from
// many fonts).
std::string html_controls(std::initializer_list<IconButton> buttons);

// The end of the page: the board's script (hordeBoard(svg), see above) and the page's own.
std::string html_page_end(std::string_view page_script);

// {"P":"piece-w-pawn",...}: the symbol of every piece letter in `variant` (Orda's "k" is the khan).
void append_pieces_json(std::string& out, Variant variant);

// JSON text as the content of a <script type="application/json"> element: every '<' written
// as \u003c, so that no "</script>" in a string (a Site tag can hold anything) ends the element.
// '<' only occurs inside JSON strings, where the escape means the same character.
void append_script_json(std::string& out, std::string_view json);

} // namespace horde::report
