#include "horde/tree/opening_tree.hpp"

#include "horde/notation/san.hpp"
#include "horde/position/board.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <queue>
#include <stdexcept>
#include <unistd.h>

namespace horde::tree {

namespace {

// Rough heap bytes of a map node with its position, and of a move with its vector slot.
constexpr std::size_t kPositionOverhead = sizeof(PositionStats) + 64;
constexpr std::size_t kMoveOverhead = sizeof(MoveStats) + 16;

void merge_examples(std::vector<ExampleGame>& into, std::vector<ExampleGame>&& from, std::size_t max_examples) {
    if (from.empty()) return;
    std::vector<ExampleGame> merged;
    merged.reserve(std::min(max_examples, into.size() + from.size()));
    std::size_t i = 0, j = 0;
    while (merged.size() < max_examples && (i < into.size() || j < from.size())) {
        if (j >= from.size() || (i < into.size() && into[i].ordinal <= from[j].ordinal)) merged.push_back(std::move(into[i++]));
        else merged.push_back(std::move(from[j++]));
    }
    into = std::move(merged);
}

void sort_moves(PositionStats& p) {
    std::sort(p.moves.begin(), p.moves.end(), [](const MoveStats& a, const MoveStats& b) {
        if (a.results.games != b.results.games) return a.results.games > b.results.games;
        return a.move.raw() < b.move.raw();
    });
}

// --- spilled runs: positions in key order, in a private binary form -------------------------

class RunWriter {
public:
    explicit RunWriter(std::FILE* file) : file_(file) {}
    template <class T> void put(T value) { buffer_.append(reinterpret_cast<const char*>(&value), sizeof value); }
    void put_text(std::string_view text) {
        put(std::uint32_t(text.size()));
        buffer_.append(text);
    }
    void end_record() {
        if (buffer_.size() < (1 << 20)) return;
        flush();
    }
    void flush() {
        if (!buffer_.empty() && std::fwrite(buffer_.data(), 1, buffer_.size(), file_) != buffer_.size())
            throw std::runtime_error(fmt::format("cannot write a spilled run: {}", std::strerror(errno)));
        buffer_.clear();
        if (std::fflush(file_) != 0) throw std::runtime_error(fmt::format("cannot write a spilled run: {}", std::strerror(errno)));
    }

private:
    std::FILE* file_;
    std::string buffer_;
};

void write_position(RunWriter& w, const PositionStats& p, const std::vector<std::string>& names) {
    w.put(p.key);
    w.put(std::uint8_t(p.variant));
    w.put(p.ply);
    w.put(p.results);
    w.put_text(p.fen);
    w.put(std::uint32_t(p.moves.size()));
    for (const MoveStats& m : p.moves) {
        w.put(m.move.raw());
        w.put(m.child_key);
        w.put(m.results);
        w.put(m.rated);
        w.put(m.mover_elo_sum);
        w.put(m.opponent_elo_sum);
        w.put(m.mover_wins);
        w.put(m.mover_losses);
        w.put(m.evals);
        w.put(m.eval_cp_sum);
        w.put(m.timed);
        w.put(m.spent_ms_sum);
        w.put(m.first_date);
        w.put(m.last_date);
        w.put(std::uint32_t(m.examples.size()));
        for (const ExampleGame& e : m.examples) {
            w.put(e.ordinal);
            w.put_text(e.name_index == ExampleGame::kNamed ? e.name : names[e.name_index]);
        }
    }
    w.end_record();
}

class RunReader {
public:
    explicit RunReader(std::FILE* file) : file_(file) {
        if (std::fseek(file_, 0, SEEK_SET) != 0) fail();
    }
    // The next position of the run; false at its end.
    bool next(PositionStats& p) {
        if (!get_first(p.key)) return false;
        p.variant = Variant(get<std::uint8_t>());
        p.ply = get<std::uint16_t>();
        p.results = get<ResultCounts>();
        p.fen = get_text();
        p.moves.resize(get<std::uint32_t>());
        for (MoveStats& m : p.moves) read_move(m);
        return true;
    }

private:
    void read_move(MoveStats& m) {
        m.move = Move(get<std::uint16_t>());
        m.child_key = get<std::uint64_t>();
        m.results = get<ResultCounts>();
        m.rated = get<std::uint32_t>();
        m.mover_elo_sum = get<std::int64_t>();
        m.opponent_elo_sum = get<std::int64_t>();
        m.mover_wins = get<std::int32_t>();
        m.mover_losses = get<std::int32_t>();
        m.evals = get<std::uint32_t>();
        m.eval_cp_sum = get<std::int64_t>();
        m.timed = get<std::uint32_t>();
        m.spent_ms_sum = get<std::int64_t>();
        m.first_date = get<std::uint32_t>();
        m.last_date = get<std::uint32_t>();
        m.examples.resize(get<std::uint32_t>());
        for (ExampleGame& e : m.examples) {
            e.ordinal = get<std::uint64_t>();
            e.name = get_text();
        }
    }
    bool get_first(std::uint64_t& key) {
        const std::size_t n = std::fread(&key, 1, sizeof key, file_);
        if (n == 0 && std::feof(file_)) return false;
        if (n != sizeof key) fail();
        return true;
    }
    template <class T> T get() {
        T value;
        if (std::fread(&value, 1, sizeof value, file_) != sizeof value) fail();
        return value;
    }
    std::string get_text() {
        std::string text(get<std::uint32_t>(), '\0');
        if (!text.empty() && std::fread(text.data(), 1, text.size(), file_) != text.size()) fail();
        return text;
    }
    [[noreturn]] void fail() {
        throw std::runtime_error(fmt::format("cannot read a spilled run back: {}", std::ferror(file_) ? std::strerror(errno) : "truncated"));
    }
    std::FILE* file_;
};

// A temporary file that has no name: it is gone when closed, or when the process ends in any
// way (a signal, a crash), so that no spilled run is ever left behind.
std::FILE* anonymous_file(const std::string& dir) {
    int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd < 0) { // a file system without O_TMPFILE: a named file, unlinked at once
        std::string path = dir + "/horde-tree-run.XXXXXX";
        fd = ::mkstemp(path.data());
        if (fd >= 0) ::unlink(path.c_str());
    }
    if (fd < 0) throw std::runtime_error(fmt::format("cannot create a temporary file in {}: {}", dir, std::strerror(errno)));
    std::FILE* file = ::fdopen(fd, "w+b");
    if (!file) {
        ::close(fd);
        throw std::runtime_error(fmt::format("cannot open a temporary file in {}: {}", dir, std::strerror(errno)));
    }
    return file;
}

} // namespace

