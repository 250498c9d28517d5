#!/usr/bin/env bash
# horde-list from the shell: formats, selectors, --unique, --variant, invalid games with and
# without --keep-partial (horde-check's diagnostics), --moves, stdin and several files, exit
# codes (0 all valid, 1 any invalid, 2 usage or I/O).
source "$(dirname "$0")/list_lib.sh"

START_CHESS='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
START_HORDE='rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1'
printf '[Event "a"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 *\n' >"$WORK/a.pgn"
printf '[Event "b"]\n[Result "*"]\n\n1. d4 d5 2. c4 e6 3. Nc3 *\n' >"$WORK/b.pgn"
printf '[Event "bad"]\n[White "W"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n' >"$WORK/bad.pgn"
cat "$WORK/a.pgn" "$WORK/bad.pgn" "$WORK/b.pgn" >"$WORK/mixed.pgn"

# --- the default: FEN lines, every position
run "$WORK/a.pgn"
expect_status 0 "default"
expect_empty "$WORK/err" "default: stderr"
expect_eq "$(wc -l <"$WORK/out")" 4 "default: 4 positions"
expect_eq "$(head -n 1 "$WORK/out")" "$START_CHESS" "default: the start position"
expect_eq "$(sed -n 2p "$WORK/out")" "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" "default: no en passant field without a capture"
run --format fen "$WORK/a.pgn"
expect_eq "$(wc -l <"$WORK/out")" 4 "--format fen"

# en passant field only when the capture is legal
printf '[Event "ep"]\n[Result "*"]\n\n1. e4 Nf6 2. e5 d5 *\n' >"$WORK/ep.pgn"
run --final "$WORK/ep.pgn"
expect_eq "$(cat "$WORK/out")" "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3" "en passant field when capturable"

# --- formats
run --format epd "$WORK/a.pgn"
expect_eq "$(head -n 1 "$WORK/out")" "${START_CHESS% 0 1} id \"1:0\"; sm \"e4\";" "epd: first line"
expect_eq "$(tail -n 1 "$WORK/out")" 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - id "1:3";' "epd: last line has no sm"
run --format tsv "$WORK/a.pgn"
expect_eq "$(sed -n 1p "$WORK/out")" "$(printf 'game\tply\tsan\tuci\tfen')" "tsv: header"
expect_eq "$(sed -n 2p "$WORK/out")" "$(printf '1\t0\t-\t-\t%s' "$START_CHESS")" "tsv: start line"
expect_eq "$(sed -n 4p "$WORK/out" | cut -f1-4)" "$(printf '1\t2\te5\te7e5')" "tsv: ply 2"
run --format json "$WORK/a.pgn"
expect_eq "$(head -n 1 "$WORK/out")" "{\"game\":1,\"ply\":0,\"san\":null,\"uci\":null,\"fen\":\"$START_CHESS\",\"variant\":\"chess\"}" "json: start line"
expect_match "$WORK/out" '^\{"game":1,"ply":3,"san":"Nf3","uci":"g1f3","fen":"[^"]+","variant":"chess"\}$' "json: ply 3"
run --format pgn "$WORK/a.pgn"
expect_status 2 "--format pgn is a usage error"
expect_empty "$WORK/out" "usage error: no data"

# --- selectors (game numbers run over all files)
sel() { run --format tsv "$@" "$WORK/a.pgn" "$WORK/b.pgn"; tail -n +2 "$WORK/out" | cut -f1,2 | tr '\t\n' ': ' | sed 's/ $//'; }
expect_eq "$(sel)" "1:0 1:1 1:2 1:3 2:0 2:1 2:2 2:3 2:4 2:5" "no selector: every position, game numbers across files"
expect_eq "$(sel --start)" "1:0 2:0" "--start"
expect_eq "$(sel --final)" "1:3 2:5" "--final"
expect_eq "$(sel --start --final)" "1:0 1:3 2:0 2:5" "--start --final"
expect_eq "$(sel --ply 4)" "2:4" "--ply 4"
expect_eq "$(sel --ply 0)" "1:0 2:0" "--ply 0"
expect_eq "$(sel --ply 99)" "" "--ply beyond every game"
expect_eq "$(sel --every 2)" "1:0 1:2 2:0 2:2 2:4" "--every 2"
expect_eq "$(sel --every 3 --final)" "1:0 1:3 2:0 2:3 2:5" "--every 3 --final"
run --ply -1 "$WORK/a.pgn"
expect_status 2 "--ply -1"
run --every 0 "$WORK/a.pgn"
expect_status 2 "--every 0"

