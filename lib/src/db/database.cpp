#include "horde/db/database.hpp"

#include "rows.hpp"
#include "store_options.hpp"

#include <rocksdb/db.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/merge_operator.h>
#include <rocksdb/table.h>

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace horde::db {

namespace fs = std::filesystem;

namespace {

// Adds up the count rows (p and m): an add writes each row's new games as one operand, and
// RocksDB adds the operands up when it reads or compacts, so no add reads a row to change it.
class CountsMerge : public rocksdb::AssociativeMergeOperator {
public:
    bool Merge(const rocksdb::Slice& key, const rocksdb::Slice* existing, const rocksdb::Slice& value, std::string* merged,
               rocksdb::Logger*) const override {
        try {
            if (!existing) *merged = value.ToString();
            else
                *merged = rows::merge_values(std::string_view(key.data(), key.size()),
                                             std::string_view(existing->data(), existing->size()),
                                             std::string_view(value.data(), value.size()));
            return true;
        } catch (const DbError&) {
            return false; // RocksDB reports a corruption
        }
    }
    const char* Name() const override { return "horde.db.counts.1"; }
};

// (appended, not std::string + std::string: GCC 12 warns falsely of an overlapping copy there)
std::string config_key(std::string_view name) {
    std::string key(1, rows::kConfig);
    key += name;
    return key;
}

[[noreturn]] void fail(const std::string& dir, const rocksdb::Status& s) {
    if (s.IsCorruption()) throw DbError(fmt::format("{}: the database is damaged: {}", dir, s.ToString()));
    if (s.IsIOError() && s.ToString().find("lock") != std::string::npos)
        throw DbError(
            fmt::format("{}: another process is writing to this database (its LOCK is held); try again when it is done", dir));
    throw DbError(fmt::format("{}: {}", dir, s.ToString()));
}

bool is_empty_dir(const fs::path& p) {
    std::error_code ec;
    return fs::is_directory(p, ec) && fs::is_empty(p, ec);
}

// A directory a reader keeps RocksDB's own files of a secondary instance in (its LOG).
std::string make_reader_dir() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = fmt::format("{}/horde-db-reader-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(pattern.data()))
        throw DbError(fmt::format("cannot make a temporary directory in {}", tmp && *tmp ? tmp : "/tmp"));
    return pattern;
}

} // namespace

namespace detail {

rocksdb::Options store_options(bool with_filter) {
    rocksdb::Options o;
    o.merge_operator = std::make_shared<CountsMerge>();
    o.compression = rocksdb::kZSTD;
    o.bottommost_compression = rocksdb::kZSTD;
    o.paranoid_checks = true;
    o.max_open_files = -1; // a reader holds every file it reads open: a writer's compaction cannot take one away
    o.info_log_level = rocksdb::WARN_LEVEL;
    o.keep_log_file_num = 2;
    rocksdb::BlockBasedTableOptions table;
    table.block_size = 32 << 10;                                                   // games compress better in bigger blocks
    if (with_filter) table.filter_policy.reset(rocksdb::NewBloomFilterPolicy(10)); // fingerprint, id and game look-ups
    table.block_cache = rocksdb::NewLRUCache(64 << 20);
    o.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));
    return o;
}

} // namespace detail

Database::~Database() {
    if (db_) db_->Close().PermitUncheckedError();
    db_.reset();
    if (!reader_dir_.empty()) {
        std::error_code ec;
        fs::remove_all(reader_dir_, ec);
    }
}

std::unique_ptr<Database> Database::open_read_only(const std::string& dir) { return open_reader(dir, false); }

std::unique_ptr<Database> Database::open_games_read_only(const std::string& dir) { return open_reader(dir, true); }

std::unique_ptr<Database> Database::open_reader(const std::string& dir, bool older_formats) {
    std::error_code ec;
    if (!fs::exists(dir, ec)) throw DbError(fmt::format("{}: no such database (no such directory)", dir));
    if (!fs::is_directory(dir, ec)) throw DbError(fmt::format("{}: not a horde-db database (not a directory)", dir));
    if (!fs::exists(fs::path(dir) / "CURRENT", ec))
        throw DbError(fmt::format("{}: not a horde-db database (no RocksDB CURRENT file)", dir));
    std::unique_ptr<Database> d(new Database);
    d->path_ = dir;
    d->reader_dir_ = make_reader_dir();
    rocksdb::Options options = detail::store_options();
    options.create_if_missing = false;
    rocksdb::DB* raw = nullptr;
    const rocksdb::Status s = rocksdb::DB::OpenAsSecondary(options, dir, d->reader_dir_, &raw);
    if (!s.ok()) fail(dir, s);
    d->db_.reset(raw);
    d->read_config(older_formats);
    return d;
}

