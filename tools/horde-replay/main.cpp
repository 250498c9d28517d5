// horde-replay: a game of chess, Horde or Orda, move by move — as board diagrams, as one line
// of UCI or SAN for pipes, as SVG files, or interactively on a terminal.
//
// Inputs (see `horde-replay --help`):
//   * a move list (SAN or UCI, auto-detected per token) from a start position (--fen, default
//     the variant's start), from the arguments or, when there are none, from stdin (one move
//     list per line: the format of --to uci|san, so the tool reads its own output);
//   * PGN games from files or stdin, read by the library's PGN reader and GameChecker (the
//     same code as horde-check).
// Every input becomes a `Replay` (a start Board and the legal moves), and `emit` (replay.hpp)
// writes it in the chosen output mode; a new input kind only has to produce Replays. The one
// exception is `--to pgn` on PGN input: games go straight through the library's PGN exporter
// (pgn_writer), which keeps tags, comments, NAGs and variations.
#include "cli.hpp"
#include "input.hpp"
#include "output.hpp"
#include "replay.hpp"
#include "pgn_out.hpp"
#include "where.hpp"

#include "horde/game/checker.hpp"
#include "horde/io/line_input.hpp"
#include "horde/notation/move_list.hpp"
#include "horde/pgn/reader.hpp"
#include "horde/report/diagnostics.hpp"
#include "horde/report/pgn_writer.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

using horde::Board;
using horde::Move;
using horde::Variant;

using horde::replay::Output;
using horde::replay::Replay;
using horde::tools::kExitInvalid;
using horde::tools::kExitUsage;

struct Options {
    std::string variant_name = "horde";
    bool variant_given = false;
    std::optional<int> start; // --start: a Chess960 start position by number
    std::optional<std::string> fen;
    bool moves_mode = false; // --moves: the arguments are moves even without --fen
    std::vector<std::string> args;
    std::optional<int> ply;
    std::optional<int> game;
    bool unicode = false;
    bool flip = false;
    std::string color = "auto";
    std::optional<std::string> to;
    std::optional<std::string> svg;
    bool interactive = false;
    std::optional<std::string> where;
    horde::CheckOptions check; // --where's selector
    // --to pgn's rewriting options
    std::string strip, tags;
    std::optional<int> width;
    bool add_plycount = false, fix_result = false;
    int games_per_file = 0;
    std::optional<std::string> out;
    horde::PgnExportOptions pgn;
};

[[noreturn]] void usage_error(const std::string& message) {
    fmt::print(stderr, "horde-replay: {}\n", message);
    std::exit(kExitUsage);
}

// Plays one move list from `start`. On an illegal or unparsable token: a diagnostic, nullopt.
// `where` ("line 3: " for a stdin line of several) prefixes the diagnostics.
std::optional<std::vector<Move>> resolve_moves(const Board& start, std::string_view text, std::string_view where = {}) {
    auto played = horde::play_move_list(start, text);
    if (auto* err = std::get_if<horde::MoveListError>(&played)) {
        fmt::print(stderr, "horde-replay: {}ply {} \"{}\": {} [{}]\n", where, err->ply, err->token, err->message, err->code);
        return std::nullopt;
    }
    return std::move(std::get<horde::PlayedMoveList>(played).moves);
}

// Opens stdin (any format io::Input reads), or exits 2.
std::unique_ptr<horde::io::Input> open_stdin() {
    auto input = horde::tools::open_input("horde-replay", "-");
    if (!input) std::exit(kExitUsage);
    return input;
}

// After reading an input: its read or decompression error, if any, makes the status 2.
void report_input_error(const horde::io::Input& input, int& status) {
    if (horde::tools::report_input_error("horde-replay", input)) status = kExitUsage;
}

// ------------------------------------------------------------------------------ PGN

// horde-check's diagnostics for an invalid game, on stderr; `number` counts over all inputs.
void print_game_errors(const std::string& display, int number, const horde::GameRecord& r) {
    horde::GameRecord numbered = r;
    numbered.game = number;
    horde::print_record_diagnostics(stderr, display, numbered, false);
}

