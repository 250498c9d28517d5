
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
