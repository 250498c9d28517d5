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

OpeningTree::OpeningTree(TreeOptions options) : options_(std::move(options)) {
    if (options_.temp_dir.empty()) {
        const char* tmp = std::getenv("TMPDIR");
        options_.temp_dir = tmp && *tmp ? tmp : "/tmp";
    }
}

OpeningTree::~OpeningTree() {
    for (std::FILE* f : runs_) std::fclose(f);
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

void OpeningTree::add_game(const GameFacts& game, std::uint64_t ordinal, const std::function<void(std::string&)>& name) {
    seen_.clear();
    seen_moves_.clear();
    // The lookups miss the cache: every ply's slot is asked for at once, then every ply's
    // position, so that the misses overlap instead of coming one after the other.
    if (!index_.empty())
        for (const GamePly& ply : game.plies) __builtin_prefetch(&index_[std::size_t(ply.key) & (index_.size() - 1)]);
    ply_positions_.clear();
    for (std::size_t i = 0; i < game.plies.size(); ++i) {
        bool inserted = false;
        PositionStats& p = position_for(game.plies[i].key, inserted);
        if (inserted) {
            p.key = game.plies[i].key;
            p.variant = game.variant;
            p.fen = std::string(game.fen(i));
            p.ply = std::uint16_t(i);
            memory_used_ += kPositionOverhead + p.fen.capacity();
        }
        ply_positions_.push_back(std::uint32_t(&p - positions_.data()));
    }
    for (const std::uint32_t n : ply_positions_) __builtin_prefetch(&positions_[n]);
    std::uint32_t name_index = ExampleGame::kNamed; // the game's name, made once when a move wants it
    for (std::size_t i = 0; i < game.plies.size(); ++i) {
        const GamePly& ply = game.plies[i];
        PositionStats& p = positions_[ply_positions_[i]];
        if (std::find(seen_.begin(), seen_.end(), ply.key) == seen_.end()) { // the game's first visit
            seen_.push_back(ply.key);
            p.ply = std::min(p.ply, std::uint16_t(i));
            p.results.add(game.outcome);
        }
        if (ply.move.is_none() || i + 1 >= game.plies.size()) continue;
        const auto move_id = std::pair{ply.key, ply.move.raw()};
        if (std::find(seen_moves_.begin(), seen_moves_.end(), move_id) != seen_moves_.end()) continue;
        seen_moves_.push_back(move_id);
        MoveStats& m = move_for(p, ply, game.plies[i + 1].key);
        add_move_figures(m, game, ply, ply.white_to_move);
        if (m.examples.size() < options_.examples) {
            if (name_index == ExampleGame::kNamed) {
                name_index = std::uint32_t(example_names_.size());
                name(example_names_.emplace_back());
                memory_used_ += sizeof(std::string) + example_names_.back().capacity();
            }
            memory_used_ += sizeof(ExampleGame);
            m.examples.push_back(ExampleGame{ordinal, {}, name_index});
        }
    }
    if (memory_used_ > options_.memory_bytes) spill();
}

MoveStats& OpeningTree::move_for(PositionStats& p, const GamePly& ply, std::uint64_t child_key) {
    for (MoveStats& m : p.moves)
        if (m.move == ply.move) return m;
    MoveStats& m = p.moves.emplace_back();
    m.move = ply.move;
    m.child_key = child_key;
    memory_used_ += kMoveOverhead;
    return m;
}

PositionStats& OpeningTree::position_for(std::uint64_t key, bool& inserted) {
    if (2 * (positions_.size() + 1) > index_.size()) grow_index();
    const std::size_t mask = index_.size() - 1;
    for (std::size_t i = std::size_t(key) & mask;; i = (i + 1) & mask) {
        Slot& slot = index_[i];
        if (slot.index == kEmpty) {
            slot = {key, std::uint32_t(positions_.size())};
            inserted = true;
            return positions_.emplace_back();
        }
        if (slot.key == key) return positions_[slot.index];
    }
}

void OpeningTree::grow_index() {
    const std::size_t size = std::max<std::size_t>(1024, index_.size() * 2);
    memory_used_ += (size - index_.size()) * sizeof(Slot);
    index_.assign(size, Slot{});
    const std::size_t mask = size - 1;
    for (std::uint32_t n = 0; n < positions_.size(); ++n) {
        std::size_t i = std::size_t(positions_[n].key) & mask;
        while (index_[i].index != kEmpty) i = (i + 1) & mask;
        index_[i] = {positions_[n].key, n};
    }
}

std::vector<PositionStats> OpeningTree::sorted_positions() {
    std::vector<PositionStats> sorted = std::move(positions_);
    positions_ = {};
    index_ = {}; // its memory goes back too: a spilled tree starts small again
    memory_used_ = 0;
    std::sort(sorted.begin(), sorted.end(), [](const PositionStats& a, const PositionStats& b) { return a.key < b.key; });
    return sorted;
}

void OpeningTree::spill() {
    if (positions_.empty()) return;
    std::FILE* file = anonymous_file(options_.temp_dir);
    runs_.push_back(file);
    RunWriter writer(file);
    for (const PositionStats& p : sorted_positions()) write_position(writer, p, example_names_);
    writer.flush();
    example_names_ = {};
}

void OpeningTree::name_examples(PositionStats& p) const {
    for (MoveStats& m : p.moves)
        for (ExampleGame& e : m.examples)
            if (e.name_index != ExampleGame::kNamed) {
                e.name = example_names_[e.name_index];
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

} // namespace

void OpeningTree::for_each(const std::function<bool(const PositionStats&)>& keep,
                           const std::function<void(PositionStats&)>& visit) {
    auto show = [&](PositionStats& p) {
        if (!keep(p)) return;
        name_examples(p);
        finish_position(p);
        visit(p);
    };
    if (runs_.empty()) {
        for (PositionStats& p : sorted_positions()) show(p);
        example_names_ = {};
        return;
    }
    spill();
    // A k-way merge of the runs by key; a key found in several runs is added up.
    std::vector<RunReader> readers;
    std::vector<PositionStats> heads(runs_.size());
    using Head = std::pair<std::uint64_t, std::size_t>; // key, run
    std::priority_queue<Head, std::vector<Head>, std::greater<>> queue;
    for (std::size_t r = 0; r < runs_.size(); ++r) {
        readers.emplace_back(runs_[r]);
        if (readers[r].next(heads[r])) queue.push({heads[r].key, r});
    }
    while (!queue.empty()) {
        const std::size_t r = queue.top().second;
        queue.pop();
        PositionStats p = std::move(heads[r]);
        if (readers[r].next(heads[r])) queue.push({heads[r].key, r});
        while (!queue.empty() && queue.top().first == p.key) {
            const std::size_t s = queue.top().second;
            queue.pop();
            p.add(std::move(heads[s]), options_.examples);
            if (readers[s].next(heads[s])) queue.push({heads[s].key, s});
        }
        show(p);
    }
}

std::string date_text(std::uint32_t date) {
    const unsigned year = date / 10000, month = date / 100 % 100, day = date % 100;
    return fmt::format("{:04}.{}.{}", year, month ? fmt::format("{:02}", month) : "??", day ? fmt::format("{:02}", day) : "??");
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
