// The hot path of SAN resolution, as templates on the variant so that a caller with one
// variant dispatch per move (the PGN checker) gets it inlined: candidate origins found from
// the destination backwards, the king-safety test without copying the position, and the
// exact-SAN resolution and suffix test that san.hpp declares for a runtime variant.
#pragma once

#include "horde/notation/san.hpp"
#include "horde/position/movegen.hpp"

namespace horde::notation::san_detail {

inline bool promotion_allowed(Variant v, PieceType pt) {
    if (v == Variant::Orda) return pt == QUEEN || pt == KHESHIG;
    return pt == QUEEN || pt == ROOK || pt == BISHOP || pt == KNIGHT;
}

// The pieces of `ours` that slide to `to` on a diagonal, and on a rank or file.
[[gnu::always_inline]] inline Bitboard diagonal_origins(Square to, Bitboard ours, Bitboard occ) {
    return origin_sliders_reaching(to, ours, 0, occ);
}
[[gnu::always_inline]] inline Bitboard straight_origins(Square to, Bitboard ours, Bitboard occ) {
    return origin_sliders_reaching(to, 0, ours, occ);
}

// Origins from which a piece of type pt and colour us could reach `to` by its movement
// pattern alone (ignoring pins and checks), for a move that captures or not.
[[gnu::always_inline]] inline Bitboard pattern_origins(const position::Position& pos, PieceType pt, Color us, Square to,
                                                       bool capture) {
    const Bitboard occ = pos.pieces();
    const Bitboard ours = pos.pieces(us, pt);
    switch (pt) {
    case PAWN: {
        const int up = us == WHITE ? 8 : -8;
        if (capture) return pawn_attacks(~us, to) & ours;
        Bitboard origins = 0;
        const int one = int(to) - up;
        if (one >= 0 && one < 64) {
            origins |= square_bb(Square(one)) & ours;
            const int two = one - up;
            if (two >= 0 && two < 64 && !(occ & square_bb(Square(one)))) origins |= square_bb(Square(two)) & ours;
        }
        return origins;
    }
    case KNIGHT: return knight_attacks(to) & ours;
    case BISHOP: return diagonal_origins(to, ours, occ);
    case ROOK: return straight_origins(to, ours, occ);
    case QUEEN: return diagonal_origins(to, ours, occ) | straight_origins(to, ours, occ);
    case KING: return king_attacks(to) & ours;
    case LANCER: return capture ? straight_origins(to, ours, occ) : knight_attacks(to) & ours;
    case ARCHER: return capture ? diagonal_origins(to, ours, occ) : knight_attacks(to) & ours;
    case KHESHIG: return (knight_attacks(to) | king_attacks(to)) & ours;
    case YURT: return yurt_attacks(~us, to) & ours;
    default: return 0;
    }
}

// pattern_origins for a piece other than a pawn, without a branch on the piece type: every
// movement pattern is looked up and the piece's own kept by mask. A move's piece type is
// what a predictor cannot guess (the switch's indirect jump missed on about half of the
// moves of real games); with a fast PEXT the two slider lookups cost less than that miss,
// and without one origin_sliders_reaching tests only the piece's own candidates.
namespace pattern_bits {
inline constexpr std::uint8_t KNIGHT_STEP = 1, KING_STEP = 2, DIAGONAL = 4, STRAIGHT = 8, YURT_STEP = 16;
// [capture][piece type]
inline constexpr std::uint8_t kBits[2][PIECE_TYPE_NB] = {
    {0, 0, KNIGHT_STEP, DIAGONAL, STRAIGHT, DIAGONAL | STRAIGHT, KING_STEP, KNIGHT_STEP, KNIGHT_STEP, KNIGHT_STEP | KING_STEP,
     YURT_STEP},
    {0, 0, KNIGHT_STEP, DIAGONAL, STRAIGHT, DIAGONAL | STRAIGHT, KING_STEP, STRAIGHT, DIAGONAL, KNIGHT_STEP | KING_STEP,
     YURT_STEP},
};
constexpr Bitboard all_if(unsigned bits, unsigned bit) { return Bitboard{0} - Bitboard((bits & bit) != 0); }
} // namespace pattern_bits
template <Variant V> [[gnu::always_inline]] inline Bitboard piece_pattern_origins(const position::Position& pos, PieceType pt,
                                                                                  Color us, Square to, bool capture) {
    using namespace pattern_bits;
    const unsigned bits = kBits[capture][pt];
    const Bitboard ours = pos.pieces(us, pt);
    Bitboard steps = (knight_attacks(to) & all_if(bits, KNIGHT_STEP)) | (king_attacks(to) & all_if(bits, KING_STEP));
    if constexpr (Rules<V>::orda_pieces) steps |= yurt_attacks(~us, to) & all_if(bits, YURT_STEP);
    return (steps & ours) |
           origin_sliders_reaching(to, ours & all_if(bits, DIAGONAL), ours & all_if(bits, STRAIGHT), pos.pieces());
}

// Whether a pseudo-legal move (not castling) leaves the mover's king safe: the enemy's
// attacks on the king square are recomputed with the occupancy after the move, without
// copying the position.
template <Variant V> [[gnu::always_inline]] inline bool leaves_king_safe(const position::Position& pos, Move m) {
    const Color us = pos.side;
    if (!Rules<V>::has_king(us)) return true;
    const Bitboard king = pos.pieces(us, KING);
    if (!king) return true;
    const Square from = m.from(), to = m.to();
    Bitboard occupied = (pos.pieces() ^ square_bb(from)) | square_bb(to);
    Bitboard gone = square_bb(to); // a captured piece attacks no more
    if (m.is_en_passant()) {
        const Square captured = Square(us == WHITE ? to - 8 : to + 8);
        occupied ^= square_bb(captured);
        gone |= square_bb(captured);
    }
    const Square king_square = (king & square_bb(from)) ? to : lsb(king);
    return !(pos.template scattered_attackers_to<V>(king_square, occupied, ~us) & ~gone);
}

// The legal moves (castling aside) of piece type pt to `to` from an origin in from_mask,
// found from the destination backwards: only the few candidate origins are tested, not
// every legal move of the position (this is the hot path of PGN validation). Inlining, measured
// with callgrind on the check benchmark: one call with everything inside it (flatten, and the
// lambda forced inline) costs 4% fewer instructions than inlining it into the caller, where
// GCC then left the lambda and attackers_to out of line.
template <Variant V> [[gnu::flatten]] inline int legal_candidates(const position::Position& pos, PieceType pt, Square to,
                                                                  Bitboard from_mask, PieceType promoted, Move* out) {
    const Color us = pos.side;
    const Piece target = pos.piece_on(to);
    if (target != NO_PIECE && color_of(target) == us) return 0;
    if (position::variant_game_over<V>(pos)) return 0;
    int n = 0;
    auto consider = [&](Bitboard origins, Move::Kind kind) __attribute__((always_inline)) {
        while (origins) {
            const Square from = pop_lsb(origins);
            const Move m = kind == Move::PROMOTION ? Move::promotion(from, to, promoted) : Move::make(from, to, kind);
            if (leaves_king_safe<V>(pos, m)) out[n++] = m;
        }
    };
    if (pt == PAWN) {
        const Bitboard pawns = pos.pieces(us, PAWN) & from_mask;
        const bool last_rank = rank_of(to) == (us == WHITE ? 7 : 0);
        if (last_rank != (promoted != NO_PIECE_TYPE)) return 0;
        const Move::Kind kind = last_rank ? Move::PROMOTION : Move::NORMAL;
        if (target != NO_PIECE) {
            consider(pawn_attacks(~us, to) & pawns, kind);
        } else if (to == pos.ep) {
            consider(pawn_attacks(~us, to) & pawns, Move::EN_PASSANT);
        } else {
            const int up = us == WHITE ? 8 : -8;
            const int one = int(to) - up;
            if (one < 0 || one >= 64) return 0;
            if (pawns & square_bb(Square(one))) consider(square_bb(Square(one)), kind);
            else if (pos.piece_on(Square(one)) == NO_PIECE) {
                const int two = one - up;
                if (two >= 0 && two < 64) consider(pawns & square_bb(Square(two)) & Rules<V>::double_step_from(us), Move::NORMAL);
            }
        }
        return n;
    }
    if (promoted != NO_PIECE_TYPE) return 0;
    consider(piece_pattern_origins<V>(pos, pt, us, to, target != NO_PIECE) & from_mask, Move::NORMAL);
    return n;
}

// parse_san_exact (san.hpp), here so that the checker's per-move path gets it inlined: out of
// line it cost a call per move and kept the parsed fields in memory (callgrind: 4% of the
// instructions of horde-check on chess games).
[[gnu::always_inline]] inline bool parse_san_exact_inline(std::string_view token, SanMove& san) {
    const auto is_file = [](char c) { return c >= 'a' && c <= 'h'; };
    const auto is_rank = [](char c) { return c >= '1' && c <= '8'; };
    san = SanMove{};
    std::size_t n = token.size();
    if (n < 2 || n > 9) return false;
    const char* p = token.data();
    if (p[n - 1] == '+') {
        san.suffix = SanMove::Suffix::Check;
        --n;
    } else if (p[n - 1] == '#') {
        san.suffix = SanMove::Suffix::Mate;
        --n;
    }
    std::size_t i = 0;
    if (p[0] >= 'A' && p[0] <= 'Z') {
        if (p[0] == 'O' || p[0] == 'P') return false; // castling and 'P' take the full parser
        san.piece = p[0];
        i = 1;
    }
    if (n >= 4 && p[n - 2] == '=') {
        if (!(p[n - 1] >= 'A' && p[n - 1] <= 'Z')) return false;
        san.promotion = p[n - 1];
        n -= 2;
    }
    if (n < i + 2 || !is_file(p[n - 2]) || !is_rank(p[n - 1])) return false;
    san.to = make_square(p[n - 2] - 'a', p[n - 1] - '1');
    n -= 2;
    if (n > i && p[n - 1] == 'x') {
        san.capture = true;
        --n;
    }
    for (; i < n; ++i) {
        const char c = p[i];
        if (is_file(c) && san.from_file < 0 && san.from_rank < 0) san.from_file = c - 'a';
        else if (is_rank(c) && san.from_rank < 0) san.from_rank = c - '1';
        else return false;
    }
    if (san.piece == 0 && san.from_rank >= 0) return false;
    if (san.promotion && san.piece != 0) return false;
    if (san.from_rank >= 0 && san.from_file >= 0) return false; // rare; the full path tells long algebraic
    return true;
}

// Whether one legal move of piece type pt (no pawn) reaches `to`. Out of line: the exact path
// (flattened into the checker's move) asks it only for a move written with an origin, and a
// second copy of legal_candidates there would weigh on every move's code.
template <Variant V> [[gnu::noinline]] bool one_legal_mover(const position::Position& pos, PieceType pt, Square to) {
    Move found[64];
    return legal_candidates<V>(pos, pt, to, ~Bitboard{0}, NO_PIECE_TYPE, found) == 1;
}

template <Variant V> [[gnu::always_inline]] inline Move resolve_san_exact_as(const position::Position& pos, const SanMove& san) {
    if (san.kind != SanMove::Kind::Normal || san.promotion_without_equals) return Move::none();
    const PieceType pt = san.piece ? piece_type_from_letter(san.piece) : PAWN;
    if (pt == NO_PIECE_TYPE) return Move::none();
    PieceType promoted = NO_PIECE_TYPE;
    if (san.promotion) {
        promoted = piece_type_from_letter(san.promotion);
        if (promoted == NO_PIECE_TYPE || !promotion_allowed(V, promoted)) return Move::none();
    }
    Bitboard from_mask = ~Bitboard{0};
    if (san.from_file >= 0) from_mask &= file_bb(san.from_file);
    if (san.from_rank >= 0) from_mask &= rank_bb(san.from_rank);
    if (pt == PAWN && san.from_file < 0) from_mask &= file_bb(file_of(san.to));
    Move found[64];
    if (legal_candidates<V>(pos, pt, san.to, from_mask, promoted, found) != 1) return Move::none();
    const bool captures = found[0].is_en_passant() || pos.piece_on(san.to) != NO_PIECE;
    if (captures != san.capture) return Move::none();
    // An origin no other legal move of the type needed: the full path's warning (a few moves in a
    // hundred are written with an origin, and they pay one more look).
    if (pt != PAWN && (san.from_file >= 0 || san.from_rank >= 0) && one_legal_mover<V>(pos, pt, san.to)) [[unlikely]]
        return Move::none();
    return found[0];
}

// "O-O" or "O-O-O", with '+' or '#' or neither: the castling that the exact path reads ("0-0"
// and the other spellings take the full parser, which warns about them).
[[gnu::always_inline]] inline bool parse_castling_exact(std::string_view token, SanMove& san) {
    san = SanMove{};
    std::size_t n = token.size();
    if (n > 0 && (token[n - 1] == '+' || token[n - 1] == '#')) {
        san.suffix = token[n - 1] == '+' ? SanMove::Suffix::Check : SanMove::Suffix::Mate;
        --n;
    }
    const std::string_view body = token.substr(0, n);
    if (body == "O-O") san.kind = SanMove::Kind::CastleShort;
    else if (body == "O-O-O") san.kind = SanMove::Kind::CastleLong;
    else return false;
    return true;
}

// The castling move, when it is legal, in the games whose king and rooks start on e, h and a
// (Chess960 takes the full path): generate_legal's tests, for the one move named (a castling
// once took a full move generation and the slow path, twice a game).
template <Variant V> [[gnu::always_inline]] inline Move resolve_castling_exact_as(const position::Position& pos, bool king_side) {
    if constexpr (Rules<V>::chess960) {
        return Move::none();
    } else {
        const Color us = pos.side;
        if (!(us == WHITE ? Rules<V>::can_castle(WHITE) : Rules<V>::can_castle(BLACK))) return Move::none();
        if (position::variant_game_over<V>(pos)) return Move::none();
        const std::uint8_t right = us == WHITE ? (king_side ? WHITE_OO : WHITE_OOO) : (king_side ? BLACK_OO : BLACK_OOO);
        const Square king_from = us == WHITE ? E1 : E8;
        if (!(pos.castling & right) || !(pos.pieces(us, KING) & square_bb(king_from))) return Move::none();
        const int step = king_side ? 1 : -1;
        const Bitboard empty_path = square_bb(Square(king_from + step)) | square_bb(Square(king_from + 2 * step)) |
                                    (king_side ? 0 : square_bb(Square(king_from - 3)));
        if (pos.pieces() & empty_path) return Move::none();
        // not in check, and neither square the king passes over or lands on attacked (the king
        // no longer shields its rank)
        const Bitboard occupied = pos.pieces() ^ square_bb(king_from);
        for (int i = 0; i <= 2; ++i)
            if (pos.template legality_attackers_to<V>(Square(king_from + i * step), occupied, ~us)) return Move::none();
        return Move::make(king_from, Square(king_from + 2 * step), Move::CASTLING);
    }
}

// What the suffix test tells of a move from the position after it, without looking for a
// legal reply: Right or Wrong, or RightUnlessMate for a '+' on a check, which is right when the
// side to move has a legal move. The PGN checker leaves that question to the next move of
// the line (a legal move proves it; one check in ten of real games otherwise took a search
// for a legal reply, and most of those a full move generation).
enum class SuffixVerdict : std::uint8_t { Right, Wrong, RightUnlessMate };
template <Variant V>
[[gnu::always_inline]] inline SuffixVerdict suffix_verdict_as(const position::Position& pos, SanMove::Suffix suffix) {
    if (position::variant_game_over<V>(pos)) return SuffixVerdict::Right; // any suffix is accepted on a variant win
    const Bitboard king = pos.pieces(pos.side, KING);
    const bool check = king && pos.template scattered_attackers_to<V>(lsb(king), pos.pieces(), ~pos.side);
    if (!check) return suffix == SanMove::Suffix::None ? SuffixVerdict::Right : SuffixVerdict::Wrong;
    if (suffix == SanMove::Suffix::None) return SuffixVerdict::Wrong;
    if (suffix == SanMove::Suffix::Check) return SuffixVerdict::RightUnlessMate;
    return position::has_legal_move(V, pos) ? SuffixVerdict::Wrong : SuffixVerdict::Right;
}

// Whether the suffix is the one the position after the move calls for: none on a quiet move,
// '+' on a check with a legal reply, '#' on a mate (check_suffix words the other cases). A
// check move (one ply in eight of real games) used to leave this fast path for check_suffix.
template <Variant V>
[[gnu::always_inline]] inline bool suffix_plainly_right_as(const position::Position& pos, SanMove::Suffix suffix) {
    const SuffixVerdict verdict = suffix_verdict_as<V>(pos, suffix);
    if (verdict == SuffixVerdict::RightUnlessMate) return position::has_legal_move(V, pos);
    return verdict == SuffixVerdict::Right;
}

} // namespace horde::notation::san_detail
