#include "horde/tree/opening_tree.hpp"

#include "horde/tree/bucket_store.hpp"

#include "horde/game/play_line.hpp"
#include "horde/notation/san.hpp"
#include "horde/position/board.hpp"
#include "horde/position/writers.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <new>
#include <optional>
#include <stdexcept>
#include <stdio_ext.h>
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
// (that visit counts the game) and where it first plays each move from it. 16 bytes: what every
// position needs to be counted (its key, the game's result, ply and variant); what only the
// positions shown need (the game's ordinal, ratings, date and name, its moves to replay, the
// %eval and time of each move) is found through the game's number, once a game. The key's first
// 10 bits are its bucket's number (a bucket holds no other keys): the word keeps the other 54.
struct TreeRecord {
    std::uint64_t word; // the key's last 54 bits, flags << 54, outcome << 57, variant << 59
    std::uint32_t game; // the game's number in its part
    std::uint16_t move; // Move::raw(), with kHasMove
    std::uint16_t ply;

    static constexpr std::uint64_t kKeyBits = (std::uint64_t(1) << 54) - 1;
    static constexpr unsigned kVariantBits = 2; // bits 59-60: a fifth variant needs a wider field
    static_assert(VARIANT_NB <= (1 << kVariantBits), "the variant no longer fits TreeRecord's 2 bits");
    static TreeRecord make(std::uint64_t key, unsigned flags, Outcome outcome, Variant variant, std::uint32_t game,
                           std::uint16_t move, std::uint16_t ply) {
        return TreeRecord{(key & kKeyBits) | std::uint64_t(flags) << 54 | std::uint64_t(outcome) << 57 |
                              std::uint64_t(variant) << 59,
                          game, move, ply};
    }
    std::uint64_t key(std::uint64_t bucket_bits) const { return bucket_bits | (word & kKeyBits); }
    std::uint64_t key_rest() const { return word & kKeyBits; } // enough to tell a bucket's keys apart
    unsigned flags() const { return unsigned(word >> 54) & 7; }
    Outcome outcome() const { return Outcome((word >> 57) & 3); }
    Variant variant() const { return Variant((word >> 59) & 3); }
};
static_assert(sizeof(TreeRecord) == 16);
constexpr unsigned kFirstVisit = 1; // the game's first visit of the position: it counts the game
constexpr unsigned kHasMove = 2;    // the game's first play of the move from the position
constexpr unsigned kWhiteMoved = 4;

// Where a part finds a game from its number: its place across every input, its entry, and what
// the figures of each of its moves need (read for some 900,000 moves of a bench tree: its entry
// is read only when it holds %evals or times).
struct GameRef {
    std::uint64_t ordinal;
    std::uint64_t entry; // the offset of its entry in the part's game stream
    std::int32_t white_elo, black_elo;
    std::uint32_t date;
    std::uint32_t figures; // kHasEvals | kHasTimes: the entry holds them
};

