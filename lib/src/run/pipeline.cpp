#include "horde/run/pipeline.hpp"

#include "horde/game/duplicates.hpp"
#include "horde/pgn/reader.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace horde::run {

namespace {

// A byte buffer that grows without zero-filling (std::string::resize writes every new byte).
class Bytes {
public:
    Bytes() = default;
    // A moved-from buffer is empty (no data, no capacity), never a size without its bytes.
    Bytes(Bytes&& o) noexcept { swap(o); }
    Bytes& operator=(Bytes&& o) noexcept {
        Bytes gone;
        gone.swap(o);
        swap(gone);
        return *this;
    }
    const char* data() const { return data_.get(); }
    char* data() { return data_.get(); }
    std::size_t size() const { return size_; }
    std::string_view view() const { return {data_.get(), size_}; }
    // Room for n more bytes at data() + size(); commit(k) then adds k of them.
    char* room(std::size_t n) {
        if (size_ + n > capacity_) {
            const std::size_t capacity = std::max(size_ + n, 2 * capacity_);
            auto data = std::make_unique_for_overwrite<char[]>(capacity);
            if (size_) std::memcpy(data.get(), data_.get(), size_);
            data_ = std::move(data);
            capacity_ = capacity;
        }
        return data_.get() + size_;
    }
    void commit(std::size_t k) { size_ += k; }
    void resize_down(std::size_t n) { size_ = std::min(size_, n); }
    std::size_t capacity() const { return capacity_; }
    void assign(const char* p, std::size_t n) {
        size_ = 0;
        std::memcpy(room(n), p, n);
        size_ = n;
    }
    void swap(Bytes& o) noexcept {
        std::swap(data_, o.data_);
        std::swap(size_, o.size_);
        std::swap(capacity_, o.capacity_);
    }

private:
    std::unique_ptr<char[]> data_;
    std::size_t size_ = 0, capacity_ = 0;
};

} // namespace

namespace detail {
// The buffers a run leaves to the next one (PipelineMemory).
struct ChunkStore {
    std::vector<Bytes> spare;
    // One of them (or an empty buffer), emptied.
    Bytes take() {
        Bytes b;
        if (!spare.empty()) {
            b.swap(spare.back());
            spare.pop_back();
        }
        b.resize_down(0);
        return b;
    }
    // Keeps b (left empty) unless the store holds keep_at_most already, or b is bigger than
    // max_capacity (a chunk grown over a long stretch without a game boundary is not held on).
    void give(Bytes& b, std::size_t keep_at_most, std::size_t max_capacity) {
        Bytes kept(std::move(b));
        if (kept.capacity() && kept.capacity() <= max_capacity && spare.size() < keep_at_most) spare.push_back(std::move(kept));
    }
};
} // namespace detail

PipelineMemory::PipelineMemory() : store_(std::make_unique<detail::ChunkStore>()) {}
PipelineMemory::~PipelineMemory() = default;

