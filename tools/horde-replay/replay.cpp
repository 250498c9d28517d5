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

void print_position(const Timeline& t, const Replay& r, int p, const Output& out) {
    report::RenderOptions ro = out.render;
    ro.highlight = p > 0 ? r.moves[std::size_t(p - 1)] : Move::none();
    fmt::print("{}\n{}FEN: {}\n", ply_heading(t, p), report::render_board(t.boards[std::size_t(p)], ro),
               t.boards[std::size_t(p)].fen());
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

} // namespace

int emit(const Replay& r, const Output& out) {
    if (r.invalid) {
        if (out.to) fmt::print("\n");
        return 0;
    }
    const Timeline t = build_timeline(r);
    const int last = int(r.moves.size());
    if (out.ply && *out.ply > last) {
        fmt::print(stderr, "horde-replay: --ply {}: the game{} has only {} plies\n", *out.ply,
                   r.title.empty() ? "" : fmt::format(" {}", r.number), last);
        return kExitUsage;
    }
    if (out.interactive) return emit_interactive(t, r, out);
    if (out.svg) return emit_svg(t, r, out);
    if (out.to && *out.to == "pgn") {
        // A move list as a PGN game: through the exporter, so the form is the one of PGN input.
        const Variant variant = r.start.variant();
        std::string pgn;
        if (variant != Variant::Chess) pgn += fmt::format("[Variant \"{}\"]\n", report::pgn_variant_tag(variant));
        // Chess960 games keep their FEN tag even from the standard array, as lichess writes them.
        if (variant == Variant::Chess960 || r.start.fen() != position::Board(variant).fen()) pgn += fmt::format("[SetUp \"1\"]\n[FEN \"{}\"]\n", r.start.fen());
        pgn += '\n';
        for (const std::string& san : t.san) pgn += san + ' ';
        const game::Adjudication& end = t.outcomes.back();
        pgn += end.kind == game::StatusKind::GameOver ? game::result_text(end.result) : "*";
        pgn += '\n';
        int invalid = 0;
        const std::string text = report::export_pgn_text(pgn, {}, &invalid);
        if (invalid) {
            fmt::print(stderr, "horde-replay: internal error: the PGN export of a move list is invalid\n");
            return kExitInvalid;
        }
        fmt::print("{}", text);
        return 0;
    }
    if (out.to) {
        std::string line;
        for (std::size_t i = 0; i < r.moves.size(); ++i) {
            if (i) line += ' ';
            line += *out.to == "uci" ? t.boards[i].uci(r.moves[i]) : t.san[i];
        }
        fmt::print("{}\n", line);
        return 0;
    }
    if (!r.title.empty()) fmt::print("{}\n\n", r.title);
    if (out.ply) {
        print_position(t, r, *out.ply, out);
        return 0;
    }
    for (int p = 0; p <= last; ++p) {
        print_position(t, r, p, out);
        fmt::print("\n");
    }
    fmt::print("{}\n", outcome_line(t.outcomes.back()));
    return 0;
}

} // namespace horde::replay
