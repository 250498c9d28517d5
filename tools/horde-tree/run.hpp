// horde-tree's run: reads the games into the tree (run/tree.hpp) and writes the chosen output.
#pragma once

#include "args.hpp"

namespace horde::tools::tree_tool {

int run(Mode& mode);

} // namespace horde::tools::tree_tool
