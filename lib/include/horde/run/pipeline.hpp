// Checking a PGN stream on several cores with the output in input order (--threads N).
//
// One splitting thread reads the raw input bytes (decompressed by io::Input) and cuts them
// into chunks of about `batch_bytes` at game boundaries. Worker threads each read a chunk with
// a PgnReader of their own (PgnReader::from_segment, seeded with the chunk's byte offset and
// line) and check it with a GameChecker of their own, calling the consumer's `work` for every
// finished record, in input order within the chunk, writing into the chunk's payload slot. The
// calling thread takes the chunks in input order and calls the consumer's `flush` with the slot:
// the one sequential stage (writing output, totals, progress, any check that needs every game in
// order).
//
// The consumer (PipelineConsumer below) is typed by its product: what the observer it makes for
// each worker makes of a game (game::ProductObserver<Product>): a tree's facts, a game's PGN
// text, its move tree. The product travels with the record to `work`, typed: a consumer cannot
// read another's product (it does not compile).
//
// Why the output is byte-identical to one thread. A chunk starts only where a reader of the
// whole input ends a game and starts the next one with a fresh state, so a reader of the chunk
// reads it as the reader of the whole input would (the reader's look-ahead is bounded, so
// where its buffer ends never matters): the same games, lines, columns, errors and raw bytes.
// The cuts: find_game_cut's (a tag line after a blank line, past the tag section: a scan as
// fast as memchr), or, for the first chunk and for input without blank lines between games,
// the game ends that a reader of the chunk finds. Game numbers are the one thing a chunk's
// reader cannot know before the chunks before it are read: a record whose output depends on
// its number (the consumer's needs_number) is kept until then (moved, not copied), and the
// reader numbers the rest of the chunk's games right once the number is known. Workers
// tokenise only their own chunks: the splitting thread does no parsing.
//
// With threads = 1 there is no other thread: the calling thread reads and checks the games
// (game::walk_pgn), calls `work` for each in slot 0, and `flush` every kOneThreadBatchGames games,
// when PipelineSettings::batch_full says so, and once at the end: the same callbacks, so that a
// caller has one run path for every thread count.
//
// Memory is bounded: at most `slots()` chunks are in flight, batch_bytes shrinks with many
// threads so that they hold at most about 8 MB of input (max_input_in_flight), a chunk's output is handed on every
// kMaxBatchGames games, and at most 1024 records per chunk wait for their numbers. A stretch
// of max_chunk_bytes (16 MB) without any game boundary (one enormous game) makes the rest of
// the input be read on the calling thread, in constant memory.
#pragma once

#include "horde/game/checker.hpp"

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

namespace horde::pgn {
class PgnReader;
}

