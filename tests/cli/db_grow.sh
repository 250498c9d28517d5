#!/usr/bin/env bash
# A database grown by adds and merges answers as one add of the same games: add in two parts,
# merge of shards (one a file, in order), the same file added again (nothing changes, the summary
# counts the games already there), the same game in another file (a lichess Site id, or the same
# tags and moves) counted once. Compared by their export, info counts, query --json of positions
# of every ply and games --format ndjson.
# Usage: db_grow.sh <horde-db> <testdata>
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
source "$(dirname "${BASH_SOURCE[0]}")/db_lib.sh"
DB=${1:?usage: $0 <horde-db> <testdata>}
DATA=${2:?}
make_workdir horde-db-grow
A=$DATA/db/tagged-chess.pgn B=$DATA/db/tagged-horde.pgn C=$DATA/games/orda-valid.pgn

# snapshot <db> <out>: what the database answers (db_lib.sh), at the positions of $WORK/fens.
snapshot() {
    db_snapshot "$1" "$WORK/fens" "$2"
}

run_tool "$DB" add -q "$WORK/one" "$A" "$B" "$C"
expect_status 0 "one add"
# Positions to ask about: some of every ply, from the export.
db_positions "$WORK/one" "$WORK/fens"
snapshot "$WORK/one" "$WORK/one.snap"
expect_match "$WORK/one.snap" '"white":[1-9]' "the snapshot has counts"

run_tool "$DB" add -q "$WORK/two" "$A"
expect_status 0 "first part"
run_tool "$DB" add -q "$WORK/two" "$B" "$C"
expect_status 0 "second part"
snapshot "$WORK/two" "$WORK/two.snap"
expect_same_file "$WORK/two.snap" "$WORK/one.snap" "add in two parts equals one add"

# Re-adding a file changes nothing; the summary says how many games were there already.
run_tool "$DB" add "$WORK/two" "$B"
expect_status 0 "re-add"
expect_match "$WORK/err" '^horde-db: 300 games, 0 added, 300 already there' "re-add: the summary"
snapshot "$WORK/two" "$WORK/two.snap"
expect_same_file "$WORK/two.snap" "$WORK/one.snap" "re-adding a file changes nothing"

# The same games in another file: a copy whose Site is another lichess URL of the same id, and
# games equal in tags and moves but spelt differently (CRLF line ends).
sed 's|^\[Site "https://lichess.org/\([A-Za-z0-9]*\)"\]|[Site "https://lichess.org/\1/black"]|' "$A" | sed 's/$/\r/' >"$WORK/copy.pgn"
run_tool "$DB" add "$WORK/two" "$WORK/copy.pgn"
expect_match "$WORK/err" '^horde-db: 300 games, 0 added, 300 already there' "the same games in another file"
snapshot "$WORK/two" "$WORK/two.snap"
expect_same_file "$WORK/two.snap" "$WORK/one.snap" "the same games in another file change nothing"

# Shards merged in order equal one add; a merge of a shard already in changes nothing.
for f in A B C; do
    run_tool "$DB" add -q "$WORK/shard-$f" "${!f}"
    expect_status 0 "shard $f"
