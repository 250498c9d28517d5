// The parts of the HTML pages that both share (html_board.hpp).
#include "horde/report/html_board.hpp"

#include "horde/report/json.hpp"
#include "horde/report/pieces.hpp"

#include <fmt/format.h>

#include "report_assets.hpp"

namespace horde::report {

namespace {

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
                       colors.light, colors.dark, colors.highlight, colors.frame, assets::base_css, page_css);
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
    out += assets::board_js;
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