// --to pgn on PGN input: every valid game (or only game `pick`) re-exported as normalised PGN on
// stdout; invalid games: diagnostics on stderr, nothing written, and `status` becomes 1.
void export_pgn_games(horde::PgnReader& reader, const std::string& display, const Options& o,
                      std::optional<Variant> forced, horde::replay::PgnDestination& destination, int& status,
                      int& games_seen, int& exported) {
    horde::CheckOptions co = o.check;
    co.forced_variant = forced;
    horde::export_pgn(reader, co, [&](const horde::GameRecord& r, std::string_view text) {
        const int number = ++games_seen;
        if ((o.game && *o.game != number) || !r.selected) return;
        if (text.empty() || !r.start) { // (--fix-result writes games whose only error it fixed)
            print_game_errors(display, number, r);
            status = std::max(status, kExitInvalid);
            return;
        }
        destination.write(text);
        ++exported;
    }, o.pgn);
}

// Reads PGN games (every game, or only game `pick`) as Replays. Invalid games: horde-check's
// diagnostics on stderr, no replay, and `status` becomes 1.
void read_pgn(horde::PgnReader& reader, const std::string& display, const Options& o,
              std::optional<Variant> forced, std::vector<Replay>& replays, int& status, int& games_seen) {
    horde::CheckOptions co = o.check;
    co.forced_variant = forced;
    horde::check_pgn(reader, co, false, [&](const horde::GameRecord& r, std::string_view) {
        const int number = ++games_seen;
        if ((o.game && *o.game != number) || !r.selected) return;
        if (!r.valid() || !r.start) {
            print_game_errors(display, number, r);
            status = std::max(status, kExitInvalid);
            if (o.to) replays.push_back(Replay{Board(), {}, {}, number, true}); // its empty line
            return;
        }
        Replay replay{*r.start, r.moves, {}, number};
        replay.title = fmt::format("Game {}: {} ({})", number, horde::game_players(r), horde::variant_name(r.start->variant()));
        replays.push_back(std::move(replay));
    });
}

bool looks_like_file(const std::string& arg) {
    std::error_code ec;
    // any existing path (a directory too: it gets "is a directory", not a SAN error)
    return arg == "-" || arg.ends_with(".pgn") || std::filesystem::exists(arg, ec);
}

bool use_color(const std::string& mode) {
    if (mode == "always") return true;
    if (mode == "never") return false;
    const char* no_color = std::getenv("NO_COLOR");
    return ::isatty(STDOUT_FILENO) && !(no_color && *no_color);
}

} // namespace

