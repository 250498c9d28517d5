// The replay page (html.hpp): HTML for the tags and move lists, JSON for the positions, and
// the fixed CSS and script.
#include "horde/report/html.hpp"

#include "horde/report/json.hpp"

#include <fmt/format.h>

#include "report_assets.hpp"

namespace horde::report {

namespace {

// Glyphs of the common NAGs; the others are shown as "$n".
std::string nag_text(std::string_view nag) {
    static constexpr std::pair<std::string_view, std::string_view> glyphs[] = {
        {"$1", "!"},  {"$2", "?"},  {"$3", "!!"}, {"$4", "??"}, {"$5", "!?"}, {"$6", "?!"},  {"$10", "="},
        {"$13", "∞"}, {"$14", "⩲"}, {"$15", "⩱"}, {"$16", "±"}, {"$17", "∓"}, {"$18", "+−"}, {"$19", "−+"}};
    for (const auto& [code, glyph] : glyphs)
        if (code == nag) return std::string(glyph);
    return std::string(nag);
}

// "12." before a White move, "12..." before a Black move that opens a line or follows a comment
// or a variation.
std::string move_label(const GameNode& n, bool black_number) {
    if (n.white) return fmt::format("{}. {}", n.number, n.san);
    return black_number ? fmt::format("{}... {}", n.number, n.san) : n.san;
}

void write_movetext(std::string& out, const GameTree& tree) {
    out += "<div class=\"moves\">";
    bool black_number = true; // the next Black move gets its number
    int depth = 0;
    for (const MovetextItem& item : tree.movetext) {
        switch (item.kind) {
        case MovetextItem::Kind::Move:
            if (item.node < 0) {
                out += fmt::format("<span class=\"move dead\">{}</span> ", html_escape(item.text));
            } else {
                const GameNode& n = tree.nodes[std::size_t(item.node)];
                const std::string number = n.white        ? fmt::format("{}.", n.number)
                                           : black_number ? fmt::format("{}...", n.number)
                                                          : std::string();
                if (!number.empty()) out += fmt::format("<span class=\"num\">{}</span>", number);
                out += fmt::format("<span class=\"move\" data-node=\"{}\">{}</span> ", item.node, html_escape(n.san));
            }
            black_number = false;
            break;
        case MovetextItem::Kind::Nag:
            out.insert(out.size() - (out.ends_with(' ') ? 1 : 0), html_escape(nag_text(item.text)));
            break;
        case MovetextItem::Kind::Comment:
            out += fmt::format("<span class=\"comment\">{}</span> ", html_escape(item.text));
            black_number = true;
            break;
        case MovetextItem::Kind::Open:
            ++depth;
            out += fmt::format("<span class=\"variation depth-{}\">(", std::min(depth, 2));
            black_number = true;
            break;
        case MovetextItem::Kind::Close:
            if (out.ends_with(' ')) out.pop_back();
            out += ")</span> ";
            --depth;
            black_number = true;
            break;
        }
    }
    out += fmt::format("<span class=\"result\">{}</span></div>", html_escape(tree.result));
}

// "White - Black (Orda) 0-1": a game in the game list (which numbers it).
std::string game_heading(const GameTree& g) {
    std::string variant(variant_name(g.variant()));
    variant[0] = char(variant[0] - 'a' + 'A');
    return g.title.empty() ? fmt::format("{} game {}", variant, g.result) : fmt::format("{} ({}) {}", g.title, variant, g.result);
}

void write_game_section(std::string& out, const GameTree& g, std::size_t index) {
    out += fmt::format("<section class=\"game\" data-game=\"{}\"{}>\n<table class=\"tags\">", index + 1, index ? " hidden" : "");
    for (const auto& [name, value] : g.tags)
        if (name != "Result") out += fmt::format("<tr><th>{}</th><td>{}</td></tr>", html_escape(name), html_escape(value));
    if (g.tags.empty()) out += fmt::format("<tr><th>Variant</th><td>{}</td></tr>", variant_name(g.variant()));
    out += fmt::format("<tr><th>Result</th><td>{}{}</td></tr></table>\n", html_escape(g.result),
                       g.outcome == "none" ? std::string() : fmt::format(" ({})", html_escape(g.outcome)));
    write_movetext(out, g);
    out += "\n</section>\n";
}

// One game's positions (report/json's writer): per node [fen, squares a1..h8 as FEN letters,
// from, to, [checked kings], label, previous node, next node].
void write_game_json(std::string& out, const GameTree& g) {
    JsonObject game(out);
    game.string("result", g.result).string("outcome", g.outcome);
    append_pieces_json(game.name("pieces"), g.variant());
    std::string& main = game.name("main");
    main += '[';
    for (std::size_t i = 0; i < g.main_line.size(); ++i) main += fmt::format("{}{}", i ? "," : "", g.main_line[i]);
    main += ']';
    std::string& nodes = game.name("nodes");
    nodes += '[';
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        const GameNode& n = g.nodes[i];
        std::string squares(64, '.');
        for (int s = 0; s < SQ_NB; ++s)
            if (const Piece p = n.board.position().piece_on(Square(s)); p != NO_PIECE) squares[std::size_t(s)] = piece_char(p);
        std::string checks;
        const Bitboard checked = checked_kings(n.board);
        for (int s = 0; s < SQ_NB; ++s)
            if (checked & square_bb(Square(s))) checks += fmt::format("{}{}", checks.empty() ? "" : ",", s);
        nodes += i ? ",\n[" : "[";
        append_json_string(nodes, n.board.fen());
        nodes += fmt::format(",\"{}\",{},{},[{}],", squares, n.move.is_none() ? -1 : int(n.move.from()),
                             n.move.is_none() ? -1 : int(n.move.to()), checks);
        append_json_string(nodes, i == 0 ? std::string("Start") : move_label(n, true));
        nodes += fmt::format(",{},{}]", n.parent, n.next);
    }
    nodes += ']';
    game.end();
}

} // namespace

