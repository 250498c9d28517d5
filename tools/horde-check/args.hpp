// horde-check's command line: the options, and every rule on how they combine, turned into a
// validated Mode (or an Exit: a usage error, or --help/--version done).
#pragma once

#include "progress.hpp"

#include "horde/game/checker.hpp"

#include <optional>
#include <string>
#include <vector>

namespace horde::tools::check_tool {

struct Mode {
    std::vector<std::string> files;       // at least one; "-" is stdin
    bool fen = false;                     // FEN lines instead of PGN
    game::CheckOptions check;             // --strict, --lichess, --allow-null-moves, --variant, --duplicates, --skip-unsupported
    Variant fen_variant = Variant::Horde; // --fen: the variant of lines that do not say theirs
    bool json = false;
    std::string valid_out, invalid_out, duplicates_out, skipped_out, stats_json; // empty: not written
    bool quiet = false, no_warnings = false, verbose = false, stats = false;
    unsigned threads = 0; // 0: every core
    ProgressFlags progress;
    std::optional<std::string> where; // --where EXPR (its selector is in check.select or check.watch_positions)
    std::string json_tags;            // --json-tags
};

Mode parse_args(int argc, char** argv);

} // namespace horde::tools::check_tool
