#include "horde/run/tree.hpp"

#include "horde/pgn/reader.hpp"
#include "horde/report/diagnostics.hpp"
#include "horde/run/pipeline.hpp"

#include <fmt/format.h>

#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace horde::run {

void TreeTotals::add(const TreeTotals& o) {
    games += o.games;
    used += o.used;
    invalid += o.invalid;
    partial += o.partial;
    not_selected += o.not_selected;
    skipped += o.skipped;
}

namespace {

// A game on its way from a worker to the ordered stage: its variant, and when a book is made
// (the book's halving rule needs input order; the tree does not, see below) its result and how
// many of the slot's book moves are its own.
struct TreeGame {
    std::uint64_t offset = 0;       // GameRecord::offset
    std::optional<Variant> variant; // a game that went in
    int book_result = 0;
    std::uint32_t book_moves = 0;
};

struct BookMove {
    std::uint64_t key;
    std::uint16_t move;
    bool white;
};

struct TreeSlot {
    std::vector<TreeGame> games;
    std::vector<BookMove> book_moves; // the games' moves one after another (a batch's worth)
    std::string diagnostics;
    TreeTotals totals;
};

// Counts the record and says whether its moves go into the tree.
bool take_game(const game::GameRecord& r, const tree::GameFacts& facts, const TreeRunSettings& settings, std::string_view display,
               TreeSlot& slot) {
    ++slot.totals.games;
    if (r.skipped) {
        ++slot.totals.skipped;
        return false;
    }
    if (!r.selected) {
        ++slot.totals.not_selected;
        return false;
    }
    if (settings.diagnostics && (!r.valid() || settings.warnings))
        report::append_record_diagnostics(slot.diagnostics, display, r, settings.warnings);
    if (r.valid()) {
        ++slot.totals.used;
        return true;
    }
    ++slot.totals.invalid;
    if (!settings.invalid_prefixes) return false;
    if (facts.plies.size() < 2) return false; // no move before the error
    ++slot.totals.partial;
    return true;
}

// The game's moves as the book takes them (its moves up to the first null or unresolved one).
void collect_book_moves(const tree::GameFacts& facts, TreeGame& game, std::vector<BookMove>& moves) {
    game.book_result = facts.outcome == tree::Outcome::WhiteWins ? 1 : facts.outcome == tree::Outcome::BlackWins ? -1 : 0;
    const std::size_t before = moves.size();
    for (const tree::GamePly& p : facts.plies) {
        if (p.move.is_none()) break;
        moves.push_back(BookMove{p.polyglot_key, p.polyglot_move, p.white_to_move});
    }
    game.book_moves = std::uint32_t(moves.size() - before);
}

} // namespace

