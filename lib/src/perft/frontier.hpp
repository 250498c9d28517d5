// perft's last made ply (private to perft/): the children of a node two plies above the leaves
// are counted without a move list and without play(). Each child is the node's bitboards with
// the move's squares toggled in place, the castling rights and en passant square set, and
// toggled back after the count: the leaf counter reads nothing else (not the mailbox, the key
// or the clocks).
#pragma once

#include "horde/position/movegen.hpp"

#include <type_traits>

namespace horde::perft::detail {

// The castling path squares that must not be attacked, for the castlings of side Us (not
// Chess960) that its rights and the empty squares between king and rook allow.
template <Variant V, Color Us>
[[gnu::always_inline]] inline Bitboard castling_safe_squares(const position::Position& pos, Bitboard occupied) {
    constexpr Square KingFrom = Us == WHITE ? E1 : E8;
    constexpr Bitboard oo_path = square_bb(Square(KingFrom + 1)) | square_bb(Square(KingFrom + 2));
    constexpr Bitboard ooo_path =
        square_bb(Square(KingFrom - 1)) | square_bb(Square(KingFrom - 2)) | square_bb(Square(KingFrom - 3));
    Bitboard result = 0;
    if ((pos.castling & (Us == WHITE ? WHITE_OO : BLACK_OO)) && !(occupied & oo_path)) result |= oo_path;
    if ((pos.castling & (Us == WHITE ? WHITE_OOO : BLACK_OOO)) && !(occupied & ooo_path))
        result |= square_bb(Square(KingFrom - 1)) | square_bb(Square(KingFrom - 2));
    return result;
}

// The squares colour Them's leapers attack (pawns, knights, kings; Orda's kheshigs and yurts).
template <Variant V, Color Them> [[gnu::always_inline]] inline Bitboard leaper_attacks(const position::Position& pos) {
    Bitboard attacked = pawn_attacks_bb<Them>(pos.pieces(Them, PAWN));
    Bitboard knights = pos.pieces(Them, KNIGHT), kings = pos.pieces(Them, KING);
    if constexpr (Rules<V>::orda_pieces) {
        knights |= pos.pieces(Them, KHESHIG);
        kings |= pos.pieces(Them, KHESHIG);
        for (Bitboard b = pos.pieces(Them, YURT); b;) attacked |= yurt_attacks(Them, pop_lsb(b));
    }
    for (Bitboard b = kings; b;) attacked |= king_attacks(pop_lsb(b));
    for (Bitboard b = knights; b;) attacked |= knight_attacks(pop_lsb(b));
    return attacked;
}

// Lines on an empty board through some squares: where a slider must stand to reach one of them.
struct SliderLines {
    Bitboard diagonal = 0, straight = 0;
};
[[gnu::always_inline]] inline SliderLines lines_through(Bitboard squares) {
    SliderLines lines;
    while (squares) {
        const Square s = pop_lsb(squares);
        lines.diagonal |= bishop_pseudo_attacks(s);
        lines.straight |= rook_pseudo_attacks(s);
    }
    return lines;
}

// Of the squares `needed`, those that colour Them attacks over `occupied` (the king's steps
// and castling path, our king taken off), told its leapers' attacks and the lines through the
// needed squares by `facts`: only the sliders on such a line are looked up, each a table lookup
// that often misses the L1 cache, where the full map looked up every enemy slider.
template <Variant V, Color Them, class Facts>
[[gnu::always_inline]] inline Bitboard attacked_among(const position::Position& pos, Bitboard needed, Bitboard occupied,
                                                      const Facts& facts) {
    Bitboard attacked = facts.enemy_leaper_attacks();
    const Bitboard open = needed & ~attacked;
    if (!open) return attacked & needed;
    if (facts.slider_attacks_unchanged()) return (attacked | facts.node_slider_attacks()) & needed;
    const SliderLines lines = facts.lines_through(open);
    for (Bitboard b = position::diagonal_attackers<V, Them>(pos) & lines.diagonal; b;)
        attacked |= bishop_attacks(pop_lsb(b), occupied);
    for (Bitboard b = position::straight_attackers<V, Them>(pos) & lines.straight; b;)
        attacked |= rook_attacks(pop_lsb(b), occupied);
    return attacked & needed;
}

// What count_king_moves needs to know of the enemy (colour ~Us) besides its sliders' attacks,
// worked out from the position: its leapers that give check, its sliders on the king's lines
// (snipers), and the squares its leapers attack (asked only when the king has a square to go to).
// AfterMoveFacts (below) knows the same from what a frontier node's children share and the move.
template <Variant V, Color Us> struct PositionFacts {
    const position::Position& pos;
    Square king;
    Bitboard leaper_checkers() const { return pos.template leaper_attackers_to<V>(king, ~Us); }
    Bitboard snipers() const {
        return (rook_pseudo_attacks(king) & position::straight_attackers<V, ~Us>(pos)) |
               (bishop_pseudo_attacks(king) & position::diagonal_attackers<V, ~Us>(pos));
    }
    Bitboard enemy_leaper_attacks() const { return leaper_attacks<V, ~Us>(pos); }
    SliderLines lines_through(Bitboard squares) const { return detail::lines_through(squares); }
    static constexpr bool slider_attacks_unchanged() { return false; }
    static constexpr Bitboard node_slider_attacks() { return 0; }
    template <class Sink> void other_piece_moves(const position::detail::KingConstraints& k, Bitboard occupied,
                                                 Bitboard quiet_target, Bitboard capture_target, Sink& sink) const {
        position::detail::generate_other_piece_moves<V, Us>(pos, k, occupied, quiet_target, capture_target, sink);
    }
};

// generate_king_moves for counting: checks and pins come from the enemy's leapers next to the
// king and its sliders on the king's lines, and the map of the enemy's attacks is built only
// when the king has a square to step to or may castle (often not, at the leaves).
template <Variant V, Color Us, class Facts>
[[gnu::always_inline]] inline position::detail::KingConstraints count_king_moves(const position::Position& pos, Bitboard occupied,
                                                                                 const Facts& facts, std::uint64_t& count) {
    constexpr Color Them = ~Us;
    position::detail::KingConstraints k;
    const Bitboard own = pos.pieces(Us);
    const Square king = k.king = facts.king;
    const Bitboard king_bb = square_bb(king);
    Bitboard checkers = facts.leaper_checkers();
    Bitboard snipers = facts.snipers();
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
    else if (needed) danger = attacked_among<V, Them>(pos, needed, occupied ^ king_bb, facts);
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
// part by count_king_moves, told about the enemy by `facts` (PositionFacts or AfterMoveFacts).
template <Variant V, Color Us, class Facts>
[[gnu::always_inline]] inline std::uint64_t count_leaves_with(const position::Position& pos, const Facts& facts) {
    if (position::variant_game_over<V>(pos)) return 0;
    position::MoveCountSink<V> sink;
    const Bitboard occupied = pos.pieces();
    position::detail::KingConstraints k;
    if constexpr (Rules<V>::has_king(Us)) {
        k = count_king_moves<V, Us>(pos, occupied, facts, sink.count);
        if (k.double_check) return sink.count;
    }
    const Bitboard quiet_target = ~occupied & k.check_mask;
    const Bitboard capture_target = pos.pieces(~Us) & k.check_mask;
    position::detail::generate_all_pawn_moves<V, Us>(pos, k, occupied, quiet_target, capture_target, sink);
    facts.other_piece_moves(k, occupied, quiet_target, capture_target, sink);
    return sink.count;
}

template <Variant V, Color Us> std::uint64_t count_leaves(const position::Position& pos) {
    const Bitboard king_bb = Rules<V>::has_king(Us) ? pos.pieces(Us, KING) : 0;
    return count_leaves_with<V, Us>(pos, PositionFacts<V, Us>{pos, lsb(king_bb)});
}

// The moves of side Leaf's knights, bishops, rooks and queens at a frontier node (Leaf: the
// side to move at its leaves), each as if unpinned and not in check. A child moves one enemy
// piece from `from` to `to`: a slider whose attacks reach neither square has the same moves
// there, a knight always, so a child's count looks up only the sliders that see the move
// (and drops a captured piece's moves) instead of every slider's attacks at every leaf.
template <Variant V, Color Leaf> struct LeafPieceMoves {
    struct Slider {
        Square square;
        int count;        // its moves along these lines
        Bitboard attacks; // over the node's occupancy
    };
    // A queen is in both lists: its diagonal and straight moves are counted apart. A FEN may
    // give a side more sliders than the lists hold: then `usable` is false and the children
    // count in full (lists for 64 ran the Horde midgame a third slower).
    static constexpr int MAX_SLIDERS = 16;
    Slider diagonal[MAX_SLIDERS], straight[MAX_SLIDERS];
    bool usable = true;
    int diagonal_count = 0, straight_count = 0;
    Bitboard reach = 0;            // every square a slider's attacks reach
    Bitboard counted = 0;          // the pieces counted here
    Bitboard knights, own_at_node; // Leaf's knights and pieces at the node
    std::uint8_t moves_on[SQ_NB];  // the moves of the piece on a square of `counted`
    std::uint64_t total = 0;

    explicit LeafPieceMoves(const position::Position& pos) : knights(pos.pieces(Leaf, KNIGHT)), own_at_node(pos.pieces(Leaf)) {
        const Bitboard occupied = pos.pieces(), target = ~pos.pieces(Leaf);
        if (popcount(position::diagonal_attackers<V, Leaf>(pos)) > MAX_SLIDERS ||
            popcount(position::straight_attackers<V, Leaf>(pos)) > MAX_SLIDERS) {
            usable = false;
            return;
        }
        for (Bitboard b = pos.pieces(Leaf, KNIGHT); b;) {
            const Square s = pop_lsb(b);
            add(s, popcount(knight_attacks(s) & target));
        }
        for (Bitboard b = position::diagonal_attackers<V, Leaf>(pos); b;) {
            const Square s = pop_lsb(b);
            const Bitboard attacks = bishop_attacks(s, occupied);
            diagonal[diagonal_count++] = {s, popcount(attacks & target), attacks};
        }
        for (Bitboard b = position::straight_attackers<V, Leaf>(pos); b;) {
            const Square s = pop_lsb(b);
            const Bitboard attacks = rook_attacks(s, occupied);
            straight[straight_count++] = {s, popcount(attacks & target), attacks};
        }
        for (Bitboard b = pos.pieces(Leaf, BISHOP, ROOK) | pos.pieces(Leaf, QUEEN); b;) add(pop_lsb(b), 0);
        for (int i = 0; i < diagonal_count; ++i) add_slider(diagonal[i]);
        for (int i = 0; i < straight_count; ++i) add_slider(straight[i]);
    }

    // The moves of these pieces in a child after a move from `from` to `to`, with the child's
    // occupancy and Leaf's pieces there.
    [[gnu::always_inline]] std::uint64_t in_child(Square from, Square to, Bitboard occupied, Bitboard own) const {
        const Bitboard to_bb = square_bb(to), changed = square_bb(from) | to_bb;
        std::uint64_t moves = total;
        if (counted & to_bb) moves -= moves_on[to];
        // A capture frees its square for the knights that reach it (the sliders below look again).
        if (own_at_node & to_bb) moves += popcount(knight_attacks(to) & knights);
        if (!(reach & changed)) return moves;
        for (int i = 0; i < diagonal_count; ++i) {
            const Slider& s = diagonal[i];
            if ((s.attacks & changed) && s.square != to) moves += popcount(bishop_attacks(s.square, occupied) & ~own) - s.count;
        }
        for (int i = 0; i < straight_count; ++i) {
            const Slider& s = straight[i];
            if ((s.attacks & changed) && s.square != to) moves += popcount(rook_attacks(s.square, occupied) & ~own) - s.count;
        }
        return moves;
    }

private:
    void add(Square s, int count) {
        if (!(counted & square_bb(s))) moves_on[s] = 0;
        counted |= square_bb(s);
        moves_on[s] += std::uint8_t(count);
        total += count;
    }
    void add_slider(const Slider& s) {
        moves_on[s.square] += std::uint8_t(s.count);
        total += s.count;
        reach |= s.attacks;
    }
};

// What the children of a frontier node (side Mover to move) share for the count of their
// leaves: the king of the side to move there (~Mover) stands where it stood, and of Mover's
// pieces only the one that moved differs. A child gives a leaper check only by the piece
// moved (the node's enemy king was not in check), and Mover's leaper attacks are the node's
// but for the moved piece's type.
template <Variant V, Color Mover> struct LeafShared {
    Square king;
    Bitboard rook_lines, bishop_lines;              // the king's lines on an empty board
    Bitboard snipers;                               // Mover's sliders on those lines
    Bitboard checks_from[PIECE_TYPE_NB]{};          // where a leaper of that type checks the king
    Bitboard leaper_attacks_without[PIECE_TYPE_NB]; // Mover's leaper attacks but for that type's
    SliderLines zone; // the lines through every square the king may need: its neighbours and castling path
    LeafPieceMoves<V, ~Mover> pieces;
    Bitboard slider_attacked = 0, slider_guard; // see the constructor

    [[gnu::always_inline]] explicit LeafShared(const position::Position& pos) : king(lsb(pos.pieces(~Mover, KING))), pieces(pos) {
        const Bitboard diagonal = position::diagonal_attackers<V, Mover>(pos);
        const Bitboard straight = position::straight_attackers<V, Mover>(pos);
        rook_lines = rook_pseudo_attacks(king);
        bishop_lines = bishop_pseudo_attacks(king);
        snipers = (rook_lines & straight) | (bishop_lines & diagonal);
        checks_from[PAWN] = pawn_attacks(~Mover, king);
        checks_from[KNIGHT] = knight_attacks(king);
        const Bitboard pawns = pawn_attacks_bb<Mover>(pos.pieces(Mover, PAWN));
        Bitboard knights = 0, kings = 0;
        for (Bitboard b = pos.pieces(Mover, KNIGHT); b;) knights |= knight_attacks(pop_lsb(b));
        for (Bitboard b = pos.pieces(Mover, KING); b;) kings |= king_attacks(pop_lsb(b));
        for (auto& a : leaper_attacks_without) a = pawns | knights | kings;
        leaper_attacks_without[PAWN] = knights | kings;
        leaper_attacks_without[KNIGHT] = pawns | kings;
        leaper_attacks_without[KING] = pawns | knights;
        Bitboard needed = king_attacks(king);
        if constexpr (!Rules<V>::chess960 && Rules<V>::can_castle(~Mover)) {
            constexpr Square KingFrom = ~Mover == WHITE ? E1 : E8;
            if (pos.castling & (~Mover == WHITE ? WHITE_OO | WHITE_OOO : BLACK_OO | BLACK_OOO))
                needed |= square_bb(Square(KingFrom + 2)) | square_bb(Square(KingFrom - 2));
        }
        zone = lines_through(needed);
        // Which of those squares that the king's side leaves free Mover's sliders attack, and
        // the squares seen from them: a move that neither starts nor ends on one of those or
        // next to the king leaves the sliders' attacks on them as they are.
        const Bitboard occupied = pos.pieces() ^ square_bb(king);
        slider_guard = needed;
        // With no slider on those lines (the Horde's pawns) the children look up none anyway.
        if (!((diagonal & zone.diagonal) | (straight & zone.straight))) {
            slider_guard = ~Bitboard{0};
            return;
        }
        for (Bitboard b = needed & ~pos.pieces(~Mover); b;) {
            const Square s = pop_lsb(b);
            const Bitboard on_diagonals = bishop_attacks(s, occupied), on_lines = rook_attacks(s, occupied);
            slider_guard |= on_diagonals | on_lines;
            if ((on_diagonals & diagonal) | (on_lines & straight)) slider_attacked |= square_bb(s);
        }
    }
};

// PositionFacts for a child of a frontier node, after Mover's move from `from` to `to` (not
// castling, en passant or a promotion) of a piece of kind Kind: PAWN, KNIGHT, KING, or
// NO_PIECE_TYPE for a slider. From LeafShared and the move.
template <Variant V, Color Mover, PieceType Kind> struct AfterMoveFacts {
    const LeafShared<V, Mover>& shared;
    const position::Position& child;
    Square king;
    Square from, to;
    Bitboard leaper_checkers() const {
        if constexpr (Kind == PAWN || Kind == KNIGHT) return shared.checks_from[Kind] & square_bb(to);
        return 0;
    }
    // Unpinned and out of check, the knights, bishops, rooks and queens from LeafPieceMoves.
    template <class Sink> [[gnu::always_inline]] void other_piece_moves(const position::detail::KingConstraints& k,
                                                                        Bitboard occupied, Bitboard quiet_target,
                                                                        Bitboard capture_target, Sink& sink) const {
        if (!(k.pinned & shared.pieces.counted) && k.check_mask == ~Bitboard{0} && shared.pieces.usable)
            sink.count += shared.pieces.in_child(from, to, occupied, child.pieces(~Mover));
        else position::detail::generate_other_piece_moves<V, ~Mover>(child, k, occupied, quiet_target, capture_target, sink);
    }
    SliderLines lines_through(Bitboard) const { return shared.zone; }
    bool slider_attacks_unchanged() const { return !((square_bb(from) | square_bb(to)) & shared.slider_guard); }
    Bitboard node_slider_attacks() const { return shared.slider_attacked; }
    Bitboard snipers() const {
        if constexpr (Kind != NO_PIECE_TYPE) return shared.snipers; // Mover's sliders stand where they stood
        return (shared.rook_lines & position::straight_attackers<V, Mover>(child)) |
               (shared.bishop_lines & position::diagonal_attackers<V, Mover>(child));
    }
    Bitboard enemy_leaper_attacks() const {
        Bitboard attacked = shared.leaper_attacks_without[Kind];
        if constexpr (Kind == PAWN) attacked |= pawn_attacks_bb<Mover>(child.pieces(Mover, PAWN));
        if constexpr (Kind == KING) attacked |= king_attacks(to);
        if constexpr (Kind == KNIGHT)
            for (Bitboard b = child.pieces(Mover, KNIGHT); b;) attacked |= knight_attacks(pop_lsb(b));
        return attacked;
    }
};

template <Variant V, Color Us> struct FrontierSink {
    static constexpr Color Them = ~Us;
    const position::Position& pos; // the node
    position::Position& child;     // a copy of the node, side to move Them
    std::uint64_t count = 0;

    // The leaf side's king and what its test shares across the children (not for Orda's pieces,
    // whose leapers are counted in full, nor a kingless leaf side).
    static constexpr bool shares_leaf_facts = Rules<V>::has_king(Them) && !Rules<V>::orda_pieces;
    struct NothingShared {
        explicit NothingShared(const position::Position&) {}
    };
    [[no_unique_address]] std::conditional_t<shares_leaf_facts, LeafShared<V, Us>, NothingShared> shared{pos};

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
    // castling, en passant or a promotion); Kind as for AfterMoveFacts.
    template <PieceType Kind> [[gnu::always_inline]] void count_child(Square from, Square to, PieceType moved) {
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
        child.ep = Kind == PAWN ? pos.ep_after_pawn_move(from, to) : SQ_NONE;
        count += leaves<(shares_leaf_facts ? Kind : NO_PIECE_TYPE)>(from, to);
        child.by_color[Us] ^= from_bb | to_bb;
        child.by_type[moved] ^= from_bb | to_bb;
        child.by_type[NO_PIECE_TYPE] ^= from_bb;
        child.by_type[captured] ^= to_bb;
        child.by_color[Them] ^= captured_bb;
    }

    // Not inlined into count_child: measured 4% slower so.
    template <PieceType Kind> [[gnu::noinline]] std::uint64_t leaves(Square from, Square to) const {
        if constexpr (shares_leaf_facts)
            return count_leaves_with<V, Them>(child, AfterMoveFacts<V, Us, Kind>{shared, child, shared.king, from, to});
        else return count_leaves<V, Them>(child);
    }

    // A leaf counter for each kind of moved piece, when the children share the leaf facts.
    [[gnu::always_inline]] void piece_moves(Square from, Bitboard targets) {
        const PieceType moved = type_of(pos.board[from]);
        if (shares_leaf_facts && moved == KNIGHT)
            while (targets) count_child<KNIGHT>(from, pop_lsb(targets), moved);
        else if (shares_leaf_facts && moved == KING)
            while (targets) count_child<KING>(from, pop_lsb(targets), moved);
        else
            while (targets) count_child<NO_PIECE_TYPE>(from, pop_lsb(targets), moved);
    }
    [[gnu::always_inline]] void pawn_moves(Bitboard targets, int delta) {
        while (targets) {
            const Square to = pop_lsb(targets);
            count_child<PAWN>(Square(to - delta), to, PAWN);
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
    position::generate_legal_inline<V, Us>(pos, sink);
    return sink.count;
}

} // namespace horde::perft::detail
