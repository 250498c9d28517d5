// Legal move generation, specialised per variant and side at compile time.
//
// One generator feeds a "sink": MoveListSink stores moves, MoveCountSink only counts them
// (perft's leaves count with popcounts and never build a list). Legality is exact without
// playing moves: checkers, pins and the squares the enemy attacks are computed once per
// position; only en passant is tested by re-computing attacks on the king.
#pragma once

#include "horde/position/position.hpp"

#include <array>
#include <cstddef>

namespace horde::position {

// Enough for any position our FEN reader accepts (at most 64 pieces, each with at most 27
// destinations, promotions counted per piece).
class MoveList {
public:
    static constexpr std::size_t CAPACITY = 2048;
    void push(Move m) { moves_[size_++] = m; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }
    Move operator[](std::size_t i) const { return moves_[i]; }
    bool contains(Move m) const {
        for (Move x : *this)
            if (x == m) return true;
        return false;
    }

private:
    std::size_t size_ = 0;
    std::array<Move, CAPACITY> moves_;
};

template <Variant V> struct MoveListSink {
    MoveList& list;
    void piece_moves(Square from, Bitboard targets) {
        while (targets) list.push(Move(from, pop_lsb(targets)));
    }
    void pawn_moves(Bitboard targets, int delta) {
        while (targets) {
            Square to = pop_lsb(targets);
            list.push(Move(Square(to - delta), to));
        }
    }
    void promotions(Bitboard targets, int delta) {
        while (targets) {
            Square to = pop_lsb(targets);
            for (int i = 0; i < Rules<V>::promotion_count; ++i)
                list.push(Move::promotion(Square(to - delta), to, Rules<V>::promotions[i]));
        }
    }
    void special(Move m) { list.push(m); }
};

template <Variant V> struct MoveCountSink {
    std::uint64_t count = 0;
    void piece_moves(Square, Bitboard targets) { count += popcount(targets); }
    void pawn_moves(Bitboard targets, int) { count += popcount(targets); }
    void promotions(Bitboard targets, int) { count += std::uint64_t(popcount(targets)) * Rules<V>::promotion_count; }
    void special(Move) { ++count; }
};

// Whether the game is already decided by a variant rule, so that there are no moves:
// Horde extinction (White has no units), Orda campmate (a king on the far back rank).
template <Variant V> inline bool variant_game_over(const Position& pos) {
    if constexpr (Rules<V>::extinction) return pos.pieces(WHITE) == 0;
    if constexpr (Rules<V>::campmate) return (pos.pieces(WHITE, KING) & rank_bb(7)) || (pos.pieces(BLACK, KING) & rank_bb(0));
    return false;
}

// Colour C's pieces that attack along ranks and files (rook, queen, Orda's lancer), and along
// diagonals (bishop, queen, Orda's archer): perft's check and pin tests use them too.
template <Variant V, Color C> inline Bitboard straight_attackers(const Position& pos) {
    Bitboard b = pos.pieces(C, ROOK, QUEEN);
    if constexpr (Rules<V>::orda_pieces) b |= pos.pieces(C, LANCER);
    return b;
}
template <Variant V, Color C> inline Bitboard diagonal_attackers(const Position& pos) {
    Bitboard b = pos.pieces(C, BISHOP, QUEEN);
    if constexpr (Rules<V>::orda_pieces) b |= pos.pieces(C, ARCHER);
    return b;
}

namespace detail {

// Every square colour C attacks (capture patterns), for the given occupancy.
template <Variant V, Color C> inline Bitboard attacked_squares(const Position& pos, Bitboard occupied) {
    Bitboard result = pawn_attacks_bb<C>(pos.pieces(C, PAWN));
    Bitboard knights = pos.pieces(C, KNIGHT), kings = pos.pieces(C, KING);
    if constexpr (Rules<V>::orda_pieces) {
        knights |= pos.pieces(C, KHESHIG);
        kings |= pos.pieces(C, KHESHIG);
        for (Bitboard b = pos.pieces(C, YURT); b;) result |= yurt_attacks(C, pop_lsb(b));
    }
    for (Bitboard b = knights; b;) result |= knight_attacks(pop_lsb(b));
    for (Bitboard b = kings; b;) result |= king_attacks(pop_lsb(b));
    for (Bitboard b = diagonal_attackers<V, C>(pos); b;) result |= bishop_attacks(pop_lsb(b), occupied);
    for (Bitboard b = straight_attackers<V, C>(pos); b;) result |= rook_attacks(pop_lsb(b), occupied);
    return result;
}

template <Variant V, Color Us, class Sink>
inline void generate_pawn_moves(Bitboard pawns, Bitboard empty, Bitboard quiet_target, Bitboard capture_target, Sink& sink) {
    constexpr Direction Up = pawn_push(Us);
    constexpr Direction UpWest = Us == WHITE ? NORTH_WEST : SOUTH_WEST;
    constexpr Direction UpEast = Us == WHITE ? NORTH_EAST : SOUTH_EAST;
    constexpr Bitboard promotion_rank = rank_bb(Us == WHITE ? 7 : 0);

    const Bitboard single = shift<Up>(pawns) & empty;
    const Bitboard twice = shift<Up>(single & shift<Up>(Rules<V>::double_step_from(Us))) & empty & quiet_target;
    const Bitboard pushes = single & quiet_target;
    sink.pawn_moves(pushes & ~promotion_rank, Up);
    sink.pawn_moves(twice, 2 * Up);
    const Bitboard west = shift<UpWest>(pawns) & capture_target;
    const Bitboard east = shift<UpEast>(pawns) & capture_target;
    sink.pawn_moves(west & ~promotion_rank, UpWest);
    sink.pawn_moves(east & ~promotion_rank, UpEast);
    if ((pushes | west | east) & promotion_rank) {
        sink.promotions(pushes & promotion_rank, Up);
        sink.promotions(west & promotion_rank, UpWest);
        sink.promotions(east & promotion_rank, UpEast);
    }
}

// Moves of one piece type, for pieces whose quiet and capture patterns may differ.
template <class Sink, class Targets> [[gnu::always_inline]] inline void generate_piece_moves(Bitboard pieces, Bitboard pinned,
                                                                                             Square king, Sink& sink,
                                                                                             Targets targets_of) {
    for (Bitboard b = pieces & ~pinned; b;) {
        const Square from = pop_lsb(b);
        sink.piece_moves(from, targets_of(from));
    }
    for (Bitboard b = pieces & pinned; b;) {
        const Square from = pop_lsb(b);
        sink.piece_moves(from, targets_of(from) & line_bb(king, from));
    }
}

// Chess960 castling on one side, as king takes rook. The king goes to g1/c1 and the rook
// to f1/d1 (rank 8 for Black); every square either passes over or lands on must be empty
// but for the two of them; the king is not in check (the caller's branch) and passes over
// and lands on no attacked square (`danger`: the enemy's attacks without our king). The
// castling rook may have shielded the king's target from a rook or queen on the back
// rank, so that target is tested again along the rank without the rook.
template <Variant V, Color Us, bool KingSide, class Sink>
inline void generate_castling_960(const Position& pos, Square king, Bitboard danger, Sink& sink) {
    constexpr CastlingRights Right = Us == WHITE ? (KingSide ? WHITE_OO : WHITE_OOO) : (KingSide ? BLACK_OO : BLACK_OOO);
    constexpr Square KingTo = relative_square(Us, KingSide ? G1 : C1);
    constexpr Square RookTo = relative_square(Us, KingSide ? F1 : D1);
    if (!(pos.castling & Right)) return;
    const Square rook = pos.castling_rook[castling_index(Right)];
    const Bitboard movers = square_bb(king) | square_bb(rook);
    const Bitboard king_path = between_bb(king, KingTo) | square_bb(KingTo);
    const Bitboard rook_path = between_bb(rook, RookTo) | square_bb(RookTo);
    const Bitboard occupied = pos.pieces();
    if ((occupied & ~movers & (king_path | rook_path)) || (danger & king_path)) return;
    const Bitboard after = (occupied ^ movers) | square_bb(KingTo) | square_bb(RookTo);
    if (rook_attacks(KingTo, after) & rank_bb(relative_rank(Us, 0)) & straight_attackers<V, ~Us>(pos)) return;
    sink.special(Move::make(king, rook, Move::CASTLING));
}

// Standard castling (not Chess960) of side Us: the king from its e-file square, the rooks in
// their corners; danger: the squares the enemy attacks.
template <Variant V, Color Us, class Sink>
[[gnu::always_inline]] inline void generate_castling(const Position& pos, Bitboard occupied, Bitboard danger, Sink& sink) {
    constexpr std::uint8_t OO = Us == WHITE ? WHITE_OO : BLACK_OO;
    constexpr std::uint8_t OOO = Us == WHITE ? WHITE_OOO : BLACK_OOO;
    constexpr Square KingFrom = Us == WHITE ? E1 : E8;
    if (pos.castling & OO) {
        constexpr Bitboard path = square_bb(Square(KingFrom + 1)) | square_bb(Square(KingFrom + 2));
        constexpr Bitboard safe_path = HORDE_INJECTED_BUG == 2 ? square_bb(Square(KingFrom + 2)) : path;
        if (!(occupied & path) && !(danger & safe_path)) sink.special(Move::make(KingFrom, Square(KingFrom + 2), Move::CASTLING));
    }
    if (pos.castling & OOO) {
        constexpr Bitboard empty_path =
            square_bb(Square(KingFrom - 1)) | square_bb(Square(KingFrom - 2)) | square_bb(Square(KingFrom - 3));
        constexpr Bitboard safe_path = HORDE_INJECTED_BUG == 2
                                           ? square_bb(Square(KingFrom - 2))
                                           : square_bb(Square(KingFrom - 1)) | square_bb(Square(KingFrom - 2));
        if (!(occupied & empty_path) && !(danger & safe_path))
            sink.special(Move::make(KingFrom, Square(KingFrom - 2), Move::CASTLING));
    }
}

// What the king of side Us decides for the other pieces' moves: where they may go (check_mask:
// all squares, or the checker and the squares between), which are pinned, and whether only the
// king may move (a double check).
struct KingConstraints {
    Square king = SQ_NONE;
    Bitboard check_mask = ~Bitboard{0};
    Bitboard pinned = 0;
    bool double_check = false;
};

// The king's own moves and castling, and its KingConstraints.
template <Variant V, Color Us, class Sink>
[[gnu::always_inline]] inline KingConstraints generate_king_moves(const Position& pos, Bitboard occupied, Sink& sink) {
    using R = Rules<V>;
    constexpr Color Them = ~Us;
    KingConstraints k;
    const Bitboard own = pos.pieces(Us);
    const Bitboard king_bb = pos.pieces(Us, KING);
    k.king = lsb(king_bb);
    const Square king = k.king;
    const Bitboard danger = attacked_squares<V, Them>(pos, occupied ^ king_bb);
    sink.piece_moves(king, king_attacks(king) & ~own & ~danger);
    if (danger & king_bb) {
        const Bitboard checkers = pos.template attackers_to<V>(king, occupied, Them);
        if (more_than_one(checkers)) {
            k.double_check = true;
            return k;
        }
        k.check_mask = between_bb(king, lsb(checkers)) | checkers;
    } else if constexpr (R::chess960) {
        if (pos.castling & (Us == WHITE ? WHITE_OO | WHITE_OOO : BLACK_OO | BLACK_OOO)) {
            generate_castling_960<V, Us, true>(pos, king, danger, sink);
            generate_castling_960<V, Us, false>(pos, king, danger, sink);
        }
    } else if constexpr (R::can_castle(Us)) {
        generate_castling<V, Us>(pos, occupied, danger, sink);
    }
    Bitboard snipers = (rook_pseudo_attacks(king) & straight_attackers<V, Them>(pos)) |
                       (bishop_pseudo_attacks(king) & diagonal_attackers<V, Them>(pos));
    while (snipers) {
        const Bitboard between = between_bb(king, pop_lsb(snipers)) & occupied;
        if (between && !more_than_one(between)) k.pinned |= between & own;
    }
    return k;
}

// The pawns' moves: unpinned ones in bulk, pinned ones along their pin line, and en passant.
template <Variant V, Color Us, class Sink>
[[gnu::always_inline]] inline void generate_all_pawn_moves(const Position& pos, const KingConstraints& k, Bitboard occupied,
                                                           Bitboard quiet_target, Bitboard capture_target, Sink& sink) {
    constexpr Color Them = ~Us;
    const Bitboard pawns = pos.pieces(Us, PAWN);
    generate_pawn_moves<V, Us>(pawns & ~k.pinned, ~occupied, quiet_target, capture_target, sink);
    for (Bitboard b = pawns & k.pinned; b;) {
        const Square from = pop_lsb(b);
        const Bitboard line = line_bb(k.king, from);
        generate_pawn_moves<V, Us>(square_bb(from), ~occupied, quiet_target & line, capture_target & line, sink);
    }
    if (pos.ep != SQ_NONE && HORDE_INJECTED_BUG != 1) {
        constexpr Direction Up = pawn_push(Us);
        const Square captured = Square(int(pos.ep) - int(Up));
        for (Bitboard b = pawn_attacks(Them, pos.ep) & pawns; b;) {
            const Square from = pop_lsb(b);
            if constexpr (Rules<V>::has_king(Us)) {
                const Bitboard after = (occupied ^ square_bb(from) ^ square_bb(captured)) | square_bb(pos.ep);
                if (pos.template attackers_to<V>(k.king, after, Them) & ~square_bb(captured)) continue;
            }
            sink.special(Move::make(from, pos.ep, Move::EN_PASSANT));
        }
    }
}

// The moves of the pieces other than the king and the pawns.
template <Variant V, Color Us, class Sink>
[[gnu::always_inline]] inline void generate_other_piece_moves(const Position& pos, const KingConstraints& k, Bitboard occupied,
                                                              Bitboard quiet_target, Bitboard capture_target, Sink& sink) {
    constexpr Color Them = ~Us;
    const Bitboard target = quiet_target | capture_target;
    const Bitboard pinned = k.pinned;
    const Square king = k.king;
    // Pinned knight-movers never move: a knight step never stays on a line through the king.
    for (Bitboard b = pos.pieces(Us, KNIGHT) & ~pinned; b;) {
        const Square from = pop_lsb(b);
        sink.piece_moves(from, knight_attacks(from) & target);
    }
    generate_piece_moves(pos.pieces(Us, BISHOP), pinned, king, sink,
                         [&](Square s) { return bishop_attacks(s, occupied) & target; });
    generate_piece_moves(pos.pieces(Us, ROOK), pinned, king, sink, [&](Square s) { return rook_attacks(s, occupied) & target; });
    generate_piece_moves(pos.pieces(Us, QUEEN), pinned, king, sink,
                         [&](Square s) { return queen_attacks(s, occupied) & target; });
    if constexpr (Rules<V>::orda_pieces) {
        generate_piece_moves(pos.pieces(Us, LANCER), pinned, king, sink, [&](Square s) {
            if constexpr (HORDE_INJECTED_BUG == 4) // never a king: the other side does not see this attack
                return (knight_attacks(s) & (quiet_target | (capture_target & ~pos.pieces(Them, KING)))) |
                       (rook_attacks(s, occupied) & capture_target);
            return (knight_attacks(s) & quiet_target) | (rook_attacks(s, occupied) & capture_target);
        });
        generate_piece_moves(pos.pieces(Us, ARCHER), pinned, king, sink, [&](Square s) {
            return (knight_attacks(s) & quiet_target) | (bishop_attacks(s, occupied) & capture_target);
        });
        generate_piece_moves(pos.pieces(Us, KHESHIG), pinned, king, sink,
                             [&](Square s) { return (knight_attacks(s) | king_attacks(s)) & target; });
        generate_piece_moves(pos.pieces(Us, YURT), pinned, king, sink, [&](Square s) { return yurt_attacks(Us, s) & target; });
    }
}

} // namespace detail

// generate_legal's body, inlined where a caller's sink must live in registers (perft's frontier).
template <Variant V, Color Us, class Sink>
[[gnu::always_inline]] inline void generate_legal_inline(const Position& pos, Sink& sink) {
    if (variant_game_over<V>(pos)) return;
    const Bitboard occupied = pos.pieces();
    detail::KingConstraints k;
    if constexpr (Rules<V>::has_king(Us)) {
        k = detail::generate_king_moves<V, Us>(pos, occupied, sink);
        if (k.double_check) return;
    }
    const Bitboard quiet_target = ~occupied & k.check_mask;
    const Bitboard capture_target = pos.pieces(~Us) & k.check_mask;
    detail::generate_all_pawn_moves<V, Us>(pos, k, occupied, quiet_target, capture_target, sink);
    detail::generate_other_piece_moves<V, Us>(pos, k, occupied, quiet_target, capture_target, sink);
}

template <Variant V, Color Us, class Sink> void generate_legal(const Position& pos, Sink& sink) {
    generate_legal_inline<V, Us>(pos, sink);
}

// Runtime-dispatched conveniences for code outside the hot paths.
MoveList legal_moves(Variant v, const Position& pos);
std::uint64_t count_legal_moves(Variant v, const Position& pos);
// Whether the side to move has a legal move (count_legal_moves != 0, usually much sooner: a
// safe king step answers most positions, checks included).
bool has_legal_move(Variant v, const Position& pos);
// Whether the side to move is in check (always false for White in Horde).
bool in_check(Variant v, const Position& pos);
Bitboard checkers(Variant v, const Position& pos);

} // namespace horde::position