namespace {

// A stretch of the input that starts at a game boundary, read and checked by one worker.
struct Chunk {
    // Partial: its worker waits for the calling thread to take the output so far (a chunk of
    // very many games), then goes on parsing.
    enum class State : std::uint8_t { Free, Ready, Parsing, Partial, Parsed, Formatting, Done };
    State state = State::Free;
    bool tail = false;            // the rest of the input: read on the calling thread
    bool cut_short = false;       // the last chunk of an input that an I/O error cut short
    Bytes bytes;                  // the chunk's input bytes, and up to kMargin bytes after them
    std::size_t stop = 0;         // where the chunk ends in `bytes` (the look-ahead after it)
    pgn::PgnSegment at;           // where they start
    std::uint64_t games = 0;      // games in the chunk, once parsed
    std::uint64_t first_game = 0; // games before the chunk, once known
    bool first_known = false;     // first_game is known
    // Its records may go on to `work`: first_game is known and, with an in_order stage, every
    // chunk before is done.
    std::atomic<bool> numbered{false};
    bool parsed = false;
    // Records kept until the chunk's game numbers are known (storage reused from use to use),
    // with their raw bytes' range in `bytes`.
    std::vector<game::GameRecord> kept;
    std::vector<std::pair<std::size_t, std::size_t>> kept_raw;
    std::size_t kept_count = 0, formatted = 0;
    std::uint64_t partial_games = 0, flushed_games = 0;
    std::uint64_t input_position = 0;
};

struct Aborted {}; // unwinds a thread when the run stops early

// End offsets in a segment of the games a reader of it finds there (the last game's end is
// the segment's end, so it is no boundary).
// Reads and checks the rest of `reader`'s input on this thread, every record into `slot`, a
// batch to `flush` every kOneThreadBatchGames games or when settings.batch_full says so. The
// in_order stage reports duplicates, as on several threads (game::walk_pgn has no finder).
// Returns the games read since the last batch (the caller ends that one).
std::uint64_t check_here(pgn::PgnReader& reader, const game::CheckOptions& options, const PipelineSettings& settings,
                         std::size_t slot, const detail::PipelineHooks& hooks) {
    std::uint64_t games = 0;
    const auto worker = hooks.make_worker ? hooks.make_worker() : nullptr;
    if (worker) worker->walk_into(slot);
    game::walk_pgn(reader, options, settings.capture_raw, worker ? worker->observer() : nullptr,
                   [&](game::GameRecord& r, std::string_view raw) {
                       if (worker) worker->game_done(slot);
                       if (settings.in_order) settings.in_order(r);
                       hooks.work(slot, r, raw);
                       if (++games >= PgnPipeline::kOneThreadBatchGames || (settings.batch_full && settings.batch_full(slot))) {
                           hooks.flush(slot, PipelineBatch{games, settings.input_position ? settings.input_position() : 0});
                           games = 0;
                       }
                   });
    return games;
}

struct BoundaryFinder : pgn::PgnVisitor {
    std::vector<pgn::GameInfo> ends;
    void end_game(const pgn::GameInfo& g) { ends.push_back(g); }
};

class Run {
public:
    Run(const PipelineSettings& s, std::size_t slots, pgn::PgnReader& reader, const game::CheckOptions& options,
        const detail::PipelineHooks& hooks)
        : settings_(s), chunks_(slots), reader_(reader), options_(options), hooks_(hooks) {
        wake_ = std::max<std::uint64_t>(1, slots / 4);
        if (settings_.memory) { // taken here and given back after the threads: the store is the calling thread's
            for (Chunk& c : chunks_) c.bytes = settings_.memory->store().take();
            carry_ = settings_.memory->store().take();
        }
    }

    void go() {
        std::vector<std::thread> threads;
        threads.emplace_back([this] { guarded([this] { split(); }); });
        for (unsigned i = 0; i < settings_.threads; ++i) threads.emplace_back([this] { guarded([this] { check(); }); });
        guarded([this] { order(); });
        for (auto& t : threads) t.join();
        if (settings_.memory) { // the chunks and the carry of split()
            const std::size_t keep = chunks_.size() + 1, biggest = 4 * (settings_.batch_bytes + kSearch);
            for (Chunk& c : chunks_) settings_.memory->store().give(c.bytes, keep, biggest);
            settings_.memory->store().give(carry_, keep, biggest);
        }
        if (error_) std::rethrow_exception(error_);
    }

private:
    // Bytes kept after a candidate cut, so that every look ahead of the reader's (at most
    // kLookahead + 1 bytes, see PgnReader::kPeek) is inside the chunk.
    static constexpr std::size_t kMargin = 2 * pgn::PgnReader::kLookahead;
    // Without a cut of find_game_cut's this far past the target size, the chunk is cut at a
    // boundary that a reader of the chunk finds (input without blank lines between games).
    static constexpr std::size_t kSearch = 256 * 1024;
    // Records kept per chunk before its worker waits for the chunk's game numbers.
    static constexpr std::size_t kMaxKept = 1024;

    Chunk& at(std::uint64_t seq) { return chunks_[seq % chunks_.size()]; }

