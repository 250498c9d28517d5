#include "args.hpp"

#include "cli.hpp"
#include "where.hpp"

#include <CLI/CLI.hpp>

namespace horde::tools::tree_tool {

namespace {

// The format a file name asks for, when --format is not given.
std::optional<report::TreeFormat> format_of_name(std::string_view path) {
    const std::size_t dot = path.rfind('.');
    if (dot == std::string_view::npos) return std::nullopt;
    const std::string_view ext = path.substr(dot + 1);
    if (ext == "bin") return report::TreeFormat::Polyglot;
    if (ext == "html" || ext == "htm") return report::TreeFormat::Html;
    if (ext == "json" || ext == "jsonl") return report::TreeFormat::Ndjson;
    return report::parse_tree_format(ext);
}

void add_book_options(CLI::App& app, Mode& o) {
    app.add_option("--min-score", o.book.min_score,
                   "polyglot: keep a move only when its score (wins + half the draws and unfinished games, of the side "
                   "that played it) is at least this per cent (make-book's -min-score)")
        ->check(CLI::Range(0.0, 100.0));
    app.add_flag("--only-white", o.book.only_white, "polyglot: only White's moves (make-book's -only-white)");
    app.add_flag("--only-black", o.book.only_black, "polyglot: only Black's moves (make-book's -only-black)")
        ->excludes("--only-white");
    app.add_flag("--uniform", o.book.uniform, "polyglot: every weight 1 (make-book's -uniform)");
}

void add_check_options(CLI::App& app, Mode& o, std::string& variant) {
    add_where_option(app, o.where);
    add_variant_option(app, variant, "Force the variant (chess, chess960, horde, orda) instead of each game's Variant tag");
    app.add_flag("--strict", o.check.strict, "Every warning (tolerated spellings and dialects) makes a game invalid");
    app.add_flag("--lichess", o.check.lichess, "Apply lichess's extra Horde rules (closed-position draw, time-forfeit material)");
    app.add_flag("--skip-unsupported", o.check.skip_unsupported,
                 "Skip the games of variants horde does not play (counted apart, not invalid)");
    app.add_flag("--partial-invalid", o.invalid_prefixes,
                 "An invalid game contributes its moves before its first error (counted apart); default: invalid "
                 "games are left out");
}

void check_rules(Mode& o, const std::string& format, const std::string& memory, bool min_games_given, bool max_ply_given) {
    if (!format.empty()) {
        const auto f = report::parse_tree_format(format);
        if (!f) fail_usage(fmt::format("--format {}: expected one of {}", format, report::kTreeFormats));
        o.format = *f;
    } else if (const auto f = format_of_name(o.output); f && !o.output.empty() && o.output != "-") {
        o.format = *f;
    }
    if (o.output == "-") o.output.clear();
    const bool book = o.format == report::TreeFormat::Polyglot;
    if (!book && (o.book.only_white || o.book.only_black || o.book.uniform || o.book.min_score > 0))
        fail_usage("--min-score, --only-white, --only-black and --uniform shape a Polyglot book: they need --format polyglot");
    if (book && o.check.forced_variant && !tree::polyglot_supports(*o.check.forced_variant))
        fail_usage("Polyglot books have no codes for Orda's pieces: for Orda use --format ndjson, csv, tsv, epd or html");
    if (book && !min_games_given) o.min_games = 3; // make-book's -min-game default
    if (book && !max_ply_given) o.max_ply = 1024;  // make-book's -max-ply default: the same command, the same book
    o.book.min_games = o.min_games;
    if (o.min_ply > o.max_ply) fail_usage(fmt::format("--min-ply {} is above --max-ply {}", o.min_ply, o.max_ply));
    if (book && o.min_ply > 0) fail_usage("--min-ply selects positions of the tree formats, not Polyglot book entries");
    if (!memory.empty()) {
        const auto bytes = parse_size(memory);
        if (!bytes || *bytes < (1 << 20))
            fail_usage(fmt::format("--memory {}: expected a size of at least 1M, such as 256M or 2G", memory));
        o.memory_bytes = *bytes;
    }
    if (o.position_fen && o.position_moves) fail_usage("give either --position or --moves, not both");
    if (o.query() && (!o.output.empty() || !format.empty()))
        fail_usage("--position and --moves print one position's move table: they take no --format or --output");
    if (o.query() && min_games_given) fail_usage("--min-games applies to the written tree, not to --position/--moves");
    if (o.files.empty()) o.files.push_back("-");
}

} // namespace

Mode parse_args(int argc, char** argv) {
    Mode o;
    std::string format, memory, variant;
    CLI::App app{"horde-tree: opening trees and books from PGN games of chess, Chess960, Horde and Orda.\n"
                 "Only valid games enter the tree; the summary on stderr counts the others. Exit 0 when every game\n"
                 "is valid, 1 when any is invalid (the tree is written all the same), 2 for usage or I/O errors.",
                 "horde-tree"};
    app.add_option("files", o.files, "PGN files, plain or compressed (none or '-': stdin)");
    app.add_option("--format", format,
                   "Output: ndjson (default; a position a line), csv or tsv (a move a row), epd "
                   "(an opening suite), polyglot (a .bin book), html (an explorer page); "
                   "default from -o's extension");
    app.add_option("-o,--output", o.output, "Write the tree to FILE, whole or not at all (default: stdout)");
    auto* max_ply = app.add_option("--max-ply", o.max_ply,
                                   "Positions up to this ply, moves from the plies before it (default 20; "
                                   "polyglot: 1024, make-book's -max-ply default)")
                        ->check(CLI::Range(0, 65535));
    app.add_option("--min-ply", o.min_ply, "Write only positions from this ply on (default 0: the start)")
        ->check(CLI::Range(0, 65535));
    auto* min_games = app.add_option("--min-games", o.min_games,
                                     "Write only positions reached by at least N games (default 2: a position one game "
                                     "reached is that game, not an opening; polyglot: moves played in at least N games, "
                                     "default 3 as make-book's)")
                          ->check(kCountFromOne);
    app.add_option("--examples", o.examples, "Example games per move (Site, or FILE#GAME; default 3)")->check(CLI::Range(0, 100));
    add_book_options(app, o);
    app.add_option("--position", o.position_fen, "Print the move table of this position (a FEN) instead of the tree");
    app.add_option("--moves", o.position_moves,
                   "Print the move table of the position after these moves (SAN or UCI "
                   "from the start) instead of the tree");
    add_check_options(app, o, variant);
    app.add_option("--memory", memory, "Memory for the tree (or book) before it spills runs to disk (default 512M; K, M, G)");
    app.add_option("--temp-dir", o.temp_dir,
                   "Where spilled runs go (default: $TMPDIR or /tmp); they have no name and "
                   "vanish when horde-tree ends, however it ends");
    app.add_option("--title", o.title, "html: the page's title (default: the input's name)");
    app.add_flag("-q,--quiet", o.quiet, "No diagnostics of invalid games, only the summary line");
    app.add_flag("--warnings", o.warnings, "Also print the warnings of the games");
    app.add_option("--threads", o.threads,
                   "Read games, build the tree and write it on N threads (default: every core); "
                   "the output is the same whatever N")
        ->check(kCountFromOne);
    add_progress_options(app, o.progress, "bytes read, games, games/s, time left");
    app.set_version_flag("--version", version_line("horde-tree"));
    parse_command_line(app, argc, argv);
    if (!variant.empty()) o.check.forced_variant = variant_option(variant);
    if (!apply_where_option("horde-tree", o.where, o.check)) throw Exit{kExitUsage, {}}; // it has said why
    check_rules(o, format, memory, min_games->count() > 0, max_ply->count() > 0);
    return o;
}

} // namespace horde::tools::tree_tool
