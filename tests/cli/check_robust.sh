#!/usr/bin/env bash
# horde-check on hostile input (issue 3, "Done when"): random bytes, NUL bytes and invalid
# UTF-8, files cut mid-game, 100,000 nested '(', a 100 MB comment, a 20 MB tag value, an
# unterminated '{' at the top of a large file, a million empty games. Every input is generated
# here, into the temporary folder, and deleted after use. horde-check must end (no hang: run
# under `timeout`), not crash, exit 0, 1 or 2, and stay within 32 MB of peak RSS.
# HORDE_SANITIZED=1 (ASan/UBSan builds): the largest inputs are scaled down and the RSS bound,
# which a sanitizer's shadow memory makes meaningless, is reported but not asserted.
source "$(dirname "$0")/check_lib.sh"

LIMIT_KB=32768
TIME_LIMIT=${HORDE_TEST_TIMEOUT:-60}
if [ "$SANITIZED" = 1 ]; then
    SCALE=10 # 1/10th of the sizes
    TIME_LIMIT=${HORDE_TEST_TIMEOUT:-300}
else
    SCALE=1
fi
MB=$((1000000 / SCALE))

# robust <what> <expected statuses, e.g. "01"> [horde-check args...]: runs horde-check under
# timeout on the arguments and checks status and (unsanitized) peak RSS.
robust() {
    local what=$1 allowed=$2
    shift 2
    peak_rss_kb "$WORK/out" "$WORK/err" timeout -k 5 "$TIME_LIMIT" "$CHECK" "$@"
    CHECKS=$((CHECKS + 1))
    if [ "$STATUS" -eq 124 ] || [ "$STATUS" -eq 137 ]; then
        fail "$what: no result within $TIME_LIMIT s (status $STATUS)"
    elif [ "$STATUS" -gt 2 ]; then
        fail "$what: status $STATUS (crash?): $(tail -c 400 "$WORK/err")"
    elif [[ $allowed != *$STATUS* ]]; then
        fail "$what: status $STATUS, expected one of [$allowed]"
    fi
    CHECKS=$((CHECKS + 1))
    if ! tail -n 1 "$WORK/err" | grep -Eq "$SUMMARY_RE"; then
        fail "$what: no summary line at the end of stderr: $(tail -c 300 "$WORK/err")"
    fi
    echo "$what: status $STATUS, peak RSS ${RSS_KB} KB, $(tail -n 1 "$WORK/err")"
    if [ "$SANITIZED" != 1 ] && [ "$RSS_KB" -gt 0 ]; then
        CHECKS=$((CHECKS + 1))
        [ "$RSS_KB" -le "$LIMIT_KB" ] || fail "$what: peak RSS $RSS_KB KB > $LIMIT_KB KB"
    fi
}

# a string repeated to n bytes
repeat_bytes() { yes "$1" | tr -d '\n' | head -c "$2"; }

# --- random bytes (several seeds of different sizes; a pseudo-random generator so that a
#     failure can be reproduced from the seed printed)
for seed in 1 2 3; do
    size=$((seed * 2 * MB))
    awk -v seed="$seed" -v n="$size" 'BEGIN { srand(seed); for (i = 0; i < n; i++) printf "%c", int(rand() * 256) }' \
        LC_ALL=C >"$WORK/random.bin" 2>/dev/null || head -c "$size" /dev/urandom >"$WORK/random.bin"
    # as it is: not text (NUL bytes in the first 4 KiB), refused in one line (issue 9)
    robust "random bytes (seed $seed, $size bytes)" 2 "$WORK/random.bin"
    expect_eq "$(grep -c 'random.bin: .*not PGN or text' "$WORK/err")" 1 "random bytes: one refusal naming the file"
    # after 4 KiB of PGN it is the reader's: every byte goes to a game
    { head -n 150 "$GAMES/chess-valid.pgn"; cat "$WORK/random.bin"; } >"$WORK/random.pgn"
    robust "random bytes after PGN, --json --valid-out --invalid-out" 01 --json --valid-out "$WORK/v" --invalid-out "$WORK/i" "$WORK/random.pgn"
    CHECKS=$((CHECKS + 1))
    # every byte goes to exactly one of the two files (a lone '*' among the random bytes is a valid
    # game, so the two files are not always the input's two halves in order)
    [ $(($(wc -c <"$WORK/v") + $(wc -c <"$WORK/i"))) -eq "$(wc -c <"$WORK/random.pgn")" ] ||
        fail "random bytes: --valid-out + --invalid-out do not hold every byte of the input"
