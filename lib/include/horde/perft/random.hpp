// Random positions for perft sweeps, the same on every machine and compiler: the generator
// is xoshiro256** (Blackman and Vigna) seeded through SplitMix64, ranges are drawn by the
// multiply-shift method on 64-bit outputs (no std:: distribution, whose results are
// implementation-defined), and moves are picked in this library's generation order.
#pragma once

#include "horde/position/board.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace horde::perft {

class Xoshiro256StarStar {
public:
    explicit Xoshiro256StarStar(std::uint64_t seed);
    std::uint64_t next();
    // Uniform in [0, n), n >= 1: the high 64 bits of next() * n.
    std::uint64_t below(std::uint64_t n);

private:
    std::array<std::uint64_t, 4> s_{};
};

// Playout lengths are uniform in [0, kRandomPlayoutMaxPlies]; a playout that reaches a
// position without legal moves (mate, stalemate, extinction, campmate) stops there.
inline constexpr int kRandomPlayoutMaxPlies = 80;

// `count` positions, each a random legal playout from `start`, all from one generator
// seeded with `seed`: the same list for the same (start, seed), and the first k positions
// the same for any count >= k.
std::vector<position::Board> random_positions(const position::Board& start, std::size_t count, std::uint64_t seed);

} // namespace horde::perft
