// A position: bitboards, a mailbox, side to move, castling rights, en passant square,
// clocks and an incrementally updated Zobrist key. It is a plain value (copy-make).
// The variant is not stored here: the rules are template parameters of the functions that
// need them (see movegen.hpp); `Board` (board.hpp) pairs a position with its variant.
#pragma once

#include "horde/core/bitboard.hpp"
#include "horde/core/types.hpp"

#include <cstring>

// Test-only: tests/perft_engine builds the generator with one bug injected at a time, to prove
// that horde-perft --against finds it. 0 (no bug) in the library and every shipped tool.
//   1 en passant captures are dropped        2 castling through an attacked square
//   3 Horde: rank-1 double steps leave an en passant square
//   4 Orda: a lancer also captures like a knight
#ifndef HORDE_INJECTED_BUG
#define HORDE_INJECTED_BUG 0
#endif

namespace horde::position {

namespace detail {
struct ZobristKeys {
    std::uint64_t piece_square[32][64]; // indexed by Piece
    std::uint64_t castling[16];
    std::uint64_t ep_file[8];
    std::uint64_t black_to_move;
};
extern const ZobristKeys ZOBRIST;

// Castling rights lost when a move starts or ends on a square.
inline constexpr auto CASTLING_LOSS = [] {
    std::array<std::uint8_t, 64> t{};
    t[E1] = WHITE_OO | WHITE_OOO;
    t[H1] = WHITE_OO;
    t[A1] = WHITE_OOO;
    t[E8] = BLACK_OO | BLACK_OOO;
    t[H8] = BLACK_OO;
    t[A8] = BLACK_OOO;
    return t;
}();
} // namespace detail

struct Position {
    Bitboard by_type[PIECE_TYPE_NB]{}; // by_type[NO_PIECE_TYPE] holds every occupied square
    Bitboard by_color[COLOR_NB]{};
    Piece board[SQ_NB]{};
    std::uint64_t key = 0;
    Color side = WHITE;
    std::uint8_t castling = NO_CASTLING;
    // Set after a double step whenever an enemy pawn stands beside the pawn; whether the
    // capture is legal is decided when it matters (FEN output, repetition keys).
    Square ep = SQ_NONE;
    std::uint16_t halfmove = 0;
    std::uint16_t fullmove = 1;
    // The rook each castling right castles with, by castling_index (Chess960; in the other
    // games always h1, a1, h8, a8). Fixed for a game: rights are lost, never moved.
    Square castling_rook[4] = {H1, A1, H8, A8};

    Bitboard pieces() const { return by_type[NO_PIECE_TYPE]; }
    Bitboard pieces(Color c) const { return by_color[c]; }
    Bitboard pieces(PieceType pt) const { return by_type[pt]; }
    Bitboard pieces(Color c, PieceType pt) const { return by_color[c] & by_type[pt]; }
    Bitboard pieces(Color c, PieceType a, PieceType b) const { return by_color[c] & (by_type[a] | by_type[b]); }
    Piece piece_on(Square s) const { return board[s]; }

    // Always inlined: the checker's per-move path grows past GCC's inlining budget, which then
    // left move_piece out of line (a call per move, 2% of horde-check's instructions).
    [[gnu::always_inline]] void put_piece(Piece p, Square s) {
        Bitboard b = square_bb(s);
        board[s] = p;
        by_type[NO_PIECE_TYPE] |= b;
        by_type[type_of(p)] |= b;
        by_color[color_of(p)] |= b;
        key ^= detail::ZOBRIST.piece_square[p][s];
    }
    [[gnu::always_inline]] void remove_piece(Square s) {
        Piece p = board[s];
        Bitboard b = square_bb(s);
        board[s] = NO_PIECE;
        by_type[NO_PIECE_TYPE] ^= b;
        by_type[type_of(p)] ^= b;
        by_color[color_of(p)] ^= b;
        key ^= detail::ZOBRIST.piece_square[p][s];
    }
    [[gnu::always_inline]] void move_piece(Square from, Square to) {
        Piece p = board[from];
        Bitboard b = square_bb(from) | square_bb(to);
        board[to] = p;
        board[from] = NO_PIECE;
        by_type[NO_PIECE_TYPE] ^= b;
        by_type[type_of(p)] ^= b;
        by_color[color_of(p)] ^= b;
        key ^= detail::ZOBRIST.piece_square[p][from] ^ detail::ZOBRIST.piece_square[p][to];
    }

