// Checking a PGN stream on several cores with the output in input order (--threads N).
//
// One splitting thread reads the raw input bytes (decompressed by io::Input) and cuts them
// into chunks of about `batch_bytes` at game boundaries. Worker threads each read a chunk with
// a PgnReader of their own (PgnReader::from_segment, seeded with the chunk's byte offset and
// line) and check it with a GameChecker of their own, calling `work` for every finished
// record, in input order within the chunk, writing into the chunk's payload slot. The calling
// thread takes the chunks in input order and calls `ordered` with the slot: the one sequential
// stage (writing output, totals, progress, any check that needs every game in order).
//
// Why the output is byte-identical to one thread. A chunk starts only where a reader of the
// whole input ends a game and starts the next one with a fresh state, so a reader of the chunk
// reads it as the reader of the whole input would (the reader's look-ahead is bounded, so
// where its buffer ends never matters): the same games, lines, columns, errors and raw bytes.
// The cuts: find_game_cut's (a tag line after a blank line, past the tag section: a scan as
// fast as memchr), or, for the first chunk and for input without blank lines between games,
// the game ends that a reader of the chunk finds. Game numbers are the one thing a chunk's
// reader cannot know before the chunks before it are read: a record whose output depends on
// its number (PipelineSettings::needs_number) is kept until then (moved, not copied), and the
// reader numbers the rest of the chunk's games right once the number is known. Workers
// tokenise only their own chunks: the splitting thread does no parsing.
//
// With threads = 1 there is no other thread: the calling thread reads and checks the games
// (game::check_pgn), calls `work` for each in slot 0, and `ordered` every kOneThreadBatchGames games,
// when PipelineSettings::batch_full says so, and once at the end: the same callbacks, so that a
// caller has one run path for every thread count.
//
// Memory is bounded: at most `slots()` chunks are in flight, batch_bytes shrinks with many
// threads so that they hold at most about 8 MB of input, a chunk's output is handed on every
// kMaxBatchGames games, and at most 1024 records per chunk wait for their numbers. A stretch
// of max_chunk_bytes (16 MB) without any game boundary (one enormous game) makes the rest of
// the input be read on the calling thread, in constant memory.
#pragma once

#include "horde/game/checker.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>

namespace horde::pgn {
class PgnReader;
}

namespace horde::run {


struct PipelineSettings {
    unsigned threads = 2;                      // worker threads; 1: none, see above
    bool capture_raw = false;                  // hand each game's raw bytes to `work`
    std::size_t batch_bytes = 128 * 1024;      // input bytes per chunk (about)
    // A stretch this long without a game boundary: the rest is read on the calling thread.
    std::size_t max_chunk_bytes = 16 << 20;
    // Bytes the splitting thread asks the input for at a time (small in tests, to cut small inputs).
    std::size_t read_bytes = 64 * 1024;
    // Whether `work`'s output for a record depends on its game number (null: always). A record
    // whose output does not is handed to `work` without waiting for the number to be known,
    // with a number that may be wrong (see the header comment).
    std::function<bool(const game::GameRecord&)> needs_number;
    // A stage that sees every record in input order, with its number, before `work` (e.g. the
    // game::DuplicateFinder, which may add a diagnostic); null: none. It runs on any thread, one
    // record at a time. With it, a chunk's records go on only once every chunk before is done.
    std::function<void(game::GameRecord&)> in_order;
    // When games are read on the calling thread (threads = 1, or the rest of an input without
    // game boundaries, see above): whether the slot's payload should go to `ordered` now (e.g.
    // 64 KB of output waiting); null: only every kOneThreadBatchGames games.
    std::function<bool(std::size_t slot)> batch_full;
    // Sampled by the splitting thread when it closes a chunk (e.g. the compressed bytes read so
    // far, for a progress meter); 0 when unset.
    std::function<std::uint64_t()> input_position;
    // The consumer of the game walk's events (game/events.hpp) for each reader of the run (one
    // per worker, made on its thread); null: none. What it makes of a game travels with the
    // record (GameRecord::product) to `work`.
    std::function<std::unique_ptr<game::GameObserver>()> make_observer;
};

// What the ordered stage learns about a batch besides its payload.
struct PipelineBatch {
    std::uint64_t games = 0;          // games in the batch
    std::uint64_t input_position = 0; // PipelineSettings::input_position at the batch's end
};

class PgnPipeline {
public:
    static constexpr std::uint64_t kMaxBatchGames = 1024;
    static constexpr std::uint64_t kOneThreadBatchGames = 256;
    // Runs on a worker thread (or the calling thread, see above) for every game, in input
    // order within a chunk; `slot` indexes the caller's payloads (0 .. slots() - 1).
    using Work = std::function<void(std::size_t slot, const game::GameRecord& record, std::string_view raw)>;
    // Runs on the calling thread for every batch, in input order; the slot is then reused.
    using Ordered = std::function<void(std::size_t slot, const PipelineBatch& batch)>;

    explicit PgnPipeline(PipelineSettings settings);
    // How many payload slots the caller needs (1 with one thread).
    std::size_t slots() const { return slots_; }

    // Reads and checks every game of the reader's input; returns when the last batch has been
    // through `ordered`. An exception from `work` or `ordered` stops the run and is rethrown.
    void run(pgn::PgnReader& reader, const game::CheckOptions& options, const Work& work, const Ordered& ordered);

private:
    PipelineSettings settings_;
    std::size_t slots_;
};

} // namespace horde::run
