#include "breakdown_output.hpp"

#include "horde/game/checker.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace horde::tools {

std::string breakdown_table(Variant v, const PerftBreakdown& counts) {
    std::string names, values;
    for (const BreakdownColumn& column : breakdown_columns(v)) {
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

std::string breakdown_json(std::string_view fen, Variant v, int depth, const PerftBreakdown& counts, double seconds) {
    std::string out = fmt::format("{{\"fen\":\"{}\",\"variant\":\"{}\",\"depth\":{}", json_escape(fen), variant_name(v), depth);
    for (const BreakdownColumn& column : breakdown_columns(v)) out += fmt::format(",\"{}\":{}", column.name, counts.*column.field);
    out += fmt::format(",\"seconds\":{:.6f},\"nps\":{:.0f}}}", seconds, seconds > 0 ? double(counts.nodes) / seconds : 0.0);
    return out;
}

} // namespace horde::tools
