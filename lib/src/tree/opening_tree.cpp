#include "horde/tree/opening_tree.hpp"

#include "temp_file.hpp"

#include "horde/notation/san.hpp"
#include "horde/position/board.hpp"
#include "horde/position/writers.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
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

// What a game leaves in the tree for one of its positions, where it first reaches the position
// (that visit counts the game) and where it first plays each move from it. 32 bytes: what every
// position needs to be counted (its key, the game's result, ply and variant); what only the
// positions shown need (the game's ratings, date and name, its moves to replay, the %eval and
// time of each move) is kept once a game, in its entry in the part's game stream.
struct TreeRecord {
    std::uint64_t key;
    std::uint64_t ordinal;
    std::uint64_t game; // the game's entry in its part's game stream
    std::uint16_t move; // Move::raw(), with kHasMove
    std::uint16_t ply;
    std::uint8_t variant;
    std::uint8_t outcome;
    std::uint8_t flags;
    std::uint8_t unused;
};
static_assert(sizeof(TreeRecord) == 32);
constexpr std::uint8_t kFirstVisit = 1; // the game's first visit of the position: it counts the game
constexpr std::uint8_t kHasMove = 2;    // the game's first play of the move from the position
constexpr std::uint8_t kWhiteMoved = 4;

// A game's entry in its part's game stream: this head, then the name, the start's FEN (none:
// the variant's start), the move codes (u16 each), and when the game has them the %evals and
// the times spent (i32 each, kNoFigure where a move has none), a move each.
struct GameEntryHead {
    std::uint32_t size; // of the whole entry
    std::int32_t white_elo, black_elo;
    std::uint32_t date;
    std::uint16_t name_size;
    std::uint16_t moves;
    std::uint8_t variant;
    std::uint8_t start_fen_size;
    std::uint8_t figures; // kHasEvals | kHasTimes
    std::uint8_t unused;
};
constexpr std::uint8_t kHasEvals = 1, kHasTimes = 2;

// A game entry read in place.
class GameEntry {
public:
    explicit GameEntry(std::string_view bytes) : bytes_(bytes) {
        if (bytes.size() < sizeof head_) cut_short();
        std::memcpy(&head_, bytes.data(), sizeof head_);
        if (bytes.size() < head_.size || head_.size < evals_at() + 4 * head_.moves * ((head_.figures & kHasEvals ? 1 : 0) + (head_.figures & kHasTimes ? 1 : 0)))
            cut_short();
    }
    const GameEntryHead& head() const { return head_; }
    std::string_view name() const { return bytes_.substr(sizeof head_, head_.name_size); }
    std::string_view start_fen() const { return bytes_.substr(sizeof head_ + head_.name_size, head_.start_fen_size); }
    Move move(std::size_t i) const { return Move(number<std::uint16_t>(moves_at() + 2 * i)); }
    std::int32_t eval_cp(std::size_t i) const { return head_.figures & kHasEvals ? number<std::int32_t>(evals_at() + 4 * i) : kNoFigure; }
    std::int32_t spent_ms(std::size_t i) const {
        return head_.figures & kHasTimes ? number<std::int32_t>(evals_at() + 4 * i + (head_.figures & kHasEvals ? 4 * head_.moves : 0))
                                         : kNoFigure;
    }

private:
    [[noreturn]] static void cut_short() { throw std::runtime_error("a tree's game entry is cut short"); }
    std::size_t moves_at() const { return sizeof head_ + head_.name_size + head_.start_fen_size; }
    std::size_t evals_at() const { return moves_at() + 2 * std::size_t(head_.moves); }
    template <class T> T number(std::size_t at) const {
        T value;
        std::memcpy(&value, bytes_.data() + at, sizeof value);
        return value;
    }
    std::string_view bytes_;
    GameEntryHead head_;
};

