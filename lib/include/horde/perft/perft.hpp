// Perft: the number of leaves of the legal-move tree, the standard proof of a move generator.
#pragma once

#include "horde/position/board.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

namespace horde {

// A transposition table for perft whose counts stay exact: an entry matches only on the full
// 64-bit position key (placement, side, castling, en passant) and the depth, and entries are
// written as two words checked against each other, so a torn write between threads reads
// as a miss rather than a wrong count. Key collisions of 64-bit Zobrist keys are the only
// (astronomically unlikely) source of error.
class PerftHash {
public:
    explicit PerftHash(std::size_t megabytes);
    bool probe(std::uint64_t key, int depth, std::uint64_t& count) const;
    void store(std::uint64_t key, int depth, std::uint64_t count);

private:
    struct Entry {
        std::uint64_t check; // key ^ data
        std::uint64_t data;  // count << 8 | depth
    };
    std::unique_ptr<Entry[]> table_;
    std::size_t mask_ = 0;
};

struct PerftOptions {
    int threads = 1;
    PerftHash* hash = nullptr; // optional, may be shared by threads
    // Progress: called with (root moves done, root moves) each time a root move's count is
    // complete, from any thread, never from two at once.
    std::function<void(std::size_t done, std::size_t total)> on_root_move = nullptr;
};

// perft(depth); depth 0 gives 1.
std::uint64_t perft(Variant v, const Position& pos, int depth, const PerftOptions& options = {});

// The count below each legal root move, in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Variant v, const Position& pos, int depth,
                                                         const PerftOptions& options = {});

} // namespace horde