// A game's entry in its part's game stream: this head, then the name, the start's FEN (none:
// the variant's start), the move codes (u16 each), and when the game has them the %evals and
// the times spent (i32 each, kNoFigure where a move has none), a move each.
struct GameEntryHead {
    std::uint32_t size; // of the whole entry
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
        if (bytes.size() < head_.size ||
            head_.size <
                evals_at() + 4 * head_.moves * ((head_.figures & kHasEvals ? 1 : 0) + (head_.figures & kHasTimes ? 1 : 0)))
            cut_short();
    }
    const GameEntryHead& head() const { return head_; }
    std::string_view name() const { return bytes_.substr(sizeof head_, head_.name_size); }
    std::string_view start_fen() const { return bytes_.substr(sizeof head_ + head_.name_size, head_.start_fen_size); }
    Move move(std::size_t i) const { return Move(number<std::uint16_t>(moves_at() + 2 * i)); }
    std::int32_t eval_cp(std::size_t i) const {
        return head_.figures & kHasEvals ? number<std::int32_t>(evals_at() + 4 * i) : kNoFigure;
    }
    std::int32_t spent_ms(std::size_t i) const {
        return head_.figures & kHasTimes
                   ? number<std::int32_t>(evals_at() + 4 * i + (head_.figures & kHasEvals ? 4 * head_.moves : 0))
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

// What a game gives the figures of a move it played.
struct MoveFacts {
    Outcome outcome;
    bool white_moved;
    int white_elo, black_elo;
    std::uint32_t date;
    std::int32_t eval_cp, spent_ms;
};

void add_move_figures(MoveSums& m, const MoveFacts& f) {
    m.results.add(f.outcome);
    const int mover = f.white_moved ? f.white_elo : f.black_elo;
    const int opponent = f.white_moved ? f.black_elo : f.white_elo;
    if (mover > 0 && opponent > 0 && f.outcome != Outcome::Unfinished) {
        ++m.rated;
        m.mover_elo_sum += mover;
        m.opponent_elo_sum += opponent;
        const bool white_won = f.outcome == Outcome::WhiteWins, black_won = f.outcome == Outcome::BlackWins;
        if (f.white_moved ? white_won : black_won) ++m.mover_wins;
        if (f.white_moved ? black_won : white_won) ++m.mover_losses;
    }
    if (f.eval_cp != kNoFigure) {
        ++m.evals;
        m.eval_cp_sum += f.eval_cp;
    }
    if (f.spent_ms != kNoFigure) {
        ++m.timed;
        m.spent_ms_sum += f.spent_ms;
    }
    if (f.date) {
        if (!m.first_date || f.date < m.first_date) m.first_date = f.date;
        m.last_date = std::max(m.last_date, f.date);
    }
}

// A move's figures from a game's record of it: its entry is read for %evals and times only.
template <class Stream> MoveFacts move_facts(const TreeRecord& r, const GameRef& game, const Stream& stream) {
    MoveFacts f{r.outcome(), (r.flags() & kWhiteMoved) != 0, game.white_elo, game.black_elo, game.date, kNoFigure, kNoFigure};
    if (game.figures) {
        const GameEntry entry(stream.at(game.entry));
        f.eval_cp = entry.eval_cp(r.ply);
        f.spent_ms = entry.spent_ms(r.ply);
    }
    return f;
}

// The first `limit` examples by ordinal, kept sorted in place: `count` of them so far.
template <class Example> bool keep_example(Example* examples, std::size_t& count, std::size_t limit, const Example& e) {
    if (count == limit && (limit == 0 || e.ordinal >= examples[count - 1].ordinal)) return false;
    std::size_t at = count < limit ? count++ : count - 1;
    for (; at > 0 && e.ordinal < examples[at - 1].ordinal; --at) examples[at] = examples[at - 1];
    examples[at] = e;
    return true;
}

void sort_moves(PositionStats& p) {
    std::sort(p.moves.begin(), p.moves.end(), [](const MoveStats& a, const MoveStats& b) {
        if (a.results.games != b.results.games) return a.results.games > b.results.games;
        return a.move.raw() < b.move.raw();
    });
}

using RecordStore = detail::BucketStore<TreeRecord>;
static_assert(RecordStore::kBuckets == OpeningTree::kBuckets);

// A part's game entries, one after another, in 2 MB slabs (an entry never spans two): offsets
// go on from the entries written to disk before, and a slab is written whole but for the last,
// so that an offset is the same in memory and in the file.
class GameStream {
public:
    static constexpr std::size_t kSlab = detail::ChunkArena::kSlabBytes;
    explicit GameStream(bool huge_pages) : huge_pages_(huge_pages) {}
    GameStream(const GameStream&) = delete;
    GameStream& operator=(const GameStream&) = delete;
    ~GameStream() { release(); }
    // Room for an entry of `size` bytes, and its offset in the stream.
    std::pair<char*, std::uint64_t> append(std::size_t size) {
        if (size > kSlab) throw std::runtime_error("a tree's game entry is too long");
        if (used_slabs_ == 0 || last_used_ + size > kSlab) {
            if (used_slabs_ == slabs_.size()) slabs_.push_back(detail::ChunkArena::map_slab(huge_pages_));
            ++used_slabs_;
            last_used_ = 0;
        }
        char* at = static_cast<char*>(slabs_[used_slabs_ - 1]) + last_used_;
        last_used_ += size;
        return {at, written_ + held_span() - size};
    }
    std::uint64_t written_bytes() const { return written_; }
    std::size_t bytes_held() const { return used_slabs_ == 0 ? 0 : (used_slabs_ - 1) * kSlab + last_used_; }
    // The bytes at `offset` to the end of their slab (held), or of the file (written).
    std::string_view at(std::uint64_t offset) const {
        if (offset < written_) {
            if (!mapped_) throw std::logic_error("a tree is shown before finish_adding");
            return std::string_view(mapped_ + offset, written_ - offset);
        }
        const std::uint64_t in = offset - written_;
        const std::size_t slab = std::size_t(in / kSlab), within = std::size_t(in % kSlab);
        const std::size_t end = slab + 1 == used_slabs_ ? last_used_ : kSlab;
        return std::string_view(static_cast<const char*>(slabs_[slab]) + within, end - within);
    }
    const char* address(std::uint64_t offset) const { return at(offset).data(); }
    // The held slabs to the end of `file` (whose end is at written_). Throws on a failed write,
    // with nothing changed but the file's end, which the caller cuts back.
    void write(std::FILE* file) const {
        for (std::size_t i = 0; i < used_slabs_; ++i) {
            const std::size_t size = i + 1 == used_slabs_ ? last_used_ : kSlab;
            if (std::fwrite(slabs_[i], 1, size, file) != size) throw_write_error();
        }
    }
    // After write(): the slabs are empty again (kept, to be filled again).
    void written() {
        written_ += held_span();
        used_slabs_ = 0;
        last_used_ = 0;
    }
    // Maps what was written (call once, after the last write).
    void map_written(std::FILE* file, const std::string& dir) {
        if (written_ == 0 || mapped_) return;
        void* map = ::mmap(nullptr, written_, PROT_READ, MAP_PRIVATE, ::fileno(file), 0);
        if (map == MAP_FAILED)
            throw std::runtime_error(fmt::format("cannot read a spilled run back from {}: {}", dir, std::strerror(errno)));
        mapped_ = static_cast<const char*>(map);
    }
    void release() {
        if (mapped_) ::munmap(const_cast<char*>(mapped_), written_);
        mapped_ = nullptr;
        for (void* slab : slabs_) detail::ChunkArena::unmap_slab(slab);
        slabs_.clear();
        used_slabs_ = last_used_ = 0;
        written_ = 0;
    }

private:
    std::uint64_t held_span() const { return used_slabs_ == 0 ? 0 : (used_slabs_ - 1) * kSlab + last_used_; }
    [[noreturn]] static void throw_write_error() {
        throw std::runtime_error(fmt::format("cannot write a spilled run: {}", std::strerror(errno)));
    }
    bool huge_pages_;
    std::vector<void*> slabs_;
    std::size_t used_slabs_ = 0, last_used_ = 0;
    std::uint64_t written_ = 0;    // the stream's bytes in the file
    const char* mapped_ = nullptr; // the file, once mapped
};

} // namespace

