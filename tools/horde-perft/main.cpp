// horde-perft: perft counts for chess, Horde and Orda positions.
#include "cli.hpp"
#include "progress.hpp"
#include "log.hpp"
#include "output.hpp"
#include "against.hpp"
#include "breakdown_output.hpp"

#include "horde/io/line_input.hpp"
#include "horde/notation/move_list.hpp"
#include "horde/perft/perft.hpp"
#include "horde/perft/random.hpp"
#include "horde/perft/split.hpp"
#include "horde/perft/suite.hpp"
#include "horde/report/json.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <optional>

namespace {

using horde::Variant;

struct Options {
    std::string variant_name = "horde";
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
    int split = -1;
    bool breakdown = false; // --breakdown: move classes at the leaves
    std::optional<std::string> against; // --against CMD: another engine to compare with
    std::string protocol;               // uci, perftree or empty (detect)
    std::vector<std::string> engine_options; // NAME=VALUE
    double timeout_seconds = 120;
    std::optional<std::size_t> random; // --random N positions
    std::uint64_t seed = 1;
    horde::tools::ProgressFlags progress;
};

using horde::tools::kExitInvalid;
using horde::tools::kExitUsage;

struct Runner {
    Variant variant = Variant::Horde;
    horde::PerftOptions perft_options;
    bool json = false;
    std::shared_ptr<spdlog::logger> log;
    horde::ProgressMeter* progress = nullptr; // erased before the result is printed

    // --verbose: one line per count on stderr.
    void log_result(std::string_view fen, int depth, std::uint64_t nodes, double seconds) const {
        log->info("{} depth {}: {} nodes in {:.3f} s ({:.0f} nodes/s)", fen, depth, nodes, seconds,
                  seconds > 0 ? double(nodes) / seconds : 0.0);
    }

