#!/usr/bin/env bash
# horde-db export against horde-tree over the same games: for the corpora of all four variants
# (and the tagged ones: ratings, dates, lichess Sites), every format and --min-games, byte for byte.
# Usage: db_export.sh <horde-db> <horde-tree> <testdata>
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
DB=${1:?usage: $0 <horde-db> <horde-tree> <testdata>}
TREE=${2:?} DATA=${3:?}
make_workdir horde-db-export

# compare <name> <max-ply> <files...>: one database of the files, exported as horde-tree writes them.
compare() {
    local name=$1 max_ply=$2
    shift 2
    run_tool "$DB" add -q --max-ply "$max_ply" "$WORK/$name.db" "$@"
    expect_status 0 "$name: add"
    local args
    for args in "--format ndjson --min-games 1" "--format ndjson" "--format csv --min-games 1" "--format tsv --min-ply 2" \
        "--format epd --min-games 3" "--format ndjson --max-ply 6 --min-games 1"; do
        local tree_ply=--max-ply=$max_ply
        case $args in *--max-ply*) tree_ply= ;; esac
        # shellcheck disable=SC2086
        run_tool "$TREE" -q $tree_ply $args "$@"
        expect_status 0 "$name: horde-tree $args"
        cp "$WORK/out" "$WORK/tree.out"
        # shellcheck disable=SC2086
        run_tool "$DB" export "$WORK/$name.db" $args
        expect_status 0 "$name: export $args"
        if [ "$args" = "--format ndjson --min-games 1" ]; then
            expect_match "$WORK/out" '^\{"fen":' "$name: the export is not empty"
        fi
        expect_same_file "$WORK/out" "$WORK/tree.out" "$name: export $args equals horde-tree's"
    done
}

compare chess 50 "$DATA/games/chess-valid.pgn"
compare chess960 50 "$DATA/games/chess960-valid.pgn"
compare horde 50 "$DATA/games/horde-valid.pgn"
compare orda 50 "$DATA/games/orda-valid.pgn"
compare tagged 30 "$DATA/db/tagged-chess.pgn" "$DATA/db/tagged-horde.pgn"
# Games without a Site tag: examples are named FILE#GAME after the file the game was added from.
grep -v '^\[Site ' "$DATA/games/chess-valid.pgn" >"$WORK/nosite.pgn"
compare nosite 20 "$DATA/tree/transpositions.pgn" "$WORK/nosite.pgn"
finish
