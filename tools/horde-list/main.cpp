// horde-list: the positions of PGN games (chess, Horde, Orda) as FEN, EPD, TSV or NDJSON lines,
// or (--moves) the legal moves of FEN lines. The listing itself is horde/report/position_list.hpp.
#include "cli.hpp"
#include "progress.hpp"
#include "input.hpp"
#include "output.hpp"
#include "where.hpp"
#include "horde/report/diagnostics.hpp"
#include "horde/game/fen_check.hpp"
#include "horde/game/checker.hpp"
#include "horde/io/line_input.hpp"
#include "horde/pgn/reader.hpp"
#include "horde/report/position_list.hpp"
#include "horde/report/game_table.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unistd.h>

namespace {

using horde::tools::kExitInvalid;
using horde::tools::kExitUsage;

struct Options {
    std::vector<std::string> files;
    std::string format = "fen";
    bool final = false, start = false, unique = false, moves = false, keep_partial = false;
    int ply = -1, every = 0;
    std::string notation;
    std::string variant;
    unsigned threads = 0; // 0: every core
    horde::tools::ProgressFlags progress;
    std::optional<std::string> where;
    bool games = false;
    std::optional<std::string> fields;
};

struct Counts {
    std::uint64_t invalid = 0, games = 0, not_selected = 0;
};

void write_stdout(std::string_view data) {
    if (std::fwrite(data.data(), 1, data.size(), stdout) != data.size())
        horde::tools::exit_on_write_error("horde-list", "stdout", errno);
}

int list_pgn_file(const std::string& name, const horde::CheckOptions& check_options, unsigned threads,
                  horde::ThreadedPositionLister* lister, const horde::GameTable* table, horde::ProgressMeter& progress,
                  Counts& counts) {
    const auto input = horde::tools::open_input("horde-list", name);
    if (!input) return kExitUsage;
    progress.start_input(input->raw_size().value_or(0)); // compressed bytes for compressed input
    horde::PgnReader reader(*input);
    const auto position = [&] { return input->raw_bytes_read(); }; // on the reading thread
    horde::run_list(reader, check_options, input->display_name(), threads, position, lister, table,
                    [&](horde::ListOutput& out) {
                        if (!out.rows.empty()) write_stdout(out.rows);
                        if (!out.err.empty()) {
                            progress.clear();
                            std::fwrite(out.err.data(), 1, out.err.size(), stderr);
                        }
                        counts.invalid += out.invalid;
                        counts.games += out.games;
                        counts.not_selected += out.not_selected;
                        progress.bytes(out.input_position, counts.games);
                    });
    progress.clear();
    if (horde::tools::report_input_error("horde-list", *input)) return kExitUsage;
    return 0;
}

// --moves: one line of legal moves per FEN (or NDJSON) line; invalid lines give a diagnostic
// and no output line; blank lines are skipped.
int list_moves_file(const std::string& name, horde::Variant default_variant, bool uci, Counts& counts) {
    const std::string display = horde::input_display_name(name);
    std::string out;
    const auto failure = horde::for_each_line(name, [&](std::size_t line_number, std::string_view line) {
        const horde::FenVerdict v = horde::check_fen_line(line, default_variant);
        if (!v.valid || !v.board) {
            ++counts.invalid;
            fmt::print(stderr, "{}:{}:1: error: {} [{}]\n", display, line_number, v.message, v.code);
            return;
        }
        out = horde::legal_moves_line(*v.board, uci);
        out += '\n';
        write_stdout(out);
    });
    if (failure) {
        fmt::print(stderr, "horde-list: {}: {}\n", display, *failure);
        return kExitUsage;
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    Options o;
    CLI::App app{"horde-list: the positions of PGN games of chess, Horde and Orda, one line each.\n"
                 "Every position of each game's main line (the start and after every ply) as FEN by default.\n"
                 "Invalid games: horde-check's diagnostics on stderr; exit 0 when every game is valid,\n"
                 "1 when any is invalid, 2 for usage or I/O errors.",
                 "horde-list"};
    app.add_option("files", o.files, "PGN files (none or '-': stdin); with --moves, FEN lines");
    app.add_option("--format", o.format,
                   "Line format: fen (default), epd (4 fields, id \"GAME:PLY\"; sm \"SAN\" = the move played "
                   "from the position), tsv (game ply san uci fen, with a header), json (NDJSON: game, ply, "
                   "san, uci, fen, variant), csv (as tsv, RFC 4180 quoting); --games and --fields: tsv (default), csv or json")
        ->check(CLI::IsMember({"fen", "epd", "tsv", "csv", "json"}));
    app.add_flag("--games", o.games, "One row per game instead of one per position (the columns of --fields)");
    app.add_option("--fields", o.fields,
                   "Columns of --games, comma-separated: tag names (White, WhiteElo, ...), the computed fields "
                   "variant, plies, valid, status, result, declared, errors, warnings, start_fen, final_fen, "
                   "game, and file (default: " + std::string(horde::kDefaultGameFields) +
                       "); without --games, position rows: those and ply, san, uci, fen, clk, emt, eval, nags, "
                       "comment (default: " + std::string(horde::kDefaultPositionFields) + ")");
    horde::tools::add_where_option(app, o.where);
    app.add_flag("--final", o.final, "Select the last position of each game");
    app.add_flag("--start", o.start, "Select the start position of each game");
    app.add_option("--ply", o.ply, "Select the position after ply N (0: the start)")->check(CLI::NonNegativeNumber);
    app.add_option("--every", o.every, "Select every Nth position (plies 0, N, 2N, ...)")->check(CLI::PositiveNumber);
    app.add_flag("--unique", o.unique, "Only the first occurrence of each position in the whole input");
    app.add_flag("--moves", o.moves,
                 "Inputs are FEN lines (or NDJSON lines with a \"fen\" field): list each position's legal "
                 "moves, sorted, on one line");
    app.add_option("--notation", o.notation, "Notation of --moves: san (default) or uci")
        ->check(CLI::IsMember({"san", "uci"}));
    horde::tools::add_variant_option(app, o.variant, "Force the variant (chess, chess960, horde, orda) instead of the Variant tag; "
                                           "with --moves the default variant (default: horde)");
    app.add_flag("--keep-partial", o.keep_partial, "List the positions of an invalid game up to its first error");
    app.add_option("--threads", o.threads, "Check PGN on N threads (default: every core; 1: checking on one "
                                           "thread, listing on a second); the output is the same whatever N")
        ->check(CLI::PositiveNumber);
    horde::tools::add_progress_options(app, o.progress, "bytes read, games, games/s, time left");
    app.set_version_flag("--version", horde::tools::version_line("horde-list"));
    if (auto stop = horde::tools::parse_command_line(app, argc, argv)) return *stop;
    horde::tools::restore_sigpipe();

    horde::CheckOptions check_options;
    horde::Variant fen_variant = horde::Variant::Horde;
    if (!o.variant.empty()) {
        auto v = horde::tools::parse_variant_option("horde-list", o.variant);
        if (!v) return kExitUsage;
        check_options.forced_variant = v;
        fen_variant = *v;
    }
    if (!horde::tools::apply_where_option("horde-list", o.where, check_options)) return kExitUsage;
    if ((o.games || (o.fields && !o.moves)) && (o.format == "fen" || o.format == "epd")) {
        if (app.count("--format")) {
            fmt::print(stderr, "horde-list: --games and --fields write tsv, csv or json, not {}\n", o.format);
            return kExitUsage;
        }
        o.format = "tsv";
    }
    // Position rows with --fields (or as csv) are a table too.
    const bool position_table = !o.games && !o.moves && (o.fields || o.format == "csv");
    if (position_table && (o.format == "fen" || o.format == "epd")) {
        fmt::print(stderr, "horde-list: --fields writes tsv, csv or json rows, not {}\n", o.format);
        return kExitUsage;
    }
    if (position_table && o.unique) {
        fmt::print(stderr, "horde-list: --unique does not apply to --fields or --format csv\n");
        return kExitUsage;
    }
    if (position_table) check_options.keep_notes = true;
    const bool selectors = o.final || o.start || o.ply >= 0 || o.every > 0 || o.unique;
    if (o.games && (selectors || o.keep_partial)) {
        fmt::print(stderr, "horde-list: --games lists games: the position selectors and --keep-partial do not apply\n");
        return kExitUsage;
    }
    if (o.moves && (selectors || o.keep_partial || o.format != "fen" || o.games || o.where || o.fields)) {
        fmt::print(stderr, "horde-list: --moves takes FEN lines; --format, the selectors and --keep-partial "
                           "apply to PGN input\n");
        return kExitUsage;
    }
    if (!o.moves && !o.notation.empty()) {
        fmt::print(stderr, "horde-list: --notation applies to --moves\n");
        return kExitUsage;
    }
    if (o.files.empty()) o.files.push_back("-");

    // stdout is data, written in large chunks; diagnostics can be many: buffer stderr too.
    static char out_buffer[1 << 16];
    std::setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
    static char err_buffer[1 << 16];
    std::setvbuf(stderr, err_buffer, _IOFBF, sizeof err_buffer);

    Counts counts;
    int status = 0;
    if (o.moves) {
        for (const auto& file : o.files)
            status = std::max(status, list_moves_file(file, fen_variant, o.notation == "uci", counts));
    } else if (o.games || position_table) {
        horde::GameTable::PositionPick pick{o.start, o.final, o.ply, o.every, o.keep_partial};
        const horde::GameTable table(o.fields ? *o.fields
                                     : o.games ? horde::kDefaultGameFields
                                               : horde::kDefaultPositionFields,
                                     *horde::parse_table_format(o.format), position_table, pick);
        if (const auto bad = table.unknown_field(); !bad.empty()) {
            fmt::print(stderr, "horde-list: --games --fields: '{}' is a field of position rows\n", bad);
            return kExitUsage;
        }
        write_stdout(table.header());
        horde::ProgressMeter progress(stderr, "horde-list", horde::tools::progress_wanted(o.progress));
        for (const auto& file : o.files)
            status = std::max(status, list_pgn_file(file, check_options, horde::tools::thread_count(o.threads), nullptr,
                                                    &table, progress, counts));
        progress.clear();
    } else {
        horde::ListOptions list_options;
        list_options.format = *horde::parse_list_format(o.format);
        list_options.start = o.start;
        list_options.final = o.final;
        list_options.ply = o.ply;
        list_options.every = o.every;
        list_options.unique = o.unique;
        list_options.keep_partial = o.keep_partial;
        // Checking on `threads` threads, listing on one more.
        horde::ThreadedPositionLister lister(list_options, write_stdout);
        horde::ProgressMeter progress(stderr, "horde-list", horde::tools::progress_wanted(o.progress));
        for (const auto& file : o.files)
            status = std::max(status, list_pgn_file(file, check_options, horde::tools::thread_count(o.threads), &lister,
                                                    nullptr, progress, counts));
        lister.finish();
        progress.clear();
    }
    horde::tools::finish_stdout("horde-list");
    std::fflush(stderr);
    if (status) return status;
    return counts.invalid ? kExitInvalid : 0;
}
