// horde-check: validate and adjudicate PGN games (or FEN lines) of chess, Horde and Orda.
#include "cli.hpp"
#include "horde/report/diagnostics.hpp"
#include "horde/game/fen_check.hpp"
#include "horde/game/checker.hpp"
#include "horde/game/duplicates.hpp"
#include "horde/io/line_input.hpp"
#include "input.hpp"
#include "log.hpp"
#include "output.hpp"
#include "progress.hpp"
#include "where.hpp"
#include "horde/pgn/reader.hpp"
#include "horde/report/check_run.hpp"
#include "horde/report/json.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <unistd.h>

namespace {

using horde::tools::kExitInvalid;
using horde::tools::kExitUsage;

struct Options {
    std::vector<std::string> files;
    bool json = false;
    std::string valid_out, invalid_out;
    bool fen = false;
    bool lichess = false;
    bool strict = false;
    bool allow_null_moves = false;
    std::string duplicates, duplicates_out; // "", "exact" or "prefix"
    bool skip_unsupported = false;
    std::string skipped_out;
    std::string variant;
    bool quiet = false;
    bool no_warnings = false;
    bool verbose = false;
    unsigned threads = 0; // 0: every core
    horde::tools::ProgressFlags progress;
    bool stats = false;
    std::string stats_json;
    std::optional<std::string> where;
    std::string json_tags;
};

using Totals = horde::CheckTotals;

using horde::tools::RecordOutput;

// Where the data goes: stdout for --json, the --valid-out/--invalid-out/--duplicates-out files
// and the --stats-json file (each may be null); the duplicate finder (one for all inputs, or null).
struct Outputs {
    std::unique_ptr<RecordOutput> json, valid, invalid, duplicates, skipped, stats;
    horde::DuplicateFinder* finder = nullptr;
};

// Whole records only (a batch of games' output), then a record boundary.
void write_records(RecordOutput* out, const std::string& data) {
    if (!out || data.empty()) return;
    out->write(data);
    out->end_record();
}

int check_pgn_file(const std::string& name, const Options& o, const horde::CheckOptions& check_options,
                   Totals& totals, horde::CheckStats& stats, horde::ProgressMeter& progress, Outputs& outputs) {
    const auto input = horde::tools::open_input("horde-check", name);
    if (!input) return kExitUsage;
    // Progress in bytes of the file (compressed bytes for compressed input).
    progress.start_input(input->raw_size().value_or(0));
    horde::CheckOutputOptions out_options;
    out_options.display = input->display_name();
    out_options.json = o.json;
    out_options.diagnostics = !o.quiet;
    out_options.warnings = !o.no_warnings;
    out_options.valid_raw = outputs.valid != nullptr;
    out_options.invalid_raw = outputs.invalid != nullptr;
    out_options.duplicates_raw = outputs.duplicates != nullptr;
    out_options.skipped_raw = outputs.skipped != nullptr;
    out_options.duplicates = outputs.finder;
    out_options.stats = o.stats || outputs.stats;
    out_options.json_tags = horde::TagSelection::parse(o.json_tags);
    horde::CheckRunSettings settings;
    settings.threads = o.threads;
    settings.input_position = [&] { return input->raw_bytes_read(); }; // on the reading thread
    horde::PgnReader reader(*input);
    horde::run_check(reader, check_options, out_options, settings, [&](horde::CheckOutput& out) {
        if (!out.err.empty()) {
            progress.clear();
            std::fwrite(out.err.data(), 1, out.err.size(), stderr);
        }
        write_records(outputs.json.get(), out.out);
        write_records(outputs.valid.get(), out.valid);
        write_records(outputs.invalid.get(), out.invalid);
        write_records(outputs.duplicates.get(), out.duplicates);
        write_records(outputs.skipped.get(), out.skipped);
        totals.add(out.totals);
        out.totals = {};
        stats.add(out.stats);
        out.stats = {};
        progress.bytes(out.input_position, totals.games);
    });
    progress.clear();
    if (horde::tools::report_input_error("horde-check", *input)) return kExitUsage;
    return 0;
}

int check_fen_file(const std::string& name, const Options& o, horde::Variant default_variant, Totals& totals,
                   Outputs& outputs) {
    const std::string display = horde::input_display_name(name);
    const auto failure = horde::for_each_line(name, [&](std::size_t line_number, std::string_view line) {
        const horde::FenVerdict v = horde::check_fen_line(line, default_variant, o.strict);
        ++totals.games;
        if (v.valid) ++totals.valid;
        else ++totals.invalid;
        if (!v.valid && !o.quiet)
            fmt::print(stderr, "{}:{}:1: error: {} [{}]\n", display, line_number, v.message, v.code);
        if (!v.warning.empty() && !o.quiet)
            fmt::print(stderr, "{}:{}:1: warning: {} [{}]\n", display, line_number, v.warning, v.warning_code);
        if (outputs.json) {
            outputs.json->write(horde::fen_verdict_to_json(v, int(line_number)) + '\n');
            outputs.json->end_record();
        }
    });
    if (failure) {
        fmt::print(stderr, "horde-check: {}: {}\n", display, *failure);
        return kExitUsage;
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    Options o;
    CLI::App app{"horde-check: validate and adjudicate PGN games of chess, Horde and Orda.\n"
                 "Diagnostics go to stderr as FILE:LINE:COL: error: ...; exit 0 when every game is valid,\n"
                 "1 when any is invalid, 2 for usage or I/O errors.",
                 "horde-check"};
    app.add_option("files", o.files, "PGN files (none or '-': stdin)");
    app.add_flag("--json", o.json, "One NDJSON verdict per game on stdout, in input order");
    app.add_option("--json-tags", o.json_tags, "With --json: a \"tags\" object in each verdict, of every tag (all) "
                                               "or of the listed ones (White,WhiteElo,...: null when absent)");
    app.add_option("--valid-out", o.valid_out, "Write every valid game, byte for byte, to this file ('-': stdout)");
    app.add_option("--invalid-out", o.invalid_out, "Write every invalid game, byte for byte, to this file ('-': stdout)");
    horde::tools::add_where_option(app, o.where);
    app.add_flag("--fen", o.fen, "Inputs are FEN lines (or NDJSON lines with a \"fen\" field): one verdict per line");
    app.add_flag("--lichess", o.lichess, "Apply lichess's extra Horde rules (closed-position draw, time-forfeit material)");
    app.add_flag("--strict", o.strict, "Every warning (tolerated spellings and dialects, see the README) becomes an error");
    app.add_flag("--allow-null-moves", o.allow_null_moves, "A null move (--, Z0, 0000, @@@@) in the main line is a warning, not an error");
    app.add_flag("--duplicates{exact}", o.duplicates,
                 "Report games equal to an earlier one (--duplicates=prefix: also when one's moves start the other's)");
    app.add_option("--duplicates-out", o.duplicates_out, "Write every duplicate game, byte for byte, to this file ('-': stdout)");
    app.add_flag("--skip-unsupported", o.skip_unsupported,
                 "Skip the games of variants horde does not play (Crazyhouse, Atomic, ...: see the README): "
                 "neither valid nor invalid");
    app.add_option("--skipped-out", o.skipped_out,
                   "With --skip-unsupported: write every skipped game, byte for byte, to this file");
    horde::tools::add_variant_option(app, o.variant, "Force the variant (chess, chess960, horde, orda) instead of the Variant tag; "
                                           "with --fen the default variant (default: horde)");
    app.add_flag("-q,--quiet", o.quiet, "No per-game diagnostics, only the summary line");
    app.add_flag("--no-warnings", o.no_warnings, "Do not print warnings");
    app.add_flag("-v,--verbose", o.verbose, "Log each input's totals and speed to stderr");
    app.add_option("--threads", o.threads, "Check PGN on N threads (default: every core; 1: one thread); "
                                           "the output is the same whatever N")
        ->check(CLI::PositiveNumber);
    horde::tools::add_progress_options(app, o.progress, "bytes read, games, games/s, time left");
    app.add_flag("--stats", o.stats, "After the summary, counts by variant, status, declared result, "
                                     "error and warning code");
    app.add_option("--stats-json", o.stats_json, "Write the --stats counts to this file as one JSON object "
                                                 "(objects of several runs add up key by key)");
    app.set_version_flag("--version", horde::tools::version_line("horde-check"));
    if (auto stop = horde::tools::parse_command_line(app, argc, argv)) return *stop;

    horde::CheckOptions check_options;
    check_options.strict = o.strict;
    check_options.lichess = o.lichess;
    check_options.allow_null_moves = o.allow_null_moves;
    check_options.skip_unsupported = o.skip_unsupported;
    if (!o.skipped_out.empty() && !o.skip_unsupported) {
        fmt::print(stderr, "horde-check: --skipped-out needs --skip-unsupported\n");
        return kExitUsage;
    }
    if (!o.duplicates_out.empty() && o.duplicates.empty()) o.duplicates = "exact";
    if (o.duplicates == "exact") check_options.duplicates = horde::DuplicateMode::Exact;
    else if (o.duplicates == "prefix") check_options.duplicates = horde::DuplicateMode::Prefix;
    else if (!o.duplicates.empty()) {
        fmt::print(stderr, "horde-check: --duplicates={}: expected exact or prefix\n", o.duplicates);
        return kExitUsage;
    }
    if (!horde::tools::apply_where_option("horde-check", o.where, check_options)) return kExitUsage;
    if (!o.json_tags.empty() && !o.json) {
        fmt::print(stderr, "horde-check: --json-tags applies to --json\n");
        return kExitUsage;
    }
    if (int(o.json) + int(o.valid_out == "-") + int(o.invalid_out == "-") + int(o.duplicates_out == "-") > 1) {
        fmt::print(stderr, "horde-check: only one of --json, --valid-out -, --invalid-out - and --duplicates-out - "
                           "can write to stdout\n");
        return kExitUsage;
    }
    horde::Variant fen_variant = horde::Variant::Horde;
    if (!o.variant.empty()) {
        auto v = horde::tools::parse_variant_option("horde-check", o.variant);
        if (!v) return kExitUsage;
        check_options.forced_variant = v;
        fen_variant = *v;
    }
    if (o.fen && (!o.valid_out.empty() || !o.invalid_out.empty() || !o.duplicates_out.empty() || !o.skipped_out.empty())) {
        fmt::print(stderr, "horde-check: --valid-out/--invalid-out/--duplicates-out/--skipped-out apply to PGN input, not --fen\n");
        return kExitUsage;
    }
    if (o.fen && o.where) {
        fmt::print(stderr, "horde-check: --where applies to PGN input, not --fen\n");
        return kExitUsage;
    }
    if (o.fen && (o.stats || !o.stats_json.empty())) {
        fmt::print(stderr, "horde-check: --stats/--stats-json apply to PGN input, not --fen\n");
        return kExitUsage;
    }
    horde::tools::restore_sigpipe();
    horde::tools::exit_on_interrupt("horde-check");
    Outputs outputs;
    if (o.json) outputs.json = std::make_unique<RecordOutput>("horde-check", 1, "stdout");
    for (auto [option, path, out] : {std::tuple{"--valid-out", &o.valid_out, &outputs.valid},
                                     std::tuple{"--invalid-out", &o.invalid_out, &outputs.invalid},
                                     std::tuple{"--duplicates-out", &o.duplicates_out, &outputs.duplicates},
                                     std::tuple{"--skipped-out", &o.skipped_out, &outputs.skipped},
                                     std::tuple{"--stats-json", &o.stats_json, &outputs.stats}}) {
        if (path->empty()) continue;
        if (*path == "-" && out != &outputs.stats) {
            *out = std::make_unique<RecordOutput>("horde-check", 1, "stdout");
            continue;
        }
        *out = RecordOutput::create("horde-check", *path, fmt::format("{} {}", option, *path));
        if (!*out) return kExitUsage;
    }
    if (o.files.empty()) o.files.push_back("-");
    o.threads = horde::tools::thread_count(o.threads);

    // Diagnostics can be many: buffer stderr; stdout is line data.
    static char err_buffer[1 << 16];
    std::setvbuf(stderr, err_buffer, _IOFBF, sizeof err_buffer);

    std::optional<horde::DuplicateFinder> finder;
    if (check_options.duplicates != horde::DuplicateMode::Off) outputs.finder = &finder.emplace(check_options.duplicates);
    const auto start = std::chrono::steady_clock::now();
    Totals totals;
    horde::CheckStats stats;
    horde::ProgressMeter progress(stderr, "horde-check", horde::tools::progress_wanted(o.progress));
    int status = 0;
    const auto log = horde::tools::make_stderr_logger("horde-check", o.verbose);
    for (const auto& file : o.files) {
        const Totals before = totals;
        const auto file_start = std::chrono::steady_clock::now();
        const int rc = o.fen ? check_fen_file(file, o, fen_variant, totals, outputs)
                             : check_pgn_file(file, o, check_options, totals, stats, progress, outputs);
        status = std::max(status, rc);
        const double file_secs =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - file_start).count();
        log->info("{}: {} {}, {} invalid, {} plies in {:.3f} s ({:.0f} plies/s)", horde::input_display_name(file),
                  totals.games - before.games, o.fen ? "positions" : "games", totals.invalid - before.invalid,
                  totals.plies - before.plies, file_secs,
                  file_secs > 0 ? double(totals.plies - before.plies) / file_secs : 0.0);
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    progress.clear();
    write_records(outputs.stats.get(), stats.to_json());
    for (auto* out : {&outputs.json, &outputs.valid, &outputs.invalid, &outputs.duplicates, &outputs.skipped, &outputs.stats})
        if (*out) (*out)->close();
    using horde::tools::counted;
    fmt::print(stderr, "horde-check: {}, {} valid, {} invalid{}, {}, {}, {:.3f} s\n",
               o.fen ? counted(totals.games, "position", "positions") : counted(totals.games, "game", "games"),
               totals.valid, totals.invalid,
               (o.where ? fmt::format(", {} not selected", totals.not_selected) : std::string()) +
                   (totals.skipped ? fmt::format(", {} skipped", totals.skipped) : std::string()),
               counted(totals.warnings, "warning", "warnings"),
               counted(totals.plies, "ply", "plies"), secs);
    if (o.stats) fmt::print(stderr, "{}", stats.to_text("horde-check"));
    std::fflush(stderr);
    if (status) return status;
    return totals.invalid ? kExitInvalid : 0;
}
