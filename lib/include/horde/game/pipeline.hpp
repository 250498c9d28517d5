// Checking a PGN stream on several cores with the output in input order (--threads N).
//
// One reader thread runs the PgnReader over the input, exactly as the single-threaded
// check_pgn does, and records the events the GameChecker consumes (tags, SAN tokens,
// variations, results, reader errors, with their lines and columns) into batches of whole
// games, with each game's raw bytes when asked. Worker threads replay each batch into their
// own GameChecker and call `work` for every finished record, in input order within the batch,
// writing into the batch's payload slot. The calling thread then takes the batches in input
// order and calls `ordered` with the slot: the one sequential stage (writing output, totals,
// progress, and any check that needs every game in order).
//
// Why record events instead of cutting the bytes and re-reading them in the workers: the
// game boundaries, the line/column/game numbers and every reader error are then those of the
// one sequential reader by construction, whatever its boundary rules are, so the output is
// byte-identical to one thread; and the input is tokenised once, not twice.
//
// Memory is bounded: at most `slots()` batches are in flight, each closed after about
// `batch_bytes` of input (or twice that of recorded events, or kMaxBatchGames games), and
// batch_bytes shrinks with many threads so that the batches in flight hold at most about 8 MB
// of input. A game whose events alone outgrow kMaxGameEvents (one pathological game of many
// megabytes) is checked on the reader thread as it is read instead of being recorded, in a
// batch of its own.
#pragma once

#include "horde/game/checker.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>

namespace horde {

class PgnReader;

struct PipelineSettings {
    unsigned threads = 2;                      // worker threads (>= 1)
    bool capture_raw = false;                  // hand each game's raw bytes to `work`
    std::size_t batch_bytes = 128 * 1024;      // input bytes per batch (about)
    // Sampled by the reader thread when it closes a batch (e.g. the compressed bytes read so
    // far, for a progress meter); 0 when unset.
    std::function<std::uint64_t()> input_position;
};

// What the ordered stage learns about a batch besides its payload.
struct PipelineBatch {
    std::uint64_t games = 0;          // games in the batch
    std::uint64_t input_position = 0; // PipelineSettings::input_position at the batch's end
};

class PgnPipeline {
public:
    static constexpr std::size_t kMaxGameEvents = 16 << 20;
    static constexpr std::uint64_t kMaxBatchGames = 1024;
    // Runs on a worker thread (or the reader thread, see above) for every game, in input
    // order within a batch; `slot` indexes the caller's payloads (0 .. slots() - 1).
    using Work = std::function<void(std::size_t slot, const GameRecord& record, std::string_view raw)>;
    // Runs on the calling thread for every batch, in input order; the slot is then reused.
    using Ordered = std::function<void(std::size_t slot, const PipelineBatch& batch)>;

    explicit PgnPipeline(PipelineSettings settings);
    // How many payload slots the caller needs.
    std::size_t slots() const { return slots_; }

    // Reads and checks every game of the reader's input; returns when the last batch has been
    // through `ordered`. An exception from `work` or `ordered` stops the run and is rethrown.
    void run(PgnReader& reader, const CheckOptions& options, const Work& work, const Ordered& ordered);

private:
    PipelineSettings settings_;
    std::size_t slots_;
};

} // namespace horde
