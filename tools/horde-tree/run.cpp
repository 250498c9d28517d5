#include "run.hpp"

#include "cli.hpp"
#include "fen.hpp"
#include "loops.hpp"
#include "output.hpp"
#include "output_file.hpp"
#include "progress.hpp"

#include "horde/notation/move_list.hpp"
#include "horde/position/board.hpp"
#include "horde/report/json.hpp"
#include "horde/report/tree_page.hpp"
#include "horde/run/pipeline.hpp"
#include "horde/run/tree.hpp"

#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <optional>
#include <stdexcept>

namespace horde::tools::tree_tool {

namespace {

// What the run learns of the games besides the tree.
struct RunState {
    run::TreeTotals totals;
    run::PipelineMemory pipeline_memory; // the pipeline's buffers, one for all inputs
    bool no_game_error = false;          // --strict and a file of text without a game
};

int read_file(const std::string& name, const Mode& o, run::TreeSink& sink, RunState& state, out::ProgressMeter& progress) {
    const std::uint64_t games_before = state.totals.games;
    return for_pgn_file("horde-tree", name, progress, [&](pgn::PgnReader& reader, io::Input& input) {
        run::TreeRunSettings settings;
        settings.threads = o.threads;
        settings.max_ply = o.max_ply;
        settings.invalid_prefixes = o.invalid_prefixes;
        settings.diagnostics = !o.quiet;
        settings.warnings = o.warnings && !o.quiet;
        settings.input_position = [&] { return input.raw_bytes_read(); };
        settings.memory = &state.pipeline_memory;
        run::run_tree(reader, o.check, input.display_name(), settings, sink,
                      [&](std::string& diagnostics, const run::TreeTotals& t) {
                          if (!diagnostics.empty()) {
                              progress.clear();
                              std::fwrite(diagnostics.data(), 1, diagnostics.size(), stderr);
                          }
                          state.totals.add(t);
                          progress.bytes(t.input_position, state.totals.games);
                      });
        if (state.totals.games == games_before) {
            progress.clear();
            state.no_game_error |= report_no_game("horde-tree", input, o.check.strict, !o.quiet) == NoGame::Error;
        }
    });
}

// The key of --position FEN or --moves LIST, in the variant of --variant or of the tree's games.
std::uint64_t query_key(const Mode& o, Variant variant) {
    if (o.position_fen) {
        const position::Board b =
            read_fen_option(variant, *o.position_fen, "horde-tree", "--position",
                            fmt::format("--position: not {} {} position", variant_article(variant), variant_name(variant)));
        return tree::position_key(variant, b.repetition_key());
    }
    const position::Board start(variant);
    auto played = notation::play_move_list(start, *o.position_moves);
    if (const auto* e = std::get_if<notation::MoveListError>(&played))
        fail_usage(fmt::format("--moves: ply {} \"{}\": {}", e->ply, e->token, e->message));
    const position::Board& end = std::get<notation::PlayedMoveList>(played).end;
    return tree::position_key(variant, end.repetition_key());
}

// Writes the tree formats (all but polyglot); returns the positions written.
std::uint64_t write_tree(const Mode& o, tree::OpeningTree& tree, OutputFile& out, const std::string& title) {
    const char separator = o.format == report::TreeFormat::Csv ? ',' : '\t';
    const bool table = o.format == report::TreeFormat::Csv || o.format == report::TreeFormat::Tsv;
    std::optional<report::TreePage> page;
    if (o.format == report::TreeFormat::Html) {
        page.emplace(report::TreePageOptions{title, o.min_games, o.min_ply, o.max_ply});
        out.write(page->begin());
    }
    if (table) out.write(report::tree_table_header(separator));
    std::atomic<std::uint64_t> written = 0;
    std::uint64_t root_key = 0; // the page opens at the start position most games began from
    std::uint32_t root_games = 0;
    auto keep = [&](const tree::PositionStats& p) { return int(p.results.games) >= o.min_games && p.ply >= o.min_ply; };
    auto render = [&](tree::PositionStats& p, std::string& text) {
        written.fetch_add(1, std::memory_order_relaxed);
        switch (o.format) {
        case report::TreeFormat::Ndjson:
            report::append_tree_position_json(text, p);
            text += '\n';
            break;
        case report::TreeFormat::Csv:
        case report::TreeFormat::Tsv: report::append_tree_rows(text, p, separator); break;
        case report::TreeFormat::Epd: report::append_tree_epd(text, p); break;
        case report::TreeFormat::Html:
            if (p.ply == 0 && p.results.games > root_games) { // positions come in key order: the first of the most
                root_key = p.key;
                root_games = p.results.games;
            }
            page->append_position(text, p);
            break;
        case report::TreeFormat::Polyglot: break;
        }
    };
    tree.set_min_games_shown(std::uint32_t(o.min_games)); // keep's own rule, passed on
    // The page counts its positions and finds its root as they come: it is made on one thread.
    run::show_tree(tree, page ? 1 : o.threads, keep, render, [&](std::string& text) { out.write(text); });
    if (page) out.write(page->end(root_key));
    return written.load();
}

int run_query(const Mode& o, tree::OpeningTree& tree, std::optional<Variant> first_variant) {
    const Variant variant = o.check.forced_variant.value_or(first_variant.value_or(Variant::Chess));
    const std::uint64_t key = query_key(o, variant);
    bool found = false;
    tree.for_each([&](const tree::PositionStats& p) { return p.key == key; },
                  [&](tree::PositionStats& p) {
                      found = true;
                      const std::string table = report::tree_position_table(p);
                      std::fwrite(table.data(), 1, table.size(), stdout);
                  });
    finish_stdout();
    if (!found) fmt::print(stderr, "horde-tree: no game of the tree reached this position (within --max-ply {})\n", o.max_ply);
    return found ? 0 : 1;
}

std::string summary(const Mode& o, const RunState& state, const tree::OpeningTree& tree, const tree::PolyglotBookBuilder* book,
                    std::uint64_t written, double secs) {
    const run::TreeTotals& t = state.totals;
    std::string extra;
    if (o.invalid_prefixes) extra += fmt::format(" ({} partly used)", t.partial);
    if (o.where) extra += fmt::format(", {} not selected", t.not_selected);
    if (t.skipped) extra += fmt::format(", {} skipped", t.skipped);
    std::string spilled;
    const std::size_t runs = book ? book->spills() : tree.spilled_runs();
    if (runs) spilled = fmt::format(", {} spilled to {}", counted(runs, "run", "runs"), tree.temp_dir());
    const std::string what = o.query() ? std::string()
                             : o.format == report::TreeFormat::Polyglot
                                 ? fmt::format(", {}", counted(written, "book entry", "book entries"))
                                 : fmt::format(", {} written", counted(written, "position", "positions"));
    return fmt::format("horde-tree: {}, {} used, {} invalid{}{}{}, {:.3f} s\n", counted(t.games, "game", "games"), t.used,
                       t.invalid, extra, what, spilled, secs);
}

} // namespace

int run(Mode& o) {
    restore_sigpipe();
    exit_on_interrupt("horde-tree");
    o.threads = thread_count(o.threads);
    std::unique_ptr<OutputFile> out;
    if (!o.query()) {
        out = OutputFile::open(o.output);
        if (!out) return kExitUsage;
        if (o.format == report::TreeFormat::Polyglot && out->is_terminal())
            fail_usage("a Polyglot book is binary: write it to a file with -o FILE.bin");
    }
    const auto start = std::chrono::steady_clock::now();
    tree::TreeOptions tree_options;
    tree_options.memory_bytes = o.memory_bytes;
    tree_options.examples = o.examples;
    tree_options.temp_dir = o.temp_dir;
    tree::OpeningTree tree(tree_options);
    std::optional<tree::PolyglotBookBuilder> book;
    if (o.format == report::TreeFormat::Polyglot && !o.query()) book.emplace(o.memory_bytes, o.temp_dir);
    RunState state;
    run::TreeSink sink;
    sink.tree = book ? nullptr : &tree;
    sink.book = book ? &*book : nullptr;
    sink.variant_check = [&, polyglot = book.has_value()](const game::GameRecord& r, Variant v) {
        if (polyglot && !tree::polyglot_supports(v))
            throw Exit{kExitUsage, fmt::format("game {} is an Orda game, and Polyglot books have no codes for Orda's "
                                               "pieces: for Orda use --format ndjson, csv, tsv, epd or html",
                                               r.game)};
    };
    out::ProgressMeter progress(stderr, "horde-tree", progress_wanted(o.progress));
    int status = 0;
    try {
        for (const auto& file : o.files) status = std::max(status, read_file(file, o, sink, state, progress));
        progress.clear();
        if (o.query()) {
            const int found = run_query(o, tree, sink.first_variant);
            fmt::print(stderr, "{}",
                       summary(o, state, tree, book ? &*book : nullptr, 0,
                               std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()));
            return status ? status : state.totals.invalid || state.no_game_error ? kExitInvalid : found;
        }
        std::uint64_t written = 0;
        if (book) {
            const auto entries = book->entries(o.book);
            written = entries.size();
            out->write(tree::polyglot_book_bytes(entries));
        } else {
            written = write_tree(o, tree, *out, o.title.empty() ? (o.files.size() == 1 ? o.files[0] : "horde-tree") : o.title);
        }
        out->commit();
        fmt::print(stderr, "{}",
                   summary(o, state, tree, book ? &*book : nullptr, written,
                           std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()));
    } catch (const std::runtime_error& e) { // a spilled run that could not be written or read
        throw Exit{kExitUsage, e.what()};
    }
    std::fflush(stderr);
    if (status) return status;
    return state.totals.invalid || state.no_game_error ? kExitInvalid : 0;
}

} // namespace horde::tools::tree_tool