int main(int argc, char** argv) {
    Options o;
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
    app.add_option("args", o.args, "Moves (SAN or UCI), or PGN files ('-': stdin)");
    auto* variant =
        horde::tools::add_variant_option(app, o.variant_name, "Game: chess, chess960, horde or orda (PGN: overrides the Variant tag)")
            ->default_str("horde");
    app.add_option("--fen", o.fen, "Start position of the move list (default: the variant's start)");
    horde::tools::add_start_option(app, o.start);
    app.add_flag("--moves", o.moves_mode, "The arguments (or stdin) are a move list, not PGN files");
    app.add_option("--game", o.game, "PGN input: replay only game N (1-based)")->check(CLI::PositiveNumber);
    app.add_option("--ply", o.ply, "Show only the position after ply N (0: the start)")->check(CLI::NonNegativeNumber);
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
    app.add_flag("--interactive", o.interactive,
                 "Step through the game on a terminal: Right/l/space forward, Left/h back, g/Home first, G/End last, q quit");
    horde::tools::add_where_option(app, o.where);
    app.add_option("--strip", o.strip, "--to pgn: leave out comments, nags, variations, clocks ([%clk] and [%emt] "
                                       "in comments), evals ([%eval] in comments); comma-separated");
    app.add_option("--tags", o.tags, "--to pgn: the tags written: all (default), roster (the seven-tag roster) or "
                                     "a comma-separated LIST; Variant, SetUp and FEN stay when the game needs them");
    app.add_option("--width", o.width, "--to pgn: movetext line width in bytes (default 80; 0: one line per game)")
        ->check(CLI::NonNegativeNumber);
    app.add_flag("--add-plycount", o.add_plycount, "--to pgn: a PlyCount tag with the main line's plies");
    app.add_flag("--fix-result", o.fix_result, "--to pgn: the Result tag and token become the adjudicated result "
                                                "of a game that has ended (its only error may be wrong-result)");
    app.add_option("--games-per-file", o.games_per_file, "--to pgn with --out: a new file every N games")
        ->check(CLI::PositiveNumber);
    app.add_option("--out", o.out, "--to pgn: write to files named PATTERN (%d: the file's number, from 1) "
                                   "instead of stdout");
    app.set_version_flag("--version", horde::tools::version_line("horde-replay"));
    if (auto stop = horde::tools::parse_command_line(app, argc, argv)) return *stop;
    horde::tools::restore_sigpipe();
    o.variant_given = variant->count() > 0;
    if (!horde::tools::apply_where_option("horde-replay", o.where, o.check)) return kExitUsage;
    const bool rewriting = !o.strip.empty() || !o.tags.empty() || o.width || o.add_plycount || o.fix_result ||
                           o.games_per_file || o.out;
    if (rewriting && !(o.to && *o.to == "pgn"))
        usage_error("--strip, --tags, --width, --add-plycount, --fix-result, --games-per-file and --out apply to --to pgn");
    if (std::string unknown; !horde::parse_strip_list(o.strip, o.pgn, &unknown))
        usage_error(fmt::format("--strip: '{}' is not comments, nags, variations, clocks or evals", unknown));
    if (!o.tags.empty()) horde::parse_tag_choice(o.tags, o.pgn);
    if (o.width) o.pgn.max_line = std::size_t(*o.width);
    o.pgn.add_plycount = o.add_plycount;
    o.pgn.fix_result = o.fix_result;
    if (o.games_per_file && (!o.out || o.out->find("%d") == std::string::npos))
        usage_error("--games-per-file needs --out PATTERN with %d in it");

    auto v = horde::tools::parse_variant_option("horde-replay", o.variant_name);
    if (!v) return kExitUsage;
    if (!horde::tools::apply_start_option("horde-replay", o.start, o.variant_given, *v, o.fen)) return kExitUsage;
    if (int(bool(o.to)) + int(bool(o.svg)) + int(o.interactive) > 1)
        usage_error("--to, --svg and --interactive are different outputs: give at most one");
    if (o.interactive && (!::isatty(STDIN_FILENO) || !::isatty(STDOUT_FILENO)))
        usage_error("--interactive needs a terminal on stdin and stdout");

    Output out;
    out.render.unicode = o.unicode;
    out.render.flip = o.flip;
    out.render.color = use_color(o.color);
    out.to = o.to;
    out.svg = o.svg;
    out.ply = o.ply;
    out.interactive = o.interactive;

    // Decide the input kind.
    std::vector<Replay> replays;
    int status = 0;
    bool pgn = !o.fen && !o.moves_mode && !o.args.empty() && looks_like_file(o.args.front());
    std::unique_ptr<horde::io::Input> stdin_input;
    if (!o.fen && !o.moves_mode && o.args.empty()) {
        if (o.interactive) usage_error("--interactive reads keys from stdin: give the moves or a PGN file as arguments");
        stdin_input = open_stdin();
        const std::string_view head = stdin_input->peek(64 * 1024);
        const auto first = head.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
        pgn = first != std::string::npos && head[first] == '[';
    }
    if (o.game && !pgn) usage_error("--game applies to PGN input only");
    if (o.where && !pgn) usage_error("--where applies to PGN input only");
    if (rewriting && !pgn)
        usage_error("--strip, --tags, --width, --add-plycount, --fix-result, --games-per-file and --out apply to PGN input");

    if (pgn) {
        const std::optional<Variant> forced = o.variant_given ? v : std::nullopt;
        int games_seen = 0, exported = 0;
        const bool to_pgn = o.to && *o.to == "pgn";
        horde::replay::PgnDestination destination(o.out, o.games_per_file);
        auto read = [&](horde::PgnReader& reader, const std::string& display) {
            if (to_pgn) export_pgn_games(reader, display, o, forced, destination, status, games_seen, exported);
            else read_pgn(reader, display, o, forced, replays, status, games_seen);
        };
        if (o.args.empty()) {
            horde::PgnReader reader(*stdin_input);
            read(reader, stdin_input->display_name());
            report_input_error(*stdin_input, status);
        }
        for (const std::string& name : o.args) {
            if (name == "-" && o.interactive) usage_error("--interactive reads keys from stdin: give a PGN file");
            const auto input = horde::tools::open_input("horde-replay", name);
            if (!input) std::exit(kExitUsage);
            horde::PgnReader reader(*input);
            read(reader, input->display_name());
            report_input_error(*input, status);
        }
        destination.close();
        if (o.game && replays.empty() && exported == 0 && status == 0)
            usage_error(fmt::format("--game {}: the input has {} game{}", *o.game, games_seen, games_seen == 1 ? "" : "s"));
        out.several_games = !o.game && games_seen > 1;
        if (replays.size() > 1 && (o.interactive || (o.svg && !o.svg->ends_with('/') &&
                                                     !std::filesystem::is_directory(*o.svg))))
            usage_error(fmt::format("the input has {} games: pick one with --game N", replays.size()));
    } else {
        std::string start_fen(o.fen ? *o.fen : std::string(horde::start_fen(*v)));
        auto parsed = Board::from_fen(*v, start_fen);
        if (auto* err = std::get_if<horde::FenError>(&parsed))
            usage_error(fmt::format("invalid FEN for {}: {}", horde::variant_name(*v), err->message));
        if (const std::string note = horde::fen_warning(start_fen); !note.empty())
            fmt::print(stderr, "horde-replay: warning: --fen: {} [fen-fullmove-zero]\n", note);
        const Board& start = std::get<Board>(parsed);
        if (!o.args.empty()) {
            std::string joined;
            for (const auto& a : o.args) joined += a + ' ';
            auto moves = resolve_moves(start, joined);
            if (!moves) return kExitInvalid;
            replays.push_back(Replay{start, std::move(*moves), {}, 1});
        } else {
            if (!stdin_input) {
                if (o.interactive) usage_error("--interactive reads keys from stdin: give the moves as arguments");
                stdin_input = open_stdin();
            }
            // One move list per line (the format of --to uci|san). No line at all: with --to
            // no game (nothing in, nothing out), otherwise the start position alone.
            std::vector<std::string> lines;
            if (const auto error = horde::read_lines(*stdin_input, lines)) {
                fmt::print(stderr, "horde-replay: <stdin>: {}\n", *error);
                status = kExitUsage;
            }
            if (lines.empty() && !o.to) lines.push_back({});
            const bool several = lines.size() > 1;
            for (std::size_t i = 0; i < lines.size(); ++i) {
                const int number = int(i) + 1;
                const std::string where = several ? fmt::format("line {}: ", number) : std::string();
                auto moves = resolve_moves(start, lines[i], where);
                if (!moves) {
                    status = std::max(status, kExitInvalid);
                    if (o.to) replays.push_back(Replay{start, {}, {}, number, true}); // its empty line
                    continue;
                }
                replays.push_back(Replay{start, std::move(*moves), several ? fmt::format("Line {}", number) : std::string(), number});
            }
            if (replays.size() > 1 && (o.interactive || (o.svg && !o.svg->ends_with('/') &&
                                                         !std::filesystem::is_directory(*o.svg))))
                usage_error(fmt::format("the input has {} move lists: give one", replays.size()));
            out.several_games = several;
        }
    }

    for (std::size_t i = 0; i < replays.size(); ++i) {
        if (i && !out.to && !out.svg) fmt::print("\n");
        const int s = horde::replay::emit(replays[i], out);
        if (s != 0) status = std::max(status, s);
        if (s == kExitUsage) break;
    }
    horde::tools::finish_stdout("horde-replay");
    return status;
}