// The tree is built on the worker threads, each adding to a free part: its figures are sums and
// its examples the first games by ordinal, so it does not need input order, only each game's
// ordinal: its byte offset in its input, after the inputs before (TreeSink::next_ordinal). The
// offset is known on any thread at once, so that a game goes into the tree without waiting for
// its number (the pipeline holds a game back until then: needs_number).
void run_tree(pgn::PgnReader& reader, const game::CheckOptions& options, std::string_view display,
              const TreeRunSettings& settings, TreeSink& sink,
              const std::function<void(std::string& diagnostics, const TreeTotals& totals)>& report) {
    std::vector<TreeSlot> slots;
    PipelineSettings pipeline_settings;
    pipeline_settings.threads = settings.threads;
    pipeline_settings.input_position = settings.input_position;
    pipeline_settings.memory = settings.memory;
    if (settings.batch_bytes) pipeline_settings.batch_bytes = settings.batch_bytes;
    pipeline_settings.batch_full = [&slots](std::size_t slot) { return slots[slot].diagnostics.size() >= (64 << 10); };
    PgnPipeline pipeline(pipeline_settings);
    slots.resize(pipeline.slots());
    // A part per thread and one more: a thread adding a game takes the first free part from its
    // slot's on, so that it never waits (the tree does not depend on which part a game went to).
    const std::size_t parts = pipeline.slots() == 1 ? 1 : std::size_t(settings.threads) + 1;
    if (sink.tree && sink.tree->parts() != parts) sink.tree->set_parts(parts);
    std::vector<std::mutex> part_locks(parts);
    struct Consumer {
        using Product = tree::GameFacts;
        const TreeRunSettings& settings;
        TreeSink& sink;
        std::string_view display;
        std::vector<TreeSlot>& slots;
        std::vector<std::mutex>& part_locks;
        const std::function<void(std::string&, const TreeTotals&)>& report;
        const std::uint64_t first_ordinal = sink.next_ordinal; // this input's offsets start here
        std::uint64_t games = 0, last_offset = 0;

        std::unique_ptr<game::ProductObserver<tree::GameFacts>> make_observer() const {
            return tree::make_tree_observer({settings.max_ply, sink.book != nullptr, sink.tree != nullptr});
        }
        // A game waits for its number only where the number is printed: in its diagnostics (as
        // take_game writes them) and as the name of an example without a Site tag.
        bool needs_number(const game::GameRecord& r, const tree::GameFacts& facts) const {
            if (!r.selected) return false;
            if (settings.diagnostics && (!r.valid() || (settings.warnings && !r.warnings.empty()))) return true;
            return sink.tree && facts.site.empty();
        }
        void work(std::size_t slot, const game::GameRecord& r, const tree::GameFacts& facts, std::string_view) {
            TreeSlot& s = slots[slot];
            TreeGame& g = s.games.emplace_back();
            g.offset = r.offset;
            if (!take_game(r, facts, settings, display, s) || facts.plies.empty()) return;
            if (sink.variant_check && r.variant) sink.variant_check(r, *r.variant);
            g.variant = facts.variant;
            if (sink.book) collect_book_moves(facts, g, s.book_moves);
            if (!sink.tree) return;
            const std::size_t parts = part_locks.size();
            std::size_t part = slot % parts;
            while (!part_locks[part].try_lock()) part = (part + 1) % parts;
            std::lock_guard hold(part_locks[part], std::adopt_lock);
            sink.tree->add_game(part, facts, first_ordinal + r.offset, [&](std::string& name) {
                if (facts.site.empty() && settings.example_name) settings.example_name(name, r);
                else if (facts.site.empty()) fmt::format_to(std::back_inserter(name), "{}#{}", display, r.game);
                else name = facts.site;
            });
        }
        void flush(std::size_t slot, const PipelineBatch& batch) {
            TreeSlot& s = slots[slot];
            games += s.games.size();
            const BookMove* book_move = s.book_moves.data();
            for (const TreeGame& g : s.games) {
                last_offset = std::max(last_offset, g.offset);
                if (g.variant && !sink.first_variant) sink.first_variant = g.variant;
                if (!g.book_moves) continue;
                sink.book->begin_game(g.book_result);
                for (const BookMove* end = book_move + g.book_moves; book_move != end; ++book_move)
                    sink.book->add_move(book_move->key, book_move->move, book_move->white);
            }
            s.book_moves.clear();
            s.totals.input_position = batch.input_position;
            report(s.diagnostics, s.totals);
            s.games.clear();
            s.diagnostics.clear();
            s.totals = {};
        }
    } consumer{settings, sink, display, slots, part_locks, report};
    pipeline.run(reader, options, consumer);
    if (consumer.games > 0) sink.next_ordinal = consumer.first_ordinal + consumer.last_offset + 1;
}

namespace {

// The tree's buckets shown and rendered by `threads` threads, kBucketsPerBatch buckets each at
// a time (fewer hand-overs between threads: each one is a wake-up), at most `window` batches
// and kMaxHeldBytes of text ahead of the writer (bounded memory, however big a bucket's text),
// and written in order by the calling thread.
class ParallelShow {
public:
    ParallelShow(const tree::OpeningTree& tree, const std::function<bool(const tree::PositionStats&)>& keep,
                 const std::function<void(tree::PositionStats&, std::string&)>& render, unsigned threads)
        : tree_(tree), keep_(keep), render_(render), threads_(threads),
          batches_((tree::OpeningTree::kBuckets + kBucketsPerBatch - 1) / kBucketsPerBatch), window_(4 * std::size_t(threads)),
          texts_(window_), ready_(window_) {}