done
rm -f "$WORK/random.pgn"
head -c $((4 * MB)) /dev/urandom >"$WORK/random.bin"
robust "random bytes (/dev/urandom)" 012 "$WORK/random.bin"
rm -f "$WORK/random.bin" "$WORK/v" "$WORK/i"

# --- random bytes in the middle of a good file: the games after them stay valid
{
    head -n 150 "$GAMES/chess-valid.pgn" # past the first 4 KiB, which must be text
    head -c 3000 /dev/urandom | tr -d '[]{}()'
    printf '\n\n'
    cat "$GAMES/chess-valid.pgn"
} >"$WORK/noise.pgn"
# (after a result, text up to the next tag line is text between games: a warning, unless a
# line of the noise happens to start with a move number and so starts a game)
robust "random bytes between games" 01 --json "$WORK/noise.pgn"
expect_eq "$(grep -c '"valid":true' "$WORK/out" | awk -v n="$(grep -c . "$GAMES/chess-valid.jsonl")" '$1 >= n {print "ok"}')" ok \
    "noise: the games after it (chess-valid.pgn's, one sidecar line each) are valid"
expect_match "$WORK/out" '"code":"(text-between-games|garbage-token|invalid-byte|san-syntax)"' "noise: reported"
robust "random bytes between games, --strict" 1 --strict "$WORK/noise.pgn"

# --- NUL bytes and invalid UTF-8, in tags, comments and movetext (after the first 4 KiB, and in
#     them: a few stray NULs are their games' errors; a head of many makes the file binary)
{
    head -n 150 "$GAMES/chess-valid.pgn"
    printf '[Event "nul\0in tag"]\n[Result "*"]\n\n1. e4 *\n\n'
    printf '[Event "bad utf-8 \377\376 \300\257 \355\240\200"]\n[White "\303\251l\303\250ve"]\n[Result "*"]\n\n1. e4 {caf\303 \377} e5 *\n\n'
    printf '[Event "nul in move"]\n[Result "*"]\n\n1. e\0004 e5 *\n\n'
    printf '[Event "bytes in move"]\n[Result "*"]\n\n1. e4\377 \200\201 e5 *\n\n'
    printf '\0\0\0\0\n\n'
    printf '[Event "fine"]\n[Result "*"]\n\n1. d4 d5 *\n'
} >"$WORK/bytes.pgn"
robust "NUL bytes and invalid UTF-8" 1 --json "$WORK/bytes.pgn"
expect_match "$WORK/out" '"valid":true' "NUL/UTF-8: some game stays valid"
expect_match "$WORK/out" '"code":"(nul-byte|invalid-byte|malformed-tag)"' "NUL/UTF-8: reported"
# (that the --json output parses, by python3: the case check/json-nul-utf8-parses)
CHECKS=$((CHECKS + 1))
tail -n 1 "$WORK/out" | grep -q '"valid":true' || fail "NUL/UTF-8: the last game is valid"
tail -n +151 "$WORK/bytes.pgn" >"$WORK/bytes-head.pgn"
robust "NUL bytes at the start" 1 "$WORK/bytes-head.pgn"
expect_match "$WORK/err" 'bytes-head.pgn:1:1: error: game 1 .*NUL byte in tag value \[nul-byte\]' "NUL at the start: game 1's error"
expect_match "$WORK/err" '5 games, 2 valid, 3 invalid' "NUL at the start: the games read, the valid ones too"
rm -f "$WORK/bytes-head.pgn"
head -c $((3 * MB)) /dev/zero >"$WORK/zeros.bin"
robust "NUL bytes only" 012 "$WORK/zeros.bin"
repeat_bytes $'\xff\xfe\xc0\xaf' $((3 * MB)) >"$WORK/ff.bin"
robust "invalid UTF-8 only" 012 "$WORK/ff.bin"
rm -f "$WORK/zeros.bin" "$WORK/ff.bin"

