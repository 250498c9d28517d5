#include "horde/db/add.hpp"

#include "rows.hpp"
#include "store_options.hpp"

#include <rocksdb/db.h>
#include <rocksdb/sst_file_writer.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <functional>
#include <queue>
#include <set>
#include <thread>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <sys/mman.h>
#include <unistd.h>

namespace horde::db {

namespace fs = std::filesystem;

// ---------------------------------------------------------------- games

namespace {

std::uint64_t mix(std::uint64_t x) { // splitmix64's finaliser
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

// Two independent 64-bit FNV-1a streams: a 128-bit fingerprint (no collision among billions).
struct Hash128 {
    std::uint64_t a = 0xCBF29CE484222325ULL, b = 0x84222325CBF29CE4ULL;
    void add(std::string_view s) {
        for (char c : s) {
            a = (a ^ std::uint8_t(c)) * 0x100000001B3ULL;
            b = (b ^ std::uint8_t(c)) * 0x100000001B3ULL + 0x9E3779B97F4A7C15ULL;
        }
        a = (a ^ 0xFF) * 0x100000001B3ULL; // a field's end: "ab","c" differs from "a","bc"
        b = (b ^ 0xFE) * 0x100000001B3ULL;
    }
    std::string bytes() const {
        std::string out;
        rows::put_be(out, mix(a), 8);
        rows::put_be(out, mix(b), 8);
        return out;
    }
};

// 128 bits of a text (a fingerprint, an id): what the add remembers of each game's, so that its
// memory grows by 16 bytes a game, not by a string in a node (about 100).
struct Key128 {
    std::uint64_t a = 0, b = 0;
    bool operator==(const Key128&) const = default;
};
Key128 key128(std::string_view text) {
    Hash128 h;
    h.add(text);
    return Key128{mix(h.a), mix(h.b)};
}

// A set of Key128 in 64 open-addressed tables (linear probing, each at most half full): a table
// that grows holds its old and new slots at once, so 64 of them keep that extra memory small.
class KeySet {
public:
    // True when the key was not in the set (it is now).
    bool insert(Key128 key) {
        if (key == Key128{}) key.b = 1; // the empty slot's value stands for no key
        Table& t = tables_[key.b >> 58];
        if (2 * (t.size + 1) > t.slots.size()) grow(t);
        const bool added = place(t.slots, key);
        t.size += added;
        return added;
    }
    bool contains(Key128 key) const {
        if (key == Key128{}) key.b = 1;
        const std::vector<Key128>& slots = tables_[key.b >> 58].slots;
        if (slots.empty()) return false;
        for (std::size_t i = key.a & (slots.size() - 1);; i = (i + 1) & (slots.size() - 1)) {
            if (slots[i] == key) return true;
            if (slots[i] == Key128{}) return false;
        }
    }
    std::size_t bytes() const { return bytes_; }

private:
    struct Table {
        std::vector<Key128> slots;
        std::size_t size = 0;
    };
    static bool place(std::vector<Key128>& slots, const Key128& key) {
        for (std::size_t i = key.a & (slots.size() - 1);; i = (i + 1) & (slots.size() - 1)) {
            if (slots[i] == key) return false;
            if (slots[i] == Key128{}) {
                slots[i] = key;
                return true;
            }
        }
    }
    void grow(Table& t) {
        std::vector<Key128> bigger(std::max<std::size_t>(256, 2 * t.slots.size()));
        for (const Key128& k : t.slots)
            if (!(k == Key128{})) place(bigger, k);
        bytes_ += (bigger.size() - t.slots.size()) * sizeof(Key128);
        t.slots.swap(bigger);
    }
    std::array<Table, 64> tables_;
    std::size_t bytes_ = 0;
};

} // namespace

void collect_game_visits(const std::vector<tree::GamePly>& plies, std::vector<GameVisit>& visits) {
    visits.clear();
    visits.reserve(plies.size());
    std::vector<std::uint64_t> seen; // the game's positions so far
    std::vector<std::pair<std::uint64_t, std::uint16_t>> seen_moves;
    // A game seldom comes back to a position: 64 bits of its keys say "never seen" without a
    // search most of the time (as horde-tree's parts do).
    std::uint64_t seen_bits = 0;
    for (std::size_t i = 0; i < plies.size(); ++i) {
        const tree::GamePly& ply = plies[i];
        const bool has_move = !ply.move.is_none() && i + 1 < plies.size();
        const std::uint64_t bit = std::uint64_t(1) << (ply.key & 63);
        const bool first = !(seen_bits & bit) || std::find(seen.begin(), seen.end(), ply.key) == seen.end();
        if (first) {
            seen.push_back(ply.key);
            seen_bits |= bit;
        }
        const auto move_id = std::pair{ply.key, ply.move.raw()};
        const bool played = has_move && (first || std::find(seen_moves.begin(), seen_moves.end(), move_id) == seen_moves.end());
        if (!first && !played) continue;
        if (played) seen_moves.push_back(move_id);
        GameVisit& v = visits.emplace_back();
        v.position = ply.key;
        v.ply = std::uint16_t(i);
        v.move = has_move ? ply.move.raw() : 0;
        v.first = first;
        v.played = played;
        if (played) {
            v.eval_cp = ply.eval_cp;
            v.spent_ms = ply.spent_ms;
            v.white_moved = ply.white_to_move;
        }
    }
}

SiteId site_id(std::string_view site) {
    static constexpr std::pair<std::string_view, std::string_view> kSites[] = {{"https://lichess.org/", "lichess"},
                                                                               {"http://lichess.org/", "lichess"},
                                                                               {"https://www.pychess.org/", "pychess"},
                                                                               {"https://pychess.org/", "pychess"},
                                                                               {"http://www.pychess.org/", "pychess"}};
    // The sites' pages of eight letters, which a game's id is not (a study's chapter, a
    // broadcast's game, an analysis board: no game of the site, and never an id).
    static constexpr std::string_view kPages[] = {"analysis", "training", "practice", "streamer", "insights", "settings",
                                                  "timeline", "features", "download", "tutorial", "variants", "calendar"};
    for (const auto& [prefix, name] : kSites) {
        if (!site.starts_with(prefix)) continue;
        std::string_view rest = site.substr(prefix.size());
        std::size_t n = 0;
        while (n < rest.size() && std::isalnum(static_cast<unsigned char>(rest[n]))) ++n;
        // A game's id is 8 letters and digits; lichess's 12 are the game's and a player's 4 more.
        const bool lichess_player = n == 12 && name == "lichess";
        if ((n != 8 && !lichess_player) || (n < rest.size() && rest[n] != '/' && rest[n] != '#' && rest[n] != '?')) return {};
        const std::string_view id = rest.substr(0, 8);
        if (std::find(std::begin(kPages), std::end(kPages), id) != std::end(kPages)) return {};
        return SiteId{std::string(name), std::string(id)};
    }
    return {};
}

PreparedGame prepare_game(const game::GameRecord& record, tree::GameFacts facts, std::string_view raw, std::string_view source) {
    PreparedGame p;
    StoredGame& g = p.game;
    g.source = source;
    g.source_game = record.game;
    g.variant = facts.variant;
    g.outcome = facts.outcome;
    g.white_elo = facts.white_elo;
    g.black_elo = facts.black_elo;
    g.date = facts.date;
    g.speed = speed_of_time_control(record.tag("TimeControl"));
    // An input's first game's bytes start at the input's first byte (docs/pgn-reader.md, "Raw
    // bytes"): a BOM or text before that game is not the game's, and printed by `games` after
    // another game it would be text between games (a BOM glued to the first tag hides that tag).
    if (record.game == 1 && record.offset <= raw.size()) raw.remove_prefix(record.offset);
    g.pgn = raw;
    g.tags_in_pgn = pgn_reads_as_tags(raw, record.tags);
    if (!g.tags_in_pgn) g.tags = record.tags; // else the row keeps them in its PGN only
    const SiteId site = site_id(record.tag("Site"));
    if (!site.id.empty()) {
        g.id = site.id;
        p.fingerprint = site.site + ":" + site.id;
    } else {
        Hash128 h;
        h.add(variant_name(facts.variant));
        for (const auto& [name, value] : record.tags) {
            h.add(name);
            h.add(value);
        }
        std::string moves;
        for (Move m : record.moves) rows::put_varint(moves, m.raw());
        h.add(moves);
        p.fingerprint = "hash:" + h.bytes();
    }
    p.facts = std::move(facts);
    collect_game_visits(p.facts.plies, p.visits);
    p.facts.plies = {}; // turned into the visits
    return p;
}

std::uint64_t input_hash_step(std::uint64_t hash, std::string_view fingerprint) {
    Hash128 h;
    h.a ^= hash;
    h.add(fingerprint);
    return mix(h.a);
}

// ---------------------------------------------------------------- runs

namespace {

// Where the rows of a run go, in key order: a run file, or the SST files when nothing was spilled.
class RowSink {
public:
    virtual ~RowSink() = default;
    virtual void write(std::string_view key, std::string_view value) = 0;
};

// A sorted run of (key, value) records in a file: what an add held when it reached its budget.
class RunWriter : public RowSink {
public:
    explicit RunWriter(const std::string& path) : path_(path), file_(std::fopen(path.c_str(), "wb")) {
        if (!file_) throw DbError(fmt::format("{}: cannot write: {}", path, std::strerror(errno)));
        std::setvbuf(file_, nullptr, _IOFBF, 256 << 10); // eight at once, outside the budget
    }
    ~RunWriter() {
        if (file_) std::fclose(file_);
    }
    void write(std::string_view key, std::string_view value) override {
        head_.clear();
        rows::put_varint(head_, key.size());
        rows::put_varint(head_, value.size());
        if (std::fwrite(head_.data(), 1, head_.size(), file_) != head_.size() ||
            std::fwrite(key.data(), 1, key.size(), file_) != key.size() ||
            std::fwrite(value.data(), 1, value.size(), file_) != value.size())
            failed();
    }
    void close() {
        const bool ok = std::fflush(file_) == 0;
        std::fclose(file_);
        file_ = nullptr;
        if (!ok) failed();
    }

private:
    [[noreturn]] void failed() { throw DbError(fmt::format("{}: cannot write: {}", path_, std::strerror(errno))); }
    std::string path_;
    std::FILE* file_;
    std::string head_;
};

class RunReader {
public:
    RunReader(const std::string& path, std::size_t buffer_bytes) : path_(path), file_(std::fopen(path.c_str(), "rb")) {
        if (!file_) throw DbError(fmt::format("{}: cannot read: {}", path, std::strerror(errno)));
        std::setvbuf(file_, nullptr, _IOFBF, buffer_bytes); // every run of every group is read at once
        next();
    }
    ~RunReader() { std::fclose(file_); }
    bool valid() const { return valid_; }
    const std::string& key() const { return key_; }
    const std::string& value() const { return value_; }
    std::uint64_t bytes_read() const { return bytes_read_; }
    void next() {
        std::uint64_t key_size = 0, value_size = 0;
        if (!varint(key_size, true)) {
            valid_ = false;
            return;
        }
        if (!varint(value_size, false)) damaged();
        bytes_read_ += key_size + value_size;
        key_.resize(key_size);
        // A big value (an engine game's row) is not kept as capacity for the small ones after it:
        // a merge holds a reader for every run.
        if (value_.capacity() > std::max<std::uint64_t>(4096, 2 * value_size)) value_ = std::string();
        value_.resize(value_size);
        if (std::fread(key_.data(), 1, key_size, file_) != key_size ||
            std::fread(value_.data(), 1, value_size, file_) != value_size)
            damaged();
    }

private:
    bool varint(std::uint64_t& v, bool end_ok) {
        v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            const int c = std::fgetc(file_);
            if (c == EOF) {
                if (end_ok && shift == 0 && !std::ferror(file_)) return false;
                damaged();
            }
            ++bytes_read_;
            v |= std::uint64_t(c & 0x7F) << shift;
            if (!(c & 0x80)) return true;
        }
        damaged();
    }
    [[noreturn]] void damaged() { throw DbError(fmt::format("{}: a run file of the add is cut short or unreadable", path_)); }
    std::string path_;
    std::FILE* file_;
    std::string key_, value_;
    bool valid_ = true;
    std::uint64_t bytes_read_ = 0;
};

// One stage of an add's writing (AddProgress), counted from any thread: the stage's
// start is reported when it is made, then each add() (its callers add a few thousand units at a
// time), the last with done == total.
class StageProgress {
public:
    StageProgress(const AddProgress& report, std::string stage, std::uint64_t total)
        : report_(report), stage_(std::move(stage)), total_(total) {
        if (report_) report_(stage_, 0, total_);
    }
    void add(std::uint64_t units) {
        if (!report_ || units == 0) return;
        const std::uint64_t done = done_.fetch_add(units) + units;
        report_(stage_, std::min(done, total_), total_);
    }

private:
    const AddProgress& report_;
    std::string stage_;
    std::uint64_t total_;
    std::atomic<std::uint64_t> done_{0};
};

// Points the State's stage at a StageProgress for a scope (write_groups reports to it).
class StageScope {
public:
    StageScope(StageProgress*& slot, StageProgress& stage) : slot_(slot) { slot_ = &stage; }
    ~StageScope() { slot_ = nullptr; }
    StageScope(const StageScope&) = delete;
    StageScope& operator=(const StageScope&) = delete;

private:
    StageProgress*& slot_;
};

// Units of progress a loop gathers before it reports them.
constexpr std::uint64_t kProgressStep = 8192;

// madvise(advice) over the part of [data, data + bytes) aligned to `unit` (a power of two).
void advise_aligned(void* data, std::size_t bytes, std::uintptr_t unit, int advice) noexcept {
#if defined(__linux__)
    const auto begin = (std::uintptr_t(data) + unit - 1) & ~(unit - 1);
    const auto end = (std::uintptr_t(data) + bytes) & ~(unit - 1);
    if (end > begin) (void)::madvise(reinterpret_cast<void*>(begin), end - begin, advice);
#else
    (void)data;
    (void)bytes;
    (void)unit;
    (void)advice;
#endif
}

// Asks for huge pages over the 2 MB-aligned part of [data, data + bytes) (a hint: the kernel may
// say no). The run's visits are appended on the pipeline's calling thread, its one serial stage,
// where a first touch of each 4 KB page cost a page fault (tens of microseconds each on a VM)
// every 100 visits: with huge pages, one every 2 MB.
void advise_huge_pages(void* data, std::size_t bytes) noexcept {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    advise_aligned(data, bytes, std::uintptr_t(2) << 20, MADV_HUGEPAGE);
#else
    (void)data;
    (void)bytes;
#endif
}

// Gives the whole pages of [data, data + bytes) back to the system (unused capacity: read as
// zeros when touched again). False where it cannot: the pages stay resident, and counted.
bool release_pages(void* data, std::size_t bytes) noexcept {
#if defined(__linux__) && defined(MADV_DONTNEED)
    advise_aligned(data, bytes, std::uintptr_t(::sysconf(_SC_PAGESIZE)), MADV_DONTNEED);
    return true;
#else
    (void)data;
    (void)bytes;
    return false;
#endif
}

// A game's visit in the run: its GameVisit with the game's index (24 bytes: the game's class is
// its RunGame's, and its flags share a word with the index; at 32 bytes the visits were most of a
// run's memory and of its sort's traffic).
struct Visit {
    std::uint64_t position = 0;
    std::uint32_t game_and_flags = 0; // the game's index in the run (kGameBits), then kFirst, kPlayed, kWhiteMoved
    std::int32_t eval_cp = tree::kNoFigure, spent_ms = tree::kNoFigure;
    std::uint16_t move = 0;
    std::uint16_t ply = 0;

