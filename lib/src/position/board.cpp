#include "horde/position/board.hpp"

#include "horde/position/writers.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <vector>

namespace horde::position {

namespace detail {
namespace {
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
constexpr ZobristKeys make_zobrist() {
    ZobristKeys z{};
    std::uint64_t state = 0x686F726465ULL; // "horde"
    for (auto& row : z.piece_square)
        for (auto& k : row) k = splitmix64(state);
    for (auto& k : z.castling) k = splitmix64(state);
    for (auto& k : z.ep_file) k = splitmix64(state);
    z.black_to_move = splitmix64(state);
    return z;
}
} // namespace
constexpr ZobristKeys ZOBRIST = make_zobrist();
} // namespace detail

std::string_view start_fen(Variant v) {
    switch (v) {
    case Variant::Horde: return "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1";
    case Variant::Orda: return "lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1";
    case Variant::Chess:
    case Variant::Chess960: break;
    }
    return "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
}

std::string chess960_start_fen(int n) {
    if (n < 0 || n > 959) return {};
    // Scharnagl: the light-squared bishop, the dark-squared bishop, the queen on the
    // q-th free square, the knights by the KRN table, then rook, king, rook.
    char rank[8] = {};
    rank[2 * (n % 4) + 1] = 'b';
    n /= 4;
    rank[2 * (n % 4)] = 'b';
    n /= 4;
    auto place_on_free = [&rank](int index, char piece) {
        for (int file = 0; file < 8; ++file)
            if (!rank[file] && index-- == 0) {
                rank[file] = piece;
                return;
            }
    };
    place_on_free(n % 6, 'q');
    n /= 6;
    constexpr int knights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    place_on_free(knights[n][1], 'n'); // the later one first: placing it does not shift the earlier one
    place_on_free(knights[n][0], 'n');
    place_on_free(0, 'r');
    place_on_free(0, 'k');
    place_on_free(0, 'r');
    std::string black(rank, 8), white = black;
    for (char& c : white) c = char(c - 'a' + 'A');
    return black + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1";
}

std::variant<NumberedStart, std::string> numbered_start(int n, std::optional<Variant> given) {
    if (n < 0 || n > 959) return fmt::format("--start {}: Chess960 start positions are numbered 0 to 959", n);
    const Variant v = given.value_or(Variant::Chess960);
    if (v == Variant::Chess && n != 518)
        return fmt::format("--start {}: not the standard array (518) of chess; use --variant chess960", n);
    if (!is_chess(v)) return fmt::format("--start {}: numbered start positions are Chess960's, not {}'s", n, variant_name(v));
    return NumberedStart{v, chess960_start_fen(n)};
}

std::string square_name(Square s) {
    if (s >= SQ_NB) return "-";
    char name[2];
    write_square(name, s);
    return {name, 2};
}

Square parse_square(std::string_view t) {
    if (t.size() != 2 || !is_file_char(t[0]) || !is_rank_char(t[1])) return SQ_NONE;
    return make_square(t[0] - 'a', t[1] - '1');
}

// ---------------------------------------------------------------- runtime dispatch

MoveList legal_moves(Variant v, const Position& pos) {
    MoveList list;
    with_variant(v, [&]<Variant V>() {
        MoveListSink<V> sink{list};
        if (pos.side == WHITE) generate_legal<V, WHITE>(pos, sink);
        else generate_legal<V, BLACK>(pos, sink);
    });
    return list;
}

std::uint64_t count_legal_moves(Variant v, const Position& pos) {
    return with_variant(v, [&]<Variant V>() {
        MoveCountSink<V> sink;
        if (pos.side == WHITE) generate_legal<V, WHITE>(pos, sink);
        else generate_legal<V, BLACK>(pos, sink);
        return sink.count;
    });
}

bool has_legal_move(Variant v, const Position& pos) {
    const bool safe_king_step = with_variant(v, [&]<Variant V>() {
        const Color us = pos.side;
        const Bitboard king = pos.pieces(us, KING);
        if (!king || variant_game_over<V>(pos)) return false;
        // The king leaves its square, so it no longer blocks a slider's line to the target.
        const Bitboard occupied = pos.pieces() ^ king;
        Bitboard targets = king_attacks(lsb(king)) & ~pos.pieces(us);
        while (targets)
            if (!pos.template scattered_attackers_to<V>(pop_lsb(targets), occupied, ~us)) return true;
        return false;
    });
    return safe_king_step || count_legal_moves(v, pos) != 0;
}

Bitboard checkers(Variant v, const Position& pos) {
    const Bitboard king = pos.pieces(pos.side, KING);
    if (!king) return 0;
    return with_variant(v, [&]<Variant V>() { return pos.template attackers_to<V>(lsb(king), pos.pieces(), ~pos.side); });
}

bool in_check(Variant v, const Position& pos) { return checkers(v, pos) != 0; }

// ---------------------------------------------------------------- Board

Board::Board(Variant v) : variant_(v) {
    auto parsed = from_fen(v, start_fen(v));
    pos_ = std::get<Board>(parsed).pos_;
}

void Board::play(Move m) {
    with_variant(variant_, [&]<Variant V>() { play_as<V>(m); });
}

void Board::unplay(Move m, const Position::Undo& undo) {
    with_variant(variant_, [&]<Variant V>() { pos_.template unplay<V>(m, undo); });
}

bool Board::variant_game_over() const {
    return with_variant(variant_, [&]<Variant V>() { return horde::position::variant_game_over<V>(pos_); });
}

bool Board::ep_capture_is_legal() const {
    return with_variant(variant_, [&]<Variant V>() { return pos_.template ep_capture_is_legal<V>(); });
}

std::uint64_t Board::repetition_key_with_ep() const {
    std::uint64_t k = pos_.key;
    if (!ep_capture_is_legal()) k ^= detail::ZOBRIST.ep_file[file_of(pos_.ep)];
    return k;
}

std::string Board::uci(Move m) const {
    std::string s;
    append_uci(s, m);
    return s;
}

Move Board::parse_uci(std::string_view text) const {
    char name[kMaxUciLength];
    for (Move m : legal_moves())
        if (std::string_view(name, std::size_t(write_uci(name, m) - name)) == text) return m;
    return Move::none();
}

std::string Board::castling_field() const {
    char field[4];
    int length = 0;
    for (int i = 0; i < 4; ++i) {
        if (!(pos_.castling & (1 << i))) continue;
        const Color c = i < 2 ? WHITE : BLACK;
        const bool king_side = i % 2 == 0;
        char letter = king_side ? 'K' : 'Q';
        if (variant_ == Variant::Chess960) {
            // X-FEN: the file letter only when another rook stands further out on that side.
            const Bitboard rooks = pos_.pieces(c, ROOK) & rank_bb(relative_rank(c, 0));
            const Square rook = pos_.castling_rook[i];
            if (rook != (king_side ? msb(rooks) : lsb(rooks))) letter = char('A' + file_of(rook));
        }
        field[length++] = c == WHITE ? letter : char(letter - 'A' + 'a');
    }
    return length ? std::string(field, std::size_t(length)) : std::string(1, '-');
}

std::string Board::fen(bool with_counters) const {
    std::string s;
    append_fen(s, *this, with_counters);
    return s;
}

// ---------------------------------------------------------------- FEN parsing

namespace {

// Which piece letters each colour may use in a variant.
constexpr bool piece_allowed(Variant v, Color c, PieceType pt) {
    if (v != Variant::Orda) return pt >= PAWN && pt <= KING;
    if (c == WHITE) return (pt >= PAWN && pt <= KING) || pt == KHESHIG;
    return pt == PAWN || pt == KING || pt == QUEEN || pt == LANCER || pt == ARCHER || pt == KHESHIG || pt == YURT;
}

// The pieces of a variant, a bit per Piece value (NO_PIECE's bit is never set).
constexpr std::uint32_t variant_pieces(Variant v) {
    std::uint32_t mask = 0;
    for (const Color c : {WHITE, BLACK})
        for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt)
            if (piece_allowed(v, c, PieceType(pt))) mask |= 1u << make_piece(c, PieceType(pt));
    return mask;
}

// The piece a FEN letter names in some variant (upper case White), or NO_PIECE.
constexpr Piece piece_of_letter(char ch) {
    const char upper = ch >= 'a' && ch <= 'z' ? char(ch - 'a' + 'A') : ch;
    const PieceType pt = piece_type_from_letter(upper);
    return pt == NO_PIECE_TYPE ? NO_PIECE : make_piece(ch == upper ? WHITE : BLACK, pt);
}

// The first letter of the placement, in the FEN's order (rank 8 first), that is no piece of
// the variant: the error for it.
FenError unknown_piece(Variant v, const Setup& setup) {
    for (int rank = 7; rank >= 0; --rank)
        for (int file = 0; file < 8; ++file) {
            const char ch = setup.placement[make_square(file, rank)];
            if (!ch || (variant_pieces(v) >> piece_of_letter(ch) & 1)) continue;
            const bool white = !(ch >= 'a' && ch <= 'z'); // as the letter is written
            return {FenError::Field::Placement, FenError::Code::UnknownPiece,
                    fmt::format("placement field: '{}' is no {} piece in {}", ch, white ? "White" : "Black", variant_title(v))};
        }
    return {FenError::Field::Placement, FenError::Code::UnknownPiece, "placement field: no piece is unknown"};
}

// One letter of the castling field: records the right and its rook in pos, or says why
// the letter is wrong. Standard chess, Horde and Orda take K, Q, k, q with king and rook on
// their start squares (and Shredder letters naming those rooks); Chess960 takes X-FEN (K/Q
// for the outermost rook on that side) and Shredder-FEN (the rook's file, A-H / a-h).
struct CastlingFieldError {
    FenError::Code code;
    std::string message;
};
std::optional<CastlingFieldError> parse_castling_right(Variant v, Position& pos, char ch, std::string_view field) {
    using C = FenError::Code;
    auto syntax = [](std::string m) { return CastlingFieldError{C::BadCastlingSyntax, std::move(m)}; };
    auto not_allowed = [](std::string m) { return CastlingFieldError{C::CastlingNotAllowed, std::move(m)}; };
    auto no_pieces = [](std::string m) { return CastlingFieldError{C::CastlingWithoutPieces, std::move(m)}; };
    if (!is_castling_letter(ch)) // parse_fen's syntax, for a setup made otherwise
        return syntax(fmt::format("unexpected character '{}' in '{}'", ch, field));
    const bool upper = ch >= 'A' && ch <= 'Z';
    const char up = upper ? ch : char(ch - 'a' + 'A');
    const Color c = upper ? WHITE : BLACK;
    const std::string_view colour = c == WHITE ? "White" : "Black";
    if (v == Variant::Horde && c == WHITE) return not_allowed(fmt::format("'{}' but White has no king in Horde", ch));
    if (v == Variant::Orda && c == BLACK) return not_allowed(fmt::format("'{}' but Black cannot castle in Orda", ch));
    const int back = relative_rank(c, 0);
    const Bitboard kings = pos.pieces(c, KING);
    const Bitboard rooks = pos.pieces(c, ROOK) & rank_bb(back);
    Square king, rook;
    if (v != Variant::Chess960) {
        king = relative_square(c, E1);
        const std::string_view hint = v == Variant::Chess ? " (a Chess960 position needs the chess960 variant)" : "";
        if (up != 'K' && up != 'Q' && up != 'H' && up != 'A')
            return syntax(fmt::format("'{}' but {} castles only with the rooks of the a- and h-files in {}{}", ch, colour,
                                      variant_title(v), hint));
        rook = relative_square(c, up == 'K' || up == 'H' ? H1 : A1);
        if (pos.board[king] != make_piece(c, KING))
            return no_pieces(fmt::format("'{}' but no {} king on {}{}", ch, colour, square_name(king), hint));
        if (pos.board[rook] != make_piece(c, ROOK))
            return no_pieces(fmt::format("'{}' but no {} rook on {}{}", ch, colour, square_name(rook), hint));
    } else {
        if (!kings) return no_pieces(fmt::format("'{}' but {} has no king", ch, colour));
        if (!(kings & rank_bb(back)) || more_than_one(kings))
            return no_pieces(fmt::format("'{}' but the {} king is not on rank {}", ch, colour, back + 1));
        king = lsb(kings);
        const Bitboard king_side_rooks = rooks & ~(square_bb(king) * 2 - 1);
        const Bitboard queen_side_rooks = rooks & (square_bb(king) - 1);
        if (up == 'K' || up == 'Q') {
            const Bitboard side_rooks = up == 'K' ? king_side_rooks : queen_side_rooks;
            if (!side_rooks)
                return no_pieces(fmt::format("'{}' but no {} rook on rank {} on the {}-side of the king", ch, colour, back + 1,
                                             up == 'K' ? "h" : "a"));
            rook = up == 'K' ? msb(side_rooks) : lsb(side_rooks);
        } else {
            rook = make_square(up - 'A', back);
            if (!(rooks & square_bb(rook)))
                return no_pieces(fmt::format("'{}' but no {} rook on {}", ch, colour, square_name(rook)));
        }
    }
    const CastlingRights right = c == WHITE ? (rook > king ? WHITE_OO : WHITE_OOO) : (rook > king ? BLACK_OO : BLACK_OOO);
    if (pos.castling & right)
        return syntax(field.find(ch) != field.rfind(ch) ? fmt::format("'{}' given twice", ch)
                                                        : fmt::format("'{}' gives the {} {}-side right a second time", ch, colour,
                                                                      rook > king ? "king" : "queen"));
    pos.castling |= right;
    pos.castling_rook[castling_index(right)] = rook;
    return std::nullopt;
}

// The en passant square ep of a FEN on pos (placement and side set): an error if no double
// step can have left it; kept only when a pawn could capture there (as play() does).
std::optional<FenError> set_en_passant(Position& pos, Square ep) {
    using F = FenError::Field;
    using C = FenError::Code;
    auto fail = [](F field, C code, std::string msg) { return FenError{field, code, std::move(msg)}; };
    const std::string name = square_name(ep);
    const Color mover = ~pos.side; // the side that made the double step
    const int expected_rank = mover == WHITE ? 2 : 5;
    const Square pawn_sq = Square(mover == WHITE ? ep + 8 : ep - 8);
    const Square origin = Square(mover == WHITE ? ep - 8 : ep + 8);
    if (rank_of(ep) != expected_rank)
        return fail(F::EnPassant, C::ImpossibleEnPassant,
                    fmt::format("en passant field: '{}' is not on rank {} with {} to move", name, expected_rank + 1,
                                pos.side == WHITE ? "White" : "Black"));
    if (pos.board[pawn_sq] != make_piece(mover, PAWN))
        return fail(F::EnPassant, C::ImpossibleEnPassant,
                    fmt::format("en passant field: '{}' but no {} pawn on {}", name, mover == WHITE ? "White" : "Black",
                                square_name(pawn_sq)));
    if (pos.board[ep] != NO_PIECE || pos.board[origin] != NO_PIECE)
        return fail(F::EnPassant, C::ImpossibleEnPassant,
                    fmt::format("en passant field: '{}' but {} or {} is occupied", name, square_name(ep), square_name(origin)));
    if (pawn_attacks(mover, ep) & pos.pieces(pos.side, PAWN)) {
        pos.ep = ep;
        pos.key ^= detail::ZOBRIST.ep_file[file_of(ep)];
    }
    return std::nullopt;
}

// The position rules of variant v a FEN's position must meet: the kings, the pawns' ranks,
// and the side not to move not in check.
std::optional<FenError> position_rules_error(Variant v, const Position& pos) {
    using F = FenError::Field;
    using C = FenError::Code;
    auto fail = [](F field, C code, std::string msg) { return FenError{field, code, std::move(msg)}; };
    const int white_kings = popcount(pos.pieces(WHITE, KING));
    const int black_kings = popcount(pos.pieces(BLACK, KING));
    if (v == Variant::Horde) {
        if (white_kings) return fail(F::Position, C::KingCount, "position: White has a king, but the Horde has none");
    } else if (white_kings != 1) {
        return fail(F::Position, C::KingCount, fmt::format("position: White has {} kings, expected 1", white_kings));
    }
    if (black_kings != 1)
        return fail(F::Position, C::KingCount, fmt::format("position: Black has {} kings, expected 1", black_kings));

    // Horde White pawns may stand on rank 1; no pawn stands on its promotion rank.
    const Bitboard white_bad = rank_bb(7) | (v == Variant::Horde ? 0 : rank_bb(0));
    const Bitboard black_bad = rank_bb(0) | rank_bb(7);
    if (Bitboard b = pos.pieces(WHITE, PAWN) & white_bad)
        return fail(F::Position, C::PawnOnBadRank, fmt::format("position: White pawn on {}", square_name(lsb(b))));
    if (Bitboard b = pos.pieces(BLACK, PAWN) & black_bad)
        return fail(F::Position, C::PawnOnBadRank, fmt::format("position: Black pawn on {}", square_name(lsb(b))));

    // The side not to move must not be in check.
    const Color waiting = ~pos.side;
    if (Bitboard k = pos.pieces(waiting, KING)) {
        const Bitboard attackers =
            with_variant(v, [&]<Variant V>() { return pos.template attackers_to<V>(lsb(k), pos.pieces(), pos.side); });
        if (attackers)
            return fail(F::Position, C::OppositeCheck,
                        fmt::format("position: {} is in check but it is {}'s move", waiting == WHITE ? "White" : "Black",
                                    pos.side == WHITE ? "White" : "Black"));
    }
    return std::nullopt;
}

} // namespace