done
run_tool "$DB" merge "$WORK/merged" "$WORK/shard-A" "$WORK/shard-B" "$WORK/shard-C"
expect_status 0 "merge"
expect_match "$WORK/err" '^horde-db: merged 3 databases' "merge: the summary"
snapshot "$WORK/merged" "$WORK/merged.snap"
expect_same_file "$WORK/merged.snap" "$WORK/one.snap" "the merge of shards equals one add"
run_tool "$DB" merge "$WORK/merged" "$WORK/shard-B"
expect_match "$WORK/err" '300 games, 0 added, 300 already there' "merging a shard again adds nothing"
# Part-added and merged: the first part by add, the rest by a merge.
run_tool "$DB" add -q "$WORK/mixed" "$A"
run_tool "$DB" merge "$WORK/mixed" "$WORK/shard-B" "$WORK/shard-C"
snapshot "$WORK/mixed" "$WORK/mixed.snap"
expect_same_file "$WORK/mixed.snap" "$WORK/one.snap" "an add then a merge equals one add"
# Small memory: the add writes several runs and merges them; the same database.
run_tool "$DB" add --memory 1M "$WORK/runs" "$A" "$B" "$C"
expect_match "$WORK/err" 'runs' "--memory 1M writes several runs"
snapshot "$WORK/runs" "$WORK/runs.snap"
expect_same_file "$WORK/runs.snap" "$WORK/one.snap" "an add in several runs equals one add"
# A game whose Site id another game of the add has already (a pychess game of a lichess game's
# id, in a later run): the id stays the first game's, in one run or in several.
sed 's|^\[Site "https://lichess.org/|[Site "https://pychess.org/|' "$A" >"$WORK/pychess.pgn"
run_tool "$DB" add -q "$WORK/ids-one" "$A" "$B" "$WORK/pychess.pgn"
expect_status 0 "ids: one run"
run_tool "$DB" add --memory 1M "$WORK/ids-runs" "$A" "$B" "$WORK/pychess.pgn"
expect_match "$WORK/err" 'runs' "ids: several runs"
"$DB" games "$WORK/ids-runs" --variant chess --format ndjson >"$WORK/ids.ndjson" 2>/dev/null
expect_eq "$(grep -c '"id":"eBc77q3j"' "$WORK/ids.ndjson")" 1 "a Site id names one game, across runs"
expect_match "$WORK/ids.ndjson" '"id":"#[0-9]+".*"Site":"https://pychess.org/eBc77q3j"' "the later game is known by its serial"
snapshot "$WORK/ids-one" "$WORK/ids-one.snap"
snapshot "$WORK/ids-runs" "$WORK/ids-runs.snap"
expect_same_file "$WORK/ids-runs.snap" "$WORK/ids-one.snap" "ids: several runs equal one"
# Games added under --variant (a Horde file without its Variant tags) are read again in that
# variant by export and merge, between games added without it (the stream's segments): the same
# export as the tagged file's database, and a merge equal to its shard.
mkdir -p "$WORK/untagged" "$WORK/tagged"
cp "$A" "$WORK/untagged/chess.pgn"
cp "$A" "$WORK/tagged/chess.pgn"
grep -v '^\[Variant ' "$B" >"$WORK/untagged/horde.pgn"
cp "$B" "$WORK/tagged/horde.pgn"
STATUS=0
(cd "$WORK/untagged" && "$DB" add -q "$WORK/forced" chess.pgn && "$DB" add -q --variant horde "$WORK/forced" horde.pgn &&
    "$DB" add -q "$WORK/forced" chess.pgn) 2>"$WORK/err" || STATUS=$?
expect_status 0 "--variant horde between plain adds"
STATUS=0
(cd "$WORK/tagged" && "$DB" add -q "$WORK/tagged-db" chess.pgn && "$DB" add -q "$WORK/tagged-db" horde.pgn) 2>"$WORK/err" || STATUS=$?
expect_status 0 "the tagged files"
STATUS=0
"$DB" export --min-games 1 "$WORK/forced" >"$WORK/forced.export" 2>"$WORK/err" || STATUS=$?
expect_status 0 "--variant horde: export"
expect_eq "$(grep -c 'error' "$WORK/err")" 0 "--variant horde: export reads every game without an error"
expect_match "$WORK/err" '^horde-db: 600 games' "--variant horde: export reads every game"
"$DB" export --min-games 1 "$WORK/tagged-db" >"$WORK/tagged.export" 2>/dev/null
expect_match "$WORK/forced.export" '"variant":"horde"' "--variant horde: the export has Horde positions"
expect_same_file "$WORK/forced.export" "$WORK/tagged.export" "export reads each game in the variant it was added in"
run_tool "$DB" merge "$WORK/forced-merged" "$WORK/forced"
expect_match "$WORK/err" '600 games, 600 added' "--variant horde: the merge adds every game"
db_positions "$WORK/forced" "$WORK/forced-fens"
db_snapshot "$WORK/forced" "$WORK/forced-fens" "$WORK/forced.snap"
db_snapshot "$WORK/forced-merged" "$WORK/forced-fens" "$WORK/forced-merged.snap"
expect_same_file "$WORK/forced-merged.snap" "$WORK/forced.snap" "a merge reads each game in the variant it was added in"
# Threads do not change the database.
run_tool "$DB" add -q --threads 1 "$WORK/t1" "$A" "$B" "$C"
snapshot "$WORK/t1" "$WORK/t1.snap"
expect_same_file "$WORK/t1.snap" "$WORK/one.snap" "one thread equals every core"
finish
