// JSON output. Every NDJSON record the tools write is written here — horde-check's game and
// FEN verdicts and --stats counts, horde-perft's results, horde-list's rows — with the one
// string escaper, so that the key names and the escaping rules live in one place. New records
// build on JsonObject (keys are plain identifiers; values are escaped).
#pragma once

#include "horde/db/explorer.hpp"
#include "horde/db/games.hpp"
#include "horde/game/checker.hpp"
#include "horde/game/fen_check.hpp"
#include "horde/perft/breakdown.hpp"
#include "horde/position/board.hpp"
#include "horde/tree/opening_tree.hpp"

#include <concepts>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace horde::report {

// Appends `s` as a JSON string, quotes included. JSON text must be UTF-8 and PGN files are not
// always (ChessBase and older exports write Latin-1), so a byte that does not start a
// well-formed UTF-8 sequence is read as Latin-1 and written as \u00XX: the record stays valid
// JSON and "Jos\xe9" comes out as "José".
void append_json_string(std::string& out, std::string_view s);
// The same without the quotes.
std::string json_escape(std::string_view s);

// `value` with `decimals` (0 to 3) digits after the point at p: the bytes of std::to_chars
// (chars_format::fixed, the exact binary value rounded half to even), found with integer
// arithmetic when the value is small and not within a hair of a tie, and by to_chars otherwise.
// The caller leaves room for 320 characters. The end of what was written.
char* write_fixed(char* p, double value, int decimals);

// One JSON object appended to a string, field by field, in the order of the calls:
//   JsonObject(out).number("game", 3).string("fen", fen).null("san").end();
class JsonObject {
public:
    explicit JsonObject(std::string& out) : out_(out) { out_ += '{'; }
    JsonObject& string(std::string_view key, std::string_view value) {
        append_json_string(name(key), value);
        return *this;
    }
    // The string, or null when absent.
    JsonObject& string_or_null(std::string_view key, std::optional<std::string_view> value) {
        return value ? string(key, *value) : null(key);
    }
    template <std::integral T> JsonObject& number(std::string_view key, T value) {
        append_integer(name(key), value);
        return *this;
    }
    // A number written with `decimals` digits after the point ("0.125000").
    JsonObject& fixed(std::string_view key, double value, int decimals);
    // A 64-bit number as a string of 16 hex digits ("00ab...").
    JsonObject& hex64(std::string_view key, std::uint64_t value);
    JsonObject& boolean(std::string_view key, bool value) {
        name(key) += value ? "true" : "false";
        return *this;
    }
    JsonObject& null(std::string_view key) {
        name(key) += "null";
        return *this;
    }
    // A value that is already JSON text (an array or object written by the caller).
    JsonObject& raw(std::string_view key, std::string_view json) {
        name(key) += json;
        return *this;
    }
    // Starts a field whose value the caller appends to the returned string.
    std::string& name(std::string_view key);
    void end() { out_ += '}'; }

private:
    static void append_integer(std::string& out, std::int64_t value);
    static void append_integer(std::string& out, std::uint64_t value);
    template <std::integral T> static void append_integer(std::string& out, T value) {
        if constexpr (std::is_signed_v<T>) append_integer(out, std::int64_t(value));
        else append_integer(out, std::uint64_t(value));
    }
    std::string& out_;
    bool first_ = true;
};

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

// horde-perft --json: one count (no trailing newline); nps is nodes / seconds (0 for no time).
struct PerftResultRecord {
    std::string_view fen;
    Variant variant = Variant::Horde;
    int depth = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
};
std::string perft_result_to_json(const PerftResultRecord& result);
// horde-perft --breakdown --json: the same fields, the variant's breakdown columns after
// "nodes" (result.nodes is not used: the breakdown's own is written).
std::string perft_breakdown_to_json(const PerftResultRecord& result, const perft::PerftBreakdown& counts);

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
// reached the position, tags as an object in input order), no newline.
void append_stored_game_json(std::string& out, const db::StoredGame& game, int ply);

} // namespace horde::report
