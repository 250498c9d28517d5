
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
