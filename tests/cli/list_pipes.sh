#!/usr/bin/env bash
# The horde-list pipelines of the README, run with the built tools:
#   horde-list --final games.pgn | horde-perft --variant V --depth 2 -     one count per game,
#       equal to horde-perft --fen on each of the sidecar's final FENs (on every 10th game with
#       HORDE_SANITIZED=1: a sanitized process takes about 0.1 s to start, 90 s for them all)
#   horde-check --valid-out ok.pgn in.pgn; horde-list --unique ok.pgn | wc -l
#       a number > 0 and <= the positions of ok.pgn, equal to the distinct 4-field FENs
#   horde-list --format json g.pgn | horde-check --fen                      every line valid
#   horde-list --final g.pgn | horde-list --moves --variant V               as many moves as perft 1
# Usage: bash list_pipes.sh <horde-list> <testdata-dir> <horde-check> <horde-perft>
source "$(dirname "$0")/list_lib.sh"
need_jq
[ -x "$CHECK" ] && [ -x "$PERFT" ] || { echo "usage: $0 <horde-list> <testdata-dir> <horde-check> <horde-perft>" >&2; exit 2; }
set -o pipefail

for v in $VARIANTS; do
    pgn=$GAMES/$v-valid.pgn
    sidecar=$GAMES/$v-valid.jsonl
    games=$(wc -l <"$sidecar")

    # 1. final positions into horde-perft: one count per game
    STATUS=0
    "$LIST" --final "$pgn" | "$PERFT" --variant "$v" --depth 2 - >"$WORK/perft-pipe" 2>"$WORK/err" || STATUS=$?
    expect_status 0 "$v: horde-list --final | horde-perft -"
    expect_eq "$(wc -l <"$WORK/perft-pipe")" "$games" "$v: one count per game"
    step=1
    [ "${HORDE_SANITIZED:-0}" = 1 ] && step=10
    jq -r .final_fen "$sidecar" | awk -v step=$step '(NR - 1) % step == 0' | while IFS= read -r fen; do
        "$PERFT" --variant "$v" --depth 2 --threads 1 --fen "$fen" 2>/dev/null | tail -n 1
    done >"$WORK/perft-loop"
    awk -v step=$step '(NR - 1) % step == 0' "$WORK/perft-pipe" >"$WORK/perft-pipe-sampled"
    expect_same_file "$WORK/perft-pipe-sampled" "$WORK/perft-loop" "$v: the pipe's counts are horde-perft --fen's on the sidecar's final FENs"

    # 2. valid games of a mixed file, then the distinct positions
    cat "$pgn" "$GAMES/$v-invalid.pgn" >"$WORK/in.pgn"
    STATUS=0
    "$CHECK" -q --valid-out "$WORK/ok.pgn" "$WORK/in.pgn" 2>/dev/null || STATUS=$?
    expect_status 1 "$v: horde-check --valid-out on valid + invalid games"
    unique=$("$LIST" --unique "$WORK/ok.pgn" | wc -l)
    total=$("$LIST" "$WORK/ok.pgn" | wc -l)
    distinct=$("$LIST" "$WORK/ok.pgn" | cut -d' ' -f1-4 | sort -u | wc -l)
    CHECKS=$((CHECKS + 1))
    [ "$unique" -gt 0 ] && [ "$unique" -le "$total" ] || fail "$v: --unique gave $unique of $total positions"
    expect_eq "$unique" "$distinct" "$v: --unique = the distinct placement/side/castling/ep fields"
    expect_eq "$("$LIST" --unique "$WORK/in.pgn" 2>/dev/null | wc -l)" "$unique" "$v: invalid games are not listed"

    # 3. NDJSON positions into horde-check --fen (default variant horde: the variant field decides)
    STATUS=0
    "$LIST" --format json "$pgn" | "$CHECK" --fen >/dev/null 2>"$WORK/err" || STATUS=$?
    expect_status 0 "$v: horde-list --format json | horde-check --fen"
    positions=$("$LIST" "$pgn" | wc -l)
    expect_match "$WORK/err" "^horde-check: $positions positions, $positions valid, 0 invalid" "$v: every position checked and valid"
    STATUS=0
    "$LIST" "$pgn" | "$CHECK" --fen --variant "$v" >/dev/null 2>&1 || STATUS=$?
    expect_status 0 "$v: horde-list | horde-check --fen --variant $v"

    # 4. final positions into --moves: as many moves as perft 1
    "$LIST" --final "$pgn" | "$LIST" --moves --variant "$v" | awk '{ print NF }' >"$WORK/moves-count"
    "$LIST" --final "$pgn" | "$PERFT" --variant "$v" --depth 1 - >"$WORK/perft1" 2>/dev/null
    expect_same_file "$WORK/moves-count" "$WORK/perft1" "$v: horde-list --moves counts = perft 1"
done
finish
