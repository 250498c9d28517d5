// Setup: what a FEN says, read but not judged (as shakmaty separates Setup from Position).
// parse_fen checks the syntax of each field; Board::from_setup (board.hpp) checks the rest:
// which pieces the variant has, which castling rights and en passant squares the placement
// allows, kings, pawn ranks and checks. Board::from_fen is the two in a row.
//
// Each error is one of the two steps', so a FEN with a syntax error anywhere reports that one
// before any error of the second step (an 'X' on the board and a side field 'W': bad-side).
// Within a step the fields go in their order, and within a field from its first character.
#pragma once

#include "horde/core/types.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

namespace horde::position {

// Why a FEN was rejected: the field it concerns and one code per failure kind. The comment of
// each code says which step finds it: (syntax) parse_fen, (rules) Board::from_setup.
struct FenError {
    enum class Field : std::uint8_t { Placement, Side, Castling, EnPassant, Halfmove, Fullmove, Position };
    enum class Code : std::uint8_t {
        MissingFields,         // (syntax) fewer than 4 fields
        TrailingFields,        // (syntax) more than 6 fields
        BadRankCount,          // (syntax) not 8 ranks
        BadRankLength,         // (syntax) a rank that does not describe 8 squares
        BadPlacementChar,      // (syntax) a character that is no letter or digit 1-8
        UnknownPiece,          // (rules) a piece letter the variant does not have (for that colour)
        BadSide,               // (syntax) side to move not w/b
        BadCastlingSyntax,     // (syntax) not K, Q, k, q, A-H, a-h or -; (rules) a right given twice,
                               // or a file letter other than a/h outside Chess960
        CastlingNotAllowed,    // (rules) a right for a side that cannot castle in this variant
        CastlingWithoutPieces, // (rules) no king or rook on its start square for that right
                               // (Chess960: no king on the back rank, no rook on that side or file)
        BadEnPassantSyntax,    // (syntax) not a square or -
        ImpossibleEnPassant,   // (rules) a square the last move cannot have left
        BadHalfmove,           // (syntax)
        BadFullmove,           // (syntax)
        KingCount,             // (rules) wrong number of kings for the variant
        PawnOnBadRank,         // (rules) a pawn where none can stand
        OppositeCheck,         // (rules) the side not to move is in check
        TooManyCheckers,       // (rules) the side to move is checked in an impossible way
    };
    Field field;
    Code code;
    std::string message; // "castling field: 'K' but White has no king in Horde"

    std::string_view field_name() const;
    std::string_view code_name() const; // kebab-case, stable for JSON
};

struct Setup {
    // The letter on each square (by Square, a1 = 0) as the FEN writes it, 0 when empty: any
    // ASCII letter, for from_setup to judge against the variant's pieces.
    std::array<char, SQ_NB> placement{};
    Color side = WHITE;
    // The castling field's letters as written ("KQkq", "HAh", "KK"), empty for '-'.
    std::string castling;
    // The en passant field's square, SQ_NONE for '-': any square, for from_setup to judge.
    Square ep = SQ_NONE;
    // The counters as written (0 and 1 when the FEN has only 4 fields). A fullmove number
    // of 0 is kept here; from_setup reads it as 1 (see fen_warning).
    std::uint16_t halfmove = 0;
    std::uint16_t fullmove = 1;
};

// Whether ch may stand in a castling field: K, Q, k, q, or a rook's file (A-H, a-h).
constexpr bool is_castling_letter(char ch) {
    const char up = ch >= 'a' && ch <= 'z' ? char(ch - 'a' + 'A') : ch;
    return up == 'K' || up == 'Q' || (up >= 'A' && up <= 'H');
}

// The fields of a FEN (6, or 4 with counters 0 1), or the first syntax error.
std::variant<Setup, FenError> parse_fen(std::string_view fen);

// What a setup says with certainty but not as the FEN standard writes it (a fullmove number of
// 0, read as 1), for the caller's warning; empty when nothing. Code: "fen-fullmove-zero".
std::string fen_warning(const Setup& setup);
// The same of a FEN's text (parse_fen, then the above); empty when it does not parse.
std::string fen_warning(std::string_view fen);

} // namespace horde::position
