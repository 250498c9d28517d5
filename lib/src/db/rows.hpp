// The rows of the store: their keys (a one-byte kind, then big-endian fields, so that RocksDB's
// byte order is the order wanted) and values (varints), and how two values of one count row
// add up (the merge operator's rule, also used to add up an add's own runs). docs/horde-db.md
// has the table.
#pragma once

#include "horde/db/classes.hpp"
#include "horde/tree/game_facts.hpp"
#include "horde/tree/opening_tree.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace horde::db {
struct StoredGame;
}

namespace horde::db::rows {

// ---- the game rows (games.cpp)
std::string encode_game(const StoredGame& game);
void append_game(std::string& out, const StoredGame& game); // encode_game's bytes appended to out
// `format`: the database's; `with_tags` false leaves the tags out (not read from the PGN).
StoredGame decode_game(std::uint64_t serial, std::string_view value, std::uint32_t format, bool with_tags = true);

// Row kinds: the first byte of every key.
inline constexpr char kConfig = 'c';      // c NAME -> value
inline constexpr char kAddLog = 'a';      // a ADD(8) -> AddLogEntry
inline constexpr char kFingerprint = 'f'; // f FINGERPRINT -> serial
inline constexpr char kGame = 'g';        // g SERIAL(8) -> the game
inline constexpr char kGameId = 'i';      // i ID -> serial
inline constexpr char kSolo = 'k';        // k RUN(8) FIRST_POSITION(8) -> bit-packed (position delta, serial - RUN, ply)...
inline constexpr char kList = 'l';        // l POSITION(8) FIRST_SERIAL(8) -> (serial delta, ply)...
inline constexpr char kMove = 'm';        // m POSITION(8) MONTH(2) SPEED BAND MOVE(2) -> ClassMoveRow (merged)
inline constexpr char kMonth = 'n';       // n MONTH(2) -> ""
inline constexpr char kVariant = 'v';     // v VARIANT -> ""

inline constexpr std::size_t kMoveKeySize = 15, kListKeySize = 17, kSoloKeySize = 17;

// ---- varints and big-endian fields
void put_varint(std::string& out, std::uint64_t v);
void put_signed(std::string& out, std::int64_t v);    // zigzag
void put_bytes(std::string& out, std::string_view s); // length, then the bytes
void put_be(std::string& out, std::uint64_t v, int bytes);

// Reads what the put_ functions wrote; every get_ throws DbError at a malformed value.
class Reader {
public:
    explicit Reader(std::string_view data) : data_(data) {}
    std::uint64_t varint();
    std::int64_t signed_varint();
    std::string_view bytes();
    bool done() const { return data_.empty(); }
    std::string_view rest() const { return data_; }

private:
    std::string_view data_;
};
std::uint64_t get_be(std::string_view key, std::size_t at, int bytes);

// ---- keys
struct RowClass {
    Month month = kUnknownMonth;
    Speed speed = Speed::Unknown;
    std::uint8_t band = kUnknownBand;
};
std::string move_row_key(std::uint64_t position, const RowClass& c, std::uint16_t move);
std::string position_prefix(char kind, std::uint64_t position); // kind + position
RowClass row_class_of_key(std::string_view key);                // of an m key
std::uint16_t move_of_key(std::string_view key);                // of an m key
std::string serial_key(char kind, std::uint64_t serial);        // g, a
std::string list_key(std::uint64_t position, std::uint64_t first_serial);
// A row of a run's solo positions (reached by one game of the run), the first at `first_position`;
// `run` is the serial of the run's first game.
std::string solo_key(std::uint64_t run, std::uint64_t first_position);
// The run of a solo row's key; nullopt when `key` is not one.
std::optional<std::uint64_t> run_of_solo_key(std::string_view key);

// One entry of a solo row: the position, its one game, the ply of the game's first visit.
struct SoloEntry {
    std::uint64_t position = 0, serial = 0;
    std::uint16_t ply = 0;
};
// A solo row's value: its entries (in position order, distinct positions, the first at the key's
// position), bit-packed: the count, then the position deltas Rice-coded (their parameter from the
// row's mean delta), the serials (from the run's) and the plies in the fewest bits that hold the
// row's largest. About 8.5 bytes an entry where varints took 11 (random 64-bit keys: the deltas
// are most of it).
void put_solo_entries(std::string& out, std::uint64_t run, const SoloEntry* begin, const SoloEntry* end);
// The entries of a solo row (key and value) into `out` (cleared); throws DbError when damaged.
void decode_solo_row(std::string_view key, std::string_view value, std::vector<SoloEntry>& out);
template <class Visit> void for_each_solo_entry(std::string_view key, std::string_view value, Visit&& visit);

// ---- values of the merged rows
struct ListedGame { // a game a position lists as a top or recent game
    std::uint64_t serial = 0;
    std::uint16_t rating = 0; // mean Elo (0: unknown)
    std::uint32_t date = 0;   // YYYYMMDD
    std::uint16_t move = 0;   // the move it played from the position (0: none)
};
bool better_top(const ListedGame& a, const ListedGame& b);    // higher rating, then added first
bool better_recent(const ListedGame& a, const ListedGame& b); // later date, then added last

struct PositionRow {
    tree::ResultCounts results;
    std::uint16_t min_ply = 0xFFFF;
    std::vector<ListedGame> top, recent; // at most kMaxListedGames each, best first
    void add(const PositionRow& o);
};
struct MoveRow {
    tree::MoveSums sums;
    std::uint64_t first_serial = 0; // the first game (in added order) that played it
    void add(const MoveRow& o);
};

// The row of a position, a class and a move (0: none): the games whose first visit of the
// position played that move (their results, lowest ply, top and recent games: the position's
// figures are those of its rows added up, each game in one of them) and the sums of the games
// that played the move from it (any visit). Most positions are reached by one game: a row of
// one game is stored as that game's figures (SingleGame), from which it is made again.
struct ClassMoveRow {
    PositionRow position; // results.games == 0: no game's first visit played the move
    MoveRow move;         // results.games == 0: none played it
    void add(const ClassMoveRow& o);
};

// One game's visit of a row: what a row is made of.
struct SingleGame {
    std::uint64_t serial = 0;
    tree::Outcome outcome = tree::Outcome::Unfinished;
    int white_elo = 0, black_elo = 0;
    std::uint32_t date = 0;
    std::uint16_t ply = 0; // first visits
    bool first = false;    // the game's first visit of the position (its position figures)
    bool played = false;   // the game played the row's move (its move figures)
    bool white_moved = false;
    std::int32_t eval_cp = tree::kNoFigure, spent_ms = tree::kNoFigure;
};
// The row of that game alone, for the row's move (horde-tree's figures of a move: the same sums).
ClassMoveRow row_of(const SingleGame& game, std::uint16_t move);

std::string encode(const ClassMoveRow& row);
std::string encode(const SingleGame& game); // decodes to row_of(game, the key's move)
ClassMoveRow decode_row(std::string_view key, std::string_view value);

// Adds `value` to `existing` for the row `key` (m); other kinds keep the newer value.
std::string merge_values(std::string_view key, std::string_view existing, std::string_view value);

template <class Visit> void for_each_solo_entry(std::string_view key, std::string_view value, Visit&& visit) {
    std::vector<SoloEntry> entries;
    decode_solo_row(key, value, entries);
    for (const SoloEntry& e : entries)
        if (!visit(e)) return;
}

} // namespace horde::db::rows
