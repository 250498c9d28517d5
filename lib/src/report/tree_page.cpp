// The explorer page of horde-tree (tree_page.hpp): the board drawn with the project's piece set,
// the move table of the current position, the path from the root, back and forward, and a FEN
// box, over the tree's positions embedded as JSON (the NDJSON records of report/json).
#include "horde/report/tree_page.hpp"

#include "horde/report/html.hpp"
#include "horde/report/json.hpp"
#include "horde/report/pieces.hpp"
#include "horde/report/svg.hpp"

#include <fmt/format.h>

namespace horde::report {

namespace {

constexpr std::string_view TREE_CSS = R"css(
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#222;background:#f6f5f1}
header{padding:8px 14px;background:var(--frame);color:#fff}
header h1{margin:0;font-size:18px;font-weight:600;overflow-wrap:anywhere}
#layout{display:flex;flex-wrap:wrap;gap:14px;padding:12px;align-items:flex-start}
#board-area{flex:0 1 480px;min-width:260px}
#board{display:block;width:100%;height:auto;border:3px solid var(--frame);border-radius:3px;background:var(--dark)}
#board .light{fill:var(--light)}#board .dark{fill:var(--dark)}
#board .coord{font:9px sans-serif;pointer-events:none}
#board .coord.on-light{fill:var(--dark)}#board .coord.on-dark{fill:var(--light)}
#controls{display:flex;gap:6px;margin:8px 0}
#controls button{flex:1;padding:4px 0;color:#333;border:1px solid #bbb;border-radius:5px;background:#fff;cursor:pointer}
#controls button:disabled{color:#bbb;cursor:default}
#fen-form{display:flex;gap:6px}#fen-input{flex:1;min-width:0;font:12px monospace;padding:4px}
#fen-message{color:#a33;min-height:1.3em;font-size:13px}
#side{flex:1 1 420px;min-width:260px;max-width:760px}
#path{background:#fff;border:1px solid #ddd;border-radius:6px;padding:6px 10px;margin-bottom:8px;overflow-wrap:anywhere}
#path .step{cursor:pointer;color:#234;padding:0 2px;border-radius:3px}#path .step:hover{background:#e4e9f0}
#path .step.current{background:var(--frame);color:#fff}
#summary{margin:4px 0 8px;font-weight:600}
#moves{border-collapse:collapse;width:100%;background:#fff;font-size:14px}
#moves th,#moves td{padding:3px 6px;border-bottom:1px solid #eee;text-align:right;white-space:nowrap}
#moves th:first-child,#moves td:first-child{text-align:left}
#moves tr.clickable{cursor:pointer}#moves tr.clickable:hover{background:#e4e9f0}
#moves tr.absent td.san{color:#888}
.bar{display:flex;width:120px;height:12px;border:1px solid #999;border-radius:2px;overflow:hidden}
.bar span{display:block;height:100%}.bar .w{background:#fafafa}.bar .d{background:#9a9a9a}.bar .b{background:#303030}
@media (max-width:600px){#layout{padding:6px;gap:8px}#board-area,#side{flex:1 1 100%}.bar{width:60px}}
)css";

// Draws the current position from the embedded tree and walks it; the page knows no rules.
constexpr std::string_view TREE_SCRIPT = R"js(
"use strict";
(function () {
  const SQ = 45, NS = "http://www.w3.org/2000/svg";
  const data = id => JSON.parse(document.getElementById(id).textContent);
  const positions = data("tree-data"), symbols = data("piece-symbols"), rootKey = data("tree-root");
  const byKey = new Map(), byFen = new Map();
  for (const p of positions) { byKey.set(p.key, p); byFen.set(p.variant + " " + p.fen, p); }
  const $ = id => document.getElementById(id);
  const board = $("board");
  let path = [], ahead = [];

  function el(name, attrs, text) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function squaresOf(fen) {
    const squares = new Array(64).fill(".");
    fen.split(" ")[0].split("/").forEach((row, i) => {
      let f = 0;
      for (const c of row) {
        if (c >= "0" && c <= "9") f += Number(c);
        else squares[(7 - i) * 8 + f++] = c;
      }
    });
    return squares;
  }
  function drawBoard(p) {
    for (const id of ["squares", "coords", "pieces"]) $(id).replaceChildren();
    const squares = squaresOf(p.fen), name = s => "abcdefgh"[s % 8] + (1 + (s >> 3));
    for (let s = 0; s < 64; s++) {
      const x = (s % 8) * SQ, y = (7 - (s >> 3)) * SQ, light = ((s % 8) + (s >> 3)) % 2 === 1;
      $("squares").append(el("rect", {class: "square " + (light ? "light" : "dark"), "data-square": name(s), x, y, width: SQ, height: SQ}));
      if (squares[s] !== ".")
        $("pieces").append(el("use", {class: "piece", href: "#" + symbols[p.variant][squares[s]], "data-square": name(s), x, y, width: SQ, height: SQ}));
    }
    for (let i = 0; i < 8; i++) {
      const on = s => ((s % 8) + (s >> 3)) % 2 === 1 ? "on-light" : "on-dark";
      $("coords").append(el("text", {class: "coord " + on(i), x: i * SQ + SQ - 2, y: 8 * SQ - 3, "text-anchor": "end"}, "abcdefgh"[i]));
      $("coords").append(el("text", {class: "coord " + on(i * 8), x: 2, y: (7 - i) * SQ + 10}, String(i + 1)));
    }
    board.setAttribute("data-fen", p.fen);
    board.setAttribute("data-key", p.key);
  }
  const pct = (n, of) => of ? Math.round(100 * n / of) + "%" : "-";
  const figure = (v, digits) => v === null ? "-" : v.toFixed(digits);
  function cell(row, cls, text) {
    const td = document.createElement("td");
    td.className = cls;
    td.textContent = text;
    row.append(td);
    return td;
  }
  function bar(m) {
    const b = document.createElement("div");
    b.className = "bar";
    b.title = `White ${pct(m.white, m.games)}, draws ${pct(m.draws, m.games)}, Black ${pct(m.black, m.games)}`;
    for (const [cls, n] of [["w", m.white], ["d", m.draws], ["b", m.black]]) {
      const s = document.createElement("span");
      s.className = cls;
      s.style.width = (m.games ? 100 * n / m.games : 0) + "%";
      b.append(s);
    }
    return b;
  }
  function moveRow(m) {
    const row = document.createElement("tr");
    row.dataset.uci = m.uci;
    row.dataset.child = m.child;
    const present = byKey.has(m.child);
    row.className = present ? "clickable" : "absent";
    if (!present) row.title = "the position after this move has fewer games than the tree keeps";
    cell(row, "san", m.san);
    cell(row, "games", String(m.games));
    cell(row, "bar", "").append(bar(m));
    cell(row, "white", pct(m.white, m.games));
    cell(row, "draws", pct(m.draws, m.games));
    cell(row, "black", pct(m.black, m.games));
    cell(row, "rating", figure(m.rating, 0));
    cell(row, "performance", figure(m.performance, 0));
    cell(row, "eval", m.eval === null ? "-" : (m.eval > 0 ? "+" : "") + m.eval.toFixed(2));
    cell(row, "seconds", figure(m.seconds, 1));
    if (present) row.addEventListener("click", () => go(m.child, m.san));
    return row;
  }
  function show() {
    const p = byKey.get(path[path.length - 1].key);
    drawBoard(p);
    const summary = $("summary");
    summary.dataset.games = p.games;
    summary.textContent = `${p.games} ${p.games === 1 ? "game" : "games"}: White ${pct(p.white, p.games)}, ` +
      `draws ${pct(p.draws, p.games)}, Black ${pct(p.black, p.games)} (${p.variant}, ply ${p.ply})`;
    $("path").replaceChildren(...path.map((step, i) => {
      const s = document.createElement("span");
      s.className = "step" + (i === path.length - 1 ? " current" : "");
      s.dataset.index = i;
      s.textContent = i === 0 ? (step.san || "Start") : step.san;
      s.addEventListener("click", () => { ahead = path.slice(i + 1).reverse().concat(ahead); path = path.slice(0, i + 1); show(); });
      return s;
    }));
    $("moves-body").replaceChildren(...p.moves.map(moveRow));
    $("back").disabled = path.length < 2;
    $("forward").disabled = ahead.length === 0;
    $("fen-input").value = p.fen;
  }
  function go(key, san) { path.push({key, san}); ahead = []; $("fen-message").textContent = ""; show(); }
  function back() { if (path.length > 1) { ahead.push(path.pop()); show(); } }
  function forward() { if (ahead.length) { path.push(ahead.pop()); show(); } }
  $("back").addEventListener("click", back);
  $("forward").addEventListener("click", forward);
  $("root").addEventListener("click", () => { path = [{key: rootKey, san: ""}]; ahead = []; show(); });
  $("fen-form").addEventListener("submit", e => {
    e.preventDefault();
    const fen = $("fen-input").value.trim().split(/\s+/).slice(0, 4).join(" ");
    const current = byKey.get(path[path.length - 1].key);
    const found = byFen.get(current.variant + " " + fen) ||
      positions.find(p => p.fen === fen);
    if (!found) { $("fen-message").textContent = "No game of the tree reached this position."; return; }
    $("fen-message").textContent = "";
    path = [{key: found.key, san: "FEN"}];
    ahead = [];
    show();
  });
  document.addEventListener("keydown", e => {
    if (e.target === $("fen-input")) return;
    if (e.key === "ArrowLeft") back();
    else if (e.key === "ArrowRight") forward();
    else if (e.key === "Home") $("root").click();
  });
  if (!byKey.has(rootKey)) { $("summary").textContent = "The tree is empty."; return; }
  path = [{key: rootKey, san: ""}];
  show();
})();
)js";

// "</script>" inside a JSON string must not end its element: '<' occurs only inside strings.
void append_script_json(std::string& out, std::string_view json) {
    for (char c : json) {
        if (c == '<') out += "\\u003c";
        else out += c;
    }
}

} // namespace

std::string TreePage::begin() const {
    const BoardColors& colors = board_colors(BoardTheme::Brown);
    std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    out += fmt::format("<meta name=\"generator\" content=\"horde-tree\">\n<title>{}</title>\n", html_escape(title_));
    out += fmt::format("<style>:root{{--light:{};--dark:{};--frame:{}}}{}</style>\n</head>\n<body>\n", colors.light,
                       colors.dark, colors.frame, TREE_CSS);
    out += fmt::format("<header><h1>{}</h1></header>\n<div id=\"layout\">\n<div id=\"board-area\">\n", html_escape(title_));
    out += "<svg id=\"board\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 360 360\" role=\"img\" "
           "aria-label=\"board\">\n<defs>\n";
    for (const PieceImage& image : all_piece_images()) out += piece_symbol(image) + '\n';
    out += "</defs>\n<g id=\"squares\"></g><g id=\"coords\"></g><g id=\"pieces\"></g>\n</svg>\n"
           "<div id=\"controls\"><button id=\"root\" title=\"The start (Home)\">Start</button>"
           "<button id=\"back\" title=\"Back (Left)\">Back</button><button id=\"forward\" title=\"Forward (Right)\">"
           "Forward</button></div>\n<form id=\"fen-form\"><input id=\"fen-input\" aria-label=\"FEN\" "
           "spellcheck=\"false\"><button id=\"fen-go\" type=\"submit\">Go</button></form>\n"
           "<div id=\"fen-message\"></div>\n</div>\n<div id=\"side\">\n<nav id=\"path\"></nav>\n"
           "<div id=\"summary\"></div>\n<table id=\"moves\"><thead><tr><th>Move</th><th>Games</th><th>W / D / B</th>"
           "<th>White</th><th>Draw</th><th>Black</th><th>Rating</th><th>Perf.</th><th>Eval</th><th>Time</th></tr>"
           "</thead><tbody id=\"moves-body\"></tbody></table>\n</div>\n</div>\n";
    // Which drawn figure stands for each FEN letter, per variant (Orda's black king is the khan).
    std::string symbols;
    JsonObject all(symbols);
    for (const Variant v : {Variant::Chess, Variant::Chess960, Variant::Horde, Variant::Orda}) {
        JsonObject letters(all.name(variant_name(v)));
        for (Color c : {WHITE, BLACK})
            for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt) {
                const Piece p = make_piece(c, PieceType(pt));
                letters.string(std::string(1, piece_char(p)), piece_symbol_id(piece_image(p, v)));
            }
        letters.end();
    }
    all.end();
    out += "<script type=\"application/json\" id=\"piece-symbols\">" + symbols + "</script>\n";
    out += "<script type=\"application/json\" id=\"tree-data\">[\n";
    return out;
}

void TreePage::append_position(std::string& out, const tree::PositionStats& p) {
    if (positions_++) out += ",\n";
    std::string json;
    append_tree_position_json(json, p);
    append_script_json(out, json);
}

std::string TreePage::end(std::uint64_t root) const {
    std::string out = fmt::format("\n]</script>\n<script type=\"application/json\" id=\"tree-root\">\"{:016x}\"</script>\n<script>", root);
    out += TREE_SCRIPT;
    out += "</script>\n</body>\n</html>\n";
    return out;
}

} // namespace horde::report
