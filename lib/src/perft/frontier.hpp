// perft's last made ply (private to perft/): the children of a node two plies above the leaves
// are counted without a move list and without play(). Each child is the node's bitboards with
// the move's squares toggled in place, the castling rights and en passant square set, and
// toggled back after the count: the leaf counter reads nothing else (not the mailbox, the key
// or the clocks).
#pragma once

#include "horde/position/movegen.hpp"

namespace horde::perft::detail {

// The castling path squares that must not be attacked, for the castlings of side Us (not
// Chess960) that its rights and the empty squares between king and rook allow.
template <Variant V, Color Us> [[gnu::always_inline]] inline Bitboard castling_safe_squares(const position::Position& pos, Bitboard occupied) {
    constexpr Square KingFrom = Us == WHITE ? E1 : E8;
    constexpr Bitboard oo_path = square_bb(Square(KingFrom + 1)) | square_bb(Square(KingFrom + 2));
    constexpr Bitboard ooo_path = square_bb(Square(KingFrom - 1)) | square_bb(Square(KingFrom - 2)) | square_bb(Square(KingFrom - 3));
    Bitboard result = 0;
    if ((pos.castling & (Us == WHITE ? WHITE_OO : BLACK_OO)) && !(occupied & oo_path)) result |= oo_path;
    if ((pos.castling & (Us == WHITE ? WHITE_OOO : BLACK_OOO)) && !(occupied & ooo_path))
        result |= square_bb(Square(KingFrom - 1)) | square_bb(Square(KingFrom - 2));
    return result;
}

// Of the squares `needed`, those that colour Them attacks over `occupied` (the king's steps
// and castling path, our king taken off): the leapers' attacks in bulk, then only the sliders
// on a line through one of the needed squares, each a table lookup that often misses the L1
// cache, where the full map looked up every enemy slider.
template <Variant V, Color Them>
[[gnu::always_inline]] inline Bitboard attacked_among(const position::Position& pos, Bitboard needed, Bitboard occupied) {
    Bitboard attacked = pawn_attacks_bb<Them>(pos.pieces(Them, PAWN));
    Bitboard knights = pos.pieces(Them, KNIGHT), kings = pos.pieces(Them, KING);
    if constexpr (Rules<V>::orda_pieces) {
        knights |= pos.pieces(Them, KHESHIG);
        kings |= pos.pieces(Them, KHESHIG);
        for (Bitboard b = pos.pieces(Them, YURT); b;) attacked |= yurt_attacks(Them, pop_lsb(b));
    }
    for (Bitboard b = kings; b;) attacked |= king_attacks(pop_lsb(b));
    for (Bitboard b = knights; b;) attacked |= knight_attacks(pop_lsb(b));
    Bitboard diagonal_lines = 0, straight_lines = 0;
    for (Bitboard b = needed & ~attacked; b;) {
        const Square s = pop_lsb(b);
        diagonal_lines |= bishop_pseudo_attacks(s);
        straight_lines |= rook_pseudo_attacks(s);
    }
    for (Bitboard b = position::diagonal_attackers<V, Them>(pos) & diagonal_lines; b;)
        attacked |= bishop_attacks(pop_lsb(b), occupied);
    for (Bitboard b = position::straight_attackers<V, Them>(pos) & straight_lines; b;)
        attacked |= rook_attacks(pop_lsb(b), occupied);
    return attacked & needed;
}

// generate_king_moves for counting: checks and pins come from the enemy's leapers next to the
// king and its sliders on the king's lines, and the map of the enemy's attacks is built only
// when the king has a square to step to or may castle (often not, at the leaves).
template <Variant V, Color Us>
[[gnu::always_inline]] inline position::detail::KingConstraints count_king_moves(const position::Position& pos, Bitboard occupied,
                                                                                std::uint64_t& count) {
    constexpr Color Them = ~Us;
    position::detail::KingConstraints k;
    const Bitboard own = pos.pieces(Us);
    const Bitboard king_bb = pos.pieces(Us, KING);
    const Square king = k.king = lsb(king_bb);
    Bitboard checkers = pos.template leaper_attackers_to<V>(king, Them);
    Bitboard snipers = (rook_pseudo_attacks(king) & position::straight_attackers<V, Them>(pos)) |
                       (bishop_pseudo_attacks(king) & position::diagonal_attackers<V, Them>(pos));
    while (snipers) {
        const Square sniper = pop_lsb(snipers);
        const Bitboard between = between_bb(king, sniper) & occupied;
        checkers |= between ? 0 : square_bb(sniper);
        k.pinned |= more_than_one(between) ? 0 : between & own;
    }
    const Bitboard steps = king_attacks(king) & ~own;
    bool may_castle = false;
    Bitboard needed = steps;
    if constexpr (Rules<V>::chess960) {
        may_castle = !checkers && (pos.castling & (Us == WHITE ? WHITE_OO | WHITE_OOO : BLACK_OO | BLACK_OOO));
    } else if constexpr (Rules<V>::can_castle(Us)) {
        const Bitboard castling_squares = checkers ? 0 : castling_safe_squares<V, Us>(pos, occupied);
        may_castle = castling_squares != 0;
        needed |= castling_squares;
    }
    Bitboard danger = 0;
    if (Rules<V>::chess960 && may_castle) danger = position::detail::attacked_squares<V, Them>(pos, occupied ^ king_bb);
    else if (needed) danger = attacked_among<V, Them>(pos, needed, occupied ^ king_bb);
    count += popcount(steps & ~danger);
    if (checkers) {
        if (more_than_one(checkers)) {
            k.double_check = true;
            return k;
        }
        k.check_mask = between_bb(king, lsb(checkers)) | checkers;
    } else if (may_castle) {
        position::MoveCountSink<V> castlings;
        if constexpr (Rules<V>::chess960) {
            position::detail::generate_castling_960<V, Us, true>(pos, king, danger, castlings);
            position::detail::generate_castling_960<V, Us, false>(pos, king, danger, castlings);
        } else {
            position::detail::generate_castling<V, Us>(pos, occupied, danger, castlings);
        }
        count += castlings.count;
    }
    return k;
}

// The legal moves of side Us in pos, counted: generate_legal with a MoveCountSink, the king's
// part by count_king_moves.
template <Variant V, Color Us> std::uint64_t count_leaves(const position::Position& pos) {
    if (position::variant_game_over<V>(pos)) return 0;
    position::MoveCountSink<V> sink;
    const Bitboard occupied = pos.pieces();
    position::detail::KingConstraints k;
    if constexpr (Rules<V>::has_king(Us)) {
        k = count_king_moves<V, Us>(pos, occupied, sink.count);
        if (k.double_check) return sink.count;
    }
    const Bitboard quiet_target = ~occupied & k.check_mask;
    const Bitboard capture_target = pos.pieces(~Us) & k.check_mask;
    position::detail::generate_all_pawn_moves<V, Us>(pos, k, occupied, quiet_target, capture_target, sink);
    position::detail::generate_other_piece_moves<V, Us>(pos, k, occupied, quiet_target, capture_target, sink);
    return sink.count;
}

template <Variant V, Color Us> struct FrontierSink {
    static constexpr Color Them = ~Us;
    const position::Position& pos; // the node
    position::Position& child;     // a copy of the node, side to move Them
    std::uint64_t count = 0;

    // Horde, Black to move, White with nothing but pawns (the whole opening): White's replies
    // are its pawns' moves, all legal (no king), counted from the child's bitboards in registers.
    bool white_pawns_only = V == Variant::Horde && Us == BLACK && pos.pieces(WHITE) == pos.pieces(WHITE, PAWN);

    [[gnu::always_inline]] std::uint64_t white_pawn_replies(Square from, Square to, PieceType moved) const {
        const Bitboard from_bb = square_bb(from), to_bb = square_bb(to);
        const Bitboard pawns = pos.pieces(WHITE) & ~to_bb;
        const Bitboard empty = ~((pos.pieces() ^ from_bb) | to_bb);
        const Bitboard black = pos.pieces(BLACK) ^ from_bb ^ to_bb;
        position::MoveCountSink<V> replies;
        position::detail::generate_pawn_moves<V, WHITE>(pawns, empty, empty, black, replies);
        if (moved == PAWN && HORDE_INJECTED_BUG != 1) {
            const Square ep = pos.ep_after_pawn_move(from, to);
            if (ep != SQ_NONE) replies.count += popcount(pawn_attacks(BLACK, ep) & pawns);
        }
        return replies.count;
    }

    // The leaves below the child after a move of a `moved` piece from `from` to `to` (not
    // castling, en passant or a promotion).
    [[gnu::always_inline]] void count_child(Square from, Square to, PieceType moved) {
        if constexpr (V == Variant::Horde && Us == BLACK) {
            if (white_pawns_only) {
                count += white_pawn_replies(from, to, moved);
                return;
            }
        }
        const Bitboard from_bb = square_bb(from), to_bb = square_bb(to);
        // A quiet move's destination toggles the occupancy (by_type[NO_PIECE_TYPE]); a
        // capture's toggles the captured piece's type instead.
        const PieceType captured = type_of(pos.board[to]);
        const Bitboard captured_bb = to_bb & pos.pieces(Them);
        child.by_color[Us] ^= from_bb | to_bb;
        child.by_type[moved] ^= from_bb | to_bb;
        child.by_type[NO_PIECE_TYPE] ^= from_bb;
        child.by_type[captured] ^= to_bb;
        child.by_color[Them] ^= captured_bb;
        child.castling = pos.template castling_after<V>(from, to, moved);
        child.ep = moved == PAWN ? pos.ep_after_pawn_move(from, to) : SQ_NONE;
        count += leaves();
        child.by_color[Us] ^= from_bb | to_bb;
        child.by_type[moved] ^= from_bb | to_bb;
        child.by_type[NO_PIECE_TYPE] ^= from_bb;
        child.by_type[captured] ^= to_bb;
        child.by_color[Them] ^= captured_bb;
    }

    std::uint64_t leaves() const { return count_leaves<V, Them>(child); }

    [[gnu::always_inline]] void piece_moves(Square from, Bitboard targets) {
        const PieceType moved = type_of(pos.board[from]);
        while (targets) count_child(from, pop_lsb(targets), moved);
    }
    [[gnu::always_inline]] void pawn_moves(Bitboard targets, int delta) {
        while (targets) {
            const Square to = pop_lsb(targets);
            count_child(Square(to - delta), to, PAWN);
        }
    }
    void promotions(Bitboard targets, int delta) {
        while (targets) {
            const Square to = pop_lsb(targets);
            for (int i = 0; i < Rules<V>::promotion_count; ++i)
                special(Move::promotion(Square(to - delta), to, Rules<V>::promotions[i]));
        }
    }
    // Castling, en passant and promotions: rare, played in full on a copy.
    void special(Move m) {
        position::Position c = pos;
        c.template play<V>(m);
        count += count_leaves<V, Them>(c);
    }
};

// The leaves two plies below pos, side Us to move.
template <Variant V, Color Us> std::uint64_t count_frontier(const position::Position& pos) {
    position::Position child = pos;
    child.side = ~Us;
    FrontierSink<V, Us> sink{pos, child};
    position::generate_legal<V, Us>(pos, sink);
    return sink.count;
}

} // namespace horde::perft::detail
