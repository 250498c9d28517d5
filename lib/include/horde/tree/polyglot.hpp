// Polyglot opening books (the .bin format of Polyglot, read by most chess programs): the key of
// a position and the code of a move, as Polyglot's specification (book_format.html) defines
// them, and the book `polyglot make-book` builds from games, rule for rule.
//
// The key covers every piece of chess, so it covers Horde too (a position without a White king
// is simply one without that piece's number); Orda's lancer, archer, kheshig and yurt have no
// number, so there is no Polyglot key of an Orda position.
#pragma once

#include "horde/core/types.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace horde::position {
struct Position;
}

namespace horde::tree {

// Whether Polyglot can describe the variant's positions (chess, Chess960, Horde).
constexpr bool polyglot_supports(Variant v) { return v != Variant::Orda; }

// The Polyglot key: pieces, castling rights, the en passant file when a pawn of the side to
// move stands beside the pawn that just made a double step (Polyglot's rule, which does not ask
// whether the capture is legal), and the side to move. The position must hold no Orda piece.
std::uint64_t polyglot_key(const position::Position& pos);

// The Polyglot code of a legal move of `pos`: to file, to row, from file, from row, promotion
// piece (1 knight .. 4 queen), 3 bits each from the low end; castling as the king's move to its
// rook's square (e1h1), in chess as in Chess960.
std::uint16_t polyglot_move(const position::Position& pos, Move move);

// make-book's options (polyglot make-book -min-game, -min-score, -only-white, -only-black,
// -uniform; -max-ply is where the caller stops feeding moves).
struct PolyglotBookOptions {
    int min_games = 3;        // -min-game
    double min_score = 0.0;   // -min-score, in per cent (as make-book takes it)
    bool only_white = false;  // -only-white: moves of White only
    bool only_black = false;  // -only-black
    bool uniform = false;     // -uniform: every weight 1
};

// One entry of the book file: 16 bytes, big-endian, sorted by key.
struct PolyglotEntry {
    std::uint64_t key = 0;
    std::uint16_t move = 0;
    std::uint16_t weight = 0;
};

// The book as `polyglot make-book` makes it, fed the games in input order: for each move of a
// game, its entry (position key, move) counts the game and 2 for a win of the side that moved,
// 1 for a draw or an unfinished game, 0 for a loss; when an entry reaches 16384 games, every
// entry of its position has its counts halved (rounded up), as make-book does to keep weights in
// 16 bits. That halving makes the book depend on the order of the games, which is why this is
// fed in input order (the run's ordered stage), not merged from threads.
class PolyglotBookBuilder {
public:
    // A game begins; `result` is +1 White won, -1 Black won, 0 otherwise.
    void begin_game(int result) { result_ = result; }
    // The next move of the game: its position's key, its code, whether White played it.
    void add_move(std::uint64_t key, std::uint16_t move, bool white_moved);
    // Asks the memory for where add_move will look (a game's moves are prefetched together,
    // so that their cache misses overlap).
    void prefetch(std::uint64_t key, std::uint16_t move) const;
    // Then the entry itself, once its slot is in the cache.
    void prefetch_entry(std::uint64_t key, std::uint16_t move);
    // The book's entries: filtered by the options and sorted by key, then weight (highest first),
    // then first appearance, as make-book writes them.
    std::vector<PolyglotEntry> entries(const PolyglotBookOptions& options) const;
    std::size_t size() const { return entries_.size(); }

private:
    static constexpr std::uint32_t kNone = 0xFFFFFFFF;
    struct Entry {
        std::uint64_t key;
        std::uint16_t move;
        bool white;
        std::uint32_t games = 0;
        std::uint32_t score = 0;            // 2 per win, 1 per draw, of the side that moved
        std::uint32_t next_of_key = kNone;  // the next entry of the same position
    };
    // Open addressing (the keys are Zobrist keys: their bits are as good as a hash) from an
    // entry to its index, and from a position to its first entry (the halving's list).
    std::uint32_t& entry_slot(std::uint64_t key, std::uint16_t move);
    std::uint32_t& first_of_key_slot(std::uint64_t key);
    void grow();
    void halve(std::uint32_t first);

    int result_ = 0;
    std::vector<Entry> entries_;              // in order of first appearance
    std::vector<std::uint32_t> entry_index_;  // a power of two, at most half full
    std::vector<std::uint32_t> key_index_;    // the same, of positions: their first entry
};

// The book file's bytes for the entries (16 bytes each, big-endian; learn fields 0).
std::string polyglot_book_bytes(const std::vector<PolyglotEntry>& entries);

} // namespace horde::tree
