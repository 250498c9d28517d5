#include "horde/tree/opening_tree.hpp"

#include "temp_file.hpp"

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

// A move keeps its first `max_examples` games by ordinal, in that order: whether it takes a game
// of this ordinal (a later one than those it holds, once full, it does not).
bool takes_example(const std::vector<ExampleGame>& kept, std::uint64_t ordinal, std::size_t max_examples) {
    return kept.size() < max_examples || (!kept.empty() && ordinal < kept.back().ordinal);
}

// Files a game the move takes (takes_example) in ordinal order, after any of equal ordinal.
void insert_example(std::vector<ExampleGame>& kept, ExampleGame game, std::size_t max_examples) {
    const auto at = std::upper_bound(kept.begin(), kept.end(), game.ordinal,
                                     [](std::uint64_t ordinal, const ExampleGame& g) { return ordinal < g.ordinal; });
    kept.insert(at, std::move(game));
    if (kept.size() > max_examples) kept.pop_back();
}

// The move's entry among a position's moves, made (with no games yet) when it has none.
MoveStats& move_entry(std::vector<MoveStats>& moves, Move move, std::uint64_t child_key) {
    const auto it = std::find_if(moves.begin(), moves.end(), [&](const MoveStats& m) { return m.move == move; });
    if (it != moves.end()) return *it;
    MoveStats& fresh = moves.emplace_back();
    fresh.move = move;
    fresh.child_key = child_key;
    return fresh;
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

void write_position(RunWriter& w, const PositionStats& p) {
    w.put(p.key);
    w.put(std::uint8_t(p.variant));
    w.put(p.ply);
    w.put(p.results);
    w.put_text(p.fen);
    w.put(std::uint32_t(p.moves.size()));
    for (const MoveStats& m : p.moves) {
        w.put(m.move.raw());
        w.put(m.child_key);
        w.put(static_cast<const MoveSums&>(m));
        w.put(std::uint32_t(m.examples.size()));
        for (const ExampleGame& e : m.examples) {
            w.put(e.ordinal);
            w.put_text(e.name);
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
        static_cast<MoveSums&>(m) = get<MoveSums>();
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

} // namespace

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

void MoveStats::add(const MoveStats& o, std::size_t max_examples) {
    MoveSums::add(o);
    for (const ExampleGame& game : o.examples) { // by ordinal: once one is not taken, no later one is
        if (!takes_example(examples, game.ordinal, max_examples)) break;
        insert_example(examples, game, max_examples);
    }
}

void PositionStats::add(PositionStats&& o, std::size_t max_examples) {
    ply = std::min(ply, o.ply);
    results.add(o.results);
    for (MoveStats& m : o.moves) move_entry(moves, m.move, m.child_key).add(m, max_examples);
}

namespace {

void add_move_figures(MoveSums& m, const GameFacts& game, const GamePly& ply, bool white_moved) {
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

constexpr std::uint32_t kNone = 0xFFFFFFFF;

// Where a (position, move) pair starts its search in the move index: the position key is a
// Zobrist key already, the move is spread over the bits by an odd multiplier.
inline std::size_t move_hash(std::uint64_t key, std::uint16_t move) { return std::size_t(key ^ (move * 0x9E3779B97F4A7C15ull)); }

// A growable array in blocks that never move: a big tree is not copied when it grows, and no
// element costs an allocation of its own.
template <class T> class BlockArray {
public:
    static constexpr unsigned kShift = 10;
    static constexpr std::uint32_t kBlock = 1u << kShift;
    std::uint32_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    T& operator[](std::uint32_t i) { return blocks_[i >> kShift][i & (kBlock - 1)]; }
    const T& operator[](std::uint32_t i) const { return blocks_[i >> kShift][i & (kBlock - 1)]; }
    std::uint32_t push_back(const T& value) {
        if ((size_ >> kShift) == blocks_.size()) blocks_.push_back(std::unique_ptr<T[]>(new T[kBlock]));
        (*this)[size_] = value;
        return size_++;
    }
    std::size_t bytes_used() const { return std::size_t(size_) * sizeof(T); }
    void clear() {
        blocks_.clear();
        blocks_.shrink_to_fit();
        size_ = 0;
    }

private:
    std::vector<std::unique_ptr<T[]>> blocks_;
    std::uint32_t size_ = 0;
};

// What a part holds of a position, a move and an example game: plain records linked by index.
struct HeldPosition {
    std::uint64_t key;
    ResultCounts results;
    std::uint32_t fen_block;  // its FEN in the part's text: block, offset in it, length
    std::uint32_t first_move; // kNone: none yet
    std::uint16_t fen_offset;
    std::uint16_t fen_size;
    std::uint16_t ply;
    Variant variant;
};

struct HeldMove : MoveSums {
    std::uint64_t parent_key; // the position it is played from
    std::uint64_t child_key;
    std::uint32_t next;                         // the position's next move (kNone: the last)
    std::uint32_t first_example, last_example;  // the first ones by ordinal, in that order
    std::uint16_t move;
    std::uint16_t examples;
};

struct HeldExample {
    std::uint64_t ordinal;
    std::uint32_t name; // index in the part's names
    std::uint32_t next;
};

} // namespace

struct OpeningTree::Part {
    Part(const TreeOptions& tree_options, std::atomic<std::size_t>& memory, std::size_t part_count)
        : options(tree_options), tree_memory(memory), parts(part_count) {}
    ~Part() {
        for (std::FILE* f : runs) std::fclose(f);
    }
    Part(const Part&) = delete;
    Part& operator=(const Part&) = delete;

    void add_game(const GameFacts& game, std::uint64_t ordinal, const std::function<void(std::string&)>& name);
    // The positions' indices in key order.
    std::vector<std::uint32_t> key_order() const;
    // What `keep` decides on: key, variant, ply and results.
    void counts(std::uint32_t n, PositionStats& p) const;
    // The position as the outputs take it, with its moves and examples; add_to adds it to the
    // same position of another part.
    PositionStats position(std::uint32_t n) const;
    void add_to(std::uint32_t n, PositionStats& p) const;
    void add_moves(std::uint32_t n, PositionStats& p) const;
    void spill();
    // Merges the spilled runs into one (so that a long run with a small budget keeps few files open).
    void merge_runs();
    // Gives back the memory of the positions (after they have been moved out or spilled).
    void clear();

    // The position of a key, found by open addressing (keys are Zobrist keys: their low bits are
    // as good as a hash): one cache line a lookup instead of a bucket and a chain of nodes.
    std::uint32_t position_for(std::uint64_t key, const GameFacts& game, std::size_t ply);
    // The move's index (kNone: not held yet), and the move made when it is not.
    std::uint32_t find_move(std::uint64_t key, std::uint16_t move) const;
    HeldMove& add_move(HeldPosition& p, std::uint64_t key, std::uint16_t move, std::uint64_t child_key);
    void add_example(HeldMove& m, std::uint64_t ordinal, std::uint32_t name);
    void grow_index();
    void grow_move_index();
    // What the part holds, as the budget counts it: the records in use (their blocks, allocated
    // a few at a time, add at most a block of each kind a part) and the indexes.
    std::size_t bytes() const {
        return positions.bytes_used() + moves.bytes_used() + examples.bytes_used() + fen_bytes +
               index.size() * sizeof(Slot) + move_index.size() * sizeof(MoveSlot) + names_bytes;
    }

    const TreeOptions& options;
    std::atomic<std::size_t>& tree_memory; // what every part holds: the budget is the tree's
    std::size_t parts;
    BlockArray<HeldPosition> positions;
    BlockArray<HeldMove> moves;
    BlockArray<HeldExample> examples;
    // The FENs, one after the other in blocks (a FEN never spans two).
    static constexpr std::uint32_t kFenBlock = 1u << 16;
    std::vector<std::unique_ptr<char[]>> fen_blocks;
    std::uint32_t fen_used = kFenBlock; // in the last block
    std::size_t fen_bytes = 0;          // in all
    struct Slot {
        std::uint64_t key = 0;
        std::uint32_t index = kNone; // into positions
    };
    static constexpr std::size_t kMaxRuns = 16;
    std::vector<Slot> index;     // a power of two, at most half full
    // The moves by (position key, move), as `index` has the positions: a position's list of moves
    // would be a chain of cache misses for each move of each game.
    struct MoveSlot {
        std::uint64_t key = 0;
        std::uint32_t index = kNone; // into moves
        std::uint16_t move = 0;
    };
    std::vector<MoveSlot> move_index;
    std::vector<std::uint32_t> ply_moves; // the current game's moves, by ply (kNone: new)
    std::size_t memory_used = 0;
    std::vector<std::FILE*> runs;    // spilled runs: unlinked temporary files, gone when closed
    std::size_t spills = 0;          // runs written (merge_runs makes fewer files of them)
    std::vector<std::uint64_t> seen; // the current game's position keys (once per game)
    std::vector<std::pair<std::uint64_t, std::uint16_t>> seen_moves;
    std::vector<std::uint32_t> ply_positions; // the current game's positions, by ply
    std::vector<std::string> names;           // the example games' names (HeldExample::name)
    std::size_t names_bytes = 0;
};

OpeningTree::OpeningTree(TreeOptions options) : options_(std::move(options)) {
    options_.temp_dir = detail::temp_dir_or_default(options_.temp_dir);
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
    seen.clear();
    seen_moves.clear();
    // The lookups miss the cache: every ply's slots are asked for at once, then every ply's
    // position and move, so that the misses overlap instead of coming one after the other.
    if (!index.empty() && !move_index.empty())
        for (const GamePly& ply : game.plies) {
            __builtin_prefetch(&index[std::size_t(ply.key) & (index.size() - 1)]);
            __builtin_prefetch(&move_index[move_hash(ply.key, ply.move.raw()) & (move_index.size() - 1)]);
        }
    ply_positions.clear();
    ply_moves.clear();
    for (std::size_t i = 0; i < game.plies.size(); ++i) {
        const std::uint32_t n = position_for(game.plies[i].key, game, i);
        const std::uint32_t m = game.plies[i].move.is_none() ? kNone : find_move(game.plies[i].key, game.plies[i].move.raw());
        __builtin_prefetch(&positions[n]);
        if (m != kNone) __builtin_prefetch(&moves[m]);
        ply_positions.push_back(n);
        ply_moves.push_back(m);
    }
    std::uint32_t name_index = kNone; // the game's name, made once when a move wants it
    for (std::size_t i = 0; i < game.plies.size(); ++i) {
        const GamePly& ply = game.plies[i];
        HeldPosition& p = positions[ply_positions[i]];
        if (std::find(seen.begin(), seen.end(), ply.key) == seen.end()) { // the game's first visit
            seen.push_back(ply.key);
            p.ply = std::min(p.ply, std::uint16_t(i));
            p.results.add(game.outcome);
        }
        if (ply.move.is_none() || i + 1 >= game.plies.size()) continue;
        const auto move_id = std::pair{ply.key, ply.move.raw()};
        if (std::find(seen_moves.begin(), seen_moves.end(), move_id) != seen_moves.end()) continue;
        seen_moves.push_back(move_id);
        HeldMove& m = ply_moves[i] != kNone ? moves[ply_moves[i]] : add_move(p, ply.key, ply.move.raw(), game.plies[i + 1].key);
        add_move_figures(m, game, ply, ply.white_to_move);
        if (options.examples > 0 && (m.examples < options.examples || ordinal < examples[m.last_example].ordinal)) {
            if (name_index == kNone) {
                name_index = std::uint32_t(names.size());
                name(names.emplace_back());
                names_bytes += sizeof(std::string) + names.back().capacity();
            }
            add_example(m, ordinal, name_index);
        }
    }
    // Over the budget, the part that adds spills if it holds at least half its share: some part
    // always does, and the parts take turns (the run's slots rotate), so the tree stays within
    // the budget plus what the parts add before their turn.
    const std::size_t now = bytes();
    const std::size_t held = tree_memory.fetch_add(now - memory_used, std::memory_order_relaxed) + now - memory_used;
    memory_used = now;
    if (held > options.memory_bytes && memory_used * 2 * parts >= options.memory_bytes) spill();
}

std::uint32_t OpeningTree::Part::position_for(std::uint64_t key, const GameFacts& game, std::size_t ply) {
    if (2 * (std::size_t(positions.size()) + 1) > index.size()) grow_index();
    const std::size_t mask = index.size() - 1;
    for (std::size_t i = std::size_t(key) & mask;; i = (i + 1) & mask) {
        Slot& slot = index[i];
        if (slot.key == key && slot.index != kNone) return slot.index;
        if (slot.index != kNone) continue;
        const std::string_view fen = game.fen(ply);
        if (fen_used + fen.size() > kFenBlock) {
            fen_blocks.push_back(std::unique_ptr<char[]>(new char[kFenBlock]));
            fen_used = 0;
        }
        HeldPosition held{key, {}, std::uint32_t(fen_blocks.size() - 1), kNone, std::uint16_t(fen_used),
                          std::uint16_t(fen.size()), std::uint16_t(ply), game.variant};
        std::memcpy(fen_blocks.back().get() + fen_used, fen.data(), fen.size());
        fen_used += std::uint32_t(fen.size());
        fen_bytes += fen.size();
        slot = {key, positions.push_back(held)};
        return slot.index;
    }
}

std::uint32_t OpeningTree::Part::find_move(std::uint64_t key, std::uint16_t move) const {
    if (move_index.empty()) return kNone;
    const std::size_t mask = move_index.size() - 1;
    for (std::size_t i = move_hash(key, move) & mask;; i = (i + 1) & mask) {
        const MoveSlot& slot = move_index[i];
        if (slot.index == kNone) return kNone;
        if (slot.key == key && slot.move == move) return slot.index;
    }
}

HeldMove& OpeningTree::Part::add_move(HeldPosition& p, std::uint64_t key, std::uint16_t move, std::uint64_t child_key) {
    if (2 * (std::size_t(moves.size()) + 1) > move_index.size()) grow_move_index();
    HeldMove fresh{};
    fresh.parent_key = key;
    fresh.child_key = child_key;
    fresh.next = p.first_move;
    fresh.first_example = fresh.last_example = kNone;
    fresh.move = move;
    p.first_move = moves.push_back(fresh);
    const std::size_t mask = move_index.size() - 1;
    std::size_t i = move_hash(key, move) & mask;
    while (move_index[i].index != kNone) i = (i + 1) & mask;
    move_index[i] = {key, p.first_move, move};
    return moves[p.first_move];
}

void OpeningTree::Part::grow_move_index() {
    const std::size_t size = std::max<std::size_t>(1024, move_index.size() * 2);
    move_index.assign(size, MoveSlot{});
    const std::size_t mask = size - 1;
    for (std::uint32_t n = 0; n < moves.size(); ++n) {
        std::size_t i = move_hash(moves[n].parent_key, moves[n].move) & mask;
        while (move_index[i].index != kNone) i = (i + 1) & mask;
        move_index[i] = {moves[n].parent_key, n, moves[n].move};
    }
}

// The move keeps its first examples by ordinal, whatever order its part gets the games in.
void OpeningTree::Part::add_example(HeldMove& m, std::uint64_t ordinal, std::uint32_t name) {
    std::uint32_t e;
    if (m.examples < options.examples) {
        e = examples.push_back(HeldExample{ordinal, name, kNone});
        ++m.examples;
    } else { // full: the last (the latest) one makes way, its record is reused
        e = m.last_example;
        if (m.first_example == e) {
            m.first_example = m.last_example = kNone;
        } else {
            std::uint32_t before = m.first_example;
            while (examples[before].next != e) before = examples[before].next;
            examples[before].next = kNone;
            m.last_example = before;
        }
        examples[e] = HeldExample{ordinal, name, kNone};
    }
    if (m.last_example == kNone || examples[m.last_example].ordinal <= ordinal) { // in input order: at the end
        if (m.last_example == kNone) m.first_example = e;
        else examples[m.last_example].next = e;
        m.last_example = e;
        return;
    }
    if (ordinal < examples[m.first_example].ordinal) {
        examples[e].next = m.first_example;
        m.first_example = e;
        return;
    }
    std::uint32_t before = m.first_example;
    while (examples[examples[before].next].ordinal < ordinal) before = examples[before].next;
    examples[e].next = examples[before].next;
    examples[before].next = e;
}

void OpeningTree::Part::grow_index() {
    const std::size_t size = std::max<std::size_t>(1024, index.size() * 2);
    index.assign(size, Slot{});
    const std::size_t mask = size - 1;
    for (std::uint32_t n = 0; n < positions.size(); ++n) {
        std::size_t i = std::size_t(positions[n].key) & mask;
        while (index[i].index != kNone) i = (i + 1) & mask;
        index[i] = {positions[n].key, n};
    }
}

void OpeningTree::Part::counts(std::uint32_t n, PositionStats& p) const {
    const HeldPosition& h = positions[n];
    p.key = h.key;
    p.variant = h.variant;
    p.ply = h.ply;
    p.results = h.results;
}

PositionStats OpeningTree::Part::position(std::uint32_t n) const {
    PositionStats p;
    counts(n, p);
    const HeldPosition& h = positions[n];
    p.fen.assign(fen_blocks[h.fen_block].get() + h.fen_offset, h.fen_size);
    add_moves(n, p);
    return p;
}

void OpeningTree::Part::add_to(std::uint32_t n, PositionStats& p) const {
    p.ply = std::min(p.ply, positions[n].ply);
    p.results.add(positions[n].results);
    add_moves(n, p);
}

// Straight from the held records: a copy of the position in another part costs no
// PositionStats of its own.
void OpeningTree::Part::add_moves(std::uint32_t n, PositionStats& p) const {
    for (std::uint32_t i = positions[n].first_move; i != kNone; i = moves[i].next) {
        const HeldMove& held = moves[i];
        MoveStats& m = move_entry(p.moves, Move(held.move), held.child_key);
        m.MoveSums::add(held);
        for (std::uint32_t e = held.first_example; e != kNone; e = examples[e].next) { // by ordinal
            if (!takes_example(m.examples, examples[e].ordinal, options.examples)) break;
            insert_example(m.examples, ExampleGame{examples[e].ordinal, names[examples[e].name]}, options.examples);
        }
    }
}

// Sorting (key, index) pairs moves 16 bytes an element instead of a whole position.
std::vector<std::uint32_t> OpeningTree::Part::key_order() const {
    std::vector<std::pair<std::uint64_t, std::uint32_t>> keyed;
    keyed.reserve(positions.size());
    for (std::uint32_t n = 0; n < positions.size(); ++n) keyed.emplace_back(positions[n].key, n);
    std::sort(keyed.begin(), keyed.end());
    std::vector<std::uint32_t> order(keyed.size());
    for (std::size_t i = 0; i < keyed.size(); ++i) order[i] = keyed[i].second;
    return order;
}

void OpeningTree::Part::clear() {
    tree_memory.fetch_sub(memory_used, std::memory_order_relaxed);
    positions.clear();
    moves.clear();
    examples.clear();
    fen_blocks.clear();
    fen_blocks.shrink_to_fit();
    fen_used = kFenBlock;
    fen_bytes = 0;
    index = {}; // its memory goes back too: a spilled part starts small again
    move_index = {};
    memory_used = 0;
    names = {};
    names_bytes = 0;
}

void OpeningTree::Part::spill() {
    if (positions.empty()) return;
    std::FILE* file = detail::anonymous_file(options.temp_dir);
    runs.push_back(file);
    ++spills;
    RunWriter writer(file);
    for (const std::uint32_t n : key_order()) write_position(writer, position(n));
    writer.flush();
    clear();
    if (runs.size() >= kMaxRuns) merge_runs();
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
    explicit MemorySource(const OpeningTree::Part& part) : part_(part), order_(part.key_order()) {}
    bool next(PositionStats& p) override {
        if (at_ == order_.size()) return false;
        p = part_.position(order_[at_++]);
        return true;
    }

private:
    const OpeningTree::Part& part_;
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
    std::FILE* file = detail::anonymous_file(options.temp_dir);
    RunWriter writer(file);
    try {
        merge_sources(sources, options.examples, [&](PositionStats& p) { write_position(writer, p); });
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
    if (held_whole()) {
        const TreeBuckets all = buckets();
        for (std::size_t b = 0; b < all.size(); ++b) show_bucket(all, b, keep, visit);
        clear();
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

bool OpeningTree::held_whole() const {
    for (const auto& part : parts_)
        if (!part->runs.empty()) return false;
    return true;
}

// The buckets are made by one counting pass over the parts (a bucket is a range of keys, and
// Zobrist keys spread evenly over them); each is sorted when it is shown.
TreeBuckets OpeningTree::buckets() const {
    constexpr unsigned kBits = 10;
    TreeBuckets buckets;
    std::vector<std::size_t> begin((1u << kBits) + 1, 0);
    for (const auto& part : parts_)
        for (std::uint32_t n = 0; n < part->positions.size(); ++n) ++begin[(part->positions[n].key >> (64 - kBits)) + 1];
    for (std::size_t b = 1; b < begin.size(); ++b) begin[b] += begin[b - 1];
    buckets.entries_.resize(begin.back());
    std::vector<std::size_t> next(begin.begin(), begin.end() - 1);
    for (std::uint32_t part = 0; part < parts_.size(); ++part)
        for (std::uint32_t n = 0; n < parts_[part]->positions.size(); ++n) {
            const std::uint64_t key = parts_[part]->positions[n].key;
            buckets.entries_[next[key >> (64 - kBits)]++] = {key, part, n};
        }
    buckets.begin_ = std::move(begin);
    return buckets;
}

// A position's copies (one a part) are sorted next to each other, and added up only when `keep`
// takes the sum of their counts, so that the positions of few games (most of a big tree) cost a
// sort entry and no copy.
void OpeningTree::show_bucket(const TreeBuckets& buckets, std::size_t b, const std::function<bool(const PositionStats&)>& keep,
                              const std::function<void(PositionStats&)>& visit) const {
    PositionStats counts, other; // counts: what keep sees (key, variant, ply and results)
    std::vector<TreeBuckets::Entry> entries;
    for (std::size_t e = buckets.begin_[b]; e < buckets.begin_[b + 1]; ++e) {
        const TreeBuckets::Entry& entry = buckets.entries_[e];
        if (parts_.size() == 1) { // its figures are final: only the positions kept are sorted
            parts_[0]->counts(entry.index, counts);
            if (!keep(counts)) continue;
        }
        entries.push_back(entry);
    }
    std::sort(entries.begin(), entries.end());
    for (std::size_t i = 0, j = 0; i < entries.size(); i = j) {
        parts_[entries[i].part]->counts(entries[i].index, counts);
        for (j = i + 1; j < entries.size() && entries[j].key == entries[i].key; ++j) {
            parts_[entries[j].part]->counts(entries[j].index, other);
            counts.ply = std::min(counts.ply, other.ply);
            counts.results.add(other.results);
        }
        if (!keep(counts)) continue;
        PositionStats p = parts_[entries[i].part]->position(entries[i].index);
        for (std::size_t k = i + 1; k < j; ++k) parts_[entries[k].part]->add_to(entries[k].index, p);
        finish_position(p);
        visit(p);
    }
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
