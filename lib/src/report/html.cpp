// The replay page (html.hpp): HTML for the tags and move lists, JSON for the positions, and
// the fixed CSS and script.
#include "horde/report/html.hpp"

#include "horde/report/json.hpp"

#include <fmt/format.h>

namespace horde::report {

namespace {

// The page's style: the board first, the tags and moves beside it, or under it on a narrow
// (phone) window. The board's colours come from the theme (custom properties).
constexpr std::string_view PAGE_CSS = R"css(
#layout{display:flex;flex-wrap:wrap;gap:14px;padding:12px;align-items:flex-start}
#games{flex:0 0 220px;max-height:80vh;overflow:auto;background:#fff;border:1px solid #ddd;border-radius:6px}
#games ol{margin:0;padding:6px 6px 6px 34px}
#games li{padding:2px 0}
#games a{color:#234;text-decoration:none}
#games a.current{font-weight:700;color:#000}
#board-area{flex:0 1 520px;min-width:260px}
#status{font-weight:600;min-height:1.5em}
#side{flex:1 1 300px;min-width:260px;max-width:640px}
.game table{border-collapse:collapse;margin-bottom:10px;font-size:13px}
.game th{text-align:left;padding:1px 10px 1px 0;color:#555;font-weight:600;vertical-align:top}
.game td{padding:1px 0;overflow-wrap:anywhere}
.moves{background:#fff;border:1px solid #ddd;border-radius:6px;padding:8px 10px;max-height:60vh;overflow:auto}
.move{cursor:pointer;padding:0 2px;border-radius:3px;white-space:nowrap}
.move:hover{background:#e4e9f0}
.move.current{background:var(--frame);color:#fff}
.move.dead{cursor:default;color:#888}
.num{color:#777;margin-left:2px}
.comment{color:#2d6a35;margin:0 3px}
.variation{color:#555}
.variation.depth-1{display:block;margin:2px 0 2px 12px;font-size:14px}
.result{font-weight:700;margin-left:4px}
@media (max-width:600px){#layout{padding:6px;gap:8px}#games{flex:1 1 100%;max-height:25vh}#board-area,#side{flex:1 1 100%}}
)css";

// The page's behaviour: draws the board from the embedded positions and steps through them.
constexpr std::string_view PAGE_SCRIPT = R"js(
(function () {
  const games = JSON.parse(document.getElementById("games-data").textContent);
  const board = document.getElementById("board");
  const drawBoard = hordeBoard(board);
  const sections = document.querySelectorAll(".game");
  const gameLinks = document.querySelectorAll("#games a");
  let game = 0, node = 0, flipped = board.classList.contains("flipped");

  function draw() {
    const g = games[game], n = g.nodes[node];
    const [fen, squares, from, to, checks, label, , next] = n;
    drawBoard({fen, squares, pieces: g.pieces, from, to, checks, flipped});
    board.setAttribute("data-game", game + 1);
    board.setAttribute("data-node", node);

    sections.forEach((sec, i) => { sec.hidden = i !== game; });
    gameLinks.forEach((a, i) => a.classList.toggle("current", i === game));
    const section = sections[game];
    for (const m of section.querySelectorAll(".move.current")) m.classList.remove("current");
    const current = section.querySelector('.move[data-node="' + node + '"]');
    if (current) {
      current.classList.add("current");
      const list = current.closest(".moves"), r = current.getBoundingClientRect(), lr = list.getBoundingClientRect();
      if (r.top < lr.top || r.bottom > lr.bottom) list.scrollTop += r.top - lr.top - lr.height / 2;
    }
    const ply = g.main.indexOf(node);
    let status = label;
    if (next < 0 && ply >= 0) status += "  " + g.result + (g.outcome !== "none" ? " (" + g.outcome + ")" : "");
    document.getElementById("status").textContent = status;
    const where = ply >= 0 ? "ply=" + ply : "node=" + node;
    const hash = "#" + (games.length > 1 ? "game=" + (game + 1) + "&" : "") + where;
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }

  const PREV = 6, NEXT = 7; // in a node's array
  function go(n) { if (n >= 0 && n < games[game].nodes.length) { node = n; draw(); } }
  function lineEnd(n) { const nodes = games[game].nodes; while (nodes[n][NEXT] >= 0) n = nodes[n][NEXT]; return n; }
  const actions = {
    first: () => go(0),
    prev: () => go(games[game].nodes[node][PREV]),
    next: () => go(games[game].nodes[node][NEXT]),
    last: () => go(lineEnd(node)),
    flip: () => { flipped = !flipped; draw(); },
  };
  for (const id in actions) document.getElementById(id).addEventListener("click", actions[id]);
  document.addEventListener("keydown", e => {
    const key = {ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last", f: "flip"}[e.key];
    if (!key || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    actions[key]();
  });
  document.addEventListener("click", e => {
    const m = e.target.closest(".move[data-node]");
    if (m && m.closest(".game") === sections[game]) go(Number(m.dataset.node));
  });

  function fromHash() {
    const h = new URLSearchParams(location.hash.slice(1));
    const g = Number(h.get("game"));
    game = Number.isInteger(g) && g >= 1 && g <= games.length ? g - 1 : 0;
    const main = games[game].main, count = games[game].nodes.length;
    const ply = Number(h.get("ply")), k = Number(h.get("node"));
    if (h.has("node") && Number.isInteger(k) && k >= 0 && k < count) node = k;
    else if (h.has("ply") && Number.isInteger(ply) && ply >= 0) node = main[Math.min(ply, main.length - 1)];
    else node = 0;
    draw();
  }
  window.addEventListener("hashchange", fromHash);
  fromHash();
})();
)js";

// Glyphs of the common NAGs; the others are shown as "$n".
std::string nag_text(std::string_view nag) {
    static constexpr std::pair<std::string_view, std::string_view> glyphs[] = {
        {"$1", "!"},  {"$2", "?"},  {"$3", "!!"},      {"$4", "??"},      {"$5", "!?"},           {"$6", "?!"},
        {"$10", "="}, {"$13", "∞"}, {"$14", "⩲"}, {"$15", "⩱"}, {"$16", "±"}, {"$17", "∓"},
        {"$18", "+−"}, {"$19", "−+"}};
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
                const std::string number = n.white ? fmt::format("{}.", n.number)
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
    return g.title.empty() ? fmt::format("{} game {}", variant, g.result)
                           : fmt::format("{} ({}) {}", g.title, variant, g.result);
}

void write_game_section(std::string& out, const GameTree& g, std::size_t index) {
    out += fmt::format("<section class=\"game\" data-game=\"{}\"{}>\n<table class=\"tags\">", index + 1,
                       index ? " hidden" : "");
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
    const std::string title = !o.title.empty() ? o.title
                              : games.empty()  ? std::string("horde-replay")
                                               : games.front().title.empty() ? game_heading(games.front())
                                                                             : games.front().title;
    std::string out = html_page_start("horde-replay", title, colors, PAGE_CSS);
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
    out += "</script>\n" + html_page_end(PAGE_SCRIPT);
    return out;
}

} // namespace horde::report
