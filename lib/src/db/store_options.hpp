// The RocksDB options every open of a horde-db database uses (and the SST files of an add).
#pragma once

#include <rocksdb/options.h>
#include <rocksdb/status.h>

namespace horde::db {

class Database;
// Throws the DbError that says what a failed RocksDB call means for the database.
[[noreturn]] void throw_store_error(const Database& db, const rocksdb::Status& s);

namespace detail {

// with_filter false: no Bloom filter in the tables (the add's SST files of the rows only read
// by prefix scans, where a filter is never asked and only costs space and memory).
rocksdb::Options store_options(bool with_filter = true);

} // namespace detail
} // namespace horde::db