// A part: the records of the games one thread at a time adds, by bucket, and the games' refs
// and entries. Past its share of the budget it spills: the records (a run, a segment a bucket),
// the refs and the game stream, each to an unnamed temporary file.
struct OpeningTree::Part {
    Part(const TreeOptions& tree_options, std::atomic<std::size_t>& memory, std::size_t part_count)
        : options(tree_options), tree_memory(memory), parts(part_count),
          store(tree_options.temp_dir, RecordStore::chunk_bytes_for(tree_options.memory_bytes / part_count),
                RecordStore::huge_pages_for(tree_options.memory_bytes / part_count)),
          stream(RecordStore::huge_pages_for(tree_options.memory_bytes / part_count)) {}
    ~Part() { clear(); }
    Part(const Part&) = delete;
    Part& operator=(const Part&) = delete;

    void add_game(const GameFacts& game, std::uint64_t ordinal, const std::function<void(std::string&)>& name);
    GameRef write_game_entry(const GameFacts& game, std::uint64_t ordinal);
    void spill();
    void finish();
    const GameRef& ref(std::uint32_t game) const {
        if (game >= refs_written) return refs[game - refs_written];
        if (!mapped_refs) throw std::logic_error("a tree is shown before finish_adding");
        return mapped_refs[game];
    }
    std::size_t bytes() const { return store.bytes_held() + stream.bytes_held() + refs.size() * sizeof(GameRef); }
    void clear();

    const TreeOptions& options;
    std::atomic<std::size_t>& tree_memory; // what every part holds: the budget is the tree's
    std::size_t parts;
    RecordStore store;
    GameStream stream;
    std::vector<GameRef> refs;      // of the games since the last spill
    std::uint32_t refs_written = 0; // the games before, in refs_file
    std::uint64_t last_ordinal = 0;
    bool ordinals_ascending = true; // each game added after the games before it in the input
    const GameRef* mapped_refs = nullptr;
    // Games added out of input order (several threads): each game's ordinal, copied by finish(),
    // so that counting finds a position's first game from an array of 8 bytes a game read in the
    // records' order rather than from the 32-byte refs (empty: compare the refs' ordinals).
    std::vector<std::uint64_t> ordinals;
    std::size_t memory_counted = 0; // added to tree_memory
    std::FILE* refs_file = nullptr;
    std::FILE* games_file = nullptr;
    std::vector<std::uint64_t> seen; // the current game's position keys (once per game)
    std::vector<std::pair<std::uint64_t, std::uint16_t>> seen_moves;
    std::string name; // the current game's
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
    for (const auto& part : parts_) n += part->store.records();
    return n;
}

std::size_t OpeningTree::spilled_runs() const {
    std::size_t n = 0;
    for (const auto& part : parts_) n += part->store.spills();
    return n;
}

// The game's entry (what only the positions shown need) at the end of the stream: its offset.
GameRef OpeningTree::Part::write_game_entry(const GameFacts& game, std::uint64_t ordinal) {
    GameEntryHead head{};
    while (head.moves < game.plies.size() && !game.plies[head.moves].move.is_none()) ++head.moves;
    bool evals = false, times = false;
    for (std::size_t i = 0; i < head.moves; ++i) {
        evals |= game.plies[i].eval_cp != kNoFigure;
        times |= game.plies[i].spent_ms != kNoFigure;
    }
    head.name_size = std::uint16_t(name.size());
    head.variant = std::uint8_t(game.variant);
    head.start_fen_size = std::uint8_t(std::min<std::size_t>(game.start_fen.size(), 0xFF)); // at most 92 characters
    head.figures = std::uint8_t((evals ? kHasEvals : 0) | (times ? kHasTimes : 0));
    head.size =
        std::uint32_t(sizeof head + name.size() + head.start_fen_size + std::size_t(head.moves) * (2 + 4 * (evals + times)));
    const auto [entry_at, offset] = stream.append(head.size);
    char* out = entry_at; // a lambda captures a variable, not a structured binding (clang)
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
    return GameRef{ordinal, offset, game.white_elo, game.black_elo, game.date, head.figures};
}

