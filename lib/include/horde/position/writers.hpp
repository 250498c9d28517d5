// FEN and UCI text, each written by one writer: Board::fen and Board::uci, the position lists
// and the JSON records all come here. They write into a caller's buffer, without allocating,
// because horde-list writes one FEN per listed position.
#pragma once

#include "horde/position/board.hpp"

#include <cstddef>
#include <string>

namespace horde::position {

// Longer than any FEN write_fen writes (71 placement bytes, the four short fields, two
// counters of at most 5 digits).
inline constexpr std::size_t kMaxFenLength = 100;
// The longest UCI move: e7e8q.
inline constexpr std::size_t kMaxUciLength = 5;

// Writes a position's FEN at `p` (at least kMaxFenLength writable bytes) and returns its end.
// The en passant field names a square only when an en passant capture is legal; Chess960
// castling rights are X-FEN (see Board::fen). With `with_counters` false, the first 4 fields
// (EPD).
char* write_fen(char* p, const Board& board, bool with_counters = true);
void append_fen(std::string& out, const Board& board, bool with_counters = true);

inline char* write_square(char* p, Square s) {
    *p++ = char('a' + file_of(s));
    *p++ = char('1' + rank_of(s));
    return p;
}

// Writes a move's UCI text (e2e4, e7e8q, e7e8h, castling as the king's move e1g1; Chess960:
// king takes rook, e1h1) at `p` (at least kMaxUciLength writable bytes) and returns its end.
inline char* write_uci(char* p, Move m) {
    p = write_square(p, m.from());
    p = write_square(p, m.to());
    if (m.is_promotion()) *p++ = char(piece_type_letter(m.promoted()) - 'A' + 'a');
    return p;
}
void append_uci(std::string& out, Move move);

} // namespace horde::position