namespace horde::run {

namespace detail {
struct ChunkStore; // lib/src/run/pipeline.cpp
}

// What one run of a pipeline leaves to the next: its chunks' buffers. A tool that reads several
// inputs keeps one for all of them (PipelineSettings::memory), so that each input does not map
// fresh pages for its chunks (a first touch costs a page fault a page, about 11 us on the VMs
// measured: 41 files of 2 MB checked on 2 threads spent a fifth of their time in the kernel).
class PipelineMemory {
public:
    PipelineMemory();
    ~PipelineMemory();
    PipelineMemory(const PipelineMemory&) = delete;
    PipelineMemory& operator=(const PipelineMemory&) = delete;
    detail::ChunkStore& store() { return *store_; }

private:
    std::unique_ptr<detail::ChunkStore> store_;
};

struct PipelineSettings {
    unsigned threads = 2;                 // worker threads; 1: none, see above
    bool capture_raw = false;             // hand each game's raw bytes to `work`
    std::size_t batch_bytes = 128 * 1024; // input bytes per chunk (about)
    // A stretch this long without a game boundary: the rest is read on the calling thread.
    std::size_t max_chunk_bytes = 16 << 20;
    // The input bytes the chunks in flight hold at most (batch_bytes shrinks to fit): what the
    // workers make of a chunk is several times its bytes, so a consumer with a memory budget of
    // its own (horde-db add) asks for less.
    std::size_t max_input_in_flight = 8 << 20;
    // The most bytes the splitting thread asks the input for at a time (small in tests, to cut
    // small inputs).
    std::size_t read_bytes = 64 * 1024;
    // A stage that sees every record in input order, with its number, before `work` (e.g. the
    // game::DuplicateFinder, which may add a diagnostic); null: none. It runs on any thread, one
    // record at a time. With it, a chunk's records go on only once every chunk before is done.
    std::function<void(game::GameRecord&)> in_order;
    // When games are read on the calling thread (threads = 1, or the rest of an input without
    // game boundaries, see above): whether the slot's payload should go to `flush` now (e.g.
    // 64 KB of output waiting); null: only every kOneThreadBatchGames games.
    std::function<bool(std::size_t slot)> batch_full;
    // Sampled by the splitting thread when it closes a chunk (e.g. the compressed bytes read so
    // far, for a progress meter); 0 when unset.
    std::function<std::uint64_t()> input_position;
    // Buffers kept from run to run (one run per input); null: each run allocates its own.
    PipelineMemory* memory = nullptr;
};

// What the ordered stage learns about a batch besides its payload.
struct PipelineBatch {
    std::uint64_t games = 0;          // games in the batch
    std::uint64_t input_position = 0; // PipelineSettings::input_position at the batch's end
};

// The product of a consumer whose games need nothing but their records (no observer).
struct NoProduct {};

// A consumer of the pipeline, typed by its Product:
//   using Product = ...;
//   make_observer(): the observer of one worker's walk (made on the worker's thread), a
//     std::unique_ptr<game::ProductObserver<Product>>; not needed with NoProduct;
//   work(slot, record, product, raw): on a worker, for every game in input order within a batch,
//     writing into payload `slot` (raw: the game's bytes with PipelineSettings::capture_raw);
//   flush(slot, batch): on the calling thread, for every batch in input order; the slot is then
//     reused;
//   optionally walk_into(observer, slot): on a worker, before it walks games whose `work` goes
//     to payload `slot` (an observer that writes into the slot's payload as it walks, in input
//     order: games are walked in input order within a batch, and a batch is walked by one worker);
//   optionally needs_number(record, product): whether `work`'s output for the game depends on
//     its game number (without it: always). A game whose output does not goes to `work` without
//     waiting for the number to be known, with a number that may be wrong (see the header).
template <class C>
concept PipelineConsumer = requires(C& c, std::size_t slot, const game::GameRecord& record, typename C::Product& product,
                                    std::string_view raw, const PipelineBatch& batch) {
    c.work(slot, record, product, raw);
    c.flush(slot, batch);
}
&&(std::same_as<typename C::Product, NoProduct> || requires(C & c) {
    { c.make_observer() } -> std::convertible_to<std::unique_ptr<game::ProductObserver<typename C::Product>>>;
});

// A consumer of the records alone, from functions (simple runs, tests).
struct RecordConsumer {
    using Product = NoProduct;
    std::function<void(std::size_t slot, const game::GameRecord&, std::string_view raw)> on_game;
    std::function<void(std::size_t slot, const PipelineBatch&)> on_batch;
    std::function<bool(const game::GameRecord&)> number_needed; // null: every game waits for its number
    bool needs_number(const game::GameRecord& r, NoProduct&) const { return !number_needed || number_needed(r); }
    void work(std::size_t slot, const game::GameRecord& r, NoProduct&, std::string_view raw) { on_game(slot, r, raw); }
    void flush(std::size_t slot, const PipelineBatch& batch) { on_batch(slot, batch); }
};

namespace detail {

// The untyped face of a typed consumer's worker (PgnPipeline::run makes it): the observer of
// the worker's walk, and where each finished game's product goes.
class PipelineWorker {
public:
    virtual ~PipelineWorker() = default;
    virtual game::GameObserver* observer() = 0;
    // On the worker, as the walk finishes a game in payload `slot`: its product joins the slot's
    // queue, which `work` takes from in the same order.
    virtual void game_done(std::size_t slot) = 0;
    // On the worker, before it walks games of payload `slot` (the consumer's walk_into).
    virtual void walk_into(std::size_t /*slot*/) {}
};

struct PipelineHooks {
    std::function<std::unique_ptr<PipelineWorker>()> make_worker;
    // The last game_done's game of the slot: whether it waits for its number.
    std::function<bool(std::size_t slot, const game::GameRecord&)> needs_number;
    std::function<void(std::size_t slot, const game::GameRecord&, std::string_view raw)> work;
    std::function<void(std::size_t slot, const PipelineBatch&)> flush;
};

// A slot's products in the order their games finished: pushed by the walk, taken by `work`.
// Elements are reused from game to game (their buffers too).
template <class Product> class ProductQueue {
public:
    Product& push() {
        if (end_ == items_.size()) items_.emplace_back();
        return items_[end_++];
    }
    Product& back() { return items_[end_ - 1]; }
    Product& pop() {
        Product& p = items_[begin_++];
        if (begin_ == end_) begin_ = end_ = 0; // p stays valid until the next push
        return p;
    }

private:
    std::vector<Product> items_;
    std::size_t begin_ = 0, end_ = 0;
};

} // namespace detail

class PgnPipeline {
public:
    static constexpr std::uint64_t kMaxBatchGames = 1024;
    static constexpr std::uint64_t kOneThreadBatchGames = 256;

