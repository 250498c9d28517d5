// horde-tree's command line: the options, and every rule on how they combine, turned into a
// validated Mode (or an Exit: a usage error, or --help/--version done).
#pragma once

#include "progress.hpp"

#include "horde/game/checker.hpp"
#include "horde/report/tree_output.hpp"
#include "horde/tree/polyglot.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace horde::tools::tree_tool {

struct Mode {
    std::vector<std::string> files; // at least one; "-" is stdin
    game::CheckOptions check;       // --variant, --strict, --lichess, --skip-unsupported, --where
    report::TreeFormat format = report::TreeFormat::Ndjson;
    std::string output; // -o FILE ("": stdout)
    int max_ply = 20;
    int min_ply = 0;
    int min_games = 2; // positions (and, for polyglot, entries) kept from this many games
    std::size_t examples = 3;
    bool invalid_prefixes = false;  // --partial-invalid
    tree::PolyglotBookOptions book; // --min-score, --only-white, --only-black, --uniform (min_games above)
    std::size_t memory_bytes = std::size_t(512) << 20;
    std::string temp_dir;
    std::optional<std::string> position_fen;   // --position FEN
    std::optional<std::string> position_moves; // --moves "e4 e5"
    std::optional<std::string> where;
    bool quiet = false, warnings = false;
    unsigned threads = 0; // 0: every core
    ProgressFlags progress;
    std::string title; // --title (html)
    bool query() const { return position_fen || position_moves; }
};

Mode parse_args(int argc, char** argv);

} // namespace horde::tools::tree_tool