void MoveStats::add(const MoveStats& o, std::size_t max_examples) {
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
    merge_examples(examples, std::vector<ExampleGame>(o.examples), max_examples);
}

void PositionStats::add(PositionStats&& o, std::size_t max_examples) {
    ply = std::min(ply, o.ply);
    results.add(o.results);
    for (MoveStats& m : o.moves) {
        auto it = std::find_if(moves.begin(), moves.end(), [&](const MoveStats& x) { return x.move == m.move; });
        if (it == moves.end()) moves.push_back(std::move(m));
        else it->add(m, max_examples);
    }
}

namespace {

void add_move_figures(MoveStats& m, const GameFacts& game, const GamePly& ply, bool white_moved) {
    m.results.add(game.outcome);
    const int mover = white_moved ? game.white_elo : game.black_elo;
    const int opponent = white_moved ? game.black_elo : game.white_elo;
    if (mover > 0 && opponent > 0 && game.outcome != Outcome::Unfinished) {
        ++m.rated;
        m.mover_elo_sum += mover;
        m.opponent_elo_sum += opponent;
        const bool white_won = game.outcome == Outcome::WhiteWins, black_won = game.outcome == Outcome::BlackWins;
        if (white_moved ? white_won : black_won) ++m.mover_wins;
        if (white_moved ? black_won : white_won) ++m.mover_losses;
    }
    if (ply.eval_cp != kNoFigure) {
        ++m.evals;
        m.eval_cp_sum += ply.eval_cp;
    }
    if (ply.spent_ms != kNoFigure) {
        ++m.timed;
        m.spent_ms_sum += ply.spent_ms;
    }
    if (game.date) {
        if (!m.first_date || game.date < m.first_date) m.first_date = game.date;
        m.last_date = std::max(m.last_date, game.date);
    }
}

} // namespace

