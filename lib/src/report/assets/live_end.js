
  const API_VARIANT = {chess: "standard", chess960: "chess960", horde: "horde", orda: "orda"};
  const VARIANT_OF = {standard: "chess", chess960: "chess960", horde: "horde", orda: "orda"};
  const keyOf = (variant, fen) => variant + ":" + fen.replace(/\//g, ".").replace(/ /g, "_");
  const variantOf = key => key.slice(0, key.indexOf(":"));
  const fenOf = key => key.slice(key.indexOf(":") + 1).replace(/\./g, "/").replace(/_/g, " ");
  const serverMessage = document.getElementById("server-message"), startKeys = {};

  async function ask(path) { // the server's JSON, or its {"error"} as an exception
    const response = await fetch(path);
    const body = await response.json();
    if (!response.ok) throw new Error(body.error || response.statusText);
    return body;
  }
  const positionQuery = (variant, fen) => "variant=" + API_VARIANT[variant] + (fen ? "&fen=" + encodeURIComponent(fen) : "");
  async function askPosition(variant, fen) { // the position's key, its FEN and where its moves lead known
    const p = await ask("/position?" + positionQuery(variant, fen)), children = {};
    const key = keyOf(VARIANT_OF[p.variant], p.fen), [, side, , , , full] = p.fen.split(" ");
    for (const uci in p.moves) children[uci] = keyOf(VARIANT_OF[p.variant], p.moves[uci]);
    infos.set(key, {fen: p.fen, variant: VARIANT_OF[p.variant], ply: 2 * (Number(full) - 1) + (side === "b" ? 1 : 0), children});
    return key;
  }
  async function load(key) { // an address may spell a FEN otherwise than the server: both keys known
    if (!infos.has(key)) {
      const known = await askPosition(variantOf(key), fenOf(key));
      if (known !== key) infos.set(key, infos.get(known));
    }
    const k = filterQuery + "|" + key;
    if (!figures.has(k)) figures.set(k, await ask("/lichess?" + positionQuery(variantOf(key), fenOf(key)) + "&moves=256" + filterQuery));
  }
  function livePosition(key) { // the server's answer in the shape of horde-tree's positions
    const info = infos.get(key), f = figures.get(filterQuery + "|" + key) || {white: 0, draws: 0, black: 0, moves: []};
    const games = r => r.white + r.draws + r.black;
    return {key, fen: info.fen, variant: info.variant, ply: info.ply, games: games(f), white: f.white, draws: f.draws,
            black: f.black, answer: f,
            moves: f.moves.map(m => ({uci: m.uci, san: m.san, games: games(m), white: m.white, draws: m.draws, black: m.black,
                                      rating: m.averageRating || null, performance: null, eval: null, seconds: null,
                                      first_date: null, last_date: null, child: info.children[m.uci],
                                      examples: m.game ? [m.game.white.name + " \u2013 " + m.game.black.name] : []}))};
  }

  function gameItem(g, answer) {
    const li = document.createElement("li"), a = document.createElement("a");
    const move = answer.moves.find(m => m.uci === g.uci);
    li.dataset.id = g.id;
    a.href = "/game/" + encodeURIComponent(g.id);
    const player = p => p.name + " (" + (p.rating === null ? "?" : p.rating) + ")";
    a.textContent = player(g.white) + " \u2013 " + player(g.black);
    li.append(a, " " + (g.winner === "white" ? "1-0" : g.winner === "black" ? "0-1" : "\u00bd-\u00bd") + " \u00b7 " +
              (move ? move.san : g.uci) + " \u00b7 " + (g.month || g.year));
    return li;
  }
  function showGames() {
    const answer = byKey.get(line[cursor].key).answer;
    for (const [id, list] of [["top-games", answer.topGames], ["recent-games", answer.recentGames]])
      document.getElementById(id).replaceChildren(...(list || []).map(g => gameItem(g, answer)));
  }
  async function visit(keys, action) { // the positions asked for, then the action and the games shown
    try {
      for (const key of keys) await load(key);
      serverMessage.textContent = "";
    } catch (e) {
      serverMessage.textContent = "The server said: " + e.message;
      return;
    }
    action();
    showGames();
  }
  const goTo = i => { if (i >= 0 && i < line.length && i !== cursor) visit([line[i].key], () => go(i)); };

  async function fromHash() { // an address: the browser's Back and Forward, a link, a reload
    const parts = decodeURIComponent(location.hash.slice(1)).split("/").filter(x => x);
    let root = parts.length ? parts[0] : startKeys.chess;
    try { await load(root); } catch (e) { root = startKeys.chess; await load(root); }
    const steps = [{key: root, move: null}];
    for (const uci of parts.slice(1)) {
      const before = byKey.get(steps[steps.length - 1].key), child = infos.get(before.key).children[uci];
      if (!child) break;
      try { await load(child); } catch (e) { break; }
      steps.push({key: child, move: before.moves.find(m => m.uci === uci) || {uci, san: uci, child}});
    }
    const inLine = steps.length <= line.length && steps.every((s, i) => s.key === line[i].key);
    if (!inLine) line = steps;
    cursor = steps.length - 1;
    show(false);
    showGames();
  }

  function readFilters() {
    const checked = id => [...document.querySelectorAll("#" + id + " input:checked")].map(i => i.value);
    const speeds = checked("speeds"), ratings = checked("ratings");
    const since = document.getElementById("since").value, until = document.getElementById("until").value;
    filterQuery = (speeds.length ? "&speeds=" + speeds.join(",") : "") + (ratings.length ? "&ratings=" + ratings.join(",") : "") +
                  (since ? "&since=" + since : "") + (until ? "&until=" + until : "");
    visit([line[cursor].key], () => show(false));
  }
  for (const [id, values] of [["speeds", ["ultraBullet", "bullet", "blitz", "rapid", "classical", "correspondence"]],
                              ["ratings", ["0", "1000", "1200", "1400", "1600", "1800", "2000", "2200", "2500"]]])
    for (const value of values) {
      const label = document.createElement("label"), input = document.createElement("input");
      input.type = "checkbox";
      input.value = value;
      label.append(input, value === "0" ? "<1000" : value);
      document.getElementById(id).append(label, " ");
    }
  document.getElementById("filters").addEventListener("change", readFilters);
  document.getElementById("fen-form").addEventListener("submit", async e => {
    e.preventDefault();
    try {
      const key = await askPosition(variantOf(line[cursor].key), document.getElementById("fen-input").value.trim());
      fenMessage.textContent = "";
      visit([key], () => jump(key));
    } catch (error) {
      fenMessage.textContent = error.message;
    }
  });
  startList.addEventListener("change", () => visit([startList.value], () => jump(startList.value)));
  table.tBodies[0].addEventListener("click", e => {
    const tr = e.target.closest("tr[data-uci]"), p = tr && byKey.get(line[cursor].key);
    const m = p && p.moves.find(x => x.uci === tr.dataset.uci);
    if (m && m.child) visit([m.child], () => play(m));
  });
  document.getElementById("path").addEventListener("click", e => {
    const step = e.target.closest(".step");
    if (step) goTo(Number(step.dataset.index));
  });
  const actions = {
    first: () => goTo(0), prev: () => goTo(cursor - 1), next: () => goTo(cursor + 1), last: () => goTo(line.length - 1),
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
  (async () => {
    try {
      for (const variant of ["chess", "chess960", "horde", "orda"]) {
        startKeys[variant] = await askPosition(variant, "");
        const option = document.createElement("option");
        option.value = startKeys[variant];
        option.textContent = title(variant) + ": " + infos.get(startKeys[variant]).fen;
        startList.append(option);
      }
      startsBox.hidden = false;
      await fromHash();
      document.body.dataset.ready = "true";
    } catch (e) {
      serverMessage.textContent = "The server said: " + e.message;
    }
  })();
})();
