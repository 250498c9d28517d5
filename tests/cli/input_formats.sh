#!/usr/bin/env bash
# Compressed input (issue 9, part 1): every shared corpus as a .zst with a skippable frame and
# several frames, a two-member .gz, a two-stream .bz2, a two-stream .xz and a zstd file named
# .pgn must give horde-check the verdicts of the plain file, from a path and from stdin (stdout,
# --json, diagnostics, summary). Cut files: the verdicts before the cut, then one line naming the
# file and the compressed offset, exit 2. horde-list (PGN and --moves), horde-check --fen,
# horde-perft (FEN stream, --epd) and horde-replay read compressed files too.
source "$(dirname "$0")/input_lib.sh"

# --- horde-check: the verdicts of the plain file, from a path and from stdin
for plain in "$GAMES"/*.pgn; do
    base=$(basename "$plain" .pgn)
    dir=$WORK/$base
    compress_all "$plain" "$dir"
    run_tool "$CHECK" --json "$plain"
    ref_status=$STATUS
    sed "s|\"file\":\"[^\"]*\"|\"file\":\"FILE\"|" "$WORK/out" >"$WORK/ref.json"
    normalize "$WORK/err" "$plain" >"$WORK/ref.err"
    run_tool_stdin "$plain" "$CHECK" --json -
    cp "$WORK/out" "$WORK/ref-stdin.json"
    normalize "$WORK/err" "$plain" >"$WORK/ref-stdin.err"
    for name in $COMPRESSED; do
        file=$dir/$name
        run_tool "$CHECK" --json "$file"
        expect_eq "$STATUS" "$ref_status" "$base/$name: exit status"
        sed "s|\"file\":\"[^\"]*\"|\"file\":\"FILE\"|" "$WORK/out" >"$WORK/got.json"
        expect_same_file "$WORK/got.json" "$WORK/ref.json" "$base/$name: --json verdicts"
        normalize "$WORK/err" "$file" >"$WORK/got.err"
        expect_same_file "$WORK/got.err" "$WORK/ref.err" "$base/$name: diagnostics and summary"
        run_tool_stdin "$file" "$CHECK" --json -
        expect_eq "$STATUS" "$ref_status" "$base/$name from stdin: exit status"
        expect_same_file "$WORK/out" "$WORK/ref-stdin.json" "$base/$name from stdin: --json verdicts"
        normalize "$WORK/err" "$file" >"$WORK/got.err"
        expect_same_file "$WORK/got.err" "$WORK/ref-stdin.err" "$base/$name from stdin: diagnostics"
    done
    # --valid-out + --invalid-out of a compressed file: the plain bytes
    run_tool "$CHECK" -q --valid-out "$WORK/v" --invalid-out "$WORK/i" "$dir/skip.pgn.zst"
    cat "$WORK/v" "$WORK/i" >"$WORK/vi"
    CHECKS=$((CHECKS + 1))
    [ "$(wc -c <"$WORK/vi")" -eq "$(wc -c <"$plain")" ] || fail "$base: --valid-out + --invalid-out of the .zst lose bytes"
done

# --- a cut file: the games of the whole frames before the cut, then one error line, exit 2
plain=$GAMES/horde-valid.pgn
dir=$WORK/horde-valid
run_tool "$CHECK" --json "$plain"
cp "$WORK/out" "$WORK/ref.json"
size=$(wc -c <"$dir/skip.pgn.zst")
for format in zst gz bz2 xz; do
    case $format in
    zst) src=$dir/skip.pgn.zst name=zstd ;;
    gz) src=$dir/two.pgn.gz name=gzip ;;
    bz2) src=$dir/two.pgn.bz2 name=bzip2 ;;
    xz) src=$dir/two.pgn.xz name=xz ;;
    esac
    size=$(wc -c <"$src")
    cut_at=$((size - size / 5))
    head -c "$cut_at" "$src" >"$WORK/cut.pgn.$format"
    run_tool "$CHECK" --json "$WORK/cut.pgn.$format"
    expect_status 2 "cut .$format"
    expect_eq "$(grep -c "^horde-check: $WORK/cut.pgn.$format: corrupt $name data at compressed byte $cut_at: " "$WORK/err")" 1 \
        "cut .$format: one line naming the file, the format and the offset"
    expect_match "$WORK/err" "the file is cut short" "cut .$format: says the file is cut"
    # the summary stays the last line, after the error
    expect_match <(tail -n 1 "$WORK/err") '^horde-check: [0-9]+ games' "cut .$format: summary last"
    games=$(wc -l <"$WORK/out")
    CHECKS=$((CHECKS + 1))
    [ "$games" -ge 100 ] || fail "cut .$format: only $games verdicts before the cut (the first frame/member has 100+ games)"
    # every verdict but the last (the game the cut went through) is that of the plain file
    head -n $((games - 1)) "$WORK/out" | sed "s|\"file\":\"[^\"]*\"||" >"$WORK/got.json"
    head -n $((games - 1)) "$WORK/ref.json" | sed "s|\"file\":\"[^\"]*\"||" >"$WORK/want.json"
    expect_same_file "$WORK/got.json" "$WORK/want.json" "cut .$format: the verdicts before the cut"
done
# cut inside the first frame, from stdin: the error names <stdin>
head -c 100 "$dir/zstd.pgn" >"$WORK/cut-early.zst"
run_tool_stdin "$WORK/cut-early.zst" "$CHECK" -
expect_status 2 "cut early, stdin"
expect_match "$WORK/err" '^horde-check: <stdin>: corrupt zstd data at compressed byte 100: ' "cut early, stdin: named"
# damage (not a cut): bytes after the last frame
{ cat "$dir/zstd.pgn"; printf 'garbage after the frame\n'; } >"$WORK/trailing.zst"
run_tool "$CHECK" "$WORK/trailing.zst"
expect_status 2 "bytes after the last zstd frame"
expect_match "$WORK/err" "trailing.zst: corrupt zstd data at compressed byte $(wc -c <"$dir/zstd.pgn"): " \
    "bytes after the last frame: the offset is the end of the frame"
games=$(grep -c . "${plain%.pgn}.jsonl") # the games of the corpus: its sidecar's lines
expect_match "$WORK/err" "^horde-check: $games games, $games valid" "bytes after the last frame: the games before are all checked"

# --- horde-list: PGN and --moves read compressed files
run_tool "$LIST" "$plain"
cp "$WORK/out" "$WORK/ref.fen"
for name in $COMPRESSED; do
    run_tool "$LIST" "$dir/$name"
    expect_status 0 "horde-list $name"
    expect_same_file "$WORK/out" "$WORK/ref.fen" "horde-list $name: the positions of the plain file"
done
run_tool_stdin "$dir/two.pgn.gz" "$LIST" -
expect_same_file "$WORK/out" "$WORK/ref.fen" "horde-list .gz from stdin"
sort -u "$WORK/ref.fen" | head -n 2000 >"$WORK/fens.txt"
gzip -c "$WORK/fens.txt" >"$WORK/fens.gz"
run_tool "$LIST" --moves "$WORK/fens.txt"
cp "$WORK/out" "$WORK/ref.moves"
run_tool "$LIST" --moves "$WORK/fens.gz"
expect_status 0 "horde-list --moves .gz"
expect_same_file "$WORK/out" "$WORK/ref.moves" "horde-list --moves .gz: the moves of the plain lines"

# --- horde-check --fen
run_tool "$CHECK" --fen --json "$WORK/fens.txt"
cp "$WORK/out" "$WORK/ref.fenjson"
bzip2 -c "$WORK/fens.txt" >"$WORK/fens.bz2"
run_tool "$CHECK" --fen --json "$WORK/fens.bz2"
expect_status 0 "horde-check --fen .bz2"
expect_same_file "$WORK/out" "$WORK/ref.fenjson" "horde-check --fen .bz2: the verdicts of the plain lines"

# --- horde-perft: a FEN stream (.gz, .zst from stdin) and an EPD suite (.xz)
head -n 300 "$WORK/fens.txt" >"$WORK/fens300.txt"
gzip -c "$WORK/fens300.txt" >"$WORK/fens300.gz"
run_tool "$PERFT" --depth 2 "$WORK/fens300.txt"
cp "$WORK/out" "$WORK/ref.perft"
run_tool "$PERFT" --depth 2 "$WORK/fens300.gz"
expect_status 0 "horde-perft FEN stream .gz"
expect_same_file "$WORK/out" "$WORK/ref.perft" "horde-perft FEN stream .gz: the counts of the plain lines"
zstd -q -c "$WORK/fens300.txt" >"$WORK/fens300.zst"
run_tool_stdin "$WORK/fens300.zst" "$PERFT" --depth 2 -
expect_same_file "$WORK/out" "$WORK/ref.perft" "horde-perft FEN stream .zst from stdin"
xz -c "$TESTDATA/perft/horde.epd" >"$WORK/horde.epd.xz"
run_tool "$PERFT" --variant horde --epd "$TESTDATA/perft/horde.epd" --max-nodes 100000
sed 's/ in [0-9.]* s$//' "$WORK/out" >"$WORK/ref.epd"
run_tool "$PERFT" --variant horde --epd "$WORK/horde.epd.xz" --max-nodes 100000
expect_status 0 "horde-perft --epd .xz"
sed -i 's/ in [0-9.]* s$//' "$WORK/out"
expect_same_file "$WORK/out" "$WORK/ref.epd" "horde-perft --epd .xz: the plain suite's results"
head -c 200 "$WORK/fens300.gz" >"$WORK/fens-cut.gz"
run_tool "$PERFT" --depth 1 "$WORK/fens-cut.gz"
expect_status 2 "horde-perft cut .gz"
expect_match "$WORK/err" "fens-cut.gz: corrupt gzip data at compressed byte 200: " "horde-perft cut .gz: named"

# --- horde-replay: PGN files and stdin (PGN and move lists)
run_tool "$REPLAY" --to uci "$plain"
cp "$WORK/out" "$WORK/ref.uci"
run_tool "$REPLAY" --to uci "$dir/skip.pgn.zst"
expect_status 0 "horde-replay .zst"
expect_same_file "$WORK/out" "$WORK/ref.uci" "horde-replay --to uci .zst"
run_tool_stdin "$dir/two.pgn.xz" "$REPLAY" --to uci
expect_same_file "$WORK/out" "$WORK/ref.uci" "horde-replay --to uci, .xz PGN on stdin"
for i in $(seq 200); do printf 'd4d5 e7e6\na4a5 d7d5\nh4h5 b7b6 d4d5\n'; done >"$WORK/moves.uci"
gzip -c "$WORK/moves.uci" >"$WORK/uci.gz"
run_tool_stdin "$WORK/moves.uci" "$REPLAY" --moves --to san
expect_status 0 "horde-replay move lists, plain on stdin"
cp "$WORK/out" "$WORK/ref.san"
run_tool_stdin "$WORK/uci.gz" "$REPLAY" --moves --to san
expect_status 0 "horde-replay move lists, .gz on stdin"
expect_same_file "$WORK/out" "$WORK/ref.san" "horde-replay move lists, .gz on stdin"

finish
