# horde-replay in pipelines and its --to pgn export on hand-made games:
#   * the README pipeline `horde-replay --to uci g.pgn | horde-replay --fen "$START" --to san`
#     (run by a real shell) reproduces `--to san` for the games of every corpus that start
#     from the variant's start position, and `--to san | ... --to uci` goes back;
#   * stdin move lists: one game per line (empty line: a game without moves), an illegal line
#     is reported with its line number and written as an empty line (exit 1), the other lines
#     are written;
#   * --to pgn of a move list; --to pgn of PGN with the cases a normaliser must handle (0-0,
#     missing '+', NAG suffixes, comments before the first move and containing '}', empty
#     comments and variations, '%' lines, tag escaping and order, a set-up position with Black
#     to move), compared with the expected text, accepted by horde-check --strict, idempotent;
#   * invalid games: horde-check's diagnostics, not written, exit 1; --game N; --variant.
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

# ---------------------------------------------------------------- stdin move lists
printf 'e2e4 e7e5 g1f3\n\n1. e4 e5 2. Nf3 Nc6 *\nd2d4 e7e5 d4e5 d7d6 e5d6 f8d6\n' >"$WORK/lists"
run "$REPLAY" --variant chess --to san <"$WORK/lists"
expect_status 0 "move lists: --to san"
printf 'e4 e5 Nf3\n\ne4 e5 Nf3 Nc6\nd4 e5 dxe5 d6 exd6 Bxd6\n' >"$WORK/expected"
expect_same_file "$WORK/out" "$WORK/expected" "move lists: one SAN line per input line"
printf 'e2e4 e7e5\ne2e5\nd2d4\n' >"$WORK/lists"
run "$REPLAY" --variant chess --fen "$(start_fen chess)" --to uci <"$WORK/lists"
expect_status 1 "move lists: an illegal line"
printf 'e2e4 e7e5\n\nd2d4\n' >"$WORK/expected"
expect_same_file "$WORK/out" "$WORK/expected" "move lists: the legal lines are written, the illegal one is an empty line"
expect_match "$WORK/err" '^horde-replay: line 2: ply 1 "e2e5": ' "move lists: the illegal line is named"
run "$REPLAY" --variant chess --fen "$(start_fen chess)" --to uci </dev/null
expect_status 0 "move lists: empty stdin"
expect_eq "$(wc -c <"$WORK/out")" 0 "move lists: empty stdin gives no line"
# a move list from the arguments is one game
run "$REPLAY" --variant chess --to uci e4 e5 Nf3
expect_eq "$(cat "$WORK/out")" "e2e4 e7e5 g1f3" "arguments: one game"

