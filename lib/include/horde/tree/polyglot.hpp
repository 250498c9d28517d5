// Polyglot opening books (the .bin format of Polyglot, read by most chess programs): the key of
// a position and the code of a move, as Polyglot's specification (book_format.html) defines
// them, and the book `polyglot make-book` builds from games, rule for rule.
//
// The key covers every piece of chess, so it covers Horde too (a position without a White king
// is simply one without that piece's number); Orda's lancer, archer, kheshig and yurt have no
// number, so there is no Polyglot key of an Orda position.
#pragma once

#include "horde/core/types.hpp"
#include "horde/tree/bucket_store.hpp"

#include <cstdint>
#include <cstdio>
#include <memory>
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

// The key of the position `move` leads to, from the key of the one before: only the squares the
// move changes, the castling rights, the en passant terms and the side to move (polyglot_key
// loops over every piece). `after` is `before` with `move` played.
std::uint64_t polyglot_key_after(std::uint64_t key_before, const position::Position& before, const position::Position& after,
                                 Move move);

// The Polyglot code of a legal move of `pos`: to file, to row, from file, from row, promotion
// piece (1 knight .. 4 queen), 3 bits each from the low end; castling as the king's move to its
// rook's square (e1h1), in chess as in Chess960.
std::uint16_t polyglot_move(const position::Position& pos, Move move);

// make-book's options (polyglot make-book -min-game, -min-score, -only-white, -only-black,
// -uniform; -max-ply is where the caller stops feeding moves).
struct PolyglotBookOptions {
    int min_games = 3;       // -min-game
    double min_score = 0.0;  // -min-score, in per cent (as make-book takes it)
    bool only_white = false; // -only-white: moves of White only
    bool only_black = false; // -only-black
    bool uniform = false;    // -uniform: every weight 1
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
//
// make-book looks every move up in one table as it comes, a cache miss each on a big file. Here
// a move is only appended, 12 bytes, to one of 1,024 buckets by the first bits of its key; the
// entries are counted when the book is asked for, a bucket at a time, in a table that fits the
// cache. A position's entries all fall in one bucket, and each bucket keeps input order, so the
// halving comes out exactly as make-book's. Past `memory_bytes` the buckets are written to a
// temporary file without a name (gone however the process ends) and read back a bucket at a time.
class PolyglotBookBuilder {
public:
    explicit PolyglotBookBuilder(std::size_t memory_bytes = std::size_t(512) << 20, const std::string& temp_dir = "");
    ~PolyglotBookBuilder();
    PolyglotBookBuilder(const PolyglotBookBuilder&) = delete;
    PolyglotBookBuilder& operator=(const PolyglotBookBuilder&) = delete;

    // A game begins; `result` is +1 White won, -1 Black won, 0 otherwise.
    void begin_game(int result) { result_ = result; }
    // The next move of the game: its position's key, its code, whether White played it. Throws
    // std::runtime_error when the moves cannot be spilled to disk (a full disk).
    void add_move(std::uint64_t key, std::uint16_t move, bool white_moved) {
        const int result = white_moved ? result_ : -result_;
        moves_.append(Store::bucket_of(key)) =
            Record{std::uint32_t(key), std::uint32_t(key >> 32),
                   std::uint32_t(move) | std::uint32_t(result + 1) << 16 | std::uint32_t(white_moved) << 18};
        if (moves_.bytes_held() > memory_bytes_) moves_.spill();
    }
    // The book's entries: filtered by the options and sorted by key, then weight (highest first),
    // then first appearance, as make-book writes them. Throws std::runtime_error when spilled
    // moves cannot be read back.
    std::vector<PolyglotEntry> entries(const PolyglotBookOptions& options) const;
    std::uint64_t moves() const { return moves_.records(); } // added so far
    std::size_t spills() const { return moves_.spills(); }   // times the moves were written to disk

private:
    struct Record {                            // the key in two halves: 12 bytes, no padding
        std::uint32_t key_low, key_high, code; // code: move | score (0..2) << 16 | white << 18
    };
    using Store = detail::BucketStore<Record>;

    int result_ = 0;
    std::size_t memory_bytes_;
    Store moves_;
};

// The book file's bytes for the entries (16 bytes each, big-endian; learn fields 0).
std::string polyglot_book_bytes(const std::vector<PolyglotEntry>& entries);

} // namespace horde::tree