std::variant<Board, FenError> Board::from_fen(Variant v, std::string_view fen) {
    auto setup = parse_fen(fen);
    if (auto* error = std::get_if<FenError>(&setup)) return std::move(*error);
    return from_setup(v, std::get<Setup>(setup));
}

std::variant<FenBoard, FenError> read_fen(Variant v, std::string_view fen) {
    auto setup = parse_fen(fen);
    if (auto* error = std::get_if<FenError>(&setup)) return std::move(*error);
    const Setup& read = std::get<Setup>(setup);
    auto board = Board::from_setup(v, read);
    if (auto* error = std::get_if<FenError>(&board)) return std::move(*error);
    return FenBoard{std::get<Board>(board), fen_warning(read)};
}

Setup Board::setup() const {
    Setup s;
    for (int sq = 0; sq < SQ_NB; ++sq)
        if (pos_.board[sq] != NO_PIECE) s.placement[std::size_t(sq)] = piece_char(pos_.board[sq]);
    s.side = pos_.side;
    if (pos_.castling) s.castling = castling_field();
    if (pos_.ep != SQ_NONE && ep_capture_is_legal()) s.ep = pos_.ep;
    s.halfmove = pos_.halfmove;
    s.fullmove = pos_.fullmove;
    return s;
}

std::variant<Board, FenError> Board::from_setup(Variant v, const Setup& setup) {
    using F = FenError::Field;
    using C = FenError::Code;
    auto fail = [](F field, C code, std::string msg) { return FenError{field, code, std::move(msg)}; };

    Position pos;
    // Placement: each letter a piece of the variant. The occupied squares first, without a
    // branch per square (a FEN line's check spends a third of its time here otherwise).
    Bitboard occupied = 0;
    for (int sq = 0; sq < SQ_NB; ++sq) occupied |= Bitboard(setup.placement[std::size_t(sq)] != 0) << sq;
    const std::uint32_t pieces = variant_pieces(v);
    while (occupied) {
        const Square sq = pop_lsb(occupied);
        const Piece p = piece_of_letter(setup.placement[sq]);
        if (!(pieces >> p & 1)) return unknown_piece(v, setup);
        pos.put_piece(p, sq);
    }
    pos.side = setup.side;
    if (pos.side == BLACK) pos.key ^= detail::ZOBRIST.black_to_move;

    // Castling.
    for (char ch : setup.castling) {
        if (auto error = parse_castling_right(v, pos, ch, setup.castling))
            return fail(F::Castling, error->code, "castling field: " + error->message);
    }
    pos.key ^= detail::ZOBRIST.castling[pos.castling];

    // En passant: any square the last move could have left is accepted.
    if (setup.ep != SQ_NONE)
        if (auto error = set_en_passant(pos, setup.ep)) return *error;

    pos.halfmove = setup.halfmove;
    // 0 (puzzle files write it) can only mean the first move: fen_warning() says so.
    pos.fullmove = setup.fullmove == 0 ? 1 : setup.fullmove;

    if (auto error = position_rules_error(v, pos)) return *error;
    Board board(v, pos);
    if (popcount(board.checkers()) > 2)
        return fail(F::Position, C::TooManyCheckers,
                    fmt::format("position: {} is checked by {} pieces", pos.side == WHITE ? "White" : "Black",
                                popcount(board.checkers())));
    return board;
}

} // namespace horde::position
