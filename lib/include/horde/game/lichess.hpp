// lichess's extra Horde rules (horde-check --lichess). Neither is part of RULES.md's Horde,
// where material never draws; lichess applies them, so games exported from lichess follow them.
//
// 1. Insufficient material on time. When a player runs out of time, lichess scores the game
//    a draw instead of a loss if the opponent could not win by any sequence of legal moves.
//    In Horde Black (the side with the king) can always win, by capturing the whole horde;
//    for White, lichess-family libraries (scalachess, python-chess, shakmaty, chessops) share
//    one material test: `horde_insufficient_material`. It looks at piece counts (and bishop
//    square colours) only, and errs on the side of "White can still win".
// 2. The closed position. A Horde game is drawn at once when White has no legal move (which
//    is stalemate anyway when White is to move), or when Black is to move and every Black
//    move leaves White (with units still on the board) without a legal move — a pawn
//    fortress that neither side can change into a win. A Black move that captures White's
//    last unit wins instead, so such a position is not closed.
#pragma once

#include "horde/position/board.hpp"

namespace horde::game {

// Whether `side` can no longer checkmate (White) / wipe out the horde (Black) in a Horde
// position, by lichess's rules: always false for Black. Only the material matters, not whose
// move it is.
bool horde_insufficient_material(const position::Position& pos, Color side);

// lichess's closed-position draw in a Horde position (see above): White to move, with units
// but no legal move (our rules call that stalemate already), or Black to move, with legal
// moves, each of which leaves White with units but no legal move. False for other variants,
// after extinction, and when Black to move has no legal move (checkmate or stalemate).
bool horde_closed_position(const position::Board& board);

} // namespace horde::game
