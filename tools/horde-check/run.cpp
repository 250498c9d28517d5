#include "run.hpp"

#include "cli.hpp"
#include "log.hpp"
#include "loops.hpp"
#include "output.hpp"
#include "progress.hpp"

#include "horde/game/duplicates.hpp"
#include "horde/report/json.hpp"
#include "horde/run/check.hpp"
#include "horde/run/pipeline.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <tuple>

namespace horde::tools::check_tool {

namespace {

using Totals = report::CheckTotals;

// Where the data goes: stdout for --json, the --valid-out/--invalid-out/--duplicates-out files
// and the --stats-json file (each may be null); the duplicate finder (one for all inputs, or null).
struct Outputs {
    std::unique_ptr<RecordOutput> json, valid, invalid, duplicates, skipped, stats;
    game::DuplicateFinder* finder = nullptr;
    run::PipelineMemory* pipeline_memory = nullptr; // the pipeline's buffers, one for all inputs
};

// Whole records only (a batch of games' output), then a record boundary.
void write_records(RecordOutput* out, const std::string& data) {
    if (!out || data.empty()) return;
    out->write(data);
    out->end_record();
}

int check_pgn_file(const std::string& name, const Mode& o, Totals& totals, report::CheckStats& stats,
                   out::ProgressMeter& progress, Outputs& outputs) {
    bool no_game_error = false;
    const std::uint64_t games_before = totals.games;
    const int status = for_pgn_file("horde-check", name, progress, [&](pgn::PgnReader& reader, io::Input& input) {
        report::CheckOutputOptions out_options;
        out_options.display = input.display_name();
        out_options.json = o.json;
        out_options.diagnostics = !o.quiet;
        out_options.warnings = !o.no_warnings;
        out_options.valid_raw = outputs.valid != nullptr;
        out_options.invalid_raw = outputs.invalid != nullptr;
        out_options.duplicates_raw = outputs.duplicates != nullptr;
        out_options.skipped_raw = outputs.skipped != nullptr;
        out_options.stats = o.stats || outputs.stats;
        out_options.json_tags = report::TagSelection::parse(o.json_tags);
        run::CheckRunSettings settings;
        settings.threads = o.threads;
        settings.duplicates = outputs.finder;
        settings.memory = outputs.pipeline_memory;
        settings.input_position = [&] { return input.raw_bytes_read(); }; // on the reading thread
        run::run_check(reader, o.check, out_options, settings, [&](report::CheckOutput& out) {
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
        if (totals.games == games_before) {
            progress.clear();
            const NoGame said =
                report_no_game("horde-check", input, o.check.strict, !o.quiet && (o.check.strict || !o.no_warnings));
            no_game_error = said == NoGame::Error;
            if (said == NoGame::Warning) ++totals.warnings;
        }
    });
    return status ? status : no_game_error ? kExitInvalid : 0;
}

int check_fen_file(const std::string& name, const Mode& o, Totals& totals, Outputs& outputs) {
    const FenLineOptions options{o.fen_variant, o.check.strict, o.quiet, true};
    return for_each_fen_line("horde-check", name, options, [&](std::size_t line_number, const game::FenVerdict& v) {
        ++totals.games;
        if (v.valid) ++totals.valid;
        else ++totals.invalid;
        if (outputs.json) {
            outputs.json->write(report::fen_verdict_to_json(v, int(line_number)) + '\n');
            outputs.json->end_record();
        }
    });
}

} // namespace

int run(Mode& o) {
    restore_sigpipe();
    exit_on_interrupt("horde-check");
    Outputs outputs;
    if (o.json) outputs.json = std::make_unique<RecordOutput>(1, "stdout");
    for (auto [option, path, out] :
         {std::tuple{"--valid-out", &o.valid_out, &outputs.valid}, std::tuple{"--invalid-out", &o.invalid_out, &outputs.invalid},
          std::tuple{"--duplicates-out", &o.duplicates_out, &outputs.duplicates},
          std::tuple{"--skipped-out", &o.skipped_out, &outputs.skipped},
          std::tuple{"--stats-json", &o.stats_json, &outputs.stats}}) {
        if (path->empty()) continue;
        if (*path == "-" && out != &outputs.stats) {
            *out = std::make_unique<RecordOutput>(1, "stdout");
            continue;
        }
        *out = RecordOutput::create("horde-check", *path, fmt::format("{} {}", option, *path));
        if (!*out) return kExitUsage;
    }
    o.threads = thread_count(o.threads);

    // Diagnostics can be many: buffer stderr; stdout is line data.
    static char err_buffer[1 << 16];
    std::setvbuf(stderr, err_buffer, _IOFBF, sizeof err_buffer);

    std::optional<game::DuplicateFinder> finder;
    if (o.check.duplicates != game::DuplicateMode::Off) outputs.finder = &finder.emplace(o.check.duplicates);
    run::PipelineMemory pipeline_memory;
    outputs.pipeline_memory = &pipeline_memory;
    const auto start = std::chrono::steady_clock::now();
    Totals totals;
    report::CheckStats stats;
    out::ProgressMeter progress(stderr, "horde-check", progress_wanted(o.progress));
    int status = 0;
    const auto log = make_stderr_logger("horde-check", o.verbose);
    for (const auto& file : o.files) {
        const Totals before = totals;
        const auto file_start = std::chrono::steady_clock::now();
        const int rc =
            o.fen ? check_fen_file(file, o, totals, outputs) : check_pgn_file(file, o, totals, stats, progress, outputs);
        status = std::max(status, rc);
        const double file_secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - file_start).count();
        log->info("{}: {} {}, {} invalid, {} plies in {:.3f} s ({:.0f} plies/s)", io::input_display_name(file),
                  totals.games - before.games, o.fen ? "positions" : "games", totals.invalid - before.invalid,
                  totals.plies - before.plies, file_secs, file_secs > 0 ? double(totals.plies - before.plies) / file_secs : 0.0);
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    progress.clear();
    write_records(outputs.stats.get(), stats.to_json());
    for (auto* out : {&outputs.json, &outputs.valid, &outputs.invalid, &outputs.duplicates, &outputs.skipped, &outputs.stats})
        if (*out) (*out)->close();
    fmt::print(stderr, "horde-check: {}, {} valid, {} invalid{}, {}, {}, {:.3f} s\n",
               o.fen ? counted(totals.games, "position", "positions") : counted(totals.games, "game", "games"), totals.valid,
               totals.invalid,
               (o.where ? fmt::format(", {} not selected", totals.not_selected) : std::string()) +
                   (totals.skipped ? fmt::format(", {} skipped", totals.skipped) : std::string()),
               counted(totals.warnings, "warning", "warnings"), counted(totals.plies, "ply", "plies"), secs);
    if (o.stats) fmt::print(stderr, "{}", stats.to_text("horde-check"));
    std::fflush(stderr);
    if (status) return status;
    return totals.invalid ? kExitInvalid : 0;
}

} // namespace horde::tools::check_tool
