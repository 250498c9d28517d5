// horde-replay --html FILE|DIR/: replay pages (report/html.hpp) of the input's games.
#pragma once

#include "horde/game/checker.hpp"
#include "horde/report/html.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace horde::pgn {
class PgnReader;
}

namespace horde::replay {

struct HtmlOutput {
    std::string target;   // FILE: one page with every game; DIR/ (or an existing folder): a page per game
    report::HtmlPageOptions page; // flip, theme
    std::vector<report::GameTree> games;
    std::string source;   // the input's name, for the title of a page of several games
};

// Reads the PGN games of `reader` (every game, or only game `pick`; only those --where selects
// through `options`) into out.games; an invalid
// game goes to `on_invalid` with its number over all inputs and makes `status` 1.
void collect_pgn_games(pgn::PgnReader& reader, const game::CheckOptions& options, std::optional<int> pick, HtmlOutput& out,
                       int& games_seen, int& status,
                       const std::function<void(const game::GameRecord&, int number)>& on_invalid);

// Writes the page(s). Returns an exit status (2 for a write error, 1 when no game is valid).
int write_html(const HtmlOutput& out);

} // namespace horde::replay