# --- --unique: across files and games
run --unique "$WORK/a.pgn" "$WORK/a.pgn" "$WORK/b.pgn"
expect_eq "$(wc -l <"$WORK/out")" 9 "--unique: a twice and b share only the start"
expect_eq "$(sort "$WORK/out" | uniq -d | wc -l)" 0 "--unique: no line twice"
printf '[Event "r"]\n[Result "*"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n' >"$WORK/rep.pgn"
run --unique --format epd "$WORK/rep.pgn"
expect_eq "$(cut -d'"' -f2 "$WORK/out" | tr '\n' ' ')" "1:0 1:1 1:2 1:3 " "--unique: repetitions listed once, at their first ply"
run --unique --final "$WORK/rep.pgn"
# --unique filters the selected positions: the final one is the first selected occurrence
expect_eq "$(cat "$WORK/out")" "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5" "--unique --final"

# --- stdin
run_stdin "$WORK/a.pgn"
expect_status 0 "stdin"
expect_eq "$(wc -l <"$WORK/out")" 4 "stdin: 4 positions"
run_stdin "$WORK/b.pgn" --final "$WORK/a.pgn" -
expect_eq "$(wc -l <"$WORK/out")" 2 "file and '-'"

# --- --variant
run --final "$GAMES/horde-valid.pgn"
cp "$WORK/out" "$WORK/horde-final"
run --final --variant horde "$GAMES/horde-valid.pgn"
expect_status 0 "--variant horde on Horde games"
expect_same_file "$WORK/out" "$WORK/horde-final" "--variant horde: the same positions"
run --variant orda "$WORK/b.pgn"
expect_status 1 "--variant orda on a chess game (3... e6 is illegal in Orda)"
expect_empty "$WORK/out" "--variant orda on a chess game: nothing listed"
run --variant orda --final "$WORK/a.pgn"
expect_status 0 "--variant orda: 1. e4 e5 2. Nf3 is an Orda game too"
expect_eq "$(cat "$WORK/out")" "lhaykahl/8/pppp1ppp/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQ - 1 2" "--variant orda: Orda positions"
run --variant xiangqi "$WORK/a.pgn"
expect_status 2 "unknown variant"
printf '*\n' >"$WORK/empty-game.pgn"
run --variant horde "$WORK/empty-game.pgn"
expect_eq "$(cat "$WORK/out")" "$START_HORDE" "--variant horde: the Horde start"

# --- invalid games: diagnostics as horde-check's, --keep-partial
run "$WORK/mixed.pgn"
expect_status 1 "an invalid game: exit 1"
expect_eq "$(wc -l <"$WORK/out")" 10 "invalid game not listed, the others are"
expect_eq "$(grep -c . "$WORK/err")" 1 "one diagnostic"
expect_match "$WORK/err" "^$WORK/mixed.pgn:[0-9]+:[0-9]+: error: game 2 \(W - B\), ply 3 \"Ke3\": .*\[illegal-move\]$" "diagnostic format"
if [ -n "$CHECK" ]; then
    "$CHECK" --no-warnings "$WORK/mixed.pgn" >/dev/null 2>"$WORK/check-err" || true
    grep -v '^horde-check: ' "$WORK/check-err" >"$WORK/check-diags"
    expect_same_file "$WORK/err" "$WORK/check-diags" "the same diagnostics as horde-check"
fi
run --keep-partial --format tsv "$WORK/mixed.pgn"
expect_status 1 "--keep-partial: still exit 1"
expect_eq "$(tail -n +2 "$WORK/out" | awk -F'\t' '$1 == 2' | cut -f2 | tr '\n' ' ')" "0 1 2 " "--keep-partial: the positions before the error"
run --keep-partial --final "$WORK/bad.pgn"
expect_eq "$(cat "$WORK/out")" "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2" "--keep-partial --final: the last legal position"
run --keep-partial "$GAMES/horde-invalid.pgn"
expect_status 1 "horde-invalid.pgn: exit 1"
expect_eq "$(grep -c ': error: ' "$WORK/err")" "$(grep -c . "$WORK/err")" "stderr holds only diagnostics"
run "$GAMES/horde-invalid.pgn"
expect_empty "$WORK/out" "horde-invalid.pgn without --keep-partial: nothing listed"

