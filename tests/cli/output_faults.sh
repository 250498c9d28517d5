#!/usr/bin/env bash
# Output faults of the world (issue 12), over every tool:
#   * a full disk (/dev/full) for stdout, --json, --valid-out, --invalid-out: exit 2 and
#     "write error: No space left on device" naming the stream, never exit 0;
#   * a pipe closed early (`horde-list big.pgn | head -n 1`), also with SIGPIPE ignored by the
#     parent: a quiet end (no message), no hang;
#   * SIGINT / SIGTERM during --valid-out: exit 130 / 143, and the file holds whole games only.
# Usage: output_faults.sh HORDE_CHECK HORDE_LIST HORDE_PERFT HORDE_REPLAY TESTDATA
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
[ $# -eq 5 ] || { echo "usage: $0 HORDE_CHECK HORDE_LIST HORDE_PERFT HORDE_REPLAY TESTDATA" >&2; exit 2; }
CHECK=$1 LIST=$2 PERFT=$3 REPLAY=$4 TESTDATA=$5
make_workdir output_faults
VALID=$TESTDATA/games/horde-valid.pgn
INVALID=$TESTDATA/games/horde-invalid.pgn
FULL="No space left on device"

# ------------------------------------------------------------------ full disk
full() { # full <what> <stream> <command...>: stdout to /dev/full unless the command names it
    local what=$1 stream=$2
    shift 2
    STATUS=0
    "$@" >"$WORK/out" 2>"$WORK/err" </dev/null || STATUS=$?
    expect_status 2 "$what"
    expect_match "$WORK/err" ": $stream: write error: $FULL\$" "$what: message names the stream"
}
STATUS=0
full "horde-check --json > /dev/full" stdout sh -c '"$0" -q --json "$1" >/dev/full' "$CHECK" "$VALID"
full "horde-check --fen --json > /dev/full" stdout sh -c 'echo "k7/8/8/8/8/8/8/7K w - - 0 1" | "$0" --fen --variant chess --json >/dev/full' "$CHECK"
full "horde-check --valid-out /dev/full" "--valid-out /dev/full" "$CHECK" -q --valid-out /dev/full "$VALID"
full "horde-check --invalid-out /dev/full" "--invalid-out /dev/full" "$CHECK" -q --invalid-out /dev/full "$INVALID"
full "horde-list > /dev/full" stdout sh -c '"$0" "$1" >/dev/full' "$LIST" "$VALID"
full "horde-list --moves > /dev/full" stdout sh -c 'echo "k7/8/8/8/8/8/8/7K w - - 0 1" | "$0" --moves --variant chess >/dev/full' "$LIST"
full "horde-perft > /dev/full" stdout sh -c '"$0" --variant horde --depth 2 >/dev/full' "$PERFT"
full "horde-replay > /dev/full" stdout sh -c '"$0" --variant chess e4 e5 >/dev/full' "$REPLAY"
# The same outputs on a working disk succeed (the faults above are the disk's, not the options').
run_tool "$CHECK" -q --json --valid-out "$WORK/v.pgn" "$VALID"
expect_status 0 "horde-check --json --valid-out to real files"
expect_same_file "$WORK/v.pgn" "$VALID" "--valid-out of an all-valid file"

# ------------------------------------------------------------------ a pipe closed early
for i in 1 2 3 4 5 6 7 8; do cat "$VALID"; done >"$WORK/big.pgn"
pipe_case() { # pipe_case <what> <ignore-sigpipe: 0|1> <command...>
    local what=$1 ignore=$2
    shift 2
    local first
    if [ "$ignore" = 1 ]; then
        first=$( (trap '' PIPE; timeout 60 "$@" 2>"$WORK/err" | head -n 1; echo "${PIPESTATUS[0]}" >"$WORK/rc") )
    else
        first=$( (timeout 60 "$@" 2>"$WORK/err" | head -n 1; echo "${PIPESTATUS[0]}" >"$WORK/rc") )
    fi
    CHECKS=$((CHECKS + 1))
    [ -n "$first" ] || fail "$what: no first line"
    STATUS=$(cat "$WORK/rc")
    CHECKS=$((CHECKS + 1))
    [ "$STATUS" != 124 ] || fail "$what: still running after 60 s"
    CHECKS=$((CHECKS + 1))
    [ "$STATUS" = 141 ] || [ "$STATUS" = 0 ] || fail "$what: exit status $STATUS (expected SIGPIPE's 141, or 0)"
    expect_no_match "$WORK/err" "error|[Pp]ipe" "$what: no error message"
}
for ignore in 0 1; do
    pipe_case "horde-list big.pgn | head -n 1 (SIGPIPE ignored: $ignore)" $ignore "$LIST" "$WORK/big.pgn"
    pipe_case "horde-check -q --json big.pgn | head -n 1 (SIGPIPE ignored: $ignore)" $ignore "$CHECK" -q --no-warnings --json "$WORK/big.pgn"
    pipe_case "horde-perft --divide | head -n 1 (SIGPIPE ignored: $ignore)" $ignore "$PERFT" --variant horde --depth 3 --divide
done

# ------------------------------------------------------------------ interruption
# Games arrive on a pipe that stays open; the signal comes while horde-check waits for more.
# The --valid-out file must then end at a game boundary of the full output, and be non-empty
# (the input is larger than one write-out unit of whole games).
"$CHECK" -q --valid-out "$WORK/all.pgn" "$WORK/big.pgn" 2>/dev/null
boundaries=$(grep -b '^\[Event ' "$WORK/all.pgn" | cut -d: -f1; stat -c %s "$WORK/all.pgn")
for sig in INT TERM; do
    expected=$([ $sig = INT ] && echo 130 || echo 143)
    rm -f "$WORK/part.pgn"
    mkfifo "$WORK/fifo.$sig"
    "$CHECK" -q --valid-out "$WORK/part.pgn" - <"$WORK/fifo.$sig" 2>"$WORK/err" &
    pid=$!
    exec 7>"$WORK/fifo.$sig"
    cat "$WORK/big.pgn" >&7
    # Wait until horde-check has read everything (its read position is at the end of input).
    for _ in $(seq 1 100); do
        [ -s "$WORK/part.pgn" ] && break
        sleep 0.1
    done
    sleep 0.5
    kill -$sig $pid
    exec 7>&- # a tool that ignored the signal sees the end of input and exits 0: no hang
    # The watchdog drops the EXIT trap: a subshell killed early may run it and remove $WORK.
    ( trap - EXIT; sleep 30; kill -KILL $pid ) >/dev/null 2>&1 &
    watchdog=$!
    STATUS=0
    wait $pid || STATUS=$?
    kill $watchdog 2>/dev/null
    expect_status "$expected" "SIG$sig during --valid-out"
    expect_match "$WORK/err" "^horde-check: interrupted$" "SIG$sig: says it was interrupted"
    size=$(stat -c %s "$WORK/part.pgn")
    CHECKS=$((CHECKS + 1))
    [ "$size" -gt 0 ] || fail "SIG$sig: nothing written before the signal"
    CHECKS=$((CHECKS + 1))
    grep -qx "$size" <<<"$boundaries" || fail "SIG$sig: --valid-out holds $size bytes, not a whole number of games"
    CHECKS=$((CHECKS + 1))
    cmp -s -n "$size" "$WORK/part.pgn" "$WORK/all.pgn" || fail "SIG$sig: --valid-out is not a prefix of the full output"
done

finish
