#include "run.hpp"

#include "against.hpp"
#include "breakdown_output.hpp"
#include "fen.hpp"
#include "log.hpp"
#include "output.hpp"

#include "horde/io/line_input.hpp"
#include "horde/notation/move_list.hpp"
#include "horde/out/progress.hpp"
#include "horde/perft/json.hpp"
#include "horde/perft/perft.hpp"
#include "horde/perft/random.hpp"
#include "horde/perft/split.hpp"
#include "horde/perft/suite.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <memory>

namespace horde::tools::perft_tool {

namespace {

struct Runner {
    Variant variant = Variant::Horde;
    perft::PerftOptions perft_options;
    bool json = false;
    std::shared_ptr<spdlog::logger> log;
    out::ProgressMeter* progress = nullptr; // erased before the result is printed

    // --verbose: one line per count on stderr.
    void log_result(std::string_view fen, int depth, std::uint64_t nodes, double seconds) const {
        log->info("{} depth {}: {} nodes in {:.3f} s ({:.0f} nodes/s)", fen, depth, nodes, seconds,
                  seconds > 0 ? double(nodes) / seconds : 0.0);
    }

    void report(std::string_view fen, int depth, std::uint64_t nodes, double seconds) const {
        log_result(fen, depth, nodes, seconds);
        if (json) {
            fmt::print("{}\n", perft::perft_result_to_json({fen, variant, depth, nodes, seconds}));
        } else {
            fmt::print("{}\n", nodes);
        }
    }
};

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The position of --fen (or the start) after --moves; a usage error when there is none.
position::Board start_board(const Mode& o, Variant variant) {
    const std::string fen = o.fen.value_or(std::string(position::start_fen(variant)));
    const position::Board board =
        read_fen_option(variant, fen, "horde-perft", "--fen", fmt::format("invalid FEN for {}", variant_name(variant)));
    auto played = notation::play_move_list(board, o.moves);
    if (auto* err = std::get_if<notation::MoveListError>(&played))
        fail_usage(fmt::format("--moves: ply {} '{}': {} [{}]", err->ply, err->token, err->message, diagnostic_name(err->code)));
    return std::get<notation::PlayedMoveList>(played).end;
}

// --split D: every distinct position after D plies, "FEN<TAB>paths".
int run_split(const Mode& o, Variant variant) {
    const position::Board board = start_board(o, variant);
    restore_sigpipe();
    for (const auto& p : perft::perft_split(board, o.split)) fmt::print("{}\n", perft::split_line(p));
    finish_stdout();
    return 0;
}

// --breakdown of one position: the table (after perftree's divide lines with --divide) or JSON.
int run_single_breakdown(const Mode& o, const Runner& runner, const position::Board& board, std::string_view fen) {
    const auto start = std::chrono::steady_clock::now();
    perft::PerftBreakdown total;
    if (o.divide) {
        const auto rows = perft::perft_breakdown_divide(runner.variant, board.position(), o.depth, runner.perft_options);
        if (runner.progress) runner.progress->clear();
        for (const auto& [move, counts] : rows) {
            if (!runner.json) fmt::print("{} {}\n", board.uci(move), counts.nodes);
            total += counts;
        }
        if (o.depth == 0) total.nodes = 1;
        if (!runner.json) fmt::print("\n{}\n\n", total.nodes);
    } else {
        total = perft::perft_breakdown(runner.variant, board.position(), o.depth, runner.perft_options);
    }
    const double secs = seconds_since(start);
    if (runner.progress) runner.progress->clear();
    runner.log_result(fen, o.depth, total.nodes, secs);
    if (runner.json) fmt::print("{}\n", perft::perft_breakdown_to_json({fen, runner.variant, o.depth, 0, secs}, total));
    else fmt::print("{}", breakdown_table(runner.variant, total));
    fmt::print(stderr, "time {:.3f} s, {:.0f} nodes/s\n", secs, secs > 0 ? double(total.nodes) / secs : 0.0);
    return 0;
}

// --against CMD (one position, a FEN stream or --random N), and --random N alone (the FENs).
int run_against_mode(const Mode& o, const Runner& runner) {
    const position::Board start_position = start_board(o, runner.variant);
    std::vector<position::Board> positions;
    if (o.random) positions = perft::random_positions(start_position, *o.random, o.seed);
    if (!o.against) {
        for (const auto& board : positions) fmt::print("{}\n", board.fen());
        return 0;
    }
    AgainstRun run;
    run.engine.command = *o.against;
    run.engine.variant = runner.variant;
    run.engine.protocol = engine::parse_protocol(o.protocol);
    run.engine.timeout = std::chrono::milliseconds(std::int64_t(o.timeout_seconds * 1000));
    for (const std::string& option : o.engine_options) {
        const auto eq = option.find('=');
        run.engine.options.emplace_back(option.substr(0, eq), eq == std::string::npos ? "" : option.substr(eq + 1));
    }
    run.depth = o.depth;
    run.perft.threads = runner.perft_options.threads;
    run.progress = runner.progress;
    if (o.random)
        return run_against_sweep(run, positions, [&](std::size_t i) {
            return fmt::format("random position {} of {} (seed {})", i + 1, positions.size(), o.seed);
        });
    if (o.fen_stream) {
        std::vector<std::size_t> line_numbers;
        int status = 0;
        const auto failure = io::for_each_line(*o.fen_stream, [&](std::size_t line_number, std::string_view line) {
            auto parsed = position::Board::from_fen(runner.variant, line);
            if (auto* err = std::get_if<position::FenError>(&parsed)) {
                fmt::print(stderr, "{}:{}: error: invalid FEN: {}\n", io::input_display_name(*o.fen_stream), line_number,
                           err->message);
                status = kExitInvalid;
                return;
            }
            positions.push_back(std::get<position::Board>(parsed));
            line_numbers.push_back(line_number);
        });
        if (failure) {
            fmt::print(stderr, "horde-perft: {}: {}\n", io::input_display_name(*o.fen_stream), *failure);
            return kExitUsage;
        }
        if (status) return status;
        return run_against_sweep(run, positions, [&](std::size_t i) {
            return fmt::format("{}:{}", io::input_display_name(*o.fen_stream), line_numbers[i]);
        });
    }
    // The engine gets --fen and --moves as given (UCI spelling), and plays the moves itself.
    position::Board replay = std::get<position::Board>(
        position::Board::from_fen(runner.variant, o.fen.value_or(std::string(position::start_fen(runner.variant)))));
    engine::BisectStart start{replay.fen(), {}, start_position};
    const auto played = std::get<notation::PlayedMoveList>(notation::play_move_list(replay, o.moves)); // checked by start_board
    for (const Move m : played.moves) {
        start.moves.push_back(replay.uci(m));
        replay.play(m);
    }
    return run_against(run, start);
}

int run_single(const Mode& o, const Runner& runner) {
    const std::string fen = o.fen.value_or(std::string(position::start_fen(runner.variant)));
    const position::Board board = start_board(o, runner.variant);
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t total = 0;
    if (o.breakdown) return run_single_breakdown(o, runner, board, o.moves.empty() ? fen : board.fen());
    if (o.divide) {
        const auto rows = perft::perft_divide(runner.variant, board.position(), o.depth, runner.perft_options);
        if (runner.progress) runner.progress->clear();
        for (const auto& [move, count] : rows) {
            fmt::print("{} {}\n", board.uci(move), count);
            total += count;
        }
        if (o.depth == 0) total = 1;
        fmt::print("\n");
    } else {
        total = perft::perft(runner.variant, board.position(), o.depth, runner.perft_options);
    }
    const double secs = seconds_since(start);
    if (runner.progress) runner.progress->clear();
    runner.report(o.moves.empty() ? fen : board.fen(), o.depth, total, secs);
    fmt::print(stderr, "time {:.3f} s, {:.0f} nodes/s\n", secs, secs > 0 ? double(total) / secs : 0.0);
    return 0;
}

int run_stream(const Mode& o, const Runner& runner) {
    const std::string& name = *o.fen_stream;
    const std::string display = io::input_display_name(name);
    int status = 0;
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t all_nodes = 0;
    const auto failure = io::for_each_line(name, [&](std::size_t line_number, std::string_view line) {
        const perft::WeightedFen weighted = perft::parse_weighted_fen(line); // "FEN" or "FEN<TAB>weight"
        const std::string where = fmt::format("{}:{}", display, line_number);
        if (!weighted.error.empty()) {
            fmt::print(stderr, "{}: error: {}\n", where, weighted.error);
            status = kExitInvalid;
            return;
        }
        auto read = read_tool_fen(runner.variant, weighted.fen, where);
        if (auto* err = std::get_if<position::FenError>(&read)) {
            fmt::print(stderr, "{}: error: invalid FEN: {}\n", where, err->message);
            status = kExitInvalid;
            return;
        }
        const auto t0 = std::chrono::steady_clock::now();
        const auto nodes = weighted.weight * perft::perft(runner.variant, std::get<position::Board>(read).position(), o.depth,
                                                          runner.perft_options);
        all_nodes += nodes;
        runner.report(weighted.fen, o.depth, nodes, seconds_since(t0));
        finish_stdout(); // each count as soon as it is known
    });
    if (failure) {
        fmt::print(stderr, "horde-perft: {}: {}\n", display, *failure);
        return kExitUsage;
    }
    const double secs = seconds_since(start);
    fmt::print(stderr, "time {:.3f} s, {:.0f} nodes/s\n", secs, secs > 0 ? double(all_nodes) / secs : 0.0);
    return status;
}

int run_epd(const Mode& o, const Runner& runner) {
    const std::string display = io::input_display_name(*o.epd);
    perft::PerftSuiteSummary summary;
    const auto start = std::chrono::steady_clock::now();
    const auto failure = io::for_each_line(*o.epd, [&](std::size_t line_number, std::string_view line) {
        auto entry = perft::parse_perft_suite_line(line);
        if (!entry) return; // a comment
        if (!entry->error.empty()) {
            fmt::print(stderr, "{}:{}: error: {}\n", display, line_number, entry->error);
            ++summary.errors;
            return;
        }
        auto read = read_tool_fen(runner.variant, entry->fen, fmt::format("{}:{}", display, line_number));
        if (auto* err = std::get_if<position::FenError>(&read)) {
            fmt::print(stderr, "{}:{}: error: invalid FEN: {}\n", display, line_number, err->message);
            ++summary.errors;
            return;
        }
        const position::Board& board = std::get<position::Board>(read);
        for (std::size_t i = 0; i < entry->expected.size(); ++i) {
            const auto [depth, expected] = entry->expected[i];
            if (o.depth >= 0 && depth > o.depth) continue;
            if (o.max_nodes && expected > o.max_nodes) {
                ++summary.skipped;
                continue;
            }
            const auto t0 = std::chrono::steady_clock::now();
            perft::PerftBreakdown counts;
            if (o.breakdown) counts = perft::perft_breakdown(runner.variant, board.position(), depth, runner.perft_options);
            else counts.nodes = perft::perft(runner.variant, board.position(), depth, runner.perft_options);
            const auto got = counts.nodes;
            summary.nodes += got;
            ++summary.checked;
            if (runner.json && o.breakdown)
                fmt::print("{}\n",
                           perft::perft_breakdown_to_json({entry->fen, runner.variant, depth, 0, seconds_since(t0)}, counts));
            else if (runner.json) runner.report(entry->fen, depth, got, seconds_since(t0));
            else runner.log_result(entry->fen, depth, got, seconds_since(t0));
            const bool nodes_wrong = got != expected;
            std::string columns_wrong; // "; captures expected 34, got 33"
            if (o.breakdown) {
                for (const auto& [name, value] : entry->expected_breakdowns[i]) {
                    const auto actual = counts.*perft::find_breakdown_column(name)->field;
                    if (actual != value) columns_wrong += fmt::format("; {} expected {}, got {}", name, value, actual);
                }
            }
            if (nodes_wrong || !columns_wrong.empty()) {
                ++summary.mismatches;
                fmt::print(stderr, "{}:{}: mismatch: {} depth {}: expected {}, got {}{}\n", display, line_number, entry->fen,
                           depth, expected, got, columns_wrong);
                if (!runner.json)
                    fmt::print("MISMATCH {} ;D{} expected {} got {}{}\n", entry->fen, depth, expected, got, columns_wrong);
            }
        }
    });
    if (failure) {
        fmt::print(stderr, "horde-perft: {}: {}\n", display, *failure);
        return kExitUsage;
    }
    const double secs = seconds_since(start);
    const auto text = fmt::format("{} checks, {} mismatches, {} skipped, {} errors, {} nodes in {:.3f} s", summary.checked,
                                  summary.mismatches, summary.skipped, summary.errors, summary.nodes, secs);
    if (runner.json) fmt::print(stderr, "{}\n", text);
    else fmt::print("{}\n", text);
    return (summary.mismatches || summary.errors) ? kExitInvalid : 0;
}

} // namespace

int run(const Mode& o) {
    if (o.split >= 0) return run_split(o, o.variant);
    Runner runner;
    runner.variant = o.variant;
    runner.json = o.json;
    runner.log = make_stderr_logger("horde-perft", o.verbose);
    runner.perft_options.threads = int(thread_count(unsigned(o.threads)));
    std::unique_ptr<perft::PerftHash> hash;
    if (o.hash_mb > 0) {
        try {
            hash = std::make_unique<perft::PerftHash>(o.hash_mb);
        } catch (const std::bad_alloc&) {
            fail_usage(fmt::format("cannot allocate a {} MB hash table", o.hash_mb));
        }
        runner.perft_options.hash = hash.get();
    }
    // Deep single counts: root moves done, on a terminal.
    out::ProgressMeter progress(stderr, "horde-perft", progress_wanted(o.progress));
    if (!o.epd && !o.fen_stream && progress.enabled())
        runner.perft_options.on_root_move = [&](std::size_t done, std::size_t total) {
            progress.steps(done, total, "root moves");
        };
    runner.progress = &progress;
    restore_sigpipe();
    const int status = (o.against || o.random) ? run_against_mode(o, runner)
                       : o.epd                 ? run_epd(o, runner)
                       : o.fen_stream          ? run_stream(o, runner)
                                               : run_single(o, runner);
    finish_stdout();
    return status;
}

} // namespace horde::tools::perft_tool