struct OpeningTree::Part {
    Part(const TreeOptions& options, std::atomic<std::size_t>& tree_memory, std::size_t parts)
        : options(options), tree_memory(tree_memory), parts(parts) {}
    ~Part() {
        for (std::FILE* f : runs) std::fclose(f);
    }
    Part(const Part&) = delete;
    Part& operator=(const Part&) = delete;

    void add_game(const GameFacts& game, std::uint64_t ordinal, const std::function<void(std::string&)>& name);
    // The positions' indices in key order (all of them, or those `keep` takes).
    std::vector<std::uint32_t> key_order(const std::function<bool(const PositionStats&)>* keep) const;
    void spill();
    // Merges the spilled runs into one (so that a long run with a small budget keeps few files open).
    void merge_runs();
    // Gives back the memory of the positions (after they have been moved out or spilled).
    void clear();
    void name_examples(PositionStats& p) const;

    // The position of a key, found by open addressing (keys are Zobrist keys: their low bits are
    // as good as a hash): one cache line a lookup instead of a bucket and a chain of nodes.
    PositionStats& position_for(std::uint64_t key, bool& inserted);
    MoveStats& move_for(PositionStats& p, const GamePly& ply, std::uint64_t child_key);
    void grow_index();

    const TreeOptions& options;
    std::atomic<std::size_t>& tree_memory; // what every part holds: the budget is the tree's
    std::size_t parts;
    std::vector<PositionStats> positions;
    struct Slot {
        std::uint64_t key = 0;
        std::uint32_t index = kEmpty; // into positions
    };
    static constexpr std::uint32_t kEmpty = 0xFFFFFFFF;
    static constexpr std::size_t kMaxRuns = 16;
    std::vector<Slot> index;     // a power of two, at most half full
    std::size_t memory_used = 0;
    std::vector<std::FILE*> runs;    // spilled runs: unlinked temporary files, gone when closed
    std::size_t spills = 0;          // runs written (merge_runs makes fewer files of them)
    std::vector<std::uint64_t> seen; // the current game's position keys (once per game)
    std::vector<std::pair<std::uint64_t, std::uint16_t>> seen_moves;
    std::vector<std::uint32_t> ply_positions; // the current game's positions, by ply
    std::vector<std::string> example_names;   // the names of the example games held (ExampleGame::name_index)
};

OpeningTree::OpeningTree(TreeOptions options) : options_(std::move(options)) {
    if (options_.temp_dir.empty()) {
        const char* tmp = std::getenv("TMPDIR");
        options_.temp_dir = tmp && *tmp ? tmp : "/tmp";
    }
    set_parts(1);
}

OpeningTree::~OpeningTree() = default;

void OpeningTree::set_parts(std::size_t parts) {
    parts_.clear();
    parts = std::max<std::size_t>(parts, 1);
    for (std::size_t i = 0; i < parts; ++i) parts_.push_back(std::make_unique<Part>(options_, memory_, parts));
}

void OpeningTree::add_game(std::size_t part, const GameFacts& game, std::uint64_t ordinal,
                           const std::function<void(std::string&)>& name) {
    parts_[part]->add_game(game, ordinal, name);
}

std::uint64_t OpeningTree::positions_in_memory() const {
    std::uint64_t n = 0;
    for (const auto& part : parts_) n += part->positions.size();
    return n;
}

std::size_t OpeningTree::spilled_runs() const {
    std::size_t n = 0;
    for (const auto& part : parts_) n += part->spills;
    return n;
}

