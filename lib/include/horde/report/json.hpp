// JSON output. Every NDJSON record the tools write is written here — horde-check's game and
// FEN verdicts and --stats counts, horde-perft's results, horde-list's rows — with the one
// string escaper, so that the key names and the escaping rules live in one place. New records
// build on JsonObject (keys are plain identifiers; values are escaped).
#pragma once

#include "horde/db/explorer.hpp"
#include "horde/db/games.hpp"
#include "horde/game/checker.hpp"
#include "horde/game/fen_check.hpp"
#include "horde/out/json.hpp"
#include "horde/position/board.hpp"
#include "horde/tree/opening_tree.hpp"

#include <concepts>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace horde::report {

// The JSON writer (out/json.hpp), by its names in report.
using out::append_json_string;
using out::json_escape;
using out::JsonObject;
using out::write_fixed;

// --json-tags: the field "tags" (a leading comma is the caller's): every tag of the record, or
// the selected ones (null when absent); append_json_tags_object writes its value alone.
struct TagSelection;
void append_json_tags(std::string& out, const game::GameRecord& record, const TagSelection& tags);
void append_json_tags_object(std::string& out, const game::GameRecord& record, const TagSelection& tags);

// horde-check --json: the verdict on one game (no trailing newline); with `file`, the input's
// name as a first field; with `tags` (--json-tags, not empty), the "tags" field last.
void append_record_json(std::string& out, const game::GameRecord& record, std::optional<std::string_view> file = {},
                        const TagSelection* tags = nullptr);
std::string record_to_json(const game::GameRecord& record);

// horde-check --fen --json: the verdict on one FEN line (no trailing newline).
std::string fen_verdict_to_json(const game::FenVerdict& verdict, std::uint64_t line_number);

// --stats-json: one object of counts, keys in the map's order, with a trailing newline.
std::string counts_to_json(const std::map<std::string, std::uint64_t, std::less<>>& counts);

// horde-list --format json: the row of one position (no newline) written at `p`, which has
// room for kMaxListRowJson bytes; returns its end. `reached_san`/`reached_uci`: the move that
// reached the position (both empty at ply 0: null).
inline constexpr std::size_t kMaxListRowJson = 256;
char* write_list_row_json(char* p, std::uint64_t game, std::uint64_t ply, std::string_view reached_san,
                          std::string_view reached_uci, std::string_view fen, Variant variant);

// horde-tree --format ndjson: one position of the tree and its moves, as one object (no
// newline).
void append_tree_position_json(std::string& out, const tree::PositionStats& p);

// horde-db serve: an error answer, {"error":"..."} (no newline).
std::string error_to_json(std::string_view message);
// horde-db serve /position: the position a query names and where each legal move leads,
// {"variant":..,"fen":..,"moves":{"e2e4":FEN,...}} (no newline); `variant` is the explorer's key
// (standard, chess960, horde, orda).
std::string explorer_position_to_json(std::string_view variant, const position::Board& board);
// horde-db query --json and horde-db serve's /lichess: the answer as lichess's opening explorer
// writes it (white, draws, black, moves[] {uci, san, averageRating, white, draws, black, game,
// opening}, topGames, recentGames, opening), no newline. A game: {uci (top and recent games), id,
// winner, speed, white {name, rating}, black {name, rating}, year, month}; an unknown rating or
// year is 0, an unknown speed or month null, a name "?" when the tag is missing.
void append_explorer_json(std::string& out, const db::ExplorerAnswer& answer);
// horde-db games --format ndjson and horde-db serve's /games: a stored game (id, serial, source, game, ply at which it
// reached the position, tags as an object in input order), no newline. `source`: the game's
// source as shown (its file's path, or /games' file name alone).
void append_stored_game_json(std::string& out, const db::StoredGame& game, int ply, std::string_view source);

} // namespace horde::report
