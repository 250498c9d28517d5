#include "horde/position/setup.hpp"

#include "horde/position/board.hpp"

#include <fmt/format.h>

#include <optional>

#include <charconv>

namespace horde::position {

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

constexpr bool is_ascii_letter(char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'); }

// Placement: 8 ranks of 8 squares, each a letter or a run of empty squares.
std::optional<FenError> parse_placement(std::string_view placement, Setup& setup) {
    using F = FenError::Field;
    using C = FenError::Code;
    auto fail = [](F field, C code, std::string msg) { return FenError{field, code, std::move(msg)}; };
    int rank = 7, file = 0, ranks_seen = 1;
    for (std::size_t i = 0; i < placement.size(); ++i) {
        const char ch = placement[i];
        if (ch == '/') {
            if (file != 8)
                return fail(F::Placement, C::BadRankLength,
                            fmt::format("placement field: rank {} describes {} squares, not 8", rank + 1, file));
            if (++ranks_seen > 8) return fail(F::Placement, C::BadRankCount, "placement field: more than 8 ranks");
            --rank;
            file = 0;
        } else if (ch >= '1' && ch <= '8') {
            file += ch - '0';
            if (file > 8)
                return fail(F::Placement, C::BadRankLength,
                            fmt::format("placement field: rank {} describes more than 8 squares", rank + 1));
        } else {
            // ASCII only: the C library's locale-aware calls cost more than the whole parse.
            if (!is_ascii_letter(ch))
                return fail(F::Placement, C::BadPlacementChar, fmt::format("placement field: unexpected character '{}'", ch));
            if (file >= 8)
                return fail(F::Placement, C::BadRankLength,
                            fmt::format("placement field: rank {} describes more than 8 squares", rank + 1));
            setup.placement[make_square(file, rank)] = ch;
            ++file;
        }
    }
    if (ranks_seen != 8)
        return fail(F::Placement, C::BadRankCount, fmt::format("placement field: {} ranks, expected 8", ranks_seen));
    if (file != 8)
        return fail(F::Placement, C::BadRankLength, fmt::format("placement field: rank 1 describes {} squares, not 8", file));
    return std::nullopt;
}

} // namespace

std::variant<Setup, FenError> parse_fen(std::string_view fen) {
    using F = FenError::Field;
    using C = FenError::Code;
    auto fail = [](F field, C code, std::string msg) { return FenError{field, code, std::move(msg)}; };

    const auto fields = split_fields(fen);
    if (fields.size() < 4)
        return fail(F::Position, C::MissingFields,
                    fmt::format("expected at least 4 fields (placement, side, castling, en passant), got {}", fields.size()));
    if (fields.size() > 6)
        return fail(F::Position, C::TrailingFields,
                    fmt::format("expected at most 6 fields, got {} (extra: '{}')", fields.size(), fields[6]));

    Setup setup;
    if (auto error = parse_placement(fields[0], setup)) return *error;
    // Side to move.
    if (fields[1] == "w") setup.side = WHITE;
    else if (fields[1] == "b") setup.side = BLACK;
    else return fail(F::Side, C::BadSide, fmt::format("side to move field: '{}' is not 'w' or 'b'", fields[1]));

    // Castling: '-', or letters naming rights (K, Q, k, q) or rooks' files (A-H, a-h).
    if (fields[2] != "-") {
        for (char ch : fields[2]) {
            if (!is_castling_letter(ch))
                return fail(F::Castling, C::BadCastlingSyntax,
                            fmt::format("castling field: unexpected character '{}' in '{}'", ch, fields[2]));
        }
        setup.castling = fields[2];
    }

    // En passant: a square or '-'.
    if (fields[3] != "-") {
        setup.ep = parse_square(fields[3]);
        if (setup.ep == SQ_NONE)
            return fail(F::EnPassant, C::BadEnPassantSyntax,
                        fmt::format("en passant field: '{}' is not a square or '-'", fields[3]));
    }

    // Counters (optional: EPD-style FENs have none).
    unsigned long number = 0;
    if (fields.size() >= 5) {
        if (!parse_number(fields[4], number) || number > 65535)
            return fail(F::Halfmove, C::BadHalfmove, fmt::format("halfmove clock field: '{}' is not a number", fields[4]));
        setup.halfmove = std::uint16_t(number);
    }
    if (fields.size() >= 6) {
        if (!parse_number(fields[5], number) || number > 65535)
            return fail(F::Fullmove, C::BadFullmove, fmt::format("fullmove number field: '{}' is not a number", fields[5]));
        setup.fullmove = std::uint16_t(number);
    }
    return setup;
}

std::string fen_warning(const Setup& setup) {
    return setup.fullmove == 0 ? "fullmove number field: '0' read as 1" : std::string();
}

std::string fen_warning(std::string_view fen) {
    const auto setup = parse_fen(fen);
    const Setup* read = std::get_if<Setup>(&setup);
    return read ? fen_warning(*read) : std::string();
}

} // namespace horde::position
