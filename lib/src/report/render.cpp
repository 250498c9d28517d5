// Text board diagrams; see render.hpp for the layout and the symbols.
#include "horde/report/render.hpp"

#include <array>

namespace horde::report {

namespace {

// Indexed by PieceType; [0] is the empty square.
constexpr std::array<std::string_view, PIECE_TYPE_NB> WHITE_UNICODE = {"·", "♙", "♘", "♗", "♖", "♕", "♔", "Ⓛ", "Ⓐ", "Ⓗ", "Ⓨ"};
constexpr std::array<std::string_view, PIECE_TYPE_NB> BLACK_UNICODE = {"·", "♟", "♞", "♝", "♜", "♛", "♚", "ⓛ", "ⓐ", "ⓗ", "ⓨ"};
constexpr std::array<std::string_view, PIECE_TYPE_NB> WHITE_ASCII = {".", "P", "N", "B", "R", "Q", "K", "L", "A", "H", "Y"};
constexpr std::array<std::string_view, PIECE_TYPE_NB> BLACK_ASCII = {".", "p", "n", "b", "r", "q", "k", "l", "a", "h", "y"};

// ANSI SGR sequences (256-colour backgrounds: every current terminal has them).
constexpr std::string_view RESET = "\x1b[0m";
constexpr std::string_view LIGHT_SQUARE = "\x1b[48;5;180m";
constexpr std::string_view DARK_SQUARE = "\x1b[48;5;137m";
constexpr std::string_view LIGHT_HIGHLIGHT = "\x1b[48;5;187m";
constexpr std::string_view DARK_HIGHLIGHT = "\x1b[48;5;143m";
constexpr std::string_view WHITE_PIECE = "\x1b[1;97m";
constexpr std::string_view BLACK_PIECE = "\x1b[1;30m";
constexpr std::string_view EMPTY_MARK = "\x1b[22;39m"; // no piece: default foreground, normal weight

// A symbol for a coloured diagram: with colour telling the sides apart, both sides use the
// solid figurines, which read better on shaded squares. Circled letters keep their case.
std::string_view coloured_symbol(Piece p, bool unicode) {
    if (p == NO_PIECE) return " ";
    if (!unicode) return piece_symbol(p, false);
    const PieceType pt = type_of(p);
    if (pt >= PAWN && pt <= KING) return BLACK_UNICODE[pt];
    return piece_symbol(p, true);
}

} // namespace

std::string_view piece_symbol(Piece piece, bool unicode) {
    const PieceType pt = piece == NO_PIECE ? NO_PIECE_TYPE : type_of(piece);
    if (pt >= PIECE_TYPE_NB) return "?";
    const bool white = piece == NO_PIECE || color_of(piece) == WHITE;
    if (unicode) return white ? WHITE_UNICODE[pt] : BLACK_UNICODE[pt];
    return white ? WHITE_ASCII[pt] : BLACK_ASCII[pt];
}

std::string orda_legend(bool unicode) {
    if (unicode) return "Orda: ⓛ lancer, ⓐ horse archer, ⓗ kheshig, ⓨ yurt, ♚ khan (upper case Ⓗ: a White kheshig)";
    return "Orda: l lancer, a horse archer, h kheshig, y yurt, k khan (upper case: White)";
}

namespace {

// The square of a board drawn at (row, column), top left first, seen from White or flipped.
int file_at(const RenderOptions& o, int column) { return o.flip ? 7 - column : column; }
int rank_at(const RenderOptions& o, int row) { return o.flip ? row : 7 - row; }

// Shaded squares, three columns each, no frame (--color).
void append_shaded_board(std::string& out, const position::Position& pos, const RenderOptions& o) {
    for (int row = 0; row < 8; ++row) {
        const int rank = rank_at(o, row);
        if (o.coordinates) {
            out += char('1' + rank);
            out += ' ';
        }
        for (int column = 0; column < 8; ++column) {
            const Square s = make_square(file_at(o, column), rank);
            const bool light = (file_of(s) + rank) % 2 == 1;
            const bool marked = !o.highlight.is_none() && (s == o.highlight.from() || s == o.highlight.to());
            out += marked ? (light ? LIGHT_HIGHLIGHT : DARK_HIGHLIGHT) : (light ? LIGHT_SQUARE : DARK_SQUARE);
            const Piece p = pos.piece_on(s);
            out += p == NO_PIECE ? EMPTY_MARK : color_of(p) == WHITE ? WHITE_PIECE : BLACK_PIECE;
            out += ' ';
            out += coloured_symbol(p, o.unicode);
            out += ' ';
        }
        out += RESET;
        out += '\n';
    }
    if (o.coordinates) {
        out += "  ";
        for (int column = 0; column < 8; ++column) {
            out += ' ';
            out += char('a' + file_at(o, column));
            if (column < 7) out += ' ';
        }
        out += '\n';
    }
}

// Letters (or Unicode symbols) in a frame.
void append_framed_board(std::string& out, const position::Position& pos, const RenderOptions& o) {
    const std::string_view label_pad = o.coordinates ? "  " : "";
    const std::string_view horizontal = o.unicode ? "─" : "-";
    auto frame = [&](std::string_view left, std::string_view right) {
        out += label_pad;
        out += left;
        for (int i = 0; i < 17; ++i) out += horizontal;
        out += right;
        out += '\n';
    };
    const std::string_view vertical = o.unicode ? "│" : "|";
    frame(o.unicode ? "┌" : "+", o.unicode ? "┐" : "+");
    for (int row = 0; row < 8; ++row) {
        const int rank = rank_at(o, row);
        if (o.coordinates) {
            out += char('1' + rank);
            out += ' ';
        }
        out += vertical;
        for (int column = 0; column < 8; ++column) {
            out += ' ';
            out += piece_symbol(pos.piece_on(make_square(file_at(o, column), rank)), o.unicode);
        }
        out += ' ';
        out += vertical;
        out += '\n';
    }
    frame(o.unicode ? "└" : "+", o.unicode ? "┘" : "+");
    if (o.coordinates) {
        out += label_pad;
        out += ' ';
        for (int column = 0; column < 8; ++column) {
            out += ' ';
            out += char('a' + file_at(o, column));
        }
        out += '\n';
    }
}

} // namespace

std::string render_board(const position::Board& board, const RenderOptions& o) {
    std::string out;
    out.reserve(o.color ? 2048 : 512);
    if (o.color) append_shaded_board(out, board.position(), o);
    else append_framed_board(out, board.position(), o);
    out += board.side_to_move() == WHITE ? "White to move\n" : "Black to move\n";
    if (o.unicode && board.variant() == Variant::Orda) {
        out += orda_legend(true);
        out += '\n';
    }
    return out;
}

} // namespace horde::report
