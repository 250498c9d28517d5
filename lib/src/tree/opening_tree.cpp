#include "horde/tree/opening_tree.hpp"

#include "temp_file.hpp"

#include "horde/notation/san.hpp"
#include "horde/position/board.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <new>
#include <stdexcept>
#include <sys/mman.h>
#include <unistd.h>

namespace horde::tree {

void MoveSums::add(const MoveSums& o) {
    results.add(o.results);
    rated += o.rated;
    mover_elo_sum += o.mover_elo_sum;
    opponent_elo_sum += o.opponent_elo_sum;
    mover_wins += o.mover_wins;
    mover_losses += o.mover_losses;
    evals += o.evals;
    eval_cp_sum += o.eval_cp_sum;
    timed += o.timed;
    spent_ms_sum += o.spent_ms_sum;
    if (o.first_date && (!first_date || o.first_date < first_date)) first_date = o.first_date;
    last_date = std::max(last_date, o.last_date);
}

namespace {

// What a game leaves in the tree for one of its positions: a record in the bucket of the
// position's key, written where the game first reaches the position (with its FEN) and where it
// first plays a move from it (with the move's figures and the game's name, for the examples).
// The game's figures are copied into each record, so that a bucket is added up from its own
// records alone.
struct RecordHead {
    std::uint64_t key;
    std::uint64_t child_key; // with a move: the position it leads to
    std::uint64_t ordinal;
    std::int32_t eval_cp, spent_ms;
    std::int32_t white_elo, black_elo;
    std::uint32_t date;
    std::uint16_t move; // Move::raw(), with kHasMove
    std::uint16_t ply;
    std::uint16_t name_size;
    std::uint8_t fen_size; // with kFirstVisit
    std::uint8_t variant;
    std::uint8_t outcome;
    std::uint8_t flags;
};
constexpr std::uint8_t kFirstVisit = 1; // the game's first visit of the position: it counts the game
constexpr std::uint8_t kHasMove = 2;    // the game's first play of the move from the position
constexpr std::uint8_t kWhiteMoved = 4;

void add_move_figures(MoveSums& m, const RecordHead& r) {
    const auto outcome = Outcome(r.outcome);
    const bool white_moved = (r.flags & kWhiteMoved) != 0;
    m.results.add(outcome);
    const int mover = white_moved ? r.white_elo : r.black_elo;
    const int opponent = white_moved ? r.black_elo : r.white_elo;
    if (mover > 0 && opponent > 0 && outcome != Outcome::Unfinished) {
        ++m.rated;
        m.mover_elo_sum += mover;
        m.opponent_elo_sum += opponent;
        const bool white_won = outcome == Outcome::WhiteWins, black_won = outcome == Outcome::BlackWins;
        if (white_moved ? white_won : black_won) ++m.mover_wins;
        if (white_moved ? black_won : white_won) ++m.mover_losses;
    }
    if (r.eval_cp != kNoFigure) {
        ++m.evals;
        m.eval_cp_sum += r.eval_cp;
    }
    if (r.spent_ms != kNoFigure) {
        ++m.timed;
        m.spent_ms_sum += r.spent_ms;
    }
    if (r.date) {
        if (!m.first_date || r.date < m.first_date) m.first_date = r.date;
        m.last_date = std::max(m.last_date, r.date);
    }
}

void sort_moves(PositionStats& p) {
    std::sort(p.moves.begin(), p.moves.end(), [](const MoveStats& a, const MoveStats& b) {
        if (a.results.games != b.results.games) return a.results.games > b.results.games;
        return a.move.raw() < b.move.raw();
    });
}

// A kept position is made ready to show: its moves in order, each with its SAN (written here,
// for the positions shown only: most positions of a big tree are not).
void finish_position(PositionStats& p) {
    sort_moves(p);
    const auto board = position::Board::from_fen(p.variant, p.fen);
    for (MoveStats& m : p.moves)
        m.san.assign(std::holds_alternative<position::Board>(board) ? notation::to_san(std::get<position::Board>(board), m.move)
                                                                    : position::Board(p.variant).uci(m.move));
}

constexpr unsigned kBucketBits = 10;
constexpr std::size_t kChunk = 8 << 10; // a bucket's bytes are kept in chunks of this size

// Chunks carved from 2 MB slabs, aligned so that the kernel may back each with one huge page:
// a tree of a few hundred MB then costs a few hundred page faults instead of tens of thousands,
// which cost more than the tree's own work. Chunks given back are reused; the slabs go back to
// the system with the pool.
class ChunkPool {
public:
    static constexpr std::size_t kSlab = std::size_t(2) << 20;
    ChunkPool() = default;
    ChunkPool(const ChunkPool&) = delete;
    ChunkPool& operator=(const ChunkPool&) = delete;
    ~ChunkPool() { release(); }
    char* take() {
        if (free_.empty()) grow();
        char* chunk = free_.back();
        free_.pop_back();
        return chunk;
    }
    void give_back(char* chunk) { free_.push_back(chunk); }
    void release() {
        for (void* slab : slabs_) ::munmap(slab, kSlab);
        slabs_.clear();
        free_.clear();
    }

private:
    void grow() {
        // Twice the size mapped, to cut an aligned slab out of it.
        void* raw = ::mmap(nullptr, 2 * kSlab, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (raw == MAP_FAILED) throw std::bad_alloc();
        const auto begin = reinterpret_cast<std::uintptr_t>(raw);
        const std::uintptr_t aligned = (begin + kSlab - 1) & ~(kSlab - 1);
        if (aligned > begin) ::munmap(raw, aligned - begin);
        if (begin + 2 * kSlab > aligned + kSlab) ::munmap(reinterpret_cast<void*>(aligned + kSlab), begin + kSlab - aligned);
        void* slab = reinterpret_cast<void*>(aligned);
        ::madvise(slab, kSlab, MADV_HUGEPAGE); // a hint: the kernel may say no
        slabs_.push_back(slab);
        for (std::size_t at = kSlab; at >= kChunk; at -= kChunk) free_.push_back(static_cast<char*>(slab) + at - kChunk);
    }

    std::vector<void*> slabs_;
    std::vector<char*> free_; // the lowest last: taken first
};

} // namespace

// A part: the records of the games one thread at a time adds, in buckets by key, each a list of
// chunks in memory and the segments spilled to the part's unnamed temporary file.
struct OpeningTree::Part {
    Part(const TreeOptions& tree_options, std::atomic<std::size_t>& memory, std::size_t part_count)
        : options(tree_options), tree_memory(memory), parts(part_count), buckets(OpeningTree::kBuckets) {}
    ~Part() {
        if (spill_file) std::fclose(spill_file);
    }
    Part(const Part&) = delete;
    Part& operator=(const Part&) = delete;

