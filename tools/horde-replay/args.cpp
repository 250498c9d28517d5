#include "args.hpp"

#include "cli.hpp"
#include "fen.hpp"
#include "input.hpp"
#include "progress.hpp"
#include "where.hpp"

#include "horde/position/board.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include <unistd.h>

namespace horde::replay {

using namespace horde::tools; // the tools' shared helpers (tools/common)

namespace {

bool looks_like_file(const std::string& arg) {
    std::error_code ec;
    // any existing path (a directory too: it gets "is a directory", not a SAN error)
    return arg == "-" || arg.ends_with(".pgn") || std::filesystem::exists(arg, ec);
}

// Opens stdin; exit 2 when it cannot be read.
std::shared_ptr<io::Input> open_stdin() {
    std::shared_ptr<io::Input> input = open_input("horde-replay", "-");
    if (!input) throw Exit{kExitUsage, {}}; // open_input has said why
    return input;
}

// Stdin is PGN when it starts with a '[' tag (after blanks and a byte order mark).
bool stdin_is_pgn(io::Input& input) {
    const std::string_view head = input.peek(64 * 1024);
    const auto first = head.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    return first != std::string::npos && head[first] == '[';
}

// The input kind, and the rules that depend on it (the usage errors, in the order they are checked).
void decide_input(Mode& o) {
    bool pgn = !o.fen && !o.moves_mode && !o.args.empty() && looks_like_file(o.args.front());
    if (!o.fen && !o.moves_mode && o.args.empty()) {
        if (o.interactive) fail_usage("--interactive reads keys from stdin: give the moves or a PGN file as arguments");
        o.stdin_input = open_stdin();
        pgn = stdin_is_pgn(*o.stdin_input);
    }
    if (o.game && !pgn) fail_usage("--game applies to PGN input only");
    if (o.where && !pgn) fail_usage("--where applies to PGN input only");
    if (o.rewriting && !pgn)
        fail_usage("--strip, --tags, --width, --add-plycount, --fix-result, --games-per-file and --out apply to PGN input");
    if (pgn) {
        o.input = InputKind::Pgn;
        if (o.interactive && std::find(o.args.begin(), o.args.end(), "-") != o.args.end())
            fail_usage("--interactive reads keys from stdin: give a PGN file");
        o.pgn_source = o.args.size() == 1 ? o.args.front() : o.args.empty() ? "stdin" : fmt::format("{} files", o.args.size());
        return;
    }
    const std::string fen = o.fen ? *o.fen : std::string(position::start_fen(o.variant));
    o.start_board =
        read_fen_option(o.variant, fen, "horde-replay", "--fen", fmt::format("invalid FEN for {}", variant_name(o.variant)));
    o.input = o.args.empty() ? InputKind::MoveLines : InputKind::MoveArguments;
    if (o.input == InputKind::MoveLines && !o.stdin_input) {
        if (o.interactive) fail_usage("--interactive reads keys from stdin: give the moves as arguments");
        o.stdin_input = open_stdin();
    }
}

// The options, into `o` (and `threads`); returns --variant's option (whether it was given).
CLI::Option* add_options(CLI::App& app, Mode& o, unsigned& threads) {
    app.add_option("args", o.args, "Moves (SAN or UCI), or PGN files ('-': stdin)");
    CLI::Option* variant =
        add_variant_option(app, o.variant_name, "Game: chess, chess960, horde or orda (PGN: overrides the Variant tag)")
            ->default_str("horde");
    app.add_option("--fen", o.fen, "Start position of the move list (default: the variant's start)");
    add_start_option(app, o.start);
    app.add_flag("--moves", o.moves_mode, "The arguments (or stdin) are a move list, not PGN files");
    app.add_option("--game", o.game, "PGN input: replay only game N (1-based)")->check(kCountFromOne);
    app.add_option("--ply", o.ply, "Show only the position after ply N (0: the start)")->check(kCountFromZero);
    app.add_flag("--unicode", o.unicode, "Chess figurines and circled letters for the Orda pieces");
    app.add_flag("--flip", o.flip, "Black at the bottom");
    app.add_option("--color", o.color, "Colour: always, never or auto (stdout is a terminal and NO_COLOR is unset or empty)")
        ->check(CLI::IsMember({"always", "never", "auto"}))
        ->default_str("auto");
    app.add_option("--to", o.to,
                   "Write the games for pipes instead: uci or san (one line per game, the main line's moves), "
                   "or pgn (normalised PGN, comments and variations kept)")
        ->check(CLI::IsMember({"uci", "san", "pgn"}));
    app.add_option("--svg", o.svg, "Write SVG instead: FILE (the final or --ply position) or DIR/ (one file per ply)");
    app.add_option("--html", o.html,
                   "Write a replay page instead: FILE (every game in one page, with a game list: it holds every "
                   "game in memory) or DIR/ (one page per game, written as the games are read)");
    app.add_option("--theme", o.theme, "Board colours of --svg and --html: brown or blue")
        ->check(CLI::IsMember({"brown", "blue"}))
        ->default_str("brown");
    app.add_flag("--interactive", o.interactive,
                 "Step through the game on a terminal: Right/l/space forward, Left/h back, g/Home first, G/End last, q quit");
    add_where_option(app, o.where);
    app.add_option("--threads", threads,
                   "Read and check PGN on N threads (default: every core; 1: one thread); "
                   "the output is the same whatever N")
        ->check(kCountFromOne);
    app.add_option("--strip", o.strip,
                   "--to pgn: leave out comments, nags, variations, clocks ([%clk] and [%emt] "
                   "in comments), evals ([%eval] in comments); comma-separated");
    app.add_option("--tags", o.tags,
                   "--to pgn: the tags written: all (default), roster (the seven-tag roster) or "
                   "a comma-separated LIST; Variant, SetUp and FEN stay when the game needs them");
    app.add_option("--width", o.width, "--to pgn: movetext line width in bytes (default 80; 0: one line per game)")
        ->check(kCountFromZero);
    app.add_flag("--add-plycount", o.add_plycount, "--to pgn: a PlyCount tag with the main line's plies");
    app.add_flag("--fix-result", o.fix_result,
                 "--to pgn: the Result tag and token become the adjudicated result "
                 "of a game that has ended (its only error may be wrong-result)");
    app.add_option("--games-per-file", o.games_per_file, "--to pgn with --out: a new file every N games")->check(kCountFromOne);
    app.add_option("--out", o.out,
                   "--to pgn: write to files named PATTERN (%d: the file's number, from 1) "
                   "instead of stdout");
    return variant;
}

// The rules on the rewriting options of --to pgn, and their PgnExportOptions.
void apply_rewriting_options(Mode& o) {
    const bool rewriting = o.rewriting =
        !o.strip.empty() || !o.tags.empty() || o.width || o.add_plycount || o.fix_result || o.games_per_file || o.out;
    if (rewriting && !(o.to && *o.to == "pgn"))
        fail_usage("--strip, --tags, --width, --add-plycount, --fix-result, --games-per-file and --out apply to --to pgn");
    if (std::string unknown; !report::parse_strip_list(o.strip, o.pgn, &unknown))
        fail_usage(fmt::format("--strip: '{}' is not comments, nags, variations, clocks or evals", unknown));
    if (!o.tags.empty()) report::parse_tag_choice(o.tags, o.pgn);
    if (o.width) o.pgn.max_line = std::size_t(*o.width);
    o.pgn.add_plycount = o.add_plycount;
    o.pgn.fix_result = o.fix_result;
    if (o.games_per_file && (!o.out || o.out->find("%d") == std::string::npos))
        fail_usage("--games-per-file needs --out PATTERN with %d in it");
}

} // namespace

Mode parse_args(int argc, char** argv) {
    Mode o;
    CLI::App app{"horde-replay: replay a game of chess, Horde or Orda move by move.\n"
                 "Input: a move list in SAN or UCI (auto-detected per move; move numbers and results are\n"
                 "ignored) from --fen or the variant's start position, given as arguments or on stdin\n"
                 "(one move list per line: each line of stdin is a game, as --to uci|san writes them);\n"
                 "or PGN games from files or stdin (stdin is PGN when it starts with a '[' tag).\n"
                 "The arguments are moves when --fen or --moves is given or when the first one is not\n"
                 "a file; otherwise they are PGN files.\n"
                 "Output: a board diagram after every move (stdout), the outcome at the end. Exit 0 on\n"
                 "success, 1 for an illegal move or an invalid game, 2 for usage and I/O errors.",
                 "horde-replay"};
    unsigned threads = 0;
    CLI::Option* variant = add_options(app, o, threads);
    app.set_version_flag("--version", version_line("horde-replay"));
    parse_command_line(app, argc, argv);
    o.variant_given = variant->count() > 0;
    apply_rewriting_options(o);

    o.variant = variant_option(o.variant_name);
    if (o.variant_given) o.check.forced_variant = o.variant;
    if (!apply_where_option("horde-replay", o.where, o.check)) throw Exit{kExitUsage, {}}; // it has said why
    apply_start_option(o.start, o.variant_given, o.variant, o.fen);
    if (int(bool(o.to)) + int(bool(o.svg)) + int(bool(o.html)) + int(o.interactive) > 1)
        fail_usage("--to, --svg, --html and --interactive are different outputs: give at most one");
    if (o.html && o.ply) fail_usage("--ply does not apply to --html: open the page at #ply=N");
    if (o.interactive && (!::isatty(STDIN_FILENO) || !::isatty(STDOUT_FILENO)))
        fail_usage("--interactive needs a terminal on stdin and stdout");
    o.threads = thread_count(threads);
    decide_input(o);
    return o;
}

} // namespace horde::replay
