// Duplicate games (horde-check --duplicates): a sequential, in-order stage over finished game
// records, so that it gives the same answers however the records were produced (one thread or
// several, as long as they arrive in input order).
//
// A game's identity is its variant, its start position and its main-line moves, folded into a
// 64-bit fingerprint (computed by the game checker when CheckOptions::duplicates is set). Only
// valid games with at least one move take part (an invalid game's main line is not known to
// its end; games without moves would all be alike).
//
// Memory: one 16-byte entry (fingerprint, game number, line) per game in exact mode, in an
// open-addressing table kept at most 3/4 full: 16 to 43 bytes per game, about 32 MB for a
// million games. In prefix mode the stage also keeps an entry for every main-line prefix, to
// find a later game that is a prefix of an earlier one: 16 bytes per ply (and the same
// overhead), about 1.3 KB for an 80-ply game.
#pragma once

#include "horde/game/checker.hpp"

#include <cstdint>
#include <vector>

namespace horde::game {

// The states of the fingerprint after each main-line move: states[k] folds the variant, the
// start position and the first k+1 moves; the last one is the record's fingerprint. Empty for a
// record without start position.
std::vector<std::uint64_t> fingerprint_states(const GameRecord& record);

class DuplicateFinder {
public:
    explicit DuplicateFinder(DuplicateMode mode) : mode_(mode) {}
    // In input order: adds the warning `duplicate-game` to the record (an error with strict)
    // when it equals an earlier game, or in prefix mode when one is a prefix of the other,
    // naming the earlier game's number and line. Returns whether it did.
    bool check(GameRecord& record, bool strict);
    std::size_t memory_bytes() const { return table_.capacity() * sizeof(Entry); }

private:
    struct Entry {
        std::uint64_t key = 0;  // fingerprint (0: empty slot; a real 0 is stored as 1)
        std::uint32_t game = 0; // top bit: the key is a whole game, not a proper prefix
        std::uint32_t line = 0;
    };
    static_assert(sizeof(Entry) == 16);
    static constexpr std::uint32_t kWhole = 0x80000000u;
    const Entry* find(std::uint64_t key, bool whole) const;
    void insert(std::uint64_t key, bool whole, std::uint32_t game, std::uint32_t line);
    DuplicateMode mode_;
    std::vector<Entry> table_;
    std::size_t used_ = 0;
};

} // namespace horde::game
