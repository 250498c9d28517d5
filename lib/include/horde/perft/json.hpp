// horde-perft's NDJSON records, on the JSON writer of out/ (its keys here, its escaping there).
#pragma once

#include "horde/core/types.hpp"
#include "horde/perft/breakdown.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace horde::perft {

// horde-perft --json: one count (no trailing newline); nps is nodes / seconds (0 for no time).
struct PerftResultRecord {
    std::string_view fen;
    Variant variant = Variant::Horde;
    int depth = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
};
std::string perft_result_to_json(const PerftResultRecord& result);
// horde-perft --breakdown --json: the same fields, the variant's breakdown columns after
// "nodes" (result.nodes is not used: the breakdown's own is written).
std::string perft_breakdown_to_json(const PerftResultRecord& result, const PerftBreakdown& counts);

} // namespace horde::perft