    struct Segment {
        std::uint64_t offset, size;
    };
    struct Bucket {
        std::vector<char*> chunks;
        std::vector<std::uint32_t> ends; // the bytes used in each chunk but the last
        std::size_t used = kChunk;       // in the last chunk
        std::uint64_t bytes = 0;         // held in memory
        std::vector<Segment> spilled;
        std::size_t chunk_size(std::size_t c) const { return c + 1 < chunks.size() ? ends[c] : used; }
    };

    void add_game(const GameFacts& game, std::uint64_t ordinal, const std::function<void(std::string&)>& name);
    // Room for a record of `size` bytes in the bucket: a record never spans two chunks, so that
    // the records are read where they are (a chunk's unused end is left out of `used`).
    char* room(Bucket& b, std::size_t size) {
        if (kChunk - b.used < size) {
            if (!b.chunks.empty()) b.ends.push_back(std::uint32_t(b.used));
            if (size <= kChunk) {
                b.chunks.push_back(pool.take());
                memory_used += kChunk;
            } else { // a record of a very long name: a chunk of its own
                b.chunks.push_back(oversize.emplace_back(new char[size]).get());
                memory_used += size;
            }
            b.used = 0;
        }
        char* at = b.chunks.back() + b.used;
        b.used += size;
        b.bytes += size;
        return at;
    }
    // The bucket's chunks go back to the pool (the oversize ones are freed by the caller).
    void empty_bucket(Bucket& b) {
        for (char* chunk : b.chunks)
            if (std::none_of(oversize.begin(), oversize.end(), [&](const auto& o) { return o.get() == chunk; })) pool.give_back(chunk);
        b.chunks.clear();
        b.ends.clear();
        b.used = kChunk;
        b.bytes = 0;
    }
    // Bucket b's bytes, read from disk into `spilled` and held in memory: each span a whole
    // number of records, the spilled ones first.
    void bucket_spans(std::size_t b, std::string& spilled, std::vector<std::string_view>& spans) const;
    void spill();
    void clear();

