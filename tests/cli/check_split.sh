#!/usr/bin/env bash
# horde-check --valid-out / --invalid-out: every input game goes to exactly one of the two
# files, byte for byte, in input order.
source "$(dirname "$0")/check_lib.sh"

# expect_split <input> <what>: runs the split and compares it with the games cut out of the
# input by the start lines --json reports (a game runs to the next game's first line; the
# first game starts at byte 0).
expect_split() {
    local input=$1 what=$2
    run --json --valid-out "$WORK/valid.pgn" --invalid-out "$WORK/invalid.pgn" "$input"
    CHECKS=$((CHECKS + 1))
    [ "$STATUS" -le 1 ] || fail "$what: status $STATUS"
    grep -Eo '"line":[0-9]+,"valid":(true|false)' "$WORK/out" | sed -E 's/"line":([0-9]+),"valid":(.*)/\1 \2/' >"$WORK/starts"
    expect_eq "$(wc -l <"$WORK/starts")" "$(summary_field 1)" "$what: one record per game"
    awk -v starts="$WORK/starts" -v vout="$WORK/want-valid.pgn" -v iout="$WORK/want-invalid.pgn" '
        BEGIN { n = 0; while ((getline l < starts) > 0) { split(l, f, " "); n++; line[n] = f[1]; valid[n] = f[2] } g = 1 }
        { while (g < n && NR >= line[g + 1]) g++; last = valid[g] == "true" ? vout : iout; print > last }
        END { print last > (vout ".last") }
    ' "$input"
    touch "$WORK/want-valid.pgn" "$WORK/want-invalid.pgn"
    # awk ends every line with a newline: take it back if the input has none at its end
    if [ -s "$input" ] && [ "$(tail -c 1 "$input" | od -An -c | tr -d ' ')" != '\n' ]; then
        local last
        last=$(cat "$WORK/want-valid.pgn.last")
        truncate -s -1 "$last"
    fi
    rm -f "$WORK/want-valid.pgn.last"
    CHECKS=$((CHECKS + 1))
    cmp -s "$WORK/valid.pgn" "$WORK/want-valid.pgn" || fail "$what: --valid-out differs from the valid games of the input"
    CHECKS=$((CHECKS + 1))
    cmp -s "$WORK/invalid.pgn" "$WORK/want-invalid.pgn" || fail "$what: --invalid-out differs from the invalid games of the input"
    expect_eq "$(($(wc -c <"$WORK/valid.pgn") + $(wc -c <"$WORK/invalid.pgn")))" "$(wc -c <"$input")" "$what: no byte lost or added"
    # Checked again, each part is all valid / all invalid, with the same number of games.
    local nvalid ninvalid
    nvalid=$(grep -c '"valid":true' "$WORK/out")
    ninvalid=$(grep -c '"valid":false' "$WORK/out")
    run "$WORK/valid.pgn"
    if [ "$nvalid" -gt 0 ]; then
        expect_status 0 "$what: the valid part"
        expect_eq "$(summary_field 1)" "$nvalid" "$what: games in the valid part"
    fi
    if [ "$ninvalid" -gt 0 ]; then
        run "$WORK/invalid.pgn"
        expect_eq "$(summary_field 1) $(summary_field 2)" "$ninvalid 0" "$what: the invalid part"
    fi
    rm -f "$WORK/want-valid.pgn" "$WORK/want-invalid.pgn"
}

# the corpora, mixed: valid and invalid games of every variant in one file
cat "$GAMES/chess-valid.pgn" "$GAMES/horde-invalid.pgn" "$GAMES/orda-valid.pgn" "$GAMES/chess-invalid.pgn" \
    "$GAMES/horde-valid.pgn" "$GAMES/orda-invalid.pgn" >"$WORK/mixed.pgn"
expect_split "$WORK/mixed.pgn" "mixed corpora"

# games interleaved one by one (each corpus game starts with an Event tag), with a preamble
{
    printf '; a preamble comment\n%% an escape line\n\n'
    awk '
        FNR == 1 { f++ }
        /^\[Event / { n[f]++ }
        { game[f, n[f]] = game[f, n[f]] $0 "\n" }
        END { for (i = 1; i <= 80; i++) printf "%s%s", game[1, i], game[2, i] }
    ' "$GAMES/horde-valid.pgn" "$GAMES/horde-invalid.pgn"
} >"$WORK/interleaved.pgn"
expect_split "$WORK/interleaved.pgn" "interleaved"
sed 's/$/\r/' "$WORK/interleaved.pgn" | head -c -2 >"$WORK/crlf.pgn"
expect_split "$WORK/crlf.pgn" "CRLF, no final newline"

# only valid / only invalid games: the other file is created empty
run --valid-out "$WORK/v.pgn" --invalid-out "$WORK/i.pgn" "$GAMES/orda-valid.pgn"
expect_status 0 "all valid"
CHECKS=$((CHECKS + 1))
cmp -s "$WORK/v.pgn" "$GAMES/orda-valid.pgn" || fail "all valid: --valid-out is the input"
expect_eq "$(wc -c <"$WORK/i.pgn")" 0 "all valid: empty --invalid-out"
run --invalid-out "$WORK/i.pgn" "$GAMES/chess-invalid.pgn"
expect_status 1 "all invalid, --invalid-out alone"
CHECKS=$((CHECKS + 1))
cmp -s "$WORK/i.pgn" "$GAMES/chess-invalid.pgn" || fail "all invalid: --invalid-out is the input"

# from stdin, several inputs into the same outputs
run_stdin "$GAMES/horde-invalid.pgn" --valid-out "$WORK/v.pgn" --invalid-out "$WORK/i.pgn" "$GAMES/horde-valid.pgn" -
expect_status 1 "file + stdin"
CHECKS=$((CHECKS + 1))
cmp -s "$WORK/v.pgn" "$GAMES/horde-valid.pgn" || fail "file + stdin: valid part"
CHECKS=$((CHECKS + 1))
cmp -s "$WORK/i.pgn" "$GAMES/horde-invalid.pgn" || fail "file + stdin: invalid part"

# a broken game (unterminated comment) and a bad byte: still one file each, byte for byte
{
    head -n 20 "$GAMES/chess-valid.pgn"
    printf '\n[Event "broken"]\n[Result "*"]\n\n1. e4 {never closed\n\n'
    printf '[Event "bad byte"]\n[Result "*"]\n\n1. e4 \377\001 e5 *\n\n'
    printf '[Event "fine"]\n[Result "*"]\n\n1. d4 d5 *\n'
} >"$WORK/broken.pgn"
expect_split "$WORK/broken.pgn" "broken games"

finish
