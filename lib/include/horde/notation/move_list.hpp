// Move lists: the moves of one game as plain text, "1. e4 e5 2. Nf3" or "e2e4 e7e5 g1f3", the
// form horde-replay reads and writes (--to uci|san) and `horde-perft --moves` takes. Each
// token is SAN or UCI, told apart by its shape; move numbers ("12.", "12...", the prefix of
// "12.e4"), a result token ending the list, NAGs ($3), !/? suffixes and {comments} are skipped;
// a result before other moves and a null move ("0000", "--", "Z0") are errors of play_move_list.
#pragma once

#include "horde/core/diagnostic_codes.hpp"
#include "horde/position/board.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace horde::notation {

// The move tokens of a move list, with the skipped parts left out (views into `text`).
std::vector<std::string_view> move_list_tokens(std::string_view text);

// Whether a token has the shape of a UCI move (e2e4, e7e8q, e7e8h); such tokens are read as UCI.
bool is_uci_shape(std::string_view token);

// Why a move list could not be played: the 1-based ply of the first bad token, the token, and
// the reason with its stable code ("illegal-move" for UCI, else the SAN error code).
struct MoveListError {
    std::size_t ply = 0;
    std::string token;
    std::string message;
    DiagnosticCode code = DiagnosticCode::IllegalMove;
};

struct PlayedMoveList {
    std::vector<Move> moves; // legal, in order, from the start position
    position::Board end;     // the position after the last move
};

// Plays a move list from `start`, stopping at the first token that is no legal move.
std::variant<PlayedMoveList, MoveListError> play_move_list(const position::Board& start, std::string_view text);

} // namespace horde::notation
