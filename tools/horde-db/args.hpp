// horde-db's command line: a subcommand (add, query, games, export, info, merge, serve) and its
// options, every rule on how they combine checked, turned into a validated Mode (or an Exit: a
// usage error, or --help/--version done).
#pragma once

#include "progress.hpp"
#include "serve.hpp"

#include "horde/db/explorer.hpp"
#include "horde/game/checker.hpp"
#include "horde/report/tree_output.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace horde::tools::db_tool {

enum class Command { Add, Query, Games, Export, Info, Merge, Serve };
enum class GamesFormat { Pgn, Ndjson };

struct Mode {
    Command command = Command::Info;
    std::string db;
    std::vector<std::string> files; // add: PGN inputs ("-": stdin); merge: shard databases
    // add
    game::CheckOptions check; // --variant, --skip-unsupported, --where, --strict, --lichess
    std::optional<std::string> where;
    int max_ply = 50; // when the database is created
    bool max_ply_given = false;
    std::size_t memory_bytes = std::size_t(512) << 20;
    std::string temp_dir;
    bool quiet = false, warnings = false;
    unsigned threads = 0; // 0: every core
    ProgressFlags progress;
    // query, games
    db::ExplorerQuery query; // the position (variant, fen, moves) and the filters
    bool json = false;
    GamesFormat games_format = GamesFormat::Pgn;
    std::optional<std::uint64_t> limit;
    // export
    report::TreeFormat export_format = report::TreeFormat::Ndjson;
    std::optional<int> export_max_ply; // default: the database's
    int min_ply = 0;
    int min_games = 2;
    // serve
    ServeMode serve;
};

Mode parse_args(int argc, char** argv);

} // namespace horde::tools::db_tool