void OpeningTree::Part::add_game(const GameFacts& game, std::uint64_t ordinal, const std::function<void(std::string&)>& name) {
    const std::size_t held_before = memory_used;
    seen.clear();
    seen_moves.clear();
    // The lookups miss the cache: every ply's slot is asked for at once, then every ply's
    // position, so that the misses overlap instead of coming one after the other.
    if (!index.empty())
        for (const GamePly& ply : game.plies) __builtin_prefetch(&index[std::size_t(ply.key) & (index.size() - 1)]);
    ply_positions.clear();
    for (std::size_t i = 0; i < game.plies.size(); ++i) {
        bool inserted = false;
        PositionStats& p = position_for(game.plies[i].key, inserted);
        if (inserted) {
            p.key = game.plies[i].key;
            p.variant = game.variant;
            p.fen = std::string(game.fen(i));
            p.ply = std::uint16_t(i);
            memory_used += kPositionOverhead + p.fen.capacity();
        }
        ply_positions.push_back(std::uint32_t(&p - positions.data()));
    }
    for (const std::uint32_t n : ply_positions) __builtin_prefetch(&positions[n]);
    std::uint32_t name_index = ExampleGame::kNamed; // the game's name, made once when a move wants it
    for (std::size_t i = 0; i < game.plies.size(); ++i) {
        const GamePly& ply = game.plies[i];
        PositionStats& p = positions[ply_positions[i]];
        if (std::find(seen.begin(), seen.end(), ply.key) == seen.end()) { // the game's first visit
            seen.push_back(ply.key);
            p.ply = std::min(p.ply, std::uint16_t(i));
            p.results.add(game.outcome);
        }
        if (ply.move.is_none() || i + 1 >= game.plies.size()) continue;
        const auto move_id = std::pair{ply.key, ply.move.raw()};
        if (std::find(seen_moves.begin(), seen_moves.end(), move_id) != seen_moves.end()) continue;
        seen_moves.push_back(move_id);
        MoveStats& m = move_for(p, ply, game.plies[i + 1].key);
        add_move_figures(m, game, ply, ply.white_to_move);
        if (m.examples.size() < options.examples) {
            if (name_index == ExampleGame::kNamed) {
                name_index = std::uint32_t(example_names.size());
                name(example_names.emplace_back());
                memory_used += sizeof(std::string) + example_names.back().capacity();
            }
            memory_used += sizeof(ExampleGame);
            m.examples.push_back(ExampleGame{ordinal, {}, name_index});
        }
    }
    // Over the budget, the part that adds spills if it holds at least half its share: some part
    // always does, and the parts take turns (the run's slots rotate), so the tree stays within
    // the budget plus what the parts add before their turn.
    const std::size_t held = tree_memory.fetch_add(memory_used - held_before, std::memory_order_relaxed) + memory_used - held_before;
    if (held > options.memory_bytes && memory_used * 2 * parts >= options.memory_bytes) spill();
}

MoveStats& OpeningTree::Part::move_for(PositionStats& p, const GamePly& ply, std::uint64_t child_key) {
    for (MoveStats& m : p.moves)
        if (m.move == ply.move) return m;
    MoveStats& m = p.moves.emplace_back();
    m.move = ply.move;
    m.child_key = child_key;
    memory_used += kMoveOverhead;
    return m;
}

PositionStats& OpeningTree::Part::position_for(std::uint64_t key, bool& inserted) {
    if (2 * (positions.size() + 1) > index.size()) grow_index();
    const std::size_t mask = index.size() - 1;
    for (std::size_t i = std::size_t(key) & mask;; i = (i + 1) & mask) {
        Slot& slot = index[i];
        if (slot.index == kEmpty) {
            slot = {key, std::uint32_t(positions.size())};
            inserted = true;
            return positions.emplace_back();
        }
        if (slot.key == key) return positions[slot.index];
    }
}

void OpeningTree::Part::grow_index() {
    const std::size_t size = std::max<std::size_t>(1024, index.size() * 2);
    memory_used += (size - index.size()) * sizeof(Slot);
    index.assign(size, Slot{});
    const std::size_t mask = size - 1;
    for (std::uint32_t n = 0; n < positions.size(); ++n) {
        std::size_t i = std::size_t(positions[n].key) & mask;
        while (index[i].index != kEmpty) i = (i + 1) & mask;
        index[i] = {positions[n].key, n};
    }
}

