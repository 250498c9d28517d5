#include "horde/perft/random.hpp"

#include <bit>

namespace horde::perft {

namespace {
// SplitMix64 (Steele, Lea and Flood), as xoshiro's authors recommend for seeding.
std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
} // namespace

Xoshiro256StarStar::Xoshiro256StarStar(std::uint64_t seed) {
    for (auto& word : s_) word = splitmix64(seed);
}

std::uint64_t Xoshiro256StarStar::next() {
    const std::uint64_t result = std::rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = std::rotl(s_[3], 45);
    return result;
}

std::uint64_t Xoshiro256StarStar::below(std::uint64_t n) {
    __extension__ using uint128 = unsigned __int128; // GCC and Clang: exact 64x64 -> 128 bits
    return std::uint64_t((uint128(next()) * n) >> 64);
}

std::vector<position::Board> random_positions(const position::Board& start, std::size_t count, std::uint64_t seed) {
    Xoshiro256StarStar rng(seed);
    std::vector<position::Board> out;
    out.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        position::Board board = start;
        const auto plies = rng.below(kRandomPlayoutMaxPlies + 1);
        for (std::uint64_t ply = 0; ply < plies; ++ply) {
            const position::MoveList moves = board.legal_moves();
            if (moves.empty()) break;
            board.play(moves[std::size_t(rng.below(moves.size()))]);
        }
        out.push_back(board);
    }
    return out;
}

} // namespace horde::perft
