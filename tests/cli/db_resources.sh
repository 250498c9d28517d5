#!/usr/bin/env bash
# horde-db within its means: memory and open files.
# An add keeps to its --memory budget: on one and on two threads, with a budget small
# enough for many runs, its peak RSS is at most an empty add's (the process and its libraries'
# code) plus the budget plus 16 MiB, on two inputs of other shapes: many short games (the
# visits fill the budget) and games each carrying a 60 KB comment (their PGN fills it, as an
# engine match's analysis does; a batch of 256 such games once held 12 MB outside the budget).
# The database is the same as one add at the default budget; and an add of more runs than the
# commit merges at once (64: merged first in passes) ends as one add too, with 400 files open at
# most (it once stopped with "Too many open files").
# HORDE_SANITIZED=1 (ASan/UBSan builds): the peaks, which a sanitizer's shadow memory makes
# meaningless, are reported but not asserted, and the inputs are smaller.
# A merge of 100 shards (a shard a game file) runs with 200 files open at most (it once opened
# every shard at once: "Too many open files"), and equals one add of the files in order. A
# database grown by 40 adds keeps at most 2 write-ahead logs and is queried with 64 files open.
# Usage: db_resources.sh <horde-db> <testdata>
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
DB=${1:?usage: $0 <horde-db> <testdata>}
DATA=${2:?}
SANITIZED=${HORDE_SANITIZED:-0}
make_workdir horde-db-resources

# (smaller inputs under the sanitizers, under a smaller budget: several runs all the same)
COPIES=24 COMMENT_BYTES=60000 BUDGET_MB=4
[ "$SANITIZED" = 1 ] && COPIES=4 COMMENT_BYTES=20000 BUDGET_MB=1
# Short games: the corpora again and again, each copy's games made new games by their Event and
# Site (the same tags and moves, or the same lichess id, would count once).
for i in $(seq 1 "$COPIES"); do
    sed -e "s/^\[Event \"/[Event \"copy $i: /" -e "s|^\[Site \"https://lichess.org/|[Site \"copy-$i-|" \
        "$DATA/db/tagged-chess.pgn" "$DATA/games/chess-valid.pgn"
