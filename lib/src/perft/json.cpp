#include "horde/perft/json.hpp"

#include "horde/out/json.hpp"

namespace horde::perft {

std::string perft_breakdown_to_json(const PerftResultRecord& r, const PerftBreakdown& counts) {
    const double nps = r.seconds > 0 ? double(counts.nodes) / r.seconds : 0.0;
    std::string text;
    out::JsonObject json(text);
    json.string("fen", r.fen).string("variant", variant_name(r.variant)).number("depth", r.depth);
    for (const BreakdownColumn& column : breakdown_columns(r.variant)) json.number(column.name, counts.*column.field);
    json.fixed("seconds", r.seconds, 6).fixed("nps", nps, 0).end();
    return text;
}

std::string perft_result_to_json(const PerftResultRecord& r) {
    const double nps = r.seconds > 0 ? double(r.nodes) / r.seconds : 0.0;
    std::string text;
    out::JsonObject(text)
        .string("fen", r.fen)
        .string("variant", variant_name(r.variant))
        .number("depth", r.depth)
        .number("nodes", r.nodes)
        .fixed("seconds", r.seconds, 6)
        .fixed("nps", nps, 0)
        .end();
    return text;
}

} // namespace horde::perft
