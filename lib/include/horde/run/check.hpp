// horde-check's run over a PGN stream: every game is read and checked (run/pipeline.hpp, on
// one thread or on several: one run path) and its output built into a CheckOutput
// (report/check_output.hpp), handed to the caller in input order, so that the bytes written
// are the same whatever the thread count.
#pragma once

#include "horde/game/checker.hpp"
#include "horde/report/check_output.hpp"

#include <cstdint>
#include <functional>

namespace horde::pgn {
class PgnReader;
}

namespace horde::game {
class DuplicateFinder;
}

namespace horde::run {
class PipelineMemory; // horde/run/pipeline.hpp

struct CheckRunSettings {
    unsigned threads = 1;                          // 1: on the calling thread only
    std::function<std::uint64_t()> input_position; // for progress (bytes read so far)
    // --duplicates: the stage that sees every record in input order and may mark it a duplicate
    // (kept by the caller across inputs); null when off.
    game::DuplicateFinder* duplicates = nullptr;
    // The pipeline's buffers, kept by the caller across inputs; null: allocated for this input.
    PipelineMemory* memory = nullptr;
};

// Checks every game of the reader's input. `flush` runs on the calling thread, in input order,
// whatever the thread count: it is the one sequential stage. A check that needs every game in
// order (e.g. duplicate games) computes its per-game part in CheckOutput::add (on a worker, e.g.
// a key of the moves, kept in a vector of CheckOutput) and its in-order part in `flush`.
// with output to write; it must write out the strings and may keep the counts. With one thread
// it is called about every 64 KB of output and every 256 games.
void run_check(pgn::PgnReader& reader, const game::CheckOptions& check_options, const report::CheckOutputOptions& output_options,
               const CheckRunSettings& settings, const std::function<void(report::CheckOutput&)>& flush);

} // namespace horde::run
