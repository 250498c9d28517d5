// Adding games to a database. A worker turns each valid game into a PreparedGame (prepare_game:
// its stored form, id, fingerprint, tree facts and the visits of its positions and moves, so
// that the one ordered stage only appends them); the AddBuilder takes them in input order,
// drops the ones already in the database or earlier in the add (same fingerprint), gives the
// others their serials and gathers their rows: a record per position and per move a game
// reaches, its game row, id and fingerprint rows. Past the memory budget it sorts what it holds
// and writes it to a run file; commit() merges the runs into sorted SST files (the count rows as
// merge operands, the rest as values) and ingests them. Rows fall in groups with disjoint key
// ranges (the games in two parts; the k, l and m rows of the positions whose key is below 2^63,
// and of the rest), each with its own runs and SST files: four tasks write a run (the games' two
// parts, the positions' two halves, each half's rows in one pass), on up to AddOptions::threads
// threads, and the files of all groups go in, with the add's log row, in ONE call of
// IngestExternalFiles: the database has the whole add or none of it, whenever the process dies.
#pragma once

#include "horde/db/database.hpp"
#include "horde/db/games.hpp"
#include "horde/game/checker.hpp"
#include "horde/tree/game_facts.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace horde::db {

// A position a game reached (its first visit), a move it played from one (once a game), or
// both: a first visit and the move played there.
struct GameVisit {
    std::uint64_t position = 0;
    std::uint16_t move = 0; // the move played (0: none: the game ends there, or the max ply)
    std::uint16_t ply = 0;
    bool first = false;  // the game's first visit of the position
    bool played = false; // the move counts as played from the position (its first time)
    bool white_moved = false;
    std::int32_t eval_cp = tree::kNoFigure, spent_ms = tree::kNoFigure; // played only
};

struct PreparedGame {
    StoredGame game;         // serial 0 until added
    std::string fingerprint; // "lichess:ID", "pychess:ID", or "hash:" and 16 bytes of tags and moves
    tree::GameFacts facts;   // the game's figures (its plies are turned into the visits below)
    std::vector<GameVisit> visits;
};

// The game's first visit of each position and each distinct move it played from one, in ply
// order (what an add counts of a game, and what a query makes again of a solo position's game).
void collect_game_visits(const std::vector<tree::GamePly>& plies, std::vector<GameVisit>& visits);

// On any thread: `raw` is the game's bytes in its input, `source` the input's name.
PreparedGame prepare_game(const game::GameRecord& record, tree::GameFacts facts, std::string_view raw, std::string_view source);

// The id a Site tag gives ("https://lichess.org/AbCd1234" -> "AbCd1234", pychess.org likewise:
// 8 letters and digits, then nothing or '/', '#', '?'; lichess's 12, a game's and a player's, give
// the game's 8), with the site's name for the fingerprint; empty when the Site names no lichess or
// pychess game (a study's chapter, a broadcast, a page of the site).
struct SiteId {
    std::string site, id;
};
SiteId site_id(std::string_view site);

// How far an add's writing has come, for a progress line: `stage` says what it does ("writing
// run 3", "merging 130 runs (pass 1)", "writing the database"), `done` of `total` its units (a
// run's visits and games; the bytes of the run files it merges). Called from the writing's
// threads, up to AddOptions::threads at once (the callee serialises what it draws; their sums
// may come out of order), at the start of a stage, every few thousand units and at its end
// (done == total). The add's calling thread waits for them meanwhile.
using AddProgress = std::function<void(std::string_view stage, std::uint64_t done, std::uint64_t total)>;

struct AddOptions {
    std::size_t memory_bytes = std::size_t(512) << 20; // rows held before a run is written
    std::string temp_dir;                              // runs and SST files ("": inside the database)
    unsigned threads = 1; // the groups of rows built and written at once (the database is the same whatever it is)
    AddProgress progress; // null: none reported
};

class AddBuilder {
public:
    AddBuilder(Database& db, AddOptions options);
    ~AddBuilder(); // removes its files (a commit moved its SST files into the database)
    AddBuilder(const AddBuilder&) = delete;
    AddBuilder& operator=(const AddBuilder&) = delete;

    // In input order. False: a duplicate (not added).
    bool add(PreparedGame&& game);
    void count_read(std::uint64_t games) { games_read_ += games; }
    // An input's line in the add log ("NAME SIZE FINGERPRINT"); `hash` what prepare_game's
    // fingerprints of its games add up to (input_hash_step).
    void note_input(std::string_view name, std::uint64_t bytes, std::uint64_t hash);
    std::uint64_t added() const { return added_; }
    std::uint64_t duplicates() const { return duplicates_; }
    std::size_t runs() const;
    std::size_t memory_bytes() const; // AddOptions::memory_bytes
    // Writes and ingests everything (AddOptions::progress hears how far); throws DbError. Once only.
    AddLogEntry commit();

    struct State;

private:
    Database& db_;
    std::unique_ptr<State> state_;
    std::uint64_t games_read_ = 0, added_ = 0, duplicates_ = 0;
};

// An input's hash: the fingerprints of its games, in order.
std::uint64_t input_hash_step(std::uint64_t hash, std::string_view fingerprint);

} // namespace horde::db
