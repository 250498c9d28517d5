// The explorer page of horde-tree (tree_page.hpp): the fixed HTML, CSS and script around the
// positions' NDJSON records.
#include "horde/report/tree_page.hpp"

#include "horde/report/html_board.hpp"
#include "horde/report/json.hpp"

#include <fmt/format.h>

namespace horde::report {

namespace {

// The board on the left, the path and the move table beside it, or under it on a narrow
// (phone) window, where the dates and examples are left out.
constexpr std::string_view TREE_CSS = R"css(
#layout{display:flex;flex-wrap:wrap;gap:14px;padding:12px;align-items:flex-start}
#board-area{flex:0 1 480px;min-width:260px}
#status{font-weight:600;min-height:1.5em}
#fen-form{display:flex;gap:6px;margin-top:8px}
#fen-input{flex:1;min-width:0;font:13px monospace;padding:4px}
#fen-message{color:#a33;font-size:13px;min-height:1.3em}
#side{flex:1 1 440px;min-width:260px;max-width:900px}
#starts-box{margin-bottom:6px;font-size:13px}
#starts{max-width:100%}
#path{background:#fff;border:1px solid #ddd;border-radius:6px;padding:6px 10px;margin-bottom:8px}
.step{cursor:pointer;padding:0 3px;border-radius:3px;white-space:nowrap;display:inline-block}
.step:hover{background:#e4e9f0}
.step.current{background:var(--frame);color:#fff}
.step.ahead{color:#888}
#table-box{overflow-x:auto}
#moves{width:100%;border-collapse:collapse;background:#fff;border:1px solid #ddd;font-size:13px}
#moves th{text-align:left;font-weight:600;color:#555;padding:4px 6px;border-bottom:1px solid #ddd;white-space:nowrap}
#moves td{padding:3px 6px;border-bottom:1px solid #eee;white-space:nowrap}
#moves .games,#moves .rating,#moves .performance,#moves .eval,#moves .seconds{text-align:right}
#moves tbody tr.move{cursor:pointer}
#moves tbody tr.move:hover{background:#e4e9f0}
#moves tbody tr.dead{cursor:not-allowed;color:#999}
#moves tfoot td{font-weight:600;border-top:2px solid #ddd}
#moves .san{font-weight:600}
#moves .wdl{width:40%;min-width:120px}
#moves .examples{max-width:220px;overflow:hidden;text-overflow:ellipsis;color:#555}
#moves.no-rating .rating,#moves.no-rating .performance,#moves.no-eval .eval,#moves.no-seconds .seconds,
#moves.no-dates .dates,#moves.no-examples .examples{display:none}
.bar{display:flex;height:18px;border:1px solid #999;border-radius:3px;overflow:hidden;background:#d8d8d8;font-size:11px;line-height:16px}
.bar span{text-align:center;overflow:hidden}
.bar .w{background:#fff;color:#222}.bar .d{background:#a0a0a0;color:#111}.bar .b{background:#333;color:#eee}
#no-moves{color:#555}
@media (max-width:600px){#layout{padding:6px;gap:8px}#board-area,#side{flex:1 1 100%}#moves .dates,#moves .examples{display:none}}
)css";

// The explorer: the positions by key, a line of steps from a start position (the moves played,
// with those ahead of the cursor kept for Forward), the address #KEY/UCI/UCI... in the browser's
// history.
constexpr std::string_view TREE_SCRIPT = R"js(
(function () {
  const data = JSON.parse(document.getElementById("tree-data").textContent);
  const settings = JSON.parse(document.getElementById("tree-settings").textContent);
  const board = document.getElementById("board"), drawBoard = hordeBoard(board);
  const table = document.getElementById("moves"), startsBox = document.getElementById("starts-box");
  const startList = document.getElementById("starts"), fenMessage = document.getElementById("fen-message");
  const byKey = new Map(data.map(p => [p.key, p]));
  const byGames = (a, b) => b.games - a.games || (a.key < b.key ? -1 : 1);
  const starts = data.filter(p => p.ply === 0).sort(byGames);
  const first = byKey.has(settings.root) ? settings.root
              : (starts[0] || [...data].sort((a, b) => a.ply - b.ply || byGames(a, b))[0] || {}).key;
  const title = s => s[0].toUpperCase() + s.slice(1);
  let line = [], cursor = 0, flipped = false; // line[i] = {key, move: the move from line[i - 1]}

  function squaresOf(fen) { // the FEN's board as 64 letters or ".", a1 to h8
    let out = "";
    const rows = fen.split(" ")[0].split("/");
    for (let r = rows.length - 1; r >= 0; r--)
      for (const c of rows[r]) out += c >= "1" && c <= "8" ? ".".repeat(Number(c)) : c;
    return out;
  }
  const square = name => name.charCodeAt(0) - 97 + 8 * (Number(name[1]) - 1);
  function checksOf(p, move, squares) { // the checked king: the move's SAN says check
    if (!move || !/[+#]$/.test(move.san)) return [];
    const king = p.fen.split(" ")[1] === "w" ? "K" : "k", out = [];
    for (let s = 0; s < 64; s++) if (squares[s] === king) out.push(s);
    return out;
  }
  function cell(tr, cls, text) {
    const td = tr.insertCell();
    td.className = cls;
    td.textContent = text;
    return td;
  }
  function bar(r) { // White wins, draws, Black wins as parts of all games (unfinished: the rest)
    const div = document.createElement("div");
    div.className = "bar";
    div.title = "White wins " + r.white + ", draws " + r.draws + ", Black wins " + r.black +
                (r.games > r.white + r.draws + r.black ? ", unfinished " + (r.games - r.white - r.draws - r.black) : "");
    for (const [cls, n] of [["w", r.white], ["d", r.draws], ["b", r.black]]) {
      const span = document.createElement("span"), percent = r.games ? 100 * n / r.games : 0;
      span.className = cls;
      span.dataset.count = n;
      span.style.width = percent + "%";
      if (percent >= 12) span.textContent = Math.round(percent) + "%";
      div.append(span);
    }
    return div;
  }
  const signed = x => (x > 0 ? "+" : "") + x.toFixed(2);
  const dates = m => m.first_date === null ? "" : m.first_date === m.last_date ? m.first_date
                                                  : m.first_date + " \u2013 " + m.last_date;
  function missing(m) { // why the position after m is not in the page
    return m.games < settings.min_games
      ? "The position after " + m.san + " was reached by fewer than " + settings.min_games + " games (--min-games)"
      : "The position after " + m.san + " is not written (--min-ply " + settings.min_ply + ")";
  }

  function showMoves(p) {
    const body = table.tBodies[0], used = {};
    body.replaceChildren();
    for (const m of p.moves) {
      const tr = body.insertRow();
      tr.dataset.uci = m.uci;
      tr.className = byKey.has(m.child) ? "move" : "move dead";
      if (!byKey.has(m.child)) tr.title = missing(m);
      cell(tr, "san", m.san);
      cell(tr, "games", String(m.games));
      cell(tr, "wdl", "").append(bar(m));
      const figures = {rating: m.rating === null ? "" : String(Math.round(m.rating)),
                       performance: m.performance === null ? "" : String(Math.round(m.performance)),
                       eval: m.eval === null ? "" : signed(m.eval),
                       seconds: m.seconds === null ? "" : m.seconds.toFixed(2) + " s",
                       dates: dates(m), examples: m.examples.join(", ")};
      for (const k in figures) {
        cell(tr, k, figures[k]).title = k === "examples" ? m.examples.join("\n") : "";
        used[k] = used[k] || figures[k] !== "";
      }
    }
    for (const k of ["rating", "eval", "seconds", "dates", "examples"]) table.classList.toggle("no-" + k, !used[k]);
    const foot = table.tFoot.rows[0];
    foot.replaceChildren();
    cell(foot, "san", "All");
    cell(foot, "games", String(p.games));
    cell(foot, "wdl", "").append(bar(p));
    for (const k of ["rating", "performance", "eval", "seconds", "dates", "examples"]) cell(foot, k, "");
    const none = document.getElementById("no-moves");
    none.hidden = p.moves.length > 0;
    none.textContent = p.ply >= settings.max_ply ? "No move: the tree ends at ply " + settings.max_ply + " (--max-ply)."
                                                 : "No game went on from this position within the tree.";
  }

  function moveLabel(i) { // the move that led to line[i], numbered as in a game
    const before = byKey.get(line[i - 1].key), h = byKey.get(line[0].key).ply + i - 1;
    const n = Math.floor(h / 2) + 1, white = before.fen.split(" ")[1] === "w";
    return white ? n + ". " + line[i].move.san : i === 1 ? n + "... " + line[i].move.san : line[i].move.san;
  }
  function showPath() {
    const path = document.getElementById("path");
    path.replaceChildren();
    line.forEach((step, i) => {
      const span = document.createElement("span");
      span.className = "step" + (i === cursor ? " current" : i > cursor ? " ahead" : "");
      span.dataset.index = i;
      span.textContent = i === 0 ? "Start" : moveLabel(i);
      path.append(span, " ");
    });
  }

  function show(push) {
    const step = line[cursor], p = byKey.get(step.key), m = step.move, squares = squaresOf(p.fen);
    drawBoard({fen: p.fen, squares, pieces: settings.pieces[p.variant], flipped, checks: checksOf(p, m, squares),
               from: m ? square(m.uci.slice(0, 2)) : -1, to: m ? square(m.uci.slice(2, 4)) : -1});
    board.setAttribute("data-key", p.key);
    board.setAttribute("data-variant", p.variant);
    document.getElementById("status").textContent = title(p.variant) + " \u00b7 " +
      (p.fen.split(" ")[1] === "w" ? "White" : "Black") + " to move \u00b7 " + p.games + (p.games === 1 ? " game" : " games");
    showMoves(p);
    showPath();
    startList.value = line[0].key;
    const hash = "#" + [line[0].key, ...line.slice(1, cursor + 1).map(s => s.move.uci)].join("/");
    if (location.hash !== hash) history[push ? "pushState" : "replaceState"](null, "", hash);
  }
  function go(i) {
    if (i < 0 || i >= line.length || i === cursor) return;
    cursor = i;
    show(true);
  }
  function play(m) {
    if (!byKey.has(m.child)) return;
    const next = line[cursor + 1];
    if (!next || next.move.uci !== m.uci) line = [...line.slice(0, cursor + 1), {key: m.child, move: m}];
    cursor++;
    show(true);
  }
  function jump(key) { // a position from the start list or the FEN box: a new line, or its place in this one
    const i = line.findIndex(s => s.key === key);
    if (i >= 0) return go(i);
    line = [{key, move: null}];
    cursor = 0;
    show(true);
  }

  function fromHash() { // an address: the browser's Back and Forward, a link, a reload
    const parts = decodeURIComponent(location.hash.slice(1)).split("/").filter(x => x);
    const steps = [{key: parts.length && byKey.has(parts[0]) ? parts[0] : first, move: null}];
    for (const uci of parts.slice(1)) {
      const m = byKey.get(steps[steps.length - 1].key).moves.find(x => x.uci === uci);
      if (!m || !byKey.has(m.child)) break;
      steps.push({key: m.child, move: m});
    }
    const inLine = steps.length <= line.length && steps.every((s, i) => s.key === line[i].key);
    if (!inLine) line = steps;
    cursor = steps.length - 1;
    show(false);
  }

  function findFen(text) { // the first four fields; else without the en passant field
    const fields = text.trim().split(/\s+/).slice(0, 4), variant = byKey.get(line[cursor].key).variant;
    const best = list => list.sort((a, b) => (b.variant === variant) - (a.variant === variant) || byGames(a, b))[0];
    const exact = best(data.filter(p => p.fen === fields.join(" ")));
    if (exact || fields.length < 3) return exact;
    const three = fields.slice(0, 3).join(" ");
    return best(data.filter(p => p.fen.split(" ").slice(0, 3).join(" ") === three));
  }
  document.getElementById("fen-form").addEventListener("submit", e => {
    e.preventDefault();
    const p = findFen(document.getElementById("fen-input").value);
    fenMessage.textContent = p ? "" : "No position of this tree has this FEN (its first four fields).";
    if (p) jump(p.key);
  });
  for (const p of starts.slice(0, 500)) { // the most played: games from set-up positions can have thousands
    const option = document.createElement("option");
    option.value = p.key;
    option.textContent = title(p.variant) + ", " + p.games + (p.games === 1 ? " game: " : " games: ") + p.fen;
    startList.append(option);
  }
  startsBox.hidden = starts.length < 2;
  startList.addEventListener("change", () => jump(startList.value));
  table.tBodies[0].addEventListener("click", e => {
    const tr = e.target.closest("tr[data-uci]");
    if (tr) play(byKey.get(line[cursor].key).moves.find(m => m.uci === tr.dataset.uci));
  });
  document.getElementById("path").addEventListener("click", e => {
    const step = e.target.closest(".step");
    if (step) go(Number(step.dataset.index));
  });
  const actions = {
    first: () => go(0), prev: () => go(cursor - 1), next: () => go(cursor + 1), last: () => go(line.length - 1),
    flip: () => { flipped = !flipped; show(false); },
  };
  for (const id of ["first", "prev", "next", "flip"]) document.getElementById(id).addEventListener("click", actions[id]);
  document.addEventListener("keydown", e => {
    const key = {ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last", f: "flip"}[e.key];
    if (!key || e.altKey || e.ctrlKey || e.metaKey || e.target.closest("input, select, textarea")) return;
    e.preventDefault();
    actions[key]();
  });
  window.addEventListener("popstate", fromHash);
  if (first === undefined) document.getElementById("status").textContent = "No position in this tree.";
  else fromHash();
})();
)js";

} // namespace

std::string TreePage::begin() const {
    const BoardColors& colors = board_colors(options_.theme);
    std::string out = html_page_start("horde-tree", options_.title, colors, TREE_CSS);
    out += "<div id=\"layout\">\n<div id=\"board-area\">\n" + html_board_svg(colors, false);
    out += html_controls({{"first", "Start (Home)", BoardIcon::First},
                          {"prev", "Back (Left)", BoardIcon::Back},
                          {"next", "Forward (Right)", BoardIcon::Forward},
                          {"flip", "Flip the board (f)", BoardIcon::Flip}});
    out += "<div id=\"status\"></div>\n"
           "<form id=\"fen-form\"><input id=\"fen-input\" type=\"text\" placeholder=\"FEN\" aria-label=\"FEN\" "
           "spellcheck=\"false\" autocomplete=\"off\"><button id=\"fen-go\" type=\"submit\">Go</button></form>\n"
           "<div id=\"fen-message\" role=\"status\"></div>\n</div>\n<div id=\"side\">\n"
           "<div id=\"starts-box\" hidden><label>Start position <select id=\"starts\"></select></label></div>\n"
           "<nav id=\"path\"></nav>\n<div id=\"table-box\"><table id=\"moves\"><thead><tr><th>Move</th><th "
           "class=\"games\">Games</th><th class=\"wdl\">White / draws / Black</th><th class=\"rating\" title=\"mean "
           "rating of the player to move\">Rating</th><th class=\"performance\" title=\"performance of the player to "
           "move\">Perf.</th><th class=\"eval\" title=\"mean evaluation after the move\">Eval</th><th class=\"seconds\" "
           "title=\"mean time spent on the move\">Time</th><th class=\"dates\">Dates</th><th "
           "class=\"examples\">Examples</th></tr></thead><tbody></tbody><tfoot><tr></tr></tfoot></table></div>\n"
           "<p id=\"no-moves\" hidden></p>\n</div>\n</div>\n"
           "<script type=\"application/json\" id=\"tree-data\">[\n";
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
    out += "</script>\n" + html_page_end(TREE_SCRIPT);
    return out;
}

} // namespace horde::report
