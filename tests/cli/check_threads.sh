#!/usr/bin/env bash
# horde-check --threads N: the output is byte for byte that of --threads 1 on every corpus of
# testdata/games and on odd inputs generated here: stdout (--json), every stderr line (file,
# line, column, game numbers), --valid-out, --invalid-out, --stats, --stats-json and the exit
# status. Only the run time at the end of the summary line may differ.
source "$(dirname "$0")/check_lib.sh"

# same_as_one_thread <what> <args...>: runs with --threads 1, 2 and 3 and compares everything
# (stdin from $STDIN_FILE, /dev/null unless set).
same_as_one_thread() {
    local what=$1 t
    shift
    for t in 1 2 3; do
        # shellcheck disable=SC2086
        run_stdin "${STDIN_FILE:-/dev/null}" --threads "$t" ${JSON---json} --valid-out "$WORK/valid$t.pgn" --invalid-out "$WORK/invalid$t.pgn" \
            --stats --stats-json "$WORK/stats$t.json" "$@"
        echo "exit $STATUS" >>"$WORK/err"
        sed -E 's/, [0-9]+\.[0-9]{3} s$//' "$WORK/err" >"$WORK/err$t"
        mv "$WORK/out" "$WORK/out$t"
    done
    CHECKS=$((CHECKS + 1))
    [ -z "${JSON-x}" ] || [ -s "$WORK/out1" ] || fail "$what: no --json output"
    for t in 2 3; do
        expect_same_file "$WORK/out$t" "$WORK/out1" "$what: stdout, --threads $t"
        expect_same_file "$WORK/err$t" "$WORK/err1" "$what: stderr and exit status, --threads $t"
        expect_same_file "$WORK/valid$t.pgn" "$WORK/valid1.pgn" "$what: --valid-out, --threads $t"
        expect_same_file "$WORK/invalid$t.pgn" "$WORK/invalid1.pgn" "$what: --invalid-out, --threads $t"
        expect_same_file "$WORK/stats$t.json" "$WORK/stats1.json" "$what: --stats-json, --threads $t"
    done
}

for f in "$GAMES"/*.pgn; do
    same_as_one_thread "$(basename "$f")" "$f"
done
# the PGN dialect cases (reader notices, move-number checks, odd boundaries)
for f in "$TESTDATA"/dialects/*.pgn; do
    [ -e "$f" ] && same_as_one_thread "dialects/$(basename "$f")" "$f"
done
# every corpus at once (game numbers restart per file, the totals do not), and from stdin
same_as_one_thread "all corpora" "$GAMES"/*.pgn
cat "$GAMES"/*.pgn >"$WORK/all.pgn"
STDIN_FILE=$WORK/all.pgn same_as_one_thread "stdin" -
for opt in --lichess --strict --no-warnings -q "--variant horde"; do
    # shellcheck disable=SC2086
    same_as_one_thread "all corpora $opt" $opt "$GAMES"/*.pgn
done

# many batches: the corpora repeated, CRLF line ends, and mixed odd games
for _ in 1 2 3 4 5 6; do cat "$WORK/all.pgn"; done >"$WORK/big.pgn"
same_as_one_thread "corpora x6" "$WORK/big.pgn"
sed 's/$/\r/' "$WORK/all.pgn" >"$WORK/crlf.pgn"
same_as_one_thread "CRLF" "$WORK/crlf.pgn"
{
    printf '\xef\xbb\xbf'
    cat "$GAMES/chess-invalid.pgn"
    printf '1. e4 e5 2. Nf3 *\n[Event "tags only"]\n[Event "x"]\n\n1. e4 {open\n\n'
    cat "$GAMES/horde-valid.pgn"
    printf '\n[Event "a" ] garbage ]]] (( 1. e4 *\n1-0\n0-1 1/2-1/2\n%%escape\n1. d4 @@@ d5 $1 ;c\n'
    yes '*' | head -n 5000
    cat "$GAMES/orda-invalid.pgn"
    printf '[Event "cut'
} >"$WORK/odd.pgn"
same_as_one_thread "odd input" "$WORK/odd.pgn"

# without --json: only invalid games' diagnostics say their game number, so valid games are
# handed on before their chunk's numbers are known (PipelineSettings::needs_number)
JSON="" same_as_one_thread "odd input, no --json" "$WORK/odd.pgn"
JSON="" same_as_one_thread "corpora x6, no --json" "$WORK/big.pgn"
JSON="" same_as_one_thread "all corpora, no --json, --strict" --strict "$GAMES"/*.pgn

# --duplicates: an in-order stage over the records (the corpora repeated: every game from the
# second copy on is a duplicate)
same_as_one_thread "corpora x6, --duplicates" --duplicates "$WORK/big.pgn"
same_as_one_thread "corpora x6, --duplicates=prefix --strict" --duplicates=prefix --strict "$WORK/big.pgn"
JSON="" same_as_one_thread "corpora x6, --duplicates-out, no --json" --duplicates-out "$WORK/dups.pgn" "$WORK/big.pgn"

# one game far larger than a batch (checked on the reader thread), between ordinary games
{
    cat "$GAMES/chess-valid.pgn"
    printf '[Event "long"]\n\n1. Nf3 Nf6 '
    yes 'Ng1 Ng8 Nf3 Nf6' | head -n 300000 | tr '\n' ' '
    printf '*\n\n'
    cat "$GAMES/horde-invalid.pgn"
} >"$WORK/long.pgn"
same_as_one_thread "a 5 MB game" "$WORK/long.pgn"

finish