void OpeningTree::Part::add_game(const GameFacts& game, std::uint64_t ordinal, const std::function<void(std::string&)>& name_of) {
    name.clear();
    if (options.examples > 0) {
        name_of(name);
        if (name.size() > 0xFFFF) { // cut before the character that straddles the limit (UTF-8)
            std::size_t cut = 0xFFFF;
            while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;
            name.resize(cut);
        }
    }
    if (refs_written + refs.size() >= 0xFFFFFFFFu) throw std::runtime_error("a tree part holds 4,294,967,295 games at most");
    const auto number = std::uint32_t(refs_written + refs.size());
    if (number > 0 && ordinal < last_ordinal) ordinals_ascending = false;
    last_ordinal = ordinal;
    refs.push_back(write_game_entry(game, ordinal));

    seen.clear();
    seen_moves.clear();
    // A game seldom comes back to a position within the plies kept: 64 bits of its keys say
    // "never seen" without a search most of the time.
    std::uint64_t seen_bits = 0;
    for (std::size_t i = 0; i < game.plies.size(); ++i) {
        const GamePly& ply = game.plies[i];
        unsigned flags = 0;
        const std::uint64_t bit = std::uint64_t(1) << (ply.key & 63);
        const bool new_position = !(seen_bits & bit) || std::find(seen.begin(), seen.end(), ply.key) == seen.end();
        if (new_position) {
            seen.push_back(ply.key);
            seen_bits |= bit;
            flags |= kFirstVisit;
        }
        if (!ply.move.is_none() && i + 1 < game.plies.size()) {
            // A move from a new position is new; from a position seen before, it may not be.
            const auto move_id = std::pair{ply.key, ply.move.raw()};
            if (new_position || std::find(seen_moves.begin(), seen_moves.end(), move_id) == seen_moves.end()) {
                seen_moves.push_back(move_id);
                flags |= kHasMove;
            }
        }
        if (flags == 0) continue;
        if ((flags & kHasMove) && ply.white_to_move) flags |= kWhiteMoved;
        store.append(RecordStore::bucket_of(ply.key)) =
            TreeRecord::make(ply.key, flags, game.outcome, game.variant, number,
                             std::uint16_t(flags & kHasMove ? ply.move.raw() : 0), std::uint16_t(i));
    }
    // Over the budget, the part that adds spills if it holds at least half its share: some part
    // always does, and the parts take turns (the run's slots rotate), so the tree stays within
    // the budget plus what the parts add before their turn.
    const std::size_t now = bytes();
    const std::size_t total = tree_memory.fetch_add(now - memory_counted, std::memory_order_relaxed) + now - memory_counted;
    memory_counted = now;
    if (total > options.memory_bytes && now * 2 * parts >= options.memory_bytes) spill();
}

namespace {

// Cuts `file` back to `size` bytes after a failed write (what its stream buffers is dropped).
void cut_back(std::FILE* file, std::uint64_t size) {
    __fpurge(file);
    std::clearerr(file);
    if (::ftruncate(::fileno(file), off_t(size)) == 0) ::fseeko(file, off_t(size), SEEK_SET);
}

} // namespace

// The game stream and refs first, then the records: a failed write cuts the files back and
// leaves the part as it was (its records, refs and entries held), so that the error is all.
void OpeningTree::Part::spill() {
    if (!refs_file) refs_file = detail::anonymous_file(options.temp_dir);
    if (!games_file) games_file = detail::anonymous_file(options.temp_dir);
    const std::uint64_t games_end = stream.written_bytes();
    const std::uint64_t refs_end = std::uint64_t(refs_written) * sizeof(GameRef);
    try {
        stream.write(games_file);
        if (!refs.empty() && std::fwrite(refs.data(), sizeof(GameRef), refs.size(), refs_file) != refs.size())
            throw std::runtime_error(fmt::format("cannot write a spilled run: {}", std::strerror(errno)));
        if (std::fflush(games_file) != 0 || std::fflush(refs_file) != 0)
            throw std::runtime_error(fmt::format("cannot write a spilled run: {}", std::strerror(errno)));
        store.spill();
    } catch (...) {
        cut_back(games_file, games_end);
        cut_back(refs_file, refs_end);
        throw;
    }
    stream.written();
    refs_written += std::uint32_t(refs.size());
    refs.clear();
    tree_memory.fetch_sub(memory_counted, std::memory_order_relaxed);
    memory_counted = 0;
}

void OpeningTree::Part::finish() {
    if (games_file) stream.map_written(games_file, options.temp_dir);
    if (refs_written > 0 && !mapped_refs) {
        void* map = ::mmap(nullptr, std::size_t(refs_written) * sizeof(GameRef), PROT_READ, MAP_PRIVATE, ::fileno(refs_file), 0);
        if (map == MAP_FAILED)
            throw std::runtime_error(
                fmt::format("cannot read a spilled run back from {}: {}", options.temp_dir, std::strerror(errno)));
        mapped_refs = static_cast<const GameRef*>(map);
    }
    const std::uint64_t games = refs_written + refs.size();
    // At most an eighth of the part's share of the budget (refs take 32 bytes a game).
    if (ordinals_ascending || !ordinals.empty() || games * sizeof(std::uint64_t) > options.memory_bytes / parts / 8) return;
    ordinals.resize(std::size_t(games));
    for (std::uint32_t game = 0; game < games; ++game) ordinals[game] = ref(game).ordinal;
}

