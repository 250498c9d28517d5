// The explorer pages (tree_page.hpp): horde-tree's, the fixed HTML, CSS and script around the
// positions' NDJSON records, and horde-db serve's live page, which asks the server.
#include "horde/report/tree_page.hpp"

#include "horde/report/html_board.hpp"
#include "horde/report/json.hpp"

#include <fmt/format.h>

#include "report_assets.hpp"

namespace horde::report {

namespace {

// The script of horde-tree's page: its start (the positions from the page), the explorer's view
// that the live page shares (explorer_view.js: the move table, the path, show and go), its end
// (playing from the page's positions, the address, the FEN box, the keys).
std::string tree_script() {
    std::string out(assets::tree_start_js);
    out += assets::explorer_view_js;
    out += assets::tree_end_js;
    return out;
}

// Both explorer pages: the board and its buttons, the status line and the FEN box, and the
// side column opened.
std::string explorer_board_area(const BoardColors& colors) {
    std::string out = "<div id=\"layout\">\n<div id=\"board-area\">\n" + html_board_svg(colors, false);
    out += html_controls({{"first", "Start (Home)", BoardIcon::First},
                          {"prev", "Back (Left)", BoardIcon::Back},
                          {"next", "Forward (Right)", BoardIcon::Forward},
                          {"flip", "Flip the board (f)", BoardIcon::Flip}});
    out += "<div id=\"status\"></div>\n"
           "<form id=\"fen-form\"><input id=\"fen-input\" type=\"text\" placeholder=\"FEN\" aria-label=\"FEN\" "
           "spellcheck=\"false\" autocomplete=\"off\"><button id=\"fen-go\" type=\"submit\">Go</button></form>\n"
           "<div id=\"fen-message\" role=\"status\"></div>\n</div>\n<div id=\"side\">\n";
    return out;
}

constexpr std::string_view STARTS_BOX =
    "<div id=\"starts-box\" hidden><label>Start position <select id=\"starts\"></select></label></div>\n";

// Both explorer pages: the path of moves and the move table (explorer_view.js fills them).
constexpr std::string_view PATH_AND_TABLE =
    "<nav id=\"path\"></nav>\n<div id=\"table-box\"><table id=\"moves\"><thead><tr><th>Move</th><th "
    "class=\"games\">Games</th><th class=\"wdl\">White / draws / Black</th><th class=\"rating\" title=\"mean "
    "rating of the player to move\">Rating</th><th class=\"performance\" title=\"performance of the player to "
    "move\">Perf.</th><th class=\"eval\" title=\"mean evaluation after the move\">Eval</th><th class=\"seconds\" "
    "title=\"mean time spent on the move\">Time</th><th class=\"dates\">Dates</th><th "
    "class=\"examples\">Examples</th></tr></thead><tbody></tbody><tfoot><tr></tr></tfoot></table></div>\n"
    "<p id=\"no-moves\" hidden></p>\n";

// The live page's filters (lichess's speeds, rating groups and months) and its games.
constexpr std::string_view LIVE_FILTERS =
    "<form id=\"filters\"><fieldset id=\"speeds\"><legend>Speeds</legend></fieldset>"
    "<fieldset id=\"ratings\"><legend>Ratings</legend></fieldset>"
    "<fieldset id=\"months\"><legend>Months</legend><label>since <input id=\"since\" type=\"month\"></label> "
    "<label>until <input id=\"until\" type=\"month\"></label></fieldset></form>\n";
constexpr std::string_view LIVE_GAMES = "<section id=\"games-box\"><h2>Top games</h2><ol id=\"top-games\"></ol>"
                                        "<h2>Recent games</h2><ol id=\"recent-games\"></ol></section>\n"
                                        "<p id=\"server-message\" role=\"status\"></p>\n";

} // namespace

std::string TreePage::begin() const {
    const BoardColors& colors = board_colors(options_.theme);
    std::string out = html_page_start("horde-tree", options_.title, colors, assets::tree_css);
    out += explorer_board_area(colors);
    out += STARTS_BOX;
    out += PATH_AND_TABLE;
    out += "</div>\n</div>\n<script type=\"application/json\" id=\"tree-data\">[\n";
    return out;
}

void TreePage::append_position(std::string& out, const tree::PositionStats& p) {
    if (positions_++) out += ",\n";
    json_.clear();
    append_tree_position_json(json_, p);
    append_script_json(out, json_);
    variants_ |= 1u << unsigned(p.variant);
}

std::string TreePage::end(std::uint64_t root) const {
    std::string settings;
    JsonObject o(settings);
    o.string("root", fmt::format("{:016x}", root));
    o.number("min_games", options_.min_games).number("min_ply", options_.min_ply).number("max_ply", options_.max_ply);
    JsonObject pieces(o.name("pieces"));
    for (int v = 0; v < VARIANT_NB; ++v)
        if (variants_ & (1u << unsigned(v))) append_pieces_json(pieces.name(variant_name(Variant(v))), Variant(v));
    pieces.end();
    o.end();
    std::string out = "\n]</script>\n<script type=\"application/json\" id=\"tree-settings\">";
    append_script_json(out, settings);
    out += "</script>\n" + html_page_end(tree_script());
    return out;
}

std::string live_explorer_page(const LivePageOptions& options) {
    const BoardColors& colors = board_colors(options.theme);
    std::string css(assets::tree_css);
    css += assets::live_css;
    std::string out = html_page_start("horde-db serve", options.title, colors, css);
    out += explorer_board_area(colors);
    out += STARTS_BOX;
    out += LIVE_FILTERS;
    out += PATH_AND_TABLE;
    out += LIVE_GAMES;
    out += "</div>\n</div>\n<script type=\"application/json\" id=\"explorer-settings\">";
    std::string settings;
    JsonObject o(settings);
    o.number("min_games", 1).number("min_ply", 0).number("max_ply", 1 << 30);
    JsonObject pieces(o.name("pieces"));
    for (int v = 0; v < VARIANT_NB; ++v) append_pieces_json(pieces.name(variant_name(Variant(v))), Variant(v));
    pieces.end();
    o.end();
    append_script_json(out, settings);
    std::string script(assets::live_start_js);
    script += assets::explorer_view_js;
    script += assets::live_end_js;
    out += "</script>\n" + html_page_end(script);
    return out;
}

} // namespace horde::report