std::unique_ptr<Database> Database::open_for_writing(const std::string& dir, int max_ply_if_created) {
    std::error_code ec;
    const bool create = !fs::exists(dir, ec) || is_empty_dir(dir);
    if (!create && !fs::is_directory(dir, ec)) throw DbError(fmt::format("{}: not a horde-db database (not a directory)", dir));
    if (!create && !fs::exists(fs::path(dir) / "CURRENT", ec))
        throw DbError(fmt::format(
            "{}: not a horde-db database (a directory of other files; give a new or empty directory to create one)", dir));
    std::unique_ptr<Database> d(new Database);
    d->path_ = dir;
    d->read_only_ = false;
    rocksdb::Options options = detail::store_options();
    options.create_if_missing = create;
    rocksdb::DB* raw = nullptr;
    const rocksdb::Status s = rocksdb::DB::Open(options, dir, &raw);
    if (!s.ok()) fail(dir, s);
    d->db_.reset(raw);
    if (create) {
        rocksdb::WriteOptions w;
        w.sync = true;
        rocksdb::WriteBatch batch;
        batch.Put(config_key("format"), std::to_string(kFormatVersion));
        batch.Put(config_key("max_ply"), std::to_string(max_ply_if_created));
        const rocksdb::Status put = d->db_->Write(w, &batch);
        if (!put.ok()) fail(dir, put);
        d->created_ = true;
    }
    d->read_config();
    // Each open of a writer starts a write-ahead log, which RocksDB deletes once a flush has made
    // it obsolete. An add writes by ingestion, never through the log, so the empty logs of every
    // earlier add stayed (100 adds: 100 files, which every reader opened as it started: past the
    // usual limit of 1024 open files after a thousand adds). The format row written again and
    // flushed lets RocksDB delete them.
    rocksdb::WriteOptions w;
    w.sync = true;
    rocksdb::Status settled = d->db_->Put(w, config_key("format"), std::to_string(d->format_));
    if (settled.ok()) {
        rocksdb::FlushOptions flush;
        flush.wait = true;
        settled = d->db_->Flush(flush);
    }
    if (!settled.ok()) fail(dir, settled);
    return d;
}

void Database::read_config(bool older_formats) {
    std::string value;
    rocksdb::Status s = db_->Get(rocksdb::ReadOptions(), config_key("format"), &value);
    if (s.IsNotFound())
        throw DbError(fmt::format("{}: not a horde-db database (a RocksDB database without horde-db's format row)", path_));
    if (!s.ok()) fail(path_, s);
    const long format = std::strtol(value.c_str(), nullptr, 10);
    if (format <= 0) throw DbError(fmt::format("{}: the database is damaged (format row \"{}\")", path_, value));
    if (std::uint32_t(format) > kFormatVersion)
        throw DbError(fmt::format("{}: the database has format version {}, newer than this horde-db's {}: use a newer horde-db",
                                  path_, format, kFormatVersion));
    if (std::uint32_t(format) < kFormatVersion && !older_formats)
        throw DbError(fmt::format("{}: the database has format version {}, older than this horde-db's {} (its rows are laid out "
                                  "otherwise): build it again with this horde-db's add from its inputs, or from its own "
                                  "games with `horde-db merge NEW {}`",
                                  path_, format, kFormatVersion, path_));
    format_ = std::uint32_t(format);
    s = db_->Get(rocksdb::ReadOptions(), config_key("max_ply"), &value);
    if (!s.ok()) fail(path_, s.IsNotFound() ? rocksdb::Status::Corruption("no max_ply row") : s);
    max_ply_ = int(std::strtol(value.c_str(), nullptr, 10));
    if (max_ply_ < 0 || max_ply_ > 65535)
        throw DbError(fmt::format("{}: the database is damaged (max_ply row \"{}\")", path_, value));
}

std::vector<Variant> Database::variants() const {
    std::vector<Variant> out;
    std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(rocksdb::ReadOptions()));
    for (it->Seek(std::string(1, rows::kVariant)); it->Valid() && it->key()[0] == rows::kVariant; it->Next())
        if (it->key().size() == 2) out.push_back(Variant(std::uint8_t(it->key()[1])));
    if (!it->status().ok()) fail(path_, it->status());
    return out;
}

Variant Database::default_variant() const {
    const auto v = variants();
    return v.size() == 1 ? v[0] : Variant::Chess;
}

std::uint64_t Database::next_serial() const {
    std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(rocksdb::ReadOptions()));
    it->SeekForPrev(rows::serial_key(rows::kGame, ~std::uint64_t(0)));
    if (!it->status().ok()) fail(path_, it->status());
    if (!it->Valid() || it->key()[0] != rows::kGame) return 1;
    return rows::get_be(std::string_view(it->key().data(), it->key().size()), 1, 8) + 1;
}

