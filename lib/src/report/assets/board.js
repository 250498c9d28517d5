
"use strict";
function hordeBoard(board) {
  const SQ = 45, NS = "http://www.w3.org/2000/svg";
  const layers = {};
  for (const id of ["squares", "marks", "coords", "pieces"]) layers[id] = board.querySelector("#" + id);
  function el(name, attrs, text) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function name(s) { return "abcdefgh"[s % 8] + (1 + (s >> 3)); }
  return function draw(v) {
    const xy = s => { const f = s % 8, r = s >> 3; return v.flipped ? [(7 - f) * SQ, r * SQ] : [f * SQ, (7 - r) * SQ]; };
    const onLight = s => ((s % 8) + (s >> 3)) % 2 === 1;
    for (const id in layers) layers[id].replaceChildren();
    for (let s = 0; s < 64; s++) {
      const [x, y] = xy(s);
      layers.squares.append(el("rect", {class: "square " + (onLight(s) ? "light" : "dark"), "data-square": name(s),
                                        x, y, width: SQ, height: SQ}));
    }
    for (const s of v.from >= 0 ? [v.from, v.to] : []) {
      const [x, y] = xy(s);
      layers.marks.append(el("rect", {class: "last", x, y, width: SQ, height: SQ}));
    }
    for (const s of v.checks) {
      const [x, y] = xy(s);
      layers.marks.append(el("rect", {class: "check", x, y, width: SQ, height: SQ, fill: "url(#check-glow)"}));
    }
    for (let i = 0; i < 8; i++) {
      const file = v.flipped ? 7 - i : i, rank = v.flipped ? 7 - i : i;
      const bottom = v.flipped ? file + 56 : file, left = v.flipped ? rank * 8 + 7 : rank * 8;
      const cls = s => "coord " + (onLight(s) ? "on-light" : "on-dark");
      layers.coords.append(el("text", {class: cls(bottom), x: i * SQ + SQ - 2, y: 8 * SQ - 3, "text-anchor": "end"},
                              "abcdefgh"[file]));
      layers.coords.append(el("text", {class: cls(left), x: 2, y: (7 - i) * SQ + 10}, String(rank + 1)));
    }
    for (let s = 0; s < 64; s++) {
      const c = v.squares[s];
      if (c === ".") continue;
      const [x, y] = xy(s);
      layers.pieces.append(el("use", {class: "piece", href: "#" + v.pieces[c], "data-square": name(s),
                                      x, y, width: SQ, height: SQ}));
    }
    board.setAttribute("data-fen", v.fen);
    board.classList.toggle("flipped", v.flipped);
  };
}
