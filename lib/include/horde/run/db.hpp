// horde-db's runs over a PGN stream: the games read and checked by run/pipeline.hpp with the
// tree observer (tree/game_facts.hpp) on the walk, each valid game prepared on its worker
// (db::prepare_game: its stored form and facts) and handed to the db::AddBuilder in input order.
// The stored games of a database read back as one PGN stream (for `export`, through horde-tree's
// run_tree, and `merge`, through run_db_add again) come from stored_games_stream.
//
// All of horde-db's use of the pipeline is in this file and its .cpp.
#pragma once

#include "horde/db/add.hpp"
#include "horde/db/database.hpp"
#include "horde/game/checker.hpp"
#include "horde/run/tree.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

namespace horde::pgn {
class PgnReader;
}

namespace horde::run {
class PipelineMemory; // horde/run/pipeline.hpp

struct DbAddSettings {
    unsigned threads = 1;
    int max_ply = 50;        // the database's
    bool diagnostics = true; // the errors of invalid games, as horde-check prints them
    bool warnings = false;
    std::size_t batch_bytes = 0; // the pipeline's chunk (0: its default)
    std::function<std::uint64_t()> input_position;
    // Where a game came from, when not from this input (a merge: the shard's record of it):
    // sets the stored source and game number. Null: this input and the game's number in it.
    std::function<void(const game::GameRecord&, std::string& source, std::uint64_t& game)> origin;
    std::uint64_t input_hash = 0; // where the input's hash starts (a merge's shard read in segments goes on)
    // The pipeline's buffers, kept by the caller across inputs; null: allocated for this input.
    PipelineMemory* memory = nullptr;
};

struct DbAddTotals {
    std::uint64_t games = 0, added = 0, duplicates = 0, invalid = 0, not_selected = 0, skipped = 0;
    std::uint64_t input_position = 0;
    std::uint64_t input_hash = 0; // over the fingerprints of the input's valid games, in order
    void add(const DbAddTotals& o);
};

// Reads every game of the reader's input into the builder. `report` runs on the calling thread
// in input order with a batch's diagnostics (stderr's) and totals.
void run_db_add(pgn::PgnReader& reader, const game::CheckOptions& options, std::string_view display,
                const DbAddSettings& settings, db::AddBuilder& builder,
                const std::function<void(std::string& diagnostics, const DbAddTotals& totals)>& report);

// The database's games, in added order, as PGN text read through a pipe: `read(reader, options)`
// runs while a thread writes the games (each followed by a blank line when it has none), once a
// segment: a segment is a run of games read with the same options (the variant forced on the
// games added under --variant, whose tags may say another or none), most often all of them.
// `origin(n)` is then the source and number of the segment's n-th game (1-based).
class StoredGamesStream {
public:
    explicit StoredGamesStream(const db::Database& db);
    ~StoredGamesStream();
    void read(const std::function<void(pgn::PgnReader& reader, const game::CheckOptions& options)>& read);
    std::pair<std::string, std::uint64_t> origin(std::uint64_t n) const;
    std::uint64_t games() const;

    struct State;

private:
    void read_segment(std::uint64_t from, std::optional<Variant> variant, std::uint64_t& next_segment,
                      const std::function<void(pgn::PgnReader& reader)>& read);
    std::unique_ptr<State> state_;
};

} // namespace horde::run
