// A horde-db database as the server's source (routes.hpp's ExplorerSource): a read-only open
// (a RocksDB secondary instance, so that `horde-db add` may run meanwhile) that answers the
// explorer with db::explore written by report::append_explorer_json — the bytes `horde-db query
// --json` prints — a game's PGN by its id, and the games that reached a position.
#pragma once

#include "horde/serve/routes.hpp"

#include <cstddef>
#include <memory>
#include <string>

namespace horde::serve {

// Throws db::DbError when the directory is not a database it can read. The /lichess answers
// of the queries asked most recently are kept within `cache_bytes` (0: none), for this state
// of the database only.
std::shared_ptr<const ExplorerSource> open_database_source(const std::string& dir, std::size_t cache_bytes);

// Which state of the database is on disk: the manifest RocksDB's CURRENT names, its size and
// its time. An add commits with one atomic ingest, which writes the manifest, so a changed
// version means an add (or a compaction) completed; "" when it cannot be read.
std::string database_version(const std::string& dir);

} // namespace horde::serve
