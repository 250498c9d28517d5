#include "run.hpp"

#include "cli.hpp"
#include "html_output.hpp"
#include "output.hpp"
#include "pgn_input.hpp"
#include "replay.hpp"

#include "horde/io/line_input.hpp"
#include "horde/notation/move_list.hpp"
#include "horde/report/game_tree.hpp"

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
        fmt::print(stderr, "horde-replay: {}ply {} \"{}\": {} [{}]\n", where, err->ply, err->token, err->message,
                   diagnostic_name(err->code));
        return std::nullopt;
    }
    return std::move(std::get<notation::PlayedMoveList>(played).moves);
}

// Writes the replays of move lists as they come: text, --to, --svg (a blank line between text
// boards; an output failing with kExitUsage ends the output), --html DIR/ pages, or --html
// FILE's trees (the one page at the end).
class MoveListOutput {
public:
    MoveListOutput(const Mode& o, const Output& out, HtmlOutput& html)
        : o_(o), out_(out), html_(html), pages_(html), html_folder_(o.html && html.folder()) {}

    void add(const Replay& r) {
        ++games_;
        if (o_.html) return add_page(r);
        if (stopped_) return;
        if (games_ > 1 && !out_.to && !out_.svg) fmt::print("\n");
        if (out_.svg || out_.interactive) return end_with(emit(r, out_));
        // Text: its message (--ply beyond the game) waits for the end, after every line's diagnostics.
        const FormattedGame text = format_text(r, out_);
        fmt::print("{}", text.out);
        deferred_err_ += text.err;
        end_with(text.status);
    }
    int finish(int status) {
        fmt::print(stderr, "{}", deferred_err_);
        if (html_folder_ && games_ == 0) end_with(no_html_game());
        if (o_.html && !html_folder_) {
            html_.source = "stdin";
            end_with(write_html(html_));
        }
        return std::max(status, status_);
    }

private:
    void add_page(const Replay& r) {
        // The move list's tree, made by the walk's tree builder as a PGN game's is.
        const auto builder = report::make_game_tree_builder();
        game::walk_moves(r.start, r.moves, *builder);
        std::optional<report::GameTree> made;
        builder->take(made);
        report::GameTree tree = std::move(*made);
        tree.tags.clear(); // a move list has none: the page says its variant
        tree.number = r.number;
        tree.title = r.title;
        if (!html_folder_) html_.games.push_back(std::move(tree));
        else if (!stopped_) end_with(pages_.write(r.number, pages_.render(tree)));
    }
    void end_with(int status) {
        status_ = std::max(status_, status);
        stopped_ = stopped_ || status == kExitUsage;
    }

    const Mode& o_;
    const Output& out_;
    HtmlOutput& html_;
    HtmlPages pages_;
    const bool html_folder_;
    int games_ = 0, status_ = 0;
    bool stopped_ = false;
    std::string deferred_err_;
};

bool svg_file(const Mode& o) {
    std::error_code ec;
    return o.svg && !o.svg->ends_with('/') && !std::filesystem::is_directory(*o.svg, ec);
}

// Stdin's move lists, one per line (the format of --to uci|san), each replayed as it is read;
// one line of look-ahead tells whether there are several (their diagnostics and titles say the
// line). No line at all: with --to no game (nothing in, nothing out), otherwise the start
// position alone. An illegal line: its diagnostic, status 1, and for --to its empty line.
int run_move_lines(const Mode& o, Output& out, HtmlOutput& html) {
    io::LineReader reader(*o.stdin_input);
    std::string_view view;
    std::optional<std::string> line, next;
    if (reader.next(view)) line = std::string(view);
    if (line && reader.next(view)) next = std::string(view);
    if (!line && !o.to) line = std::string();
    const bool several = next.has_value();
    out.several_games = several;
    // A rule that needs the input's content (--svg FILE takes one move list): known once it is read.
    const bool count_only = several && svg_file(o);
    MoveListOutput output(o, out, html);
    int status = 0, number = 0, replays = 0;
    while (line) {
        ++number;
        const std::string where = several ? fmt::format("line {}: ", number) : std::string();
        if (auto moves = resolve_moves(o.start_board, *line, where)) {
            ++replays;
            if (!count_only)
                output.add(move_list_replay(o.start_board, std::move(*moves),
                                            several ? fmt::format("Line {}", number) : std::string(), number));
        } else {
            status = std::max(status, kExitInvalid);
            if (o.to) output.add(Replay{o.start_board, {}, {}, number, true}); // its empty line
        }
        line = std::move(next);
        next.reset();
        if (line && reader.next(view)) next = std::string(view);
    }
    if (!reader.error().empty()) {
        fmt::print(stderr, "horde-replay: <stdin>: {}\n", reader.error());
        status = kExitUsage;
    }
    if (count_only) fail_usage(fmt::format("the input has {} move lists: give one", replays));
    return output.finish(status);
}

// The move list of the arguments.
int run_move_arguments(const Mode& o, const Output& out, HtmlOutput& html) {
    std::string joined;
    for (const auto& a : o.args) joined += a + ' ';
    auto moves = resolve_moves(o.start_board, joined);
    if (!moves) return kExitInvalid;
    MoveListOutput output(o, out, html);
    output.add(move_list_replay(o.start_board, std::move(*moves), {}, 1));
    return output.finish(0);
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
    const int status = o.input == InputKind::Pgn             ? run_pgn(o, out, html)
                       : o.input == InputKind::MoveArguments ? run_move_arguments(o, out, html)
                                                             : run_move_lines(o, out, html);
    finish_stdout();
    return status;
}

} // namespace horde::replay