    void report(std::string_view fen, int depth, std::uint64_t nodes, double seconds) const {
        log_result(fen, depth, nodes, seconds);
        if (json) {
            fmt::print("{}\n", horde::perft_result_to_json({fen, variant, depth, nodes, seconds}));
        } else {
            fmt::print("{}\n", nodes);
        }
    }
};

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The position of --fen (or the start) after --moves; nullopt after printing the error.
std::optional<horde::Board> start_board(const Options& o, Variant variant) {
    const std::string fen = o.fen.value_or(std::string(horde::start_fen(variant)));
    auto parsed = horde::Board::from_fen(variant, fen);
    if (auto* err = std::get_if<horde::FenError>(&parsed)) {
        fmt::print(stderr, "horde-perft: invalid FEN for {}: {}\n", horde::variant_name(variant), err->message);
        return std::nullopt;
    }
    if (const std::string note = horde::fen_warning(fen); !note.empty())
        fmt::print(stderr, "horde-perft: warning: --fen: {} [fen-fullmove-zero]\n", note);
    auto played = horde::play_move_list(std::get<horde::Board>(parsed), o.moves);
    if (auto* err = std::get_if<horde::MoveListError>(&played)) {
        fmt::print(stderr, "horde-perft: --moves: ply {} '{}': {} [{}]\n", err->ply, err->token, err->message, err->code);
        return std::nullopt;
    }
    return std::get<horde::PlayedMoveList>(played).end;
}

// --split D: every distinct position after D plies, "FEN<TAB>paths".
int run_split(const Options& o, Variant variant) {
    const auto board = start_board(o, variant);
    if (!board) return kExitUsage;
    horde::tools::restore_sigpipe();
    for (const auto& p : horde::perft_split(*board, o.split)) fmt::print("{}\n", horde::split_line(p));
    horde::tools::finish_stdout("horde-perft");
    return 0;
}

// --breakdown of one position: the table (after perftree's divide lines with --divide) or JSON.
int run_single_breakdown(const Options& o, const Runner& runner, const horde::Board& board, std::string_view fen) {
    const auto start = std::chrono::steady_clock::now();
    horde::PerftBreakdown total;
    if (o.divide) {
        const auto rows = horde::perft_breakdown_divide(runner.variant, board.position(), o.depth, runner.perft_options);
        if (runner.progress) runner.progress->clear();
        for (const auto& [move, counts] : rows) {
            if (!runner.json) fmt::print("{} {}\n", board.uci(move), counts.nodes);
            total += counts;
        }
        if (o.depth == 0) total.nodes = 1;
        if (!runner.json) fmt::print("\n{}\n\n", total.nodes);
    } else {
        total = horde::perft_breakdown(runner.variant, board.position(), o.depth, runner.perft_options);
    }
    const double secs = seconds_since(start);
    if (runner.progress) runner.progress->clear();
    runner.log_result(fen, o.depth, total.nodes, secs);
    if (runner.json) fmt::print("{}\n", horde::perft_breakdown_to_json({fen, runner.variant, o.depth, 0, secs}, total));
    else fmt::print("{}", horde::tools::breakdown_table(runner.variant, total));
    fmt::print(stderr, "time {:.3f} s, {:.0f} nodes/s\n", secs, secs > 0 ? double(total.nodes) / secs : 0.0);
    return 0;
}

// --against CMD (one position, a FEN stream or --random N), and --random N alone (the FENs).
int run_against_mode(const Options& o, const Runner& runner) {
    const auto start_position = start_board(o, runner.variant);
    if (!start_position) return kExitUsage;
    std::vector<horde::Board> positions;
    if (o.random) positions = horde::random_positions(*start_position, *o.random, o.seed);
    if (!o.against) {
        for (const auto& board : positions) fmt::print("{}\n", board.fen());
        return 0;
    }
    horde::tools::AgainstRun run;
    run.engine.command = *o.against;
    run.engine.variant = runner.variant;
    run.engine.protocol = horde::engine::parse_protocol(o.protocol);
    run.engine.timeout = std::chrono::milliseconds(std::int64_t(o.timeout_seconds * 1000));
    for (const std::string& option : o.engine_options) {
        const auto eq = option.find('=');
        run.engine.options.emplace_back(option.substr(0, eq), eq == std::string::npos ? "" : option.substr(eq + 1));
    }
    run.depth = o.depth;
    run.perft.threads = runner.perft_options.threads;
    run.progress = runner.progress;
    if (o.random)
        return horde::tools::run_against_sweep(run, positions, [&](std::size_t i) {
            return fmt::format("random position {} of {} (seed {})", i + 1, positions.size(), o.seed);
        });
    if (o.fen_stream) {
        std::vector<std::size_t> line_numbers;
        int status = 0;
        const auto failure = horde::for_each_line(*o.fen_stream, [&](std::size_t line_number, std::string_view line) {
            auto parsed = horde::Board::from_fen(runner.variant, line);
            if (auto* err = std::get_if<horde::FenError>(&parsed)) {
                fmt::print(stderr, "{}:{}: error: invalid FEN: {}\n", horde::input_display_name(*o.fen_stream), line_number, err->message);
                status = kExitInvalid;
                return;
            }
            positions.push_back(std::get<horde::Board>(parsed));
            line_numbers.push_back(line_number);
        });
        if (failure) {
            fmt::print(stderr, "horde-perft: {}: {}\n", horde::input_display_name(*o.fen_stream), *failure);
            return kExitUsage;
        }
        if (status) return status;
        return horde::tools::run_against_sweep(run, positions, [&](std::size_t i) {
            return fmt::format("{}:{}", horde::input_display_name(*o.fen_stream), line_numbers[i]);
        });
    }
    // The engine gets --fen and --moves as given (UCI spelling), and plays the moves itself.
    horde::Board replay = std::get<horde::Board>(
        horde::Board::from_fen(runner.variant, o.fen.value_or(std::string(horde::start_fen(runner.variant)))));
    horde::engine::BisectStart start{replay.fen(), {}, *start_position};
    const auto played = std::get<horde::PlayedMoveList>(horde::play_move_list(replay, o.moves)); // checked by start_board
    for (const horde::Move m : played.moves) {
        start.moves.push_back(replay.uci(m));
        replay.play(m);
    }
    return horde::tools::run_against(run, start);
}

int run_single(const Options& o, const Runner& runner) {
    const std::string fen = o.fen.value_or(std::string(horde::start_fen(runner.variant)));
    const auto start_position = start_board(o, runner.variant);
    if (!start_position) return kExitUsage;
    const horde::Board& board = *start_position;
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t total = 0;
    if (o.breakdown) return run_single_breakdown(o, runner, board, o.moves.empty() ? fen : board.fen());
    if (o.divide) {
        const auto rows = horde::perft_divide(runner.variant, board.position(), o.depth, runner.perft_options);
        if (runner.progress) runner.progress->clear();
        for (const auto& [move, count] : rows) {
            fmt::print("{} {}\n", board.uci(move), count);
            total += count;
        }
        if (o.depth == 0) total = 1;
        fmt::print("\n");
    } else {
        total = horde::perft(runner.variant, board.position(), o.depth, runner.perft_options);
    }
    const double secs = seconds_since(start);
    if (runner.progress) runner.progress->clear();
    runner.report(o.moves.empty() ? fen : board.fen(), o.depth, total, secs);
    fmt::print(stderr, "time {:.3f} s, {:.0f} nodes/s\n", secs, secs > 0 ? double(total) / secs : 0.0);
    return 0;
}

int run_stream(const Options& o, const Runner& runner) {
    const std::string& name = *o.fen_stream;
    const std::string display = horde::input_display_name(name);
    int status = 0;
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t all_nodes = 0;
    const auto failure = horde::for_each_line(name, [&](std::size_t line_number, std::string_view line) {
        const horde::WeightedFen weighted = horde::parse_weighted_fen(line); // "FEN" or "FEN<TAB>weight"
        auto parsed = horde::Board::from_fen(runner.variant, weighted.fen);
        if (auto* err = std::get_if<horde::FenError>(&parsed); err || !weighted.error.empty()) {
            fmt::print(stderr, "{}:{}: error: {}\n", display, line_number,
                       err ? "invalid FEN: " + err->message : weighted.error);
            status = kExitInvalid;
            return;
        }
        if (const std::string note = horde::fen_warning(weighted.fen); !note.empty())
            fmt::print(stderr, "{}:{}: warning: {} [fen-fullmove-zero]\n", display, line_number, note);
        const auto t0 = std::chrono::steady_clock::now();
        const auto nodes = weighted.weight * horde::perft(runner.variant, std::get<horde::Board>(parsed).position(),
                                                          o.depth, runner.perft_options);
        all_nodes += nodes;
        runner.report(weighted.fen, o.depth, nodes, seconds_since(t0));
        horde::tools::finish_stdout("horde-perft"); // each count as soon as it is known
    });
    if (failure) {
        fmt::print(stderr, "horde-perft: {}: {}\n", display, *failure);
        return kExitUsage;
    }
    const double secs = seconds_since(start);
    fmt::print(stderr, "time {:.3f} s, {:.0f} nodes/s\n", secs, secs > 0 ? double(all_nodes) / secs : 0.0);
    return status;
}

int run_epd(const Options& o, const Runner& runner) {
    const std::string display = horde::input_display_name(*o.epd);
    horde::PerftSuiteSummary summary;
    const auto start = std::chrono::steady_clock::now();
    const auto failure = horde::for_each_line(*o.epd, [&](std::size_t line_number, std::string_view line) {
        auto entry = horde::parse_perft_suite_line(line);
        if (!entry) return; // a comment
        if (!entry->error.empty()) {
            fmt::print(stderr, "{}:{}: error: {}\n", display, line_number, entry->error);
            ++summary.errors;
            return;
        }
        auto parsed = horde::Board::from_fen(runner.variant, entry->fen);
        if (auto* err = std::get_if<horde::FenError>(&parsed)) {
            fmt::print(stderr, "{}:{}: error: invalid FEN: {}\n", display, line_number, err->message);
            ++summary.errors;
            return;
        }
        if (const std::string note = horde::fen_warning(entry->fen); !note.empty())
            fmt::print(stderr, "{}:{}: warning: {} [fen-fullmove-zero]\n", display, line_number, note);
        const auto& board = std::get<horde::Board>(parsed);
        for (std::size_t i = 0; i < entry->expected.size(); ++i) {
            const auto [depth, expected] = entry->expected[i];
            if (o.depth >= 0 && depth > o.depth) continue;
            if (o.max_nodes && expected > o.max_nodes) {
                ++summary.skipped;
                continue;
            }
            const auto t0 = std::chrono::steady_clock::now();
            horde::PerftBreakdown counts;
            if (o.breakdown) counts = horde::perft_breakdown(runner.variant, board.position(), depth, runner.perft_options);
            else counts.nodes = horde::perft(runner.variant, board.position(), depth, runner.perft_options);
            const auto got = counts.nodes;
            summary.nodes += got;
            ++summary.checked;
            if (runner.json && o.breakdown)
                fmt::print("{}\n", horde::perft_breakdown_to_json({entry->fen, runner.variant, depth, 0, seconds_since(t0)}, counts));
            else if (runner.json) runner.report(entry->fen, depth, got, seconds_since(t0));
            else runner.log_result(entry->fen, depth, got, seconds_since(t0));
            const bool nodes_wrong = got != expected;
            std::string columns_wrong; // "; captures expected 34, got 33"
            if (o.breakdown) {
                for (const auto& [name, value] : entry->expected_breakdowns[i]) {
                    const auto actual = counts.*horde::find_breakdown_column(name)->field;
                    if (actual != value) columns_wrong += fmt::format("; {} expected {}, got {}", name, value, actual);
                }
            }
            if (nodes_wrong || !columns_wrong.empty()) {
                ++summary.mismatches;
                fmt::print(stderr, "{}:{}: mismatch: {} depth {}: expected {}, got {}{}\n", display, line_number,
                           entry->fen, depth, expected, got, columns_wrong);
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
    const auto text = fmt::format("{} checks, {} mismatches, {} skipped, {} errors, {} nodes in {:.3f} s",
                                  summary.checked, summary.mismatches, summary.skipped, summary.errors,
                                  summary.nodes, secs);
    if (runner.json) fmt::print(stderr, "{}\n", text);
    else fmt::print("{}\n", text);
    return (summary.mismatches || summary.errors) ? kExitInvalid : 0;
}

} // namespace

int main(int argc, char** argv) {
    Options o;
    CLI::App app{"horde-perft: count the leaves of the legal-move tree (perft) for chess, Horde and Orda.\n"
                 "The count is the last line of stdout; time and speed go to stderr.",
                 "horde-perft"};
    auto* variant_option =
        horde::tools::add_variant_option(app, o.variant_name, "Game: chess, chess960, horde or orda")->default_str("horde");
    app.add_option("--fen", o.fen, "Start position (default: the variant's start position)");
    horde::tools::add_start_option(app, o.start);
    app.add_option("-d,--depth", o.depth, "Depth in plies (0 gives 1)");
    app.add_option("--moves", o.moves, "Moves (UCI or SAN, space separated) to play from --fen before counting");
    app.add_flag("--divide", o.divide, "Print '<uci> <count>' per root move, a blank line, then the total");
    app.add_option("--epd", o.epd, "Run a perft suite ('FEN ;D1 n ;D2 n ...' per line; '-' for stdin)");
    app.add_option("--max-nodes", o.max_nodes, "With --epd: skip entries whose expected count exceeds N");
    app.add_option("input", o.fen_stream, "File of FEN lines ('-' for stdin): one count per line");
    app.add_option("-t,--threads", o.threads, "Threads (default: all cores)");
    app.add_option("--hash", o.hash_mb, "Transposition table size in MB (0: none)");
    app.add_flag("-v,--verbose", o.verbose, "Log each suite or stream position's count and time to stderr");
    app.add_flag("--breakdown", o.breakdown, "Count the leaves by class too (captures, ep, castles, promotions, checks, "
                                             "discovered/double checks, checkmates; Horde: extinctions; Orda: campmates)");
    app.add_option("--against", o.against, "Compare with another engine (UCI, or a perftree-style script 'CMD DEPTH FEN MOVES') "
                                           "and bisect to the first position where the move lists differ");
    app.add_option("--protocol", o.protocol, "With --against: uci or perftree (default: detected)")
        ->check(CLI::IsMember({"uci", "perftree"}));
    app.add_option("--engine-option", o.engine_options, "With --against (UCI): NAME=VALUE sent as setoption before the variant; repeatable");
    app.add_option("--timeout", o.timeout_seconds, "With --against: seconds to wait for each answer of the engine (default 120)")
        ->check(CLI::PositiveNumber);
    app.add_option("--random", o.random, "N random positions (playouts of 0 to 80 plies from --fen or the start, xoshiro256**); "
                                         "with --against: compare each at --depth, else print their FENs");
    app.add_option("--seed", o.seed, "Seed of --random (default 1)");
    app.add_flag("--json", o.json, "One NDJSON object per result: fen, variant, depth, nodes, seconds, nps");
    app.add_option("--split", o.split, "Print every distinct position after D plies from --fen (or the start) once, "
                                       "as 'FEN<TAB>paths'; a FEN stream line ending in <TAB>weight counts weight x perft")
        ->check(CLI::Range(0, 8));
    horde::tools::add_progress_options(app, o.progress, "root moves done, time left");
    app.set_version_flag("--version", horde::tools::version_line("horde-perft"));
    if (auto stop = horde::tools::parse_command_line(app, argc, argv)) return *stop;

    auto variant = horde::tools::parse_variant_option("horde-perft", o.variant_name);
    if (!variant) return kExitUsage;
    if (!horde::tools::apply_start_option("horde-perft", o.start, variant_option->count() > 0, *variant, o.fen))
        return kExitUsage;
    if (o.split >= 0) {
        if (o.depth >= 0 || o.epd || o.fen_stream || o.divide || o.json) {
            fmt::print(stderr, "horde-perft: --split takes --fen and --moves only (no --depth, --epd, input file, "
                               "--divide or --json)\n");
            return kExitUsage;
        }
        return run_split(o, *variant);
    }
    if (o.depth < -1 || (o.depth == -1 && !o.epd && !(o.random && !o.against))) {
        if (o.depth == -1) fmt::print(stderr, "horde-perft: --depth is required\n");
        else fmt::print(stderr, "horde-perft: depth must be 0 or more, got {}\n", o.depth);
        return kExitUsage;
    }
    if (o.depth > 63) {
        fmt::print(stderr, "horde-perft: depth {} is too large (at most 63)\n", o.depth);
        return kExitUsage;
    }
    if (o.threads < 0) {
        fmt::print(stderr, "horde-perft: --threads must be positive\n");
        return kExitUsage;
    }
    if (o.epd && (o.fen || o.fen_stream)) {
        fmt::print(stderr, "horde-perft: --epd cannot be combined with --fen or an input file\n");
        return kExitUsage;
    }
    if (!o.moves.empty() && (o.epd || o.fen_stream)) {
        fmt::print(stderr, "horde-perft: --moves applies to a single position (--fen), not to --epd or a FEN stream\n");
        return kExitUsage;
    }
    if (o.fen && o.fen_stream) {
        fmt::print(stderr, "horde-perft: give either --fen or an input file of FENs, not both\n");
        return kExitUsage;
    }

    if (o.against || o.random) {
        if (o.against && o.depth < 1) {
            fmt::print(stderr, "horde-perft: --against needs --depth 1 or more\n");
            return kExitUsage;
        }
        if (o.epd || o.divide || o.json || o.breakdown || o.split >= 0 || (o.random && o.fen_stream)) {
            fmt::print(stderr, "horde-perft: --against and --random take --fen, --moves, --depth, --threads, --seed and "
                               "an input file of FENs (not with --random); not --epd, --divide, --json, --breakdown or --split\n");
            return kExitUsage;
        }
    } else if (!o.engine_options.empty() || !o.protocol.empty()) {
        fmt::print(stderr, "horde-perft: --protocol and --engine-option go with --against\n");
        return kExitUsage;
    }
    if (o.breakdown && (o.hash_mb > 0 || o.fen_stream)) {
        fmt::print(stderr, "horde-perft: --breakdown takes --fen, --moves, --divide, --threads or --epd "
                           "(the hash table stores node counts only; FEN streams count nodes only)\n");
        return kExitUsage;
    }

    Runner runner;
    runner.variant = *variant;
    runner.json = o.json;
    runner.log = horde::tools::make_stderr_logger("horde-perft", o.verbose);
    runner.perft_options.threads = int(horde::tools::thread_count(unsigned(o.threads)));
    std::unique_ptr<horde::PerftHash> hash;
    if (o.hash_mb > 0) {
        try {
            hash = std::make_unique<horde::PerftHash>(o.hash_mb);
        } catch (const std::bad_alloc&) {
            fmt::print(stderr, "horde-perft: cannot allocate a {} MB hash table\n", o.hash_mb);
            return kExitUsage;
        }
        runner.perft_options.hash = hash.get();
    }
    // Deep single counts: root moves done, on a terminal.
    horde::ProgressMeter progress(stderr, "horde-perft", horde::tools::progress_wanted(o.progress));
    if (!o.epd && !o.fen_stream && progress.enabled())
        runner.perft_options.on_root_move = [&](std::size_t done, std::size_t total) {
            progress.steps(done, total, "root moves");
        };
    runner.progress = &progress;
    horde::tools::restore_sigpipe();
    const int status = (o.against || o.random) ? run_against_mode(o, runner)
                       : o.epd                  ? run_epd(o, runner)
                       : o.fen_stream           ? run_stream(o, runner)
                                                : run_single(o, runner);
    horde::tools::finish_stdout("horde-perft");
    return status;
}
