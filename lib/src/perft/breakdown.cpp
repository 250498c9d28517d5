#include "horde/perft/breakdown.hpp"

#include "divide_parallel.hpp"
#include "evasion.hpp"

#include <array>
#include <utility>

namespace horde::perft {

namespace {

constexpr std::array<BreakdownColumn, 11> ALL_COLUMNS{{
    {"nodes", &PerftBreakdown::nodes},
    {"captures", &PerftBreakdown::captures},
    {"ep", &PerftBreakdown::en_passant},
    {"castles", &PerftBreakdown::castles},
    {"promotions", &PerftBreakdown::promotions},
    {"checks", &PerftBreakdown::checks},
    {"discovered_checks", &PerftBreakdown::discovered_checks},
    {"double_checks", &PerftBreakdown::double_checks},
    {"checkmates", &PerftBreakdown::checkmates},
    {"extinctions", &PerftBreakdown::extinctions},
    {"campmates", &PerftBreakdown::campmates},
}};
constexpr std::array<BreakdownColumn, 9> CHESS_COLUMNS{{ALL_COLUMNS[0], ALL_COLUMNS[1], ALL_COLUMNS[2], ALL_COLUMNS[3],
                                                        ALL_COLUMNS[4], ALL_COLUMNS[5], ALL_COLUMNS[6], ALL_COLUMNS[7],
                                                        ALL_COLUMNS[8]}};
constexpr std::array<BreakdownColumn, 10> HORDE_COLUMNS{{ALL_COLUMNS[0], ALL_COLUMNS[1], ALL_COLUMNS[2], ALL_COLUMNS[3],
                                                         ALL_COLUMNS[4], ALL_COLUMNS[5], ALL_COLUMNS[6], ALL_COLUMNS[7],
                                                         ALL_COLUMNS[8], ALL_COLUMNS[9]}};
constexpr std::array<BreakdownColumn, 10> ORDA_COLUMNS{{ALL_COLUMNS[0], ALL_COLUMNS[1], ALL_COLUMNS[2], ALL_COLUMNS[3],
                                                        ALL_COLUMNS[4], ALL_COLUMNS[5], ALL_COLUMNS[6], ALL_COLUMNS[7],
                                                        ALL_COLUMNS[8], ALL_COLUMNS[10]}};

static_assert(sizeof(PerftBreakdown) == ALL_COLUMNS.size() * sizeof(std::uint64_t), "add() sums every column");

// Inline in the leaf-parents' loop (where it runs once per node), out of line for callers.
[[gnu::always_inline]] inline void add(PerftBreakdown& total, const PerftBreakdown& part) {
    // Field by field (a loop over ALL_COLUMNS's member pointers is not folded by GCC);
    // the static_assert above keeps the list complete.
    total.nodes += part.nodes;
    total.captures += part.captures;
    total.en_passant += part.en_passant;
    total.castles += part.castles;
    total.promotions += part.promotions;
    total.checks += part.checks;
    total.discovered_checks += part.discovered_checks;
    total.double_checks += part.double_checks;
    total.checkmates += part.checkmates;
    total.extinctions += part.extinctions;
    total.campmates += part.campmates;
}

// Classifies the leaves below a position one ply from the end without playing most moves.
// Direct checks come from the squares where each piece type would attack the enemy king,
// discovered checks from our pieces that alone block one of our sliders' lines to it;
// promotions are classified in bulk too (the promoted piece's lines may pass its emptied
// from-square, so its attacks are taken with the occupancy after the move). Only checking
// moves (to find checkmates), castling that may check, and en passant are played.
// Sliders: whether we have a slider. Without one (Horde's White, often) there is no discovered
// check and no pin of theirs, which the generator's loops then need not look for.
template <Variant V, Color Us, bool Sliders = true> struct BreakdownSink {
    static constexpr Color Them = ~Us;
    const position::Position& pos;
    PerftBreakdown out; // a local total, added to the caller's at the end: no aliasing with pos
    Bitboard enemy = 0;
    Square their_king = SQ_NONE;                       // SQ_NONE: no king to check (Horde's White)
    std::array<Bitboard, PIECE_TYPE_NB> check_squares; // set for every type that moves, below
    Bitboard discoverers = 0;                          // always 0 without Sliders
    bool last_unit = false;                            // Horde, Black to move, White has one unit: every capture ends the game

    explicit BreakdownSink(const position::Position& p) : pos(p), enemy(p.pieces(Them)) {
        if constexpr (Rules<V>::extinction) last_unit = Us == BLACK && popcount(p.pieces(WHITE)) == 1;
        if constexpr (!Rules<V>::has_king(Them)) return;
        const Bitboard king = p.pieces(Them, KING);
        if (!king) return;
        their_king = lsb(king);
        const Bitboard occupied = p.pieces();
        check_squares[PAWN] = pawn_attacks(Them, their_king);
        check_squares[KNIGHT] = knight_attacks(their_king);
        check_squares[KING] = 0;
        if constexpr (Rules<V>::orda_pieces) {
            check_squares[KHESHIG] = knight_attacks(their_king) | king_attacks(their_king);
            check_squares[YURT] = yurt_attacks(Them, their_king);
        }
        // A slider's check squares only for sliders we have: the lookups in the large slider
        // tables cost more than a pawn's moves.
        const Bitboard our_diagonal = Sliders ? position::diagonal_attackers<V, Us>(p) : 0;
        const Bitboard our_straight = Sliders ? position::straight_attackers<V, Us>(p) : 0;
        const Bitboard diagonal = our_diagonal ? bishop_attacks(their_king, occupied) : 0;
        const Bitboard straight = our_straight ? rook_attacks(their_king, occupied) : 0;
        check_squares[BISHOP] = diagonal;
        check_squares[ROOK] = straight;
        check_squares[QUEEN] = diagonal | straight;
        if constexpr (Rules<V>::orda_pieces) {
            check_squares[LANCER] = straight;
            check_squares[ARCHER] = diagonal;
        }
        if constexpr (!Sliders) return;
        Bitboard snipers = (rook_pseudo_attacks(their_king) & our_straight) | (bishop_pseudo_attacks(their_king) & our_diagonal);
        while (snipers) {
            const Bitboard between = between_bb(their_king, pop_lsb(snipers)) & occupied;
            if (between && !more_than_one(between)) discoverers |= between & p.pieces(Us);
        }
    }

    static bool is_mated(const position::Position& child, bool no_safe_king_step = false) {
        if constexpr (Rules<V>::has_king(Them)) return !detail::has_legal_evasion<V, Them>(child, no_safe_king_step);
        return false;
    }

    [[gnu::always_inline]] void count_captures(Bitboard targets, int times = 1) {
        const int captures = popcount(targets & enemy) * times;
        out.captures += captures;
        if constexpr (Rules<V>::extinction && Us == BLACK) {
            if (last_unit) out.extinctions += captures;
        }
    }

    // Checks by the moves of a piece (of type `moved`) from `from` to `direct` (the moved piece
    // checks) or `discovered`.
    [[gnu::always_inline]] void count_checks(Square from, PieceType moved, Bitboard direct, Bitboard discovered,
                                             Bitboard campmating) {
        const Bitboard checking = direct | discovered;
        if (!checking) [[likely]]
            return;
        out.checks += popcount(checking);
        out.discovered_checks += popcount(discovered & ~direct);
        out.double_checks += popcount(direct & discovered);
        if (const Bitboard may_mate = checking & ~campmating) out.checkmates += count_mates(pos, from, moved, may_mate);
    }

    // Static and out of line: the sink's counters stay in registers in the generator's loops.
    [[gnu::noinline]] static int count_mates(const position::Position& pos, Square from, PieceType moved, Bitboard targets) {
        int mates = 0;
        while (targets) {
            const Square to = pop_lsb(targets);
            mates += is_mate(pos, Move(from, to), moved);
        }
        return mates;
    }

    // Whether the checking move m (a piece of type `lands_as` after it) mates. Most checks leave
    // the king a safe step, found here without playing the move: the attackers of a square
    // after it are our attackers now, with the child's occupancy, less the piece that left
    // `from`, plus what it attacks from `to` (a captured piece was theirs: it attacked nothing
    // of ours). Only when the king has no safe step is the move played.
    [[gnu::noinline]] static bool is_mate(const position::Position& pos, Move m, PieceType lands_as) {
        const Square king = lsb(pos.pieces(Them, KING));
        const Bitboard from_bb = square_bb(m.from()), to_bb = square_bb(m.to());
        // Without their king, which no longer shields the squares behind it on a line of ours.
        const Bitboard occupied = ((pos.pieces() ^ from_bb) | to_bb) ^ square_bb(king);
        const Bitboard landed_attacks = attacks_of(lands_as, m.to(), occupied);
        const Bitboard steps = king_attacks(king) & ~landed_attacks & ~(pos.pieces(Them) & ~to_bb);
        if constexpr (Sliders) {
            for (Bitboard b = steps; b;)
                if (!(pos.template legality_attackers_to<V>(pop_lsb(b), occupied, Us) & ~from_bb)) return false;
        } else {
            // No slider of ours (Horde's White, often): what we attack does not depend on the
            // occupancy, so it is taken in bulk; the moved piece is the only checker and no piece
            // of theirs is pinned, so any capture of it but the king's answers the check.
            const Bitboard others = pos.pieces(Us) & ~from_bb;
            Bitboard attacked = pawn_attacks_bb<Us>(others & pos.pieces(Us, PAWN));
            for (Bitboard b = others & ~pos.pieces(Us, PAWN); b;) {
                const Square s = pop_lsb(b);
                attacked |= attacks_of(type_of(pos.board[s]), s, occupied);
            }
            if (steps & ~attacked) return false;
            const Bitboard after = (pos.pieces() ^ from_bb) | to_bb;
            if (pos.template legality_attackers_to<V>(m.to(), after, Them) & ~to_bb & ~pos.pieces(Them, KING)) return false;
        }
        position::Position child = pos;
        child.template play<V>(m);
        return is_mated(child, true);
    }

    [[gnu::always_inline]] void piece_moves(Square from, Bitboard targets) {
        out.nodes += popcount(targets);
        count_captures(targets);
        const PieceType type = type_of(pos.board[from]);
        Bitboard campmating = 0;
        if constexpr (Rules<V>::campmate) {
            if (type == KING) {
                campmating = targets & rank_bb(Us == WHITE ? 7 : 0);
                out.campmates += popcount(campmating);
            }
        }
        if (their_king == SQ_NONE) return;
        const Bitboard discovered = (Sliders && (discoverers & square_bb(from))) ? targets & ~line_bb(from, their_king) : 0;
        count_checks(from, type, targets & check_squares[type], discovered, campmating);
    }

    // A push goes to an empty square. delta is a constant at every inlined call: the test folds.
    static constexpr bool is_push(int delta) { return delta == pawn_push(Us) || delta == 2 * pawn_push(Us); }

    [[gnu::always_inline]] void pawn_moves(Bitboard targets, int delta) {
        out.nodes += popcount(targets);
        if (!is_push(delta)) count_captures(targets);
        if (their_king == SQ_NONE) return;
        const Bitboard direct = targets & check_squares[PAWN];
        const Bitboard moved_discoverers = Sliders ? targets & (delta > 0 ? discoverers << delta : discoverers >> -delta) : 0;
        for (Bitboard b = direct | moved_discoverers; b;) {
            const Square to = pop_lsb(b);
            const Square from = Square(to - delta);
            const Bitboard to_bb = square_bb(to);
            const Bitboard discovered = (discoverers & square_bb(from)) ? to_bb & ~line_bb(from, their_king) : 0;
            count_checks(from, PAWN, direct & to_bb, discovered, 0);
        }
    }

    // What a piece of type pt (ours) on s attacks.
    static Bitboard attacks_of(PieceType pt, Square s, Bitboard occupied) {
        switch (pt) {
        case PAWN: return pawn_attacks(Us, s);
        case KNIGHT: return knight_attacks(s);
        case BISHOP: return bishop_attacks(s, occupied);
        case ROOK: return rook_attacks(s, occupied);
        case QUEEN: return queen_attacks(s, occupied);
        case LANCER: return rook_attacks(s, occupied);
        case ARCHER: return bishop_attacks(s, occupied);
        case KHESHIG: return knight_attacks(s) | king_attacks(s);
        case YURT: return yurt_attacks(Us, s);
        case KING: return king_attacks(s);
        default: return 0;
        }
    }

    // Whether a piece of type pt (ours) on s attacks target: attacks_of for one square, the
    // sliders through the small line tables (the large slider tables miss the cache here).
    [[gnu::always_inline]] static bool attacks_square(PieceType pt, Square s, Square target, Bitboard occupied) {
        const Bitboard target_bb = square_bb(target);
        const bool clear = !(between_bb(s, target) & occupied);
        switch (pt) {
        case BISHOP:
        case ARCHER: return (bishop_pseudo_attacks(s) & target_bb) && clear;
        case ROOK:
        case LANCER: return (rook_pseudo_attacks(s) & target_bb) && clear;
        case QUEEN: return ((bishop_pseudo_attacks(s) | rook_pseudo_attacks(s)) & target_bb) && clear;
        default: return attacks_of(pt, s, occupied) & target_bb;
        }
    }

    template <PieceType Promoted>
    [[gnu::always_inline]] void promotion_check(Square from, Square to, Bitboard occupied, bool discovered) {
        const bool direct = attacks_square(Promoted, to, their_king, occupied);
        if (!direct && !discovered) [[likely]]
            return;
        ++out.checks;
        out.discovered_checks += !direct;
        out.double_checks += direct && discovered;
        out.checkmates += is_mate(pos, Move::promotion(from, to, Promoted), Promoted);
    }

    [[gnu::always_inline]] void promotions(Bitboard targets, int delta) {
        constexpr int kinds = Rules<V>::promotion_count;
        out.nodes += popcount(targets) * kinds;
        out.promotions += popcount(targets) * kinds;
        if (!is_push(delta)) count_captures(targets, kinds);
        if (their_king == SQ_NONE) return;
        while (targets) {
            const Square to = pop_lsb(targets);
            const Square from = Square(to - delta);
            const Bitboard occupied = (pos.pieces() ^ square_bb(from)) | square_bb(to);
            const bool discovered = Sliders && (discoverers & square_bb(from)) && !(line_bb(from, their_king) & square_bb(to));
            // Unrolled, so that each kind's attack test is resolved at compile time (a switch on
            // a runtime kind was an indirect jump mispredicted most of the time).
            [&]<int... I>(std::integer_sequence<int, I...>) {
                (promotion_check<Rules<V>::promotions[I]>(from, to, occupied, discovered), ...);
            }
            (std::make_integer_sequence<int, kinds>{});
        }
    }

    // Castling checks with the rook along its file or our back rank, or discovers a check along
    // that rank (the squares it empties are on an edge, so no other line passes them): with
    // the enemy king elsewhere (nearly always) there is nothing to play.
    bool castling_may_check(Move m) const {
        if (their_king == SQ_NONE) return false;
        const Square rook_to = relative_square(Us, m.to() > m.from() ? F1 : D1);
        return file_of(their_king) == file_of(rook_to) || rank_of(their_king) == rank_of(rook_to);
    }

    // Castling and en passant (and, at a depth-1 divide, any root move), classified by playing it.
    [[gnu::always_inline]] void special(Move m) {
        if (m.is_castling() && !castling_may_check(m)) {
            ++out.nodes;
            ++out.castles;
            return;
        }
        if (!Sliders && m.is_en_passant()) {
            // No line of ours for the removed pawn to open: only the capturing pawn can check.
            ++out.nodes;
            ++out.en_passant;
            ++out.captures;
            if constexpr (Rules<V>::extinction && Us == BLACK) out.extinctions += last_unit;
            if (their_king != SQ_NONE && (check_squares[PAWN] & square_bb(m.to()))) {
                ++out.checks;
                out.checkmates += is_mate(pos, m, PAWN);
            }
            return;
        }
        add(out, classify_played(pos, enemy, m));
    }

    [[gnu::noinline]] static PerftBreakdown classify_played(const position::Position& pos, Bitboard enemy, Move m) {
        PerftBreakdown out;
        const Bitboard king = Rules<V>::has_king(Them) ? pos.pieces(Them, KING) : 0;
        ++out.nodes;
        const bool capture = m.is_en_passant() || (!m.is_castling() && (enemy & square_bb(m.to())));
        out.captures += capture;
        out.en_passant += m.is_en_passant();
        out.castles += m.is_castling();
        out.promotions += m.is_promotion();
        position::Position child = pos;
        child.template play<V>(m);
        const bool game_over = position::variant_game_over<V>(child);
        if constexpr (Rules<V>::extinction) out.extinctions += child.pieces(WHITE) == 0;
        if constexpr (Rules<V>::campmate) out.campmates += game_over;
        if (!king) return out;
        const Bitboard checkers = child.template legality_attackers_to<V>(lsb(king), child.pieces(), Us);
        if (!checkers) return out;
        Square moved_to = m.to();
        if (m.is_castling()) {
            const bool king_side = m.to() > m.from();
            moved_to = relative_square(Us, king_side ? F1 : D1);
        }
        ++out.checks;
        out.discovered_checks += checkers != square_bb(moved_to) && !more_than_one(checkers);
        out.double_checks += more_than_one(checkers);
        out.checkmates += !game_over && is_mated(child);
        return out;
    }
};

template <Variant V, Color Us, bool Sliders> void breakdown_leaves(const position::Position& pos, PerftBreakdown& out) {
    BreakdownSink<V, Us, Sliders> sink(pos);
    position::generate_legal<V, Us>(pos, sink);
    add(out, sink.out);
}

template <Variant V, Color Us> void breakdown_node(const position::Position& pos, int depth, PerftBreakdown& out) {
    if (depth == 1) {
        if (position::straight_attackers<V, Us>(pos) | position::diagonal_attackers<V, Us>(pos))
            breakdown_leaves<V, Us, true>(pos, out);
        else breakdown_leaves<V, Us, false>(pos, out);
        return;
    }
    position::MoveList moves;
    position::MoveListSink<V> sink{moves};
    position::generate_legal<V, Us>(pos, sink);
    for (Move m : moves) {
        position::Position child = pos;
        child.template play<V>(m);
        breakdown_node<V, ~Us>(child, depth - 1, out);
    }
}

template <Variant V> PerftBreakdown breakdown_dispatch(const position::Position& pos, int depth) {
    PerftBreakdown out;
    if (depth <= 0) out.nodes = 1;
    else if (pos.side == WHITE) breakdown_node<V, WHITE>(pos, depth, out);
    else breakdown_node<V, BLACK>(pos, depth, out);
    return out;
}

// The root move's own class when the divide is at depth 1.
template <Variant V> PerftBreakdown single_move_breakdown(const position::Position& pos, Move m) {
    if (pos.side == WHITE) {
        BreakdownSink<V, WHITE> sink(pos);
        sink.special(m);
        return sink.out;
    }
    BreakdownSink<V, BLACK> sink(pos);
    sink.special(m);
    return sink.out;
}

} // namespace

PerftBreakdown& PerftBreakdown::operator+=(const PerftBreakdown& other) {
    add(*this, other);
    return *this;
}

std::span<const BreakdownColumn> breakdown_columns(Variant v) {
    switch (v) {
    case Variant::Horde: return HORDE_COLUMNS;
    case Variant::Orda: return ORDA_COLUMNS;
    case Variant::Chess:
    case Variant::Chess960: break;
    }
    return CHESS_COLUMNS;
}

const BreakdownColumn* find_breakdown_column(std::string_view name) {
    for (const BreakdownColumn& column : ALL_COLUMNS)
        if (column.name == name) return &column;
    return nullptr;
}

std::vector<std::pair<Move, PerftBreakdown>> perft_breakdown_divide(Variant v, const position::Position& pos, int depth,
                                                                    const PerftOptions& options) {
    std::vector<std::pair<Move, PerftBreakdown>> result;
    if (depth <= 0) return result;
    for (Move m : position::legal_moves(v, pos)) result.emplace_back(m, PerftBreakdown{});
    position::with_variant(v, [&]<Variant V>() {
        if (depth == 1) {
            for (auto& [move, counts] : result) counts = single_move_breakdown<V>(pos, move);
        } else if (options.threads <= 1) {
            std::size_t done = 0;
            for (auto& [move, counts] : result) {
                position::Position child = pos;
                child.template play<V>(move);
                counts = breakdown_dispatch<V>(child, depth - 1);
                if (options.on_root_move) options.on_root_move(++done, result.size());
            }
        } else {
            detail::divide_parallel<V>(pos, depth, options, result,
                                       [](const position::Position& p, int d) { return breakdown_dispatch<V>(p, d); });
        }
    });
    return result;
}

PerftBreakdown perft_breakdown(Variant v, const position::Position& pos, int depth, const PerftOptions& options) {
    if ((options.threads <= 1 && !options.on_root_move) || depth <= 1)
        return position::with_variant(v, [&]<Variant V>() { return breakdown_dispatch<V>(pos, depth); });
    PerftBreakdown total;
    for (const auto& [move, counts] : perft_breakdown_divide(v, pos, depth, options)) total += counts;
    return total;
}

} // namespace horde::perft