    template <class F> void guarded(F&& f) {
        try {
            f();
        } catch (const Aborted&) {
        } catch (...) {
            std::lock_guard lock(mutex_);
            if (!error_) error_ = std::current_exception();
            aborted_ = true;
            split_cv_.notify_all();
            work_cv_.notify_all();
            order_cv_.notify_all();
        }
    }

    // --- splitting thread: raw bytes into chunks that start at game boundaries.

    // Appends input to `bytes` until it holds `want` bytes or the input ends, not more: what
    // is read past the cut is copied to the next chunk (reading in whole steps of read_bytes
    // copied half of every byte again on 128 KB chunks, 3% of the CPU of two threads).
    void read_to(Bytes& bytes, std::size_t want) {
        while (!input_end_ && bytes.size() < want) {
            const std::size_t step = std::min<std::size_t>(want - bytes.size(), settings_.read_bytes);
            const std::size_t got = reader_.read_raw(bytes.room(step), step);
            bytes.commit(got);
            if (got == 0) input_end_ = true;
        }
    }

    void split() {
        pgn::PgnSegment at;
        Bytes& carry = carry_;
        for (;;) {
            Chunk& c = acquire();
            c.bytes.swap(carry);
            carry.resize_down(0);
            c.at = at;
            // The first chunk small, so that the workers start early (the end is balanced by
            // cutting the last stretch as any other).
            const std::size_t target =
                at.input_start ? std::min<std::size_t>(settings_.batch_bytes, 16 * 1024) : settings_.batch_bytes;
            std::size_t cut = SIZE_MAX, searched = target;
            pgn::PgnSegment next;
            next.input_start = false;
            // The search for a cut reads on in small steps, so that little is read past it; a
            // reader's exact cut (the first chunk, or no blank line between games) reads the
            // chunk again from its start each time, so that search doubles what it reads.
            const std::size_t step = std::min<std::size_t>(16 * 1024, target);
            for (std::size_t want = target + step;;
                 want = at.input_start || c.bytes.size() >= target + kSearch ? 2 * want : want + step) {
                read_to(c.bytes, want);
                const std::size_t size = c.bytes.size();
                if (input_end_ && size <= target + target / 2) { // the rest of the input: no cut
                    cut = size;
                    break;
                }
                if (!at.input_start && searched < size) {
                    cut = pgn::find_game_cut(c.bytes.data(), size, searched, input_end_);
                    if (cut != SIZE_MAX) {
                        next.offset = at.offset + cut;
                        next.line = at.line + pgn::count_line_ends(c.bytes.data(), cut);
                        next.line_start = next.offset;
                        break;
                    }
                    searched = size > pgn::PgnReader::kLookahead + 1 ? size - pgn::PgnReader::kLookahead - 1 : 0;
                }
                if (at.input_start || input_end_ || size >= target + kSearch) {
                    // The first chunk (a preamble, a BOM), the last stretch, or no blank line
                    // between games: a reader of the chunk says where its games end.
                    if (exact_cut(c, target, cut, next)) break;
                    if (size >= settings_.max_chunk_bytes) {
                        c.tail = true;
                        cut = size;
                        break;
                    }
                    if (input_end_) { // one game to the end
                        cut = size;
                        break;
                    }
                }
            }
            if (cut < c.bytes.size()) carry.assign(c.bytes.data() + cut, c.bytes.size() - cut);
            // The next chunk's first bytes stay after the cut too: the last game's tokens may
            // look at them (is a tag value followed by ']'?), as a reader of the whole input does.
            c.stop = cut;
            c.bytes.resize_down(cut + std::min(kMargin, c.bytes.size() - cut));
            const bool last = c.tail || (input_end_ && carry.size() == 0);
            c.cut_short = last && !c.tail && reader_.io_error(); // the tail's reader knows by itself
            publish(c);
            if (last) break;
            at = next;
        }
        std::lock_guard lock(mutex_);
        splitting_done_ = true;
        work_cv_.notify_all();
        order_cv_.notify_all();
    }

