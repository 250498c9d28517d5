#include "breakdown_output.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace horde::tools {

std::string breakdown_table(Variant v, const perft::PerftBreakdown& counts) {
    std::string names, values;
    for (const perft::BreakdownColumn& column : perft::breakdown_columns(v)) {
        const std::string value = fmt::format("{}", counts.*column.field);
        const std::size_t width = std::max(column.name.size(), value.size());
        if (!names.empty()) {
            names += "  ";
            values += "  ";
        }
        names += fmt::format("{:>{}}", column.name, width);
        values += fmt::format("{:>{}}", value, width);
    }
    return names + "\n" + values + "\n";
}

} // namespace horde::tools
