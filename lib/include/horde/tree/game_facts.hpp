// What one game gives an opening tree: the positions of its main line up to a ply limit, the
// move played from each, and the figures the tree averages (result, ratings, date, the %eval
// after each move, the time spent on it). The tree observer (a game::ProductObserver on the one
// game walk) collects them as the walk resolves the moves; they are its product of the game,
// which the run hands to the tree.
#pragma once

#include "horde/core/types.hpp"
#include "horde/game/events.hpp"

#include <algorithm>
#include <array>

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace horde::tree {

// The game's result from its Result tag: Unfinished for "*" (or anything else).
enum class Outcome : std::uint8_t { WhiteWins, Draw, BlackWins, Unfinished };

inline constexpr std::int32_t kNoFigure = std::numeric_limits<std::int32_t>::min();

// A move's SAN, kept inline (the longest, "Qa1xb2+" or "exd8=Q#", has 7 characters).
struct SanText {
    std::array<char, 11> text{};
    std::uint8_t size = 0;
    void assign(std::string_view san) {
        size = std::uint8_t(std::min(san.size(), text.size()));
        std::copy_n(san.data(), size, text.data());
    }
    std::string_view view() const { return std::string_view(text.data(), size); }
};

struct GamePly {                       // 32 bytes: a game's plies are copied from the walk to the tree or book
    std::uint64_t key = 0;             // the position's tree key (position_key)
    std::uint64_t polyglot_key = 0;    // with TreeObserverOptions::polyglot
    std::int32_t eval_cp = kNoFigure;  // %eval after the move: centipawns, White's view (mates left out)
    std::int32_t spent_ms = kNoFigure; // time spent on the move (%emt, or the %clk difference)
    Move move = Move::none();          // the move played from it (none: the last position kept)
    std::uint16_t polyglot_move = 0;
    bool white_to_move = true;
};

struct GameFacts {
    Variant variant = Variant::Chess;
    Outcome outcome = Outcome::Unfinished;
    int white_elo = 0, black_elo = 0; // 0: unknown
    std::uint32_t date = 0;           // YYYYMMDD from the Date tag (unknown parts 0); 0: none
    std::string site;                 // the Site tag when it names the game ("", "?": none)
    bool valid = true;                // false: an invalid game's moves before its first error
    std::vector<GamePly> plies;       // positions 0 .. n (ply order)
    std::string start_fen;            // the start's FEN when it is not the variant's ("": it is)
};

struct TreeObserverOptions {
    int max_ply = 20;      // positions up to this ply (0: the start position only)
    bool polyglot = false; // also each move's Polyglot key and code
    bool tree = true;      // the tree's figures: position keys, %eval and times from the comments
};

// The tree key of a position: its repetition key (pieces, side, castling, en passant only when
// a capture is legal), told apart by variant.
std::uint64_t position_key(Variant variant, std::uint64_t repetition_key);

// The observer whose product of each game is its GameFacts.
std::unique_ptr<game::ProductObserver<GameFacts>> make_tree_observer(const TreeObserverOptions& options);

} // namespace horde::tree