    // The last game boundary of the chunk at or after `target` (else the last before it) that
    // lies a margin before the bytes read so far; false when there is none.
    bool exact_cut(Chunk& c, std::size_t target, std::size_t& cut, pgn::PgnSegment& next) {
        const std::size_t size = c.bytes.size();
        const std::size_t usable = input_end_ ? size : (size > kMargin ? size - kMargin : 0);
        BoundaryFinder finder;
        auto r = pgn::PgnReader::from_segment(c.bytes.view(), c.at);
        // Enough games to choose from: past the target and the margin, or a batch's worth.
        while (r.read_game(finder) && finder.ends.size() <= PgnPipeline::kMaxBatchGames &&
               finder.ends.back().raw_end - c.at.offset < target + kMargin) {}
        if (!finder.ends.empty() && finder.ends.back().raw_end - c.at.offset == size)
            finder.ends.pop_back(); // ends where the bytes do
        const pgn::GameInfo* best = nullptr;
        for (const pgn::GameInfo& g : finder.ends) {
            const std::size_t end = std::size_t(g.raw_end - c.at.offset);
            if (end == 0) continue;
            if (end > usable) break;
            best = &g;
            if (end >= target || std::size_t(&g - finder.ends.data()) + 1 >= PgnPipeline::kMaxBatchGames) break;
        }
        if (!best) return false;
        cut = std::size_t(best->raw_end - c.at.offset);
        next.offset = best->raw_end;
        next.line = best->end.line;
        next.line_start = best->end.offset - (best->end.column - 1);
        return true;
    }

    Chunk& acquire() {
        std::unique_lock lock(mutex_);
        Chunk& c = at(filled_);
        split_cv_.wait(lock, [&] { return aborted_ || c.state == Chunk::State::Free; });
        if (aborted_) throw Aborted{};
        lock.unlock();
        c.tail = c.parsed = c.first_known = c.cut_short = false;
        c.numbered = false;
        c.games = c.first_game = 0;
        c.kept_count = c.formatted = 0;
        c.partial_games = c.flushed_games = 0;
        return c;
    }

    void publish(Chunk& c) {
        c.input_position = settings_.input_position ? settings_.input_position() : 0;
        {
            std::lock_guard lock(mutex_);
            c.state = Chunk::State::Ready;
            ++filled_;
            advance_numbering();
        }
        work_cv_.notify_all();
        if (c.tail) order_cv_.notify_all();
    }

    // Under the lock: gives each chunk its first game number once every chunk before it is
    // parsed, and lets its records go on once that is known and, with an in_order stage, every
    // chunk before is done. Returns whether a chunk was let go (workers may wait for that).
    bool advance_numbering() {
        for (;;) {
            if (counted_ < filled_ && !at(counted_).first_known) {
                at(counted_).first_game = games_before_;
                at(counted_).first_known = true;
            }
            if (counted_ == filled_ || !at(counted_).parsed) break;
            games_before_ += at(counted_).games;
            ++counted_;
        }
        while (done_ < ordered_seq_ || (done_ < filled_ && at(done_).state == Chunk::State::Done)) ++done_;
        bool released = false;
        while (released_ < filled_ && at(released_).first_known && (!settings_.in_order || released_ <= done_)) {
            at(released_).numbered = true;
            ++released_;
            released = true;
        }
        return released;
    }

    // --- worker threads: read and check a chunk; hand its records to `work` once numbered.
    void check() {
        // This worker's side of the consumer: the observer of its walks, its products' queues.
        const std::unique_ptr<detail::PipelineWorker> worker = hooks_.make_worker ? hooks_.make_worker() : nullptr;
        for (;;) {
            std::uint64_t seq = 0;
            bool format = false;
            {
                std::unique_lock lock(mutex_);
                work_cv_.wait(lock, [&] {
                    if (aborted_) return true;
                    if ((format = find_formattable(seq))) return true;
                    if (parsed_ < filled_ && !at(parsed_).tail) return true;
                    // Done when nothing is left to read and no parsed chunk waits for its numbers.
                    return splitting_done_ && !any_parsed_waiting();
                });
                if (aborted_) return;
                if (format) {
                    at(seq).state = Chunk::State::Formatting;
                } else if (parsed_ < filled_ && !at(parsed_).tail) {
                    seq = parsed_++;
                    at(seq).state = Chunk::State::Parsing;
                } else {
                    return;
                }
            }
            Chunk& c = at(seq);
            const std::size_t slot = std::size_t(seq % chunks_.size());
            if (!format && !parse(c, slot, worker.get())) continue;
            format_kept(c, slot);
            done(c);
        }
    }