// A move's figures from a game that played it.
void add_move_figures(MoveSums& m, const TreeRecord& r, const GameEntry& game) {
    const auto outcome = Outcome(r.outcome);
    const bool white_moved = (r.flags & kWhiteMoved) != 0;
    m.results.add(outcome);
    const GameEntryHead& g = game.head();
    const int mover = white_moved ? g.white_elo : g.black_elo;
    const int opponent = white_moved ? g.black_elo : g.white_elo;
    if (mover > 0 && opponent > 0 && outcome != Outcome::Unfinished) {
        ++m.rated;
        m.mover_elo_sum += mover;
        m.opponent_elo_sum += opponent;
        const bool white_won = outcome == Outcome::WhiteWins, black_won = outcome == Outcome::BlackWins;
        if (white_moved ? white_won : black_won) ++m.mover_wins;
        if (white_moved ? black_won : white_won) ++m.mover_losses;
    }
    if (const std::int32_t eval = game.eval_cp(r.ply); eval != kNoFigure) {
        ++m.evals;
        m.eval_cp_sum += eval;
    }
    if (const std::int32_t spent = game.spent_ms(r.ply); spent != kNoFigure) {
        ++m.timed;
        m.spent_ms_sum += spent;
    }
    if (g.date) {
        if (!m.first_date || g.date < m.first_date) m.first_date = g.date;
        m.last_date = std::max(m.last_date, g.date);
    }
}

void sort_moves(PositionStats& p) {
    std::sort(p.moves.begin(), p.moves.end(), [](const MoveStats& a, const MoveStats& b) {
        if (a.results.games != b.results.games) return a.results.games > b.results.games;
        return a.move.raw() < b.move.raw();
    });
}

constexpr unsigned kBucketBits = 10;
constexpr std::size_t kBucketsCount = std::size_t(1) << kBucketBits;
inline std::size_t bucket_of_key(std::uint64_t key) { return std::size_t(key >> (64 - kBucketBits)); }

// Memory in 2 MB slabs, aligned so that the kernel may back each with one huge page: a tree of
// a few hundred MB then costs a few hundred page faults instead of tens of thousands (each of
// which cost more than the tree's own work on the machines measured). Kept until release(), so
// that a part that spilled refills the same memory.
class SlabArray {
public:
    static constexpr std::size_t kSlab = std::size_t(2) << 20;
    SlabArray() = default;
    SlabArray(const SlabArray&) = delete;
    SlabArray& operator=(const SlabArray&) = delete;
    ~SlabArray() { release(); }
    // The i-th slab, mapped when first asked for.
    char* slab(std::size_t i) {
        while (slabs_.size() <= i) slabs_.push_back(map_slab());
        return static_cast<char*>(slabs_[i]);
    }
    const char* slab(std::size_t i) const { return static_cast<const char*>(slabs_[i]); }
    void release() {
        for (void* slab : slabs_) ::munmap(slab, kSlab);
        slabs_.clear();
    }

private:
    static void* map_slab() {
        // Twice the size mapped, to cut an aligned slab out of it.
        void* raw = ::mmap(nullptr, 2 * kSlab, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (raw == MAP_FAILED) throw std::bad_alloc();
        const auto begin = reinterpret_cast<std::uintptr_t>(raw);
        const std::uintptr_t aligned = (begin + kSlab - 1) & ~(kSlab - 1);
        if (aligned > begin) ::munmap(raw, aligned - begin);
        if (begin + kSlab > aligned) ::munmap(reinterpret_cast<void*>(aligned + kSlab), begin + kSlab - aligned);
        void* slab = reinterpret_cast<void*>(aligned);
        ::madvise(slab, kSlab, MADV_HUGEPAGE); // a hint: the kernel may say no
        return slab;
    }
    std::vector<void*> slabs_;
};

constexpr std::size_t kRecordsPerSlab = SlabArray::kSlab / sizeof(TreeRecord);

} // namespace

// A part: the records of the games one thread at a time adds, in the order they come, and the
// games' entries. Past its share of the budget it spills: the records sorted by bucket (a run,
// with its bucket offsets kept in memory) and the game stream, to two unnamed temporary files.
struct OpeningTree::Part {
    Part(const TreeOptions& tree_options, std::atomic<std::size_t>& memory, std::size_t part_count)
        : options(tree_options), tree_memory(memory), parts(part_count) {}
    ~Part() { clear(); }
    Part(const Part&) = delete;
    Part& operator=(const Part&) = delete;

