#!/usr/bin/env bash
# horde-tree's NDJSON against tree_reference.py, an independent tree computed from horde-list's
# position rows, on the corpora of all four variants and the transposition fixture: every
# position, its games and results, every move with its games, results, rating, performance,
# eval, time, dates, examples and child. Needs python3.
# Usage: tree_reference.sh <horde-tree> <horde-list> <testdata>
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
TREE=${1:?usage: $0 <horde-tree> <horde-list> <testdata>}
LIST=${2:?} DATA=${3:?}
need python3 python3
REFERENCE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/tree_reference.py"
make_workdir horde-tree-reference
FIELDS=file,game,ply,uci,fen,variant,Result,WhiteElo,BlackElo,Date,UTCDate,Site,TimeControl,eval,clk,emt

# compare <name> <max-ply> <files...>
compare() {
    local name=$1 max_ply=$2
    shift 2
    "$LIST" --fields "$FIELDS" --format json "$@" >"$WORK/$name.rows" 2>/dev/null
    run_tool "$TREE" -q --min-games 1 --max-ply "$max_ply" --examples 2 "$@"
    cp "$WORK/out" "$WORK/$name.tree"
    expect_match "$WORK/$name.tree" '^\{"fen":' "$name: the tree is not empty"
    CHECKS=$((CHECKS + 1))
    python3 "$REFERENCE" "$WORK/$name.rows" "$WORK/$name.tree" "$max_ply" 2 >"$WORK/$name.diff" 2>&1 ||
        fail "$name (--max-ply $max_ply): horde-tree differs from the reference: $(head -c 1500 "$WORK/$name.diff")"
}

compare chess 12 "$DATA/games/chess-valid.pgn"
compare chess960 12 "$DATA/games/chess960-valid.pgn"
compare horde 16 "$DATA/games/horde-valid.pgn"
compare orda 16 "$DATA/games/orda-valid.pgn"
compare transpositions 20 "$DATA/tree/transpositions.pgn"
# Real-shaped games: clocks, evals, ratings, several files in one tree (examples name the file).
compare mixed 8 "$DATA/games/chess-valid.pgn" "$DATA/games/horde-valid.pgn" "$DATA/select/games.pgn"
finish
