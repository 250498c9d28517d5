// The games of a database: each one's PGN exactly as it was in its input, its tags, its id
// (the Site's lichess or pychess id, else "#SERIAL") and the serial it was given when added (1,
// 2, ...: the order games were added in).
#pragma once

#include "horde/db/classes.hpp"
#include "horde/db/database.hpp"
#include "horde/tree/game_facts.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace horde::db {

struct StoredGame {
    std::uint64_t serial = 0;
    std::string id;
    std::string source;            // the input's name
    std::uint64_t source_game = 0; // the game's number in that input
    Variant variant = Variant::Chess;
    bool variant_forced = false; // added under --variant: read again in `variant`, whatever its tags say
    tree::Outcome outcome = tree::Outcome::Unfinished;
    int white_elo = 0, black_elo = 0; // 0: unknown
    std::uint32_t date = 0;           // YYYYMMDD (tree::GameFacts::date)
    Speed speed = Speed::Unknown;
    std::vector<std::pair<std::string, std::string>> tags; // in input order
    // The tags are what the PGN's own tag section reads as (tags_of_pgn), so the game's row
    // keeps them once, in the PGN (set by prepare_game, which compares, and then leaves `tags`
    // empty: the row needs them no more).
    bool tags_in_pgn = false;
    std::string pgn;                                   // the game's bytes as in its input
    std::string_view tag(std::string_view name) const; // "" when absent
};

// The tags of the first game of a PGN text, as the PGN reader reads them.
std::vector<std::pair<std::string, std::string>> tags_of_pgn(std::string_view pgn);
// Whether tags_of_pgn(pgn) == tags: at once when the PGN starts with those tags' plainest lines
// ([Name "value"] each, then a line that is no tag pair), else by reading it.
bool pgn_reads_as_tags(std::string_view pgn, const std::vector<std::pair<std::string, std::string>>& tags);

// The game of an id ("#12" is serial 12), nullopt when none. Throws DbError on a damaged store.
std::optional<StoredGame> find_game(const Database& db, std::string_view id);
std::optional<StoredGame> game_by_serial(const Database& db, std::uint64_t serial);

// Every game that reached the position (its tree::position_key) within the database's max ply,
// in added order, with the first ply it reached it at; `visit` returns false to stop. Games are
// read one at a time (streaming).
void for_each_game_at(const Database& db, std::uint64_t position_key,
                      const std::function<bool(const StoredGame& game, int ply)>& visit);
// Only the serials and plies (no game read).
void for_each_serial_at(const Database& db, std::uint64_t position_key,
                        const std::function<bool(std::uint64_t serial, int ply)>& visit);
// The games of the position's solo entries (a run's positions that one game of the run reached),
// in no order; for_each_serial_at gives them with the rest.
void for_each_solo_at(const Database& db, std::uint64_t position_key,
                      const std::function<void(std::uint64_t serial, int ply)>& visit);
// Every game, in added order (from the game of serial `from` on); `with_tags` false: without
// their tags (a reader of their PGN, which holds them, need not have them read from it first).
void for_each_game(const Database& db, const std::function<bool(const StoredGame& game)>& visit, std::uint64_t from = 0,
                   bool with_tags = true);

} // namespace horde::db
