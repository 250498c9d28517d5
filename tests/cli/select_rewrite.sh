# horde-replay --to pgn's rewriting options, each on the fixture and the corpora; every output
# passes horde-check --strict.
source "$(dirname "${BASH_SOURCE[0]}")/select_lib.sh"

# strict <what> <file>: the file passes horde-check --strict with no invalid game.
strict() {
    run_tool "$CHECK" --strict "$2"
    expect_status 0 "$1: horde-check --strict"
}
# export <name> <args...>: horde-replay --to pgn ARGS on the fixture into $WORK/<name>.pgn.
export_to() {
    local name=$1
    shift
    run_tool "$REPLAY" --to pgn "$@"
    cp "$WORK/out" "$WORK/$name.pgn"
    cp "$WORK/err" "$WORK/$name.err"
}

export_to plain "$FIXTURE"
expect_status 1 "plain export: the wrong-result game is left out"
expect_eq "$(grep -c '^\[Event ' "$WORK/plain.pgn")" 7 "plain export: 7 games"

# --strip comments,nags,variations
export_to stripped --strip comments,nags,variations "$FIXTURE"
strict "--strip comments,nags,variations" "$WORK/stripped.pgn"
expect_no_match "$WORK/stripped.pgn" '[{}$()]' "--strip comments,nags,variations: none left"
expect_match "$WORK/plain.pgn" '[{]' "the plain export has comments"
expect_match "$WORK/plain.pgn" '[$]' "the plain export has NAGs"
expect_match "$WORK/plain.pgn" '[(]' "the plain export has variations"
# the main line is unchanged: the same UCI moves
"$REPLAY" --to uci "$WORK/plain.pgn" >"$WORK/plain.uci"
"$REPLAY" --to uci "$WORK/stripped.pgn" >"$WORK/stripped.uci"
expect_same_file "$WORK/stripped.uci" "$WORK/plain.uci" "--strip keeps the main line"
for what in comments nags variations; do
    export_to "only-$what" --strip $what "$FIXTURE"
    strict "--strip $what" "$WORK/only-$what.pgn"
done
expect_no_match "$WORK/only-comments.pgn" '[{}]' "--strip comments"
expect_match "$WORK/only-comments.pgn" '[$]' "--strip comments keeps NAGs"
expect_no_match "$WORK/only-nags.pgn" '[$]' "--strip nags"
expect_match "$WORK/only-nags.pgn" '[{]' "--strip nags keeps comments"
expect_no_match "$WORK/only-variations.pgn" '[()]' "--strip variations"

# --strip clocks / evals: only those commands, the rest of each comment stays
export_to noclocks --strip clocks "$FIXTURE"
strict "--strip clocks" "$WORK/noclocks.pgn"
expect_no_match "$WORK/noclocks.pgn" '%clk|%emt' "--strip clocks: no [%clk] or [%emt]"
expect_match "$WORK/noclocks.pgn" '\{\[%eval 0\.17\]\}' "--strip clocks keeps [%eval]"
expect_match "$WORK/noclocks.pgn" '\{Good, move 1\}' "--strip clocks keeps the comment's text"
export_to noevals --strip evals "$FIXTURE"
strict "--strip evals" "$WORK/noevals.pgn"
expect_no_match "$WORK/noevals.pgn" '%eval' "--strip evals"
expect_match "$WORK/noevals.pgn" '\{\[%clk 0:02:58\]\}' "--strip evals keeps [%clk]"
export_to noboth --strip clocks,evals "$FIXTURE"
expect_no_match "$WORK/noboth.pgn" '\{\[%|%clk|%eval' "--strip clocks,evals: nothing left of lichess's comments"
run_tool "$REPLAY" --to pgn --strip comets "$FIXTURE"
expect_status 2 "--strip with an unknown word"

