// The opening tree: every position the games reached up to a ply limit, with the games that
// reached it and, for each move played from it, the games that played it and their figures.
//
// A game counts once per position and once per move from it, whatever its transpositions and
// repetitions (its first visit gives the move's figures). Every sum is an integer (centipawns,
// milliseconds, rating points), so that adding games in any grouping gives the same tree: that
// is what lets the tree be built in parts on every thread, spill runs to disk when it outgrows
// its memory budget, and still come out exactly as an unbounded one-thread run makes it.
#pragma once

#include "horde/tree/game_facts.hpp"

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace horde::tree {

// A game shown as an example of a move: the order it came in (across every input) and how a
// user finds it (its Site, or "FILE#GAME"). The name is a view of the tree's own copy, valid
// while the position is visited (show_bucket's `visit`): copy it to keep it longer.
struct ExampleGame {
    std::uint64_t ordinal = 0;
    std::string_view name;
};

struct ResultCounts {
    std::uint32_t games = 0, white = 0, draws = 0, black = 0; // games = white + draws + black + unfinished
    void add(Outcome o) {
        ++games;
        if (o == Outcome::WhiteWins) ++white;
        else if (o == Outcome::Draw) ++draws;
        else if (o == Outcome::BlackWins) ++black;
    }
    void add(const ResultCounts& o) { games += o.games, white += o.white, draws += o.draws, black += o.black; }
};

// A move's figures: sums over the games that played it, so that any grouping adds up the same.
struct MoveSums {
    ResultCounts results;
    // Rated games (both players' Elo known and a decisive or drawn result), from the mover's side.
    std::uint32_t rated = 0;
    std::int64_t mover_elo_sum = 0, opponent_elo_sum = 0;
    std::int32_t mover_wins = 0, mover_losses = 0;
    std::uint32_t evals = 0; // games with an %eval after the move
    std::int64_t eval_cp_sum = 0;
    std::uint32_t timed = 0; // games with the time spent on the move
    std::int64_t spent_ms_sum = 0;
    std::uint32_t first_date = 0, last_date = 0; // YYYYMMDD (0: none known)
    void add(const MoveSums& o);
};

struct MoveStats : MoveSums {
    Move move = Move::none();
    SanText san{};                     // its SAN, written when the position is shown (for_each)
    std::uint64_t child_key = 0;       // the position the move leads to
    std::vector<ExampleGame> examples; // the first ones in input order
};

struct PositionStats {
    std::uint64_t key = 0;
    Variant variant = Variant::Chess;
    std::string fen;              // 4 fields
    std::uint16_t ply = 0;        // the lowest ply it was reached at
    ResultCounts results;         // of the games that reached it
    std::vector<MoveStats> moves; // in the order output wants: most games first, then by move
};

struct TreeOptions {
    std::size_t memory_bytes = std::size_t(1) << 30; // the budget of the positions held in memory
    std::size_t examples = 3;                        // example games per move
    std::string temp_dir;                            // for spilled runs ("": $TMPDIR or /tmp)
};

// The tree, built in parts and read back once, a bucket of keys at a time. Each part is filled
// by one thread at a time (the run's threads add their games at once, each to a part of its
// own): a game leaves a record in the bucket of each position's key where it first reaches the
// position and where it first plays each move from it, with the game's figures. Nothing is
// looked up while games come in (the records are only appended), and past the memory budget a
// part writes its buckets to an unnamed temporary file. A bucket is added up when it is shown,
// from its records in every part, in memory and on disk: its positions in key order, each made
// into a PositionStats only when `keep` takes it. Because the figures are integer sums and a
// move keeps the first example games by input ordinal, the tree does not depend on how the games
// were shared among the parts, in which order a part got them, or what was spilled.
class OpeningTree {
public:
    static constexpr std::size_t kBuckets = 1024; // by the first 10 bits of the key

    explicit OpeningTree(TreeOptions options);
    ~OpeningTree();
    OpeningTree(const OpeningTree&) = delete;
    OpeningTree& operator=(const OpeningTree&) = delete;

    // How many parts (at least 1; the default). Call before the first add_game.
    void set_parts(std::size_t parts);
    std::size_t parts() const { return parts_.size(); }

    // `ordinal`: the game's place across every input; `name(out)` writes how a user finds it.
    // Threads may add to different parts at once. Throws std::runtime_error when the records
    // cannot be spilled (a full disk).
    void add_game(std::size_t part, const GameFacts& game, std::uint64_t ordinal, const std::function<void(std::string&)>& name);
    void add_game(const GameFacts& game, std::uint64_t ordinal, const std::function<void(std::string&)>& name) {
        add_game(0, game, ordinal, name);
    }

    // Call once after the last add_game, before show_bucket (for_each calls it; show_bucket
    // throws std::logic_error without it): each part maps what it spilled, to be read in place.
    // Threads may finish different parts at once.
    void finish_adding(std::size_t part);
    void finish_adding() {
        for (std::size_t part = 0; part < parts(); ++part) finish_adding(part);
    }
    // The positions of bucket b that `keep` takes, in key order, each with its moves sorted (most
    // games first, then by move code) and their SAN. `keep` decides on the position's key,
    // variant, ply and results (its FEN and moves are not filled in yet). Only reads the tree:
    // threads may show buckets at once (run/tree.hpp's show_tree), and in any order. Throws
    // std::runtime_error when a spilled bucket cannot be read back.
    // `scratch`: show_bucket's working memory, kept by a thread from bucket to bucket.
    class Scratch {
    public:
        Scratch();
        ~Scratch();
        Scratch(const Scratch&) = delete;
        Scratch& operator=(const Scratch&) = delete;

    private:
        friend class OpeningTree;
        struct Buffers;
        std::unique_ptr<Buffers> buffers_;
    };
    void show_bucket(std::size_t b, const std::function<bool(const PositionStats&)>& keep,
                     const std::function<void(PositionStats&)>& visit, Scratch& scratch) const;
    static std::size_t bucket_of(std::uint64_t key) { return std::size_t(key >> 54); }
    // A promise of the callers' `keep`: it takes no position of fewer games than this (1: no
    // promise), so that show_bucket may pass over the rarer ones without counting them.
    void set_min_games_shown(std::uint32_t games) { min_games_shown_ = games; }
    // Every bucket in turn (the whole tree in key order), then clear().
    void for_each(const std::function<bool(const PositionStats&)>& keep, const std::function<void(PositionStats&)>& visit);
    void clear(); // ends the tree

    std::uint64_t records() const;    // held and spilled
    std::size_t spilled_runs() const; // times a part wrote its buckets to disk
    const std::string& temp_dir() const { return options_.temp_dir; }

    struct Part; // one builder: its buckets of records, its spilled segments

private:
    void count_positions(std::size_t b, Scratch& scratch) const;
    void add_kept_moves(std::size_t b, Scratch& scratch) const;
    void add_span_moves(const Part& part, Scratch& scratch) const;

    TreeOptions options_;
    std::uint32_t min_games_shown_ = 1;
    std::atomic<std::size_t> memory_{0}; // held by all the parts
    std::vector<std::unique_ptr<Part>> parts_;
};

// A position's move figures as the outputs show them (nullopt-like NaN when no game gives one).
struct MoveFigures {
    double rating = -1;      // mean Elo of the player to move (-1: no rated game)
    double performance = -1; // mean opponent Elo + 400 (wins - losses) / rated games
    double eval = 0;         // mean %eval after the move, pawns from White's side
    bool has_eval = false;
    double seconds = 0; // mean time spent on the move
    bool has_time = false;
};
MoveFigures move_figures(const MoveStats& m);

// A date as the outputs write it: "2024.01.31" from 20240131, "2024.??.??" for unknown parts.
std::string date_text(std::uint32_t yyyymmdd);
char* write_date(char* out, std::uint32_t yyyymmdd); // the same 10 characters at out: their end

} // namespace horde::tree
