#include "horde/notation/san.hpp"
#include "horde/notation/san_exact.hpp"

#include <fmt/format.h>

namespace horde::notation {

using namespace san_detail;

DiagnosticCode diagnostic_code(SanErrorCode code) {
    switch (code) {
    case SanErrorCode::Syntax: return DiagnosticCode::SanSyntax;
    case SanErrorCode::UnknownPiece: return DiagnosticCode::UnknownPiece;
    case SanErrorCode::Illegal: return DiagnosticCode::IllegalMove;
    case SanErrorCode::Ambiguous: return DiagnosticCode::AmbiguousMove;
    }
    return DiagnosticCode::SanSyntax;
}

std::string_view san_error_code_name(SanErrorCode code) { return diagnostic_name(diagnostic_code(code)); }

DiagnosticCode diagnostic_code(SanWarningCode code) {
    switch (code) {
    case SanWarningCode::ZeroCastling: return DiagnosticCode::ZeroCastling;
    case SanWarningCode::MissingCheckSuffix: return DiagnosticCode::MissingCheckSuffix;
    case SanWarningCode::WrongCheckSuffix: return DiagnosticCode::WrongCheckSuffix;
    case SanWarningCode::PromotionWithoutEquals: return DiagnosticCode::PromotionWithoutEquals;
    case SanWarningCode::MissingCapture: return DiagnosticCode::MissingCaptureMark;
    case SanWarningCode::SpuriousCapture: return DiagnosticCode::SpuriousCaptureMark;
    case SanWarningCode::NeedlessDisambiguation: return DiagnosticCode::NeedlessDisambiguation;
    case SanWarningCode::PawnLetter: return DiagnosticCode::PawnLetter;
    case SanWarningCode::DoublePlusMate: return DiagnosticCode::DoublePlusMate;
    case SanWarningCode::LongAlgebraic: return DiagnosticCode::LongAlgebraic;
    case SanWarningCode::UciMove: return DiagnosticCode::UciMove;
    case SanWarningCode::CastlingAsKingMove: return DiagnosticCode::CastlingAsKingMove;
    case SanWarningCode::LowercaseCastling: return DiagnosticCode::LowercaseCastling;
    case SanWarningCode::LowercasePiece: return DiagnosticCode::LowercasePiece;
    case SanWarningCode::EnPassantMark: return DiagnosticCode::EnPassantMark;
    }
    return DiagnosticCode::ZeroCastling;
}

std::string_view san_warning_code_name(SanWarningCode code) { return diagnostic_name(diagnostic_code(code)); }

namespace {

bool is_piece_letter(char c) { return piece_type_from_letter(c) != NO_PIECE_TYPE && c != 'P'; }

SanError syntax_error(std::string_view token, std::string_view why) {
    return {SanErrorCode::Syntax, fmt::format("'{}' is not SAN: {}", token, why)};
}

std::string_view color_name(Color c) { return c == WHITE ? "White" : "Black"; }

std::string_view piece_word(PieceType pt) {
    constexpr std::string_view names[] = {"piece", "pawn",   "knight",       "bishop",  "rook", "queen",
                                          "king",  "lancer", "horse archer", "kheshig", "yurt"};
    return names[pt];
}

// Which piece letters a side may move in a variant (pawns aside).
bool side_has_piece_type(Variant v, Color c, PieceType pt) {
    if (v != Variant::Orda) return pt >= KNIGHT && pt <= KING;
    if (c == WHITE) return (pt >= KNIGHT && pt <= KING) || pt == KHESHIG;
    return pt == KING || pt == QUEEN || pt == LANCER || pt == ARCHER || pt == KHESHIG || pt == YURT;
}

} // namespace

std::variant<SanMove, SanError> parse_san(std::string_view token) {
    SanMove san;
    std::string_view t = token;
    // Annotation glyphs and check marks at the end.
    while (!t.empty() && (t.back() == '!' || t.back() == '?')) t.remove_suffix(1);
    if (!t.empty() && t.back() == '#') {
        san.suffix = SanMove::Suffix::Mate;
        t.remove_suffix(1);
    } else if (!t.empty() && t.back() == '+') {
        san.suffix = SanMove::Suffix::Check;
        t.remove_suffix(1);
        if (!t.empty() && t.back() == '+') { // "++" is an old mate spelling
            t.remove_suffix(1);
            san.suffix = SanMove::Suffix::Mate;
            san.double_plus = true;
        }
    }
    if (t.empty()) return syntax_error(token, "empty move");

    if (t == "O-O" || t == "0-0") {
        san.kind = SanMove::Kind::CastleShort;
        san.zero_castling = t[0] == '0';
        return san;
    }
    if (t == "O-O-O" || t == "0-0-0") {
        san.kind = SanMove::Kind::CastleLong;
        san.zero_castling = t[0] == '0';
        return san;
    }

    std::size_t i = 0;
    if (t[0] >= 'A' && t[0] <= 'Z') {
        if (!is_piece_letter(t[0]) && t[0] != 'P') {
            if (t[0] == 'O') return syntax_error(token, "castling is O-O or O-O-O");
            // Any other capital letter is a piece letter no variant of ours has.
            san.piece = t[0];
            ++i;
        } else {
            san.piece = t[0] == 'P' ? 0 : t[0];
            san.pawn_letter = t[0] == 'P';
            ++i;
        }
    }
    // The remainder: [file][rank][x]file rank [=P]
    std::string_view rest = t.substr(i);
    // Promotion at the end.
    if (!rest.empty() && rest.back() >= 'A' && rest.back() <= 'Z') {
        san.promotion = rest.back();
        rest.remove_suffix(1);
        if (!rest.empty() && rest.back() == '=') rest.remove_suffix(1);
        else san.promotion_without_equals = true;
        if (rest.size() < 2) return syntax_error(token, "promotion without a destination square");
    } else if (!rest.empty() && rest.back() == '=') {
        return syntax_error(token, "'=' without a promotion piece");
    }
    if (rest.size() < 2 || !is_file_char(rest[rest.size() - 2]) || !is_rank_char(rest.back()))
        return syntax_error(token, "no destination square");
    san.to = make_square(rest[rest.size() - 2] - 'a', rest.back() - '1');
    rest.remove_suffix(2);
    if (!rest.empty() && (rest.back() == 'x' || rest.back() == ':')) {
        san.capture = true;
        rest.remove_suffix(1);
    }
    if (rest.size() > 2) return syntax_error(token, "unexpected characters");
    for (char c : rest) {
        if (is_file_char(c) && san.from_file < 0 && san.from_rank < 0) san.from_file = c - 'a';
        else if (is_rank_char(c) && san.from_rank < 0) san.from_rank = c - '1';
        else return syntax_error(token, fmt::format("unexpected character '{}'", c));
    }
    if (san.piece == 0 && san.from_rank >= 0) return syntax_error(token, "a pawn move names no origin rank");
    if (san.promotion && san.piece != 0) return syntax_error(token, "only pawns promote");
    return san;
}

namespace {

SanError illegal(std::string_view why) { return {SanErrorCode::Illegal, std::string(why)}; }

// Why no legal move matches a normal (non-castling) SAN: the most specific reason we can give.
SanError explain_no_match(const position::Board& board, const SanMove& san, PieceType pt, Bitboard from_mask) {
    const position::Position& pos = board.position();
    const Color us = pos.side;
    const Variant v = board.variant();
    const Piece on_target = pos.piece_on(san.to);
    const std::string to_name = position::square_name(san.to);
    const std::string_view word = piece_word(pt);
    if (on_target != NO_PIECE && color_of(on_target) == us)
        return illegal(fmt::format("{} is occupied by a {} {}", to_name, color_name(us), piece_word(type_of(on_target))));
    if (board.variant_game_over()) return illegal("the game is already over");

    const bool capture = on_target != NO_PIECE;
    if (pt == PAWN) {
        const int up = us == WHITE ? 8 : -8;
        const bool diagonal = san.from_file >= 0 && san.from_file != file_of(san.to);
        if (diagonal && !capture) {
            const Square from = Square(int(san.to) - up + (san.from_file - file_of(san.to)));
            const bool pawn_there = (san.from_file - file_of(san.to) == 1 || san.from_file - file_of(san.to) == -1) &&
                                    int(san.to) - up >= 0 && int(san.to) - up < 64 && pos.piece_on(from) == make_piece(us, PAWN);
            if (pawn_there)
                return illegal(
                    pos.ep == san.to // the capture is there, but not legal
                        ? fmt::format("the en passant capture on {} would leave the {} king in check", to_name, color_name(us))
                        : fmt::format("no en passant capture on {}", to_name));
            return illegal(fmt::format("no {} pawn can capture on {}", color_name(us), to_name));
        }
        if (!diagonal && capture) return illegal(fmt::format("a pawn cannot move straight onto the occupied square {}", to_name));
        const int last_rank = us == WHITE ? 7 : 0;
        if (rank_of(san.to) == last_rank && !san.promotion)
            return illegal(fmt::format("a pawn reaching {} must promote", to_name));
        if (rank_of(san.to) != last_rank && san.promotion)
            return illegal(fmt::format("a pawn promotes only on the last rank, not on {}", to_name));
        if (!diagonal) {
            // A double step from a rank that has none.
            const int one = int(san.to) - up, two = one - up;
            if (one >= 0 && one < 64 && two >= 0 && two < 64 && pos.piece_on(Square(one)) == NO_PIECE &&
                pos.piece_on(Square(two)) == make_piece(us, PAWN) && !(pos.pieces(us, PAWN) & square_bb(Square(one)))) {
                const int from_rank = rank_of(Square(two)) + 1;
                if (v == Variant::Horde && us == WHITE)
                    return illegal(fmt::format("a Horde pawn double-steps only from rank 1 or 2, not from rank {}", from_rank));
                return illegal(fmt::format("a pawn double-steps only from its second rank, not from rank {}", from_rank));
            }
            if (one >= 0 && one < 64 && pos.piece_on(Square(one)) != NO_PIECE && two >= 0 && two < 64 &&
                pos.piece_on(Square(two)) == make_piece(us, PAWN))
                return illegal(fmt::format("the pawn on {} is blocked by the piece on {}", position::square_name(Square(two)),
                                           position::square_name(Square(one))));
        }
    }
    const Bitboard origins = pattern_origins(pos, pt, us, san.to, capture) & from_mask;
    if (!origins) {
        if (v == Variant::Orda && (pt == LANCER || pt == ARCHER)) {
            const Bitboard other = pattern_origins(pos, pt, us, san.to, !capture) & from_mask;
            if (other)
                return illegal(capture ? fmt::format("a {} captures only like a {}", word, pt == LANCER ? "rook" : "bishop")
                                       : fmt::format("a {} moves without capturing only like a knight", word));
        }
        if (!pos.pieces(us, pt)) return illegal(fmt::format("{} has no {}", color_name(us), word));
        return illegal(fmt::format("no {} {} can reach {}", color_name(us), word, to_name));
    }
    // The pattern fits: the move would leave the king attacked.
    if (board.in_check())
        return illegal(fmt::format("{} {} to {} does not get the king out of check", color_name(us), word, to_name));
    return illegal(fmt::format("{} {} to {} would leave the king in check", color_name(us), word, to_name));
}

SanError explain_castling(const position::Board& board, bool king_side) {
    const position::Position& pos = board.position();
    const Color us = pos.side;
    const Variant v = board.variant();
    const std::string_view name = king_side ? "O-O" : "O-O-O";
    if (v == Variant::Horde && us == WHITE) return illegal("White cannot castle in Horde (it has no king)");
    if (v == Variant::Orda && us == BLACK) return illegal("Black cannot castle in Orda");
    const std::uint8_t right = us == WHITE ? (king_side ? WHITE_OO : WHITE_OOO) : (king_side ? BLACK_OO : BLACK_OOO);
    if (!(pos.castling & right)) return illegal(fmt::format("{}: {} has lost this castling right", name, color_name(us)));
    if (board.in_check()) return illegal(fmt::format("{}: cannot castle out of check", name));
    const Square king = lsb(pos.pieces(us, KING));
    const Square rook = pos.castling_rook[castling_index(CastlingRights(right))];
    const Square king_to = relative_square(us, king_side ? G1 : C1), rook_to = relative_square(us, king_side ? F1 : D1);
    const Bitboard path = between_bb(king, king_to) | square_bb(king_to) | between_bb(rook, rook_to) | square_bb(rook_to);
    if (pos.pieces() & path & ~square_bb(king) & ~square_bb(rook))
        return illegal(fmt::format("{}: the squares between king and rook are not empty", name));
    return illegal(fmt::format("{}: the king would pass through or land on an attacked square", name));
}

bool gives_check_or_mate(const position::Board& after, bool& mate) {
    mate = false;
    if (after.variant_game_over()) {
        mate = true;
        return true;
    }
    if (!after.in_check()) return false;
    mate = !position::has_legal_move(after.variant(), after.position());
    return true;
}

} // namespace

std::variant<SanResolution, SanError> resolve_san(const position::Board& board, const SanMove& san, bool strict) {
    auto resolved = resolve_san_move(board, san, strict);
    if (auto* e = std::get_if<SanError>(&resolved)) return *e;
    auto& out = std::get<SanResolution>(resolved);
    position::Board after = board;
    after.play(out.move);
    if (auto e = check_suffix(after, san, strict, out.warnings)) return *e;
    return out;
}

namespace {
// A warning about how a move is written: an error in strict mode, else kept in `out`.
struct SanWarner {
    bool strict;
    SanResolution& out;
    std::optional<SanError> operator()(SanWarningCode code, std::string msg) const {
        if (strict && strict_makes_error(diagnostic_code(code))) return SanError{SanErrorCode::Syntax, std::move(msg), true};
        out.warnings.push_back({code, std::move(msg)});
        return std::nullopt;
    }
};

std::optional<SanError> resolve_castling(const position::Board& board, const SanMove& san, const SanWarner& warn) {
    const bool king_side = san.kind == SanMove::Kind::CastleShort;
    for (Move m : board.legal_moves())
        if (m.is_castling() && (m.to() > m.from()) == king_side) warn.out.move = m;
    if (warn.out.move.is_none()) return explain_castling(board, king_side);
    if (san.zero_castling)
        return warn(SanWarningCode::ZeroCastling,
                    king_side ? "castling written 0-0, not O-O" : "castling written 0-0-0, not O-O-O");
    return std::nullopt;
}

// The piece type that moves and the one it promotes to (NO_PIECE_TYPE: none), or why the
// letters name no such pieces.
std::variant<std::pair<PieceType, PieceType>, SanError> san_piece_types(const position::Board& board, const SanMove& san) {
    const Variant v = board.variant();
    const Color us = board.position().side;
    PieceType pt = PAWN;
    if (san.piece) {
        pt = piece_type_from_letter(san.piece);
        if (pt == NO_PIECE_TYPE || !side_has_piece_type(v, us, pt))
            return SanError{SanErrorCode::UnknownPiece,
                            fmt::format("{} has no piece '{}' in {}", color_name(us), san.piece, variant_title(v))};
    }
    PieceType promoted = NO_PIECE_TYPE;
    if (san.promotion) {
        promoted = piece_type_from_letter(san.promotion);
        if (promoted == NO_PIECE_TYPE)
            return SanError{SanErrorCode::UnknownPiece,
                            fmt::format("promotion to '{}': no such piece in {}", san.promotion, variant_title(v))};
        if (!promotion_allowed(v, promoted))
            return illegal(
                v == Variant::Orda
                    ? fmt::format("promotion to '{}': pawns promote only to a queen or a kheshig in Orda", san.promotion)
                    : fmt::format("promotion to '{}': pawns promote only to Q, R, B or N", san.promotion));
    }
    return std::pair{pt, promoted};
}

// The warnings on how the resolved move `found` of piece type pt is written.
std::optional<SanError> piece_move_warnings(const position::Board& board, const SanMove& san, PieceType pt, PieceType promoted,
                                            Move found, const SanWarner& warn) {
    const position::Position& pos = board.position();
    const bool captures = found.is_en_passant() || pos.piece_on(found.to()) != NO_PIECE;
    if (captures && !san.capture)
        if (auto e = warn(SanWarningCode::MissingCapture, "capture written without 'x'")) return e;
    if (!captures && san.capture)
        if (auto e = warn(SanWarningCode::SpuriousCapture, "'x' on a move that captures nothing")) return e;
    if (san.promotion_without_equals)
        if (auto e = warn(SanWarningCode::PromotionWithoutEquals, "promotion written without '='")) return e;
    if (san.pawn_letter)
        if (auto e =
                warn(SanWarningCode::PawnLetter, fmt::format("pawn move written with 'P': read as {}", to_san(board, found))))
            return e;
    // An origin file or rank where no other piece of the type could move there (Ngf3 with one
    // knight able to: the others unable, or pinned, as the standard counts legal moves only).
    if (pt != PAWN && (san.from_file >= 0) != (san.from_rank >= 0)) {
        Move others[64];
        const int movers = position::with_variant(
            board.variant(), [&]<Variant V>() { return legal_candidates<V>(pos, pt, san.to, ~Bitboard{0}, promoted, others); });
        if (movers == 1)
            if (auto e = warn(SanWarningCode::NeedlessDisambiguation,
                              fmt::format("origin {} '{}' not needed: one {} can move to {}; read as {}",
                                          san.from_file >= 0 ? "file" : "rank",
                                          san.from_file >= 0 ? char('a' + san.from_file) : char('1' + san.from_rank),
                                          piece_word(pt), position::square_name(san.to), to_san(board, found))))
                return e;
    }
    // Both origin file and rank where neither alone was needed: long algebraic (Ng1xf3).
    if (pt != PAWN && san.from_file >= 0 && san.from_rank >= 0) {
        Move others[64];
        const auto count_from = [&](Bitboard mask) {
            return position::with_variant(
                board.variant(), [&]<Variant V>() { return legal_candidates<V>(pos, pt, san.to, mask, promoted, others); });
        };
        if (count_from(file_bb(san.from_file)) == 1 || count_from(rank_bb(san.from_rank)) == 1)
            return warn(SanWarningCode::LongAlgebraic,
                        fmt::format("move written in long algebraic notation (origin square {}): read as {}",
                                    position::square_name(found.from()), to_san(board, found)));
    }
    return std::nullopt;
}
} // namespace

std::variant<SanResolution, SanError> resolve_san_move(const position::Board& board, const SanMove& san, bool strict) {
    const position::Position& pos = board.position();
    const Color us = pos.side;
    const Variant v = board.variant();
    SanResolution out;
    const SanWarner warn{strict, out};
    if (san.kind != SanMove::Kind::Normal) {
        if (auto e = resolve_castling(board, san, warn)) return *e;
        return out;
    }
    const auto types = san_piece_types(board, san);
    if (const auto* e = std::get_if<SanError>(&types)) return *e;
    // Named copies, not a structured binding: clang 14 cannot capture one in the lambda below.
    const PieceType pt = std::get<0>(types).first;
    const auto promoted = std::get<0>(types).second;
    Bitboard from_mask = ~Bitboard{0};
    if (san.from_file >= 0) from_mask &= file_bb(san.from_file);
    if (san.from_rank >= 0) from_mask &= rank_bb(san.from_rank);
    // A pawn move without a file names a push from the same file.
    if (pt == PAWN && san.from_file < 0) from_mask &= file_bb(file_of(san.to));

    Move matches[64];
    const int count = position::with_variant(
        v, [&]<Variant V>() { return legal_candidates<V>(pos, pt, san.to, from_mask, promoted, matches); });
    if (count == 0) return explain_no_match(board, san, pt, from_mask);
    if (count > 1) {
        std::string candidates;
        for (int i = 0; i < count; ++i) {
            if (!candidates.empty()) candidates += ", ";
            candidates += to_san(board, matches[i]);
        }
        return SanError{SanErrorCode::Ambiguous, fmt::format("{} {} to {} is ambiguous: {}", color_name(us), piece_word(pt),
                                                             position::square_name(san.to), candidates)};
    }
    out.move = matches[0];
    if (auto e = piece_move_warnings(board, san, pt, promoted, out.move, warn)) return *e;
    return out;
}

std::optional<SanError> check_suffix(const position::Board& after, const SanMove& san, bool strict,
                                     std::vector<SanWarning>& warnings) {
    // A variant win may carry '#', '+' or nothing, in strict mode too.
    if (after.variant_game_over()) return std::nullopt;
    using S = SanMove::Suffix;
    const bool check = after.in_check();
    if (!check && san.suffix == S::None) return std::nullopt;
    const bool mate = check && !position::has_legal_move(after.variant(), after.position());
    std::string problem;
    SanWarningCode code = SanWarningCode::WrongCheckSuffix;
    if (san.double_plus && mate) {
        code = SanWarningCode::DoublePlusMate;
        problem = "checkmate written '++': read as '#'";
    } else if (check && san.suffix == S::None) {
        code = SanWarningCode::MissingCheckSuffix;
        problem = mate ? "checkmate written without '#'" : "check written without '+'";
    } else if (!check) {
        problem = fmt::format("'{}' on a move that gives no check", san.double_plus ? "++" : san.suffix == S::Mate ? "#" : "+");
    } else if (mate && san.suffix == S::Check) {
        problem = "checkmate written with '+', not '#'";
    } else if (!mate && san.suffix == S::Mate) {
        problem = san.double_plus ? "'++' (mate) on a check that is not mate" : "'#' on a check that is not mate";
    }
    if (problem.empty()) return std::nullopt;
    if (strict && strict_makes_error(diagnostic_code(code))) return SanError{SanErrorCode::Syntax, std::move(problem), true};
    warnings.push_back({code, std::move(problem)});
    return std::nullopt;
}

bool parse_san_exact(std::string_view token, SanMove& san) { return parse_san_exact_inline(token, san); }

Move resolve_san_exact(const position::Board& board, const SanMove& san) {
    return position::with_variant(board.variant(), [&]<Variant V>() { return resolve_san_exact_as<V>(board.position(), san); });
}

bool suffix_plainly_right(const position::Board& after, SanMove::Suffix suffix) {
    return position::with_variant(after.variant(),
                                  [&]<Variant V>() { return suffix_plainly_right_as<V>(after.position(), suffix); });
}

namespace {

// The origins of the other legal moves of a `pt` (not a pawn) to m's destination: from `legal`,
// the position's legal moves, or when null found from the destination backwards (a whole move
// generation here, with the copy of its list, was a third of a TSV position list's CPU time).
Bitboard other_origins(const position::Board& board, Move m, PieceType pt, const position::MoveList* legal) {
    const position::Position& pos = board.position();
    Bitboard others = 0;
    if (legal) {
        for (Move o : *legal)
            if (o.to() == m.to() && o.from() != m.from() && !o.is_castling() && type_of(pos.piece_on(o.from())) == pt)
                others |= square_bb(o.from());
        return others;
    }
    Move found[64];
    const int n = position::with_variant(
        board.variant(), [&]<Variant V>() { return legal_candidates<V>(pos, pt, m.to(), ~Bitboard{0}, NO_PIECE_TYPE, found); });
    for (int i = 0; i < n; ++i)
        if (found[i].from() != m.from()) others |= square_bb(found[i].from());
    return others;
}

// `legal`: the position's legal moves, found here when null (only a piece move needs them).
std::string san_of(const position::Board& board, Move m, const position::MoveList* legal, const position::Board& after) {
    const position::Position& pos = board.position();
    std::string s;
    if (m.is_castling()) {
        s = m.to() > m.from() ? "O-O" : "O-O-O";
    } else {
        const PieceType pt = type_of(pos.piece_on(m.from()));
        const bool capture = m.is_en_passant() || pos.piece_on(m.to()) != NO_PIECE;
        if (pt == PAWN) {
            if (capture) {
                s += char('a' + file_of(m.from()));
                s += 'x';
            }
            s += position::square_name(m.to());
            if (m.is_promotion()) {
                s += '=';
                s += piece_type_letter(m.promoted());
            }
        } else {
            s += piece_type_letter(pt);
            // Disambiguation: file if it suffices, else rank, else both.
            const Bitboard others = other_origins(board, m, pt, legal);
            if (others) {
                if (!(others & file_bb(file_of(m.from())))) s += char('a' + file_of(m.from()));
                else if (!(others & rank_bb(rank_of(m.from())))) s += char('1' + rank_of(m.from()));
                else s += position::square_name(m.from());
            }
            if (capture) s += 'x';
            s += position::square_name(m.to());
        }
    }
    bool mate = false;
    if (gives_check_or_mate(after, mate)) s += mate ? '#' : '+';
    return s;
}

} // namespace

std::string to_san(const position::Board& board, Move m) {
    position::Board after = board;
    after.play(m);
    return san_of(board, m, nullptr, after);
}

std::string to_san(const position::Board& board, Move m, const position::MoveList& legal, const position::Board& after) {
    return san_of(board, m, &legal, after);
}

std::string to_san(const position::Board& board, Move m, const position::Board& after) {
    return san_of(board, m, nullptr, after);
}

} // namespace horde::notation
