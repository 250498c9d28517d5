#!/usr/bin/env bash
# Nothing lost, nothing misread: an add killed (SIGKILL) at several points leaves the database as
# it was before the add or with the add complete, and the next add works; a second writer gets a
# clear error while readers work; a directory that is not a database, a missing one and a damaged
# one are clear errors (exit 2), never a crash.
# Usage: db_safety.sh <horde-db> <testdata>
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
DB=${1:?usage: $0 <horde-db> <testdata>}
DATA=${2:?}
make_workdir horde-db-safety

# A bigger input (about 12,000 games: an add of a few seconds), every game new.
# 20 copies of 600 games (5 with HORDE_SANITIZED=1: an add there is about four times as slow,
# so the kills below still land before, during and after it).
copies=20
[ "${HORDE_SANITIZED:-0}" = 1 ] && copies=5
for i in $(seq 1 "$copies"); do
    sed -e "s/^\[Round \"/[Round \"$i-/" -e "s|lichess.org/|lichess.org/$i|" "$DATA/db/tagged-chess.pgn" "$DATA/db/tagged-horde.pgn"
done >"$WORK/big.pgn"

# state <db>: what the database answers (its games and tree).
state() {
    { "$DB" info "$1" | grep -E '^(games|positions):'; "$DB" export --min-games 1 "$1" 2>/dev/null; } 2>&1
}

run_tool "$DB" add -q "$WORK/before" "$DATA/games/orda-valid.pgn"
expect_status 0 "the first add"
state "$WORK/before" >"$WORK/before.state"
cp -r "$WORK/before" "$WORK/after"
run_tool "$DB" add -q "$WORK/after" "$WORK/big.pgn"
expect_status 0 "the big add"
state "$WORK/after" >"$WORK/after.state"
expect_match "$WORK/after.state" "^games: $((copies * 600 + 300))\$" "the big add's games"

# SIGKILL at several points of an add: before or after, never between.
for delay in 0.02 0.1 0.3 0.6 1 1.5 2.5 4; do
    rm -rf "$WORK/killed"
    cp -r "$WORK/before" "$WORK/killed"
    "$DB" add -q "$WORK/killed" "$WORK/big.pgn" 2>/dev/null &
    pid=$!
    sleep "$delay"
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    state "$WORK/killed" >"$WORK/killed.state"
    CHECKS=$((CHECKS + 1))
    if cmp -s "$WORK/killed.state" "$WORK/before.state"; then
        echo "killed after ${delay}s: the database as before"
    elif cmp -s "$WORK/killed.state" "$WORK/after.state"; then
        echo "killed after ${delay}s: the add complete"
    else
        fail "killed after ${delay}s: the database is neither as before nor after the add: $(diff "$WORK/killed.state" "$WORK/before.state" | head -c 400)"
    fi
    run_tool "$DB" info "$WORK/killed"
    expect_match "$WORK/out" '^state: complete' "info after a kill at ${delay}s"
    # The next add works (the lock went with the process, the staging files are cleared).
    run_tool "$DB" add -q "$WORK/killed" "$WORK/big.pgn"
    expect_status 0 "an add after a kill at ${delay}s"
    state "$WORK/killed" >"$WORK/killed.state"
    expect_same_file "$WORK/killed.state" "$WORK/after.state" "after a kill at ${delay}s and a new add"
done

# Two writers: the second gets a clear error; a reader works meanwhile and sees the database as
# it was before the add.
rm -rf "$WORK/busy"
cp -r "$WORK/before" "$WORK/busy"
"$DB" add -q "$WORK/busy" "$WORK/big.pgn" 2>"$WORK/first.err" &
pid=$!
for _ in $(seq 1 200); do
    [ -d "$WORK/busy/staging" ] && break
    sleep 0.02
done
run_tool "$DB" add -q "$WORK/busy" "$DATA/games/chess-valid.pgn"
expect_status 2 "a second writer"
expect_match "$WORK/err" 'another process is writing to this database' "a second writer: the message"
run_tool "$DB" info "$WORK/busy"
expect_status 0 "a reader during an add"
expect_match "$WORK/out" '^games: 300$' "a reader during an add sees the database before it"
wait "$pid"
expect_eq "$?" 0 "the first writer's add"
state "$WORK/busy" >"$WORK/busy.state"
expect_same_file "$WORK/busy.state" "$WORK/after.state" "the first writer's add is whole"

# Not a database, missing, damaged.
mkdir "$WORK/other"
echo "notes" >"$WORK/other/notes.txt"
for cmd in "add -q" "query" "games" "info" "export"; do
    # shellcheck disable=SC2086
    run_tool "$DB" $cmd "$WORK/other" $([ "$cmd" = "add -q" ] && echo "$DATA/games/orda-valid.pgn")
    expect_status 2 "$cmd of a directory that is not a database"
    expect_match "$WORK/err" "not a horde-db database" "$cmd of a directory that is not a database: the message"
done
expect_eq "$(ls "$WORK/other")" "notes.txt" "the directory is left as it was"
run_tool "$DB" query "$WORK/missing"
expect_status 2 "query of a missing database"
expect_match "$WORK/err" "no such database" "query of a missing database: the message"
# Every table file damaged a third of the way in: an export reads the count, list and solo rows,
# not the games, and which file is the biggest depends on the input's size.
cp -r "$WORK/after" "$WORK/damaged"
for sst in "$WORK/damaged"/*.sst; do
    size=$(stat -c %s "$sst")
    printf 'damaged%.0s' $(seq 1 200) | dd of="$sst" bs=1 seek=$((size / 3)) conv=notrunc status=none
done
run_tool "$DB" export "$WORK/damaged"
expect_status 2 "export of a damaged database"
expect_match "$WORK/err" "damaged|[Cc]orrupt" "export of a damaged database: the message"
cp -r "$WORK/after" "$WORK/nocurrent"
echo "MANIFEST-999999" >"$WORK/nocurrent/CURRENT"
run_tool "$DB" info "$WORK/nocurrent"
expect_status 2 "info of a database whose CURRENT names no manifest"
finish
