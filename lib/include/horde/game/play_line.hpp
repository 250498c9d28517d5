// Moves played into positions outside a checked game: the one loop for it beside the walk
// (GameChecker), for a game whose moves are known good — a checked record's (replay_into, for
// position patterns) or a stored one's (an opening tree's game entries).
#pragma once

#include "horde/core/types.hpp"
#include "horde/notation/dialect.hpp"
#include "horde/position/board.hpp"

#include <cstddef>

namespace horde::game {

// Plays the first `count` moves of a line on `board`, move_at(k) giving the k-th (Move::none():
// a null move, played as Game::play_null plays it), and calls on_position(board) after each; it
// returns false to stop there. Returns false when a null move is not legal where it stands (the
// board is then the one before it), else true. One dispatch on the variant for the whole line.
template <class MoveAt, class OnPosition>
bool play_line(position::Board& board, std::size_t count, MoveAt&& move_at, OnPosition&& on_position) {
    return position::with_variant(board.variant(), [&]<Variant V>() {
        for (std::size_t k = 0; k < count; ++k) {
            const Move m = move_at(k);
            if (m.is_none()) {
                auto after = notation::null_move_board(board);
                if (!after) return false;
                board = *after;
            } else {
                board.template play_as<V>(m);
            }
            if (!on_position(static_cast<const position::Board&>(board))) return true;
        }
        return true;
    });
}

} // namespace horde::game