    // After format_kept: the chunk waits for the calling thread.
    void done(Chunk& c) {
        bool wake_order, wake_workers;
        {
            std::lock_guard lock(mutex_);
            c.state = Chunk::State::Done;
            // The calling thread is woken for a run of wake_ chunks done in order (or for all
            // the chunks in flight), not for each one: every wake-up preempts a worker (a
            // context switch and, in a VM, an inter-processor interrupt), and with one per chunk
            // they cost about 5% of the CPU time on 2 cores.
            // The run ends early where the calling thread has to act after it anyway: at the end
            // of the chunks in flight, at a chunk whose worker waits for it (Partial), at the tail.
            std::uint64_t run = 0;
            while (run < wake_ && ordered_seq_ + run < filled_ && at(ordered_seq_ + run).state == Chunk::State::Done) ++run;
            const std::uint64_t after = ordered_seq_ + run;
            wake_order =
                run == wake_ || (run > 0 && (after == filled_ || at(after).state == Chunk::State::Partial || at(after).tail));
            wake_workers = advance_numbering() || splitting_done_;
        }
        // Workers are woken if a chunk was let go or at the end (so that they can exit).
        if (wake_order) order_cv_.notify_one();
        if (wake_workers) work_cv_.notify_all();
    }

    // Under the lock, while a worker waits for something (its chunk's numbers, the calling
    // thread): formats a chunk that is ready for it meanwhile, so that waiting workers never
    // leave a formattable chunk (the one the calling thread waits for) undone.
    template <class Until> void wait_helping(std::unique_lock<std::mutex>& lock, Until&& until) {
        for (;;) {
            if (aborted_) throw Aborted{};
            if (until()) return;
            std::uint64_t seq;
            if (find_formattable(seq)) {
                Chunk& other = at(seq);
                other.state = Chunk::State::Formatting;
                lock.unlock();
                format_kept(other, std::size_t(seq % chunks_.size()));
                done(other);
                lock.lock();
                continue;
            }
            work_cv_.wait(lock);
        }
    }

    // Under the lock: a parsed chunk whose game numbers are known and whose records wait.
    bool find_formattable(std::uint64_t& seq) {
        for (std::uint64_t s = ordered_seq_; s < filled_; ++s)
            if (at(s).state == Chunk::State::Parsed && at(s).numbered) {
                seq = s;
                return true;
            }
        return false;
    }
    bool any_parsed_waiting() {
        for (std::uint64_t s = ordered_seq_; s < filled_; ++s)
            if (at(s).state == Chunk::State::Parsed || at(s).state == Chunk::State::Parsing) return true;
        return false;
    }

    // Hands the kept records to `work` with their numbers; returns how many.
    std::uint64_t format_kept(Chunk& c, std::size_t slot) {
        const std::size_t from = c.formatted;
        for (; c.formatted < c.kept_count; ++c.formatted) {
            game::GameRecord& r = c.kept[c.formatted];
            r.game += c.first_game;
            if (settings_.in_order) settings_.in_order(r);
            const auto [begin, end] = c.kept_raw[c.formatted];
            hooks_.work(slot, r, settings_.capture_raw ? c.bytes.view().substr(begin, end - begin) : std::string_view());
        }
        return c.formatted - from;
    }

