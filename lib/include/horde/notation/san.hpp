// Standard algebraic notation. `parse_san` reads syntax only; `resolve_san` finds the legal
// move a SAN names in a position, or says exactly why there is none; `to_san` writes SAN.
#pragma once

#include "horde/core/diagnostic_codes.hpp"
#include "horde/position/board.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace horde::notation {

struct SanMove {
    enum class Kind : std::uint8_t { Normal, CastleShort, CastleLong };
    enum class Suffix : std::uint8_t { None, Check, Mate };
    Kind kind = Kind::Normal;
    char piece = 0;     // upper-case piece letter as written; 0 for a pawn move
    int from_file = -1; // disambiguation, -1 when absent
    int from_rank = -1;
    bool capture = false; // an 'x' was written
    Square to = SQ_NONE;
    char promotion = 0; // upper-case letter, 0 when none
    Suffix suffix = Suffix::None;
    // Spellings that real files use but the standard does not: warnings by default.
    bool zero_castling = false;            // 0-0 instead of O-O
    bool promotion_without_equals = false; // e8Q
    bool pawn_letter = false;              // Pe4
    bool double_plus = false;              // "++": an old spelling of mate, read as '#'
};

enum class SanErrorCode : std::uint8_t {
    Syntax,       // not SAN at all
    UnknownPiece, // a piece letter the variant (or that side) does not have
    Illegal,      // well-formed, but no legal move matches
    Ambiguous,    // several legal moves match
};
DiagnosticCode diagnostic_code(SanErrorCode code);
std::string_view san_error_code_name(SanErrorCode code); // "san-syntax", ...: its diagnostic_name

struct SanError {
    SanErrorCode code;
    std::string message;
    bool strict = false; // a warning that strict mode made an error (game::Diagnostic::strict)
};

std::variant<SanMove, SanError> parse_san(std::string_view token);

// Tolerated deviations, reported as warnings (errors with --strict).
enum class SanWarningCode : std::uint8_t {
    ZeroCastling,           // 0-0
    MissingCheckSuffix,     // gives check but no '+'/'#'
    WrongCheckSuffix,       // '+' or '#' where it does not apply, or '+' for mate
    PromotionWithoutEquals, // e8Q
    MissingCapture,         // capture without 'x'
    SpuriousCapture,        // 'x' on a move that captures nothing
    NeedlessDisambiguation, // more origin information than needed
    // Dialects (see notation/dialect.hpp): what was written, and read as what.
    PawnLetter,         // Pe4
    DoublePlusMate,     // Qxf7++
    LongAlgebraic,      // e2-e4, Ng1-f3, Ng1xf3, e7e8=Q
    UciMove,            // g1f3, e2e4, d7d8q
    CastlingAsKingMove, // e1g1, Ke1g1 when castling is legal
    LowercaseCastling,  // o-o, o-o-o
    LowercasePiece,     // nf3, qd1, Orda lc7
    EnPassantMark,      // exd6 e.p.
};
DiagnosticCode diagnostic_code(SanWarningCode code);
std::string_view san_warning_code_name(SanWarningCode code); // its diagnostic_name

struct SanWarning {
    SanWarningCode code;
    std::string message;
};

struct SanResolution {
    Move move = Move::none();
    std::vector<SanWarning> warnings;
};

// Finds the one legal move `san` names. With `strict`, deviations are errors.
std::variant<SanResolution, SanError> resolve_san(const position::Board& board, const SanMove& san, bool strict = false);

// resolve_san in two steps, for callers that play the move anyway: the move (with the
// spelling warnings), then the check/mate suffix against the position after it.
std::variant<SanResolution, SanError> resolve_san_move(const position::Board& board, const SanMove& san, bool strict = false);
std::optional<SanError> check_suffix(const position::Board& after, const SanMove& san, bool strict,
                                     std::vector<SanWarning>& warnings);

// The hot path of PGN validation, for SAN written exactly to the standard. parse_san_exact
// accepts only the plain forms (no castling, no tolerated deviation); resolve_san_exact
// returns the one legal move such a SAN names when its capture mark is right, else
// Move::none(); suffix_plainly_right says the move's '+'/'#' (or none) is right. When any of them
// says no, the full functions above give the error or warning.
bool parse_san_exact(std::string_view token, SanMove& san);
Move resolve_san_exact(const position::Board& board, const SanMove& san);
bool suffix_plainly_right(const position::Board& after, SanMove::Suffix suffix);
// The SAN of a legal move, with '+' or '#'. A move that wins by a variant rule (the
// capture of the last Horde unit, a king reaching the campmate rank) gets '#'.
std::string to_san(const position::Board& board, Move move);
// The same, with the position's legal moves and the position after the move at hand (a caller
// that writes every move of a position generates the legal moves once).
std::string to_san(const position::Board& board, Move move, const position::MoveList& legal, const position::Board& after);
// The same with the position after the move at hand only (the game walk's events carry it).
std::string to_san(const position::Board& board, Move move, const position::Board& after);

} // namespace horde::notation
