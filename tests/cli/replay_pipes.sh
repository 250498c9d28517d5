#!/usr/bin/env bash
# horde-replay in the README pipelines: `horde-replay --to uci g.pgn | horde-replay --fen "$START"
# --to san` (run by a real shell) reproduces `--to san` for the games of every corpus that start
# from the variant's start position, `--to san | ... --to uci` goes back, and `--to pgn |
# horde-check -` passes. (Stdin move lists, --to pgn of move lists and of hand-made PGN, invalid
# games, --game N and --variant: the case files cases/replay.)
. "$(dirname "$0")/replay_lib.sh"

# ---------------------------------------------------------------- the README pipelines
for v in $VARIANTS; do
    # the games without a FEN tag, from the normalised export (a game = tag block + movetext block)
    "$REPLAY" --to pgn "$TESTDATA/games/$v-valid.pgn" |
        awk 'BEGIN { RS = ""; ORS = "\n\n" } { if (NR % 2) { tags = $0 } else if (tags !~ /\[FEN /) { print tags; print } }' \
            >"$WORK/$v.start.pgn"
    n=$(grep -c '^\[Event ' "$WORK/$v.start.pgn")
    CHECKS=$((CHECKS + 1))
    [ "$n" -gt 10 ] || fail "$v: only $n games from the start position"
    "$REPLAY" --to san "$WORK/$v.start.pgn" >"$WORK/$v.san"
    "$REPLAY" --to uci "$WORK/$v.start.pgn" >"$WORK/$v.uci"
    START=$(start_fen "$v")
    STATUS=0
    START=$START V=$v bash -c '"$0" --to uci "$1" | "$0" --variant "$V" --fen "$START" --to san' "$REPLAY" "$WORK/$v.start.pgn" \
        >"$WORK/out" 2>"$WORK/err" || STATUS=$?
    expect_status 0 "$v: uci | san pipeline"
    expect_same_file "$WORK/out" "$WORK/$v.san" "$v: uci | san pipeline reproduces --to san ($n games)"
    STATUS=0
    V=$v bash -c '"$0" --to san "$1" | "$0" --variant "$V" --to uci' "$REPLAY" "$WORK/$v.start.pgn" \
        >"$WORK/out" 2>"$WORK/err" || STATUS=$?
    expect_status 0 "$v: san | uci pipeline"
    expect_same_file "$WORK/out" "$WORK/$v.uci" "$v: san | uci pipeline reproduces --to uci"
    # the README's check of an export: horde-replay --to pgn | horde-check
    STATUS=0
    bash -c '"$0" --to pgn "$1" | "$2" -' "$REPLAY" "$TESTDATA/games/$v-valid.pgn" "$CHECK" >"$WORK/out" 2>"$WORK/err" || STATUS=$?
    expect_status 0 "$v: --to pgn | horde-check"
done

finish