# --tags roster|all|LIST (Variant, SetUp and FEN stay when needed)
export_to roster --tags roster "$FIXTURE"
strict "--tags roster" "$WORK/roster.pgn"
expect_eq "$(grep -oE '^\[[A-Za-z]+ "' "$WORK/roster.pgn" | tr -d '[ "' | sort -u | tr '\n' ' ')" \
    "Black Date Event FEN Result Round SetUp Site Variant White " "--tags roster: the roster and what games need"
expect_eq "$(grep -c '^\[Variant "Horde"\]' "$WORK/roster.pgn")" 2 "--tags roster keeps Variant"
export_to list --tags White,WhiteElo "$FIXTURE"
strict "--tags LIST" "$WORK/list.pgn"
expect_eq "$(grep -oE '^\[[A-Za-z]+ "' "$WORK/list.pgn" | tr -d '[ "' | sort -u | tr '\n' ' ')" \
    "FEN SetUp Variant White WhiteElo " "--tags White,WhiteElo"
export_to all --tags all "$FIXTURE"
expect_same_file "$WORK/all.pgn" "$WORK/plain.pgn" "--tags all is the default"

# --width N and 0
export_to w40 --width 40 "$FIXTURE"
strict "--width 40" "$WORK/w40.pgn"
expect_eq "$(awk 'length($0) > 40 && !/^\[/ && !/^[^ ]*$/' "$WORK/w40.pgn" | wc -l)" 0 "--width 40: no longer movetext line"
expect_match "$WORK/plain.pgn" '^.{60,80}$' "the default width is 80"
export_to w0 --width 0 "$FIXTURE"
strict "--width 0" "$WORK/w0.pgn"
expect_eq "$(grep -v '^\[' "$WORK/w0.pgn" | grep -c .)" "$(grep -c '^\[Event ' "$WORK/w0.pgn")" \
    "--width 0: one movetext line per game"
"$REPLAY" --to uci "$WORK/w0.pgn" >"$WORK/w0.uci"
expect_same_file "$WORK/w0.uci" "$WORK/plain.uci" "--width 0 keeps the moves"

# --add-plycount
export_to ply --add-plycount "$FIXTURE" "$GAMES/chess-valid.pgn"
strict "--add-plycount" "$WORK/ply.pgn"
"$CHECK" --json "$WORK/ply.pgn" 2>/dev/null | grep -o '"plies":[0-9]*' | cut -d: -f2 >"$WORK/plies.want"
grep '^\[PlyCount ' "$WORK/ply.pgn" | tr -dc '0-9\n' >"$WORK/plies.got"
expect_same_file "$WORK/plies.got" "$WORK/plies.want" "--add-plycount: the plies of each game, once"
# one tag per exported game: the valid games of the inputs (the fixture's by horde-check, the
# corpus's by its sidecar; 307 when this was written)
exported=$(($("$CHECK" --json "$FIXTURE" 2>/dev/null | grep -c '"valid":true') + $(grep -c . "$GAMES/chess-valid.jsonl")))
expect_eq "$(grep -c '^\[PlyCount ' "$WORK/ply.pgn")" "$exported" "--add-plycount: one tag per game (none doubled)"

# --fix-result: the wrong-result game comes out with the adjudicated result
export_to fixed --fix-result "$FIXTURE"
expect_status 0 "--fix-result: every game exported"
strict "--fix-result" "$WORK/fixed.pgn"
expect_eq "$(grep -c '^\[Event ' "$WORK/fixed.pgn")" 8 "--fix-result: 8 games"
expect_eq "$(awk '/Wrong Result/{f=1} f && /^\[Result /{print; exit}' "$WORK/fixed.pgn")" '[Result "1-0"]' "--fix-result: the Result tag"
expect_eq "$(awk '/Wrong Result/{f=1} f && /^$/{n++} f && n==1 && / 1-0$/{print "ok"; exit}' "$WORK/fixed.pgn")" ok \
    "--fix-result: the result token"
export_to fixed-invalid --fix-result "$GAMES/horde-invalid.pgn" "$GAMES/chess-invalid.pgn"
strict "--fix-result on the invalid corpora" "$WORK/fixed-invalid.pgn"
export_to plain-invalid "$GAMES/horde-invalid.pgn" "$GAMES/chess-invalid.pgn"
CHECKS=$((CHECKS + 1))
[ "$(grep -c '^\[Event ' "$WORK/fixed-invalid.pgn")" -gt "$(grep -c '^\[Event ' "$WORK/plain-invalid.pgn")" ] ||
    fail "--fix-result exports more of the invalid corpora than plain --to pgn"

# --games-per-file N --out PATTERN
mkdir "$WORK/parts"
run_tool "$REPLAY" --to pgn --games-per-file 3 --out "$WORK/parts/part-%d.pgn" "$FIXTURE"
expect_empty "$WORK/out" "--out: nothing on stdout"
expect_eq "$(ls "$WORK/parts" | tr '\n' ' ')" "part-1.pgn part-2.pgn part-3.pgn " "--games-per-file 3: 7 games in 3 files"
expect_eq "$(grep -c '^\[Event ' "$WORK/parts/part-3.pgn")" 1 "the last file has the rest"
cat "$WORK/parts"/part-1.pgn "$WORK/parts"/part-2.pgn "$WORK/parts"/part-3.pgn >"$WORK/parts.pgn"
expect_same_file "$WORK/parts.pgn" "$WORK/plain.pgn" "the files together are the export"
for f in "$WORK/parts"/*.pgn; do strict "--games-per-file: $(basename "$f")" "$f"; done
run_tool "$REPLAY" --to pgn --games-per-file 3 --out "$WORK/parts/x.pgn" "$FIXTURE"
expect_status 2 "--games-per-file without %d"
run_tool "$REPLAY" --to uci --strip comments "$FIXTURE"
expect_status 2 "--strip without --to pgn"
run_tool "$REPLAY" --to pgn --width 0 --variant chess --moves e2e4 e7e5
expect_status 2 "--width on a move list"

# Everything at once, on a --where selection piped through, on every corpus.
for corpus in "$GAMES"/*-valid.pgn; do
    "$CHECK" -q --where 'plies > 10' --valid-out - "$corpus" 2>/dev/null |
        "$REPLAY" --to pgn --strip comments,nags,variations,clocks,evals --tags roster --width 60 --add-plycount --fix-result \
            >"$WORK/all-options.pgn" 2>"$WORK/all-options.err"
    strict "every option on $(basename "$corpus")" "$WORK/all-options.pgn"
done
finish
