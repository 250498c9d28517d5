#include "args.hpp"

#include "cli.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace horde::tools::perft_tool {

Mode parse_args(int argc, char** argv) {
    Mode o;
    CLI::App app{"horde-perft: count the leaves of the legal-move tree (perft) for chess, Horde and Orda.\n"
                 "The count is the last line of stdout; time and speed go to stderr.",
                 "horde-perft"};
    auto* variant_given = add_variant_option(app, o.variant_name, "Game: chess, chess960, horde or orda")->default_str("horde");
    app.add_option("--fen", o.fen, "Start position (default: the variant's start position)");
    add_start_option(app, o.start);
    app.add_option("-d,--depth", o.depth, "Depth in plies (0 gives 1)");
    app.add_option("--moves", o.moves, "Moves (UCI or SAN, space separated) to play from --fen before counting");
    app.add_flag("--divide", o.divide, "Print '<uci> <count>' per root move, a blank line, then the total");
    app.add_option("--epd", o.epd, "Run a perft suite ('FEN ;D1 n ;D2 n ...' per line; '-' for stdin)");
    app.add_option("--max-nodes", o.max_nodes, "With --epd: skip entries whose expected count exceeds N");
    app.add_option("input", o.fen_stream, "File of FEN lines ('-' for stdin): one count per line");
    app.add_option("-t,--threads", o.threads, "Threads (default: all cores)");
    app.add_option("--hash", o.hash_mb, "Transposition table size in MB (0: none)");
    app.add_flag("-v,--verbose", o.verbose, "Log each suite or stream position's count and time to stderr");
    app.add_flag("--breakdown", o.breakdown,
                 "Count the leaves by class too (captures, ep, castles, promotions, checks, "
                 "discovered/double checks, checkmates; Horde: extinctions; Orda: campmates)");
    app.add_option("--against", o.against,
                   "Compare with another engine (UCI, or a perftree-style script 'CMD DEPTH FEN MOVES') "
                   "and bisect to the first position where the move lists differ");
    app.add_option("--protocol", o.protocol, "With --against: uci or perftree (default: detected)")
        ->check(CLI::IsMember({"uci", "perftree"}));
    app.add_option("--engine-option", o.engine_options,
                   "With --against (UCI): NAME=VALUE sent as setoption before the variant; repeatable");
    app.add_option("--timeout", o.timeout_seconds, "With --against: seconds to wait for each answer of the engine (default 120)")
        ->check(kAboveZero);
    app.add_option("--random", o.random,
                   "N random positions (playouts of 0 to 80 plies from --fen or the start, xoshiro256**); "
                   "with --against: compare each at --depth, else print their FENs");
    app.add_option("--seed", o.seed, "Seed of --random (default 1)");
    app.add_flag("--json", o.json, "One NDJSON object per result: fen, variant, depth, nodes, seconds, nps");
    app.add_option("--split", o.split,
                   "Print every distinct position after D plies from --fen (or the start) once, "
                   "as 'FEN<TAB>paths'; a FEN stream line ending in <TAB>weight counts weight x perft")
        ->check(CLI::Range(0, 8));
    add_progress_options(app, o.progress, "root moves done, time left");
    app.set_version_flag("--version", version_line("horde-perft"));
    parse_command_line(app, argc, argv);

    o.variant = variant_option(o.variant_name);
    apply_start_option(o.start, variant_given->count() > 0, o.variant, o.fen);
    if (o.split >= 0) {
        if (o.depth >= 0 || o.epd || o.fen_stream || o.divide || o.json)
            fail_usage("--split takes --fen and --moves only (no --depth, --epd, input file, --divide or --json)");
        return o;
    }
    if (o.depth == -1 && !o.epd && !(o.random && !o.against)) fail_usage("--depth is required");
    if (o.depth < -1) fail_usage(fmt::format("depth must be 0 or more, got {}", o.depth));
    if (o.depth > 63) fail_usage(fmt::format("depth {} is too large (at most 63)", o.depth));
    if (o.threads < 0) fail_usage("--threads must be positive");
    if (o.epd && (o.fen || o.fen_stream)) fail_usage("--epd cannot be combined with --fen or an input file");
    if (!o.moves.empty() && (o.epd || o.fen_stream))
        fail_usage("--moves applies to a single position (--fen), not to --epd or a FEN stream");
    if (o.fen && o.fen_stream) fail_usage("give either --fen or an input file of FENs, not both");
    if (o.against || o.random) {
        if (o.against && o.depth < 1) fail_usage("--against needs --depth 1 or more");
        if (o.epd || o.divide || o.json || o.breakdown || o.split >= 0 || (o.random && o.fen_stream))
            fail_usage("--against and --random take --fen, --moves, --depth, --threads, --seed and "
                       "an input file of FENs (not with --random); not --epd, --divide, --json, --breakdown or --split");
    } else if (!o.engine_options.empty() || !o.protocol.empty()) {
        fail_usage("--protocol and --engine-option go with --against");
    }
    if (o.breakdown && (o.hash_mb > 0 || o.fen_stream))
        fail_usage("--breakdown takes --fen, --moves, --divide, --threads or --epd "
                   "(the hash table stores node counts only; FEN streams count nodes only)");
    return o;
}

} // namespace horde::tools::perft_tool