# --- I/O errors
run "$WORK/no-such-file.pgn"
expect_status 2 "missing file"
expect_match "$WORK/err" "no-such-file.pgn: cannot open" "missing file message"
run "$WORK/a.pgn" "$WORK/no-such-file.pgn"
expect_status 2 "missing second file"
expect_eq "$(wc -l <"$WORK/out")" 4 "missing second file: the first is listed"
run --bogus "$WORK/a.pgn"
expect_status 2 "unknown option"
run --help
expect_status 0 "--help"
expect_match "$WORK/out" "--keep-partial" "--help lists the options"
run --version
expect_match "$WORK/out" "^horde-list " "--version"

# --- --moves
printf '%s\n' "$START_HORDE" >"$WORK/horde.fen"
run --moves "$WORK/horde.fen"
expect_status 0 "--moves"
expect_eq "$(cat "$WORK/out")" "a5 b6 c6 d5 e5 f6 g6 h5" "--moves: the 8 moves of the Horde start"
run --moves --notation uci "$WORK/horde.fen"
expect_eq "$(cat "$WORK/out")" "a4a5 b5b6 c5c6 d4d5 e4e5 f5f6 g5g6 h4h5" "--moves --notation uci"
run --moves --notation san --variant chess "$WORK/horde.fen"
expect_status 1 "--moves: a Horde FEN read as chess is invalid"
expect_empty "$WORK/out" "--moves: no line for an invalid FEN"
expect_match "$WORK/err" "horde.fen:1:1: error: .*\[bad-fen\]" "--moves: diagnostic"
{
    echo "$START_CHESS"
    echo
    echo "not a fen"
    echo '{"fen":"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1","variant":"chess"}'
    echo '{"fen":"lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1","variant":"orda"}'
} >"$WORK/mixed.fen"
run_stdin "$WORK/mixed.fen" --moves --variant chess
expect_status 1 "--moves: one invalid line"
expect_eq "$(wc -l <"$WORK/out")" 3 "--moves: blank and invalid lines give no line"
expect_eq "$(sed -n 1p "$WORK/out" | wc -w)" 20 "--moves: chess start"
expect_eq "$(sed -n 2p "$WORK/out")" "" "--moves: checkmate, an empty line"
expect_eq "$(sed -n 3p "$WORK/out" | wc -w)" 20 "--moves: an NDJSON Orda line"
expect_match "$WORK/err" "<stdin>:3:1: error: " "--moves: line number of the invalid line"
# every perft suite position: as many moves as D1
for v in $VARIANTS; do
    grep -v '^#' "$TESTDATA/perft/$v.epd" | grep ';D1 ' >"$WORK/suite"
    sed 's/ *;.*//' "$WORK/suite" >"$WORK/suite.fen"
    sed -E 's/.*;D1 ([0-9]+).*/\1/' "$WORK/suite" >"$WORK/want-d1"
    run --moves --variant "$v" --notation uci "$WORK/suite.fen"
    expect_status 0 "$v suite --moves"
    awk '{ print NF }' "$WORK/out" >"$WORK/got-d1"
    expect_same_file "$WORK/got-d1" "$WORK/want-d1" "$v suite: moves listed = D1"
    run --moves --variant "$v" "$WORK/suite.fen"
    awk '{ print NF }' "$WORK/out" >"$WORK/got-d1"
    expect_same_file "$WORK/got-d1" "$WORK/want-d1" "$v suite: SAN moves listed = D1"
done
run --moves --final "$WORK/horde.fen"
expect_status 2 "--moves with a selector"
run --moves --format json "$WORK/horde.fen"
expect_status 2 "--moves with --format"
run --notation uci "$WORK/a.pgn"
expect_status 2 "--notation without --moves"
finish