    static constexpr unsigned kGameBits = 29;
    static constexpr std::uint32_t kGameMask = (std::uint32_t(1) << kGameBits) - 1;
    static constexpr std::uint32_t kFirst = std::uint32_t(1) << 29, kPlayed = std::uint32_t(1) << 30,
                                   kWhiteMoved = std::uint32_t(1) << 31;
    std::uint32_t game() const { return game_and_flags & kGameMask; }
    bool first() const { return game_and_flags & kFirst; }
    bool played() const { return game_and_flags & kPlayed; }
    bool white_moved() const { return game_and_flags & kWhiteMoved; }
};
static_assert(sizeof(Visit) == 24);
// A run holds fewer games than a visit's index can name.
constexpr std::size_t kMaxRunGames = Visit::kGameMask;

// A game in a position's list: its index in the run and the ply of its first visit.
struct ListEntry {
    std::uint32_t game = 0;
    std::uint16_t ply = 0;
};

struct RunGame {
    std::uint64_t serial = 0;
    tree::Outcome outcome = tree::Outcome::Unfinished;
    int white_elo = 0, black_elo = 0;
    std::uint32_t date = 0;
    rows::RowClass row_class;
    std::uint32_t class_order = 0; // the class's order in the rows' keys: month, speed, band
};

std::uint32_t class_order(const rows::RowClass& c) { return std::uint32_t(c.month) << 16 | std::uint32_t(c.speed) << 8 | c.band; }

bool same_row(const Visit& a, const Visit& b, const std::vector<RunGame>& games) {
    return a.position == b.position && a.move == b.move && games[a.game()].class_order == games[b.game()].class_order;
}

// A row's key order, then game (a game visits a row once): the games of a row in added order.
bool row_then_game_less(const Visit& a, const Visit& b, const std::vector<RunGame>& games) {
    if (a.position != b.position) return a.position < b.position;
    const std::uint32_t class_a = games[a.game()].class_order, class_b = games[b.game()].class_order;
    if (class_a != class_b) return class_a < class_b;
    if (a.move != b.move) return a.move < b.move;
    return a.game() < b.game();
}

// Sorts the visits in row order: spread in place by the top 12 bits of their positions (an
// American flag sort: one pass to count, one to move each visit once into its bucket), then each
// bucket sorted. The positions' bits are random, so a bucket is a few hundred visits (a common
// position's aside): on a run's million visits, fewer compares and moves than one sort of all.
void sort_visits(Visit* begin, Visit* end, const std::vector<RunGame>& games) {
    const auto less = [&games](const Visit& a, const Visit& b) {
        if (a.position != b.position) [[likely]]
            return a.position < b.position;
        return row_then_game_less(a, b, games);
    };
    constexpr unsigned kBucketBits = 12;
    constexpr std::size_t kBuckets = std::size_t(1) << kBucketBits;
    if (std::size_t(end - begin) < 16 * kBuckets) {
        std::sort(begin, end, less);
        return;
    }
    const auto bucket = [](const Visit& v) { return std::size_t(v.position >> (64 - kBucketBits)); };
    std::vector<std::size_t> next(kBuckets), bucket_end(kBuckets);
    for (const Visit* v = begin; v != end; ++v) ++bucket_end[bucket(*v)];
    std::size_t at = 0;
    for (std::size_t b = 0; b < kBuckets; ++b) {
        next[b] = at;
        at += bucket_end[b];
        bucket_end[b] = at;
    }
    for (std::size_t b = 0; b < kBuckets; ++b) {
        while (next[b] < bucket_end[b]) {
            Visit v = begin[next[b]];
            // v travels to its bucket, taking the place of a visit that travels on, until one of
            // bucket b comes back to fill the hole.
            for (std::size_t to = bucket(v); to != b; to = bucket(v)) std::swap(v, begin[next[to]++]);
            begin[next[b]++] = v;
        }
    }
    for (std::size_t b = 0, from = 0; b < kBuckets; from = bucket_end[b++]) std::sort(begin + from, begin + bucket_end[b], less);
}

rows::SingleGame single_game(const Visit& v, const RunGame& g) {
    rows::SingleGame s;
    s.serial = g.serial;
    s.outcome = g.outcome;
    s.white_elo = g.white_elo;
    s.black_elo = g.black_elo;
    s.date = g.date;
    s.ply = v.ply;
    s.first = v.first();
    s.played = v.played();
    s.white_moved = v.white_moved();
    s.eval_cp = v.eval_cp;
    s.spent_ms = v.spent_ms;
    return s;
}

// A run of fewer games keeps its solo positions in l and m rows: a query makes each solo
// position's rows again from its game's PGN, which many small adds would make costly.
constexpr std::size_t kMinSoloRunGames = 64;
constexpr std::size_t kSoloRowEntries = 128; // a k row's entries (an entry is about 8.5 bytes)

// The groups of rows, each a key range of its own with runs and SST files of its own (a f, the
// first half of the g rows | the rest of the g rows, i | k rows of positions below 2^63 | k rows
// from 2^63 | l below 2^63 | l from 2^63 | m below 2^63 | m from 2^63, n, v): the positions' two
// halves and the games' two are built and written at once (four tasks of about the same cost for
// two threads), each half's k, l and m rows in one pass over its sorted visits.
enum Group : std::size_t {
    kGamesGroup,
    kGamesTailGroup,
    kSoloLowGroup,
    kSoloHighGroup,
    kListsLowGroup,
    kListsHighGroup,
    kLowRowsGroup,
    kHighRowsGroup,
    kGroups
};
constexpr const char* kGroupNames[kGroups] = {"games",     "games-tail", "solo-low", "solo-high",
                                              "lists-low", "lists-high", "rows-low", "rows-high"};
constexpr std::uint64_t kHighPosition = std::uint64_t(1) << 63;

// The bytes of the runs' files (every group's), for the progress of their merge.
std::uint64_t bytes_of_runs(const std::vector<std::array<std::string, kGroups>>& runs) {
    std::uint64_t bytes = 0;
    for (const auto& run : runs)
        for (const std::string& path : run) {
            std::error_code ec;
            const auto size = fs::file_size(path, ec);
            if (!ec) bytes += size;
        }
    return bytes;
}
// The group whose sink a group's runs are merged into at commit: the k rows of both halves into
// one, and the games' two parts into one, since their keys start with the run's serials and
// interleave across runs (ingested files must not overlap); every other group into its own.
constexpr Group kMergedInto[kGroups] = {kGamesGroup,    kGamesGroup,     kSoloLowGroup, kSoloLowGroup,
                                        kListsLowGroup, kListsHighGroup, kLowRowsGroup, kHighRowsGroup};

// Calls work(task) for every task, on up to `threads` threads, in the order given (the costliest
// first); the first exception of a task is rethrown once all are done.
template <class Task>
void for_each_task(unsigned threads, const std::vector<Task>& tasks, const std::function<void(Task)>& work) {
    if (threads <= 1) {
        for (Task t : tasks) work(t);
        return;
    }
    std::atomic<std::size_t> next{0};
    std::vector<std::exception_ptr> errors(tasks.size());
    auto run = [&] {
        for (std::size_t i; (i = next++) < tasks.size();) {
            try {
                work(tasks[i]);
            } catch (...) {
                errors[i] = std::current_exception();
            }
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < std::min<std::size_t>(threads, tasks.size()); ++t) pool.emplace_back(run);
    run();
    for (std::thread& t : pool) t.join();
    for (const std::exception_ptr& e : errors)
        if (e) std::rethrow_exception(e);
}

} // namespace

// ---------------------------------------------------------------- the builder

struct AddBuilder::State {
    AddOptions options;
    std::string dir;                                    // the add's own directory: runs, then SST files
    std::vector<std::array<std::string, kGroups>> runs; // each run's file of each group
    std::size_t runs_written = 0;                       // (runs merged in passes count once)
    std::uint64_t next_serial = 1, first_serial = 0;
    std::vector<std::string> inputs;
    KeySet fingerprints_seen; // this add's
    KeySet ids_seen;          // this add's, of every run
    bool committed = false;

