// fuzz-san: a FEN line, then a SAN line. The SAN is parsed and resolved in each variant the
// FEN is valid for (the start positions when it is valid for none). When it resolves, the
// move's own SAN must resolve, strictly and without warnings, to the same move; the strict
// resolution and the exact-SAN fast path must agree with it. Every
// legal move's SAN must round-trip too.
#include "fuzz_support.hpp"

#include "horde/notation/san.hpp"

#include <fmt/format.h>

using namespace horde;

namespace {

const notation::SanResolution* resolution(const std::variant<notation::SanResolution, notation::SanError>& r) {
    return std::get_if<notation::SanResolution>(&r);
}

// to_san of a legal move reads back, strictly and without warnings, as the move.
void check_own_san(const position::Board& board, Move m) {
    const std::string san = notation::to_san(board, m);
    auto parsed = notation::parse_san(san);
    FUZZ_CHECK(std::holds_alternative<notation::SanMove>(parsed),
               fmt::format("{}: own SAN '{}' does not parse", board.fen(), san));
    auto resolved = notation::resolve_san(board, std::get<notation::SanMove>(parsed), true);
    const notation::SanResolution* r = resolution(resolved);
    FUZZ_CHECK(r != nullptr, fmt::format("{}: own SAN '{}' does not resolve strictly: {}", board.fen(), san,
                                         r ? "" : std::get<notation::SanError>(resolved).message));
    FUZZ_CHECK(r->move == m,
               fmt::format("{}: own SAN '{}' names {} instead of {}", board.fen(), san, board.uci(r->move), board.uci(m)));
    FUZZ_CHECK(r->warnings.empty(), fmt::format("{}: own SAN '{}' draws a warning: {}", board.fen(), san,
                                                r->warnings.empty() ? "" : r->warnings.front().message));
}

void check_token(const position::Board& board, std::string_view token) {
    auto parsed = notation::parse_san(token);
    notation::SanMove exact;
    const bool exact_parses = notation::parse_san_exact(token, exact);
    if (!std::holds_alternative<notation::SanMove>(parsed)) {
        FUZZ_CHECK(!exact_parses, fmt::format("'{}': the exact parser accepts what parse_san rejects", token));
        return;
    }
    const notation::SanMove& san = std::get<notation::SanMove>(parsed);
    auto loose = notation::resolve_san(board, san, false);
    auto strict = notation::resolve_san(board, san, true);
    const notation::SanResolution* lr = resolution(loose);
    const notation::SanResolution* sr = resolution(strict);
    if (sr) {
        FUZZ_CHECK(lr && lr->move == sr->move,
                   fmt::format("{} '{}': strict resolves, default does not agree", board.fen(), token));
        FUZZ_CHECK(sr->warnings.empty(), fmt::format("{} '{}': strict resolution with warnings", board.fen(), token));
    }

    // The fast path names the same move when it names one.
    if (exact_parses) {
        const Move fast = notation::resolve_san_exact(board, exact);
        if (!fast.is_none())
            FUZZ_CHECK(lr && lr->move == fast, fmt::format("{} '{}': the exact path names {}, resolve_san {}", board.fen(), token,
                                                           board.uci(fast), lr ? board.uci(lr->move) : "nothing"));
    }

    if (lr) {
        FUZZ_CHECK(board.is_legal(lr->move), fmt::format("{} '{}': resolves to an illegal move", board.fen(), token));
        check_own_san(board, lr->move);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view rest;
    const std::string_view fen = fuzz::first_line(fuzz::as_text(data, size), rest);
    std::string_view after_token;
    const std::string_view token = fuzz::first_line(rest, after_token);
    std::vector<position::Board> boards;
    for (Variant v : fuzz::ALL_VARIANTS)
        if (auto parsed = position::Board::from_fen(v, fen); auto* b = std::get_if<position::Board>(&parsed))
            boards.push_back(*b);
    if (boards.empty())
        for (Variant v : fuzz::ALL_VARIANTS) boards.emplace_back(v);
    for (const position::Board& board : boards) {
        check_token(board, token);
        const position::MoveList moves = board.legal_moves();
        // Every legal move (at most a few hundred: resolution generates moves itself).
        for (std::size_t i = 0; i < moves.size() && i < 256; ++i) check_own_san(board, moves[i]);
    }
    return 0;
}
