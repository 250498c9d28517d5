#include "run.hpp"

#include "loops.hpp"
#include "output.hpp"
#include "progress.hpp"

#include "horde/report/game_table.hpp"
#include "horde/report/position_list.hpp"
#include "horde/run/list.hpp"
#include "horde/run/pipeline.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <unistd.h>

namespace horde::tools::list_tool {

namespace {

struct Counts {
    std::uint64_t invalid = 0, games = 0, not_selected = 0;
    run::PipelineMemory pipeline_memory; // the pipeline's buffers, one for all inputs
};

void write_stdout(std::string_view data) {
    if (std::fwrite(data.data(), 1, data.size(), stdout) != data.size()) fail_write("stdout", errno);
}

// Lists the games of one PGN input as position lines (`lister`) or as table rows (`table`).
int list_pgn_file(const std::string& name, const Mode& o, report::PositionLister* lister, const report::GameTable* table,
                  out::ProgressMeter& progress, Counts& counts) {
    const std::uint64_t games_before = counts.games;
    return for_pgn_file("horde-list", name, progress, [&](pgn::PgnReader& reader, io::Input& input) {
        const auto position = [&] { return input.raw_bytes_read(); }; // on the reading thread
        run::run_list(
            reader, o.check, input.display_name(), thread_count(o.threads), position, lister, table,
            [&](report::ListOutput& out) {
                if (!out.rows.empty()) write_stdout(out.rows);
                if (!out.err.empty()) {
                    progress.clear();
                    std::fwrite(out.err.data(), 1, out.err.size(), stderr);
                }
                counts.invalid += out.invalid;
                counts.games += out.games;
                counts.not_selected += out.not_selected;
                progress.bytes(out.input_position, counts.games);
            },
            &counts.pipeline_memory);
        if (counts.games == games_before) { // a file of text: said so (its rows are none)
            progress.clear();
            report_no_game("horde-list", input, false, true);
        }
    });
}

// --moves: one line of legal moves per FEN (or NDJSON) line; invalid lines give a diagnostic
// and no output line; blank lines are skipped.
int list_moves_file(const std::string& name, const Mode& o, Counts& counts) {
    std::string out;
    return for_each_fen_line("horde-list", name, FenLineOptions{o.fen_variant}, [&](std::size_t, const game::FenVerdict& v) {
        if (!v.valid || !v.board) {
            ++counts.invalid;
            return;
        }
        out = report::legal_moves_line(*v.board, o.uci);
        out += '\n';
        write_stdout(out);
    });
}

} // namespace

int run(const Mode& o) {
    restore_sigpipe();
    // stdout is data, written in large chunks; diagnostics can be many: buffer stderr too.
    static char out_buffer[1 << 16];
    std::setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
    static char err_buffer[1 << 16];
    std::setvbuf(stderr, err_buffer, _IOFBF, sizeof err_buffer);

    Counts counts;
    int status = 0;
    if (o.moves) {
        for (const auto& file : o.files) status = std::max(status, list_moves_file(file, o, counts));
    } else if (o.games || o.position_table) {
        report::GameTable::PositionPick pick{o.list.start, o.list.final, o.list.ply, o.list.every, o.list.keep_partial};
        const report::GameTable table(o.fields  ? *o.fields
                                      : o.games ? report::kDefaultGameFields
                                                : report::kDefaultPositionFields,
                                      *report::parse_table_format(o.format), o.position_table, pick);
        if (const auto bad = table.unknown_field(); !bad.empty())
            fail_usage(fmt::format("--games --fields: '{}' is a field of position rows", bad));
        write_stdout(table.header());
        out::ProgressMeter progress(stderr, "horde-list", progress_wanted(o.progress));
        for (const auto& file : o.files) status = std::max(status, list_pgn_file(file, o, nullptr, &table, progress, counts));
        progress.clear();
    } else {
        // The lister gathers its lines into large runs (a batch's 64 KB blocks), written from
        // where they are, not copied through stdio's buffer of the same size.
        RecordOutput lines_out(STDOUT_FILENO, "stdout");
        report::PositionLister lister(o.list, [&lines_out](std::string_view run) { lines_out.write_through(run); });
        out::ProgressMeter progress(stderr, "horde-list", progress_wanted(o.progress));
        for (const auto& file : o.files) status = std::max(status, list_pgn_file(file, o, &lister, nullptr, progress, counts));
        lister.flush();
        lines_out.close();
        progress.clear();
    }
    finish_stdout();
    std::fflush(stderr);
    if (status) return status;
    return counts.invalid ? kExitInvalid : 0;
}

} // namespace horde::tools::list_tool