    void add_game(const GameFacts& game, std::uint64_t ordinal, const std::function<void(std::string&)>& name);
    TreeRecord& new_record() {
        const std::size_t n = held++;
        return reinterpret_cast<TreeRecord*>(slabs.slab(n / kRecordsPerSlab))[n % kRecordsPerSlab];
    }
    const TreeRecord& record(std::size_t n) const {
        return reinterpret_cast<const TreeRecord*>(slabs.slab(n / kRecordsPerSlab))[n % kRecordsPerSlab];
    }
    // The held records' order by bucket (counting sort): bucket b is order[begin[b] .. begin[b + 1]).
    void sort_by_bucket(std::vector<std::uint32_t>& order, std::vector<std::size_t>& begin) const;
    void spill();
    void finish();
    // Appends bucket b's records, spilled and held, to `out`.
    void bucket_records(std::size_t b, std::vector<TreeRecord>& out) const;
    // The game entry at `offset` in the game stream: held, or spilled (finish() maps the file).
    const char* game_entry_address(std::uint64_t offset) const {
        return offset >= games_spilled ? games.data() + (offset - games_spilled) : mapped_games + offset;
    }
    GameEntry game_entry(std::uint64_t offset) const {
        if (offset >= games_spilled) return GameEntry(std::string_view(games).substr(offset - games_spilled));
        return GameEntry(std::string_view(mapped_games, games_spilled).substr(offset));
    }
    std::size_t bytes() const { return held * sizeof(TreeRecord) + games.size(); }
    void clear();

    const TreeOptions& options;
    std::atomic<std::size_t>& tree_memory; // what every part holds: the budget is the tree's
    std::size_t parts;
    SlabArray slabs;      // the records held, in the order they came
    std::size_t held = 0;
    std::string games;    // the game stream's part held in memory
    std::uint64_t games_spilled = 0; // the stream's bytes before `games`, in games_file
    const char* mapped_games = nullptr; // games_file, mapped by finish()
    std::size_t memory_counted = 0;  // added to tree_memory
    std::FILE* runs_file = nullptr;
    std::FILE* games_file = nullptr;
    std::uint64_t runs_bytes = 0;
    std::vector<std::vector<std::uint64_t>> runs; // each run's bucket offsets in runs_file (kBuckets + 1)
    std::size_t spills = 0;                       // runs written (clear() keeps the count)
    std::vector<std::uint32_t> held_order;        // finish(): the held records by bucket
    std::vector<std::size_t> held_begin;
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
    // The game's entry: what only the positions shown need.
    name.clear();
    if (options.examples > 0) {
        name_of(name);
        if (name.size() > 0xFFFF) name.resize(0xFFFF);
    }
    const std::uint64_t entry = games_spilled + games.size();
    GameEntryHead head{};
    while (head.moves < game.plies.size() && !game.plies[head.moves].move.is_none()) ++head.moves;
    bool evals = false, times = false;
    for (std::size_t i = 0; i < head.moves; ++i) {
        evals |= game.plies[i].eval_cp != kNoFigure;
        times |= game.plies[i].spent_ms != kNoFigure;
    }
    head.white_elo = game.white_elo;
    head.black_elo = game.black_elo;
    head.date = game.date;
    head.name_size = std::uint16_t(name.size());
    head.variant = std::uint8_t(game.variant);
    head.start_fen_size = std::uint8_t(std::min<std::size_t>(game.start_fen.size(), 0xFF)); // at most 92 characters
    head.figures = std::uint8_t((evals ? kHasEvals : 0) | (times ? kHasTimes : 0));
    head.size = std::uint32_t(sizeof head + name.size() + head.start_fen_size + std::size_t(head.moves) * (2 + 4 * (evals + times)));
    const std::size_t at = games.size();
    games.resize(at + head.size);
    char* out = games.data() + at;
    auto put = [&](const void* data, std::size_t size) {
        std::memcpy(out, data, size);
        out += size;
    };
    put(&head, sizeof head);
    put(name.data(), name.size());
    put(game.start_fen.data(), head.start_fen_size);
    for (std::size_t i = 0; i < head.moves; ++i) {
        const std::uint16_t code = game.plies[i].move.raw();
        put(&code, 2);
    }
    for (std::size_t i = 0; evals && i < head.moves; ++i) put(&game.plies[i].eval_cp, 4);
    for (std::size_t i = 0; times && i < head.moves; ++i) put(&game.plies[i].spent_ms, 4);

