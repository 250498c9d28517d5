// The piece set (see pieces.hpp). Every figure is a list of shapes in a 45 x 45 box, in
// three roles: the body (filled, outlined), inner lines (the contrasting colour, so that a
// black piece shows its details) and filled marks in that colour.
#include "horde/report/pieces.hpp"

#include <fmt/format.h>

namespace horde::report {

namespace {

struct Palette {
    std::string_view body, outline, detail;
};

constexpr Palette WHITE_PALETTE{"#fbfbf5", "#1c1c1c", "#1c1c1c"};
constexpr Palette BLACK_PALETTE{"#2b2b2b", "#0d0d0d", "#ececec"};

// The chess pieces' plinth, `half` wide on each side of the centre line.
std::string plinth(double half) {
    return fmt::format("M {0:.1f} 39 L {1:.1f} 39 L {1:.1f} 36.5 C {1:.1f} 35 {2:.1f} 34 {3:.1f} 34 L {4:.1f} 34 "
                       "C {5:.1f} 34 {0:.1f} 35 {0:.1f} 36.5 Z",
                       22.5 - half, 22.5 + half, 21.5 + half, 20 + half, 25 - half, 23.5 - half);
}

// The Orda pieces' oval base.
constexpr std::string_view ORDA_BASE = "M 10 37 A 12.5 3.3 0 0 0 35 37 A 12.5 3.3 0 0 0 10 37 Z";

class Drawing {
public:
    explicit Drawing(const Palette& p) : p_(p) {}
    Drawing& body(std::string_view d) {
        out_ += fmt::format("<path d=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1.5\" stroke-linejoin=\"round\"/>", d,
                            p_.body, p_.outline);
        return *this;
    }
    Drawing& body_circle(double cx, double cy, double r) {
        out_ += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1.5\"/>", cx, cy, r,
                            p_.body, p_.outline);
        return *this;
    }
    Drawing& lines(std::string_view d, double width = 1.3) {
        out_ += fmt::format("<path d=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\" "
                            "stroke-linejoin=\"round\"/>",
                            d, p_.detail, width);
        return *this;
    }
    // A line in the outline colour outside the body (the bowstring).
    Drawing& outline_lines(std::string_view d, double width) {
        out_ += fmt::format("<path d=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\" "
                            "stroke-linejoin=\"round\"/>",
                            d, p_.outline, width);
        return *this;
    }
    Drawing& mark(std::string_view d) {
        out_ += fmt::format("<path d=\"{}\" fill=\"{}\"/>", d, p_.detail);
        return *this;
    }
    Drawing& mark_circle(double cx, double cy, double r) {
        out_ += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"/>", cx, cy, r, p_.detail);
        return *this;
    }
    std::string str() && { return std::move(out_); }

private:
    const Palette& p_;
    std::string out_;
};

constexpr std::string_view KING_CROSS =
    "M 21 6.5 L 24 6.5 L 24 9.5 L 27 9.5 L 27 12.5 L 24 12.5 L 24 23 L 21 23 L 21 12.5 L 18 12.5 L 18 9.5 L 21 9.5 Z";
constexpr std::string_view KING_BODY = "M 13 34 C 10.5 27 11 21.5 15.5 20 C 18.5 19 21 21 22.5 23.5 "
                                       "C 24 21 26.5 19 29.5 20 C 34 21.5 34.5 27 32 34 Z";
constexpr std::string_view BAND = "M 14 30.5 C 19 29.2 26 29.2 31 30.5";

