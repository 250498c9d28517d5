// A horde-db database: a RocksDB directory of positions, moves and games (docs/horde-db.md has
// the keys and values). Opened for reading (any number of readers, while a writer adds: each
// sees the database as it was when it opened) or for writing (one writer at a time: RocksDB's
// LOCK file; a second writer gets a DbError).
#pragma once

#include "horde/core/types.hpp"

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace rocksdb {
class DB;
}

namespace horde::db {

// A database that cannot be opened or read: not a horde-db directory, a newer format, a damaged
// file, another writer. The message names the directory and says what is wrong.
class DbError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The store's layout version: a database of another version is refused, never misread
// (2: a position's counts and its moves' sums in one row per class and move, a row of one game
// stored as that game's figures; 1 had a row per class and another per class and move).
inline constexpr std::uint32_t kFormatVersion = 3;
inline constexpr int kDefaultMaxPly = 50;

// What one add or merge recorded in the database (its row in the add log).
struct AddLogEntry {
    std::uint64_t number = 0;     // 1, 2, ...
    std::uint64_t time = 0;       // seconds since 1970 when it was committed
    std::uint64_t games_read = 0; // games read from its inputs
    std::uint64_t games_added = 0;
    std::uint64_t duplicates = 0;                    // valid games already in the database (or earlier in the add)
    std::uint64_t first_serial = 0, last_serial = 0; // the serials given (0, 0: none)
    std::vector<std::string> inputs; // "NAME SIZE FINGERPRINT" each (the fingerprint: xxh-like 64-bit hash of the bytes read)
};

class Database {
public:
    // Throws DbError: `dir` missing, not a horde-db database, newer format, damaged.
    static std::unique_ptr<Database> open_read_only(const std::string& dir);
    // The same for reading its games only (a merge's shard): a database of an older format is
    // opened too, its games read in their layout (formats 1 and 2 kept them as 3 does but for
    // how the tags are counted), so that `merge NEW OLD` builds it again in this format.
    static std::unique_ptr<Database> open_games_read_only(const std::string& dir);
    // Creates the database when `dir` is missing or empty (with `max_ply_if_created`), else opens
    // it; throws DbError as open_read_only, and when another process writes to it.
    static std::unique_ptr<Database> open_for_writing(const std::string& dir, int max_ply_if_created);
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    const std::string& path() const { return path_; }
    int max_ply() const { return max_ply_; }
    std::uint32_t format() const { return format_; }
    bool created() const { return created_; } // by this open
    bool read_only() const { return read_only_; }
    // The variants of the games in the database, in Variant order.
    std::vector<Variant> variants() const;
    // The default variant of a query: the database's only variant, else chess.
    Variant default_variant() const;
    // The serial the next game added gets (1 for an empty database).
    std::uint64_t next_serial() const;
    std::vector<AddLogEntry> add_log() const;

    // The module's own files use the store directly.
    rocksdb::DB& rocks() const { return *db_; }

private:
    Database() = default;
    static std::unique_ptr<Database> open_reader(const std::string& dir, bool older_formats);
    void read_config(bool older_formats = false);
    std::string path_;
    int max_ply_ = kDefaultMaxPly;
    std::uint32_t format_ = kFormatVersion;
    bool created_ = false, read_only_ = true;
    std::string reader_dir_; // a reader's own directory (RocksDB's secondary instance), removed at close
    std::unique_ptr<rocksdb::DB> db_;
};

// What `info` shows: games (the adds' sum), distinct positions (of the l rows, one seek a position,
// and of the k rows), months.
struct DatabaseCounts {
    std::uint64_t games = 0, positions = 0;
    std::vector<std::uint16_t> months; // db::Month values (classes.hpp), kUnknownMonth first when present
};
DatabaseCounts count_contents(const Database& db);

} // namespace horde::db