    // What the current run holds.
    std::vector<Visit> visits;
    std::size_t high_visits = 0; // where the visits of the high half start once partitioned
    bool solos = false;          // the run's solo positions go to k rows, not to l and m rows
    std::vector<RunGame> games;
    // The run's g rows, end to end in one buffer (reserved like the visits, its pages kept for
    // the next run): a string a game made many heap blocks of every size, whose freed memory the
    // heap kept in pieces (on real files 20 MB over the budget after the first run).
    std::string row_bytes;
    struct GameRow {
        std::uint64_t serial;
        std::size_t end; // where its row ends in row_bytes (it starts where the one before ends)
    };
    std::vector<GameRow> game_rows;
    std::string_view game_row(std::size_t i) const {
        const std::size_t begin = i ? game_rows[i - 1].end : 0;
        return std::string_view(row_bytes).substr(begin, game_rows[i].end - begin);
    }
    std::vector<std::pair<std::string, std::uint64_t>> ids, fingerprints;
    std::set<Month> months;
    std::set<std::uint8_t> variants;
    std::size_t bytes = 0; // what the run holds of its games besides visits and g rows
    // The visits and row bytes the last run left in memory: clear_run keeps their pages for the
    // next run, so that a run with fewer visits (or rows) than the one before still holds them.
    std::size_t resident_visits = 0, resident_row_bytes = 0;
    // The memory the run holds against the budget: its games, and its visits' and rows' pages,
    // the ones the last run touched included.
    std::size_t visit_bytes() const { return std::max(resident_visits, visits.size()) * sizeof(Visit); }
    std::size_t row_buffer_bytes() const { return std::max(resident_row_bytes, row_bytes.size()); }
    std::size_t held_bytes() const { return bytes + visit_bytes() + row_buffer_bytes() + remembered_bytes(); }
    // Gives back the pages of the last run that this one has not filled (false: none, or they
    // cannot be given back): a run that reaches the budget with another shape than the last
    // one goes on in their room, rather than being cut short by pages it does not use.
    bool release_unfilled_pages();
    // Whether the run holds the budget, once the last run's pages it has not filled are given back.
    bool over_budget() {
        const std::size_t budget = options.memory_bytes;
        return held_bytes() >= budget && (!release_unfilled_pages() || held_bytes() >= budget);
    }

