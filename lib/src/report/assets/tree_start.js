
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
