#include "html_output.hpp"

#include "cli.hpp"
#include "replay.hpp"

#include "horde/pgn/reader.hpp"

#include <fmt/format.h>

#include <filesystem>

namespace horde::replay {

void collect_pgn_games(pgn::PgnReader& reader, const game::CheckOptions& options, std::optional<int> pick, HtmlOutput& out,
                       int& games_seen, int& status,
                       const std::function<void(const game::GameRecord&, int number)>& on_invalid) {
    report::read_game_trees(reader, options, [&](const game::GameRecord& record, const report::GameTree* tree) {
        const int number = ++games_seen;
        if ((pick && *pick != number) || !record.selected) return; // --game, --where
        if (!tree) {
            on_invalid(record, number);
            status = std::max(status, tools::kExitInvalid);
            return;
        }
        out.games.push_back(*tree);
        out.games.back().number = number;
    });
}

int write_html(const HtmlOutput& out) {
    namespace fs = std::filesystem;
    if (out.games.empty()) {
        fmt::print(stderr, "horde-replay: --html: no valid game to show\n");
        return tools::kExitInvalid;
    }
    std::error_code ec;
    const bool folder = out.target.ends_with('/') || fs::is_directory(out.target, ec);
    if (!folder) {
        report::HtmlPageOptions page = out.page;
        if (out.games.size() > 1) page.title = fmt::format("{} games from {}", out.games.size(), out.source);
        return write_file(out.target, report::render_html_page(out.games, page)) ? 0 : tools::kExitUsage;
    }
    fs::create_directories(out.target, ec);
    if (ec) {
        fmt::print(stderr, "horde-replay: {}: cannot create the folder: {}\n", out.target, ec.message());
        return tools::kExitUsage;
    }
    for (const report::GameTree& game : out.games)
        if (!write_file(fs::path(out.target) / fmt::format("game-{:03}.html", game.number),
                        report::render_html_page({game}, out.page)))
            return tools::kExitUsage;
    return 0;
}

} // namespace horde::replay
