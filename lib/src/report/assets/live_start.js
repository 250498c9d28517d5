
(function () {
  const settings = JSON.parse(document.getElementById("explorer-settings").textContent);
  const board = document.getElementById("board"), drawBoard = hordeBoard(board);
  const table = document.getElementById("moves"), startsBox = document.getElementById("starts-box");
  const startList = document.getElementById("starts"), fenMessage = document.getElementById("fen-message");
  const title = s => s[0].toUpperCase() + s.slice(1);
  // What the server said, by position key ("horde:FEN", the FEN's "/" as "." and " " as "_"):
  // the FEN and where each legal move leads (/position), and the figures under each set of
  // filters (/lichess, by filters and key).
  const infos = new Map(), figures = new Map();
  let filterQuery = "";
  const byKey = { // explorer_view.js's positions: any move can be asked of the server
    has: () => true,
    get: key => livePosition(key),
  };
  let line = [], cursor = 0, flipped = false; // line[i] = {key, move: the move from line[i - 1]}
