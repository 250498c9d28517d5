// The vocabulary of the rules library: colours, squares, pieces, variants, moves.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace horde::core {

using Bitboard = std::uint64_t;

// Chess960 (Fischer random) is standard chess with another back rank and generalised castling.
enum class Variant : std::uint8_t { Chess, Horde, Orda, Chess960 };
inline constexpr int VARIANT_NB = 4;

constexpr std::string_view variant_name(Variant v) {
    switch (v) {
    case Variant::Chess: return "chess";
    case Variant::Horde: return "horde";
    case Variant::Orda: return "orda";
    case Variant::Chess960: return "chess960";
    }
    return "chess";
}

// The article before variant_name in a sentence ("not an orda position", "not a chess position").
constexpr std::string_view variant_article(Variant v) { return v == Variant::Orda ? "an" : "a"; }

// The game's name in a sentence ("no piece 'Q' in Horde", "... in chess").
constexpr std::string_view variant_title(Variant v) {
    switch (v) {
    case Variant::Chess: return "chess";
    case Variant::Horde: return "Horde";
    case Variant::Orda: return "Orda";
    case Variant::Chess960: return "Chess960";
    }
    return "chess";
}

// Standard chess or Chess960: the games with FIDE's pieces, kings on both sides, and the
// insufficient-material draw.
constexpr bool is_chess(Variant v) { return v == Variant::Chess || v == Variant::Chess960; }

// Accepts the tool spelling (chess, horde, orda, chess960) and PGN Variant tag spellings
// ("Standard", "Horde chess", "Orda Chess", "Chess960", "Fischerandom", "960", ...),
// case-insensitively.
std::optional<Variant> parse_variant(std::string_view text);

enum Color : std::uint8_t { WHITE, BLACK, COLOR_NB };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// clang-format off
enum Square : std::uint8_t {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
    SQ_NB, SQ_NONE = SQ_NB
};
// clang-format on

constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
// The characters of square names in notation: files a-h, ranks 1-8.
constexpr bool is_file_char(char c) { return c >= 'a' && c <= 'h'; }
constexpr bool is_rank_char(char c) { return c >= '1' && c <= '8'; }
// Rank seen from colour c: rank 0 is c's back rank.
constexpr int relative_rank(Color c, int rank) { return c == WHITE ? rank : 7 - rank; }
// Square s seen from colour c: White's squares mirrored to Black's back rank side.
constexpr Square relative_square(Color c, Square s) { return c == WHITE ? s : Square(s ^ 56); }
constexpr Bitboard square_bb(Square s) { return Bitboard{1} << s; }

// Piece types. LANCER, ARCHER, KHESHIG and YURT exist only in Orda; KING is Orda's khan too.
enum PieceType : std::uint8_t {
    NO_PIECE_TYPE,
    PAWN,
    KNIGHT,
    BISHOP,
    ROOK,
    QUEEN,
    KING,
    LANCER,  // moves as a knight, captures as a rook
    ARCHER,  // horse archer: moves as a knight, captures as a bishop
    KHESHIG, // knight + king
    YURT,    // silver general: diagonals and straight forward
    PIECE_TYPE_NB
};

// A piece packs its colour in bit 4 so that the type is the low nibble.
enum Piece : std::uint8_t { NO_PIECE = 0 };
constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 4) | pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 15); }
constexpr Color color_of(Piece p) { return Color(p >> 4); }

// FEN letters: upper case is White.
constexpr char piece_type_letter(PieceType pt) { return " PNBRQKLAHY"[pt]; }
constexpr char piece_char(Piece p) {
    char c = piece_type_letter(type_of(p));
    return color_of(p) == WHITE ? c : char(c - 'A' + 'a');
}
namespace detail {
struct LetterTable {
    PieceType type[128]{};
    constexpr LetterTable() {
        for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt) type[int(piece_type_letter(PieceType(pt)))] = PieceType(pt);
    }
};
inline constexpr LetterTable PIECE_LETTERS{};
} // namespace detail
// A table lookup: SAN and FEN parsing call this for every piece letter.
constexpr PieceType piece_type_from_letter(char upper) {
    const auto i = static_cast<unsigned char>(upper);
    return i < 128 ? detail::PIECE_LETTERS.type[i] : NO_PIECE_TYPE;
}

