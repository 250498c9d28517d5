// fuzz-fen: the input's first line as a FEN of each variant (and as a horde-check --fen line).
// A valid FEN must write out and read back to the same position, with and without counters,
// and every legal move must print as UCI and parse back to itself.
#include "fuzz_support.hpp"

#include "horde/game/fen_check.hpp"
#include "horde/report/json.hpp"

#include <fmt/format.h>

using namespace horde;

namespace {

void check_round_trip(Variant variant, const position::Board& board) {
    const std::string fen = board.fen();
    auto again = position::Board::from_fen(variant, fen);
    FUZZ_CHECK(std::holds_alternative<position::Board>(again), fmt::format("{}: own FEN '{}' rejected: {}", variant_name(variant),
                                                                           fen, std::get<position::FenError>(again).message));
    const position::Board& reread = std::get<position::Board>(again);
    FUZZ_CHECK(fuzz::same_position(board, reread),
               fmt::format("{}: '{}' reads back as another position", variant_name(variant), fen));
    FUZZ_CHECK(reread.fen() == fen, fmt::format("{}: '{}' reads back as '{}'", variant_name(variant), fen, reread.fen()));

    // The 4-field form (EPD) reads back with counters 0 1.
    const std::string short_fen = board.fen(false);
    auto short_again = position::Board::from_fen(variant, short_fen);
    FUZZ_CHECK(std::holds_alternative<position::Board>(short_again),
               fmt::format("{}: own 4-field FEN '{}' rejected", variant_name(variant), short_fen));
    FUZZ_CHECK(std::get<position::Board>(short_again).fen(false) == short_fen,
               fmt::format("{}: '{}' changes on reading", variant_name(variant), short_fen));

    const position::MoveList moves = board.legal_moves();
    for (Move m : moves) {
        const std::string uci = board.uci(m);
        FUZZ_CHECK(board.parse_uci(uci) == m,
                   fmt::format("{} in {}: UCI '{}' does not parse back", variant_name(variant), fen, uci));
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view rest;
    const std::string_view line = fuzz::first_line(fuzz::as_text(data, size), rest);
    for (Variant variant : fuzz::ALL_VARIANTS) {
        auto parsed = position::Board::from_fen(variant, line);
        if (auto* board = std::get_if<position::Board>(&parsed)) {
            check_round_trip(variant, *board);
        } else {
            const position::FenError& error = std::get<position::FenError>(parsed);
            FUZZ_CHECK(!error.message.empty() && !error.code_name().empty() && !error.field_name().empty(),
                       "a FEN error without message, code or field");
        }
        // The horde-check --fen path: same verdict, and a JSON record that parses.
        const game::FenVerdict verdict = game::check_fen_line(line, variant);
        const std::string json = report::fen_verdict_to_json(verdict, 1);
        FUZZ_CHECK(fuzz::JsonValidator::valid(json), "invalid JSON from fen_verdict_to_json: " + json);
        if (verdict.valid && verdict.board) {
            FUZZ_CHECK(verdict.variant.has_value(), "a valid verdict without variant");
            check_round_trip(*verdict.variant, *verdict.board);
        }
    }
    return 0;
}
