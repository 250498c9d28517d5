#!/usr/bin/env bash
# horde-check --stats / --stats-json: the counts are those of the NDJSON verdicts of the same
# run (games, valid, invalid, by variant, status, declared result, error and warning code);
# the terminal lines come after the summary; objects of several runs add up (with the README's
# jq recipe) to the object of one run over all the files.
source "$(dirname "$0")/check_lib.sh"
need jq jq

# The README's sum of --stats-json objects.
sum_stats() { jq -s 'reduce (.[] | to_entries[]) as $e ({}; .[$e.key] += $e.value)' "$@"; }

run --json --stats --stats-json "$WORK/stats.json" --lichess "$GAMES"/*.pgn
expect_status 1 "stats over every corpus"
jq -S . "$WORK/stats.json" >"$WORK/got.json"
jq -s -S '
    def count(f): map(f) | group_by(.) | map({key: .[0], value: length}) | from_entries;
    {games: length, valid: map(select(.valid)) | length, invalid: map(select(.valid | not)) | length}
    + (count("variant." + (.variant // "unknown")))
    + (count("status." + .status))
    + (count("result." + .declared))
    + ([.[] | .errors[] | "error." + .code] | group_by(.) | map({key: .[0], value: length}) | from_entries)
    + ([.[] | .warnings[] | "warning." + .code] | group_by(.) | map({key: .[0], value: length}) | from_entries)
    | with_entries(select(.value > 0))
' "$WORK/out" >"$WORK/want.json"
expect_same_file "$WORK/got.json" "$WORK/want.json" "--stats-json = the counts of the --json verdicts"
expect_match "$WORK/got.json" '"error\.illegal-move"' "error codes counted"
expect_match "$WORK/got.json" '"status\.checkmate"' "statuses counted"
# the terminal lines follow the summary, one per group
tail -n 5 "$WORK/err" | cut -d: -f1-3 >"$WORK/groups"
printf 'horde-check: stats: variant\nhorde-check: stats: status\nhorde-check: stats: result\nhorde-check: stats: error\nhorde-check: stats: warning\n' >"$WORK/want-groups"
expect_same_file "$WORK/groups" "$WORK/want-groups" "--stats lines after the summary"
expect_match "$WORK/err" "^horde-check: stats: variant: chess $(jq '."variant.chess"' "$WORK/got.json"), " "--stats text"

# runs over parts add up to the run over the whole
i=0
for f in "$GAMES"/*.pgn; do
    i=$((i + 1))
    run -q --stats-json "$WORK/part$i.json" --lichess "$f"
done
sum_stats "$WORK"/part*.json | jq -S . >"$WORK/sum.json"
expect_same_file "$WORK/sum.json" "$WORK/got.json" "summed --stats-json of each file = one run over all"

# --stats-json without --stats prints no stats lines; an unwritable file is a usage error
run -q --stats-json "$WORK/only.json" "$GAMES/chess-valid.pgn"
expect_no_match "$WORK/err" 'stats:' "--stats-json alone: no stats lines"
expect_match "$WORK/only.json" "^\\{\"games\":$(grep -c . "$GAMES/chess-valid.jsonl")," "--stats-json alone: the object (the games of the sidecar)"
run -q --stats-json "$WORK/no/such/dir.json" "$GAMES/chess-valid.pgn"
expect_status 2 "--stats-json into a missing folder"
run --fen --stats "$GAMES/chess-valid.pgn"
expect_status 2 "--stats with --fen"
finish
