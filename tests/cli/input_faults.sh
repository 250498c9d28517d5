#!/usr/bin/env bash
# Input faults (issue 12, part 6, the input side) over every tool:
#   * a file that cannot be read among several: the others are still read, the bad one is
#     named, exit 2;
#   * a directory: "is a directory";
#   * a binary file (zip, PDF, NUL bytes): one error naming the file and what it looks like;
#   * a long line without a newline, in every line mode and in PGN: bounded memory (peak RSS),
#     a clear error, no hang. The size here is 64 MB (8 MB under sanitizers); the bound is the
#     same for 1 GB (the line reader stops at 1 MiB, the PGN reader skips long tokens).
source "$(dirname "$0")/input_lib.sh"

LIMIT_KB=32768
TIME_LIMIT=${HORDE_TEST_TIMEOUT:-120}
if [ "$SANITIZED" = 1 ]; then LONG_MB=8; else LONG_MB=64; fi

# --- one missing file and one directory among good files: the good ones still checked
plain=$GAMES/horde-valid.pgn
gzip -c "$GAMES/chess-valid.pgn" >"$WORK/chess.pgn.gz"
mkdir "$WORK/a-directory"
run_tool "$CHECK" --json "$plain" "$WORK/missing.pgn" "$WORK/a-directory" "$WORK/chess.pgn.gz"
expect_status 2 "horde-check, a missing file and a directory among good files"
expect_match "$WORK/err" "^horde-check: $WORK/missing.pgn: cannot open: No such file or directory$" "missing file named"
expect_match "$WORK/err" "^horde-check: $WORK/a-directory: is a directory$" "directory: is a directory"
expect_eq "$(grep -c "\"file\":\"$plain\"" "$WORK/out")" "$(grep -c . "${plain%.pgn}.jsonl")" "the file before the bad ones is checked"
expect_eq "$(grep -c "\"file\":\"$WORK/chess.pgn.gz\"" "$WORK/out")" "$(grep -c '^\[Event ' "$GAMES/chess-valid.pgn")" \
    "the file after the bad ones is checked"
expect_match <(tail -n 1 "$WORK/err") '^horde-check: [0-9]+ games' "the summary comes last"

# a file that opens but cannot be read (/proc/self/mem fails with EIO at offset 0), and, when
# not root, one without read permission
run_tool "$CHECK" -q "$plain" /proc/self/mem "$WORK/chess.pgn.gz"
expect_status 2 "horde-check, an unreadable file among good files"
expect_match "$WORK/err" '^horde-check: /proc/self/mem: read error: Input/output error$' "read error named with its reason"
expect_match <(tail -n 1 "$WORK/err") "^horde-check: $(($(grep -c . "${plain%.pgn}.jsonl") + $(grep -c '^\[Event ' "$GAMES/chess-valid.pgn"))) games" \
    "the files around the unreadable one are checked"
if [ "$(id -u)" != 0 ]; then
    cp "$plain" "$WORK/locked.pgn"
    chmod 000 "$WORK/locked.pgn"
    run_tool "$CHECK" -q "$WORK/locked.pgn" "$plain"
    expect_status 2 "horde-check, a file without read permission"
    expect_match "$WORK/err" "locked.pgn: cannot open: Permission denied" "no read permission: named"
fi

for mode in "$LIST" "$LIST --moves" "$PERFT --depth 1" "$CHECK --fen" "$REPLAY --to uci"; do
    tool=$(basename "${mode%% *}")
    # shellcheck disable=SC2086
    run_tool $mode "$WORK/a-directory"
    expect_status 2 "$mode on a directory"
    expect_match "$WORK/err" "$WORK/a-directory: is a directory" "$mode on a directory: is a directory"
    # shellcheck disable=SC2086
    run_tool $mode "$WORK/missing.pgn"
    expect_status 2 "$mode on a missing file"
    expect_match "$WORK/err" "$WORK/missing.pgn: cannot open: No such file or directory" "$mode on a missing file: named"
done
run_tool "$PERFT" --epd "$WORK/a-directory"
expect_status 2 "horde-perft --epd on a directory"
expect_match "$WORK/err" "a-directory: is a directory" "horde-perft --epd on a directory"
# horde-list: the files after a bad one are still listed
run_tool "$LIST" --final "$WORK/missing.pgn" "$plain"
expect_status 2 "horde-list, a missing file then a good one"
expect_eq "$(wc -l <"$WORK/out")" "$(grep -c . "${plain%.pgn}.jsonl")" "horde-list: the good file after the missing one is listed"

