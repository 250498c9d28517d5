#include "args.hpp"

#include "cli.hpp"
#include "where.hpp"

#include <CLI/CLI.hpp>

namespace horde::tools::db_tool {

namespace {

// What the subcommands' options are read into before they are checked.
struct RawOptions {
    std::string variant, memory, fen, moves, speeds, ratings, since, until, format;
    std::optional<std::size_t> moves_limit, top_games, recent_games;
};

void add_position_options(CLI::App& sub, Mode& o, RawOptions& raw) {
    sub.add_option("--fen", raw.fen, "The position (a FEN)");
    sub.add_option("--moves", raw.moves, "The position after these moves (SAN or UCI, from the start or --fen)");
    add_variant_option(sub, raw.variant,
                       "The position's variant (chess, chess960, horde, orda; default: the database's "
                       "only variant, else chess)");
    (void)o;
}

CLI::App* add_add(CLI::App& app, Mode& o, RawOptions& raw) {
    auto* sub = app.add_subcommand("add", "Add the valid games of PGN files (plain or compressed; none or '-': stdin) to DB, "
                                          "created when missing");
    sub->add_option("db", o.db, "The database directory")->required();
    sub->add_option("files", o.files, "PGN files");
    sub->add_option("--max-ply", o.max_ply, "Positions up to this ply, when the database is created (default 50; fixed then)")
        ->check(CLI::Range(0, 1000));
    add_where_option(*sub, o.where);
    add_variant_option(*sub, raw.variant, "Force the variant (chess, chess960, horde, orda) instead of each game's Variant tag");
    sub->add_flag("--strict", o.check.strict, "Every warning (tolerated spellings and dialects) makes a game invalid");
    sub->add_flag("--lichess", o.check.lichess, "Apply lichess's extra Horde rules");
    sub->add_flag("--skip-unsupported", o.check.skip_unsupported,
                  "Skip the games of variants horde does not play (counted apart)");
    sub->add_option("--memory", raw.memory,
                    "Memory for the add's rows before it writes a sorted run to disk (default 512M; K, M, G)");
    sub->add_option("--temp-dir", o.temp_dir,
                    "Where the add's runs and SST files go (default: DB/staging; the same file "
                    "system as DB is fastest)");
    sub->add_flag("-q,--quiet", o.quiet, "No diagnostics of invalid games, only the summary line");
    sub->add_flag("--warnings", o.warnings, "Also print the warnings of the games");
    sub->add_option("--threads", o.threads,
                    "Read games, and sort and write the rows, on N threads (default: every core); "
                    "the database is the same whatever N")
        ->check(kCountFromOne);
    add_progress_options(*sub, o.progress, "bytes read, games, games/s, time left; each run written; the database written");
    return sub;
}

CLI::App* add_query(CLI::App& app, Mode& o, RawOptions& raw) {
    auto* sub = app.add_subcommand("query", "Print the moves played from a position, as horde-tree --position does, or "
                                            "lichess's opening explorer JSON (--json)");
    sub->add_option("db", o.db, "The database directory")->required();
    add_position_options(*sub, o, raw);
    sub->add_flag("--json", o.json, "lichess's opening explorer JSON (white, draws, black, moves, topGames, recentGames)");
    sub->add_option("--speeds", raw.speeds,
                    "Only games of these speeds (comma-separated: ultraBullet, bullet, blitz, "
                    "rapid, classical, correspondence)");
    sub->add_option("--ratings", raw.ratings,
                    "Only games whose mean rating is in these bands (comma-separated lower "
                    "bounds: 0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500)");
    sub->add_option("--since", raw.since, "Only games of this month (YYYY-MM) or later");
    sub->add_option("--until", raw.until, "Only games of this month (YYYY-MM) or earlier");
    sub->add_option("--moves-limit", raw.moves_limit, "At most N moves (default: 12 with --json, every move without)")
        ->check(kCountFromZero);
    sub->add_option("--top-games", raw.top_games, "Top games (highest mean rating) with --json (0..4, default 4)")
        ->check(CLI::Range(0, 4));
    sub->add_option("--recent-games", raw.recent_games, "Recent games with --json (0..4, default 4)")->check(CLI::Range(0, 4));
    sub->add_flag("--history", o.query.history,
                  "The position's games month by month, from --since (else its first month with games) to its last: "
                  "lichess's history with --json, else a table after the moves");
    return sub;
}

CLI::App* add_games(CLI::App& app, Mode& o, RawOptions& raw) {
    auto* sub = app.add_subcommand("games", "List every game that reached a position (transpositions included, within "
                                            "the database's max ply), in the order they were added");
    sub->add_option("db", o.db, "The database directory")->required();
    add_position_options(*sub, o, raw);
    sub->add_option("--format", raw.format, "pgn (default: each game's bytes as in its input) or ndjson (id, tags, ply)");
    sub->add_option("--limit", o.limit, "At most N games")->check(kCountFromZero);
    return sub;
}

CLI::App* add_export(CLI::App& app, Mode& o, RawOptions& raw) {
    auto* sub = app.add_subcommand("export", "Write the tree of every game of the database, as horde-tree writes it for the "
                                             "same games");
    sub->add_option("db", o.db, "The database directory")->required();
    sub->add_option("--format", raw.format, "ndjson (default), csv, tsv or epd");
    sub->add_option("--max-ply", o.export_max_ply, "Positions up to this ply (default and at most: the database's)")
        ->check(CLI::Range(0, 1000));
    sub->add_option("--min-ply", o.min_ply, "Write only positions from this ply on (default 0)")->check(CLI::Range(0, 1000));
    sub->add_option("--min-games", o.min_games, "Write only positions reached by at least N games (default 2)")
        ->check(kCountFromOne);
    sub->add_option("--threads", o.threads, "Threads (default: every core); the output is the same whatever N")
        ->check(kCountFromOne);
    return sub;
}

void check_query(Mode& o, const RawOptions& raw, bool json) {
    if (!raw.fen.empty()) o.query.fen = raw.fen;
    o.query.moves = raw.moves;
    if (!raw.variant.empty()) o.query.variant = variant_option(raw.variant);
    auto split = [](const std::string& text) {
        std::vector<std::string> out;
        std::size_t at = 0;
        while (at <= text.size() && !text.empty()) {
            const std::size_t comma = std::min(text.find(',', at), text.size());
            out.push_back(text.substr(at, comma - at));
            at = comma + 1;
        }
        return out;
    };
    for (const std::string& s : split(raw.speeds)) {
        const auto speed = db::parse_speed(s);
        if (!speed)
            fail_usage(
                fmt::format("--speeds: \"{}\" is not a speed (ultraBullet, bullet, blitz, rapid, classical, correspondence)", s));
        o.query.speeds.push_back(*speed);
    }
    for (const std::string& r : split(raw.ratings)) {
        const auto band = db::parse_rating_band(r);
        if (!band)
            fail_usage(fmt::format(
                "--ratings: \"{}\" is not a band's lower bound (0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500)", r));
        o.query.ratings.push_back(*band);
    }
    if (!raw.since.empty() && !(o.query.since = db::parse_month(raw.since)))
        fail_usage(fmt::format("--since {}: expected YYYY-MM", raw.since));
    if (!raw.until.empty() && !(o.query.until = db::parse_month(raw.until)))
        fail_usage(fmt::format("--until {}: expected YYYY-MM", raw.until));
    if (o.query.since && o.query.until && raw.since > raw.until) // YYYY-MM: in text order (years past 5000 too)
        fail_usage(fmt::format("--since {} is after --until {}: no month is in between", raw.since, raw.until));
    o.query.moves_limit = raw.moves_limit.value_or(json ? 12 : SIZE_MAX);
    o.query.top_games = raw.top_games.value_or(4);
    o.query.recent_games = raw.recent_games.value_or(4);
    if (!json && (raw.top_games || raw.recent_games)) fail_usage("--top-games and --recent-games are fields of --json");
}

} // namespace

Mode parse_args(int argc, char** argv) {
    Mode o;
    RawOptions raw;
    CLI::App app{"horde-db: a position database of PGN games (chess, Chess960, Horde, Orda) on RocksDB: built once, grown by\n"
                 "adds and merges, queried in milliseconds. Exit 0 ok, 1 invalid games found (add) or no game reached\n"
                 "the position (query), 2 usage, I/O or database errors.",
                 "horde-db"};
    app.require_subcommand(1);
    auto* add = add_add(app, o, raw);
    auto* query = add_query(app, o, raw);
    auto* games = add_games(app, o, raw);
    auto* exported = add_export(app, o, raw);
    auto* info = app.add_subcommand("info", "Games, positions, variants, months, the adds and their inputs, the state, the size");
    info->add_option("db", o.db, "The database directory")->required();
    auto* merge = app.add_subcommand("merge", "Add the games of databases built elsewhere (SHARD...) to DB, as one add of "
                                              "their inputs would");
    merge->add_option("db", o.db, "The database directory (created when missing)")->required();
    merge->add_option("shards", o.files, "The databases to merge in, in order")->required();
    merge->add_option("--memory", raw.memory, "Memory for the rows before a sorted run is written (default 512M)");
    merge->add_option("--threads", o.threads, "Threads (default: every core)")->check(kCountFromOne);
    add_progress_options(*merge, o.progress, "games; each run written; the database written");
    auto* served = add_serve_command(app, o.serve);
    app.set_version_flag("--version", version_line("horde-db"));
    parse_command_line(app, argc, argv);
    if (add->parsed()) o.command = Command::Add;
    else if (query->parsed()) o.command = Command::Query;
    else if (games->parsed()) o.command = Command::Games;
    else if (exported->parsed()) o.command = Command::Export;
    else if (merge->parsed()) o.command = Command::Merge;
    else if (served->parsed()) o.command = Command::Serve;
    else o.command = Command::Info;
    if (o.command == Command::Add) {
        o.max_ply_given = add->get_option("--max-ply")->count() > 0;
        if (!raw.variant.empty()) o.check.forced_variant = variant_option(raw.variant);
        if (!apply_where_option("horde-db", o.where, o.check)) throw Exit{kExitUsage, {}};
        if (o.files.empty()) o.files.push_back("-");
    }
    if (!raw.memory.empty()) {
        const auto bytes = parse_size(raw.memory);
        if (!bytes || *bytes < (1 << 20))
            fail_usage(fmt::format("--memory {}: expected a size of at least 1M, such as 256M or 2G", raw.memory));
        o.memory_bytes = *bytes;
    }
    if (o.command == Command::Query || o.command == Command::Games) {
        if (!raw.fen.empty() && raw.fen.find_first_not_of(' ') == std::string::npos) fail_usage("--fen: empty");
        check_query(o, raw, o.json);
    }
    if (o.command == Command::Games && !raw.format.empty()) {
        if (raw.format == "pgn") o.games_format = GamesFormat::Pgn;
        else if (raw.format == "ndjson") o.games_format = GamesFormat::Ndjson;
        else fail_usage(fmt::format("--format {}: expected pgn or ndjson", raw.format));
    }
    if (o.command == Command::Export) {
        if (!raw.format.empty()) {
            const auto f = report::parse_tree_format(raw.format);
            if (!f || *f == report::TreeFormat::Polyglot || *f == report::TreeFormat::Html)
                fail_usage(fmt::format("--format {}: expected ndjson, csv, tsv or epd", raw.format));
            o.export_format = *f;
        }
        if (o.export_max_ply && o.min_ply > *o.export_max_ply)
            fail_usage(fmt::format("--min-ply {} is above --max-ply {}", o.min_ply, *o.export_max_ply));
    }
    return o;
}

} // namespace horde::tools::db_tool
