#include "run.hpp"

#include "cli.hpp"
#include "html_output.hpp"
#include "output.hpp"
#include "pgn_input.hpp"
#include "replay.hpp"

#include "horde/io/line_input.hpp"
#include "horde/notation/move_list.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
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

// Stdin's move lists, one per line (the format of --to uci|san), as Replays. No line at all:
// with --to no game (nothing in, nothing out), otherwise the start position alone. An illegal
// line: its diagnostic, status 1, and for --to its empty line.
std::vector<Replay> read_move_lines(const Mode& o, int& status) {
    std::vector<std::string> lines;
    if (const auto error = io::read_lines(*o.stdin_input, lines)) {
        fmt::print(stderr, "horde-replay: <stdin>: {}\n", *error);
        status = kExitUsage;
    }
    if (lines.empty() && !o.to) lines.push_back({});
    const bool several = lines.size() > 1;
    std::vector<Replay> replays;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const int number = int(i) + 1;
        const std::string where = several ? fmt::format("line {}: ", number) : std::string();
        auto moves = resolve_moves(o.start_board, lines[i], where);
        if (!moves) {
            status = std::max(status, kExitInvalid);
            if (o.to) replays.push_back(Replay{o.start_board, {}, {}, number, true}); // its empty line
            continue;
        }
        replays.push_back(Replay{o.start_board, std::move(*moves), several ? fmt::format("Line {}", number) : std::string(), number});
    }
    return replays;
}

// The move list of the arguments, or of stdin's lines, replayed in the chosen output.
int run_move_lists(const Mode& o, Output& out, HtmlOutput& html) {
    int status = 0;
    std::vector<Replay> replays;
    if (o.input == InputKind::MoveArguments) {
        std::string joined;
        for (const auto& a : o.args) joined += a + ' ';
        auto moves = resolve_moves(o.start_board, joined);
        if (!moves) return kExitInvalid;
        replays.push_back(Replay{o.start_board, std::move(*moves), {}, 1});
    } else {
        replays = read_move_lines(o, status);
        // A rule that needs the input's content: a usage error, known only once stdin is read.
        if (replays.size() > 1 && (o.interactive || (o.svg && !o.svg->ends_with('/') && !std::filesystem::is_directory(*o.svg))))
            fail_usage(fmt::format("the input has {} move lists: give one", replays.size()));
        out.several_games = replays.size() > 1;
    }
    if (o.html) {
        for (const Replay& r : replays) {
            html.games.push_back(report::game_tree_from_moves(r.start, r.moves));
            html.games.back().number = r.number;
            html.games.back().title = r.title;
        }
        html.source = "stdin";
        return std::max(status, write_html(html));
    }
    for (std::size_t i = 0; i < replays.size(); ++i) {
        if (i && !out.to && !out.svg) fmt::print("\n");
        const int s = emit(replays[i], out);
        status = std::max(status, s);
        if (s == kExitUsage) break;
    }
    return status;
}

bool use_color(const std::string& mode) {
    if (mode == "always") return true;
    if (mode == "never") return false;
    const char* no_color = std::getenv("NO_COLOR");
    return ::isatty(STDOUT_FILENO) && !(no_color && *no_color);
}

Output output_of(const Mode& o) {
    Output out;
    out.render.unicode = o.unicode;
    out.render.flip = o.flip;
    out.render.color = use_color(o.color);
    out.to = o.to;
    out.svg = o.svg;
    out.ply = o.ply;
    out.interactive = o.interactive;
    out.theme = *report::parse_board_theme(o.theme);
    return out;
}

} // namespace

int run(const Mode& o) {
    restore_sigpipe();
    Output out = output_of(o);
    HtmlOutput html;
    html.target = o.html.value_or("");
    html.page.flip = o.flip;
    html.page.theme = out.theme;
    const int status = o.input == InputKind::Pgn ? run_pgn(o, out, html) : run_move_lists(o, out, html);
    finish_stdout();
    return status;
}

} // namespace horde::replay
