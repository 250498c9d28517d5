#include "replay.hpp"

#include "cli.hpp"
#include "terminal.hpp"

#include "horde/notation/san.hpp"
#include "horde/report/pgn_writer.hpp"
#include "horde/report/svg.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <optional>

namespace horde::replay {

using tools::kExitInvalid;
using tools::kExitUsage;

namespace {

// Keeps the main line's positions, SAN and adjudications as the walk plays them.
class TimelineBuilder final : public game::ProductObserver<Timeline> {
public:
    void begin_game(const game::GameRecord&) override {
        timeline_.boards.clear();
        timeline_.san.clear();
        timeline_.outcomes.clear();
    }
    void tags_read(const game::GameRecord&, const position::Board* start) override {
        if (!start) return stop_listening();
        timeline_.boards.push_back(*start);
        timeline_.outcomes.push_back(game::Game(*start).adjudicate());
    }
    void move(const game::MoveEvent& e) override {
        using Kind = game::MoveEvent::Kind;
        if (e.depth != 0 || e.kind == Kind::EnPassantMark) return;
        if (!e.before || !e.game || (e.kind != Kind::Move && e.kind != Kind::NullMove)) return stop_listening();
        timeline_.san.push_back(e.kind == Kind::NullMove ? std::string("--") : notation::to_san(*e.before, e.move, *e.after));
        timeline_.boards.push_back(*e.after);
        timeline_.outcomes.push_back(e.game->adjudicate());
    }
    void take(Timeline& out) override { std::swap(out, timeline_); }

private:
    Timeline timeline_;
};

} // namespace

std::unique_ptr<game::ProductObserver<Timeline>> make_timeline_builder() { return std::make_unique<TimelineBuilder>(); }

Replay move_list_replay(const position::Board& start, std::vector<Move> moves, std::string title, int number) {
    Replay r{start, std::move(moves), std::move(title), number};
    TimelineBuilder builder;
    game::walk_moves(r.start, r.moves, builder);
    builder.take(r.timeline);
    return r;
}

std::string ply_heading(const Timeline& t, int p) {
    if (p == 0) return "Start";
    const position::Board& before = t.boards[std::size_t(p - 1)];
    const int number = before.position().fullmove;
    return fmt::format("{}{} {}", number, before.side_to_move() == WHITE ? "." : "...", t.san[std::size_t(p - 1)]);
}

std::string outcome_line(const game::Adjudication& a) {
    return fmt::format("Outcome: {} ({}), result {}", game::status_name(a.status), game::status_kind_name(a.kind),
                       game::result_text(a.result));
}

bool write_file(const std::filesystem::path& path, const std::string& text) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) {
        fmt::print(stderr, "horde-replay: {}: cannot write: {}\n", path.string(), std::strerror(errno));
        return false;
    }
    const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    if (std::fclose(f) != 0 || !ok) {
        fmt::print(stderr, "horde-replay: {}: write error\n", path.string());
        return false;
    }
    return true;
}

namespace {

void append_position(std::string& text, const Timeline& t, const Replay& r, int p, const Output& out) {
    report::RenderOptions ro = out.render;
    ro.highlight = p > 0 ? r.moves[std::size_t(p - 1)] : Move::none();
    fmt::format_to(std::back_inserter(text), "{}\n{}FEN: {}\n", ply_heading(t, p),
                   report::render_board(t.boards[std::size_t(p)], ro), t.boards[std::size_t(p)].fen());
}

int emit_svg(const Timeline& t, const Replay& r, const Output& out) {
    namespace fs = std::filesystem;
    const std::string& target = *out.svg;
    std::error_code ec;
    const bool folder = target.ends_with('/') || fs::is_directory(target, ec);
    auto svg_of = [&](int p) {
        report::SvgOptions so;
        so.flip = out.render.flip;
        so.theme = out.theme;
        so.last_move = p > 0 ? r.moves[std::size_t(p - 1)] : Move::none();
        return report::render_svg(t.boards[std::size_t(p)], so);
    };
    const int last = int(r.moves.size());
    if (!folder) return write_file(target, svg_of(out.ply.value_or(last))) ? 0 : kExitUsage;
    fs::create_directories(target, ec);
    if (ec) {
        fmt::print(stderr, "horde-replay: {}: cannot create the folder: {}\n", target, ec.message());
        return kExitUsage;
    }
    const int first = out.ply.value_or(0), end = out.ply.value_or(last);
    for (int p = first; p <= end; ++p) {
        const std::string name =
            out.several_games ? fmt::format("game-{:03}-ply-{:03}.svg", r.number, p) : fmt::format("ply-{:03}.svg", p);
        if (!write_file(fs::path(target) / name, svg_of(p))) return kExitUsage;
    }
    return 0;
}

// A move list as a PGN game: its moves through the exporter, as the walk feeds a PGN game's.
FormattedGame format_move_list_pgn(const Replay& r) {
    const auto exporter = report::make_pgn_exporter({}, {});
    const game::GameRecord record = game::walk_moves(r.start, r.moves, *exporter);
    FormattedGame formatted;
    exporter->take(formatted.out);
    if (!record.valid() || formatted.out.empty())
        return {{}, "horde-replay: internal error: the PGN export of a move list is invalid\n", kExitInvalid};
    return formatted;
}

// --to uci|san: the main line on one line.
std::string move_line(const Replay& r, const Timeline& t, std::string_view to) {
    std::string line;
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        if (i) line += ' ';
        line += to == "uci" ? t.boards[i].uci(r.moves[i]) : t.san[i];
    }
    return line + '\n';
}

// Text boards: every position (or only --ply's) with its heading, the outcome at the end.
std::string text_boards(const Replay& r, const Timeline& t, const Output& out) {
    std::string text;
    if (!r.title.empty()) text += r.title + "\n\n";
    if (out.ply) {
        append_position(text, t, r, *out.ply, out);
        return text;
    }
    for (int p = 0; p <= int(r.moves.size()); ++p) {
        append_position(text, t, r, p, out);
        text += '\n';
    }
    return text + outcome_line(t.outcomes.back()) + '\n';
}

// --ply beyond the game: the message, nullopt when it fits.
std::optional<std::string> ply_beyond(const Replay& r, const Output& out) {
    const int last = int(r.moves.size());
    if (!out.ply || *out.ply <= last) return std::nullopt;
    return fmt::format("horde-replay: --ply {}: the game{} has only {} plies\n", *out.ply,
                       r.title.empty() ? "" : fmt::format(" {}", r.number), last);
}

} // namespace

FormattedGame format_text(const Replay& r, const Output& out) {
    if (r.invalid) return {out.to ? "\n" : "", {}, 0};
    if (auto message = ply_beyond(r, out)) return {{}, std::move(*message), kExitUsage};
    const Timeline& t = r.timeline;
    if (out.to && *out.to == "pgn") return format_move_list_pgn(r);
    if (out.to) return {move_line(r, t, *out.to), {}, 0};
    return {text_boards(r, t, out), {}, 0};
}

int emit(const Replay& r, const Output& out) {
    if (!r.invalid && (out.interactive || out.svg)) {
        if (auto message = ply_beyond(r, out)) {
            fmt::print(stderr, "{}", *message);
            return kExitUsage;
        }
        const Timeline& t = r.timeline;
        return out.interactive ? emit_interactive(t, r, out) : emit_svg(t, r, out);
    }
    const FormattedGame formatted = format_text(r, out);
    fmt::print("{}", formatted.out);
    fmt::print(stderr, "{}", formatted.err);
    return formatted.status;
}

} // namespace horde::replay
