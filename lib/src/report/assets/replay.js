
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