void OpeningTree::Part::clear() {
    if (mapped_refs) ::munmap(const_cast<GameRef*>(mapped_refs), std::size_t(refs_written) * sizeof(GameRef));
    mapped_refs = nullptr;
    store.clear();
    stream.release();
    refs = {};
    refs_written = 0;
    last_ordinal = 0;
    ordinals_ascending = true;
    ordinals = {};
    tree_memory.fetch_sub(memory_counted, std::memory_order_relaxed);
    memory_counted = 0;
    if (refs_file) std::fclose(refs_file);
    if (games_file) std::fclose(games_file);
    refs_file = games_file = nullptr;
}

void OpeningTree::finish_adding(std::size_t part) { parts_[part]->finish(); }

namespace {

// An example game found by show_bucket: its ordinal, part and number there.
struct ExampleSource {
    std::uint64_t ordinal;
    const OpeningTree::Part* part;
    std::uint64_t entry; // the game's entry in its part's stream (read once more for the name)
};

// Open addressing over entries kept in a vector: the slots double when half full, so that a
// table holds what a bucket has, not what its records could have (the root position's bucket
// of a big file has one record a game and a handful of positions).
template <class Entry> class GrowingTable {
public:
    static constexpr std::uint32_t kEmpty = 0xFFFFFFFF;
    void clear(std::size_t expected) {
        std::size_t size = 64;
        while (size < 2 * expected) size *= 2;
        slots_.assign(size, kEmpty);
        entries_.clear();
    }
    // The entry `same` finds from hash `h`, or kEmpty.
    template <class Same> std::uint32_t find(std::uint64_t h, Same same) const {
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = std::size_t(h) & mask;; i = (i + 1) & mask)
            if (slots_[i] == kEmpty || same(entries_[slots_[i]])) return slots_[i];
    }
    // The entry `same` finds from hash `h`, made by `make` when there is none; `made` says which.
    template <class Same, class Make> std::uint32_t find_or_add(std::uint64_t h, Same same, Make make, bool& made) {
        if (2 * (entries_.size() + 1) > slots_.size()) grow();
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = std::size_t(h) & mask;; i = (i + 1) & mask) {
            if (slots_[i] == kEmpty) {
                slots_[i] = std::uint32_t(entries_.size());
                make(entries_.emplace_back());
                made = true;
                return slots_[i];
            }
            if (same(entries_[slots_[i]])) {
                made = false;
                return slots_[i];
            }
        }
    }
    Entry& operator[](std::uint32_t i) { return entries_[i]; }
    const Entry& operator[](std::uint32_t i) const { return entries_[i]; }
    std::size_t size() const { return entries_.size(); }

private:
    void grow() {
        slots_.assign(2 * slots_.size(), kEmpty);
        const std::size_t mask = slots_.size() - 1;
        for (std::uint32_t e = 0; e < entries_.size(); ++e) {
            std::size_t i = std::size_t(entries_[e].hash()) & mask;
            while (slots_[i] != kEmpty) i = (i + 1) & mask;
            slots_[i] = e;
        }
    }
    std::vector<std::uint32_t> slots_;
    std::vector<Entry> entries_;
};

// A bucket's position, counted from its records: what `keep` decides on.
struct CountedPosition {
    std::uint64_t key;
    std::uint64_t first_ordinal = ~std::uint64_t{0}; // the first game to reach it
    const OpeningTree::Part* first_part = nullptr;   // that game: its part, entry and ply
    std::uint64_t first_entry = 0;
    std::uint16_t first_ply = 0;
    std::uint32_t last_part = 0xFFFFFFFF; // the part of its last record counted
    // The first game among last_part's records, by its rank there (the game's number when the
    // part's games came in input order, else its ordinal): its ordinal is read
    // only when the next part's records begin or the position is kept, not for every position.
    const OpeningTree::Part* candidate_part = nullptr; // none: nothing to resolve
    std::uint64_t candidate_rank = 0;
    std::uint32_t candidate_game = 0;
    std::uint16_t candidate_ply = 0;
    ResultCounts results;
    std::uint16_t ply = 0xFFFF;
    Variant variant = Variant::Chess;
    bool kept = false;
    std::uint32_t first_move = 0xFFFFFFFF; // in the bucket's moves
    std::uint64_t hash() const { return key; }
    void resolve_first_game() {
        if (!candidate_part) return;
        const GameRef& game = candidate_part->ref(candidate_game);
        if (game.ordinal < first_ordinal)
            first_ordinal = game.ordinal, first_part = candidate_part, first_entry = game.entry, first_ply = candidate_ply;
        candidate_part = nullptr;
    }
    void to(PositionStats& p) const {
        p.key = key;
        p.variant = variant;
        p.ply = ply;
        p.results = results;
    }
};

inline std::uint64_t move_hash(std::uint64_t key, std::uint16_t move) {
    return key ^ (std::uint64_t(move) * 0x9E3779B97F4A7C15ULL);
}

// A kept position's move, added up from its records, with its first examples by ordinal.
struct CountedMove {
    MoveSums sums;
    Move move;
    std::uint64_t key;               // its position's
    std::uint32_t next = 0xFFFFFFFF; // the position's next move
    std::size_t example_count = 0;   // ShowBuffers::examples_of(move)[0 .. example_count), sorted
    std::uint64_t hash() const { return move_hash(key, move.raw()); }
};

} // namespace

