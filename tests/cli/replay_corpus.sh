# horde-replay over the shared valid corpora (testdata/games/*-valid.pgn and their .jsonl
# sidecars):
#   * --to uci gives exactly the sidecar's `uci` line for every game, in order;
#   * --to san, fed back as move lists from the game's start (the sidecar's start_fen or the
#     variant's start) with --fen/--variant/--to uci, gives the same uci lines — one run per
#     distinct start position, one move list per stdin line. To stay fast (a run costs a
#     process start) only the first $REPLAY_SAN_GROUPS start positions of each corpus are
#     replayed (default 16: every game from the variant's start and a sample of the set-up
#     games); REPLAY_SAN_GROUPS=all replays every game;
#   * --to pgn passes horde-check (exit 0, no warnings, --strict too), keeps every game and
#     its result, and re-exports to identical bytes.
. "$(dirname "$0")/replay_lib.sh"
need jq jq
REPLAY_SAN_GROUPS=${REPLAY_SAN_GROUPS:-16}

for v in $VARIANTS; do
    pgn=$TESTDATA/games/$v-valid.pgn
    side=$TESTDATA/games/$v-valid.jsonl
    n=$(grep -c . "$side")
    jq -r '.uci' "$side" >"$WORK/$v.uci"
    jq -r '.result' "$side" >"$WORK/$v.results"
    start=$(start_fen "$v")
    jq -r --arg s "$start" '.start_fen // $s' "$side" >"$WORK/$v.starts"

    # --to uci
    run "$REPLAY" --to uci "$pgn"
    expect_status 0 "$v: --to uci"
    expect_eq "$(wc -l <"$WORK/out")" "$n" "$v: --to uci line count"
    expect_same_file "$WORK/out" "$WORK/$v.uci" "$v: --to uci against the sidecar"

    # --to san, replayed from each game's start
    run "$REPLAY" --to san "$pgn"
    expect_status 0 "$v: --to san"
    cp "$WORK/out" "$WORK/$v.san"
    expect_eq "$(wc -l <"$WORK/$v.san")" "$n" "$v: --to san line count"
    paste -d '\t' "$WORK/$v.starts" "$WORK/$v.san" "$WORK/$v.uci" >"$WORK/$v.tsv"
    groups=0 games=0
    while IFS= read -r fen; do
        [ "$REPLAY_SAN_GROUPS" != all ] && [ "$groups" -ge "$REPLAY_SAN_GROUPS" ] && break
        groups=$((groups + 1))
        awk -F '\t' -v f="$fen" '$1 == f { print $2 }' "$WORK/$v.tsv" >"$WORK/group.san"
        awk -F '\t' -v f="$fen" '$1 == f { print $3 }' "$WORK/$v.tsv" >"$WORK/group.uci"
        STATUS=0
        "$REPLAY" --variant "$v" --fen "$fen" --to uci <"$WORK/group.san" >"$WORK/group.out" 2>"$WORK/err" || STATUS=$?
        expect_status 0 "$v: san -> uci from $fen"
        expect_same_file "$WORK/group.out" "$WORK/group.uci" "$v: san -> uci from $fen"
        games=$((games + $(wc -l <"$WORK/group.uci")))
    done < <(cut -f 1 "$WORK/$v.tsv" | awk '!seen[$0]++')
    echo "$v: $n games; san -> uci for $games of them in $groups runs (one per start position)"

    # --to pgn
    run "$REPLAY" --to pgn "$pgn"
    expect_status 0 "$v: --to pgn"
    cp "$WORK/out" "$WORK/$v.export.pgn"
    run "$CHECK" "$WORK/$v.export.pgn"
    expect_status 0 "$v: horde-check on the export"
    expect_match "$WORK/err" "^horde-check: $n games, $n valid, 0 invalid, 0 warnings," "$v: horde-check summary"
    run "$CHECK" --strict "$WORK/$v.export.pgn"
    expect_status 0 "$v: horde-check --strict on the export"
    expect_match "$WORK/err" "^horde-check: $n games, $n valid, 0 invalid, 0 warnings," "$v: horde-check --strict summary"
    run "$CHECK" --json "$WORK/$v.export.pgn"
    jq -r '.declared' "$WORK/out" >"$WORK/$v.export.results"
    expect_same_file "$WORK/$v.export.results" "$WORK/$v.results" "$v: results of the exported games"
    run "$REPLAY" --to pgn "$WORK/$v.export.pgn"
    expect_status 0 "$v: re-export"
    expect_same_file "$WORK/out" "$WORK/$v.export.pgn" "$v: re-export is byte-identical"
    run "$REPLAY" --to uci "$WORK/$v.export.pgn"
    expect_same_file "$WORK/out" "$WORK/$v.uci" "$v: --to uci of the export"
    # movetext lines stay within 80 columns (tag lines are never wrapped)
    expect_eq "$(grep -v '^\[' "$WORK/$v.export.pgn" | awk 'length > 80' | wc -l)" 0 "$v: movetext lines longer than 80"
done

finish
