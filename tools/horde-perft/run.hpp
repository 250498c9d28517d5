// horde-perft's run: one count (or --divide), a FEN stream, an EPD suite or --split; the exit status.
#pragma once

#include "args.hpp"

namespace horde::tools::perft_tool {

int run(const Mode& mode);

} // namespace horde::tools::perft_tool
