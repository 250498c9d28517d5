// horde-check's run over its inputs (PGN games, or FEN lines with --fen): the exit status.
#pragma once

#include "args.hpp"

namespace horde::tools::check_tool {

int run(Mode& mode);

} // namespace horde::tools::check_tool
