#!/usr/bin/env bash
# horde-list --threads N: stdout, stderr and the exit status are byte for byte those of
# --threads 1, over every corpus of testdata/games, in every format and with the selectors
# (--unique keeps the first occurrence in input order whatever N).
source "$(dirname "$0")/list_lib.sh"

same_as_one_thread() {
    local what=$1 t
    shift
    for t in 1 2 3; do
        run --threads "$t" "$@"
        echo "exit $STATUS" >>"$WORK/err"
        mv "$WORK/out" "$WORK/out$t"
        mv "$WORK/err" "$WORK/err$t"
    done
    CHECKS=$((CHECKS + 1))
    [ -s "$WORK/out1" ] || fail "$what: no output"
    for t in 2 3; do
        expect_same_file "$WORK/out$t" "$WORK/out1" "$what: stdout, --threads $t"
        expect_same_file "$WORK/err$t" "$WORK/err1" "$what: stderr and exit status, --threads $t"
    done
}

for f in "$GAMES"/*.pgn; do
    same_as_one_thread "$(basename "$f")" --keep-partial "$f"
done
cat "$GAMES"/*.pgn "$GAMES"/*.pgn "$GAMES"/*.pgn >"$WORK/all.pgn"
for args in "--format epd" "--format tsv" "--format json" "--final" "--unique" "--every 7 --keep-partial" \
    "--start --ply 12 --format tsv"; do
    # shellcheck disable=SC2086
    same_as_one_thread "all corpora x3 $args" $args "$WORK/all.pgn"
done
# shellcheck disable=SC2086
same_as_one_thread "several files" --format json "$GAMES"/*-invalid.pgn "$GAMES"/*-valid.pgn

finish
