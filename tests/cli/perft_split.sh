#!/usr/bin/env bash
# horde-perft --split D and weighted FEN streams: for chess, Horde and Orda (and a chess
# position with castling and en passant), the paths of the split positions add up to perft D;
# every position is printed once (transpositions merged); counting each split position N
# deeper with its weight (FEN<TAB>weight) adds up to perft D+N, on one process and through GNU
# parallel (--pipe, when installed). Bad weights are errors naming the line.
source "$(dirname "$0")/perft_lib.sh"
# The part parallel (cli:perft_split:parallel) adds the runs through GNU parallel.
part_needs parallel parallel

direct() { "$PERFT" --threads 1 "$@" 2>/dev/null | tail -n 1; }
sum_counts() { awk '{ s += $NF } END { print s + 0 }'; }

KIWIPETE='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
for spec in "chess 3 2" "horde 3 2" "orda 3 2" "chess 2 2 $KIWIPETE"; do
    read -r variant d n fen <<<"$spec"
    fenopt=()
    [ -n "$fen" ] && fenopt=(--fen "$fen")
    what="$variant${fen:+ (kiwipete)} split $d + $n"
    run --variant "$variant" "${fenopt[@]}" --split "$d" </dev/null
    expect_status 0 "$what: --split"
    cp "$WORK/out" "$WORK/split"
    expect_all_match "$WORK/split" $'^[^\t]+ [wb] [KQkq-]+ [a-h1-8-]+ [0-9]+ [0-9]+\t[1-9][0-9]*$' "$what: FEN<TAB>count lines"
    expect_eq "$(sum_counts <"$WORK/split")" "$(direct --variant "$variant" "${fenopt[@]}" --depth "$d")" \
        "$what: the paths add up to perft $d"
    # once per position: the first four FEN fields never repeat, and transpositions did merge
    expect_eq "$(cut -f1 "$WORK/split" | cut -d' ' -f1-4 | sort | uniq -d | wc -l)" 0 "$what: distinct positions"
    CHECKS=$((CHECKS + 1))
    [ "$(wc -l <"$WORK/split")" -lt "$(sum_counts <"$WORK/split")" ] || fail "$what: no transposition merged"
    want=$(direct --variant "$variant" "${fenopt[@]}" --depth $((d + n)))
    run --variant "$variant" --depth "$n" --threads 1 - <"$WORK/split"
    expect_eq "$(sum_counts <"$WORK/out")" "$want" "$what: weighted stream adds up to perft $((d + n))"
    if [ "$PART" = parallel ]; then
        got=$(parallel --will-cite --pipe -N 50 -j2 "$PERFT" --variant "$variant" --depth "$n" --threads 1 - \
            <"$WORK/split" 2>/dev/null | sum_counts)
        expect_eq "$got" "$want" "$what: through GNU parallel --pipe"
    fi
done

# weights: 1 is the plain count, a bad weight is an error on its line, the others still count
start=$("$PERFT" --variant chess --split 0)
expect_eq "$start" "$("$PERFT" --variant chess --split 0 --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')" "--split 0 is the start"
printf '%s\n%s\n' "${start%$'\t'*}"$'\t'"x7" "$start" >"$WORK/weights"
run --variant chess --depth 2 --threads 1 - <"$WORK/weights"
expect_status 1 "a bad weight"
expect_match "$WORK/err" '^<stdin>:1: error: .*weight' "a bad weight: the line is named"
expect_eq "$(cat "$WORK/out")" 400 "the line after a bad weight"
printf '%s\n' "${start%$'\t'*}"$'\t'"3" >"$WORK/weights"
run --variant chess --depth 2 --threads 1 - <"$WORK/weights"
expect_eq "$(cat "$WORK/out")" 1200 "weight 3 x perft 2"
run --split 2 --depth 3 </dev/null
expect_status 2 "--split with --depth"
finish
