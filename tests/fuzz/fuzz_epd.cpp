// fuzz-epd: perft suite lines ("FEN ;D1 n ;D2 n ..."), as horde-perft --epd reads them. Each
// line is parsed; the FEN of an entry without error is read in each variant and counted with a
// tiny node budget (deeper only while the tree stays small), where perft and the sum of the
// divide must agree.
#include "fuzz_support.hpp"

#include "horde/perft/perft.hpp"
#include "horde/perft/suite.hpp"

#include <fmt/format.h>

using namespace horde;

namespace {
constexpr std::uint64_t kNodeBudget = 1000;
constexpr int kMaxLines = 16;
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view rest = fuzz::as_text(data, size);
    for (int n = 0; n < kMaxLines && !rest.empty(); ++n) {
        const std::string_view line = fuzz::first_line(rest, rest);
        const auto entry = perft::parse_perft_suite_line(line);
        if (!entry) continue;
        if (!entry->error.empty()) continue; // a malformed line: reported, never counted
        FUZZ_CHECK(entry->fen.find(';') == std::string::npos, "an entry's FEN holds a ';': " + entry->fen);
        int max_depth = 0;
        for (const auto& [depth, count] : entry->expected) {
            FUZZ_CHECK(depth >= 0, fmt::format("negative depth {} accepted", depth));
            max_depth = std::max(max_depth, depth);
        }
        for (Variant v : fuzz::ALL_VARIANTS) {
            auto parsed = position::Board::from_fen(v, entry->fen);
            auto* board = std::get_if<position::Board>(&parsed);
            if (!board) continue;
            std::uint64_t nodes = 1;
            for (int depth = 1; depth <= std::min(max_depth, 3) && nodes <= kNodeBudget; ++depth) {
                nodes = perft::perft(v, board->position(), depth);
                std::uint64_t divided = 0;
                for (const auto& [move, count] : perft::perft_divide(v, board->position(), depth)) divided += count;
                FUZZ_CHECK(divided == nodes, fmt::format("{} {}: divide {} against perft {} at depth {}", variant_name(v),
                                                         entry->fen, divided, nodes, depth));
            }
        }
    }
    return 0;
}
