#include "run.hpp"

#include "cli.hpp"
#include "html_output.hpp"
#include "input.hpp"
#include "output.hpp"
#include "pgn_out.hpp"
#include "replay.hpp"

#include "horde/game/checker.hpp"
#include "horde/io/line_input.hpp"
#include "horde/notation/move_list.hpp"
#include "horde/pgn/reader.hpp"
#include "horde/report/diagnostics.hpp"
#include "horde/report/pgn_writer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <unistd.h>
#include <vector>

namespace horde::replay {

using namespace horde::tools; // the tools' shared helpers (tools/common)

namespace {

// Plays one move list from `start`. On an illegal or unparsable token: a diagnostic, nullopt.
// `where` ("line 3: " for a stdin line of several) prefixes the diagnostics.
std::optional<std::vector<Move>> resolve_moves(const position::Board& start, std::string_view text, std::string_view where = {}) {
    auto played = notation::play_move_list(start, text);
    if (auto* err = std::get_if<notation::MoveListError>(&played)) {
        fmt::print(stderr, "horde-replay: {}ply {} \"{}\": {} [{}]\n", where, err->ply, err->token, err->message, diagnostic_name(err->code));
        return std::nullopt;
    }
    return std::move(std::get<notation::PlayedMoveList>(played).moves);
}

// Opens an input (any format io::Input reads); exit 2 when it cannot be read.
std::unique_ptr<io::Input> open_or_stop(const std::string& path) {
    auto input = open_input("horde-replay", path);
    if (!input) throw Exit{kExitUsage, {}}; // open_input has said why
    return input;
}

// After reading an input: its read or decompression error, if any, makes the status 2.
void report_input_error(const io::Input& input, int& status) {
    if (tools::report_input_error("horde-replay", input)) status = kExitUsage;
}

// ------------------------------------------------------------------------------ PGN

// horde-check's diagnostics for an invalid game, on stderr; `number` counts over all inputs.
void print_game_errors(const std::string& display, int number, const game::GameRecord& r) {
    game::GameRecord numbered = r;
    numbered.game = number;
    report::print_record_diagnostics(stderr, display, numbered, false);
}

// What becomes of a game of the PGN input: another game than the one --game picks or --where
// selects; a selected one that cannot be replayed; or one to replay.
enum class Pick { Other, Invalid, Take };

// Counts a game of the PGN input and picks it. An invalid one gets horde-check's diagnostics on
// stderr (numbered over all inputs) and makes `status` 1.
// `writable`: what makes a selected game one to replay (valid, or --to pgn has text for it).
Pick pick_game(const game::GameRecord& r, bool writable, const std::string& display, const Mode& o, int& status,
               int& games_seen) {
    const int number = ++games_seen;
    if ((o.game && *o.game != number) || !r.selected) return Pick::Other;
    if (writable && r.start) return Pick::Take;
    print_game_errors(display, number, r);
    status = std::max(status, kExitInvalid);
    return Pick::Invalid;
}

// --to pgn on PGN input: every valid game (or only game `pick`) re-exported as normalised PGN on
// stdout; invalid games: diagnostics on stderr, nothing written, and `status` becomes 1.
void export_pgn_games(pgn::PgnReader& reader, const std::string& display, const Mode& o,
                      std::optional<Variant> forced, PgnDestination& destination, int& status, int& games_seen,
                      int& exported) {
    game::CheckOptions co = o.check;
    co.forced_variant = forced;
    report::export_pgn(reader, co, [&](const game::GameRecord& r, std::string_view text) {
        // (--fix-result writes games whose only error it fixed)
        if (pick_game(r, !text.empty(), display, o, status, games_seen) != Pick::Take) return;
        destination.write(text);
        ++exported;
    }, o.pgn);
}

// Reads PGN games (every game, or only game `pick`) as Replays. Invalid games: horde-check's
// diagnostics on stderr, no replay, and `status` becomes 1.
void read_pgn(pgn::PgnReader& reader, const std::string& display, const Mode& o,
              std::optional<Variant> forced, std::vector<Replay>& replays, int& status, int& games_seen) {
    game::CheckOptions co = o.check;
    co.forced_variant = forced;
    game::check_pgn(reader, co, false, [&](const game::GameRecord& r, std::string_view) {
        const Pick pick = pick_game(r, r.valid(), display, o, status, games_seen);
        const int number = games_seen;
        if (pick == Pick::Invalid && o.to) replays.push_back(Replay{position::Board(), {}, {}, number, true}); // its empty line
        if (pick != Pick::Take) return;
        Replay replay{*r.start, r.moves, {}, number};
        replay.title = fmt::format("Game {}: {} ({})", number, game::game_players(r), variant_name(r.start->variant()));
        replays.push_back(std::move(replay));
    });
}

game::CheckOptions with_variant(game::CheckOptions options, std::optional<Variant> forced) {
    options.forced_variant = forced;
    return options;
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

int run(const Mode& o) {
    restore_sigpipe();
    Output out;
    out.render.unicode = o.unicode;
    out.render.flip = o.flip;
    out.render.color = use_color(o.color);
    out.to = o.to;
    out.svg = o.svg;
    out.ply = o.ply;
    out.interactive = o.interactive;
    out.theme = *report::parse_board_theme(o.theme);
    HtmlOutput html;
    html.target = o.html.value_or("");
    html.page.flip = o.flip;
    html.page.theme = out.theme;

    // Decide the input kind.
    std::vector<Replay> replays;
    int status = 0;
    bool pgn = !o.fen && !o.moves_mode && !o.args.empty() && looks_like_file(o.args.front());
    std::unique_ptr<io::Input> stdin_input;
    if (!o.fen && !o.moves_mode && o.args.empty()) {
        if (o.interactive) fail_usage("--interactive reads keys from stdin: give the moves or a PGN file as arguments");
        stdin_input = open_or_stop("-");
        const std::string_view head = stdin_input->peek(64 * 1024);
        const auto first = head.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
        pgn = first != std::string::npos && head[first] == '[';
    }
    if (o.game && !pgn) fail_usage("--game applies to PGN input only");
    if (o.where && !pgn) fail_usage("--where applies to PGN input only");
    if (o.rewriting && !pgn)
        fail_usage("--strip, --tags, --width, --add-plycount, --fix-result, --games-per-file and --out apply to PGN input");

    if (pgn) {
        const std::optional<Variant> forced = o.variant_given ? std::optional(o.variant) : std::nullopt;
        int games_seen = 0, exported = 0;
        const bool to_pgn = o.to && *o.to == "pgn";
        PgnDestination destination(o.out, o.games_per_file);
        auto read = [&](pgn::PgnReader& reader, const std::string& display) {
            if (to_pgn) export_pgn_games(reader, display, o, forced, destination, status, games_seen, exported);
            else if (o.html)
                collect_pgn_games(reader, with_variant(o.check, forced), o.game, html, games_seen, status,
                                  [&](const game::GameRecord& r, int n) { print_game_errors(display, n, r); });
            else read_pgn(reader, display, o, forced, replays, status, games_seen);
        };
        if (o.args.empty()) {
            pgn::PgnReader reader(*stdin_input);
            read(reader, stdin_input->display_name());
            report_input_error(*stdin_input, status);
        }
        for (const std::string& name : o.args) {
            if (name == "-" && o.interactive) fail_usage("--interactive reads keys from stdin: give a PGN file");
            const auto input = open_or_stop(name);
            pgn::PgnReader reader(*input);
            read(reader, input->display_name());
            report_input_error(*input, status);
        }
        destination.close();
        html.source = o.args.size() == 1 ? o.args.front() : o.args.empty() ? "stdin" : fmt::format("{} files", o.args.size());
        if (o.game && replays.empty() && html.games.empty() && exported == 0 && status == 0)
            fail_usage(fmt::format("--game {}: the input has {} game{}", *o.game, games_seen, games_seen == 1 ? "" : "s"));
        out.several_games = !o.game && games_seen > 1;
        if (replays.size() > 1 && (o.interactive || (o.svg && !o.svg->ends_with('/') &&
                                                     !std::filesystem::is_directory(*o.svg))))
            fail_usage(fmt::format("the input has {} games: pick one with --game N", replays.size()));
    } else {
        const std::string fen = o.fen ? *o.fen : std::string(position::start_fen(o.variant));
        auto parsed = position::read_fen(o.variant, fen);
        if (auto* err = std::get_if<position::FenError>(&parsed))
            fail_usage(fmt::format("invalid FEN for {}: {}", variant_name(o.variant), err->message));
        const position::FenBoard& read = std::get<position::FenBoard>(parsed);
        if (!read.warning.empty())
            fmt::print(stderr, "horde-replay: warning: --fen: {} [fen-fullmove-zero]\n", read.warning);
        const position::Board& start = read.board;
        if (!o.args.empty()) {
            std::string joined;
            for (const auto& a : o.args) joined += a + ' ';
            auto moves = resolve_moves(start, joined);
            if (!moves) return kExitInvalid;
            replays.push_back(Replay{start, std::move(*moves), {}, 1});
        } else {
            if (!stdin_input) {
                if (o.interactive) fail_usage("--interactive reads keys from stdin: give the moves as arguments");
                stdin_input = open_or_stop("-");
            }
            // One move list per line (the format of --to uci|san). No line at all: with --to
            // no game (nothing in, nothing out), otherwise the start position alone.
            std::vector<std::string> lines;
            if (const auto error = io::read_lines(*stdin_input, lines)) {
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
                fail_usage(fmt::format("the input has {} move lists: give one", replays.size()));
            out.several_games = several;
        }
    }

    if (o.html) {
        for (const Replay& r : replays) {
            html.games.push_back(report::game_tree_from_moves(r.start, r.moves));
            html.games.back().number = r.number;
            html.games.back().title = r.title;
        }
        if (html.source.empty()) html.source = "stdin";
        status = std::max(status, write_html(html));
        replays.clear();
    }
    for (std::size_t i = 0; i < replays.size(); ++i) {
        if (i && !out.to && !out.svg) fmt::print("\n");
        const int s = emit(replays[i], out);
        if (s != 0) status = std::max(status, s);
        if (s == kExitUsage) break;
    }
    finish_stdout();
    return status;
}

} // namespace horde::replay
