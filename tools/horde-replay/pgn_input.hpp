// horde-replay on PGN input: the games of every input read and checked through run::PgnPipeline
// (one run path for every --threads), each game formatted on the thread that checked it and
// written in input order, so that memory stays bounded on any input size (but for --html FILE,
// whose page holds every game; --svg FILE and --interactive keep their one game for the end).
#pragma once

#include "args.hpp"
#include "html_output.hpp"
#include "replay.hpp"

namespace horde::replay {

// Replays the PGN games of the mode's inputs in `out`'s output (or `html`'s pages); the exit status.
int run_pgn(const Mode& mode, const Output& out, HtmlOutput& html);

} // namespace horde::replay
