// horde-replay: a game of chess, Horde or Orda, move by move — as board diagrams, as one line
// of UCI or SAN for pipes, as SVG files, or interactively on a terminal.
//
// Inputs (see `horde-replay --help`):
//   * a move list (SAN or UCI, auto-detected per token) from a start position (--fen, default
//     the variant's start), from the arguments or, when there are none, from stdin (one move
//     list per line: the format of --to uci|san, so the tool reads its own output);
//   * PGN games from files or stdin, read by the library's PGN reader and GameChecker (the
//     same code as horde-check).
// Every game becomes a `Replay` (a start Board and the legal moves), and `emit` / `format_text`
// (replay.hpp) write it in the chosen output mode; a new input kind only has to produce Replays.
// PGN input streams (pgn_input.hpp): run::PgnPipeline reads and checks the games on --threads
// threads, each game is formatted on the thread that checked it and written in input order;
// `--to pgn` takes the text of the library's PGN exporter (pgn_writer), which keeps tags,
// comments, NAGs and variations, and `--html` the game trees of its tree builder.
// The command line, and every rule on how its options combine, is args.cpp's.
#include "allocator.hpp"
#include "args.hpp"
#include "exit.hpp"
#include "run.hpp"

// The command line is args.cpp's, the run run.cpp's; main maps how they end to the exit status.
int main(int argc, char** argv) {
    horde::tools::keep_freed_memory_for_next_input();
    try {
        return horde::replay::run(horde::replay::parse_args(argc, argv));
    } catch (const horde::tools::Exit& exit) {
        return horde::tools::exit_status("horde-replay", exit);
    }
}
