#include "horde/position/board.hpp"

#include "horde/position/writers.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <vector>

namespace horde {

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

std::optional<Variant> parse_variant(std::string_view text) {
    std::string s;
    for (char c : text)
        if (c != ' ' && c != '-' && c != '_') s += char(std::tolower(static_cast<unsigned char>(c)));
    if (s == "chess" || s == "standard" || s == "standardchess" || s == "normal" || s == "fromposition")
        return Variant::Chess;
    if (s == "horde" || s == "hordechess") return Variant::Horde;
    if (s == "orda" || s == "ordachess") return Variant::Orda;
    if (s == "chess960" || s == "960" || s == "fischerandom" || s == "fischerrandom") return Variant::Chess960;
    return std::nullopt;
}

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
    if (!is_chess(v))
        return fmt::format("--start {}: numbered start positions are Chess960's, not {}'s", n, variant_name(v));
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
            if (!pos.template attackers_to_by_rays<V>(pop_lsb(targets), occupied, ~us)) return true;
        return false;
    });
    return safe_king_step || count_legal_moves(v, pos) != 0;
}

Bitboard checkers(Variant v, const Position& pos) {
    const Bitboard king = pos.pieces(pos.side, KING);
    if (!king) return 0;
    return with_variant(v, [&]<Variant V>() {
        return pos.template attackers_to<V>(lsb(king), pos.pieces(), ~pos.side);
    });
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

bool Board::variant_game_over() const {
    return with_variant(variant_, [&]<Variant V>() { return horde::variant_game_over<V>(pos_); });
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

std::string_view FenError::field_name() const {
    switch (field) {
    case Field::Placement: return "placement";
    case Field::Side: return "side to move";
    case Field::Castling: return "castling";
    case Field::EnPassant: return "en passant";
    case Field::Halfmove: return "halfmove clock";
    case Field::Fullmove: return "fullmove number";
    case Field::Position: return "position";
    }
    return "position";
}

std::string_view FenError::code_name() const {
    switch (code) {
    case Code::MissingFields: return "missing-fields";
    case Code::TrailingFields: return "trailing-fields";
    case Code::BadRankCount: return "bad-rank-count";
    case Code::BadRankLength: return "bad-rank-length";
    case Code::BadPlacementChar: return "bad-placement-char";
    case Code::UnknownPiece: return "unknown-piece";
    case Code::BadSide: return "bad-side";
    case Code::BadCastlingSyntax: return "bad-castling-syntax";
    case Code::CastlingNotAllowed: return "castling-not-allowed";
    case Code::CastlingWithoutPieces: return "castling-without-pieces";
    case Code::BadEnPassantSyntax: return "bad-en-passant-syntax";
    case Code::ImpossibleEnPassant: return "impossible-en-passant";
    case Code::BadHalfmove: return "bad-halfmove";
    case Code::BadFullmove: return "bad-fullmove";
    case Code::KingCount: return "king-count";
    case Code::PawnOnBadRank: return "pawn-on-bad-rank";
    case Code::OppositeCheck: return "opposite-check";
    case Code::TooManyCheckers: return "too-many-checkers";
    }
    return "fen";
}

namespace {

constexpr std::string_view game_title(Variant v) {
    return v == Variant::Horde ? "Horde" : v == Variant::Orda ? "Orda" : v == Variant::Chess960 ? "Chess960" : "chess";
}

// Which piece letters each colour may use in a variant.
bool piece_allowed(Variant v, Color c, PieceType pt) {
    if (v != Variant::Orda) return pt >= PAWN && pt <= KING;
    if (c == WHITE) return (pt >= PAWN && pt <= KING) || pt == KHESHIG;
    return pt == PAWN || pt == KING || pt == QUEEN || pt == LANCER || pt == ARCHER ||
           pt == KHESHIG || pt == YURT;
}

// At most 7 fields are kept: one more than a FEN has, enough to report trailing text.
struct Fields {
    std::array<std::string_view, 7> items;
    std::size_t count = 0;
    std::size_t size() const { return count; }
    std::string_view operator[](std::size_t i) const { return items[i]; }
    void push_back(std::string_view f) {
        if (count < items.size()) items[count] = f;
        ++count;
    }
};

Fields split_fields(std::string_view s) {
    Fields out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) ++i;
        std::size_t j = i;
        while (j < s.size() && !(s[j] == ' ' || s[j] == '\t' || s[j] == '\r' || s[j] == '\n')) ++j;
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

bool parse_number(std::string_view s, unsigned long& out) {
    if (s.empty() || s.size() > 9) return false;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size();
}

// One character of the castling field: records the right and its rook in pos, or says why
// the character is wrong. Standard chess, Horde and Orda take K, Q, k, q with king and rook on
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
    const bool upper = ch >= 'A' && ch <= 'Z';
    const char up = upper ? ch : char(ch - 'a' + 'A');
    if (!(up == 'K' || up == 'Q' || (up >= 'A' && up <= 'H')) || !(upper || (ch >= 'a' && ch <= 'z')))
        return syntax(fmt::format("unexpected character '{}' in '{}'", ch, field));
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
            return syntax(fmt::format("'{}' but {} castles only with the rooks of the a- and h-files in {}{}", ch,
                                      colour, game_title(v), hint));
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
                return no_pieces(fmt::format("'{}' but no {} rook on rank {} on the {}-side of the king", ch, colour,
                                             back + 1, up == 'K' ? "h" : "a"));
            rook = up == 'K' ? msb(side_rooks) : lsb(side_rooks);
        } else {
            rook = make_square(up - 'A', back);
            if (!(rooks & square_bb(rook)))
                return no_pieces(fmt::format("'{}' but no {} rook on {}", ch, colour, square_name(rook)));
        }
    }
    const CastlingRights right = c == WHITE ? (rook > king ? WHITE_OO : WHITE_OOO) : (rook > king ? BLACK_OO : BLACK_OOO);
    if (pos.castling & right)
        return syntax(field.find(ch) != field.rfind(ch)
                          ? fmt::format("'{}' given twice", ch)
                          : fmt::format("'{}' gives the {} {}-side right a second time", ch, colour,
                                        rook > king ? "king" : "queen"));
    pos.castling |= right;
    pos.castling_rook[castling_index(right)] = rook;
    return std::nullopt;
}

} // namespace