    void run(const std::function<void(std::string&)>& write) {
        std::vector<std::thread> workers;
        for (unsigned t = 0; t < threads_; ++t) workers.emplace_back([this] { work(); });
        try {
            std::string text;
            std::size_t text_bytes = 0;
            for (std::size_t b = 0; b < batches_; ++b) {
                {
                    std::unique_lock lock(mutex_);
                    if (b > 0) { // the last batch's, written: its memory goes back (not a huge one's)
                        held_bytes_ -= text_bytes;
                        text.clear();
                        if (text.capacity() <= kMaxSpareCapacity) spare_.push_back(std::move(text));
                        text = std::string();
                        cv_.notify_all();
                    }
                    cv_.wait(lock, [&] { return ready_[b % window_] || failure_; });
                    if (failure_) break;
                    text = std::move(texts_[b % window_]);
                    text_bytes = text.size();
                    ready_[b % window_] = false;
                    ++written_;
                }
                cv_.notify_all();
                write(text);
            }
        } catch (...) {
            fail(std::current_exception());
        }
        for (auto& w : workers) w.join();
        if (failure_) std::rethrow_exception(failure_);
    }

private:
    void work() {
        tree::OpeningTree::Scratch scratch;
        std::string text;
        for (;;) {
            std::size_t b;
            {
                std::unique_lock lock(mutex_);
                // The batch the writer waits for is always rendered, whatever the text held.
                cv_.wait(lock, [&] {
                    return failure_ || next_ >= batches_ ||
                           (next_ < written_ + window_ && (next_ == written_ || held_bytes_ < kMaxHeldBytes));
                });
                if (failure_ || next_ >= batches_) return;
                b = next_++;
                if (!spare_.empty()) { // a written batch's string: rendered into without growing again
                    text = std::move(spare_.back());
                    spare_.pop_back();
                }
            }
            text.clear(); // (moved from, when no spare was left)
            try {
                for (std::size_t bucket = b * kBucketsPerBatch;
                     bucket < std::min((b + 1) * kBucketsPerBatch, tree::OpeningTree::kBuckets); ++bucket)
                    tree_.show_bucket(
                        bucket, keep_, [&](tree::PositionStats& p) { render_(p, text); }, scratch);
            } catch (...) {
                fail(std::current_exception());
                return;
            }
            {
                std::lock_guard lock(mutex_);
                held_bytes_ += text.size();
                texts_[b % window_] = std::move(text);
                ready_[b % window_] = true;
            }
            cv_.notify_all();
        }
    }

    void fail(std::exception_ptr e) {
        {
            std::lock_guard lock(mutex_);
            if (!failure_) failure_ = e;
        }
        cv_.notify_all();
    }

    const tree::OpeningTree& tree_;
    const std::function<bool(const tree::PositionStats&)>& keep_;
    const std::function<void(tree::PositionStats&, std::string&)>& render_;
    const unsigned threads_;
    static constexpr std::size_t kBucketsPerBatch = 8;
    static constexpr std::size_t kMaxHeldBytes = std::size_t(64) << 20;    // rendered, not yet written
    static constexpr std::size_t kMaxSpareCapacity = std::size_t(4) << 20; // a string kept for reuse
    const std::size_t batches_, window_;
    std::mutex mutex_;
    std::condition_variable cv_;
    std::vector<std::string> texts_; // a ring of `window_` batches
    std::vector<std::string> spare_; // written batches' strings, empty, their memory kept
    std::vector<char> ready_;
    std::size_t next_ = 0, written_ = 0; // the next batch to render; batches written
    std::size_t held_bytes_ = 0;         // the text of the batches rendered and not yet written
    std::exception_ptr failure_;
};

} // namespace

void show_tree(tree::OpeningTree& tree, unsigned threads, const std::function<bool(const tree::PositionStats&)>& keep,
               const std::function<void(tree::PositionStats&, std::string& text)>& render,
               const std::function<void(std::string& text)>& write) {
    if (threads <= 1) {
        // Positions rendered one after another into a batch of some 64 KB, handed on whole.
        constexpr std::size_t kBatch = 1 << 16;
        std::string text;
        text.reserve(2 * kBatch);
        tree.for_each(keep, [&](tree::PositionStats& p) {
            render(p, text);
            if (text.size() >= kBatch) {
                write(text);
                text.clear();
            }
        });
        if (!text.empty()) write(text);
        return;
    }
    { // the parts finished (what they spilled mapped) on the threads
        std::atomic<std::size_t> next_part{0};
        std::exception_ptr failure;
        std::mutex failure_lock;
        std::vector<std::thread> finishing;
        for (unsigned t = 0; t < threads; ++t)
            finishing.emplace_back([&] {
                try {
                    for (std::size_t part; (part = next_part++) < tree.parts();) tree.finish_adding(part);
                } catch (...) {
                    std::lock_guard hold(failure_lock);
                    failure = std::current_exception();
                }
            });
        for (auto& t : finishing) t.join();
        if (failure) std::rethrow_exception(failure);
    }
    ParallelShow(tree, keep, render, threads).run(write);
    tree.clear();
}

} // namespace horde::run
