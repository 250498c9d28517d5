// horde-tree: opening trees and books from PGN games of chess, Chess960, Horde and Orda.
// The command line is args.cpp's, the run run.cpp's; main maps how they end to the exit status.
#include "allocator.hpp"
#include "args.hpp"
#include "exit.hpp"
#include "run.hpp"

int main(int argc, char** argv) {
    horde::tools::keep_freed_memory_for_next_input();
    try {
        auto mode = horde::tools::tree_tool::parse_args(argc, argv);
        return horde::tools::tree_tool::run(mode);
    } catch (const horde::tools::Exit& exit) {
        return horde::tools::exit_status("horde-tree", exit);
    }
}