// Castling rights, one bit each; castling_index gives the bit's number (0..3).
enum CastlingRights : std::uint8_t {
    NO_CASTLING = 0,
    WHITE_OO = 1,
    WHITE_OOO = 2,
    BLACK_OO = 4,
    BLACK_OOO = 8,
    ALL_CASTLING = 15
};
constexpr int castling_index(CastlingRights r) { return r == WHITE_OO ? 0 : r == WHITE_OOO ? 1 : r == BLACK_OO ? 2 : 3; }

// A move in 16 bits:
//   bits 0-5   destination square
//   bits 6-11  origin square
//   bits 12-15 kind: 0 normal, 1 en passant, 2 castling (stored as the king's own move,
//              e1g1; in Chess960 as king takes rook, e1h1, since the king may not move),
//              3 promotion to knight, 4 bishop, 5 rook, 6 queen, 7 kheshig.
// Move 0 (a1a1) is never legal, so it doubles as "no move".
class Move {
public:
    enum Kind : std::uint8_t { NORMAL = 0, EN_PASSANT = 1, CASTLING = 2, PROMOTION = 3 };

    Move() = default;
    constexpr explicit Move(std::uint16_t raw) : data_(raw) {}
    constexpr Move(Square from, Square to) : data_(std::uint16_t(from << 6 | to)) {}
    static constexpr Move make(Square from, Square to, Kind kind) { return Move(std::uint16_t(kind << 12 | from << 6 | to)); }
    static constexpr Move promotion(Square from, Square to, PieceType promoted) {
        return Move(std::uint16_t(promotion_code(promoted) << 12 | from << 6 | to));
    }
    static constexpr Move none() { return Move(std::uint16_t(0)); }

    constexpr Square from() const { return Square((data_ >> 6) & 63); }
    constexpr Square to() const { return Square(data_ & 63); }
    constexpr int code() const { return data_ >> 12; }
    constexpr bool is_promotion() const { return code() >= PROMOTION; }
    constexpr bool is_en_passant() const { return code() == EN_PASSANT; }
    constexpr bool is_castling() const { return code() == CASTLING; }
    constexpr PieceType promoted() const {
        constexpr PieceType table[8] = {NO_PIECE_TYPE, NO_PIECE_TYPE, NO_PIECE_TYPE, KNIGHT, BISHOP, ROOK, QUEEN, KHESHIG};
        return table[code() & 7];
    }
    constexpr std::uint16_t raw() const { return data_; }
    constexpr bool is_none() const { return data_ == 0; }
    constexpr bool operator==(const Move&) const = default;

private:
    static constexpr int promotion_code(PieceType pt) {
        return pt == KNIGHT ? 3 : pt == BISHOP ? 4 : pt == ROOK ? 5 : pt == QUEEN ? 6 : 7;
    }
    std::uint16_t data_;
};

// The rule facts that differ between the games, fixed at compile time so that move
// generation folds them away with `if constexpr`.
template <Variant V> struct Rules {
    static constexpr bool has_king(Color c) { return !(V == Variant::Horde && c == WHITE); }
    static constexpr bool can_castle(Color c) {
        return V == Variant::Chess || V == Variant::Chess960 || (V == Variant::Horde ? c == BLACK : c == WHITE);
    }
    // Castling with the king and rook on any start squares (king takes rook in the Move).
    static constexpr bool chess960 = V == Variant::Chess960;
    static constexpr bool orda_pieces = V == Variant::Orda;
    // Horde: White pawns double-step from rank 1 as well as rank 2 (rank-1 steps set no ep).
    static constexpr Bitboard double_step_from(Color c) {
        if (c == WHITE) return V == Variant::Horde ? 0x000000000000FFFFULL : 0x000000000000FF00ULL;
        return 0x00FF000000000000ULL;
    }
    static constexpr int promotion_count = V == Variant::Orda ? 2 : 4;
    static constexpr PieceType promotions[4] = {QUEEN, V == Variant::Orda ? KHESHIG : ROOK, BISHOP, KNIGHT};
    static constexpr bool extinction = V == Variant::Horde;
    static constexpr bool campmate = V == Variant::Orda;
};

} // namespace horde::core

// The vocabulary is every module's: each folder has its own namespace (horde::pgn,
// horde::game, ...), core's names are visible in all of them unqualified, and every other
// module's names are written with their module (pgn::PgnReader, position::Board).
namespace horde {
using namespace core;
} // namespace horde
