#include "replay.hpp"

#include "cli.hpp"
#include "terminal.hpp"

#include "horde/notation/san.hpp"
#include "horde/report/pgn_writer.hpp"
#include "horde/run/replay.hpp"
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

Timeline build_timeline(const Replay& r) {
    Timeline t;
    game::Game game(r.start);
    t.boards.push_back(r.start);
    t.outcomes.push_back(game.adjudicate());
    for (Move m : r.moves) {
        t.san.push_back(notation::to_san(game.board(), m));
        game.play(m);
        t.boards.push_back(game.board());
        t.outcomes.push_back(game.adjudicate());
    }
    return t;
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
        const std::string name = out.several_games ? fmt::format("game-{:03}-ply-{:03}.svg", r.number, p)
                                                   : fmt::format("ply-{:03}.svg", p);
        if (!write_file(fs::path(target) / name, svg_of(p))) return kExitUsage;
    }
    return 0;
}

// A move list as a PGN game: through the exporter, so the form is the one of PGN input.
FormattedGame format_move_list_pgn(const Replay& r, const Timeline& t) {
    const Variant variant = r.start.variant();
    std::string pgn;
    if (variant != Variant::Chess) pgn += fmt::format("[Variant \"{}\"]\n", report::pgn_variant_tag(variant));
    // Chess960 games keep their FEN tag even from the standard array, as lichess writes them.
    if (variant == Variant::Chess960 || r.start.fen() != position::Board(variant).fen())
        pgn += fmt::format("[SetUp \"1\"]\n[FEN \"{}\"]\n", r.start.fen());
    pgn += '\n';
    for (const std::string& san : t.san) pgn += san + ' ';
    const game::Adjudication& end = t.outcomes.back();
    pgn += end.kind == game::StatusKind::GameOver ? game::result_text(end.result) : "*";
    pgn += '\n';
    int invalid = 0;
    FormattedGame formatted;
    formatted.out = run::export_pgn_text(pgn, {}, &invalid);
    if (invalid) return {{}, "horde-replay: internal error: the PGN export of a move list is invalid\n", kExitInvalid};
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
    const Timeline t = build_timeline(r);
    if (out.to && *out.to == "pgn") return format_move_list_pgn(r, t);
    if (out.to) return {move_line(r, t, *out.to), {}, 0};
    return {text_boards(r, t, out), {}, 0};
}

int emit(const Replay& r, const Output& out) {
    if (!r.invalid && (out.interactive || out.svg)) {
        if (auto message = ply_beyond(r, out)) {
            fmt::print(stderr, "{}", *message);
            return kExitUsage;
        }
        const Timeline t = build_timeline(r);
        return out.interactive ? emit_interactive(t, r, out) : emit_svg(t, r, out);
    }
    const FormattedGame formatted = format_text(r, out);
    fmt::print("{}", formatted.out);
    fmt::print(stderr, "{}", formatted.err);
    return formatted.status;
}

} // namespace horde::replay
