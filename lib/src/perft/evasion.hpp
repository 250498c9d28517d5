// The checkmate test of perft --breakdown (private to perft/).
#pragma once

#include "horde/position/movegen.hpp"

namespace horde::perft::detail {

// Whether side C, whose king is in check in `pos`, has a legal move: the checkmate test of
// perft --breakdown, run at every checking leaf, so it answers without generating moves. A safe
// king step answers most checks; a double check has no other answer; a single check is
// answered by an unpinned piece that captures the checker (by its capture pattern) or moves
// onto a square between it and the king (by its quiet pattern). A pinned piece never answers
// a check: its moves stay on the pin line, which meets the check line only at the king. En
// passant (rare: after a double step that gives check) is left to the full generator.
// `no_safe_king_step`: the caller has found that every king step is attacked.
template <Variant V, Color C> bool has_legal_evasion(const position::Position& pos, bool no_safe_king_step = false) {
    constexpr Color Them = ~C;
    constexpr Direction Up = pawn_push(C);
    if (position::variant_game_over<V>(pos)) return false;
    const Bitboard king_bb = pos.pieces(C, KING);
    const Square king = lsb(king_bb);
    const Bitboard occupied = pos.pieces();
    const Bitboard without_king = occupied ^ king_bb; // the king no longer shields a line behind it
    for (Bitboard steps = no_safe_king_step ? 0 : king_attacks(king) & ~pos.pieces(C); steps;)
        if (!pos.template legality_attackers_to<V>(pop_lsb(steps), without_king, Them)) return true;
    const Bitboard checkers = pos.template legality_attackers_to<V>(king, occupied, Them);
    if (more_than_one(checkers)) return false;
    const Bitboard pawns = pos.pieces(C, PAWN);
    if (pos.ep != SQ_NONE && (pawn_attacks(Them, pos.ep) & pawns)) {
        position::MoveCountSink<V> counter;
        position::generate_legal<V, C>(pos, counter);
        return counter.count != 0;
    }
    Bitboard pinned = 0;
    Bitboard snipers = (rook_pseudo_attacks(king) & position::straight_attackers<V, Them>(pos)) |
                       (bishop_pseudo_attacks(king) & position::diagonal_attackers<V, Them>(pos));
    while (snipers) {
        const Bitboard between = between_bb(king, pop_lsb(snipers)) & occupied;
        if (!more_than_one(between)) pinned |= between;
    }
    const Bitboard movers = pos.pieces(C) & ~king_bb & ~pinned;
    const Square checker = lsb(checkers);
    if (pos.template legality_attackers_to<V>(checker, occupied, C) & movers) return true;
    const Bitboard blocks = between_bb(king, checker); // empty: the checker is next to the king or leaps
    if (!blocks) return false;
    const Bitboard single = shift<Up>(pawns & movers) & ~occupied;
    const Bitboard twice = shift<Up>(single & shift<Up>(Rules<V>::double_step_from(C))) & ~occupied;
    if ((single | twice) & blocks) return true;
    Bitboard leapers = pos.pieces(C, KNIGHT); // pieces whose quiet moves are knight steps
    Bitboard kheshigs = 0, yurts = 0;
    if constexpr (Rules<V>::orda_pieces) {
        leapers |= pos.pieces(C, LANCER) | pos.pieces(C, ARCHER) | pos.pieces(C, KHESHIG);
        kheshigs = pos.pieces(C, KHESHIG);
        yurts = pos.pieces(C, YURT);
    }
    const Bitboard diagonal = pos.pieces(C, BISHOP, QUEEN) & movers, straight = pos.pieces(C, ROOK, QUEEN) & movers;
    leapers &= movers;
    kheshigs &= movers;
    yurts &= movers;
    for (Bitboard b = blocks; b;) {
        const Square s = pop_lsb(b);
        if ((knight_attacks(s) & leapers) | (king_attacks(s) & kheshigs) | (yurt_attacks(Them, s) & yurts) |
            (bishop_attacks(s, occupied) & diagonal) | (rook_attacks(s, occupied) & straight))
            return true;
    }
    return false;
}

} // namespace horde::perft::detail