    seen.clear();
    seen_moves.clear();
    for (std::size_t i = 0; i < game.plies.size(); ++i) {
        const GamePly& ply = game.plies[i];
        std::uint8_t flags = 0;
        if (std::find(seen.begin(), seen.end(), ply.key) == seen.end()) {
            seen.push_back(ply.key);
            flags |= kFirstVisit;
        }
        if (!ply.move.is_none() && i + 1 < game.plies.size()) {
            const auto move_id = std::pair{ply.key, ply.move.raw()};
            if (std::find(seen_moves.begin(), seen_moves.end(), move_id) == seen_moves.end()) {
                seen_moves.push_back(move_id);
                flags |= kHasMove;
            }
        }
        if (flags == 0) continue;
        if ((flags & kHasMove) && ply.white_to_move) flags |= kWhiteMoved;
        new_record() = TreeRecord{ply.key, ordinal, entry, std::uint16_t(flags & kHasMove ? ply.move.raw() : 0), std::uint16_t(i),
                                  std::uint8_t(game.variant), std::uint8_t(game.outcome), flags, 0};
        ++records;
    }
    // Over the budget, the part that adds spills if it holds at least half its share: some part
    // always does, and the parts take turns (the run's slots rotate), so the tree stays within
    // the budget plus what the parts add before their turn.
    const std::size_t now = bytes();
    const std::size_t total = tree_memory.fetch_add(now - memory_counted, std::memory_order_relaxed) + now - memory_counted;
    memory_counted = now;
    if (total > options.memory_bytes && now * 2 * parts >= options.memory_bytes) spill();
}

void OpeningTree::Part::sort_by_bucket(std::vector<std::uint32_t>& order, std::vector<std::size_t>& begin) const {
    begin.assign(kBucketsCount + 1, 0);
    for (std::size_t n = 0; n < held; ++n) ++begin[bucket_of_key(record(n).key) + 1];
    for (std::size_t b = 1; b <= kBucketsCount; ++b) begin[b] += begin[b - 1];
    std::vector<std::size_t> next(begin.begin(), begin.end() - 1);
    order.resize(held);
    for (std::size_t n = 0; n < held; ++n) order[next[bucket_of_key(record(n).key)]++] = std::uint32_t(n);
}

void OpeningTree::Part::spill() {
    auto fail = [&] {
        throw std::runtime_error(fmt::format("cannot write a spilled run: {}", std::strerror(errno)));
    };
    if (!runs_file) runs_file = detail::anonymous_file(options.temp_dir);
    if (!games_file) games_file = detail::anonymous_file(options.temp_dir);
    std::vector<std::uint32_t> order;
    std::vector<std::size_t> begin;
    sort_by_bucket(order, begin);
    std::vector<std::uint64_t>& offsets = runs.emplace_back(kBucketsCount + 1);
    ++spills;
    std::vector<TreeRecord> staging;
    staging.reserve(1024);
    for (std::size_t b = 0; b < kBucketsCount; ++b) {
        offsets[b] = runs_bytes + begin[b] * sizeof(TreeRecord);
        for (std::size_t i = begin[b]; i < begin[b + 1];) {
            staging.clear();
            for (; i < begin[b + 1] && staging.size() < 1024; ++i) staging.push_back(record(order[i]));
            if (std::fwrite(staging.data(), sizeof(TreeRecord), staging.size(), runs_file) != staging.size()) fail();
        }
    }
    offsets[kBucketsCount] = runs_bytes + held * sizeof(TreeRecord);
    runs_bytes += held * sizeof(TreeRecord);
    if (!games.empty() && std::fwrite(games.data(), 1, games.size(), games_file) != games.size()) fail();
    if (std::fflush(runs_file) != 0 || std::fflush(games_file) != 0) fail();
    games_spilled += games.size();
    games.clear();
    held = 0; // the slabs stay, to be filled again
    tree_memory.fetch_sub(memory_counted, std::memory_order_relaxed);
    memory_counted = 0;
}

void OpeningTree::Part::bucket_records(std::size_t b, std::vector<TreeRecord>& out) const {
    for (const std::vector<std::uint64_t>& offsets : runs) {
        const std::size_t bytes = offsets[b + 1] - offsets[b];
        if (bytes == 0) continue;
        const std::size_t at = out.size();
        out.resize(at + bytes / sizeof(TreeRecord));
        detail::read_spilled(runs_file, out.data() + at, bytes, offsets[b], options.temp_dir);
    }
    if (held_begin.empty()) return;
    for (std::size_t i = held_begin[b]; i < held_begin[b + 1]; ++i) {
        if (i + 8 < held_begin[b + 1]) __builtin_prefetch(&record(held_order[i + 8])); // scattered in the slabs
        out.push_back(record(held_order[i]));
    }
}