    // Pieces of colour `by` that attack square s (capture patterns), given an occupancy.
    template <Variant V> Bitboard attackers_to(Square s, Bitboard occupied, Color by) const {
        const StepAttackers a = step_attackers<V>(s, by);
        return (a.result | (bishop_attacks(s, occupied) & a.diagonal) | (rook_attacks(s, occupied) & a.straight)) & by_color[by];
    }

    // The pieces of colour `by` that attack square s by a step (pawns, knights, kings; Orda's
    // kheshigs and yurts): attackers_to without the sliders.
    template <Variant V> Bitboard leaper_attackers_to(Square s, Color by) const {
        return step_attackers<V>(s, by).result & by_color[by];
    }

    // attackers_to for the one square of a move's legality or check test (the PGN checker's
    // path): the sliders through sliders_reaching (core/bitboard.hpp), which picks the tables
    // that answer a one-square question fastest on this CPU.
    template <Variant V> Bitboard legality_attackers_to(Square s, Bitboard occupied, Color by) const {
        const Bitboard them = by_color[by];
        const StepAttackers a = step_attackers<V>(s, by);
        return (a.result & them) | sliders_reaching(s, a.diagonal & them, a.straight & them, occupied);
    }
    // legality_attackers_to for the PGN checker's per-move tests (a candidate's king safety,
    // the check after a move), whose lookups are scattered between parsing and playing: the
    // rook lines from the small tables of origin_sliders_reaching, which stay in the L1 cache
    // where the 800 KB PEXT table missed it (a quarter of legal_candidates' samples waited on
    // those loads, AMD EPYC).
    template <Variant V> Bitboard scattered_attackers_to(Square s, Bitboard occupied, Color by) const {
        const Bitboard them = by_color[by];
        const StepAttackers a = step_attackers<V>(s, by);
        return (a.result & them) | origin_sliders_reaching(s, a.diagonal & them, a.straight & them, occupied);
    }

    // The castling rights left after a move of a `moved` piece from `from` to `to` (in Chess960
    // castling is king takes rook: the king's move).
    template <Variant V> std::uint8_t castling_after(Square from, Square to, PieceType moved) const {
        if constexpr (Rules<V>::chess960) {
            if (!castling) return castling;
            std::uint8_t lost = moved == KING ? (side == WHITE ? WHITE_OO | WHITE_OOO : BLACK_OO | BLACK_OOO) : 0;
            for (int i = 0; i < 4; ++i)
                if (castling_rook[i] == from || castling_rook[i] == to) lost |= std::uint8_t(1 << i);
            return castling & ~lost;
        }
        return castling & ~(detail::CASTLING_LOSS[from] | detail::CASTLING_LOSS[to]);
    }
    // The en passant square a pawn's move from `from` to `to` leaves: a double step from the
    // relative rank 2 (Horde's rank-1 double steps leave none), next to an enemy pawn.
    Square ep_after_pawn_move(Square from, Square to) const {
        const Color us = side;
        if ((to ^ from) == 16 &&
            (relative_rank(us, rank_of(from)) == 1 || (HORDE_INJECTED_BUG == 3 && relative_rank(us, rank_of(from)) == 0))) {
            const Square passed = Square((from + to) / 2);
            if (pawn_attacks(us, passed) & pieces(~us, PAWN)) return passed;
        }
        return SQ_NONE;
    }