    const TreeOptions& options;
    std::atomic<std::size_t>& tree_memory; // what every part holds: the budget is the tree's
    std::size_t parts;
    std::vector<Bucket> buckets;
    ChunkPool pool;
    std::vector<std::unique_ptr<char[]>> oversize;
    std::size_t memory_used = 0;     // chunks in use
    std::size_t memory_counted = 0;  // of it, added to tree_memory
    std::FILE* spill_file = nullptr;
    std::uint64_t spill_bytes = 0;
    std::size_t spills = 0;
    std::uint64_t records = 0;
    std::vector<std::uint64_t> seen; // the current game's position keys (once per game)
    std::vector<std::pair<std::uint64_t, std::uint16_t>> seen_moves;
    std::string name;                // the current game's
};

OpeningTree::OpeningTree(TreeOptions options) : options_(std::move(options)) {
    options_.temp_dir = detail::temp_dir_or_default(options_.temp_dir);
    set_parts(1);
}

OpeningTree::~OpeningTree() = default;

void OpeningTree::set_parts(std::size_t parts) {
    parts_.clear();
    memory_ = 0;
    parts = std::max<std::size_t>(parts, 1);
    for (std::size_t i = 0; i < parts; ++i) parts_.push_back(std::make_unique<Part>(options_, memory_, parts));
}

void OpeningTree::add_game(std::size_t part, const GameFacts& game, std::uint64_t ordinal,
                           const std::function<void(std::string&)>& name) {
    parts_[part]->add_game(game, ordinal, name);
}

std::uint64_t OpeningTree::records() const {
    std::uint64_t n = 0;
    for (const auto& part : parts_) n += part->records;
    return n;
}

std::size_t OpeningTree::spilled_runs() const {
    std::size_t n = 0;
    for (const auto& part : parts_) n += part->spills;
    return n;
}

void OpeningTree::Part::add_game(const GameFacts& game, std::uint64_t ordinal, const std::function<void(std::string&)>& name_of) {
    seen.clear();
    seen_moves.clear();
    name.clear();
    if (options.examples > 0) {
        name_of(name);
        if (name.size() > 0xFFFF) name.resize(0xFFFF);
    }
    RecordHead r{};
    r.ordinal = ordinal;
    r.white_elo = game.white_elo;
    r.black_elo = game.black_elo;
    r.date = game.date;
    r.variant = std::uint8_t(game.variant);
    r.outcome = std::uint8_t(game.outcome);
    for (std::size_t i = 0; i < game.plies.size(); ++i) {
        const GamePly& ply = game.plies[i];
        r.flags = 0;
        if (std::find(seen.begin(), seen.end(), ply.key) == seen.end()) {
            seen.push_back(ply.key);
            r.flags |= kFirstVisit;
        }
        if (!ply.move.is_none() && i + 1 < game.plies.size()) {
            const auto move_id = std::pair{ply.key, ply.move.raw()};
            if (std::find(seen_moves.begin(), seen_moves.end(), move_id) == seen_moves.end()) {
                seen_moves.push_back(move_id);
                r.flags |= kHasMove;
            }
        }
        if (r.flags == 0) continue;
        r.key = ply.key;
        r.ply = std::uint16_t(i);
        const std::string_view fen = r.flags & kFirstVisit ? game.fen(i) : std::string_view();
        r.fen_size = std::uint8_t(fen.size()); // a FEN of 4 fields has at most 92 characters
        if (r.flags & kHasMove) {
            r.flags |= ply.white_to_move ? kWhiteMoved : 0;
            r.move = ply.move.raw();
            r.child_key = game.plies[i + 1].key;
            r.eval_cp = ply.eval_cp;
            r.spent_ms = ply.spent_ms;
            r.name_size = std::uint16_t(name.size());
        } else {
            r.move = 0;
            r.child_key = 0;
            r.eval_cp = r.spent_ms = kNoFigure;
            r.name_size = 0;
        }
        const std::size_t name_size = r.flags & kHasMove ? name.size() : 0;
        char* at = room(buckets[ply.key >> (64 - kBucketBits)], sizeof r + fen.size() + name_size);
        std::memcpy(at, &r, sizeof r);
        std::memcpy(at + sizeof r, fen.data(), fen.size());
        std::memcpy(at + sizeof r + fen.size(), name.data(), name_size);
        ++records;
    }
    // Over the budget, the part that adds spills if it holds at least half its share: some part
    // always does, and the parts take turns (the run's slots rotate), so the tree stays within
    // the budget plus what the parts add before their turn. A part holds at least two chunks a
    // bucket before it spills: below that a spill would write a sliver of each bucket.
    const std::size_t held = tree_memory.fetch_add(memory_used - memory_counted, std::memory_order_relaxed) + memory_used - memory_counted;
    memory_counted = memory_used;
    if (held > options.memory_bytes && memory_used * 2 * parts >= options.memory_bytes &&
        memory_used >= 2 * kChunk * OpeningTree::kBuckets)
        spill();
}

void OpeningTree::Part::spill() {
    if (!spill_file) spill_file = detail::anonymous_file(options.temp_dir);
    auto fail = [&] {
        throw std::runtime_error(
            fmt::format("cannot spill the tree to a temporary file in {}: {}", options.temp_dir, std::strerror(errno)));
    };
    for (Bucket& b : buckets) {
        if (b.bytes == 0) continue;
        for (std::size_t c = 0; c < b.chunks.size(); ++c)
            if (std::fwrite(b.chunks[c], 1, b.chunk_size(c), spill_file) != b.chunk_size(c)) fail();
        b.spilled.push_back(Segment{spill_bytes, b.bytes});
        spill_bytes += b.bytes;
    }
    if (std::fflush(spill_file) != 0) fail();
    ++spills;
    for (Bucket& b : buckets) empty_bucket(b);
    oversize.clear();
    tree_memory.fetch_sub(memory_counted, std::memory_order_relaxed);
    memory_used = memory_counted = 0;
}

void OpeningTree::Part::bucket_spans(std::size_t index, std::string& spilled, std::vector<std::string_view>& spans) const {
    const Bucket& b = buckets[index];
    spilled.clear();
    for (const Segment& s : b.spilled) {
        const std::size_t at = spilled.size();
        spilled.resize(at + s.size);
        const ssize_t got = ::pread(::fileno(spill_file), spilled.data() + at, s.size, off_t(s.offset));
        if (got != ssize_t(s.size))
            throw std::runtime_error(fmt::format("cannot read the spilled tree back from {}: {}", options.temp_dir,
                                                 got < 0 ? std::strerror(errno) : "the file is shorter than written"));
    }
    if (!spilled.empty()) spans.emplace_back(spilled);
    for (std::size_t c = 0; c < b.chunks.size(); ++c) spans.emplace_back(b.chunks[c], b.chunk_size(c));
}

void OpeningTree::Part::clear() {
    for (Bucket& b : buckets) b = Bucket{};
    oversize.clear();
    pool.release();
    tree_memory.fetch_sub(memory_counted, std::memory_order_relaxed);
    memory_used = memory_counted = 0;
    if (spill_file) std::fclose(spill_file);
    spill_file = nullptr;
    spill_bytes = 0;
    records = 0;
}

namespace {

RecordHead head_at(const char* at) {
    RecordHead r;
    std::memcpy(&r, at, sizeof r);
    return r;
}

std::size_t record_size(const RecordHead& r) { return sizeof r + r.fen_size + (r.flags & kHasMove ? r.name_size : 0); }

// A bucket's positions, counted from their records (open addressing by key, sized for the
// records, so that it stays in the cache): what `keep` decides on.
class BucketPositions {
public:
    struct Counted {
        std::uint64_t key;
        const char* fen_record = nullptr; // the first visit of the first game by ordinal
        std::uint64_t fen_ordinal = ~std::uint64_t{0};
        ResultCounts results;
        std::uint16_t ply = 0xFFFF;
        Variant variant = Variant::Chess;
        bool kept = false;
        void to(PositionStats& p) const {
            p.key = key;
            p.variant = variant;
            p.ply = ply;
            p.results = results;
        }
    };
    void reset(std::size_t records) {
        std::size_t size = 64;
        while (size < 2 * records) size *= 2;
        slots_.assign(size, kEmpty);
        counted_.clear();
    }
    std::uint32_t index_of(std::uint64_t key) {
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = std::size_t(key) & mask;; i = (i + 1) & mask) {
            if (slots_[i] == kEmpty) {
                slots_[i] = std::uint32_t(counted_.size());
                counted_.emplace_back().key = key;
                return slots_[i];
            }
            if (counted_[slots_[i]].key == key) return slots_[i];
        }
    }
    Counted& operator[](std::uint32_t i) { return counted_[i]; }
    std::vector<Counted>& all() { return counted_; }

private:
    static constexpr std::uint32_t kEmpty = 0xFFFFFFFF;
    std::vector<std::uint32_t> slots_;
    std::vector<Counted> counted_;
};

// A record of a kept position, to sort: by key, then move (none first), then ordinal, so that a
// position's records lie side by side and its moves' records come in input order (their first
// games are the examples).
struct SortedRecord {
    std::uint64_t key;
    std::uint64_t order;
    const char* at;
    std::uint32_t position; // in BucketPositions
    bool operator<(const SortedRecord& o) const { return key != o.key ? key < o.key : order < o.order; }
};

} // namespace

// Two passes over the bucket's records, from every part, spilled and held: the first counts
// each position's games (its records with a first visit), the second sorts only the records of
// the positions `keep` takes and makes them into PositionStats (most positions of a big tree are
// reached by one game and never shown).
void OpeningTree::show_bucket(std::size_t b, const std::function<bool(const PositionStats&)>& keep,
                              const std::function<void(PositionStats&)>& visit) const {
    std::vector<std::string> spilled(parts_.size());
    std::vector<std::string_view> spans;
    for (std::size_t part = 0; part < parts_.size(); ++part) parts_[part]->bucket_spans(b, spilled[part], spans);
    std::vector<std::pair<const char*, std::uint32_t>> records; // where, and its position
    std::size_t bytes = 0;
    for (const std::string_view span : spans) bytes += span.size();
    BucketPositions positions;
    positions.reset(bytes / sizeof(RecordHead));
    for (const std::string_view span : spans)
        for (std::size_t at = 0; at < span.size();) {
            __builtin_prefetch(span.data() + at + 1024); // records written long ago: out of the cache
            if (span.size() - at < sizeof(RecordHead)) throw std::runtime_error("the tree's records are cut short");
            const RecordHead r = head_at(span.data() + at);
            const std::uint32_t n = positions.index_of(r.key);
            records.emplace_back(span.data() + at, n);
            if (r.flags & kFirstVisit) {
                BucketPositions::Counted& c = positions[n];
                c.variant = Variant(r.variant);
                c.ply = std::min(c.ply, r.ply);
                c.results.add(Outcome(r.outcome));
                if (r.ordinal < c.fen_ordinal) c.fen_ordinal = r.ordinal, c.fen_record = span.data() + at;
            }
            at += record_size(r);
            if (at > span.size()) throw std::runtime_error("the tree's records are cut short");
        }
    bool any = false;
    PositionStats counts; // what keep sees: key, variant, ply and results
    for (BucketPositions::Counted& c : positions.all()) {
        if (!c.fen_record) continue;
        c.to(counts);
        any |= c.kept = keep(counts);
    }
    if (!any) return;
    std::vector<SortedRecord> sorted;
    for (const auto& [at, n] : records) {
        if (!positions[n].kept) continue;
        const RecordHead r = head_at(at);
        sorted.push_back(SortedRecord{r.key, (r.flags & kHasMove ? std::uint64_t(r.move) + 1 : 0) << 47 | r.ordinal, at, n});
    }
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 0, j = 0; i < sorted.size(); i = j) {
        const BucketPositions::Counted& c = positions[sorted[i].position];
        PositionStats p;
        c.to(p);
        p.fen.assign(c.fen_record + sizeof(RecordHead), head_at(c.fen_record).fen_size);
        for (j = i; j < sorted.size() && sorted[j].key == sorted[i].key; ++j) {
            const RecordHead r = head_at(sorted[j].at);
            if (!(r.flags & kHasMove)) continue;
            if (p.moves.empty() || p.moves.back().move.raw() != r.move) {
                MoveStats& m = p.moves.emplace_back();
                m.move = Move(r.move);
                m.child_key = r.child_key;
            }
            MoveStats& m = p.moves.back();
            add_move_figures(m, r);
            if (m.examples.size() < options_.examples) // in ordinal order: the first ones
                m.examples.push_back(ExampleGame{r.ordinal, std::string(sorted[j].at + sizeof r + r.fen_size, r.name_size)});
        }
        finish_position(p);
        visit(p);
    }
}

