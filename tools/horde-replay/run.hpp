// horde-replay's run: the move lists or PGN games of its inputs, replayed in the chosen
// output; the exit status.
#pragma once

#include "args.hpp"

namespace horde::replay {

int run(const Mode& mode);

} // namespace horde::replay