    // Plays a legal move. Rules that matter here: which double steps leave an en passant
    // square (relative rank 2 only, so Horde's rank-1 steps leave none).
    template <Variant V> void play(Move m);
    // The part of play() for a move that is not castling (side and clocks aside).
    template <Variant V> void play_piece_move(Move m, Piece moved);

    // What play() loses that the move itself does not tell, taken before the move: with it,
    // unplay() gives back the position before the move exactly, so that a caller that may
    // need that position (the PGN checker, when a variation opens) need not copy it each move.
    // The key and the fullmove number are not kept: unplay() works them back.
    struct Undo {
        Piece on_to; // what stood on the move's destination (the captured piece, if any)
        std::uint8_t castling;
        Square ep;
        std::uint16_t halfmove;
    };
    Undo undo_for(Move m) const { return {board[m.to()], castling, ep, halfmove}; }
    // Takes back m, played by play<V>() on the position that gave `undo`.
    template <Variant V> void unplay(Move m, const Undo& undo);

    // Whether the side to move has an en passant capture that is legal.
    template <Variant V> bool ep_capture_is_legal() const;

private:
    // The two attackers_to: the pieces of any colour that attack s by a step (pawns, knights,
    // kings; Orda's kheshigs and yurts), and the pieces that slide on diagonals and on lines.
    struct StepAttackers {
        Bitboard result, diagonal, straight;
    };
    template <Variant V> [[gnu::always_inline]] StepAttackers step_attackers(Square s, Color by) const {
        Bitboard knights = by_type[KNIGHT], kings = by_type[KING];
        Bitboard diagonal = by_type[BISHOP] | by_type[QUEEN];
        Bitboard straight = by_type[ROOK] | by_type[QUEEN];
        Bitboard result = pawn_attacks(~by, s) & by_type[PAWN];
        if constexpr (Rules<V>::orda_pieces) {
            knights |= by_type[KHESHIG];
            kings |= by_type[KHESHIG];
            diagonal |= by_type[ARCHER];
            straight |= by_type[LANCER];
            result |= yurt_attacks(~by, s) & by_type[YURT];
        }
        result |= (knight_attacks(s) & knights) | (king_attacks(s) & kings);
        return {result, diagonal, straight};
    }
};

template <Variant V> [[gnu::always_inline]] inline void Position::play_piece_move(Move m, Piece moved) {
    const Color us = side;
    const Square from = m.from(), to = m.to();
    if (m.is_en_passant()) {
        remove_piece(Square(int(to) - int(pawn_push(us))));
        halfmove = 0;
    } else if (board[to] != NO_PIECE) {
        remove_piece(to);
        halfmove = 0;
    }
    move_piece(from, to);
    if (type_of(moved) == PAWN) {
        halfmove = 0;
        if (m.is_promotion()) {
            remove_piece(to);
            put_piece(make_piece(us, m.promoted()), to);
        } else if (const Square passed = ep_after_pawn_move(from, to); passed != SQ_NONE) {
            ep = passed;
            key ^= detail::ZOBRIST.ep_file[file_of(ep)];
        }
    }
}

template <Variant V> [[gnu::always_inline]] inline void Position::play(Move m) {
    const Color us = side, them = ~us;
    const Square from = m.from(), to = m.to();
    const Piece moved = board[from];

    key ^= detail::ZOBRIST.black_to_move;
    if (ep != SQ_NONE) {
        key ^= detail::ZOBRIST.ep_file[file_of(ep)];
        ep = SQ_NONE;
    }
    ++halfmove;
    if (us == BLACK) ++fullmove;

    if constexpr (Rules<V>::chess960) {
        if (m.is_castling()) {
            // King takes rook: both leave their squares first, as either may land on the other's.
            const bool king_side = to > from;
            const Square king_to = relative_square(us, king_side ? G1 : C1);
            const Square rook_to = relative_square(us, king_side ? F1 : D1);
            const Piece rook = board[to];
            remove_piece(from);
            remove_piece(to);
            put_piece(moved, king_to);
            put_piece(rook, rook_to);
        } else {
            play_piece_move<V>(m, moved);
        }
        if (castling) {
            // Taken on the position before the move: side and the castling rook squares.
            const std::uint8_t left = castling_after<V>(from, to, type_of(moved));
            if (left != castling) {
                key ^= detail::ZOBRIST.castling[castling] ^ detail::ZOBRIST.castling[left];
                castling = left;
            }
        }
        side = them;
        return;
    }
    if (m.is_castling()) {
        const bool king_side = to > from;
        const Square rook_from = Square(king_side ? from + 3 : from - 4);
        const Square rook_to = Square(king_side ? from + 1 : from - 1);
        move_piece(from, to);
        move_piece(rook_from, rook_to);
    } else {
        play_piece_move<V>(m, moved);
    }
    const std::uint8_t lost = castling & (detail::CASTLING_LOSS[from] | detail::CASTLING_LOSS[to]);
    if (lost) {
        key ^= detail::ZOBRIST.castling[castling];
        castling &= ~lost;
        key ^= detail::ZOBRIST.castling[castling];
    }
    side = them;
}

template <Variant V> inline void Position::unplay(Move m, const Undo& undo) {
    const Color us = ~side; // the side that made the move
    const Square from = m.from(), to = m.to();
    if (m.is_castling()) {
        const bool king_side = to > from;
        if constexpr (Rules<V>::chess960) {
            // King takes rook: both leave their squares first, as in play().
            const Square king_to = relative_square(us, king_side ? G1 : C1);
            const Square rook_to = relative_square(us, king_side ? F1 : D1);
            const Piece king = board[king_to], rook = board[rook_to];
            remove_piece(king_to);
            remove_piece(rook_to);
            put_piece(king, from);
            put_piece(rook, to);
        } else {
            move_piece(to, from);
            move_piece(Square(king_side ? from + 1 : from - 1), Square(king_side ? from + 3 : from - 4));
        }
    } else {
        if (m.is_promotion()) {
            remove_piece(to);
            put_piece(make_piece(us, PAWN), from);
        } else {
            move_piece(to, from);
        }
        if (m.is_en_passant()) put_piece(make_piece(~us, PAWN), Square(int(to) - int(pawn_push(us))));
        else if (undo.on_to != NO_PIECE) put_piece(undo.on_to, to);
    }
    // The pieces' part of the key is back with the placement; side, castling and en passant
    // are the rest of it.
    side = us;
    key ^= detail::ZOBRIST.black_to_move ^ detail::ZOBRIST.castling[castling] ^ detail::ZOBRIST.castling[undo.castling];
    if (ep != SQ_NONE) key ^= detail::ZOBRIST.ep_file[file_of(ep)];
    if (undo.ep != SQ_NONE) key ^= detail::ZOBRIST.ep_file[file_of(undo.ep)];
    castling = undo.castling;
    ep = undo.ep;
    halfmove = undo.halfmove;
    if (us == BLACK) fullmove = std::uint16_t(fullmove - 1);
}

template <Variant V> bool Position::ep_capture_is_legal() const {
    if (ep == SQ_NONE) return false;
    const Color us = side, them = ~us;
    const Square captured = Square(us == WHITE ? ep - 8 : ep + 8);
    Bitboard capturers = pawn_attacks(them, ep) & pieces(us, PAWN);
    if (!capturers) return false;
    if constexpr (!Rules<V>::has_king(WHITE)) {
        if (us == WHITE) return true; // the Horde side has no king to expose
    }
    const Bitboard king = pieces(us, KING);
    if (!king) return true;
    const Square ksq = lsb(king);
    while (capturers) {
        const Square from = pop_lsb(capturers);
        const Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
        if (!(attackers_to<V>(ksq, occupied, them) & ~square_bb(captured))) return true;
    }
    return false;
}

} // namespace horde::position
