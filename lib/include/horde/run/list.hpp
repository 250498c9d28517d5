// horde-list's run over a PGN stream: every game is checked (run/pipeline.hpp, on `threads`
// threads, one run path for every count); the walk keeps each game's main-line positions
// (game/main_line.hpp), which the workers format as position lines or position rows; lines,
// rows and the diagnostics of invalid games (errors only) come to `flush` in input order, on
// the calling thread, with the counts (report/position_list.hpp: ListOutput).
#pragma once

#include "horde/game/checker.hpp"

#include <cstdint>
#include <functional>
#include <string_view>

namespace horde::pgn {
class PgnReader;
}

namespace horde::report {
class GameTable;
class PositionLister;
struct ListOutput;
} // namespace horde::report

namespace horde::run {
class PipelineMemory; // horde/run/pipeline.hpp

// Exactly one of `lister` (position lines, written through it in input order) and `table`
// (--games and position rows, in ListOutput::rows). `input_position` (sampled on the thread
// that reads) gives ListOutput::input_position.
// memory: the pipeline's buffers, kept by the caller across inputs (null: allocated for this input).
void run_list(pgn::PgnReader& reader, const game::CheckOptions& options, std::string_view display, unsigned threads,
              const std::function<std::uint64_t()>& input_position, report::PositionLister* lister,
              const report::GameTable* table, const std::function<void(report::ListOutput&)>& flush,
              PipelineMemory* memory = nullptr);

} // namespace horde::run
