// horde-list's run over its inputs (PGN games, or FEN lines with --moves): the exit status.
#pragma once

#include "args.hpp"

namespace horde::tools::list_tool {

int run(const Mode& mode);

} // namespace horde::tools::list_tool
