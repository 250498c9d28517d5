// horde-check: validate and adjudicate PGN games (or FEN lines) of chess, Horde and Orda.
// The command line is args.cpp's, the run run.cpp's; main maps how they end to the exit status.
#include "args.hpp"
#include "exit.hpp"
#include "run.hpp"

int main(int argc, char** argv) {
    try {
        auto mode = horde::tools::check_tool::parse_args(argc, argv);
        return horde::tools::check_tool::run(mode);
    } catch (const horde::tools::Exit& exit) {
        return horde::tools::exit_status("horde-check", exit);
    }
}
