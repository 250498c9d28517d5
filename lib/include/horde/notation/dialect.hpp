// Move spellings that real PGN files use outside SAN, read only when the SAN reading fails (the
// slow path: exact SAN never comes here). A reading is given only when it is certain; each one
// carries warnings that name the spelling and what it was read as (errors under --strict, which
// the caller decides).
//   long algebraic and UCI: g1f3 e2e4 e2-e4 Ng1-f3 Ng1xf3 d7d8Q d7d8q e7e8=Q, Orda e7e8h
//   castling: o-o o-o-o, and the king's move (e1g1, Ke1g1) when castling is legal there
//   a lower-case piece letter: nf3 qd1, Orda lc7 yd7. Lower-case b (and in Orda h and a) are
//   files, so they are never read as piece letters.
// Null moves and the en passant mark are tokens of their own (is_null_move_token,
// is_en_passant_mark): the game checker handles them.
#pragma once

#include "horde/notation/san.hpp"

#include <optional>
#include <string_view>
#include <variant>
#include <vector>

namespace horde::notation {

struct DialectMove {
    Move move = Move::none();
    SanMove san;                      // suffix and double_plus as written, for check_suffix
    std::vector<SanWarning> warnings; // at least one: what was written, read as what
};

// nullopt: the token has none of the shapes above (the SAN error stands). A SanError: it has
// one, but names no legal move, or several, or the reading would be a guess.
std::optional<std::variant<DialectMove, SanError>> read_dialect_move(const position::Board& board, std::string_view token);

// "--", "Z0", "0000", "@@@@": a null move (passes the turn).
bool is_null_move_token(std::string_view token);
// "e.p.", "ep", "e.p": the en passant mark written after a capture.
bool is_en_passant_mark(std::string_view token);

// The position after a null move: the other side to move, no en passant square, the halfmove
// clock advanced (and the move number after Black's turn). nullopt when the side to move is in
// check (a null move is then impossible) or the resulting position is not a legal one.
std::optional<position::Board> null_move_board(const position::Board& board);

} // namespace horde::notation