std::string fen_warning(std::string_view fen) {
    const auto fields = split_fields(fen);
    unsigned long number = 1;
    if (fields.size() == 6 && parse_number(fields[5], number) && number == 0)
        return "fullmove number field: '0' read as 1";
    return {};
}

std::variant<Board, FenError> Board::from_fen(Variant v, std::string_view fen) {
    using F = FenError::Field;
    using C = FenError::Code;
    auto fail = [](F field, C code, std::string msg) { return FenError{field, code, std::move(msg)}; };

    const auto fields = split_fields(fen);
    if (fields.size() < 4)
        return fail(F::Position, C::MissingFields,
                    fmt::format("expected at least 4 fields (placement, side, castling, en passant), got {}",
                                fields.size()));
    if (fields.size() > 6)
        return fail(F::Position, C::TrailingFields,
                    fmt::format("expected at most 6 fields, got {} (extra: '{}')", fields.size(), fields[6]));

    Position pos;
    // Placement.
    {
        std::string_view placement = fields[0];
        int rank = 7, file = 0, ranks_seen = 1;
        for (std::size_t i = 0; i < placement.size(); ++i) {
            const char ch = placement[i];
            if (ch == '/') {
                if (file != 8)
                    return fail(F::Placement, C::BadRankLength,
                                fmt::format("placement field: rank {} describes {} squares, not 8", rank + 1, file));
                if (++ranks_seen > 8)
                    return fail(F::Placement, C::BadRankCount, "placement field: more than 8 ranks");
                --rank;
                file = 0;
            } else if (ch >= '1' && ch <= '8') {
                file += ch - '0';
                if (file > 8)
                    return fail(F::Placement, C::BadRankLength,
                                fmt::format("placement field: rank {} describes more than 8 squares", rank + 1));
            } else {
                // ASCII only: the C library's locale-aware calls cost more than the whole parse.
                const bool letter = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
                const char upper = ch >= 'a' && ch <= 'z' ? char(ch - 'a' + 'A') : ch;
                const PieceType pt = letter ? piece_type_from_letter(upper) : NO_PIECE_TYPE;
                if (!letter)
                    return fail(F::Placement, C::BadPlacementChar,
                                fmt::format("placement field: unexpected character '{}'", ch));
                const Color c = ch == upper ? WHITE : BLACK;
                if (pt == NO_PIECE_TYPE || !piece_allowed(v, c, pt))
                    return fail(F::Placement, C::UnknownPiece,
                                fmt::format("placement field: '{}' is no {} piece in {}", ch,
                                            c == WHITE ? "White" : "Black", game_title(v)));
                if (file >= 8)
                    return fail(F::Placement, C::BadRankLength,
                                fmt::format("placement field: rank {} describes more than 8 squares", rank + 1));
                pos.put_piece(make_piece(c, pt), make_square(file, rank));
                ++file;
            }
        }
        if (ranks_seen != 8)
            return fail(F::Placement, C::BadRankCount,
                        fmt::format("placement field: {} ranks, expected 8", ranks_seen));
        if (file != 8)
            return fail(F::Placement, C::BadRankLength,
                        fmt::format("placement field: rank 1 describes {} squares, not 8", file));
    }
    // Side to move.
    if (fields[1] == "w") pos.side = WHITE;
    else if (fields[1] == "b") {
        pos.side = BLACK;
        pos.key ^= detail::ZOBRIST.black_to_move;
    } else
        return fail(F::Side, C::BadSide, fmt::format("side to move field: '{}' is not 'w' or 'b'", fields[1]));

    // Castling.
    if (fields[2] != "-") {
        for (char ch : fields[2]) {
            if (auto error = parse_castling_right(v, pos, ch, fields[2]))
                return fail(F::Castling, error->code, "castling field: " + error->message);
        }
    }
    pos.key ^= detail::ZOBRIST.castling[pos.castling];

    // En passant: any square the last move could have left is accepted.
    if (fields[3] != "-") {
        const Square ep = parse_square(fields[3]);
        if (ep == SQ_NONE)
            return fail(F::EnPassant, C::BadEnPassantSyntax,
                        fmt::format("en passant field: '{}' is not a square or '-'", fields[3]));
        const Color mover = ~pos.side; // the side that made the double step
        const int expected_rank = mover == WHITE ? 2 : 5;
        const Square pawn_sq = Square(mover == WHITE ? ep + 8 : ep - 8);
        const Square origin = Square(mover == WHITE ? ep - 8 : ep + 8);
        if (rank_of(ep) != expected_rank)
            return fail(F::EnPassant, C::ImpossibleEnPassant,
                        fmt::format("en passant field: '{}' is not on rank {} with {} to move", fields[3],
                                    expected_rank + 1, pos.side == WHITE ? "White" : "Black"));
        if (pos.board[pawn_sq] != make_piece(mover, PAWN))
            return fail(F::EnPassant, C::ImpossibleEnPassant,
                        fmt::format("en passant field: '{}' but no {} pawn on {}", fields[3],
                                    mover == WHITE ? "White" : "Black", square_name(pawn_sq)));
        if (pos.board[ep] != NO_PIECE || pos.board[origin] != NO_PIECE)
            return fail(F::EnPassant, C::ImpossibleEnPassant,
                        fmt::format("en passant field: '{}' but {} or {} is occupied", fields[3],
                                    square_name(ep), square_name(origin)));
        // Keep the square only when a pawn could capture there (as play() does).
        if (pawn_attacks(mover, ep) & pos.pieces(pos.side, PAWN)) {
            pos.ep = ep;
            pos.key ^= detail::ZOBRIST.ep_file[file_of(ep)];
        }
    }

    // Counters (optional: EPD-style FENs have none).
    unsigned long number = 0;
    if (fields.size() >= 5) {
        if (!parse_number(fields[4], number) || number > 65535)
            return fail(F::Halfmove, C::BadHalfmove,
                        fmt::format("halfmove clock field: '{}' is not a number", fields[4]));
        pos.halfmove = std::uint16_t(number);
    }
    if (fields.size() >= 6) {
        if (!parse_number(fields[5], number) || number > 65535)
            return fail(F::Fullmove, C::BadFullmove,
                        fmt::format("fullmove number field: '{}' is not a number", fields[5]));
        // 0 (puzzle files write it) can only mean the first move: fen_warning() says so.
        pos.fullmove = std::uint16_t(number == 0 ? 1 : number);
    }

    // Position rules per variant.
    const int white_kings = popcount(pos.pieces(WHITE, KING));
    const int black_kings = popcount(pos.pieces(BLACK, KING));
    if (v == Variant::Horde) {
        if (white_kings)
            return fail(F::Position, C::KingCount, "position: White has a king, but the Horde has none");
    } else if (white_kings != 1) {
        return fail(F::Position, C::KingCount, fmt::format("position: White has {} kings, expected 1", white_kings));
    }
    if (black_kings != 1)
        return fail(F::Position, C::KingCount, fmt::format("position: Black has {} kings, expected 1", black_kings));

    // Horde White pawns may stand on rank 1; no pawn stands on its promotion rank.
    const Bitboard white_bad = rank_bb(7) | (v == Variant::Horde ? 0 : rank_bb(0));
    const Bitboard black_bad = rank_bb(0) | rank_bb(7);
    if (Bitboard b = pos.pieces(WHITE, PAWN) & white_bad)
        return fail(F::Position, C::PawnOnBadRank,
                    fmt::format("position: White pawn on {}", square_name(lsb(b))));
    if (Bitboard b = pos.pieces(BLACK, PAWN) & black_bad)
        return fail(F::Position, C::PawnOnBadRank,
                    fmt::format("position: Black pawn on {}", square_name(lsb(b))));

    // The side not to move must not be in check.
    const Color waiting = ~pos.side;
    if (Bitboard k = pos.pieces(waiting, KING)) {
        const Bitboard attackers = with_variant(v, [&]<Variant V>() {
            return pos.template attackers_to<V>(lsb(k), pos.pieces(), pos.side);
        });
        if (attackers)
            return fail(F::Position, C::OppositeCheck,
                        fmt::format("position: {} is in check but it is {}'s move",
                                    waiting == WHITE ? "White" : "Black", pos.side == WHITE ? "White" : "Black"));
    }
    Board board(v, pos);
    if (popcount(board.checkers()) > 2)
        return fail(F::Position, C::TooManyCheckers,
                    fmt::format("position: {} is checked by {} pieces", pos.side == WHITE ? "White" : "Black",
                                popcount(board.checkers())));
    return board;
}

} // namespace horde
