// horde-perft --breakdown: the table of move classes at the leaves (JSON: report/json.hpp).
#pragma once

#include "horde/perft/breakdown.hpp"

#include <string>

namespace horde::tools {

// Two aligned lines: the column names of the variant, then the counts.
std::string breakdown_table(Variant v, const perft::PerftBreakdown& counts);

} // namespace horde::tools