// Three streaming passes over the bucket's records, from every part, spilled (read a block at a
// time) and held (in place): the first marks the positions reached often enough (when fewer
// games are not shown), the second counts each of those positions' games (its records with a
// first visit), the third adds up the moves of the positions `keep` takes only (most positions
// of a big tree are reached by one game and never shown). Memory goes with the positions and
// moves counted, not with the records: a bucket of a hundred million games is counted in a few
// MB. A position's FEN comes from replaying the first game that reached it, which also gives the
// board its moves' SAN and child keys come from. Nothing depends on the order of the records:
// figures are sums, examples the first games by ordinal.
namespace {

// What show_bucket works in, kept from bucket to bucket by a thread.
struct ShowBuffers {
    std::uint64_t bucket_bits = 0; // the bucket's number as the first bits of a key
    std::vector<TreeRecord> block; // spilled records read back
    GrowingTable<CountedPosition> positions;
    std::vector<std::uint32_t> kept; // positions, to be sorted by key
    GrowingTable<CountedMove> moves;
    std::vector<ExampleSource> examples;                                 // `examples` a move
    std::vector<std::pair<const TreeRecord*, std::uint32_t>> span_moves; // a span's kept moves and their positions
    // The counting pass lists the move records of the positions it counts, and their positions,
    // while they are few (most buckets): the third pass then reads the list, not the bucket.
    struct ListedMove {
        TreeRecord record;
        std::uint32_t position;
    };
    static constexpr std::size_t kListedMovesMax = 1 << 16; // 1.5 MB
    std::vector<ListedMove> listed_moves;
    std::vector<std::size_t> listed_part_ends; // where each part's listed moves end
    bool moves_listed = false;                 // the list holds every such record
    std::vector<std::uint8_t> seen;            // the first pass's counters: `counters` of 2 bits
    std::size_t counters = 0;
    unsigned wanted = 1; // the first visits a position needs (at most 3; 1: no first pass)
    PositionStats shown; // the position being shown

    std::pair<std::size_t, unsigned> counter(const TreeRecord& r) const {
        const std::size_t i = std::size_t(r.key_rest() >> 7) & (counters - 1);
        return {i / 4, unsigned(2 * (i % 4))};
    }
    bool may_be_shown(const TreeRecord& r) const {
        if (wanted == 1) return true;
        const auto [byte, shift] = counter(r);
        return ((seen[byte] >> shift) & 3) >= wanted;
    }
};

// Lists a move record of a counted position; past kListedMovesMax the list is given up (the
// third pass then reads the bucket again).
void list_move(ShowBuffers& s, const TreeRecord& r, std::uint32_t position) {
    if (s.listed_moves.size() == ShowBuffers::kListedMovesMax) {
        s.moves_listed = false;
        s.listed_moves.clear();
        return;
    }
    s.listed_moves.push_back({r, position});
}

// The board of a position a game reached: its start, then its moves up to the ply.
position::Board replay(const GameEntry& game, std::size_t ply, std::array<std::optional<position::Board>, VARIANT_NB>& starts) {
    const auto variant = Variant(game.head().variant);
    std::optional<position::Board>& variant_start = starts[std::size_t(variant)];
    if (!variant_start) variant_start.emplace(variant);
    position::Board board = *variant_start;
    if (!game.start_fen().empty()) {
        auto start = position::Board::from_fen(variant, game.start_fen());
        if (!std::holds_alternative<position::Board>(start)) throw std::runtime_error("a tree's game entry has a bad start");
        board = std::get<position::Board>(std::move(start));
    }
    if (ply > game.head().moves) throw std::runtime_error("a tree's game entry is cut short");
    if (!game::play_line(
            board, ply, [&](std::size_t k) { return game.move(k); }, [](const position::Board&) { return true; }))
        throw std::runtime_error("a tree's game entry has a null move where none is legal");
    return board;
}

} // namespace

struct OpeningTree::Scratch::Buffers : ShowBuffers {};

OpeningTree::Scratch::Scratch() : buffers_(std::make_unique<Buffers>()) {}
OpeningTree::Scratch::~Scratch() = default;

