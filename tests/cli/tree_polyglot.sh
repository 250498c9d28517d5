#!/usr/bin/env bash
# horde-tree --format polyglot against Debian's `polyglot make-book` (the peer the book format
# comes from): on the same valid chess file with the same options, the two books are byte for
# byte the same — entries, weights and their order. make-book reads no FEN tag, so the file is
# the corpus's games from the standard start (chosen by horde-check --where). A repeated file
# makes the hottest moves pass 16384 games, so that make-book's halving is compared too.
# Skipped (exit 77) without polyglot.
# Usage: tree_polyglot.sh <horde-tree> <horde-check> <testdata>
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
TREE=${1:?usage: $0 <horde-tree> <horde-check> <testdata>}
CHECK=${2:?} DATA=${3:?}
POLYGLOT=$(command -v polyglot || echo /usr/games/polyglot)
[ -x "$POLYGLOT" ] || skip "polyglot is not installed (Debian: apt-get install polyglot)"
make_workdir horde-tree-polyglot
cd "$WORK" || exit 2

run_tool "$CHECK" -q --where 'not has(FEN)' --valid-out std.pgn "$DATA/games/chess-valid.pgn"
expect_status 0 "the standard-start games of the chess corpus"
games=$(grep -c '^\[Event ' std.pgn)
[ "$games" -ge 100 ] || fail "only $games standard-start games to make books of"

# book <name> <pgn> <make-book options...>: both books, compared byte for byte.
book() {
    local name=$1 pgn=$2 ours=()
    shift 2
    "$POLYGLOT" make-book -pgn "$pgn" -bin "$name-polyglot.bin" "$@" >"$name-polyglot.log" 2>&1 ||
        { fail "$name: polyglot make-book failed: $(tail -n 2 "$name-polyglot.log")"; return; }
    while [ $# -gt 0 ]; do
        case $1 in
        -max-ply) ours+=(--max-ply "$2"); shift 2 ;;
        -min-game) ours+=(--min-games "$2"); shift 2 ;;
        -min-score) ours+=(--min-score "$2"); shift 2 ;;
        -only-white | -only-black | -uniform) ours+=("-$1"); shift ;;
        *) fail "book: no horde-tree option for $1"; return ;;
        esac
    done
    run_tool "$TREE" --format polyglot -q -o "$name.bin" "${ours[@]}" "$pgn"
    expect_status 0 "$name: horde-tree ${ours[*]}"
    [ -s "$name-polyglot.bin" ] || fail "$name: make-book wrote an empty book (the comparison would prove nothing)"
    expect_same_file "$name.bin" "$name-polyglot.bin" "$name: horde-tree's book against make-book's"
}

book defaults std.pgn -max-ply 30
book white std.pgn -max-ply 20 -min-game 1 -only-white
book black-uniform std.pgn -max-ply 40 -min-game 2 -only-black -uniform
book min-score std.pgn -max-ply 16 -min-game 1 -min-score 60
# make-book's own depth (its default, 1024): every move of every game.
book full-depth std.pgn -max-ply 1024
# No option on either side: the same command line gives the same book (both default to 1024 plies).
book no-options std.pgn
# Threads do not change the book (the games reach it in input order).
run_tool "$TREE" --format polyglot -q --threads 3 -o threads.bin --max-ply 30 std.pgn
expect_same_file threads.bin defaults.bin "--threads 3 against one thread"

# The halving: 400 copies give the most played first moves more than 16384 games.
for _ in $(seq 400); do cat std.pgn; done >many.pgn
book halving many.pgn -max-ply 6 -min-game 1
finish
