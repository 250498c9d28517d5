// Perft split for many machines: the distinct positions after a few plies, each with the
// number of move sequences that reach it, to be counted elsewhere (horde-perft --split D |
// parallel --pipe ... horde-perft --depth N -) and summed. A FEN stream line may end in
// "<TAB>weight": its count is then weight x perft, so the sum over the split positions is the
// perft of the start at D + N, with every transposition counted once, not once per path.
#pragma once

#include "horde/position/board.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace horde::perft {

struct SplitPosition {
    position::Board board;
    std::uint64_t paths = 0; // move sequences from the start that reach it
};

// Every distinct position after exactly `depth` plies (depth >= 0), in the order they are
// first reached (depth first, in move-generation order). Two positions are the same when
// perft cannot tell them apart: placement, side to move, castling rights, and the en passant
// square only when a capture there is legal (the FEN's first four fields as Board::fen()
// writes them); the clocks of the first path are kept.
std::vector<SplitPosition> perft_split(const position::Board& start, int depth);

// "FEN\tcount" (the full FEN, then a tab and the paths), without a newline.
std::string split_line(const SplitPosition& position);

// A FEN stream line, "FEN" or "FEN<TAB>weight" (weight: a decimal count >= 1).
struct WeightedFen {
    std::string_view fen;
    std::uint64_t weight = 1;
    std::string error; // set when the weight is malformed
};
WeightedFen parse_weighted_fen(std::string_view line);

} // namespace horde::perft