    // Reads and checks the chunk. Returns true when the caller is to format the kept records
    // now (the chunk's numbers are known), false when the chunk waits for them.
    //
    // A record goes to `work` as soon as its game number is known (every chunk before this one
    // is read), or at once when its output does not depend on the number
    // (the consumer's needs_number) and no record before it is kept; else it is kept (moved,
    // not copied) until the number is known, at most kMaxKept of them.
    bool parse(Chunk& c, std::size_t slot, detail::PipelineWorker* worker) {
        auto reader = pgn::PgnReader::from_segment(c.bytes.view(), c.at, c.stop);
        if (c.cut_short) reader.mark_cut_short();
        if (worker) worker->walk_into(slot);
        bool direct = false; // the reader numbers the games as a reader of the whole input does
        std::size_t raw_end = 0, raw_begin = 0;
        std::uint64_t games = 0, unflushed = 0;
        // The chunk's numbers are known: the kept records go on, and the reader numbers the
        // games from here as a reader of the whole input does.
        auto go_direct = [&] {
            unflushed += format_kept(c, slot);
            reader.add_game_number_offset(c.first_game);
            direct = true;
        };
        // With game::CheckOptions::duplicates the checker computes fingerprints; the in_order
        // stage reports duplicates.
        game::walk_pgn(reader, options_, settings_.capture_raw, worker ? worker->observer() : nullptr,
                       [&](game::GameRecord& r, std::string_view raw) {
                           if (worker) worker->game_done(slot);
                           ++games;
                           raw_begin = raw_end;
                           raw_end += raw.size();
                           if (!direct && c.numbered.load(std::memory_order_acquire)) {
                               go_direct();
                               r.game += c.first_game; // read before the offset
                           }
                           if (!direct && (c.kept_count > c.formatted || !hooks_.needs_number || settings_.in_order ||
                                           hooks_.needs_number(slot, r))) {
                               if (c.kept.size() <= c.kept_count) {
                                   c.kept.emplace_back();
                                   c.kept_raw.emplace_back();
                               }
                               std::swap(c.kept[c.kept_count], r); // kept without a copy; the checker reuses the other
                               c.kept_raw[c.kept_count++] = {raw_begin, raw_end};
                               if (c.kept_count - c.formatted < kMaxKept) return;
                               wait_numbered(c);
                               go_direct();
                           } else {
                               if (direct && settings_.in_order) settings_.in_order(r);
                               hooks_.work(slot, r, raw);
                               ++unflushed;
                           }
                           if (unflushed >= PgnPipeline::kMaxBatchGames) { // bounded output per slot
                               flush_partial(c, unflushed);
                               unflushed = 0;
                           }
                       });
        bool format_now;
        {
            std::lock_guard lock(mutex_);
            c.games = games;
            c.parsed = true;
            advance_numbering();
            format_now = c.numbered;
            c.state = format_now ? Chunk::State::Formatting : Chunk::State::Parsed;
            if (ordered_seq_ < filled_ && at(ordered_seq_).tail) order_cv_.notify_one();
        }
        work_cv_.notify_all(); // later chunks may have their numbers now
        return format_now;
    }

    // Hands the output so far to the calling thread, once it has taken every chunk before.
    void flush_partial(Chunk& c, std::uint64_t games) {
        std::unique_lock lock(mutex_);
        c.partial_games = games;
        c.state = Chunk::State::Partial;
        order_cv_.notify_one();
        wait_helping(lock, [&] { return c.state != Chunk::State::Partial; });
    }

    void wait_numbered(Chunk& c) {
        std::unique_lock lock(mutex_);
        wait_helping(lock, [&] { return c.numbered.load(); });
    }

