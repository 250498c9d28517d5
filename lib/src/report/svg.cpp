// SVG board diagrams; see svg.hpp for the drawing conventions.
#include "horde/report/svg.hpp"

#include "horde/report/pieces.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace horde::report {

namespace {

constexpr BoardColors BROWN{"#f0d9b5", "#b58863", "#cdd26a", "#e8262b", "#6b4a2f"};
constexpr BoardColors BLUE{"#dee3e6", "#8ca2ad", "#9fcf5f", "#e8262b", "#4b5d68"};

} // namespace

const BoardColors& board_colors(BoardTheme theme) { return theme == BoardTheme::Blue ? BLUE : BROWN; }

std::optional<BoardTheme> parse_board_theme(std::string_view name) {
    if (name == "brown") return BoardTheme::Brown;
    if (name == "blue") return BoardTheme::Blue;
    return std::nullopt;
}

std::string_view board_theme_name(BoardTheme theme) { return theme == BoardTheme::Blue ? "blue" : "brown"; }

Bitboard checked_kings(const position::Board& board) {
    if (!board.in_check()) return 0;
    return board.position().pieces(board.side_to_move(), KING);
}

// Where a square is drawn: its top-left corner, seen from White or flipped.
struct SquareGeometry {
    int sq;
    bool flip;
    int x(Square s) const { return (flip ? 7 - file_of(s) : file_of(s)) * sq; }
    int y(Square s) const { return (flip ? rank_of(s) : 7 - rank_of(s)) * sq; }
};

// The symbols of the figures on the board, each once, in the set's order; the check glow.
void append_defs(std::string& out, const position::Board& board, Bitboard checked, const BoardColors& colors) {
    std::vector<PieceImage> shown;
    for (int s = 0; s < SQ_NB; ++s)
        if (const Piece p = board.position().piece_on(Square(s)); p != NO_PIECE) shown.push_back(piece_image(p, board.variant()));
    out += "<defs>\n";
    for (const PieceImage& image : all_piece_images())
        if (std::find(shown.begin(), shown.end(), image) != shown.end()) out += piece_symbol(image) + '\n';
    if (checked)
        out += fmt::format("<radialGradient id=\"check-glow\"><stop offset=\"0\" stop-color=\"{0}\"/>"
                           "<stop offset=\"0.5\" stop-color=\"{0}\" stop-opacity=\"0.8\"/>"
                           "<stop offset=\"1\" stop-color=\"{0}\" stop-opacity=\"0\"/></radialGradient>\n",
                           colors.check);
    out += "</defs>\n";
}

// Files along the bottom row, ranks along the left column, in the contrasting colour.
void append_coordinates(std::string& out, const SquareGeometry& g, const BoardColors& colors) {
    const int sq = g.sq;
    out += fmt::format("<g class=\"coordinates\" font-family=\"sans-serif\" font-size=\"{:.1f}\">\n", sq * 0.22);
    for (int i = 0; i < 8; ++i) {
        const Square bottom = g.flip ? make_square(7 - i, 7) : make_square(i, 0);
        const Square left = g.flip ? make_square(7, 7 - i) : make_square(0, i);
        const bool bottom_light = (file_of(bottom) + rank_of(bottom)) % 2 == 1;
        const bool left_light = (file_of(left) + rank_of(left)) % 2 == 1;
        out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\" fill=\"{}\">{}</text>\n", g.x(bottom) + sq * 0.95,
                           g.y(bottom) + sq * 0.95, bottom_light ? colors.dark : colors.light, char('a' + file_of(bottom)));
        out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" fill=\"{}\">{}</text>\n", g.x(left) + sq * 0.05,
                           g.y(left) + sq * 0.25, left_light ? colors.dark : colors.light, char('1' + rank_of(left)));
    }
    out += "</g>\n";
}

std::string render_svg(const position::Board& board, const SvgOptions& o) {
    const int sq = o.square_size > 0 ? o.square_size : 45;
    const int side = 8 * sq;
    const position::Position& pos = board.position();
    const BoardColors& colors = board_colors(o.theme);
    std::string out;
    out.reserve(16384);
    out += fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{0}\" height=\"{0}\" "
                       "viewBox=\"0 0 {0} {0}\">\n",
                       side);
    out += fmt::format("<title>{} {}</title>\n", variant_name(board.variant()), board.fen());

    const Bitboard checked = checked_kings(board);
    append_defs(out, board, checked, colors);

    const SquareGeometry g{sq, o.flip};
    auto x_of = [&](Square s) { return g.x(s); };
    auto y_of = [&](Square s) { return g.y(s); };

    out += "<g class=\"board\">\n";
    for (int s = 0; s < SQ_NB; ++s) {
        const Square square = Square(s);
        const bool light = (file_of(square) + rank_of(square)) % 2 == 1;
        out += fmt::format("<rect class=\"square {}\" data-square=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" "
                           "fill=\"{}\"/>\n",
                           light ? "light" : "dark", position::square_name(square), x_of(square), y_of(square), sq, sq,
                           light ? colors.light : colors.dark);
    }
    out += "</g>\n";

    if (!o.last_move.is_none()) {
        for (Square s : {o.last_move.from(), o.last_move.to()})
            out += fmt::format("<rect class=\"highlight\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" "
                               "fill-opacity=\"0.6\"/>\n",
                               x_of(s), y_of(s), sq, sq, colors.highlight);
    }
    for (int s = 0; s < SQ_NB; ++s)
        if (checked & square_bb(Square(s)))
            out += fmt::format("<rect class=\"check\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" "
                               "fill=\"url(#check-glow)\"/>\n",
                               x_of(Square(s)), y_of(Square(s)), sq, sq);

    if (o.coordinates) append_coordinates(out, g, colors);

    out += "<g class=\"pieces\">\n";
    for (int s = 0; s < SQ_NB; ++s) {
        const Square square = Square(s);
        const Piece p = pos.piece_on(square);
        if (p == NO_PIECE) continue;
        out += fmt::format("<g class=\"piece\" data-piece=\"{}\" data-square=\"{}\"><use href=\"#{}\" x=\"{}\" y=\"{}\" "
                           "width=\"{}\" height=\"{}\"/></g>\n",
                           piece_char(p), position::square_name(square), piece_symbol_id(piece_image(p, board.variant())),
                           x_of(square), y_of(square), sq, sq);
    }
    out += "</g>\n</svg>\n";
    return out;
}

} // namespace horde::report
