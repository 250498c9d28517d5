// horde-perft's command line: the options, and every rule on how they combine, turned into a
// validated Mode (or an Exit: a usage error, or --help/--version done).
#pragma once

#include "progress.hpp"

#include "horde/core/types.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace horde::tools::perft_tool {

struct Mode {
    std::string variant_name = "horde"; // as given
    Variant variant = Variant::Horde;   // resolved (and set by --start)
    std::optional<std::string> fen;
    std::optional<int> start; // --start: a Chess960 start position by number
    int depth = -1;
    bool divide = false;
    std::optional<std::string> epd;
    std::uint64_t max_nodes = 0;
    std::optional<std::string> fen_stream;
    std::string moves; // UCI moves played from --fen before counting (perftree's protocol)
    int threads = 0;
    std::size_t hash_mb = 0;
    bool json = false;
    bool verbose = false;
    int split = -1;                          // --split D (then no count is made)
    bool breakdown = false;                  // --breakdown: move classes at the leaves
    std::optional<std::string> against;      // --against CMD: another engine to compare with
    std::string protocol;                    // uci, perftree or empty (detect)
    std::vector<std::string> engine_options; // NAME=VALUE
    double timeout_seconds = 120;
    std::optional<std::size_t> random; // --random N positions
    std::uint64_t seed = 1;
    ProgressFlags progress;
};

Mode parse_args(int argc, char** argv);

} // namespace horde::tools::perft_tool