    // --- calling thread: the chunks' output in input order.
    void order() {
        for (std::uint64_t seq = 0;; ++seq) {
            Chunk& c = at(seq);
            const std::size_t slot = std::size_t(seq % chunks_.size());
            for (;;) {
                {
                    std::unique_lock lock(mutex_);
                    order_cv_.wait(lock, [&] {
                        return aborted_ ||
                               (seq < filled_ &&
                                (c.state == Chunk::State::Done || c.state == Chunk::State::Partial || (c.tail && c.numbered))) ||
                               (splitting_done_ && seq == filled_);
                    });
                    if (aborted_ || seq == filled_) return;
                    if (c.state != Chunk::State::Partial) break;
                }
                hooks_.flush(slot, PipelineBatch{c.partial_games, c.input_position});
                {
                    std::lock_guard lock(mutex_);
                    c.flushed_games += c.partial_games;
                    c.state = Chunk::State::Parsing;
                }
                work_cv_.notify_all();
            }
            if (c.tail) {
                read_tail(c, slot);
                return;
            }
            hooks_.flush(slot, PipelineBatch{c.games - c.flushed_games, c.input_position});
            bool wake_split;
            {
                std::lock_guard lock(mutex_);
                c.state = Chunk::State::Free;
                ordered_seq_ = seq + 1;
                if (advance_numbering()) work_cv_.notify_all();
                // The splitting thread, too, is woken for wake_ free chunks at a time.
                wake_split = filled_ - ordered_seq_ + wake_ <= chunks_.size();
            }
            if (wake_split) split_cv_.notify_one();
        }
    }

    // The rest of the input after a chunk without any game boundary: read on this thread, as
    // with one thread.
    void read_tail(Chunk& c, std::size_t slot) {
        auto reader = pgn::PgnReader::resume(reader_, c.bytes.view(), c.at);
        reader.add_game_number_offset(c.first_game);
        if (const std::uint64_t games = check_here(reader, options_, settings_, slot, hooks_))
            hooks_.flush(slot, PipelineBatch{games, settings_.input_position ? settings_.input_position() : 0});
    }

    const PipelineSettings& settings_;
    std::vector<Chunk> chunks_;
    pgn::PgnReader& reader_;
    const game::CheckOptions& options_;
    const detail::PipelineHooks& hooks_;

    std::mutex mutex_;
    // The splitting thread waits for a free chunk, workers for work, the calling thread for the
    // next chunk in order.
    std::condition_variable split_cv_, work_cv_, order_cv_;
    std::uint64_t filled_ = 0;  // chunks published by the splitting thread
    std::uint64_t parsed_ = 0;  // chunks taken by a worker for parsing
    std::uint64_t counted_ = 0; // chunks parsed and counted into games_before_, in order
    std::uint64_t games_before_ = 0;
    std::uint64_t done_ = 0;     // chunks done (formatted), in order
    std::uint64_t released_ = 0; // chunks let go (Chunk::numbered), in order
    std::uint64_t ordered_seq_ = 0;
    std::uint64_t wake_ = 1; // chunks done, or free, per wake-up of the calling or splitting thread
    bool splitting_done_ = false, aborted_ = false;
    std::exception_ptr error_;
    bool input_end_ = false; // splitting thread only
    Bytes carry_;            // splitting thread only: the bytes read past the last cut
};

} // namespace

PgnPipeline::PgnPipeline(PipelineSettings settings) : settings_(std::move(settings)) {
    settings_.threads = std::max(1u, settings_.threads);
    if (settings_.threads == 1) {
        slots_ = 1;
        return;
    }
    // Room for runs of chunks between wake-ups of the calling and splitting threads (Run::wake_).
    slots_ = 3 * std::size_t(settings_.threads) + 3;
    // Keep the chunks in flight within max_input_in_flight (8 MB by default) whatever the thread
    // count, so that the peak RSS stays far below 64 MB on a machine of many cores too.
    settings_.batch_bytes =
        std::clamp<std::size_t>(settings_.batch_bytes, 256, std::max<std::size_t>(4096, settings_.max_input_in_flight / slots_));
    settings_.read_bytes = std::max<std::size_t>(settings_.read_bytes, 1);
    settings_.max_chunk_bytes = std::max(settings_.max_chunk_bytes, 2 * settings_.batch_bytes);
}

void PgnPipeline::run_hooks(pgn::PgnReader& reader, const game::CheckOptions& options, const detail::PipelineHooks& hooks) {
    if (settings_.threads > 1) {
        Run(settings_, slots_, reader, options, hooks).go();
        return;
    }
    const std::uint64_t games = check_here(reader, options, settings_, 0, hooks);
    // The last batch, also for an input without games: the caller sees the position at the end.
    hooks.flush(0, PipelineBatch{games, settings_.input_position ? settings_.input_position() : 0});
}

} // namespace horde::run
