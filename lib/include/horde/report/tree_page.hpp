// horde-tree --format html: one self-contained explorer page (the project's drawn pieces, CSS
// and a small script inline; no network). The positions come in the tree's order (key order)
// and are written as they come, so that the page is built in constant memory: begin(), then
// append_position() for each, then end().
//
// The page shows the board (html_board.hpp), the position's games and White wins / draws /
// Black wins, and the table of its moves (games, a W/D/L bar, mean rating and performance of
// the mover, mean eval and time, dates, example games). A click on a move descends to the
// position it leads to; a move whose position is not in the page (fewer than --min-games games)
// is shown but not clickable. Back and forward (buttons, Left/Right, the browser's history),
// Home, f to flip, the path from the start (each move clickable), a list of the start positions
// when there are several, and a FEN box that finds a position by its first four fields.
// The address is `#KEY/UCI/UCI...`: the start position's key and the moves played from it.
//
// The data is the NDJSON output's records (report/json's append_tree_position_json), one per
// position, in a <script type="application/json" id="tree-data"> array. Stable for scripts:
// svg#board carries data-fen (the position's 4 FEN fields) and data-key; the move table is
// `#moves tbody tr[data-uci]` with cells .san, .games, .wdl (span.w/.d/.b), .rating, .performance,
// .eval, .seconds, .dates, .examples; the position's own figures are in `#moves tfoot tr`.
#pragma once

#include "horde/report/svg.hpp"
#include "horde/tree/opening_tree.hpp"

#include <cstdint>
#include <string>

namespace horde::report {

struct TreePageOptions {
    std::string title;
    // The run's cuts, named on a move whose position is not in the page and on a position
    // without moves.
    int min_games = 1, min_ply = 0, max_ply = 20;
    BoardTheme theme = BoardTheme::Brown;
};

class TreePage {
public:
    explicit TreePage(TreePageOptions options) : options_(std::move(options)) {}
    // The page up to the positions' data.
    std::string begin() const;
    // One position with its moves.
    void append_position(std::string& out, const tree::PositionStats& p);
    // The rest of the page; `root` is the position the explorer opens at.
    std::string end(std::uint64_t root) const;

private:
    TreePageOptions options_;
    std::uint64_t positions_ = 0;
    unsigned variants_ = 0; // a bit per variant seen: the pieces the page needs
    std::string json_;      // one position's record, reused
};

// horde-db serve's live explorer page at `/`: horde-tree's page (the same style, board, move
// table, path, buttons and FEN box, and the same script for them: assets/explorer_view.js)
// whose positions come from the server as you click: `/position` for the FEN and the moves'
// positions, `/lichess` for the figures under the filters (speeds, rating groups, months),
// with the position's top and recent games linked to `/game/ID`. A start position per variant;
// the address is `#KEY/UCI/UCI...`, KEY the variant and the start's FEN. Self-contained: no
// external resource.
struct LivePageOptions {
    std::string title = "horde-db explorer";
    BoardTheme theme = BoardTheme::Brown;
};
std::string live_explorer_page(const LivePageOptions& options);

} // namespace horde::report
