// horde-list's run over a PGN stream: every game is checked (run/pipeline.hpp, on `threads`
// threads, one run path for every count) and handed to the lister in input order; the
// diagnostics of invalid games (errors only) and --games rows come to `flush` in input order,
// on the calling thread, with the counts (report/position_list.hpp: ListOutput).
#pragma once

#include "horde/game/checker.hpp"
#include "horde/run/position_lister.hpp"

#include <cstdint>
#include <functional>
#include <string_view>

namespace horde::pgn {
class PgnReader;
}

namespace horde::report {
class GameTable;
}

namespace horde::run {


// `input_position` (sampled on the thread that reads) gives ListOutput::input_position.
void run_list(pgn::PgnReader& reader, const game::CheckOptions& options, std::string_view display, unsigned threads,
              const std::function<std::uint64_t()>& input_position, ThreadedPositionLister& lister,
              const std::function<void(report::ListOutput&)>& flush);
// --games: the same run, each selected game a row of `table` in ListOutput::rows (`lister` unused).
void run_list(pgn::PgnReader& reader, const game::CheckOptions& options, std::string_view display, unsigned threads,
              const std::function<std::uint64_t()>& input_position, ThreadedPositionLister* lister,
              const report::GameTable* table, const std::function<void(report::ListOutput&)>& flush);

} // namespace horde::run