# --- a file cut mid-game, at many places (in tags, comments, moves, results)
total=$(wc -c <"$GAMES/horde-valid.pgn")
for cut in 1 7 100 333 1000 4097 20000 $((total / 2)) $((total - 3)); do
    head -c "$cut" "$GAMES/horde-valid.pgn" >"$WORK/cut.pgn"
    robust "cut after $cut bytes" 01 "$WORK/cut.pgn"
done
for cut in 500 5000 $((total / 3)); do
    head -c "$cut" "$GAMES/horde-valid.pgn" >"$WORK/cut.pgn"
    robust "cut after $cut bytes, split" 01 --valid-out "$WORK/v" --invalid-out "$WORK/i" "$WORK/cut.pgn"
    CHECKS=$((CHECKS + 1))
    cat "$WORK/v" "$WORK/i" | cmp -s - "$WORK/cut.pgn" || {
        # valid and invalid games alternate: compare sizes instead of order
        [ $(($(wc -c <"$WORK/v") + $(wc -c <"$WORK/i"))) -eq "$cut" ] || fail "cut $cut: bytes lost in the split"
    }
done
printf '[Event "cut"]\n[Result "*"]\n\n1. e4 {comment cut' >"$WORK/cut.pgn"
robust "cut inside a comment" 1 "$WORK/cut.pgn"
printf '[Event "cut"]\n[Result "*"]\n\n1. e4 (1. d4 d5 (1... Nf6' >"$WORK/cut.pgn"
robust "cut inside variations" 1 "$WORK/cut.pgn"
printf '[Event "cut' >"$WORK/cut.pgn"
robust "cut inside a tag" 1 "$WORK/cut.pgn"

# --- 100,000 nested '(' (closed, and never closed)
{
    printf '[Event "deep"]\n[Result "*"]\n\n1. e4 '
    repeat_bytes '(e5 ' 400000
    printf ' *\n'
} >"$WORK/deep-open.pgn"
robust "100,000 nested ( never closed" 1 --json "$WORK/deep-open.pgn"
expect_match "$WORK/out" '"code":"unterminated-variation"' "nested: unterminated variation reported"
expect_match "$WORK/err" 'deep-open.pgn:4:7: error: .*\[unterminated-variation\]$' "nested: reported at the first ("
{
    printf '[Event "deep"]\n[Result "*"]\n\n1. e4 '
    repeat_bytes '(1. d4 ' $((100000 * 7))
    repeat_bytes ')' 100000
    printf ' e5 *\n\n[Event "next"]\n[Result "*"]\n\n1. d4 *\n'
} >"$WORK/deep.pgn"
robust "100,000 nested ( closed" 0 --json "$WORK/deep.pgn"
expect_eq "$(wc -l <"$WORK/out")" 2 "nested: two games"
rm -f "$WORK/deep.pgn" "$WORK/deep-open.pgn"

# --- a 100 MB comment
{
    printf '[Event "big comment"]\n[Result "*"]\n\n1. e4 {'
    head -c $((100 * MB)) /dev/zero | tr '\0' 'c'
    printf '} e5 *\n\n[Event "next"]\n[Result "*"]\n\n1. d4 *\n'
} >"$WORK/comment.pgn"
robust "100 MB comment" 0 "$WORK/comment.pgn"
expect_match "$WORK/err" '^horde-check: 2 games, 2 valid' "100 MB comment: both games valid"
expect_match "$WORK/err" '^.*comment.pgn:4:7: warning: game 1 .*comment longer than 64 KiB.*\[text-cut\]$' \
    "100 MB comment: said to be cut where it is written again"
robust "100 MB comment, --strict" 0 --strict "$WORK/comment.pgn"
expect_match "$WORK/err" '^horde-check: 2 games, 2 valid' "100 MB comment, --strict: text-cut stays a warning"
robust "100 MB comment, --json" 0 --json "$WORK/comment.pgn"
rm -f "$WORK/comment.pgn"