# --- binary files: one line naming the file and what it looks like, exit 2, no games
printf 'PK\003\004\024\000\000\000\010\000some zipped pgn' >"$WORK/games.zip"
printf '%%PDF-1.7\n%%\342\343\317\323\n1 0 obj\n' >"$WORK/games.pdf"
{ printf '[Event "x"]\n'; head -c 100 /dev/zero; } >"$WORK/nul.pgn"
{ head -c 5000 /dev/urandom; } | zstd -q -c >"$WORK/random.zst"
for f in games.zip:'looks like a zip archive, not PGN or text' games.pdf:'looks like a PDF document, not PGN or text' \
    nul.pgn:'looks like a binary file \(100 NUL or control bytes in its first 112, the first at byte 12\), not PGN or text' \
    random.zst:'zstd-compressed data that looks like'; do
    name=${f%%:*} message=${f#*:}
    run_tool "$CHECK" --json "$WORK/$name"
    expect_status 2 "horde-check $name"
    expect_empty "$WORK/out" "horde-check $name: no verdicts"
    expect_eq "$(grep -cE "^horde-check: $WORK/$name: $message" "$WORK/err")" 1 "horde-check $name: one line saying what it looks like"
    expect_eq "$(wc -l <"$WORK/err")" 2 "horde-check $name: that line and the summary only"
    run_tool "$LIST" "$WORK/$name"
    expect_status 2 "horde-list $name"
    expect_match "$WORK/err" "^horde-list: $WORK/$name: $message" "horde-list $name"
    run_tool "$PERFT" --depth 1 "$WORK/$name"
    expect_status 2 "horde-perft $name"
    expect_match "$WORK/err" "^horde-perft: $WORK/$name: $message" "horde-perft $name"
    run_tool_stdin "$WORK/$name" "$REPLAY" --to uci
    expect_status 2 "horde-replay $name on stdin"
    expect_match "$WORK/err" "<stdin>: $message" "horde-replay $name on stdin"
done

# --- a long line without a newline: bounded memory, a clear error, no hang
long_line() { head -c $((LONG_MB * 1024 * 1024)) /dev/zero | tr '\0' a; }
long_line >"$WORK/long.txt"
# line modes: the line reader stops at 1 MiB with an error naming the line
for mode in "$CHECK --fen" "$LIST --moves" "$PERFT --depth 1" "$PERFT --epd"; do
    # shellcheck disable=SC2086
    peak_rss_kb "$WORK/out" "$WORK/err" timeout -k 5 "$TIME_LIMIT" $mode "$WORK/long.txt"
    expect_status 2 "$mode on a ${LONG_MB} MB line"
    expect_match "$WORK/err" "long.txt: line 1 is longer than 1 MiB \(no line break\): not a file of lines" \
        "$mode on a ${LONG_MB} MB line: the error"
    echo "$mode, ${LONG_MB} MB line: status $STATUS, peak RSS $RSS_KB KB"
    if [ "$SANITIZED" != 1 ] && [ "$RSS_KB" -gt 0 ]; then
        CHECKS=$((CHECKS + 1))
        [ "$RSS_KB" -le "$LIMIT_KB" ] || fail "$mode on a ${LONG_MB} MB line: peak RSS $RSS_KB KB > $LIMIT_KB KB"
    fi
done
# horde-replay reads move lists from stdin
peak_rss_kb "$WORK/out" "$WORK/err" timeout -k 5 "$TIME_LIMIT" bash -c '"$0" --moves --to uci <"$1"' "$REPLAY" "$WORK/long.txt"
expect_status 2 "horde-replay --moves on a ${LONG_MB} MB line"
expect_match "$WORK/err" "<stdin>: line 1 is longer than 1 MiB" "horde-replay --moves on a ${LONG_MB} MB line: the error"
echo "horde-replay --moves, ${LONG_MB} MB line on stdin: status $STATUS, peak RSS $RSS_KB KB"
if [ "$SANITIZED" != 1 ] && [ "$RSS_KB" -gt 0 ]; then
    CHECKS=$((CHECKS + 1))
    [ "$RSS_KB" -le "$LIMIT_KB" ] || fail "horde-replay --moves on a ${LONG_MB} MB line: peak RSS $RSS_KB KB > $LIMIT_KB KB"
fi
# from a pipe (the producer is not waited for to the end), through gzip too
STATUS=0
long_line | timeout -k 5 "$TIME_LIMIT" "$PERFT" --depth 1 - >"$WORK/out" 2>"$WORK/err" || STATUS=$?
expect_status 2 "horde-perft, a long line from a pipe"
expect_match "$WORK/err" '<stdin>: line 1 is longer than 1 MiB' "horde-perft, a long line from a pipe: the error"
gzip -1 -c "$WORK/long.txt" >"$WORK/long.txt.gz"
run_tool "$CHECK" --fen "$WORK/long.txt.gz"
expect_status 2 "horde-check --fen, a long line in a .gz"
expect_match "$WORK/err" 'long.txt.gz: line 1 is longer than 1 MiB' "horde-check --fen, a long line in a .gz: the error"
# PGN: one game with a token-too-long error, in constant memory
for what in "movetext:" "comment:{" "tag value:[Event \""; do
    name=${what%%:*} prefix=${what#*:}
    { printf '%s' "$prefix"; cat "$WORK/long.txt"; } >"$WORK/long.pgn"
    for tool in "$CHECK" "$LIST"; do
        peak_rss_kb "$WORK/out" "$WORK/err" timeout -k 5 "$TIME_LIMIT" "$tool" "$WORK/long.pgn"
        expect_status 1 "$(basename "$tool"): a ${LONG_MB} MB $name line in PGN"
        expect_match "$WORK/err" "long.pgn:1:[0-9]+: error: " "$(basename "$tool"): a ${LONG_MB} MB $name line: a diagnostic"
        CHECKS=$((CHECKS + 1))
        [ "$(wc -c <"$WORK/err")" -lt 4096 ] || fail "$(basename "$tool"): a ${LONG_MB} MB $name line: the diagnostics quote too much"
        echo "$(basename "$tool"), ${LONG_MB} MB $name line in PGN: status $STATUS, peak RSS $RSS_KB KB"
        if [ "$SANITIZED" != 1 ] && [ "$RSS_KB" -gt 0 ]; then
            CHECKS=$((CHECKS + 1))
            [ "$RSS_KB" -le "$LIMIT_KB" ] || fail "$(basename "$tool"): a ${LONG_MB} MB $name line: peak RSS $RSS_KB KB > $LIMIT_KB KB"
        fi
    done
done
rm -f "$WORK/long.txt" "$WORK/long.txt.gz" "$WORK/long.pgn"

finish
