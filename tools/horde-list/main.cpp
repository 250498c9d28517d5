// horde-list: the positions of PGN games (chess, Horde, Orda) as FEN, EPD, TSV or NDJSON lines,
// or (--moves) the legal moves of FEN lines. The listing itself is horde/report/position_list.hpp;
// the command line is args.cpp's, the run run.cpp's; main maps how they end to the exit status.
#include "allocator.hpp"
#include "args.hpp"
#include "exit.hpp"
#include "run.hpp"

int main(int argc, char** argv) {
    horde::tools::keep_freed_memory_for_next_input();
    try {
        return horde::tools::list_tool::run(horde::tools::list_tool::parse_args(argc, argv));
    } catch (const horde::tools::Exit& exit) {
        return horde::tools::exit_status("horde-list", exit);
    }
}