// The chess figures (the khan is the king with its mark).
void draw_chess_figure(Drawing& d, Figure f) {
    switch (f) {
    case Figure::Pawn:
        d.body(plinth(9)).body("M 16 34 C 16 28.5 18.5 25.5 20.3 24 L 24.7 24 C 26.5 25.5 29 28.5 29 34 Z");
        d.body("M 17.5 24.5 C 17.5 22.3 19.5 21.5 22.5 21.5 C 25.5 21.5 27.5 22.3 27.5 24.5 Z");
        d.body_circle(22.5, 16, 5.3);
        break;
    case Figure::Knight:
        d.body(plinth(11));
        d.body("M 15 34 C 15 28.5 18 25.5 21 23 C 18.5 23.8 16 25.2 13.5 24.7 C 10.5 24.2 9.6 21 11 19 "
               "C 13 16 16 13 19 10.5 L 19.4 6.5 L 22.6 9.6 C 29 10 34 15.5 33.5 24 C 33.2 28 32 31 31.5 34 Z");
        d.mark_circle(18.3, 14.3, 1.4).mark_circle(12.6, 20.6, 0.9);
        d.lines("M 24.5 11.8 C 29 13.5 31.3 18 30.8 25.5");
        break;
    case Figure::Bishop:
        d.body(plinth(11)).body("M 16 34 C 14.5 29 15.5 22 22.5 13.2 C 29.5 22 30.5 29 29 34 Z");
        d.body_circle(22.5, 10.3, 2.8);
        d.lines("M 20 25 L 25.5 19").lines("M 17 30.5 L 28 30.5");
        break;
    case Figure::Rook:
        d.body(plinth(12));
        d.body("M 12 9 L 16.5 9 L 16.5 12.5 L 20.5 12.5 L 20.5 9 L 24.5 9 L 24.5 12.5 L 28.5 12.5 L 28.5 9 "
               "L 33 9 L 33 17 L 30 19.5 L 30 31 L 32 34 L 13 34 L 15 31 L 15 19.5 L 12 17 Z");
        d.lines("M 15 19.5 L 30 19.5").lines("M 15 31 L 30 31");
        break;
    case Figure::Queen:
        d.body(plinth(12));
        d.body("M 12.5 34 L 9 15.5 L 15.5 25 L 16 11.5 L 20 23.5 L 22.5 9.5 L 25 23.5 L 29 11.5 L 29.5 25 "
               "L 36 15.5 L 32.5 34 Z");
        for (auto [x, y] : {std::pair{9.0, 14.5}, {16.0, 10.8}, {22.5, 8.8}, {29.0, 10.8}, {36.0, 14.5}})
            d.body_circle(x, y, 2.2);
        d.lines(BAND);
        break;
    case Figure::King:
    case Figure::Khan:
        d.body(plinth(12)).body(KING_CROSS).body(KING_BODY);
        // The khan's mark: a sun over a crescent moon on the king's body, where the king has a band.
        if (f == Figure::Khan)
            d.mark_circle(22.5, 25.3, 2.3).mark("M 17.8 27 C 19 32.6 26 32.6 27.2 27 C 25.2 30.2 19.8 30.2 17.8 27 Z");
        else d.lines(BAND);
        break;
    default: break;
    }
}

// Orda's own figures, on their common base.
void draw_orda_figure(Drawing& d, Figure f) {
    switch (f) {
    case Figure::Lancer:
        d.body(ORDA_BASE);
        d.body("M 21.3 35.5 L 21.3 13.5 L 23.7 13.5 L 23.7 35.5 Z");
        d.body("M 23.7 15.5 L 35.5 18 L 30.8 20.8 L 35.5 23.6 L 23.7 25.5 Z");
        d.body("M 22.5 2.5 L 25.6 10.5 L 23.8 13 L 21.2 13 L 19.4 10.5 Z");
        d.body("M 18.8 12.6 L 26.2 12.6 L 26.2 14.8 L 18.8 14.8 Z");
        d.lines("M 25.8 20.7 L 29.2 20.7");
        break;
    case Figure::Archer:
        d.body(ORDA_BASE);
        d.outline_lines("M 16 5.5 L 10.5 20 L 16 34.5", 1.1);
        d.body("M 9.5 19.2 L 33 19.2 L 33 20.8 L 9.5 20.8 Z");
        d.body("M 39 20 L 33 16.6 L 34.2 20 L 33 23.4 Z");
        d.body("M 8.5 20 L 11.5 16.8 L 14.5 16.8 L 12.6 20 L 14.5 23.2 L 11.5 23.2 Z");
        d.body("M 15.5 4.5 C 34.5 10 34.5 30 15.5 35.5 L 16 33.5 C 29.5 28.5 29.5 11.5 16 6.5 Z");
        d.lines("M 26.6 17.2 L 26.6 22.8");
        break;
    case Figure::Kheshig:
        d.body(ORDA_BASE);
        d.body("M 30.5 36 L 30.5 9.5 L 32.5 9.5 L 32.5 36 Z").body("M 31.5 2.5 L 34.2 10 L 28.8 10 Z");
        d.body("M 10.5 11 C 16 8.8 23 8.8 28.5 11 L 28.5 21 C 28.5 28 24 32 19.5 35.3 C 15 32 10.5 28 10.5 21 Z");
        d.lines("M 13.3 13.1 C 17 11.8 22 11.8 25.7 13.1 L 25.7 21 C 25.7 26.3 22.6 29.6 19.5 32 "
                "C 16.4 29.6 13.3 26.3 13.3 21 Z",
                1.1);
        d.body_circle(19.5, 20.5, 3.2);
        break;
    case Figure::Yurt:
        d.body(ORDA_BASE);
        d.body("M 10.5 36 L 10.5 24 L 34.5 24 L 34.5 36 Z");
        d.body("M 8 25.2 C 12 17.5 17.5 13.5 22.5 12.5 C 27.5 13.5 33 17.5 37 25.2 Z");
        d.body("M 19.3 9.8 L 25.7 9.8 L 25.7 13 L 19.3 13 Z");
        d.lines("M 22.5 13 L 15 24.5 M 22.5 13 L 30 24.5");
        d.lines("M 10.5 28 L 19.5 28 M 25.5 28 L 34.5 28");
        d.mark("M 19.5 36 L 19.5 28.5 C 19.5 27.2 25.5 27.2 25.5 28.5 L 25.5 36 Z");
        break;
    default: break;
    }
}

