// horde-list's command line: the options, and every rule on how they combine, turned into a
// validated Mode (or an Exit: a usage error, or --help/--version done).
#pragma once

#include "progress.hpp"

#include "horde/game/checker.hpp"
#include "horde/report/position_list.hpp"

#include <optional>
#include <string>
#include <vector>

namespace horde::tools::list_tool {

struct Mode {
    std::vector<std::string> files; // at least one; "-" is stdin
    bool moves = false;             // --moves: FEN lines in, their legal moves out
    bool uci = false;               // --moves --notation uci
    report::ListOptions list;       // format and selectors (PGN input, position lines)
    std::string format = "fen";     // as given (tables: tsv, csv or json)
    bool games = false;             // --games: one row per game (a table)
    bool position_table = false;    // position rows with --fields or as csv (a table too)
    std::optional<std::string> fields, where;
    game::CheckOptions check;             // --variant (PGN input)
    Variant fen_variant = Variant::Horde; // --moves: the variant of lines that do not say theirs
    unsigned threads = 0;                 // 0: every core
    ProgressFlags progress;
};

Mode parse_args(int argc, char** argv);

} // namespace horde::tools::list_tool
