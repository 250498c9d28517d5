// horde-replay --html FILE|DIR/: replay pages (report/html.hpp) of the input's games.
#pragma once

#include "horde/report/html.hpp"

#include <string>
#include <vector>

namespace horde::replay {

struct HtmlOutput {
    std::string target;                  // FILE: one page with every game; DIR/ (or an existing folder): a page per game
    report::HtmlPageOptions page;        // flip, theme
    std::vector<report::GameTree> games; // FILE: every game (DIR/ from PGN: written as they come)
    std::string source;                  // the input's name, for the title of a page of several games

    // DIR/: a page per game.
    bool folder() const;
};

// --html DIR/: the page of one game (on any thread), and writing it (on one thread, in input
// order; the folder is made before the first page).
class HtmlPages {
public:
    explicit HtmlPages(const HtmlOutput& out) : out_(out) {}
    std::string render(const report::GameTree& game) const;
    // Writes game `number`'s page; an exit status (2 when the folder or the file cannot be written).
    int write(int number, const std::string& page);

private:
    const HtmlOutput& out_;
    bool folder_made_ = false;
};

// Writes the page(s) of out.games. Returns an exit status (2 for a write error, 1 when no game is valid).
int write_html(const HtmlOutput& out);
// The message and status of write_html without a game.
int no_html_game();

} // namespace horde::replay
