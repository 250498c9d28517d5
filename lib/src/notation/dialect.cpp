#include "horde/notation/dialect.hpp"

#include <fmt/format.h>

#include <string>

namespace horde::notation {

namespace {

char upper(char c) { return c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c; }
char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

// Lower-case letters that can only be piece letters: not files (b; Orda's h and a).
bool is_lowercase_piece_letter(char c, Variant v) {
    if (c == 'k' || c == 'q' || c == 'r' || c == 'n') return true;
    return v == Variant::Orda && (c == 'l' || c == 'y');
}

std::string_view color_name(Color c) { return c == WHITE ? "White" : "Black"; }

std::string_view piece_word(PieceType pt) {
    constexpr std::string_view names[] = {"piece", "pawn",   "knight",       "bishop",  "rook", "queen",
                                          "king",  "lancer", "horse archer", "kheshig", "yurt"};
    return names[pt];
}

// [Piece] square [-x:] square [[=]promotion], the suffix already removed.
struct LongMove {
    char piece = 0; // as written (upper case), 0 when none
    Square from = SQ_NONE, to = SQ_NONE;
    char separator = 0; // '-', 'x', ':' or 0
    char promotion = 0; // as written (either case), 0 when none
    bool equals = false;
};

std::optional<LongMove> parse_long(std::string_view t) {
    LongMove m;
    std::size_t i = 0;
    if (!t.empty() && t[0] >= 'A' && t[0] <= 'Z') m.piece = t[i++];
    auto square = [&](Square& s) {
        if (i + 2 > t.size() || !is_file_char(t[i]) || !is_rank_char(t[i + 1])) return false;
        s = make_square(t[i] - 'a', t[i + 1] - '1');
        i += 2;
        return true;
    };
    if (!square(m.from)) return std::nullopt;
    if (i < t.size() && (t[i] == '-' || t[i] == 'x' || t[i] == ':')) m.separator = t[i++];
    if (!square(m.to)) return std::nullopt;
    if (i < t.size() && t[i] == '=') {
        m.equals = true;
        ++i;
    }
    if (i < t.size() && ((t[i] >= 'A' && t[i] <= 'Z') || (t[i] >= 'a' && t[i] <= 'z'))) m.promotion = t[i++];
    if (m.equals && !m.promotion) return std::nullopt;
    if (i != t.size()) return std::nullopt;
    return m;
}

SanError illegal(std::string message) { return {SanErrorCode::Illegal, std::move(message)}; }

std::variant<DialectMove, SanError> read_long(const position::Board& board, std::string_view token, const LongMove& lm,
                                              DialectMove out) {
    const position::Position& pos = board.position();
    const Color us = pos.side;
    const Piece mover = pos.piece_on(lm.from);
    const std::string from_name = position::square_name(lm.from), to_name = position::square_name(lm.to);
    if (mover == NO_PIECE || color_of(mover) != us)
        return illegal(
            fmt::format("'{}' reads as a move from {}, but no {} piece stands there", token, from_name, color_name(us)));
    const PieceType pt = type_of(mover);
    if (lm.piece && lm.piece != 'P' && piece_type_from_letter(lm.piece) != pt)
        return illegal(fmt::format("'{}' names a '{}' but the piece on {} is a {} {}", token, lm.piece, from_name, color_name(us),
                                   piece_word(pt)));
    if (lm.piece == 'P' && pt != PAWN)
        return illegal(
            fmt::format("'{}' names a pawn but the piece on {} is a {} {}", token, from_name, color_name(us), piece_word(pt)));
    if (lm.promotion && pt != PAWN)
        return illegal(fmt::format("'{}': only pawns promote, and the piece on {} is a {}", token, from_name, piece_word(pt)));
    const bool last_rank = rank_of(lm.to) == (us == WHITE ? 7 : 0);
    if (pt == PAWN && last_rank && !lm.promotion)
        return illegal(fmt::format("'{}': a pawn reaching {} must promote and the piece is not named "
                                   "(reading a queen would be a guess)",
                                   token, to_name));
    std::string uci = from_name + to_name;
    if (lm.promotion) uci += lower(lm.promotion);
    const Move m = board.parse_uci(uci);
    if (m.is_none()) {
        // The SAN machinery says why: the same move with a full origin.
        SanMove san;
        san.piece = pt == PAWN ? 0 : piece_type_letter(pt);
        san.from_file = file_of(lm.from);
        san.from_rank = pt == PAWN ? -1 : rank_of(lm.from);
        san.to = lm.to;
        san.promotion = lm.promotion ? upper(lm.promotion) : 0;
        auto resolved = resolve_san_move(board, san);
        if (auto* e = std::get_if<SanError>(&resolved))
            return SanError{e->code, fmt::format("'{}' (from {} to {}): {}", token, from_name, to_name, e->message), e->strict};
        return illegal(fmt::format("'{}': no legal move from {} to {}", token, from_name, to_name));
    }
    out.move = m;
    const std::string read_as = to_san(board, m);
    const bool plain_uci = !lm.piece && !lm.separator && !lm.equals && (!lm.promotion || lm.promotion >= 'a');
    if (m.is_castling())
        out.warnings.push_back({SanWarningCode::CastlingAsKingMove,
                                fmt::format("castling written as the king's move '{}': read as {}", token, read_as)});
    else if (plain_uci)
        out.warnings.push_back({SanWarningCode::UciMove, fmt::format("UCI move '{}': read as {}", token, read_as)});
    else
        out.warnings.push_back(
            {SanWarningCode::LongAlgebraic, fmt::format("long algebraic move '{}': read as {}", token, read_as)});
    const bool captures = m.is_en_passant() || (!m.is_castling() && pos.piece_on(m.to()) != NO_PIECE);
    if ((lm.separator == 'x' || lm.separator == ':') && !captures)
        out.warnings.push_back({SanWarningCode::SpuriousCapture, "'x' on a move that captures nothing"});
    return out;
}

} // namespace

bool is_null_move_token(std::string_view t) { return t == "--" || t == "Z0" || t == "0000" || t == "@@@@"; }

bool is_en_passant_mark(std::string_view t) { return t == "e.p." || t == "ep" || t == "e.p" || t == "ep."; }

std::optional<std::variant<DialectMove, SanError>> read_dialect_move(const position::Board& board, std::string_view token) {
    DialectMove out;
    std::string_view t = token;
    using S = SanMove::Suffix;
    if (t.size() >= 2 && t.substr(t.size() - 2) == "++") {
        out.san.suffix = S::Mate;
        out.san.double_plus = true;
        t.remove_suffix(2);
    } else if (!t.empty() && (t.back() == '+' || t.back() == '#')) {
        out.san.suffix = t.back() == '#' ? S::Mate : S::Check;
        t.remove_suffix(1);
    }
    if (t.size() < 2) return std::nullopt;
    // "e8(Q)": promotion in parentheses. An error: it reads like a move and a variation "(Q)".
    if (t.size() >= 5 && t[t.size() - 3] == '(' && t.back() == ')' && is_rank_char(t[t.size() - 4]))
        return SanError{SanErrorCode::Syntax,
                        fmt::format("'{}': a promotion written in parentheses is not read (SAN writes {}={})", token,
                                    t.substr(0, t.size() - 3), upper(t[t.size() - 2]))};

    if (t == "o-o" || t == "o-o-o") {
        SanMove castle;
        castle.kind = t.size() == 3 ? SanMove::Kind::CastleShort : SanMove::Kind::CastleLong;
        auto resolved = resolve_san_move(board, castle);
        if (auto* e = std::get_if<SanError>(&resolved)) return *e;
        out.move = std::get<SanResolution>(resolved).move;
        out.warnings.push_back({SanWarningCode::LowercaseCastling,
                                fmt::format("castling written '{}': read as {}", t, t.size() == 3 ? "O-O" : "O-O-O")});
        return out;
    }

    std::string fixed(t);
    if (is_lowercase_piece_letter(t[0], board.variant())) {
        fixed[0] = upper(t[0]);
        out.warnings.push_back({SanWarningCode::LowercasePiece,
                                fmt::format("lower-case piece letter '{}' in '{}': read as '{}'", t[0], token, fixed[0])});
    }
    if (auto lm = parse_long(fixed)) return read_long(board, token, *lm, std::move(out));
    // A lower-case promotion piece, "e8=q" or "exd8q": nothing but a promotion follows a
    // destination's rank, so even 'b' is the bishop there.
    if (const std::size_t n = fixed.size();
        n >= 3 && fixed.back() >= 'a' && fixed.back() <= 'z' &&
        (is_rank_char(fixed[n - 2]) || (n >= 4 && fixed[n - 2] == '=' && is_rank_char(fixed[n - 3])))) {
        fixed.back() = upper(fixed.back());
        out.warnings.push_back(
            {SanWarningCode::LowercasePiece,
             fmt::format("lower-case promotion piece '{}' in '{}': read as '{}'", t.back(), token, fixed.back())});
    }
    if (out.warnings.empty()) return std::nullopt; // nothing but SAN left, and SAN failed
    // A lower-case piece letter on otherwise plain SAN.
    auto syntax = parse_san(fixed);
    if (std::holds_alternative<SanError>(syntax)) return std::nullopt;
    SanMove san = std::get<SanMove>(syntax);
    san.suffix = out.san.suffix;
    san.double_plus = out.san.double_plus;
    auto resolved = resolve_san_move(board, san);
    if (auto* e = std::get_if<SanError>(&resolved))
        return SanError{e->code, fmt::format("'{}' read as '{}': {}", token, fixed, e->message)};
    auto& r = std::get<SanResolution>(resolved);
    out.move = r.move;
    out.san = san;
    out.warnings.front().message = fmt::format(
        "lower-case {} in '{}': read as {}", fixed[0] != t[0] ? "piece letter" : "promotion piece", token, to_san(board, r.move));
    for (auto& w : r.warnings) out.warnings.push_back(std::move(w));
    return out;
}

std::optional<position::Board> null_move_board(const position::Board& board) {
    if (board.in_check()) return std::nullopt;
    const position::Position& pos = board.position();
    // placement and castling as the board's; side, en passant and counters rewritten
    const bool next_move = pos.side == BLACK;
    if (pos.halfmove == 65535 || (next_move && pos.fullmove == 65535)) return std::nullopt; // past a FEN counter
    position::Setup next = board.setup();
    next.side = ~pos.side;
    next.ep = SQ_NONE;
    next.halfmove = std::uint16_t(pos.halfmove + 1);
    next.fullmove = std::uint16_t(pos.fullmove + (next_move ? 1 : 0));
    auto parsed = position::Board::from_setup(board.variant(), next);
    if (auto* b = std::get_if<position::Board>(&parsed)) return *b;
    return std::nullopt;
}

} // namespace horde::notation