// The first pass (when `min_games` > 1: no position of fewer games is shown): 2-bit counters of
// the first visits, in the cache, say which positions may be reached often enough; most
// positions of a big tree are reached by one game. The second pass counts those only: each
// position's games, lowest ply, variant, and the first game to reach it.
void OpeningTree::count_positions(std::size_t b, Scratch& scratch) const {
    ShowBuffers& s = *scratch.buffers_;
    std::uint64_t records = 0;
    for (const auto& part : parts_) records += part->store.bucket_records(b);
    const unsigned wanted = s.wanted = std::min<std::uint32_t>(std::max<std::uint32_t>(min_games_shown_, 1), 3);
    std::size_t counters = 256; // 2 bits each, four to a byte; at most 16 M (4 MB)
    while (counters < 4 * records && counters < (std::size_t(1) << 24)) counters *= 2;
    s.counters = counters;
    auto counter = [&](const TreeRecord& r) { return s.counter(r); };
    auto may_be_shown = [&](const TreeRecord& r) { return s.may_be_shown(r); };
    if (wanted > 1) {
        s.seen.assign(counters / 4, 0);
        for (const auto& part : parts_)
            part->store.visit_bucket(b, s.block, [&](const TreeRecord* r, std::size_t n) {
                for (const TreeRecord* end = r + n; r != end; ++r) {
                    if (!(r->flags() & kFirstVisit)) continue;
                    const auto [byte, shift] = counter(*r);
                    if (((s.seen[byte] >> shift) & 3) < 3) s.seen[byte] = std::uint8_t(s.seen[byte] + (1u << shift));
                }
            });
    }
    s.positions.clear(std::min<std::uint64_t>(records, 1 << 16));
    s.listed_moves.clear();
    s.listed_part_ends.clear();
    s.moves_listed = true;
    for (std::uint32_t part_index = 0; part_index < parts_.size(); ++part_index) {
        const auto& part = parts_[part_index];
        // A part whose games came in input order (one thread's always do) has a position's
        // first game in its first record: its ordinal is looked up once, not a record each.
        const bool in_order = part->ordinals_ascending;
        const std::uint64_t* ordinals = part->ordinals.empty() ? nullptr : part->ordinals.data();
        // Compared within the part only: a game's number in order, else its ordinal.
        auto rank = [&](const TreeRecord& r) -> std::uint64_t {
            if (in_order) return r.game;
            return ordinals ? ordinals[r.game] : part->ref(r.game).ordinal;
        };
        part->store.visit_bucket(b, s.block, [&](const TreeRecord* r, std::size_t n) {
            for (const TreeRecord* end = r + n; r != end; ++r) {
                const unsigned flags = r->flags();
                if (!may_be_shown(*r)) continue;
                const std::uint64_t key = r->key(s.bucket_bits);
                auto same_key = [&](const CountedPosition& p) { return p.key == key; };
                if (!(flags & kFirstVisit)) { // a move from a position the game came back to
                    const std::uint32_t i = s.positions.find(key, same_key);
                    if (s.moves_listed && i != decltype(s.positions)::kEmpty) list_move(s, *r, i);
                    continue;
                }
                bool made = false;
                const std::uint32_t i = s.positions.find_or_add(
                    key, same_key, [&](CountedPosition& p) { p.key = key; }, made);
                if (s.moves_listed && (flags & kHasMove)) list_move(s, *r, i);
                CountedPosition& c = s.positions[i];
                c.variant = r->variant();
                c.ply = std::min(c.ply, r->ply);
                c.results.add(r->outcome());
                if (c.last_part != part_index) {
                    c.resolve_first_game(); // the last part's first game, if any
                    c.last_part = part_index;
                    c.candidate_part = part.get(), c.candidate_rank = rank(*r), c.candidate_game = r->game,
                    c.candidate_ply = r->ply;
                } else if (!in_order) {
                    if (const std::uint64_t at = rank(*r); at < c.candidate_rank)
                        c.candidate_rank = at, c.candidate_game = r->game, c.candidate_ply = r->ply;
                }
            }
        });
        s.listed_part_ends.push_back(s.listed_moves.size());
    }
    s.moves.clear(0);
    s.examples.clear();
}

// The third pass, over the kept positions' move records only: their moves' figures and first
// examples, from the list the count made, or else from the bucket read again.
void OpeningTree::add_kept_moves(std::size_t b, Scratch& scratch) const {
    ShowBuffers& s = *scratch.buffers_;
    if (s.moves_listed) {
        std::size_t begin = 0;
        for (std::size_t part_index = 0; part_index < parts_.size(); ++part_index) {
            const std::size_t end = s.listed_part_ends[part_index];
            for (std::size_t k = begin; k < end; k += RecordStore::kBlockRecords) {
                s.span_moves.clear();
                for (std::size_t j = k; j < std::min(end, k + RecordStore::kBlockRecords); ++j)
                    if (s.positions[s.listed_moves[j].position].kept)
                        s.span_moves.emplace_back(&s.listed_moves[j].record, s.listed_moves[j].position);
                add_span_moves(*parts_[part_index], scratch);
            }
            begin = end;
        }
        return;
    }
    for (const auto& part : parts_)
        part->store.visit_bucket(b, s.block, [&](const TreeRecord* r, std::size_t n) {
            s.span_moves.clear();
            for (const TreeRecord* end = r + n; r != end; ++r) {
                if (!(r->flags() & kHasMove) || !s.may_be_shown(*r)) continue;
                const std::uint64_t key = r->key(s.bucket_bits);
                const std::uint32_t i = s.positions.find(key, [&](const CountedPosition& p) { return p.key == key; });
                if (i != decltype(s.positions)::kEmpty && s.positions[i].kept) s.span_moves.emplace_back(r, i);
            }
            add_span_moves(*part, scratch);
        });
}

