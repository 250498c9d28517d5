#!/usr/bin/env bash
# horde-db query --json and games against db_reference.py, an independent explorer computed from
# horde-list's position rows: the counts, moves, mean ratings, single games, top and recent games
# of positions at ply 0, 1 and deeper, without and with the speed, rating and month filters, and
# the games that reached each position with their ply. Needs python3.
# Usage: db_query.sh <horde-db> <horde-list> <testdata>
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
DB=${1:?usage: $0 <horde-db> <horde-list> <testdata>}
LIST=${2:?} DATA=${3:?}
need python3 python3
REFERENCE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/db_reference.py"
make_workdir horde-db-query
FIELDS=file,game,ply,uci,fen,variant,Result,WhiteElo,BlackElo,Date,UTCDate,Site,TimeControl
FILES=("$DATA/db/tagged-chess.pgn" "$DATA/db/tagged-horde.pgn")

run_tool "$DB" add -q --max-ply 30 "$WORK/db" "${FILES[@]}"
expect_status 0 "add"
expect_match "$WORK/err" '^horde-db: 600 games, 600 added, 0 already there, 0 invalid' "add: the summary"
"$LIST" --fields "$FIELDS" --format json "${FILES[@]}" >"$WORK/rows" 2>/dev/null
CHECKS=$((CHECKS + 1))
python3 "$REFERENCE" "$DB" "$WORK/db" "$WORK/rows" 30 >"$WORK/diff" 2>&1 ||
    fail "horde-db differs from the reference: $(head -c 2000 "$WORK/diff")"

# The table is horde-tree --position's for the same games.
run_tool "$DB" query "$WORK/db" --moves "e4"
expect_status 0 "query --moves e4"
cp "$WORK/out" "$WORK/db.table"
run_tool "$(dirname "$DB")/horde-tree" --max-ply 30 --moves "e4" "${FILES[0]}"
expect_same_file "$WORK/db.table" "$WORK/out" "query's table equals horde-tree --moves's"
# --history: the month table after the move table.
run_tool "$DB" query "$WORK/db" --moves "e4" --history
expect_status 0 "query --history"
expect_same_file <(head -n "$(wc -l <"$WORK/db.table")" "$WORK/out") "$WORK/db.table" "query --history: the move table first"
expect_match "$WORK/out" '^month +games +white +draws +black$' "query --history: the month table's header"
# A position no game reached: exit 1 and a message; a bad FEN or move: exit 2.
run_tool "$DB" query "$WORK/db" --moves "a4 a5 b4 b5 c4 c5"
expect_status 1 "query of a position no game reached"
expect_match "$WORK/err" 'no game of the database reached this position' "query: no game"
run_tool "$DB" query "$WORK/db" --moves "e4 e4"
expect_status 2 "query of an illegal move"
expect_match "$WORK/err" '^horde-db: move 2 "e4"' "query: the illegal move named"
run_tool "$DB" query "$WORK/db" --fen "not a fen" --json
expect_status 2 "query of a bad FEN"
run_tool "$DB" query "$WORK/db" --json --speeds blitz,lightning
expect_status 2 "query --speeds with a bad speed"
expect_match "$WORK/err" 'lightning' "query: the bad speed named"
# games --format pgn: the games' bytes as in their input (the first one of the file here).
run_tool "$DB" games "$WORK/db" --limit 1
expect_status 0 "games --limit 1"
awk 'NR > 1 && /^\[Event / { exit } { print }' "${FILES[0]}" >"$WORK/first.pgn"
expect_same_file "$WORK/out" "$WORK/first.pgn" "games --limit 1: the first game, byte for byte"
# info: the months in order, three or more in a row as a range, games without a date as unknown.
for date in 2023.11.05 2023.12.01 2024.01.31 2024.02.10 2024.04.01 2024.06.02 2024.07.03 "????.??.??"; do
    printf '[Event "m"]\n[Site "%s"]\n[Date "%s"]\n[Result "*"]\n\n1. e4 *\n\n' "$date" "$date"
done >"$WORK/months.pgn"
run_tool "$DB" add -q "$WORK/months" "$WORK/months.pgn"
expect_status 0 "add of games of eight dates"
run_tool "$DB" info "$WORK/months"
expect_match "$WORK/out" '^months: unknown, 2023-11\.\.2024-02, 2024-04, 2024-06, 2024-07$' "info: the months as ranges"
# --history: a line a month, from --since but not before the database's first month, the months
# between without games as zeros, to the last month with a game; undated games in none.
run_tool "$DB" query "$WORK/months" --moves e4 --history --since 2001-01
expect_status 0 "query --history --since 2001-01"
sed -n '/^month /,$p' "$WORK/out" | tail -n +2 | awk '{print $1, $2}' | tr '\n' ' ' >"$WORK/history"
expect_eq "$(cat "$WORK/history")" "2023-11 1 2023-12 1 2024-01 1 2024-02 1 2024-03 0 2024-04 1 2024-05 0 2024-06 1 2024-07 1 " \
    "query --history: the months and their games"
# Games whose Site is no game's (a study's chapters) are games of their own; a file's BOM and the
# text before its first game are not that game's: `games` prints games that read back as they
# were added, without a warning, and adding them again adds nothing.
printf '[Event "a"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n' >"$WORK/plain.pgn"
printf '\357\273\277[Event "bom"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n' >"$WORK/bom.pgn"
printf '%% an escape line\nsome prose\n[Event "after prose"]\n[Result "*"]\n\n1. d4 *\n' >"$WORK/prose.pgn"
for chapter in IjKlMnOp QrStUvWx; do
    printf '[Event "Study: %s"]\n[Site "https://lichess.org/study/AbCdEfGh/%s"]\n[Result "*"]\n\n1. c4 *\n\n' "$chapter" "$chapter"
done >"$WORK/study.pgn"
run_tool "$DB" add "$WORK/own" "$WORK/plain.pgn" "$WORK/bom.pgn" "$WORK/prose.pgn" "$WORK/study.pgn"
expect_match "$WORK/err" '^horde-db: 5 games, 5 added, 0 already there' "add: a study's two chapters are two games"
run_tool "$DB" games "$WORK/own"
expect_status 0 "games of the BOM and prose files"
cp "$WORK/out" "$WORK/own.pgn"
run_tool "$(dirname "$DB")/horde-check" "$WORK/own.pgn"
expect_status 0 "games' output checked"
expect_match "$WORK/err" '5 games, 5 valid, 0 invalid, 0 warnings' "games' output: every game whole, no text between games"
run_tool "$DB" add "$WORK/own" "$WORK/own.pgn"
expect_match "$WORK/err" '^horde-db: 5 games, 0 added, 5 already there' "games' output added again: already there"
finish