    explicit PgnPipeline(PipelineSettings settings);
    // How many payload slots the caller needs (1 with one thread).
    std::size_t slots() const { return slots_; }

    // Reads and checks every game of the reader's input through `consumer`; returns when the last
    // batch has been through its `flush`. An exception from `work` or `flush` stops the run and
    // is rethrown.
    template <PipelineConsumer C> void run(pgn::PgnReader& reader, const game::CheckOptions& options, C& consumer);

private:
    void run_hooks(pgn::PgnReader& reader, const game::CheckOptions& options, const detail::PipelineHooks& hooks);

    PipelineSettings settings_;
    std::size_t slots_;
};

template <PipelineConsumer C> void PgnPipeline::run(pgn::PgnReader& reader, const game::CheckOptions& options, C& consumer) {
    using Product = typename C::Product;
    detail::PipelineHooks hooks;
    hooks.flush = [&](std::size_t slot, const PipelineBatch& batch) { consumer.flush(slot, batch); };
    if constexpr (std::same_as<Product, NoProduct>) {
        hooks.work = [&](std::size_t slot, const game::GameRecord& record, std::string_view raw) {
            NoProduct none;
            consumer.work(slot, record, none, raw);
        };
        if constexpr (requires { consumer.needs_number(std::declval<const game::GameRecord&>(), std::declval<NoProduct&>()); })
            hooks.needs_number = [&](std::size_t, const game::GameRecord& record) {
                NoProduct none;
                return consumer.needs_number(record, none);
            };
        run_hooks(reader, options, hooks);
    } else {
        std::vector<detail::ProductQueue<Product>> queues(slots_);
        using Observer = typename decltype(consumer.make_observer())::element_type; // the consumer's own type
        struct Worker final : detail::PipelineWorker {
            Worker(C& c, std::vector<detail::ProductQueue<Product>>& q) : consumer(c), made(c.make_observer()), queues(q) {}
            game::GameObserver* observer() override { return made.get(); }
            void game_done(std::size_t slot) override { made->take(queues[slot].push()); }
            void walk_into(std::size_t slot) override {
                if constexpr (requires { consumer.walk_into(*made, slot); }) consumer.walk_into(*made, slot);
            }
            C& consumer;
            std::unique_ptr<Observer> made;
            std::vector<detail::ProductQueue<Product>>& queues;
        };
        hooks.make_worker = [&] { return std::make_unique<Worker>(consumer, queues); };
        hooks.work = [&](std::size_t slot, const game::GameRecord& record, std::string_view raw) {
            consumer.work(slot, record, queues[slot].pop(), raw);
        };
        if constexpr (requires { consumer.needs_number(std::declval<const game::GameRecord&>(), std::declval<Product&>()); })
            hooks.needs_number = [&](std::size_t slot, const game::GameRecord& record) {
                return consumer.needs_number(record, queues[slot].back());
            };
        run_hooks(reader, options, hooks);
    }
}

} // namespace horde::run
