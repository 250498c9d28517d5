// horde-perft: perft counts for chess, Horde and Orda positions. The command line is args.cpp's,
// the run run.cpp's; main maps how they end to the exit status.
#include "args.hpp"
#include "exit.hpp"
#include "run.hpp"

int main(int argc, char** argv) {
    try {
        return horde::tools::perft_tool::run(horde::tools::perft_tool::parse_args(argc, argv));
    } catch (const horde::tools::Exit& exit) {
        return horde::tools::exit_status("horde-perft", exit);
    }
}
