#!/usr/bin/env bash
# horde-list over the shared valid corpora against their .jsonl sidecars: --final gives
# final_fen for every game, the uci column of --format tsv gives the uci moves of every game,
# the ply column counts the sidecar's plies; the other formats list the same positions.
source "$(dirname "$0")/list_lib.sh"
need_jq

for v in $VARIANTS; do
    pgn=$GAMES/$v-valid.pgn
    sidecar=$GAMES/$v-valid.jsonl
    games=$(wc -l <"$sidecar")

    run --final "$pgn"
    expect_status 0 "$v --final"
    expect_empty "$WORK/err" "$v --final: stderr"
    jq -r .final_fen "$sidecar" >"$WORK/want"
    expect_same_file "$WORK/out" "$WORK/want" "$v --final against final_fen"

    run --format tsv "$pgn"
    expect_status 0 "$v --format tsv"
    expect_eq "$(head -n 1 "$WORK/out")" "$(printf 'game\tply\tsan\tuci\tfen')" "$v tsv header"
    # one line per game: the uci column of plies 1.. joined by spaces (empty for a game without moves)
    awk -F'\t' -v games="$games" 'NR > 1 && $2 > 0 { if ($1 in m) m[$1] = m[$1] " " $4; else m[$1] = $4 }
        END { for (g = 1; g <= games; g++) print m[g] }' "$WORK/out" >"$WORK/got-uci"
    jq -r .uci "$sidecar" >"$WORK/want-uci"
    expect_same_file "$WORK/got-uci" "$WORK/want-uci" "$v tsv uci column against the sidecar's uci"
    awk -F'\t' -v games="$games" 'NR > 1 { n[$1] = $2 } END { for (g = 1; g <= games; g++) print n[g] }' "$WORK/out" >"$WORK/got-plies"
    jq -r .plies "$sidecar" >"$WORK/want-plies"
    expect_same_file "$WORK/got-plies" "$WORK/want-plies" "$v tsv last ply against the sidecar's plies"
    positions=$(($(wc -l <"$WORK/out") - 1))
    expect_eq "$positions" "$(($(jq -s 'map(.plies) | add' "$sidecar") + games))" "$v: one position per ply plus the start"
    cut -f5 "$WORK/out" | tail -n +2 >"$WORK/tsv-fens"

    run "$pgn"
    expect_same_file "$WORK/out" "$WORK/tsv-fens" "$v: the default FEN lines are the tsv fen column"
    run --format json "$pgn"
    jq -r .fen "$WORK/out" >"$WORK/json-fens"
    expect_same_file "$WORK/json-fens" "$WORK/tsv-fens" "$v: the json fen field is the tsv fen column"
    expect_eq "$(jq -r .variant "$WORK/out" | sort -u)" "$v" "$v: json variant"
    run --format epd "$pgn"
    expect_eq "$(wc -l <"$WORK/out")" "$positions" "$v: one epd line per position"
    cut -d' ' -f1-4 "$WORK/tsv-fens" >"$WORK/want-epd4"
    cut -d' ' -f1-4 "$WORK/out" >"$WORK/got-epd4"
    expect_same_file "$WORK/got-epd4" "$WORK/want-epd4" "$v: epd's 4 fields are the FEN's"
done
finish
