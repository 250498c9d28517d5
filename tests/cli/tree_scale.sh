#!/usr/bin/env bash
# horde-tree on >= 100,000 games (the corpora of the four variants, repeated; fewer under the
# sanitizers): --memory small enough to spill gives the same bytes as a run that does not spill,
# with peak RSS within the budget plus a constant; --threads 1, 2 and 3 give the same bytes; a
# SIGINT while runs are spilled leaves neither a temporary file nor a partial -o file; a full
# stdout is exit 2 with a message. Part `tmpfs`: a temporary folder that fills up is exit 2 with a
# message and no output file: a 256 KB tmpfs where mounting is allowed (root), else a file-size
# limit (ulimit -f) that fails the same writes.
# Usage: tree_scale.sh <horde-tree> <testdata>
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
TREE=${1:?usage: $0 <horde-tree> <testdata>}
DATA=${2:?}
make_workdir horde-tree-scale
copies=110
[ "${HORDE_SANITIZED:-0}" = 1 ] && copies=12
for _ in $(seq "$copies"); do
    cat "$DATA/games/chess-valid.pgn" "$DATA/games/horde-valid.pgn" "$DATA/games/orda-valid.pgn" "$DATA/games/chess960-valid.pgn"
done >"$WORK/many.pgn"
games=$(grep -c '^\[Event ' "$WORK/many.pgn")
[ "$copies" -lt 110 ] || [ "$games" -ge 100000 ] || fail "only $games games"

if [ "$PART" = tmpfs ]; then
    mkdir -p "$WORK/small"
    if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=256k tmpfs "$WORK/small" 2>/dev/null; then
        trap 'umount "$WORK/small" 2>/dev/null; on_exit' EXIT
        run_tool "$TREE" -q --memory 1M --temp-dir "$WORK/small" -o "$WORK/full.ndjson" "$WORK/many.pgn"
        reason='No space left on device'
    else # no mount here: the writes fail by a file-size limit instead (SIGXFSZ ignored: EFBIG)
        echo "(no tmpfs can be mounted here: ulimit -f instead)"
        STATUS=0
        (trap '' XFSZ; ulimit -f 256; exec "$TREE" -q --memory 1M --temp-dir "$WORK/small" -o "$WORK/full.ndjson" \
            "$WORK/many.pgn") >"$WORK/out" 2>"$WORK/err" </dev/null || STATUS=$?
        reason='File too large'
    fi
    expect_status 2 "spilled runs on a full disk"
    expect_match "$WORK/err" "^horde-tree: cannot write a spilled run: $reason\$" "the message says why"
    CHECKS=$((CHECKS + 1))
    [ ! -e "$WORK/full.ndjson" ] || fail "a partial output file was left behind"
    expect_eq "$(find "$WORK/small" -mindepth 1 | wc -l)" 0 "no temporary file left in the full folder"
else

# Without spilling (the default 512M holds this tree), then spilling at 1M: the same bytes.
peak_rss_kb "$WORK/whole.ndjson" "$WORK/whole.err" "$TREE" -q --threads 2 "$WORK/many.pgn"
expect_status 0 "the tree in memory"
expect_no_match "$WORK/whole.err" 'spilled' "the default budget holds this tree"
mkdir -p "$WORK/tmp"
peak_rss_kb "$WORK/spilled.ndjson" "$WORK/spilled.err" "$TREE" -q --threads 2 --memory 1M --temp-dir "$WORK/tmp" "$WORK/many.pgn"
expect_status 0 "the tree spilled"
expect_match "$WORK/spilled.err" ', [0-9]+ runs spilled to ' "1M makes it spill"
expect_same_file "$WORK/spilled.ndjson" "$WORK/whole.ndjson" "spilled against in memory"
spilled_rss=$RSS_KB
# The constant: the same run with a tree of one position per game start (nothing to hold).
peak_rss_kb "$WORK/tiny.ndjson" "$WORK/tiny.err" "$TREE" -q --threads 2 --max-ply 0 "$WORK/many.pgn"
CHECKS=$((CHECKS + 1))
limit=$((RSS_KB + 1024 + 16384)) # the budget (1M) and 16 MB for the merge's buffers and the heap's slack
[ "$spilled_rss" -le "$limit" ] || fail "peak RSS of the spilling run ${spilled_rss} KB, above the ${limit} KB allowed"
echo "peak RSS: spilling at 1M ${spilled_rss} KB, a tree of start positions ${RSS_KB} KB"
expect_eq "$(find "$WORK/tmp" -mindepth 1 | wc -l)" 0 "no temporary file left after the run"

# Any thread count: the same bytes.
for threads in 1 3; do
    run_tool "$TREE" -q --threads "$threads" "$WORK/many.pgn"
    expect_same_file "$WORK/out" "$WORK/whole.ndjson" "--threads $threads against 2"
done

# SIGINT while spilling: exit 130, no temporary file, no partial output file.
"$TREE" -q --threads 1 --memory 1M --temp-dir "$WORK/tmp" -o "$WORK/interrupted.ndjson" "$WORK/many.pgn" 2>"$WORK/int.err" &
pid=$!
sleep 0.5
kill -INT "$pid" 2>/dev/null
STATUS=0
wait "$pid" || STATUS=$?
expect_status 130 "interrupted by SIGINT"
CHECKS=$((CHECKS + 1))
[ ! -e "$WORK/interrupted.ndjson" ] || fail "an interrupted run left its output file"
expect_eq "$(find "$WORK/tmp" "$WORK" -mindepth 1 -maxdepth 1 -name '*horde-tree*' | wc -l)" 0 "an interrupted run left no temporary file"

# A full stdout: exit 2 and the reason.
STATUS=0
"$TREE" -q --max-ply 4 "$DATA/games/chess-valid.pgn" >/dev/full 2>"$WORK/full.err" || STATUS=$?
expect_status 2 "stdout on a full disk"
expect_match "$WORK/full.err" '^horde-tree: stdout: write error: No space left on device$' "the message says why"
fi
finish