// Sorting (key, index) pairs moves 16 bytes an element instead of a whole position.
std::vector<std::uint32_t> OpeningTree::Part::key_order(const std::function<bool(const PositionStats&)>* keep) const {
    std::vector<std::pair<std::uint64_t, std::uint32_t>> keyed;
    keyed.reserve(keep ? 0 : positions.size());
    for (std::uint32_t n = 0; n < positions.size(); ++n)
        if (!keep || (*keep)(positions[n])) keyed.emplace_back(positions[n].key, n);
    std::sort(keyed.begin(), keyed.end());
    std::vector<std::uint32_t> order(keyed.size());
    for (std::size_t i = 0; i < keyed.size(); ++i) order[i] = keyed[i].second;
    return order;
}

void OpeningTree::Part::clear() {
    tree_memory.fetch_sub(memory_used, std::memory_order_relaxed);
    positions = {};
    index = {}; // its memory goes back too: a spilled part starts small again
    memory_used = 0;
    example_names = {};
}

void OpeningTree::Part::spill() {
    if (positions.empty()) return;
    std::FILE* file = anonymous_file(options.temp_dir);
    runs.push_back(file);
    ++spills;
    RunWriter writer(file);
    for (const std::uint32_t n : key_order(nullptr)) write_position(writer, positions[n], example_names);
    writer.flush();
    clear();
    if (runs.size() >= kMaxRuns) merge_runs();
}

void OpeningTree::Part::name_examples(PositionStats& p) const {
    for (MoveStats& m : p.moves)
        for (ExampleGame& e : m.examples)
            if (e.name_index != ExampleGame::kNamed) {
                e.name = example_names[e.name_index];
                e.name_index = ExampleGame::kNamed;
            }
}

namespace {

// A kept position is made ready to show: its moves in order, each with its SAN (written here,
// for the positions shown only: most positions of a big tree are not).
void finish_position(PositionStats& p) {
    sort_moves(p);
    const auto board = position::Board::from_fen(p.variant, p.fen);
    for (MoveStats& m : p.moves)
        m.san.assign(std::holds_alternative<position::Board>(board) ? notation::to_san(std::get<position::Board>(board), m.move)
                                                                    : position::Board(p.variant).uci(m.move));
}

// Where the merge takes positions from, each source in key order: a part's positions in memory,
// or one of its spilled runs.
class PositionSource {
public:
    virtual ~PositionSource() = default;
    virtual bool next(PositionStats& p) = 0; // false at the end
};

class MemorySource final : public PositionSource {
public:
    explicit MemorySource(OpeningTree::Part& part) : part_(part), order_(part.key_order(nullptr)) {}
    bool next(PositionStats& p) override {
        if (at_ == order_.size()) return false;
        p = std::move(part_.positions[order_[at_++]]);
        part_.name_examples(p);
        return true;
    }

private:
    OpeningTree::Part& part_;
    std::vector<std::uint32_t> order_;
    std::size_t at_ = 0;
};

class RunSource final : public PositionSource {
public:
    explicit RunSource(std::FILE* file) : reader_(file) {}
    bool next(PositionStats& p) override { return reader_.next(p); }

private:
    RunReader reader_;
};

// A k-way merge of the sources by key; a key found in several sources is added up.
void merge_sources(std::vector<std::unique_ptr<PositionSource>>& sources, std::size_t max_examples,
                   const std::function<void(PositionStats&)>& show) {
    std::vector<PositionStats> heads(sources.size());
    using Head = std::pair<std::uint64_t, std::size_t>; // key, source
    std::priority_queue<Head, std::vector<Head>, std::greater<>> queue;
    for (std::size_t r = 0; r < sources.size(); ++r)
        if (sources[r]->next(heads[r])) queue.push({heads[r].key, r});
    while (!queue.empty()) {
        const std::size_t r = queue.top().second;
        queue.pop();
        PositionStats p = std::move(heads[r]);
        if (sources[r]->next(heads[r])) queue.push({heads[r].key, r});
        while (!queue.empty() && queue.top().first == p.key) {
            const std::size_t s = queue.top().second;
            queue.pop();
            p.add(std::move(heads[s]), max_examples);
            if (sources[s]->next(heads[s])) queue.push({heads[s].key, s});
        }
        show(p);
    }
}

} // namespace

