#!/usr/bin/env bash
# The README's GNU parallel recipe for PGN dumps, run with a local job slot (-S :) over the
# corpora of testdata/games (and a two-file copy, so that jobs overlap): the concatenated NDJSON
# verdicts equal one local run over the same files, and the per-file --stats-json objects,
# summed with the README's jq line, equal the one run's object. Skipped when parallel is
# missing (.ci/run installs it).
source "$(dirname "$0")/check_lib.sh"
need parallel parallel
need jq jq

# absolute paths (the recipe runs in the dumps' folder); the tools on the hosts' PATH
CHECK=$(realpath "$CHECK")
GAMES=$(realpath "$GAMES")
PATH=$(dirname "$CHECK"):$PATH
export PATH
cd "$WORK" || exit 2
mkdir dumps
cp "$GAMES"/*.pgn dumps/
cat dumps/*.pgn >dumps/all-2.pgn
cd dumps || exit 2

# --- the recipe (README, "More than one machine"), hosts replaced by ':' and -j2
JOBS_FAILED=0
parallel --will-cite -k -S : -j2 --transferfile {} --return {/.}.stats.json --cleanup \
    horde-check -q --json --stats-json {/.}.stats.json {} ::: *.pgn \
    >"$WORK/verdicts.ndjson" 2>"$WORK/parallel.err" || JOBS_FAILED=$?
jq -s 'reduce (.[] | to_entries[]) as $e ({}; .[$e.key] += $e.value)' *.stats.json | jq -S . >"$WORK/summed.json"

# --- one local run over the same files
run -q --json --stats-json "$WORK/one.json" *.pgn
cp "$WORK/out" "$WORK/one.ndjson"
jq -S . "$WORK/one.json" >"$WORK/one-sorted.json"

expect_eq "$JOBS_FAILED" 4 "parallel's exit status: the 4 files with invalid games"
expect_same_file "$WORK/verdicts.ndjson" "$WORK/one.ndjson" "NDJSON of the jobs = one local run"
expect_same_file "$WORK/summed.json" "$WORK/one-sorted.json" "summed --stats-json = one local run"
expect_eq "$(wc -l <"$WORK/verdicts.ndjson")" "$(jq .games "$WORK/one.json")" "every game has its verdict"
expect_eq "$(grep -c '^horde-check: ' "$WORK/parallel.err")" "$(ls ./*.pgn | wc -l)" "one summary per file"
finish
