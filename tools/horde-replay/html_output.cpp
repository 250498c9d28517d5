#include "html_output.hpp"

#include "cli.hpp"
#include "replay.hpp"

#include <fmt/format.h>

#include <filesystem>

namespace horde::replay {

namespace fs = std::filesystem;

bool HtmlOutput::folder() const {
    std::error_code ec;
    return target.ends_with('/') || fs::is_directory(target, ec);
}

std::string HtmlPages::render(const report::GameTree& game) const { return report::render_html_page({game}, out_.page); }

int HtmlPages::write(int number, const std::string& page) {
    if (!folder_made_) {
        std::error_code ec;
        fs::create_directories(out_.target, ec);
        if (ec) {
            fmt::print(stderr, "horde-replay: {}: cannot create the folder: {}\n", out_.target, ec.message());
            return tools::kExitUsage;
        }
        folder_made_ = true;
    }
    return write_file(fs::path(out_.target) / fmt::format("game-{:03}.html", number), page) ? 0 : tools::kExitUsage;
}

int no_html_game() {
    fmt::print(stderr, "horde-replay: --html: no valid game to show\n");
    return tools::kExitInvalid;
}

int write_html(const HtmlOutput& out) {
    if (out.games.empty()) return no_html_game();
    if (!out.folder()) {
        report::HtmlPageOptions page = out.page;
        if (out.games.size() > 1) page.title = fmt::format("{} games from {}", out.games.size(), out.source);
        return write_file(out.target, report::render_html_page(out.games, page)) ? 0 : tools::kExitUsage;
    }
    HtmlPages pages(out);
    for (const report::GameTree& game : out.games)
        if (const int status = pages.write(game.number, pages.render(game)); status != 0) return status;
    return 0;
}

} // namespace horde::replay