done >"$WORK/short.pgn"
# Long games: each game's movetext opens with a comment of 60 KB.
comment=$(head -c "$COMMENT_BYTES" /dev/zero | tr '\0' 'x' | fold -w 75)
for i in 1; do # one copy
    awk -v c="$comment" -v i="$i" '
        /^\[Event "/ { sub(/^\[Event "/, "[Event \"long " i ": ") }
        /^\[Site "https:\/\/lichess.org\// { sub(/https:\/\/lichess.org\//, "long-" i "-") }
        { print }
        /^$/ && !in_moves && tags { print "{" c "}"; in_moves = 1; tags = 0; next }
        /^\[/ { tags = 1; in_moves = 0 }
        /^$/ { in_moves = 0 }' "$DATA/db/tagged-chess.pgn"
done >"$WORK/long.pgn"
expect_match "$WORK/long.pgn" '^\{x{75}$' "the long games have their comments"

: >"$WORK/empty.pgn"
peak_rss_kb "$WORK/out" "$WORK/err" "$DB" add -q "$WORK/empty.db" "$WORK/empty.pgn"
expect_status 0 "an empty add"
EMPTY_KB=$RSS_KB
# (polled without /usr/bin/time, so short a process may read as 0: no bound can be made then)
[ "$EMPTY_KB" -gt 0 ] || { echo "an empty add's peak RSS could not be measured: the peaks are reported only"; SANITIZED=1; }

run_tool "$DB" add -q "$WORK/whole.db" "$WORK/short.pgn" "$WORK/long.pgn"
expect_status 0 "one add at the default budget"
"$DB" export --min-games 1 "$WORK/whole.db" >"$WORK/whole.export" 2>/dev/null
expect_match "$WORK/whole.export" '"games":[1-9]' "the export has positions"

for threads in 1 2; do
    for input in short long; do
        what="$input games, --threads $threads, --memory ${BUDGET_MB}M"
        peak_rss_kb "$WORK/out" "$WORK/err" "$DB" add -q --threads "$threads" --memory "${BUDGET_MB}M" "$WORK/$input-$threads.db" "$WORK/$input.pgn"
        expect_status 0 "$what"
        expect_match "$WORK/err" ', [0-9]+ runs, ' "$what: several runs"
        limit=$((EMPTY_KB + BUDGET_MB * 1024 + 16384))
        echo "$what: peak RSS $RSS_KB KiB (an empty add: $EMPTY_KB KiB; the bound: $limit KiB)"
        if [ "$SANITIZED" != 1 ]; then
            CHECKS=$((CHECKS + 1))
            [ "$RSS_KB" -gt 0 ] && [ "$RSS_KB" -le "$limit" ] || fail "$what: peak RSS $RSS_KB KiB > $limit KiB"
        fi
    done
    # Both inputs into one database within the budget: the same database as one add.
    run_tool "$DB" add -q --threads "$threads" --memory "${BUDGET_MB}M" "$WORK/both-$threads.db" "$WORK/short.pgn" "$WORK/long.pgn"
    expect_status 0 "both inputs, --threads $threads, --memory ${BUDGET_MB}M"
    "$DB" export --min-games 1 "$WORK/both-$threads.db" >"$WORK/both.export" 2>/dev/null
    expect_same_file "$WORK/both.export" "$WORK/whole.export" "--threads $threads --memory ${BUDGET_MB}M: the export of one add"
done

# More runs than one merge takes: 64 copies of the short games at --memory 1M (about 175 runs),
# with at most 400 files open (one merge of every run would open 4 a run on 2 threads).
for i in $(seq 1 64); do
    sed -e "s/^\[Event \"/[Event \"many $i: /" -e "s|^\[Site \"https://lichess.org/|[Site \"many-$i-|" \
        "$DATA/db/tagged-chess.pgn" "$DATA/games/chess-valid.pgn"
done >"$WORK/many.pgn"
STATUS=0
(ulimit -n 400 && exec "$DB" add -q --threads 2 --memory 1M "$WORK/many-runs.db" "$WORK/many.pgn") \
    >"$WORK/out" 2>"$WORK/err" </dev/null || STATUS=$?
expect_status 0 "an add of many runs, 400 files open at most"
runs=$(sed -n 's/.*, \([0-9]*\) runs, .*/\1/p' "$WORK/err")
CHECKS=$((CHECKS + 1))
[ "${runs:-0}" -gt 64 ] || fail "an add of many runs: ${runs:-no} runs, expected more than 64 ($(head -c 300 "$WORK/err"))"
run_tool "$DB" add -q "$WORK/many-one.db" "$WORK/many.pgn"
expect_status 0 "the same games in one run"
"$DB" export --min-games 1 "$WORK/many-runs.db" >"$WORK/many-runs.export" 2>/dev/null
"$DB" export --min-games 1 "$WORK/many-one.db" >"$WORK/many-one.export" 2>/dev/null
expect_match "$WORK/many-one.export" '"games":[1-9]' "the export of many games has positions"
expect_same_file "$WORK/many-runs.export" "$WORK/many-one.export" "$runs runs merged in passes: the export of one add"

# 100 shards, one a file of three games, merged with 200 files open at most.
mkdir "$WORK/shards"
awk -v dir="$WORK/shards" '/^\[Event / { n++ } { print > sprintf("%s/part-%03d.pgn", dir, (n - 1) % 100) }' "$DATA/db/tagged-chess.pgn"
for f in "$WORK"/shards/part-*.pgn; do
    "$DB" add -q "${f%.pgn}.db" "$f" 2>>"$WORK/shards.err" || fail "shard $(basename "$f"): not added ($(tail -n 1 "$WORK/shards.err"))"
done
STATUS=0
(ulimit -n 200 && exec "$DB" merge "$WORK/merged.db" "$WORK"/shards/part-*.db) >"$WORK/out" 2>"$WORK/err" </dev/null || STATUS=$?
expect_status 0 "a merge of 100 shards, 200 files open at most"
run_tool "$DB" add -q "$WORK/shards-one.db" "$WORK"/shards/part-*.pgn
expect_status 0 "the shards' files in one add"
"$DB" export --min-games 1 "$WORK/merged.db" >"$WORK/merged.export" 2>/dev/null
"$DB" export --min-games 1 "$WORK/shards-one.db" >"$WORK/shards-one.export" 2>/dev/null
expect_match "$WORK/shards-one.export" '"games":[1-9]' "the shards' export has positions"
expect_same_file "$WORK/merged.export" "$WORK/shards-one.export" "100 shards merged: the export of one add"

# 40 adds to one database leave no pile of write-ahead logs (each open of a writer starts one; an
# add writes by ingestion, so they were never made obsolete: every reader opened them all), and a
# query of it runs with 64 files open at most.
for f in "$WORK"/shards/part-0[0-3]?.pgn; do
    "$DB" add -q "$WORK/grown.db" "$f" 2>>"$WORK/grown.err" || fail "$(basename "$f"): not added ($(tail -n 1 "$WORK/grown.err"))"
done
logs=$(find "$WORK/grown.db" -maxdepth 1 -name '*.log' | wc -l)
CHECKS=$((CHECKS + 1))
[ "$logs" -le 2 ] || fail "40 adds left $logs write-ahead logs (at most 2 expected)"
STATUS=0
(ulimit -n 64 && exec "$DB" query "$WORK/grown.db" --json) >"$WORK/out" 2>"$WORK/err" </dev/null || STATUS=$?
expect_status 0 "a query of a database grown by 40 adds, 64 files open at most"
expect_match "$WORK/out" '"white":[0-9]+,"draws"' "the grown database's answer"
finish
