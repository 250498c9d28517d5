// horde-db: a position database of PGN games on RocksDB (add, query, games, export, info, merge,
// serve).
// The command line is args.cpp's, the run run.cpp's; main maps how they end to the exit status.
#include "allocator.hpp"
#include "args.hpp"
#include "exit.hpp"
#include "run.hpp"

int main(int argc, char** argv) {
    horde::tools::keep_freed_memory_for_next_input();
    try {
        auto mode = horde::tools::db_tool::parse_args(argc, argv);
        return horde::tools::db_tool::run(mode);
    } catch (const horde::tools::Exit& exit) {
        return horde::tools::exit_status("horde-db", exit);
    }
}