std::vector<AddLogEntry> Database::add_log() const {
    std::vector<AddLogEntry> out;
    std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(rocksdb::ReadOptions()));
    for (it->Seek(std::string(1, rows::kAddLog)); it->Valid() && it->key()[0] == rows::kAddLog; it->Next()) {
        AddLogEntry e;
        e.number = rows::get_be(std::string_view(it->key().data(), it->key().size()), 1, 8);
        rows::Reader r(std::string_view(it->value().data(), it->value().size()));
        e.time = r.varint();
        e.games_read = r.varint();
        e.games_added = r.varint();
        e.duplicates = r.varint();
        e.first_serial = r.varint();
        e.last_serial = r.varint();
        for (std::uint64_t n = r.varint(); n > 0; --n) e.inputs.emplace_back(r.bytes());
        out.push_back(std::move(e));
    }
    if (!it->status().ok()) fail(path_, it->status());
    return out;
}

namespace {

std::string_view view(const rocksdb::Slice& s) { return std::string_view(s.data(), s.size()); }

// The positions of one run's k rows, in order, read a row at a time.
class SoloPositions {
public:
    SoloPositions(const Database& db, std::uint64_t run)
        : db_(db), run_(run), it_(db.rocks().NewIterator(rocksdb::ReadOptions())) {
        it_->Seek(rows::solo_key(run, 0));
        load();
    }
    bool valid() const { return at_ < row_.size(); }
    std::uint64_t position() const { return row_[at_]; }
    void next() {
        if (++at_ == row_.size()) {
            it_->Next();
            load();
        }
    }

private:
    void load() {
        row_.clear();
        at_ = 0;
        if (it_->Valid() && rows::run_of_solo_key(view(it_->key())) == run_)
            rows::for_each_solo_entry(view(it_->key()), view(it_->value()), [&](const rows::SoloEntry& e) {
                row_.push_back(e.position);
                return true;
            });
        else if (!it_->status().ok()) fail(db_.path(), it_->status());
    }
    const Database& db_;
    std::uint64_t run_;
    std::unique_ptr<rocksdb::Iterator> it_;
    std::vector<std::uint64_t> row_;
    std::size_t at_ = 0;
};

} // namespace

DatabaseCounts count_contents(const Database& db) {
    DatabaseCounts c;
    for (const AddLogEntry& e : db.add_log()) c.games += e.games_added;
    std::unique_ptr<rocksdb::Iterator> it(db.rocks().NewIterator(rocksdb::ReadOptions()));
    // The distinct positions of the l rows and of every run's solo entries: the sorted streams
    // merged, a position counted once whichever streams hold it.
    std::vector<std::unique_ptr<SoloPositions>> solos;
    it->Seek(std::string(1, rows::kSolo));
    for (std::optional<std::uint64_t> at; it->Valid() && (at = rows::run_of_solo_key(view(it->key())));) {
        const std::uint64_t run = *at;
        solos.push_back(std::make_unique<SoloPositions>(db, run));
        if (run == ~std::uint64_t(0)) break;
        it->Seek(rows::solo_key(run + 1, 0));
    }
    it->Seek(std::string(1, rows::kList));
    auto list_valid = [&] { return it->Valid() && it->key()[0] == rows::kList; };
    bool list_done = !list_valid();
    for (;;) {
        std::uint64_t least = ~std::uint64_t(0);
        bool any = false;
        if (!list_done) {
            least = rows::get_be(view(it->key()), 1, 8);
            any = true;
        }
        for (const auto& s : solos)
            if (s->valid() && (!any || s->position() < least)) {
                least = s->position();
                any = true;
            }
        if (!any) break;
        ++c.positions;
        for (const auto& s : solos)
            while (s->valid() && s->position() == least) s->next();
        if (!list_done && rows::get_be(view(it->key()), 1, 8) == least) {
            if (least == ~std::uint64_t(0)) list_done = true;
            else {
                it->Seek(rows::position_prefix(rows::kList, least + 1));
                list_done = !list_valid();
            }
        }
    }
    for (it->Seek(std::string(1, rows::kMonth)); it->Valid() && it->key()[0] == rows::kMonth; it->Next())
        c.months.push_back(std::uint16_t(rows::get_be(std::string_view(it->key().data(), it->key().size()), 1, 2)));
    if (!it->status().ok()) fail(db.path(), it->status());
    return c;
}

[[noreturn]] void throw_store_error(const Database& db, const rocksdb::Status& s) { fail(db.path(), s); }

} // namespace horde::db
