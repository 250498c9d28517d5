// horde-replay --interactive: the game stepped through on a terminal (raw mode, arrow keys,
// one redrawn screen).
#pragma once

#include "replay.hpp"

namespace horde::replay {

// Shows ply out.ply (default 0) and follows the keys until q. Returns an exit status.
int emit_interactive(const Timeline& t, const Replay& r, const Output& out);

} // namespace horde::replay
