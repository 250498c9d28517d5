// SVG board diagrams; see svg.hpp for the drawing conventions.
#include "horde/report/svg.hpp"

#include <fmt/format.h>

#include <cmath>

namespace horde {

namespace {

constexpr std::string_view LIGHT_FILL = "#f0d9b5";
constexpr std::string_view DARK_FILL = "#b58863";
constexpr std::string_view HIGHLIGHT_FILL = "#cdd26a";
constexpr std::string_view WHITE_BODY = "#ffffff";
constexpr std::string_view BLACK_BODY = "#262626";

// The outline of a regular polygon with `corners` corners around (cx, cy), the first corner
// straight up, as an SVG points list.
std::string polygon_points(double cx, double cy, double radius, int corners, double rotation = 0.0) {
    std::string points;
    const double pi = 3.14159265358979323846;
    for (int i = 0; i < corners; ++i) {
        const double angle = rotation + 2 * pi * i / corners - pi / 2;
        if (i) points += ' ';
        points += fmt::format("{:.1f},{:.1f}", cx + radius * std::cos(angle), cy + radius * std::sin(angle));
    }
    return points;
}

void draw_piece(std::string& out, Piece p, double x, double y, double size) {
    const PieceType pt = type_of(p);
    const bool white = color_of(p) == WHITE;
    const std::string_view body = white ? WHITE_BODY : BLACK_BODY;
    const std::string_view line = white ? BLACK_BODY : WHITE_BODY;
    const double cx = x + size / 2, cy = y + size / 2;
    const double r = size * 0.38;
    const double stroke = std::max(1.0, size / 30);

    out += fmt::format("<g class=\"piece\" data-piece=\"{}\">", piece_char(p));
    const std::string style = fmt::format("fill=\"{}\" stroke=\"{}\" stroke-width=\"{:.1f}\"", body, line, stroke);
    switch (pt) {
    case PAWN:
        out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" {}/>", cx, cy, size * 0.22, style);
        break;
    case LANCER: // diamond
        out += fmt::format("<polygon points=\"{}\" {}/>", polygon_points(cx, cy, r * 1.15, 4), style);
        break;
    case ARCHER: // triangle, point up
        out += fmt::format("<polygon points=\"{}\" {}/>", polygon_points(cx, cy + r * 0.2, r * 1.2, 3), style);
        break;
    case KHESHIG: // hexagon
        out += fmt::format("<polygon points=\"{}\" {}/>", polygon_points(cx, cy, r * 1.05, 6), style);
        break;
    case YURT: { // a tent: a square base under a roof
        const double left = cx - r, right = cx + r, bottom = cy + r, shoulder = cy - r * 0.1, top = cy - r * 1.05;
        out += fmt::format("<polygon points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\" {}/>",
                           left, bottom, left, shoulder, cx, top, right, shoulder, right, bottom, style);
        break;
    }
    default:
        out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" {}/>", cx, cy, r, style);
        // A double ring marks the king (and the khan), the piece the game is about.
        if (pt == KING)
            out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" fill=\"none\" stroke=\"{}\" "
                               "stroke-width=\"{:.1f}\"/>",
                               cx, cy, r * 0.82, line, stroke);
        break;
    }
    if (pt != PAWN) {
        const double text_y = pt == ARCHER || pt == YURT ? cy + size * 0.05 : cy;
        out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-family=\"sans-serif\" font-weight=\"bold\" "
                           "font-size=\"{:.1f}\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"{}\">{}</text>",
                           cx, text_y, size * (pt == ARCHER ? 0.3 : 0.36), line, piece_type_letter(pt));
    }
    out += "</g>\n";
}

} // namespace

std::string render_svg(const Board& board, const SvgOptions& o) {
    const int sq = o.square_size > 0 ? o.square_size : 45;
    const int side = 8 * sq;
    const Position& pos = board.position();
    std::string out;
    out.reserve(16384);
    out += fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{0}\" height=\"{0}\" "
                       "viewBox=\"0 0 {0} {0}\">\n",
                       side);
    out += fmt::format("<title>{} {}</title>\n", variant_name(board.variant()), board.fen());

    auto x_of = [&](Square s) { return (o.flip ? 7 - file_of(s) : file_of(s)) * sq; };
    auto y_of = [&](Square s) { return (o.flip ? rank_of(s) : 7 - rank_of(s)) * sq; };

    out += "<g class=\"board\">\n";
    for (int s = 0; s < SQ_NB; ++s) {
        const Square square = Square(s);
        const bool light = (file_of(square) + rank_of(square)) % 2 == 1;
        out += fmt::format("<rect class=\"square {}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                           light ? "light" : "dark", x_of(square), y_of(square), sq, sq,
                           light ? LIGHT_FILL : DARK_FILL);
    }
    out += "</g>\n";

    if (!o.last_move.is_none()) {
        for (Square s : {o.last_move.from(), o.last_move.to()})
            out += fmt::format("<rect class=\"highlight\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" "
                               "fill-opacity=\"0.6\"/>\n",
                               x_of(s), y_of(s), sq, sq, HIGHLIGHT_FILL);
    }

    if (o.coordinates) {
        out += fmt::format("<g class=\"coordinates\" font-family=\"sans-serif\" font-size=\"{:.1f}\">\n", sq * 0.22);
        for (int i = 0; i < 8; ++i) {
            // Files along the bottom row, ranks along the left column, in the contrasting colour.
            const Square bottom = o.flip ? make_square(i, 7) : make_square(i, 0);
            const Square left = o.flip ? make_square(7, i) : make_square(0, i);
            const bool bottom_light = (file_of(bottom) + rank_of(bottom)) % 2 == 1;
            const bool left_light = (file_of(left) + rank_of(left)) % 2 == 1;
            out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\" fill=\"{}\">{}</text>\n",
                               x_of(bottom) + sq * 0.95, y_of(bottom) + sq * 0.95,
                               bottom_light ? DARK_FILL : LIGHT_FILL, char('a' + i));
            out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" fill=\"{}\">{}</text>\n", x_of(left) + sq * 0.05,
                               y_of(left) + sq * 0.25, left_light ? DARK_FILL : LIGHT_FILL, char('1' + i));
        }
        out += "</g>\n";
    }

    out += "<g class=\"pieces\">\n";
    for (int s = 0; s < SQ_NB; ++s) {
        const Piece p = pos.piece_on(Square(s));
        if (p != NO_PIECE) draw_piece(out, p, x_of(Square(s)), y_of(Square(s)), sq);
    }
    out += "</g>\n</svg>\n";
    return out;
}

} // namespace horde