// A span's kept moves added up: their games' refs and entries (scattered) are asked for ahead.
void OpeningTree::add_span_moves(const Part& part_of_span, Scratch& scratch) const {
    ShowBuffers& s = *scratch.buffers_;
    const std::size_t examples = options_.examples;
    const Part* part = &part_of_span;
    for (std::size_t k = 0; k < s.span_moves.size(); ++k) {
        if (k + 16 < s.span_moves.size()) __builtin_prefetch(&part->ref(s.span_moves[k + 16].first->game));
        if (k + 8 < s.span_moves.size())
            if (const GameRef& ahead = part->ref(s.span_moves[k + 8].first->game); ahead.figures)
                __builtin_prefetch(part->stream.address(ahead.entry));
        const TreeRecord* record = s.span_moves[k].first; // (plain names: a lambda below captures them)
        const std::uint32_t position = s.span_moves[k].second;
        const GameRef& game = part->ref(record->game);
        const std::uint64_t key = s.positions[position].key;
        const std::uint16_t code = record->move;
        bool made = false;
        const std::uint32_t m = s.moves.find_or_add(
            move_hash(key, code), [&](const CountedMove& c) { return c.key == key && c.move.raw() == code; },
            [&](CountedMove& c) {
                c.key = key;
                c.move = Move(code);
                c.next = s.positions[position].first_move;
            },
            made);
        if (made) {
            s.positions[position].first_move = m;
            s.examples.resize(s.moves.size() * examples);
        }
        CountedMove& move = s.moves[m];
        add_move_figures(move.sums, move_facts(*record, game, part->stream));
        if (keep_example(s.examples.data() + std::size_t(m) * examples, move.example_count, examples,
                         ExampleSource{game.ordinal, part, game.entry}))
            __builtin_prefetch(part->stream.address(game.entry)); // its name is read when shown
    }
}

// A bucket's positions that `keep` takes, shown in key order.
void OpeningTree::show_bucket(std::size_t b, const std::function<bool(const PositionStats&)>& keep,
                              const std::function<void(PositionStats&)>& visit, Scratch& scratch) const {
    ShowBuffers& s = *scratch.buffers_;
    s.bucket_bits = std::uint64_t(b) << (64 - RecordStore::kBucketBits);
    count_positions(b, scratch);
    s.kept.clear();
    PositionStats counts; // what keep sees: key, variant, ply and results
    for (std::uint32_t i = 0; i < s.positions.size(); ++i) {
        CountedPosition& c = s.positions[i];
        c.to(counts);
        if ((c.kept = keep(counts))) {
            c.resolve_first_game();
            s.kept.push_back(i);
        }
    }
    if (s.kept.empty()) return;
    add_kept_moves(b, scratch);
    std::sort(s.kept.begin(), s.kept.end(),
              [&](std::uint32_t x, std::uint32_t y) { return s.positions[x].key < s.positions[y].key; });
    std::array<std::optional<position::Board>, VARIANT_NB> starts; // each variant's start position, made once
    PositionStats& p = s.shown; // its strings and vectors keep their memory from position to position
    for (std::size_t k = 0; k < s.kept.size(); ++k) {
        if (k + 1 < s.kept.size()) { // the next position's game, asked for while this one is shown
            const CountedPosition& next = s.positions[s.kept[k + 1]];
            __builtin_prefetch(next.first_part->stream.address(next.first_entry));
        }
        const CountedPosition& c = s.positions[s.kept[k]];
        c.to(p);
        const position::Board board = replay(GameEntry(c.first_part->stream.at(c.first_entry)), c.first_ply, starts);
        p.fen.clear();
        position::append_fen(p.fen, board, false);
        const position::MoveList legal = board.legal_moves(); // once for the SAN of every move
        std::size_t moves = 0;
        for (std::uint32_t m = c.first_move; m != decltype(s.moves)::kEmpty; m = s.moves[m].next) ++moves;
        p.moves.resize(moves);
        MoveStats* next_stats = p.moves.data();
        for (std::uint32_t m = c.first_move; m != decltype(s.moves)::kEmpty; m = s.moves[m].next) {
            MoveStats& stats = *next_stats++;
            static_cast<MoveSums&>(stats) = s.moves[m].sums;
            stats.move = s.moves[m].move;
            stats.examples.clear();
            for (std::size_t e = 0; e < s.moves[m].example_count; ++e) {
                const ExampleSource& example = s.examples[std::size_t(m) * options_.examples + e];
                stats.examples.push_back(ExampleGame{example.ordinal, GameEntry(example.part->stream.at(example.entry)).name()});
            }
            position::Board after = board; // the position the move leads to: its key, and the SAN's check
            after.play(stats.move);
            stats.child_key = position_key(p.variant, after.repetition_key());
            stats.san.assign(notation::to_san(board, stats.move, legal, after));
        }
        sort_moves(p);
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
    char text[10];
    return std::string(text, std::size_t(write_date(text, date) - text));
}

char* write_date(char* out, std::uint32_t date) {
    // By hand: called for two dates of every move shown.
    char text[10] = {'0', '0', '0', '0', '.', '?', '?', '.', '?', '?'};
    for (unsigned year = date / 10000 % 10000, i = 4; i-- > 0; year /= 10) text[i] = char('0' + year % 10);
    if (const unsigned month = date / 100 % 100) text[5] = char('0' + month / 10), text[6] = char('0' + month % 10);
    if (const unsigned day = date % 100) text[8] = char('0' + day / 10), text[9] = char('0' + day % 10);
    std::memcpy(out, text, sizeof text);
    return out + sizeof text;
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