std::string figure_shapes(Figure f, const Palette& palette) {
    Drawing d(palette);
    const bool orda = f == Figure::Lancer || f == Figure::Archer || f == Figure::Kheshig || f == Figure::Yurt;
    if (orda) draw_orda_figure(d, f);
    else draw_chess_figure(d, f);
    return std::move(d).str();
}

std::string_view figure_name(Figure f) {
    switch (f) {
    case Figure::Pawn: return "pawn";
    case Figure::Knight: return "knight";
    case Figure::Bishop: return "bishop";
    case Figure::Rook: return "rook";
    case Figure::Queen: return "queen";
    case Figure::King: return "king";
    case Figure::Lancer: return "lancer";
    case Figure::Archer: return "archer";
    case Figure::Kheshig: return "kheshig";
    case Figure::Yurt: return "yurt";
    case Figure::Khan: return "khan";
    }
    return "piece";
}

} // namespace

PieceImage piece_image(Piece piece, Variant variant) {
    const Color color = color_of(piece);
    switch (type_of(piece)) {
    case PAWN: return {color, Figure::Pawn};
    case KNIGHT: return {color, Figure::Knight};
    case BISHOP: return {color, Figure::Bishop};
    case ROOK: return {color, Figure::Rook};
    case QUEEN: return {color, Figure::Queen};
    case LANCER: return {color, Figure::Lancer};
    case ARCHER: return {color, Figure::Archer};
    case KHESHIG: return {color, Figure::Kheshig};
    case YURT: return {color, Figure::Yurt};
    default: return {color, variant == Variant::Orda && color == BLACK ? Figure::Khan : Figure::King};
    }
}

std::vector<PieceImage> all_piece_images() {
    std::vector<PieceImage> images;
    for (Color c : {WHITE, BLACK})
        for (int f = int(Figure::Pawn); f <= int(Figure::Khan); ++f) images.push_back({c, Figure(f)});
    return images;
}

std::string piece_symbol_id(PieceImage image) {
    return fmt::format("piece-{}-{}", image.color == WHITE ? 'w' : 'b', figure_name(image.figure));
}

std::string piece_image_name(PieceImage image) {
    const std::string_view name = image.figure == Figure::Archer ? "horse archer" : figure_name(image.figure);
    return fmt::format("{} {}", image.color == WHITE ? "white" : "black", name);
}

std::string piece_symbol(PieceImage image) {
    return fmt::format("<symbol id=\"{}\" viewBox=\"0 0 45 45\">{}</symbol>", piece_symbol_id(image),
                       figure_shapes(image.figure, image.color == WHITE ? WHITE_PALETTE : BLACK_PALETTE));
}

std::string piece_image_svg(PieceImage image, int size) {
    // Through <use>, as the boards place it.
    return fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{0}\" viewBox=\"0 0 45 45\">"
        "<title>{1}</title><defs>{2}</defs><use href=\"#{3}\" x=\"0\" y=\"0\" width=\"45\" height=\"45\"/></svg>\n",
        size, piece_image_name(image), piece_symbol(image), piece_symbol_id(image));
}

} // namespace horde::report
