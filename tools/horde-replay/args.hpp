// horde-replay's command line: the options, and every rule on how they combine, turned into a
// validated Mode (or an Exit: a usage error, or --help/--version done).
#pragma once

#include "horde/core/types.hpp"
#include "horde/game/checker.hpp"
#include "horde/io/input.hpp"
#include "horde/position/board.hpp"
#include "horde/report/pgn_writer.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace horde::replay {

// What the input is, decided from the command line and, for stdin, its first bytes.
enum class InputKind : std::uint8_t {
    MoveArguments, // the arguments are one move list
    MoveLines,     // stdin: one move list per line
    Pgn,           // the arguments are PGN files ('-': stdin), or stdin is PGN
};

struct Mode {
    std::string variant_name = "horde"; // as given
    Variant variant = Variant::Horde;   // resolved (and set by --start)
    bool variant_given = false;
    std::optional<int> start; // --start: a Chess960 start position by number
    std::optional<std::string> fen;
    bool moves_mode = false; // --moves: the arguments are moves even without --fen
    std::vector<std::string> args;
    std::optional<int> ply;
    std::optional<int> game;
    bool unicode = false;
    bool flip = false;
    std::string color = "auto";
    std::optional<std::string> to;
    std::optional<std::string> svg;
    std::optional<std::string> html;
    std::string theme = "brown";
    bool interactive = false;
    std::optional<std::string> where;
    game::CheckOptions check; // --where's selector
    // --to pgn's rewriting options
    std::string strip, tags;
    std::optional<int> width;
    bool add_plycount = false, fix_result = false;
    int games_per_file = 0;
    std::optional<std::string> out;
    report::PgnExportOptions pgn;
    bool rewriting = false; // some of the rewriting options are given
    unsigned threads = 1;   // --threads, resolved (0 given: every core)
    // Resolved from the above:
    InputKind input = InputKind::Pgn;
    std::shared_ptr<io::Input> stdin_input; // opened (and peeked at) when stdin is read
    position::Board start_board;            // move lists: --fen or the variant's start
    std::optional<std::string> pgn_source;  // --html FILE: the input named in a page of several games
};

Mode parse_args(int argc, char** argv);

} // namespace horde::replay
