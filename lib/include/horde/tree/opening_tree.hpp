// The opening tree: every position the games reached up to a ply limit, with the games that
// reached it and, for each move played from it, the games that played it and their figures.
//
// A game counts once per position and once per move from it, whatever its transpositions and
// repetitions (its first visit gives the move's figures). Every sum is an integer (centipawns,
// milliseconds, rating points), so that adding games in any grouping gives the same tree: that
// is what lets the tree spill sorted runs to disk when it outgrows its memory budget and merge
// them at the end into exactly the tree an unbounded run would have made.
#pragma once

#include "horde/tree/game_facts.hpp"

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace horde::tree {

// A game shown as an example of a move: the order it came in (across every input) and how a
// user finds it (its Site, or "FILE#GAME").
struct ExampleGame {
    std::uint64_t ordinal = 0;
    std::string name;
};

struct ResultCounts {
    std::uint32_t games = 0, white = 0, draws = 0, black = 0; // games = white + draws + black + unfinished
    void add(Outcome o) {
        ++games;
        if (o == Outcome::WhiteWins) ++white;
        else if (o == Outcome::Draw) ++draws;
        else if (o == Outcome::BlackWins) ++black;
    }
    void add(const ResultCounts& o) {
        games += o.games, white += o.white, draws += o.draws, black += o.black;
    }
};

// A move's figures: sums over the games that played it, so that any grouping adds up the same.
struct MoveSums {
    ResultCounts results;
    // Rated games (both players' Elo known and a decisive or drawn result), from the mover's side.
    std::uint32_t rated = 0;
    std::int64_t mover_elo_sum = 0, opponent_elo_sum = 0;
    std::int32_t mover_wins = 0, mover_losses = 0;
    std::uint32_t evals = 0;          // games with an %eval after the move
    std::int64_t eval_cp_sum = 0;
    std::uint32_t timed = 0;          // games with the time spent on the move
    std::int64_t spent_ms_sum = 0;
    std::uint32_t first_date = 0, last_date = 0; // YYYYMMDD (0: none known)
    void add(const MoveSums& o);
};

struct MoveStats : MoveSums {
    Move move = Move::none();
    SanText san{};                    // its SAN, written when the position is shown (for_each)
    std::uint64_t child_key = 0;      // the position the move leads to
    std::vector<ExampleGame> examples; // the first ones in input order
    void add(const MoveStats& o, std::size_t max_examples);
};

struct PositionStats {
    std::uint64_t key = 0;
    Variant variant = Variant::Chess;
    std::string fen;                  // 4 fields
    std::uint16_t ply = 0;            // the lowest ply it was reached at
    ResultCounts results;             // of the games that reached it
    std::vector<MoveStats> moves;     // in the order output wants: most games first, then by move
    void add(PositionStats&& o, std::size_t max_examples);
};

struct TreeOptions {
    std::size_t memory_bytes = std::size_t(1) << 30; // the budget of the positions held in memory
    std::size_t examples = 3;                        // example games per move
    std::string temp_dir;                            // for spilled runs ("": $TMPDIR or /tmp)
};

// The positions of a tree held in memory split by the first bits of their key
// (OpeningTree::buckets): bucket b holds keys below those of bucket b + 1, so that showing the
// buckets in turn shows the tree in key order, and threads may each show a bucket at once.
class TreeBuckets {
public:
    std::size_t size() const { return begin_.size() - 1; }

private:
    friend class OpeningTree;
    struct Entry {
        std::uint64_t key;
        std::uint32_t part, index;
        bool operator<(const Entry& o) const { return key != o.key ? key < o.key : part < o.part; }
    };
    std::vector<Entry> entries_;       // every part's positions, bucket after bucket
    std::vector<std::size_t> begin_;   // bucket b is entries_[begin_[b], begin_[b + 1])
};

// The tree, built in parts and read back once, position by position in key order, by
// for_each. Each part is built by one thread at a time (the run's threads add their games at
// once, each to a part of its own), holds its share of the memory budget and spills on its own;
// for_each merges the parts and their spilled runs. Because the figures are integer sums, and a
// move keeps the first example games by input ordinal, the tree does not depend on how the games
// were shared among the parts or in which order a part got them.
class OpeningTree {
public:
    explicit OpeningTree(TreeOptions options);
    ~OpeningTree();
    OpeningTree(const OpeningTree&) = delete;
    OpeningTree& operator=(const OpeningTree&) = delete;

    // How many parts (at least 1; the default). Call before the first add_game.
    void set_parts(std::size_t parts);
    std::size_t parts() const { return parts_.size(); }

    // `ordinal`: the game's place across every input; `name(out)` writes how a user finds it
    // (called only when a move wants it as an example). Threads may add to different parts at once.
    void add_game(std::size_t part, const GameFacts& game, std::uint64_t ordinal, const std::function<void(std::string&)>& name);
    void add_game(const GameFacts& game, std::uint64_t ordinal, const std::function<void(std::string&)>& name) {
        add_game(0, game, ordinal, name);
    }
    // Every position `keep` takes, in key order, each with its moves sorted (most games first,
    // then by move code) and their SAN; ends the tree. `keep` decides on the position's key,
    // variant, ply and results (its FEN and moves may not be filled in yet). Throws
    // std::runtime_error when a spilled run cannot be written or read.
    void for_each(const std::function<bool(const PositionStats&)>& keep, const std::function<void(PositionStats&)>& visit);

    // A tree held in memory (no part has spilled) can also be shown a bucket at a time:
    // show_bucket shows the positions of bucket b that `keep` takes, as for_each does, and only
    // reads the tree, so that threads may show buckets at once (run/tree.hpp's show_tree).
    // clear() ends the tree.
    bool held_whole() const;
    TreeBuckets buckets() const;
    void show_bucket(const TreeBuckets& buckets, std::size_t b, const std::function<bool(const PositionStats&)>& keep,
                     const std::function<void(PositionStats&)>& visit) const;
    void clear();

    std::uint64_t positions_in_memory() const;
    std::size_t spilled_runs() const; // runs written to disk (merged into fewer files as they come)
    const std::string& temp_dir() const { return options_.temp_dir; }

    struct Part; // one builder: positions by open addressing, its spilled runs

private:
    TreeOptions options_;
    std::atomic<std::size_t> memory_{0}; // held by all the parts
    std::vector<std::unique_ptr<Part>> parts_;
};

// A position's move figures as the outputs show them (nullopt-like NaN when no game gives one).
struct MoveFigures {
    double rating = -1;       // mean Elo of the player to move (-1: no rated game)
    double performance = -1;  // mean opponent Elo + 400 (wins - losses) / rated games
    double eval = 0;          // mean %eval after the move, pawns from White's side
    bool has_eval = false;
    double seconds = 0;       // mean time spent on the move
    bool has_time = false;
};
MoveFigures move_figures(const MoveStats& m);

// A date as the outputs write it: "2024.01.31" from 20240131, "2024.??.??" for unknown parts.
std::string date_text(std::uint32_t yyyymmdd);

} // namespace horde::tree
