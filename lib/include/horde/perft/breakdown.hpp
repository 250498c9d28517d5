// Perft with a breakdown of the leaves by move class: the table engine authors compare
// (captures, en passant, castles, promotions, checks, discovered and double checks,
// checkmates), plus Horde's extinctions and Orda's campmates.
#pragma once

#include "horde/perft/perft.hpp"

#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

namespace horde::perft {

// Counts over the leaves of depth N, each leaf classified by the move that reaches it.
// A check is double when two pieces give it, discovered when one piece gives it and that is
// not the piece that moved (castling: the rook is the moved piece; en passant: the capturing
// pawn). So a double check is not also a discovered check, as the published tables count. Extinction (Horde: the
// move captures White's last unit) and campmate (Orda: a king reaches the far back rank) end
// the game at once, so they are never checkmates, even when they give check.
struct PerftBreakdown {
    std::uint64_t nodes = 0;
    std::uint64_t captures = 0; // en passant included
    std::uint64_t en_passant = 0;
    std::uint64_t castles = 0;
    std::uint64_t promotions = 0;
    std::uint64_t checks = 0;
    std::uint64_t discovered_checks = 0;
    std::uint64_t double_checks = 0;
    std::uint64_t checkmates = 0;
    std::uint64_t extinctions = 0;
    std::uint64_t campmates = 0;

    PerftBreakdown& operator+=(const PerftBreakdown& other);
    bool operator==(const PerftBreakdown&) const = default;
};

// A column of the table: its name (also the JSON key and the EPD key) and its field.
struct BreakdownColumn {
    std::string_view name;
    std::uint64_t PerftBreakdown::*field;
};
// The columns that apply to a variant, "nodes" first; extinctions only for Horde, campmates
// only for Orda.
std::span<const BreakdownColumn> breakdown_columns(Variant v);
// A column of any variant by name (for EPD expectations), or nullptr.
const BreakdownColumn* find_breakdown_column(std::string_view name);

// The breakdown of depth `depth` (depth 0: one node, no move). Threads and progress as for
// perft(); options.hash is not used (the table stores counts, not breakdowns).
PerftBreakdown perft_breakdown(Variant v, const position::Position& pos, int depth, const PerftOptions& options = {});

// The breakdown below each legal root move, in generation order.
std::vector<std::pair<Move, PerftBreakdown>> perft_breakdown_divide(Variant v, const position::Position& pos, int depth,
                                                                    const PerftOptions& options = {});

} // namespace horde::perft