# --- a 20 MB tag value
{
    printf '[Event "big tag"]\n[Annotator "'
    head -c $((20 * MB)) /dev/zero | tr '\0' 't'
    printf '"]\n[Result "*"]\n\n1. e4 e5 *\n\n[Event "next"]\n[Result "*"]\n\n1. d4 *\n'
} >"$WORK/tag.pgn"
robust "20 MB tag value" 01 "$WORK/tag.pgn"
expect_match "$WORK/err" '^horde-check: 2 games' "20 MB tag: two games"
expect_match "$WORK/err" "tag \\[Annotator\\]'s value longer than 64 KiB.*\\[text-cut\\]" "20 MB tag: said to be cut"
robust "20 MB tag value, --json" 01 --json "$WORK/tag.pgn"
CHECKS=$((CHECKS + 1))
[ "$(wc -c <"$WORK/out")" -lt $((1024 * 1024)) ] || fail "20 MB tag: the JSON repeats the whole value"
rm -f "$WORK/tag.pgn"

# --- an unterminated '{' at the top of a large file
copies=$((40 / SCALE))
[ "$copies" -ge 1 ] || copies=1
# The corpora without their comments (a '}' anywhere would close the '{', as PGN says).
cat "$GAMES/chess-valid.pgn" "$GAMES/horde-valid.pgn" "$GAMES/orda-valid.pgn" | tr '\n' '\001' |
    sed 's/{[^}]*}//g' | tr '\001' '\n' >"$WORK/no-comments.pgn"
{
    printf '{ never closed\n\n'
    for i in $(seq 1 "$copies"); do cat "$WORK/no-comments.pgn"; done
} >"$WORK/open-brace.pgn"
robust "unterminated { at the top of a large file" 1 "$WORK/open-brace.pgn"
expect_match "$WORK/err" 'open-brace.pgn:1:1: error: .*\[unterminated-comment\]' "unterminated {: reported at line 1, column 1"
corpora=$(cat "$GAMES/chess-valid.jsonl" "$GAMES/horde-valid.jsonl" "$GAMES/orda-valid.jsonl" | grep -c .) # games, from the sidecars
expect_match "$WORK/err" "^horde-check: $((copies * corpora + 1)) games, $((copies * corpora)) valid, 1 invalid" \
    "unterminated {: the games after it are all valid"
# ... and in a large file without any tag line to resynchronise on: one game to the end
{
    printf '[Event "x"]\n[Result "*"]\n\n1. e4 { never closed\n'
    head -c $((30 * MB)) /dev/zero | tr '\0' 'x' | fold -w 80
} >"$WORK/open-brace2.pgn"
robust "unterminated { running to the end of 30 MB" 1 "$WORK/open-brace2.pgn"
expect_match "$WORK/err" '^horde-check: 1 game, 0 valid, 1 invalid' "unterminated { to EOF: one game"
rm -f "$WORK/open-brace.pgn" "$WORK/open-brace2.pgn"

# --- a million empty games (tags and a result, no moves), and a million lone results
yes "$(printf '[Event "e"]\n[Result "*"]\n\n*\n')" | head -n 4000000 >"$WORK/empty.pgn"
robust "a million empty games" 0 -q "$WORK/empty.pgn"
expect_match "$WORK/err" '^horde-check: 1000000 games, 1000000 valid, 0 invalid' "a million games counted"
CHECKS=$((CHECKS + 1))
n=$(timeout -k 5 "$TIME_LIMIT" "$CHECK" --json "$WORK/empty.pgn" 2>/dev/null | wc -l)
[ "$n" -eq 1000000 ] || fail "a million empty games: $n JSON lines"
yes '*' | head -n 1000000 >"$WORK/results.pgn"
robust "a million lone results" 0 "$WORK/results.pgn"
expect_match "$WORK/err" '^horde-check: 1000000 games' "a million lone results counted"
yes '[Event "e"]' | head -n 1000000 >"$WORK/tags.pgn"
robust "a million tags-only games" 01 -q "$WORK/tags.pgn"
rm -f "$WORK/empty.pgn" "$WORK/results.pgn" "$WORK/tags.pgn"

finish
