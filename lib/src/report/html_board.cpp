// The parts of the HTML pages that both share (html_board.hpp).
#include "horde/report/html_board.hpp"

#include "horde/report/json.hpp"
#include "horde/report/pieces.hpp"

#include <fmt/format.h>

namespace horde::report {

namespace {

// The base style: the header, the board (colours from the theme's custom properties) and its
// buttons.
constexpr std::string_view BASE_CSS = R"css(
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#222;background:#f6f5f1}
header{padding:8px 14px;background:var(--frame);color:#fff}
header h1{margin:0;font-size:18px;font-weight:600;overflow-wrap:anywhere}
#board{display:block;width:100%;height:auto;border:3px solid var(--frame);border-radius:3px;background:var(--dark)}
#board .light{fill:var(--light)}#board .dark{fill:var(--dark)}
#board .last{fill:var(--highlight);fill-opacity:.6}
#board .coord{font:9px sans-serif;pointer-events:none}
#board .coord.on-light{fill:var(--dark)}#board .coord.on-dark{fill:var(--light)}
#controls{display:flex;gap:6px;margin:8px 0}
#controls button{flex:1;padding:5px 0 2px;color:#333;border:1px solid #bbb;border-radius:5px;background:#fff;cursor:pointer}
#controls button:hover{background:#eee}
)css";

// hordeBoard(svg) returns draw(view): the squares, the last move's marks, the checked kings'
// glow, the coordinates and the pieces, from scratch each time.
constexpr std::string_view BOARD_SCRIPT = R"js(
"use strict";
function hordeBoard(board) {
  const SQ = 45, NS = "http://www.w3.org/2000/svg";
  const layers = {};
  for (const id of ["squares", "marks", "coords", "pieces"]) layers[id] = board.querySelector("#" + id);
  function el(name, attrs, text) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function name(s) { return "abcdefgh"[s % 8] + (1 + (s >> 3)); }
  return function draw(v) {
    const xy = s => { const f = s % 8, r = s >> 3; return v.flipped ? [(7 - f) * SQ, r * SQ] : [f * SQ, (7 - r) * SQ]; };
    const onLight = s => ((s % 8) + (s >> 3)) % 2 === 1;
    for (const id in layers) layers[id].replaceChildren();
    for (let s = 0; s < 64; s++) {
      const [x, y] = xy(s);
      layers.squares.append(el("rect", {class: "square " + (onLight(s) ? "light" : "dark"), "data-square": name(s),
                                        x, y, width: SQ, height: SQ}));
    }
    for (const s of v.from >= 0 ? [v.from, v.to] : []) {
      const [x, y] = xy(s);
      layers.marks.append(el("rect", {class: "last", x, y, width: SQ, height: SQ}));
    }
    for (const s of v.checks) {
      const [x, y] = xy(s);
      layers.marks.append(el("rect", {class: "check", x, y, width: SQ, height: SQ, fill: "url(#check-glow)"}));
    }
    for (let i = 0; i < 8; i++) {
      const file = v.flipped ? 7 - i : i, rank = v.flipped ? 7 - i : i;
      const bottom = v.flipped ? file + 56 : file, left = v.flipped ? rank * 8 + 7 : rank * 8;
      const cls = s => "coord " + (onLight(s) ? "on-light" : "on-dark");
      layers.coords.append(el("text", {class: cls(bottom), x: i * SQ + SQ - 2, y: 8 * SQ - 3, "text-anchor": "end"},
                              "abcdefgh"[file]));
      layers.coords.append(el("text", {class: cls(left), x: 2, y: (7 - i) * SQ + 10}, String(rank + 1)));
    }
    for (let s = 0; s < 64; s++) {
      const c = v.squares[s];
      if (c === ".") continue;
      const [x, y] = xy(s);
      layers.pieces.append(el("use", {class: "piece", href: "#" + v.pieces[c], "data-square": name(s),
                                      x, y, width: SQ, height: SQ}));
    }
    board.setAttribute("data-fen", v.fen);
    board.classList.toggle("flipped", v.flipped);
  };
}
)js";

std::string_view icon_path(BoardIcon icon) {
    switch (icon) {
    case BoardIcon::First: return "M5 5h3v14H5z M20 5v14L9 12z";
    case BoardIcon::Back: return "M17 5v14L6 12z";
    case BoardIcon::Forward: return "M7 5v14l11-7z";
    case BoardIcon::Last: return "M16 5h3v14h-3z M4 5v14l11-7z";
    case BoardIcon::Flip: return "M7 3l-4 5h3v9h2V8h3z M17 21l4-5h-3V7h-2v9h-3z";
    }
    return "";
}

} // namespace

std::string html_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&#39;"; break;
        default: out += c;
        }
    }
    return out;
}

std::string html_page_start(std::string_view generator, std::string_view title, const BoardColors& colors,
                            std::string_view page_css) {
    std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    out += fmt::format("<meta name=\"generator\" content=\"{}\">\n<title>{}</title>\n", generator, html_escape(title));
    out += fmt::format("<style>:root{{--light:{};--dark:{};--highlight:{};--frame:{}}}{}{}</style>\n</head>\n<body>\n",
                       colors.light, colors.dark, colors.highlight, colors.frame, BASE_CSS, page_css);
    out += fmt::format("<header><h1>{}</h1></header>\n", html_escape(title));
    return out;
}

std::string html_board_svg(const BoardColors& colors, bool flipped) {
    std::string out = fmt::format("<svg id=\"board\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 360 360\" "
                                  "role=\"img\" aria-label=\"board\"{}>\n<defs>\n",
                                  flipped ? " class=\"flipped\"" : "");
    for (const PieceImage& image : all_piece_images()) out += piece_symbol(image) + '\n';
    out += fmt::format("<radialGradient id=\"check-glow\"><stop offset=\"0\" stop-color=\"{0}\"/>"
                       "<stop offset=\"0.5\" stop-color=\"{0}\" stop-opacity=\"0.8\"/>"
                       "<stop offset=\"1\" stop-color=\"{0}\" stop-opacity=\"0\"/></radialGradient>\n",
                       colors.check);
    out += "</defs>\n<g id=\"squares\"></g><g id=\"marks\"></g><g id=\"coords\"></g><g id=\"pieces\"></g>\n</svg>\n";
    return out;
}

std::string html_controls(std::initializer_list<IconButton> buttons) {
    std::string out = "<div id=\"controls\">";
    for (const IconButton& b : buttons)
        out += fmt::format("<button id=\"{0}\" title=\"{1}\" aria-label=\"{1}\"><svg viewBox=\"0 0 24 24\" width=\"22\" "
                           "height=\"22\"><path d=\"{2}\" fill=\"currentColor\"/></svg></button>",
                           b.id, html_escape(b.label), icon_path(b.icon));
    out += "</div>\n";
    return out;
}

std::string html_page_end(std::string_view page_script) {
    std::string out = "<script>";
    out += BOARD_SCRIPT;
    out += page_script;
    out += "</script>\n</body>\n</html>\n";
    return out;
}

void append_pieces_json(std::string& out, Variant variant) {
    JsonObject pieces(out);
    for (Color c : {WHITE, BLACK})
        for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt) {
            const Piece p = make_piece(c, PieceType(pt));
            pieces.string(std::string(1, piece_char(p)), piece_symbol_id(piece_image(p, variant)));
        }
    pieces.end();
}

void append_script_json(std::string& out, std::string_view json) {
    for (char c : json) {
        if (c == '<') out += "\\u003c";
        else out += c;
    }
}

} // namespace horde::report