void OpeningTree::for_each(const std::function<bool(const PositionStats&)>& keep,
                           const std::function<void(PositionStats&)>& visit) {
    for (std::size_t b = 0; b < kBuckets; ++b) show_bucket(b, keep, visit);
    clear();
}

void OpeningTree::clear() {
    for (auto& part : parts_) part->clear();
}

std::string date_text(std::uint32_t date) {
    // By hand: called for two dates of every move shown.
    char text[10] = {'0', '0', '0', '0', '.', '?', '?', '.', '?', '?'};
    for (unsigned year = date / 10000 % 10000, i = 4; i-- > 0; year /= 10) text[i] = char('0' + year % 10);
    if (const unsigned month = date / 100 % 100) text[5] = char('0' + month / 10), text[6] = char('0' + month % 10);
    if (const unsigned day = date % 100) text[8] = char('0' + day / 10), text[9] = char('0' + day % 10);
    return std::string(text, sizeof text);
}

MoveFigures move_figures(const MoveStats& m) {
    MoveFigures f;
    if (m.rated) {
        f.rating = double(m.mover_elo_sum) / m.rated;
        f.performance = double(m.opponent_elo_sum) / m.rated + 400.0 * (m.mover_wins - m.mover_losses) / m.rated;
    }
    if (m.evals) {
        f.has_eval = true;
        f.eval = double(m.eval_cp_sum) / m.evals / 100.0;
    }
    if (m.timed) {
        f.has_time = true;
        f.seconds = double(m.spent_ms_sum) / m.timed / 1000.0;
    }
    return f;
}

} // namespace horde::tree
