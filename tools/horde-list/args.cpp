#include "args.hpp"

#include "cli.hpp"
#include "where.hpp"

#include "horde/report/game_table.hpp"

#include <CLI/CLI.hpp>

namespace horde::tools::list_tool {

Mode parse_args(int argc, char** argv) {
    Mode o;
    std::string& format = o.format;
    std::string notation, variant;
    CLI::App app{"horde-list: the positions of PGN games of chess, Horde and Orda, one line each.\n"
                 "Every position of each game's main line (the start and after every ply) as FEN by default.\n"
                 "Invalid games: horde-check's diagnostics on stderr; exit 0 when every game is valid,\n"
                 "1 when any is invalid, 2 for usage or I/O errors.",
                 "horde-list"};
    app.add_option("files", o.files, "PGN files (none or '-': stdin); with --moves, FEN lines");
    app.add_option("--format", format,
                   "Line format: fen (default), epd (4 fields, id \"GAME:PLY\"; sm \"SAN\" = the move played "
                   "from the position), tsv (game ply san uci fen, with a header), json (NDJSON: game, ply, "
                   "san, uci, fen, variant), csv (as tsv, RFC 4180 quoting); --games and --fields: tsv (default), csv or json")
        ->check(CLI::IsMember({"fen", "epd", "tsv", "csv", "json"}));
    app.add_flag("--games", o.games, "One row per game instead of one per position (the columns of --fields)");
    app.add_option("--fields", o.fields,
                   "Columns of --games, comma-separated: tag names (White, WhiteElo, ...), the computed fields "
                   "variant, plies, valid, status, result, declared, errors, warnings, start_fen, final_fen, "
                   "game, and file (default: " +
                       std::string(report::kDefaultGameFields) +
                       "); without --games, position rows: those and ply, san, uci, fen, clk, emt, eval, nags, "
                       "comment (default: " +
                       std::string(report::kDefaultPositionFields) + ")");
    add_where_option(app, o.where);
    app.add_flag("--final", o.list.final, "Select the last position of each game");
    app.add_flag("--start", o.list.start, "Select the start position of each game");
    app.add_option("--ply", o.list.ply, "Select the position after ply N (0: the start)")->check(kCountFromZero);
    app.add_option("--every", o.list.every, "Select every Nth position (plies 0, N, 2N, ...)")->check(kCountFromOne);
    app.add_flag("--unique", o.list.unique, "Only the first occurrence of each position in the whole input");
    app.add_flag("--moves", o.moves,
                 "Inputs are FEN lines (or NDJSON lines with a \"fen\" field): list each position's legal "
                 "moves, sorted, on one line");
    app.add_option("--notation", notation, "Notation of --moves: san (default) or uci")->check(CLI::IsMember({"san", "uci"}));
    add_variant_option(app, variant,
                       "Force the variant (chess, chess960, horde, orda) instead of the Variant tag; "
                       "with --moves the default variant (default: horde)");
    app.add_flag("--keep-partial", o.list.keep_partial, "List the positions of an invalid game up to its first error");
    app.add_option("--threads", o.threads,
                   "Check PGN and list positions on N threads (default: every core); "
                   "the output is the same whatever N")
        ->check(kCountFromOne);
    add_progress_options(app, o.progress, "bytes read, games, games/s, time left");
    app.set_version_flag("--version", version_line("horde-list"));
    parse_command_line(app, argc, argv);

    if (!variant.empty()) {
        o.check.forced_variant = variant_option(variant);
        o.fen_variant = *o.check.forced_variant;
    }
    if (!apply_where_option("horde-list", o.where, o.check)) throw Exit{kExitUsage, {}}; // it has said why
    if ((o.games || (o.fields && !o.moves)) && (format == "fen" || format == "epd")) {
        if (app.count("--format")) fail_usage(fmt::format("--games and --fields write tsv, csv or json, not {}", format));
        format = "tsv";
    }
    // Position rows with --fields (or as csv) are a table too.
    o.position_table = !o.games && !o.moves && (o.fields || format == "csv");
    if (o.position_table && (format == "fen" || format == "epd"))
        fail_usage(fmt::format("--fields writes tsv, csv or json rows, not {}", format));
    if (o.position_table && o.list.unique) fail_usage("--unique does not apply to --fields or --format csv");
    if (o.position_table) o.check.keep_notes = true;
    const report::ListOptions& l = o.list;
    const bool selectors = l.final || l.start || l.ply >= 0 || l.every > 0 || l.unique;
    if (o.games && (selectors || l.keep_partial))
        fail_usage("--games lists games: the position selectors and --keep-partial do not apply");
    if (o.moves && (selectors || l.keep_partial || format != "fen" || o.games || o.where || o.fields))
        fail_usage("--moves takes FEN lines; --format, the selectors and --keep-partial apply to PGN input");
    if (!o.moves && !notation.empty()) fail_usage("--notation applies to --moves");
    if (const auto position_format = report::parse_list_format(format)) o.list.format = *position_format;
    o.uci = notation == "uci";
    if (o.files.empty()) o.files.push_back("-");
    return o;
}

} // namespace horde::tools::list_tool
