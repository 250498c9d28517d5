// horde-replay: a game of chess, Horde or Orda, move by move — as board diagrams, as one line
// of UCI or SAN for pipes, as SVG files, or interactively on a terminal.
//
// Inputs (see `horde-replay --help`):
//   * a move list (SAN or UCI, auto-detected per token) from a start position (--fen, default
//     the variant's start), from the arguments or, when there are none, from stdin (one move
//     list per line: the format of --to uci|san, so the tool reads its own output);
//   * PGN games from files or stdin, read by the library's PGN reader and GameChecker (the
//     same code as horde-check).
// Every input becomes a `Replay` (a start Board and the legal moves), and `emit` (replay.hpp)
// writes it in the chosen output mode; a new input kind only has to produce Replays. The one
// exception is `--to pgn` on PGN input: games go straight through the library's PGN exporter
// (pgn_writer), which keeps tags, comments, NAGs and variations.
#include "args.hpp"
#include "exit.hpp"
#include "run.hpp"

// The command line is args.cpp's, the run run.cpp's; main maps how they end to the exit status.
int main(int argc, char** argv) {
    try {
        return horde::replay::run(horde::replay::parse_args(argc, argv));
    } catch (const horde::tools::Exit& exit) {
        return horde::tools::exit_status("horde-replay", exit);
    }
}
