// horde-perft --against CMD: comparing with another engine (one position, a FEN stream or
// --random positions) and printing the bisected difference.
#pragma once

#include "horde/engine/bisect.hpp"
#include "horde/out/progress.hpp"
#include "horde/perft/perft.hpp"

#include <functional>
#include <string>
#include <vector>

namespace horde::tools {

struct AgainstRun {
    engine::EngineSettings engine;
    int depth = 1;
    perft::PerftOptions perft; // threads for our side (no progress callback)
    out::ProgressMeter* progress = nullptr;
};

// One position (--fen and --moves, which the engine is given as they are): 0 when the engines
// agree (printed with the total), 1 when they differ (the bisection printed), 2 when the
// engine fails (message on stderr).
int run_against(const AgainstRun& run, const engine::BisectStart& start);

// Many positions (`--random`, a FEN stream), stopping at the first difference, bisected.
// `origin(i)` names position i in the report ("random position 17 of 100, seed 5").
int run_against_sweep(const AgainstRun& run, const std::vector<position::Board>& positions,
                      const std::function<std::string(std::size_t)>& origin);

} // namespace horde::tools