    // What the add remembers of every game (its fingerprint and id sets), which counts against
    // the budget too, up to three quarters of it: a run always has a quarter.
    std::size_t remembered_bytes() const;
    void add_visits(const PreparedGame& g, std::uint32_t index);
    void write_run();
    void write_groups(const std::array<RowSink*, kGroups>& out);
    void clear_run();
    void write_games(RowSink& out, std::size_t from, std::size_t to, bool head);
    void write_positions(Visit* begin, Visit* end, RowSink& solo_out, RowSink& lists_out, RowSink& rows_out);
    // Merges the runs in passes of kMergeFanIn until there are at most that many.
    void merge_runs_to_fan_in();
    StageProgress* progress = nullptr; // the commit's stage that write_groups is part of
};

void AddBuilder::State::add_visits(const PreparedGame& p, std::uint32_t index) {
    for (const GameVisit& g : p.visits) {
        Visit& v = visits.emplace_back();
        v.position = g.position;
        v.game_and_flags =
            index | (g.first ? Visit::kFirst : 0) | (g.played ? Visit::kPlayed : 0) | (g.white_moved ? Visit::kWhiteMoved : 0);
        v.move = g.move;
        v.ply = g.ply;
        v.eval_cp = g.eval_cp;
        v.spent_ms = g.spent_ms;
    }
}

AddBuilder::AddBuilder(Database& db, AddOptions options) : db_(db), state_(std::make_unique<State>()) {
    State& s = *state_;
    s.options = std::move(options);
    const fs::path root = s.options.temp_dir.empty() ? fs::path(db.path()) / "staging" : fs::path(s.options.temp_dir);
    std::error_code ec;
    if (s.options.temp_dir.empty()) fs::remove_all(root, ec); // what a killed add left (never part of the database)
    s.dir = (root / fmt::format("add-{}", ::getpid())).string();
    fs::remove_all(s.dir, ec);
    fs::create_directories(s.dir, ec);
    if (ec) throw DbError(fmt::format("{}: cannot make the add's directory: {}", s.dir, ec.message()));
    s.next_serial = db.next_serial();
    // Room for the visits and the game rows a run holds at most (up to 1 GB's worth each),
    // reserved, not touched: no copy as they grow.
    const std::size_t most = std::min<std::size_t>(s.options.memory_bytes, std::size_t(1) << 30);
    s.visits.reserve(most / sizeof(Visit) + 1);
    advise_huge_pages(s.visits.data(), s.visits.capacity() * sizeof(Visit));
    s.row_bytes.reserve(most);
}

AddBuilder::~AddBuilder() {
    std::error_code ec;
    fs::remove_all(state_->dir, ec);
    if (state_->options.temp_dir.empty()) fs::remove(fs::path(state_->dir).parent_path(), ec); // when empty
}

std::size_t AddBuilder::runs() const { return state_->runs_written; }
std::size_t AddBuilder::memory_bytes() const { return state_->options.memory_bytes; }

bool AddBuilder::add(PreparedGame&& p) {
    State& s = *state_;
    const Key128 fingerprint = key128(p.fingerprint);
    if (s.fingerprints_seen.contains(fingerprint)) {
        ++duplicates_;
        return false;
    }
    std::string value;
    const rocksdb::Status st =
        db_.rocks().Get(rocksdb::ReadOptions(), std::string(1, rows::kFingerprint) + p.fingerprint, &value);
    if (st.ok()) {
        ++duplicates_;
        return false;
    }
    if (!st.IsNotFound()) throw_store_error(db_, st);
    // A row that would not fit in the rows' buffer (reserved up to 1 GB: a budget above it) goes to
    // the next run: the buffer never grows by a copy, which would hold the rows twice for a moment.
    std::size_t row_estimate = p.game.pgn.size() + p.game.source.size() + p.game.id.size() + 64;
    for (const auto& [tag_name, tag_value] : p.game.tags) row_estimate += tag_name.size() + tag_value.size() + 8;
    if (!s.games.empty() && s.row_bytes.size() + row_estimate > s.row_bytes.capacity()) s.write_run();
    s.fingerprints_seen.insert(fingerprint);
    const std::uint64_t serial = s.next_serial++;
    if (!s.first_serial) s.first_serial = serial;
    ++added_;
    p.game.serial = serial;
    if (!p.game.id.empty()) {
        // An id another game has already (another site's, or a game added under it before)
        // stays reachable by its serial only.
        const rocksdb::Status id = db_.rocks().Get(rocksdb::ReadOptions(), std::string(1, rows::kGameId) + p.game.id, &value);
        // (A set, not a scan of the run's ids: a lichess file has an id a game, so a scan made
        // the add quadratic in the games of a run.)
        if (id.ok() || !s.ids_seen.insert(key128(p.game.id))) p.game.id.clear();
    }
    if (p.game.id.empty()) p.game.id = fmt::format("#{}", serial);
    else s.ids.emplace_back(p.game.id, serial);
    s.fingerprints.emplace_back(p.fingerprint, serial);
    s.months.insert(month_of_date(p.facts.date));
    s.variants.insert(std::uint8_t(p.facts.variant));
    const auto index = std::uint32_t(s.games.size());
    const rows::RowClass row_class{month_of_date(p.facts.date), p.game.speed, rating_band(p.facts.white_elo, p.facts.black_elo)};
    s.games.push_back(
        RunGame{serial, p.facts.outcome, p.facts.white_elo, p.facts.black_elo, p.facts.date, row_class, class_order(row_class)});
    s.add_visits(p, index);
    rows::append_game(s.row_bytes, p.game);
    s.game_rows.push_back(State::GameRow{serial, s.row_bytes.size()});
    s.bytes += sizeof(State::GameRow) + 2 * p.fingerprint.size() + 2 * p.game.id.size() + sizeof(RunGame) + 64;
    if (s.over_budget() || s.games.size() >= kMaxRunGames) s.write_run();
    return true;
}

void AddBuilder::note_input(std::string_view name, std::uint64_t bytes, std::uint64_t hash) {
    state_->inputs.push_back(fmt::format("{} {} {:016x}", name, bytes, hash));
}

// The run written to files of its own (one a group), then cleared.
void AddBuilder::State::write_run() {
    if (games.empty()) return;
    StageProgress writing(options.progress, fmt::format("writing run {}", runs.size() + 1), visits.size() + game_rows.size());
    const StageScope stage(progress, writing);
    std::array<std::string, kGroups> paths;
    std::array<std::unique_ptr<RunWriter>, kGroups> writers;
    std::array<RowSink*, kGroups> sinks{};
    for (std::size_t g = 0; g < kGroups; ++g) {
        paths[g] = fmt::format("{}/run-{}-{}", dir, runs.size(), kGroupNames[g]);
        writers[g] = std::make_unique<RunWriter>(paths[g]);
        sinks[g] = writers[g].get();
    }
    write_groups(sinks);
    for (auto& w : writers) w->close();
    runs.push_back(paths);
    ++runs_written;
    // The pages past what this run used go back to the system (a run before it may have used
    // more visits, or more row bytes): the next run starts with at most this one's memory, within
    // the budget (release_unfilled_pages gives it room when it is shaped otherwise).
    release_unfilled_pages();
    resident_visits = std::max(resident_visits, visits.size());
    resident_row_bytes = std::max(resident_row_bytes, row_bytes.size());
    clear_run();
    // What the add remembers of its games has grown into the budget: the pages the next run
    // cannot fill go back too.
    const std::size_t room = options.memory_bytes - std::min(options.memory_bytes, remembered_bytes());
    if (visit_bytes() + row_buffer_bytes() > room && release_pages(visits.data(), resident_visits * sizeof(Visit)) &&
        release_pages(row_bytes.data(), resident_row_bytes))
        resident_visits = resident_row_bytes = 0;
}

bool AddBuilder::State::release_unfilled_pages() {
    bool released = false;
    if (visits.size() < resident_visits &&
        release_pages(visits.data() + visits.size(), (resident_visits - visits.size()) * sizeof(Visit))) {
        resident_visits = visits.size();
        released = true;
    }
    if (row_bytes.size() < resident_row_bytes &&
        release_pages(row_bytes.data() + row_bytes.size(), resident_row_bytes - row_bytes.size())) {
        resident_row_bytes = row_bytes.size();
        released = true;
    }
    return released;
}

std::size_t AddBuilder::State::remembered_bytes() const {
    return std::min(fingerprints_seen.bytes() + ids_seen.bytes(), options.memory_bytes / 4 * 3);
}

// The run's rows, each group in key order to its sink: the games, and the positions' two halves,
// at once.
void AddBuilder::State::write_groups(const std::array<RowSink*, kGroups>& out) {
    solos = games.size() >= kMinSoloRunGames;
    high_visits = std::size_t(
        std::partition(visits.begin(), visits.end(), [](const Visit& v) { return v.position < kHighPosition; }) - visits.begin());
    // The games' two parts split at half their rows' bytes.
    std::size_t split = 0;
    while (split < game_rows.size() && (split ? game_rows[split - 1].end : 0) < row_bytes.size() / 2) ++split;
    enum class Task { LowHalf, HighHalf, GamesHead, GamesTail };
    for_each_task<Task>(options.threads, {Task::LowHalf, Task::HighHalf, Task::GamesHead, Task::GamesTail}, [&](Task task) {
        switch (task) {
        case Task::GamesHead: write_games(*out[kGamesGroup], 0, split, true); return;
        case Task::GamesTail: write_games(*out[kGamesTailGroup], split, game_rows.size(), false); return;
        case Task::LowHalf:
            write_positions(visits.data(), visits.data() + high_visits, *out[kSoloLowGroup], *out[kListsLowGroup],
                            *out[kLowRowsGroup]);
            return;
        case Task::HighHalf:
            write_positions(visits.data() + high_visits, visits.data() + visits.size(), *out[kSoloHighGroup],
                            *out[kListsHighGroup], *out[kHighRowsGroup]);
            for (Month m : months) {
                std::string key(1, rows::kMonth);
                rows::put_be(key, m, 2);
                out[kHighRowsGroup]->write(key, "");
            }
            for (std::uint8_t v : variants) out[kHighRowsGroup]->write(std::string(1, rows::kVariant) + char(v), "");
            return;
        }
    });
}

// The g rows of game_rows[from, to), after the f rows (head) or before the i rows (the tail).
void AddBuilder::State::write_games(RowSink& out, std::size_t from, std::size_t to, bool head) {
    auto write_serials = [&](char kind, std::vector<std::pair<std::string, std::uint64_t>>& keys) {
        std::sort(keys.begin(), keys.end());
        std::string value;
        for (const auto& [key, serial] : keys) {
            value.clear();
            rows::put_varint(value, serial);
            out.write(std::string(1, kind) + key, value);
        }
    };
    if (head) write_serials(rows::kFingerprint, fingerprints);
    std::size_t reported = from;
    for (std::size_t g = from; g < to; ++g) {
        out.write(rows::serial_key(rows::kGame, game_rows[g].serial), game_row(g));
        if (progress && g + 1 - reported >= kProgressStep) {
            progress->add(g + 1 - reported);
            reported = g + 1;
        }
    }
    if (progress) progress->add(to - reported);
    if (!head) write_serials(rows::kGameId, ids);
}

void AddBuilder::State::clear_run() {
    visits.clear(); // the capacity (and the pages touched) kept for the next run
    row_bytes.clear();
    games.clear();
    game_rows = {};
    ids.clear();
    fingerprints.clear();
    months.clear();
    variants.clear();
    bytes = 0;
#if defined(__GLIBC__)
    // The run's other heap blocks (its games' ids, fingerprints, records) go back to the system
    // now, or the heap's high-water mark would add up with the visits' and rows' pages past the
    // budget.
    ::malloc_trim(0);
#endif
}

// The rows of the positions of [begin, end), in one pass over the visits sorted in row order:
// k RUN FIRST_POSITION (solo_out): the positions only one game of the run reached, each with that
// game and the ply of its first visit, in rows of about kSoloRowEntries; l POSITION FIRST_SERIAL
// (lists_out): every game of the run that reached each other position, in added order, with the
// ply of its first visit; m POSITION CLASS MOVE (rows_out): a row of one game is that game's
// figures, else the games' sums. In a run of kMinSoloRunGames games or more, a solo position (all
// its visits one game's) has no l and no m row: a query makes the game's rows again from its stored
// PGN.
void AddBuilder::State::write_positions(Visit* begin, Visit* end, RowSink& solo_out, RowSink& lists_out, RowSink& rows_out) {
    sort_visits(begin, end, games);
    const std::uint64_t run = games.empty() ? 0 : games.front().serial;
    std::vector<rows::SoloEntry> solo_row;
    std::vector<ListEntry> list; // a position's games, by their first visits
    std::string value;
    auto write_solo_row = [&] {
        value.clear();
        rows::put_solo_entries(value, run, solo_row.data(), solo_row.data() + solo_row.size());
        solo_out.write(rows::solo_key(run, solo_row.front().position), value);
        solo_row.clear();
    };
    const Visit* reported = begin;
    for (Visit* i = begin; i != end;) {
        if (progress && std::uint64_t(i - reported) >= kProgressStep) {
            progress->add(std::uint64_t(i - reported));
            reported = i;
        }
        // The position's visits, [i, position_end): a game's first visit of it is one of them.
        bool one_game = true;
        Visit* position_end = i + 1;
        for (; position_end != end && position_end->position == i->position; ++position_end)
            one_game = one_game && position_end->game() == i->game();
        if (solos && one_game) {
            const Visit* first = std::find_if(i, position_end, [](const Visit& v) { return v.first(); });
            solo_row.push_back(rows::SoloEntry{i->position, games[i->game()].serial, first->ply});
            if (solo_row.size() == kSoloRowEntries) write_solo_row();
            i = position_end;
            continue;
        }
        list.clear();
        for (const Visit* v = i; v != position_end; ++v)
            if (v->first()) list.push_back(ListEntry{v->game(), v->ply});
        std::sort(list.begin(), list.end(), [](const ListEntry& a, const ListEntry& b) { return a.game < b.game; });
        const std::uint64_t list_first = games[list.front().game].serial;
        std::uint64_t last = list_first;
        value.clear();
        for (const ListEntry& e : list) {
            const std::uint64_t serial = games[e.game].serial;
            rows::put_varint(value, serial - last);
            rows::put_varint(value, e.ply);
            last = serial;
        }
        lists_out.write(rows::list_key(i->position, list_first), value);
        while (i != position_end) {
            const Visit& head = *i;
            const std::string key = rows::move_row_key(head.position, games[head.game()].row_class, head.move);
            if (i + 1 == position_end || !same_row(i[1], head, games)) {
                rows_out.write(key, rows::encode(single_game(head, games[head.game()])));
                ++i;
                continue;
            }
            rows::ClassMoveRow row;
            for (; i != position_end && same_row(*i, head, games); ++i)
                row.add(rows::row_of(single_game(*i, games[i->game()]), head.move));
            rows_out.write(key, rows::encode(row));
        }
    }
    if (!solo_row.empty()) write_solo_row();
    if (progress) progress->add(std::uint64_t(end - reported));
}

namespace {

// Writes the rows in key order to SST files of about kSstBytes each (never two with one key).
class SstSequence : public RowSink {
public:
    SstSequence(std::string dir, std::string name, bool filter)
        : dir_(std::move(dir)), name_(std::move(name)), options_(detail::store_options(filter)) {}
    void write(std::string_view key, std::string_view value) override {
        // The k rows are bit-packed (random bits, mostly): a file of their own, not compressed,
        // spares zstd the try.
        const bool packed = key[0] == rows::kSolo;
        if (!writer_ || writer_->FileSize() >= kSstBytes || packed != packed_) open_next(packed);
        const bool merged = key[0] == rows::kMove;
        check(merged ? writer_->Merge(key, value) : writer_->Put(key, value));
    }
    std::vector<std::string> finish() {
        if (writer_) check(writer_->Finish());
        writer_.reset();
        return files_;
    }

private:
    static constexpr std::uint64_t kSstBytes = std::uint64_t(256) << 20;
    // zstd's level 1, not its default 3, for the add's files: 0.92x the CPU of a whole add for
    // 1.03x the size (uniq.pgn, docs/bench.md); the compactions of later adds rewrite them at
    // the store's level.
    static constexpr int kAddZstdLevel = 1;
    void open_next(bool packed) {
        if (writer_) check(writer_->Finish());
        files_.push_back(fmt::format("{}/add-{}-{:04}.sst", dir_, name_, files_.size()));
        packed_ = packed;
        rocksdb::Options options = options_;
        if (packed) options.compression = options.bottommost_compression = rocksdb::kNoCompression;
        options.compression_opts.level = kAddZstdLevel;
        writer_ = std::make_unique<rocksdb::SstFileWriter>(rocksdb::EnvOptions(), options);
        check(writer_->Open(files_.back()));
    }
    void check(const rocksdb::Status& s) {
        if (!s.ok()) throw DbError(fmt::format("{}: cannot write the add's SST file: {}", dir_, s.ToString()));
    }
    std::string dir_, name_;
    rocksdb::Options options_;
    std::unique_ptr<rocksdb::SstFileWriter> writer_;
    std::vector<std::string> files_;
    bool packed_ = false;
};

// The runs of one group merged by key: a row in several runs (a count row, a month, a variant)
// added up.
void merge_runs(const std::vector<std::string>& runs, std::size_t buffer_bytes, RowSink& out, StageProgress* progress) {
    std::vector<std::unique_ptr<RunReader>> readers;
    for (const std::string& run : runs) readers.push_back(std::make_unique<RunReader>(run, buffer_bytes));
    std::uint64_t rows = 0, reported = 0;
    auto report = [&] {
        std::uint64_t read = 0;
        for (const auto& r : readers) read += r->bytes_read();
        if (progress) progress->add(read - reported);
        reported = read;
    };
    auto later = [&](std::size_t a, std::size_t b) { return readers[a]->key() > readers[b]->key(); };
    std::priority_queue<std::size_t, std::vector<std::size_t>, decltype(later)> heap(later);
    for (std::size_t i = 0; i < readers.size(); ++i)
        if (readers[i]->valid()) heap.push(i);
    std::string key, value;
    while (!heap.empty()) {
        std::size_t i = heap.top();
        heap.pop();
        key = readers[i]->key();
        value = readers[i]->value();
        readers[i]->next();
        if (readers[i]->valid()) heap.push(i);
        while (!heap.empty() && readers[heap.top()]->key() == key) {
            i = heap.top();
            heap.pop();
            value = rows::merge_values(key, value, readers[i]->value());
            readers[i]->next();
            if (readers[i]->valid()) heap.push(i);
        }
        out.write(key, value);
        if (++rows % kProgressStep == 0) report();
    }
    report();
}

std::string encode_log(const AddLogEntry& log) {
    std::string value;
    for (std::uint64_t v : {log.time, log.games_read, log.games_added, log.duplicates, log.first_serial, log.last_serial})
        rows::put_varint(value, v);
    rows::put_varint(value, log.inputs.size());
    for (const std::string& input : log.inputs) rows::put_bytes(value, input);
    return value;
}

} // namespace

// The stdio buffer of each run file a merge reads: `readers` of them open at once within a
// quarter of the budget (the run's memory is given back first), from 16 to 256 KB each.
std::size_t run_buffer_bytes(std::size_t memory_bytes, std::size_t readers) {
    return std::clamp<std::size_t>(memory_bytes / 4 / std::max<std::size_t>(readers, 1), std::size_t(16) << 10,
                                   std::size_t(256) << 10);
}

// The runs an add's commit merges at once (each a file per group): an add of many runs (a big
// input under a small --memory) merges them first in passes, each group of kMergeFanIn runs into
// one, so that the files open at once stay far below the usual limit of 1024 (an add of 10,000
// runs once stopped with "Too many open files") and a reader for each run fits in the budget.
constexpr std::size_t kMergeFanIn = 64;

void AddBuilder::State::merge_runs_to_fan_in() {
    for (int pass = 1; runs.size() > kMergeFanIn; ++pass) {
        StageProgress pass_progress(options.progress, fmt::format("merging {} runs (pass {})", runs.size(), pass),
                                    bytes_of_runs(runs));
        std::vector<std::array<std::string, kGroups>> merged((runs.size() + kMergeFanIn - 1) / kMergeFanIn);
        std::vector<std::pair<std::size_t, std::size_t>> tasks; // (merged run, group)
        for (std::size_t m = 0; m < merged.size(); ++m)
            for (std::size_t g = 0; g < kGroups; ++g) {
                merged[m][g] = fmt::format("{}/merge-{}-{}-{}", dir, pass, m, kGroupNames[g]);
                tasks.emplace_back(m, g);
            }
        const std::size_t buffer_bytes = run_buffer_bytes(options.memory_bytes, kMergeFanIn * options.threads);
        for_each_task<std::pair<std::size_t, std::size_t>>(options.threads, tasks, [&](std::pair<std::size_t, std::size_t> t) {
            const auto [m, g] = t;
            std::vector<std::string> run_files;
            for (std::size_t r = m * kMergeFanIn; r < std::min(runs.size(), (m + 1) * kMergeFanIn); ++r)
                run_files.push_back(runs[r][g]);
            RunWriter out(merged[m][g]);
            merge_runs(run_files, buffer_bytes, out, &pass_progress);
            out.close();
            std::error_code ec;
            for (const std::string& run_file : run_files) fs::remove(run_file, ec);
        });
        runs = std::move(merged);
    }
}

AddLogEntry AddBuilder::commit() {
    State& s = *state_;
    if (s.committed) throw std::logic_error("AddBuilder::commit called twice");
    s.committed = true;
    if (!s.runs.empty()) s.write_run(); // else what is held goes to the SST files directly
    AddLogEntry log;
    const auto previous = db_.add_log();
    log.number = previous.empty() ? 1 : previous.back().number + 1;
    log.time = std::uint64_t(
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count());
    log.games_read = games_read_;
    log.games_added = added_;
    log.duplicates = duplicates_;
    log.first_serial = added_ ? s.first_serial : 0;
    log.last_serial = added_ ? s.next_serial - 1 : 0;
    log.inputs = s.inputs;

    std::vector<std::unique_ptr<SstSequence>> ssts;
    std::array<RowSink*, kGroups> sinks{};
    for (std::size_t g = 0; g < kGroups; ++g) {
        // Only the games groups' rows are looked up by key (fingerprints, ids, serials): the
        // lists and count rows are read by prefix scans and go without a filter.
        ssts.push_back(std::make_unique<SstSequence>(s.dir, kGroupNames[g], g == kGamesGroup || g == kGamesTailGroup));
        sinks[g] = ssts.back().get();
    }
    sinks[kGamesGroup]->write(rows::serial_key(rows::kAddLog, log.number), encode_log(log)); // 'a' sorts before 'f'
    if (s.runs.empty()) {
        if (!s.games.empty()) {
            StageProgress writing(s.options.progress, "writing the database", s.visits.size() + s.game_rows.size());
            const StageScope stage(s.progress, writing);
            s.write_groups(sinks);
        }
    } else {
        // The runs' files are read a group at a time on each thread: their buffers, one for every
        // run of every group, could all be open at once.
        std::vector<Visit>().swap(s.visits);
        std::string().swap(s.row_bytes);
        s.merge_runs_to_fan_in();
        const std::size_t buffer_bytes = run_buffer_bytes(s.options.memory_bytes, s.runs.size() * kGroups);
        StageProgress writing(s.options.progress, "writing the database", bytes_of_runs(s.runs));
        const std::vector<Group> merged = {kLowRowsGroup,  kHighRowsGroup,  kGamesGroup,
                                           kListsLowGroup, kListsHighGroup, kSoloLowGroup};
        for_each_task<Group>(s.options.threads, merged, [&](Group g) {
            std::vector<std::string> runs;
            for (const auto& run : s.runs)
                for (std::size_t h = 0; h < kGroups; ++h)
                    if (kMergedInto[h] == g) runs.push_back(run[h]);
            merge_runs(runs, buffer_bytes, *sinks[g], &writing);
            ssts[g]->finish(); // its writer's buffers and compression context go now, not after every group
        });
    }
    std::vector<std::string> files;
    for (auto& sst : ssts)
        for (std::string& f : sst->finish()) files.push_back(std::move(f));
    rocksdb::IngestExternalFileOptions ingest;
    ingest.move_files = true;
    const rocksdb::Status st = db_.rocks().IngestExternalFile(files, ingest); // one job: all of the add, or none
    if (!st.ok()) throw_store_error(db_, st);
    return log;
}

} // namespace horde::db