void OpeningTree::Part::merge_runs() {
    std::vector<std::unique_ptr<PositionSource>> sources;
    for (std::FILE* run : runs) sources.push_back(std::make_unique<RunSource>(run));
    std::FILE* file = anonymous_file(options.temp_dir);
    RunWriter writer(file);
    try {
        merge_sources(sources, options.examples, [&](PositionStats& p) { write_position(writer, p, example_names); });
        writer.flush();
    } catch (...) {
        std::fclose(file);
        throw;
    }
    sources.clear();
    for (std::FILE* run : runs) std::fclose(run);
    runs = {file};
}

void OpeningTree::for_each(const std::function<bool(const PositionStats&)>& keep,
                           const std::function<void(PositionStats&)>& visit) {
    auto show = [&](PositionStats& p) {
        if (!keep(p)) return;
        finish_position(p);
        visit(p);
    };
    if (parts_.size() == 1 && parts_[0]->runs.empty()) {
        // One part held whole: its figures are final, so only the positions kept are sorted.
        Part& part = *parts_[0];
        for (const std::uint32_t n : part.key_order(&keep)) {
            PositionStats& p = part.positions[n];
            part.name_examples(p);
            finish_position(p);
            visit(p);
        }
        part.clear();
        return;
    }
    bool spilled = false;
    for (const auto& part : parts_) spilled = spilled || !part->runs.empty();
    if (!spilled) {
        merge_parts_in_memory(keep, visit);
        return;
    }
    std::vector<std::unique_ptr<PositionSource>> sources;
    for (auto& part : parts_) {
        for (std::FILE* run : part->runs) sources.push_back(std::make_unique<RunSource>(run));
        if (!part->positions.empty()) sources.push_back(std::make_unique<MemorySource>(*part));
    }
    merge_sources(sources, options_.examples, show);
    for (auto& part : parts_) part->clear();
}

// Parts held whole: their positions are sorted by key together, as (key, part, index), and a
// position's copies are added up only when `keep` takes the sum of their counts, so that the
// positions of few games (most of a big tree) cost a sort entry and no copy.
void OpeningTree::merge_parts_in_memory(const std::function<bool(const PositionStats&)>& keep,
                                        const std::function<void(PositionStats&)>& visit) {
    struct Entry {
        std::uint64_t key;
        std::uint32_t part, index;
        bool operator<(const Entry& o) const { return key != o.key ? key < o.key : part < o.part; }
    };
    std::vector<Entry> entries;
    entries.reserve(positions_in_memory());
    for (std::uint32_t part = 0; part < parts_.size(); ++part)
        for (std::uint32_t n = 0; n < parts_[part]->positions.size(); ++n) entries.push_back({parts_[part]->positions[n].key, part, n});
    std::sort(entries.begin(), entries.end());
    auto at = [&](const Entry& e) -> PositionStats& { return parts_[e.part]->positions[e.index]; };
    PositionStats counts; // what keep sees: key, variant, ply and results
    for (std::size_t i = 0, j = 0; i < entries.size(); i = j) {
        const PositionStats& first = at(entries[i]);
        counts.key = first.key, counts.variant = first.variant, counts.ply = first.ply, counts.results = {};
        for (j = i; j < entries.size() && entries[j].key == entries[i].key; ++j) {
            counts.ply = std::min(counts.ply, at(entries[j]).ply);
            counts.results.add(at(entries[j]).results);
        }
        if (!keep(counts)) continue;
        PositionStats p = std::move(at(entries[i]));
        parts_[entries[i].part]->name_examples(p);
        for (std::size_t k = i + 1; k < j; ++k) {
            PositionStats& other = at(entries[k]);
            parts_[entries[k].part]->name_examples(other);
            p.add(std::move(other), options_.examples);
        }
        finish_position(p);
        visit(p);
    }
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
