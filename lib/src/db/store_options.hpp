// The RocksDB options every open of a horde-db database uses (and the SST files of an add).
#pragma once

#include <rocksdb/options.h>
#include <rocksdb/status.h>

namespace horde::db {

class Database;
// Throws the DbError that says what a failed RocksDB call means for the database.
[[noreturn]] void throw_store_error(const Database& db, const rocksdb::Status& s);

namespace detail {

rocksdb::Options store_options();

} // namespace detail
} // namespace horde::db
