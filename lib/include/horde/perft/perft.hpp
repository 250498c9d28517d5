// Perft: the number of leaves of the legal-move tree, the standard proof of a move generator.
#pragma once

#include "horde/position/board.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

namespace horde::perft {

// A transposition table for perft whose counts stay exact. An entry matches only when two
// independent 64-bit keys agree: the incremental Zobrist key (which also picks the slot) and
// a second key hashed from the whole position when the entry is probed or stored
// (`verification_key`), plus the depth. So a false match needs a 128-bit collision: with
// 10^12 probes the chance of any wrong count is about 10^12 / 2^128 = 3e-27 (docs/perft-records.md).
// Each entry is written as three words, two of them checked against the third, so a torn write
// between threads reads as a miss rather than a wrong count.
class PerftHash {
public:
    explicit PerftHash(std::size_t megabytes);
    bool probe(std::uint64_t key, std::uint64_t verification, int depth, std::uint64_t& count) const;
    void store(std::uint64_t key, std::uint64_t verification, int depth, std::uint64_t count);
    std::size_t entries() const { return mask_ + 1; }

private:
    struct Entry {
        std::uint64_t check;        // key ^ data
        std::uint64_t verification; // verification key ^ data
        std::uint64_t data;         // count << 8 | depth
    };
    std::unique_ptr<Entry[]> table_;
    std::size_t mask_ = 0;
};

// A 64-bit hash of the whole position (placement, side, castling, en passant), computed
// from the bitboards with other constants than the Zobrist keys, so independent of them.
std::uint64_t verification_key(const position::Position& pos);

struct PerftOptions {
    int threads = 1;
    PerftHash* hash = nullptr; // optional, may be shared by threads
    // Progress: called with (root moves done, root moves) each time a root move's count is
    // complete, from any thread, never from two at once.
    std::function<void(std::size_t done, std::size_t total)> on_root_move = nullptr;
};

// perft(depth); depth 0 gives 1.
std::uint64_t perft(Variant v, const position::Position& pos, int depth, const PerftOptions& options = {});

// The count below each legal root move, in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Variant v, const position::Position& pos, int depth,
                                                         const PerftOptions& options = {});

} // namespace horde::perft
