// horde-perft --breakdown: the table of move classes at the leaves, as text or JSON fields.
#pragma once

#include "horde/perft/breakdown.hpp"

#include <string>
#include <string_view>

namespace horde::tools {

// Two aligned lines: the column names of the variant, then the counts.
std::string breakdown_table(Variant v, const PerftBreakdown& counts);

// The breakdown as one NDJSON object: fen, variant, depth, every column, seconds, nps.
std::string breakdown_json(std::string_view fen, Variant v, int depth, const PerftBreakdown& counts, double seconds);

} // namespace horde::tools