void OpeningTree::Part::finish() {
    sort_by_bucket(held_order, held_begin);
    if (games_file && games_spilled && !mapped_games) {
        void* map = ::mmap(nullptr, games_spilled, PROT_READ, MAP_PRIVATE, ::fileno(games_file), 0);
        if (map == MAP_FAILED)
            throw std::runtime_error(fmt::format("cannot read a spilled run back from {}: {}", options.temp_dir, std::strerror(errno)));
        mapped_games = static_cast<const char*>(map);
    }
}

void OpeningTree::Part::clear() {
    if (mapped_games) ::munmap(const_cast<char*>(mapped_games), games_spilled);
    mapped_games = nullptr;
    slabs.release();
    held = 0;
    games = {};
    games_spilled = 0;
    tree_memory.fetch_sub(memory_counted, std::memory_order_relaxed);
    memory_counted = 0;
    if (runs_file) std::fclose(runs_file);
    if (games_file) std::fclose(games_file);
    runs_file = games_file = nullptr;
    runs_bytes = 0;
    runs.clear();
    held_order = {};
    held_begin.clear();
    records = 0;
}

void OpeningTree::finish_adding(std::size_t part) { parts_[part]->finish(); }

namespace {

// A bucket's positions, counted from their records (open addressing by key, sized for the
// records, so that it stays in the cache): what `keep` decides on.
class BucketPositions {
public:
    struct Counted {
        std::uint64_t key;
        std::uint64_t first_ordinal = ~std::uint64_t{0}; // the first game to reach it
        std::uint32_t first_record = 0;                  // that game's first visit
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

// A kept position's moves as its records come: (position, move) to the move's place among the
// bucket's moves (open addressing), and each move's first examples by ordinal.
class BucketMoves {
public:
    struct Counted {
        MoveStats stats;
        std::uint64_t key;
        std::uint32_t position;
        std::uint32_t next = kNoMove; // the position's next move
        // The first examples by ordinal: (ordinal, record), sorted.
        std::vector<std::pair<std::uint64_t, std::uint32_t>> examples;
    };
    static constexpr std::uint32_t kNoMove = 0xFFFFFFFF;
    void reset(std::size_t records) {
        std::size_t size = 64;
        while (size < 2 * records) size *= 2;
        slots_.assign(size, kNoMove);
        counted_.clear();
    }
    // The move's entry, made when new (and linked first in its position's list).
    Counted& entry(std::uint64_t key, std::uint16_t move, std::uint32_t position, std::uint32_t& first_move) {
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = std::size_t(key ^ (std::uint64_t(move) * 0x9E3779B97F4A7C15ULL)) & mask;; i = (i + 1) & mask) {
            if (slots_[i] == kNoMove) {
                slots_[i] = std::uint32_t(counted_.size());
                Counted& c = counted_.emplace_back();
                c.stats.move = Move(move);
                c.key = key;
                c.position = position;
                c.next = first_move;
                first_move = slots_[i];
                return c;
            }
            Counted& c = counted_[slots_[i]];
            if (c.key == key && c.stats.move.raw() == move) return c;
        }
    }
    Counted& operator[](std::uint32_t i) { return counted_[i]; }

private:
    std::vector<std::uint32_t> slots_;
    std::vector<Counted> counted_;
};

} // namespace

// Two passes over the bucket's records, from every part, spilled and held: the first counts
// each position's games (its records with a first visit), the second adds up the moves of the
// positions `keep` takes only (most positions of a big tree are reached by one game and never
// shown). A position's FEN comes from replaying the first game that reached it, which also
// gives the board its moves' SAN is written on. Nothing depends on the order of the records:
// figures are sums, examples the first games by ordinal.
namespace {

// What show_bucket works in, kept from bucket to bucket by a thread: the root position's bucket
// alone takes MBs, which would otherwise be mapped, zeroed and unmapped for each bucket.
struct ShowBuffers {
    std::vector<TreeRecord> records;   // the bucket's, from every part
    std::vector<const OpeningTree::Part*> record_part;
    BucketPositions positions;
    std::vector<std::uint32_t> position_of; // a record's position
    std::vector<std::uint32_t> kept;        // positions, to be sorted by key
    std::vector<std::uint32_t> first_move;  // a position's first move in `moves`
    BucketMoves moves;
    std::vector<std::uint32_t> kept_moves;  // the records of the kept positions' moves
    std::vector<std::uint8_t> seen;         // count_positions' counters
};

// Pass one: each position's games, lowest ply, variant, and the first game to reach it.
constexpr std::uint32_t kNotCounted = 0xFFFFFFFF; // a record of a position too rare to be shown

// Pass one: each position's games, lowest ply, variant, and the first game to reach it. With
// `min_games` > 1 (no position of fewer games is shown), 2-bit counters of the first visits (in
// the cache) find the positions reached often enough first, and only those are counted: most
// positions of a big tree are reached by one game.
void count_positions(ShowBuffers& s, std::uint32_t min_games) {
    const unsigned wanted = std::min<std::uint32_t>(std::max<std::uint32_t>(min_games, 1), 3);
    std::size_t counters = 256; // 2 bits each, four to a byte
    while (counters < 4 * s.records.size()) counters *= 2;
    auto counter = [&](std::uint64_t key) {
        const std::size_t i = std::size_t(key >> 7) & (counters - 1);
        return std::pair{i / 4, unsigned(2 * (i % 4))};
    };
    if (wanted > 1) {
        s.seen.assign(counters / 4, 0);
        for (const TreeRecord& r : s.records) {
            if (!(r.flags & kFirstVisit)) continue;
            const auto [byte, shift] = counter(r.key);
            if (((s.seen[byte] >> shift) & 3) < 3) s.seen[byte] = std::uint8_t(s.seen[byte] + (1u << shift));
        }
    }
    s.positions.reset(s.records.size());
    s.position_of.resize(s.records.size());
    for (std::uint32_t n = 0; n < s.records.size(); ++n) {
        const TreeRecord& r = s.records[n];
        if (wanted > 1) {
            const auto [byte, shift] = counter(r.key);
            if (((s.seen[byte] >> shift) & 3) < wanted) {
                s.position_of[n] = kNotCounted;
                continue;
            }
        }
        const std::uint32_t i = s.position_of[n] = s.positions.index_of(r.key);
        if (!(r.flags & kFirstVisit)) continue;
        BucketPositions::Counted& c = s.positions[i];
        c.variant = Variant(r.variant);
        c.ply = std::min(c.ply, r.ply);
        c.results.add(Outcome(r.outcome));
        if (r.ordinal < c.first_ordinal) c.first_ordinal = r.ordinal, c.first_record = n;
    }
}

// The board of a position a game reached: its start, then its moves up to the ply.
position::Board replay(const GameEntry& game, std::size_t ply, std::array<std::optional<position::Board>, 4>& starts) {
    const auto variant = Variant(game.head().variant);
    std::optional<position::Board>& variant_start = starts[std::size_t(variant) & 3];
    if (!variant_start) variant_start.emplace(variant);
    position::Board board = *variant_start;
    if (!game.start_fen().empty()) {
        auto start = position::Board::from_fen(variant, game.start_fen());
        if (!std::holds_alternative<position::Board>(start)) throw std::runtime_error("a tree's game entry has a bad start");
        board = std::get<position::Board>(std::move(start));
    }
    if (ply > game.head().moves) throw std::runtime_error("a tree's game entry is cut short");
    for (std::size_t k = 0; k < ply; ++k) board.play(game.move(k));
    return board;
}

} // namespace

struct OpeningTree::Scratch::Buffers : ShowBuffers {};

OpeningTree::Scratch::Scratch() : buffers_(std::make_unique<Buffers>()) {}
OpeningTree::Scratch::~Scratch() = default;

// Pass two, over the kept positions' records only: their moves' figures and first examples.
void OpeningTree::add_kept_moves(Scratch& scratch) const {
    ShowBuffers& s = *scratch.buffers_;
    s.first_move.assign(s.positions.all().size(), BucketMoves::kNoMove);
    s.moves.reset(s.records.size());
    s.kept_moves.clear();
    for (std::uint32_t n = 0; n < s.records.size(); ++n)
        if ((s.records[n].flags & kHasMove) && s.position_of[n] != kNotCounted && s.positions[s.position_of[n]].kept)
            s.kept_moves.push_back(n);
    for (std::size_t k = 0; k < s.kept_moves.size(); ++k) {
        if (k + 8 < s.kept_moves.size()) { // the game entries are scattered: asked for ahead
            const std::uint32_t ahead = s.kept_moves[k + 8];
            __builtin_prefetch(s.record_part[ahead]->game_entry_address(s.records[ahead].game));
        }
        const std::uint32_t n = s.kept_moves[k];
        const TreeRecord& r = s.records[n];
        BucketMoves::Counted& m = s.moves.entry(r.key, r.move, s.position_of[n], s.first_move[s.position_of[n]]);
        add_move_figures(m.stats, r, s.record_part[n]->game_entry(r.game));
        auto& examples = m.examples;
        if (examples.size() < options_.examples || (!examples.empty() && r.ordinal < examples.back().first)) {
            examples.insert(std::upper_bound(examples.begin(), examples.end(), std::pair{r.ordinal, n}), std::pair{r.ordinal, n});
            if (examples.size() > options_.examples) examples.pop_back();
        }
    }
}

// Two passes over the bucket's records, from every part, spilled and held: the first counts
// each position's games (its records with a first visit), the second adds up the moves of the
// positions `keep` takes only (most positions of a big tree are reached by one game and never
// shown). A position's FEN comes from replaying the first game that reached it, which also
// gives the board its moves' SAN and child keys come from. Nothing depends on the order of the
// records: figures are sums, examples the first games by ordinal.
void OpeningTree::show_bucket(std::size_t b, const std::function<bool(const PositionStats&)>& keep,
                              const std::function<void(PositionStats&)>& visit, Scratch& scratch) const {
    ShowBuffers& s = *scratch.buffers_;
    s.records.clear();
    s.record_part.clear();
    for (const auto& part : parts_) {
        part->bucket_records(b, s.records);
        s.record_part.resize(s.records.size(), part.get());
    }
    count_positions(s, min_games_shown_);
    s.kept.clear();
    PositionStats counts; // what keep sees: key, variant, ply and results
    for (std::uint32_t i = 0; i < s.positions.all().size(); ++i) {
        BucketPositions::Counted& c = s.positions[i];
        if (c.first_ordinal == ~std::uint64_t{0}) continue;
        c.to(counts);
        if ((c.kept = keep(counts))) s.kept.push_back(i);
    }
    if (s.kept.empty()) return;
    add_kept_moves(scratch);
    std::sort(s.kept.begin(), s.kept.end(), [&](std::uint32_t x, std::uint32_t y) { return s.positions[x].key < s.positions[y].key; });
    std::array<std::optional<position::Board>, 4> starts; // each variant's start position, made once
    for (const std::uint32_t i : s.kept) {
        const BucketPositions::Counted& c = s.positions[i];
        PositionStats p;
        c.to(p);
        const position::Board board = replay(s.record_part[c.first_record]->game_entry(s.records[c.first_record].game),
                                             s.records[c.first_record].ply, starts);
        position::append_fen(p.fen, board, false);
        for (std::uint32_t m = s.first_move[i]; m != BucketMoves::kNoMove; m = s.moves[m].next) {
            MoveStats& stats = p.moves.emplace_back(std::move(s.moves[m].stats));
            for (const auto& [ordinal, n] : s.moves[m].examples)
                stats.examples.push_back(ExampleGame{ordinal, std::string(s.record_part[n]->game_entry(s.records[n].game).name())});
            position::Board after = board; // the position the move leads to: its key
            after.play(stats.move);
            stats.child_key = position_key(p.variant, after.repetition_key());
        }
        sort_moves(p);
        for (MoveStats& m : p.moves) m.san.assign(notation::to_san(board, m.move));
        visit(p);
    }
}

void OpeningTree::for_each(const std::function<bool(const PositionStats&)>& keep,
                           const std::function<void(PositionStats&)>& visit) {
    finish_adding();
    Scratch scratch;
    for (std::size_t b = 0; b < kBuckets; ++b) show_bucket(b, keep, visit, scratch);
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
