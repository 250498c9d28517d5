// Perft suite lines: "FEN ;D1 n ;D2 n ..." (the format of testdata/perft/*.epd). A depth's
// field may go on with expected breakdown counts, "name=value" separated by spaces, the names
// of breakdown_columns (perft/breakdown.hpp): ";D3 8902 captures=34 checks=12 checkmates=0".
// --breakdown checks the columns given; plain perft checks the node count only.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace horde::perft {

struct PerftSuiteEntry {
    std::string fen;
    std::vector<std::pair<int, std::uint64_t>> expected; // (depth, count)
    // Per entry of `expected`, the breakdown counts given after the node count (column, count).
    std::vector<std::vector<std::pair<std::string, std::uint64_t>>> expected_breakdowns;
    std::string error; // non-empty when the line is malformed
};

// nullopt for blank lines and '#' comments.
std::optional<PerftSuiteEntry> parse_perft_suite_line(std::string_view line);

struct PerftSuiteSummary {
    std::uint64_t checked = 0, mismatches = 0, skipped = 0, errors = 0, nodes = 0;
};

} // namespace horde::perft