# ---------------------------------------------------------------- --to pgn of a move list
run "$REPLAY" --variant chess --to pgn e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7
expect_status 0 "move list --to pgn"
cat >"$WORK/expected" <<'PGN'
[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

PGN
expect_same_file "$WORK/out" "$WORK/expected" "move list --to pgn (chess, mate)"
run "$REPLAY" --variant orda --fen "2k5/8/p1p5/8/8/8/5PPP/6K1 w - - 0 30" --to pgn Kf1 c5 Kg1
cat >"$WORK/expected" <<'PGN'
[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[Variant "Orda"]
[SetUp "1"]
[FEN "2k5/8/p1p5/8/8/8/5PPP/6K1 w - - 0 30"]

30. Kf1 c5 31. Kg1 *

PGN
expect_same_file "$WORK/out" "$WORK/expected" "move list --to pgn (Orda, set-up position)"
run "$CHECK" --strict "$WORK/out"
expect_status 0 "move list --to pgn passes horde-check"

# ---------------------------------------------------------------- --to pgn of PGN
cat >"$WORK/in.pgn" <<'PGN'
% an escape line, dropped
[White "A \"quoted\" \\ name"]
[Event "Test"]
[Annotator "me"]
[Result "1-0"]

{Before   the
first move}
1. e4! e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 {} Be7 ( ) 5. Ng5 $14 (5. d3 d6 ; a line comment with } inside
6. Ng5 ) 5... O-O 6. Qh5 h6 7. Nxf7 Rxf7 8. Bxf7 Kh8 9. Qg6 d6 10. Qh7 1-0

[Event "Setup"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30"]

30... Kd7 {comment} ( 30... Ke7 31. e4 ( 31. Kd1 ( ) {} ) ) 31. e4 Kd6 *
PGN
cat >"$WORK/expected" <<'PGN'
[Event "Test"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "A \"quoted\" \\ name"]
[Black "?"]
[Result "1-0"]
[Annotator "me"]

{Before the first move} 1. e4 $1 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O Be7 5. Ng5 $14
(5. d3 d6 ; a line comment with } inside
6. Ng5) 5... O-O 6. Qh5 h6 7. Nxf7 Rxf7 8. Bxf7+ Kh8 9. Qg6 d6 10. Qh7+ 1-0

[Event "Setup"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30"]

30... Kd7 {comment} (30... Ke7 31. e4 (31. Kd1)) 31. e4 Kd6 *

PGN
run "$REPLAY" --to pgn "$WORK/in.pgn"
expect_status 0 "hand-made PGN --to pgn"
expect_same_file "$WORK/out" "$WORK/expected" "hand-made PGN --to pgn"
cp "$WORK/out" "$WORK/export.pgn"
run "$CHECK" --strict "$WORK/export.pgn"
expect_status 0 "hand-made export passes horde-check --strict"
expect_match "$WORK/err" '^horde-check: 2 games, 2 valid, 0 invalid, 0 warnings,' "hand-made export: no warnings"
run "$REPLAY" --to pgn - <"$WORK/export.pgn"
expect_same_file "$WORK/out" "$WORK/export.pgn" "hand-made export re-exports to the same bytes (stdin)"

# --game N
run "$REPLAY" --game 2 --to pgn "$WORK/in.pgn"
expect_status 0 "--game 2 --to pgn"
expect_eq "$(grep -c '^\[Event "Setup"\]' "$WORK/out") $(grep -c '^\[Event ' "$WORK/out")" "1 1" "--game 2 --to pgn: only game 2"

# --variant: the Variant tag follows the forced variant
printf '1. e4 e5 *\n' >"$WORK/novariant.pgn"
run "$REPLAY" --variant orda --to pgn "$WORK/novariant.pgn"
expect_status 0 "--variant orda --to pgn"
expect_match "$WORK/out" '^\[Variant "Orda"\]$' "--variant orda adds the Variant tag"
run "$CHECK" "$WORK/out"
expect_status 0 "--variant orda export passes horde-check without --variant"

# invalid games: diagnostics, not written, exit 1
for v in $VARIANTS; do
    run "$REPLAY" --to pgn "$TESTDATA/games/$v-invalid.pgn"
    expect_status 1 "$v-invalid: --to pgn"
    expect_match "$WORK/err" ': error: game [0-9]+ ' "$v-invalid: diagnostics on stderr"
    "$CHECK" "$TESTDATA/games/$v-invalid.pgn" >/dev/null 2>"$WORK/check.err"
    valid=$(sed -n 's/^horde-check: [0-9]* games, \([0-9]*\) valid,.*/\1/p' "$WORK/check.err")
    expect_eq "$(grep -c '^\[Event ' "$WORK/out")" "${valid:-?}" "$v-invalid: only the valid games are written"
done
cat "$TESTDATA/games/horde-invalid.pgn" "$WORK/in.pgn" >"$WORK/mixed.pgn"
run "$REPLAY" --to pgn "$WORK/mixed.pgn"
expect_status 1 "mixed valid and invalid games"
expect_match "$WORK/out" '^\[Event "Setup"\]$' "mixed: the valid games are written"

finish
