// horde-db's runs: each subcommand over the db/ library (and run/db.hpp for the game streams);
// returns the exit status.
#pragma once

#include "args.hpp"

namespace horde::tools::db_tool {

int run(Mode& mode);

} // namespace horde::tools::db_tool