std::string render_html_page(const std::vector<GameTree>& games, const HtmlPageOptions& o) {
    const BoardColors& colors = board_colors(o.theme);
    const std::string title = !o.title.empty()              ? o.title
                              : games.empty()               ? std::string("horde-replay")
                              : games.front().title.empty() ? game_heading(games.front())
                                                            : games.front().title;
    std::string out = html_page_start("horde-replay", title, colors, assets::replay_css);
    out += "<div id=\"layout\">\n";
    if (games.size() > 1) {
        out += "<nav id=\"games\"><ol>\n";
        for (std::size_t i = 0; i < games.size(); ++i)
            out += fmt::format("<li><a href=\"#game={}\">{}</a></li>\n", i + 1, html_escape(game_heading(games[i])));
        out += "</ol></nav>\n";
    }
    out += "<div id=\"board-area\">\n" + html_board_svg(colors, o.flip);
    out += html_controls({{"first", "Start (Home)", BoardIcon::First},
                          {"prev", "Back (Left)", BoardIcon::Back},
                          {"next", "Forward (Right)", BoardIcon::Forward},
                          {"last", "End of the line (End)", BoardIcon::Last},
                          {"flip", "Flip the board (f)", BoardIcon::Flip}});
    out += "<div id=\"status\"></div>\n</div>\n<div id=\"side\">\n";
    for (std::size_t i = 0; i < games.size(); ++i) write_game_section(out, games[i], i);
    out += "</div>\n</div>\n<script type=\"application/json\" id=\"games-data\">";
    std::string json = "[";
    for (std::size_t i = 0; i < games.size(); ++i) {
        if (i) json += ",\n";
        write_game_json(json, games[i]);
    }
    json += ']';
    append_script_json(out, json);
    out += "</script>\n" + html_page_end(assets::replay_js);
    return out;
}

} // namespace horde::report
