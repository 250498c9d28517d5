# horde-replay --threads and the usage rules of its args layer:
#   * every output (--to pgn|uci|san, --to pgn with the rewriting options and --out files, text
#     boards, --ply, --html DIR/ and FILE, --svg DIR/ with --game, --where, --game N) is the same
#     bytes on stdout, stderr and in the files written, with the same exit status, for --threads
#     1, 2 and 3, on an input of many chunks with valid and invalid games, on several inputs
#     (game numbers over all of them) and on stdin;
#   * the usage errors decided from the command line (and from whether stdin is PGN) exit 2 with
#     their message before reading any game; the one that needs the input's content (--game N
#     beyond the games) exits 2 after reading it.
. "$(dirname "$0")/replay_lib.sh"
part_needs script bsdutils

# An input of many pipeline chunks (about 128 KB each): the corpora, valid and invalid, in turn.
for v in $VARIANTS chess960; do
    for kind in valid invalid; do
        [ -f "$TESTDATA/games/$v-$kind.pgn" ] && cat "$TESTDATA/games/$v-$kind.pgn"
    done
done >"$WORK/mixed.pgn"
CHECKS=$((CHECKS + 1))
[ "$(wc -c <"$WORK/mixed.pgn")" -gt 500000 ] || fail "the mixed input is too small to be cut into chunks"
first=$TESTDATA/games/chess-valid.pgn
second=$TESTDATA/games/horde-invalid.pgn

# same_for_threads <label> <stdin file or -> <args...>: runs horde-replay with --threads 1, 2 and
# 3 in fresh folders; stdout, stderr, status and the files written must be equal.
same_for_threads() {
    local label=$1 in=$2
    shift 2
    [ "$in" = - ] && in=/dev/null
    for t in 1 2 3; do
        rm -rf "$WORK/t$t"
        mkdir -p "$WORK/t$t"
        (cd "$WORK/t$t" && "$REPLAY" --threads "$t" "$@" <"$in" >../out-$t 2>../err-$t; echo $? >../status-$t)
    done
    for t in 2 3; do
        expect_same_file "$WORK/out-$t" "$WORK/out-1" "$label: stdout of --threads $t"
        expect_same_file "$WORK/err-$t" "$WORK/err-1" "$label: stderr of --threads $t"
        expect_same_file "$WORK/status-$t" "$WORK/status-1" "$label: status of --threads $t"
        CHECKS=$((CHECKS + 1))
        diff -r "$WORK/t1" "$WORK/t$t" >/dev/null || fail "$label: the files written with --threads $t differ"
    done
}

same_for_threads "--to pgn" - --to pgn "$WORK/mixed.pgn"
expect_eq "$(cat "$WORK/status-1")" 1 "--to pgn of the mixed input: exit 1 (invalid games)"
CHECKS=$((CHECKS + 1))
[ "$(grep -c '^\[Event ' "$WORK/out-1")" -gt 800 ] || fail "--to pgn of the mixed input: too few games written"
same_for_threads "--to pgn rewriting" - --to pgn --strip comments,clocks --tags roster --width 40 --add-plycount \
    --fix-result "$WORK/mixed.pgn"
same_for_threads "--to pgn --out" - --to pgn --out 'part-%d.pgn' --games-per-file 100 "$WORK/mixed.pgn"
CHECKS=$((CHECKS + 1))
[ -s "$WORK/t1/part-10.pgn" ] || fail "--to pgn --out: the files are not written"
same_for_threads "--to uci" - --to uci "$WORK/mixed.pgn"
same_for_threads "--to san from stdin" "$WORK/mixed.pgn" --to san
same_for_threads "text boards" - "$WORK/mixed.pgn"
same_for_threads "text boards --ply 2 --unicode" - --ply 2 --unicode --color always "$WORK/mixed.pgn"
same_for_threads "--to uci --ply 30 (stops at a short game)" - --to uci --ply 30 "$WORK/mixed.pgn"
same_for_threads "--where" - --where 'plies > 40 && Result == "1-0"' --to san "$WORK/mixed.pgn"
same_for_threads "--game" - --game 1500 "$WORK/mixed.pgn"
same_for_threads "--html DIR/" - --html pages/ "$WORK/mixed.pgn"
CHECKS=$((CHECKS + 1))
[ -s "$WORK/t1/pages/game-900.html" ] || fail "--html DIR/: the pages are not written"
same_for_threads "--html FILE" - --html all.html "$first" "$second"
same_for_threads "--svg DIR/ --game" - --svg boards/ --game 400 "$first" "$second"
same_for_threads "several inputs" - --to san "$first" "$second" "$WORK/mixed.pgn"
same_for_threads "--game over several inputs" - --game 350 "$first" "$second"

# ---------------------------------------------------------------- usage errors
# expect_usage <message regex> <args...>: exit 2, the message, nothing on stdout.
expect_usage() {
    local message=$1
    shift
    run "$REPLAY" "$@" </dev/null
    expect_status 2 "usage: $*"
    expect_match "$WORK/err" "$message" "usage: $*: the message"
    expect_empty "$WORK/out" "usage: $*: no output"
}
expect_usage '--game applies to PGN input only' --game 2 e4 e5
expect_usage '--where applies to PGN input only' --where 'plies > 1' --variant chess e4
expect_usage '--strip, --tags, .* apply to PGN input' --to pgn --strip comments --variant chess e4
expect_usage '--strip, --tags, .* apply to --to pgn' --strip comments "$first"
expect_usage 'invalid FEN for horde' --fen 'not a fen' e4
expect_usage '--threads' --threads 0 "$first"
# the input's content: --game beyond the games (after reading them all)
expect_usage '--game 901: the input has 900 games' --game 901 "$first" "$first" "$first"
# stdin move lists (not PGN): --game is a usage error before stdin is read
printf 'e4 e5\n' >"$WORK/lists"
run "$REPLAY" --game 1 --variant chess <"$WORK/lists"
expect_status 2 "--game with stdin move lists"
expect_match "$WORK/err" '--game applies to PGN input only' "--game with stdin move lists: the message"
# --interactive needs a terminal; given one (script(1): the part cli:replay_threads:script),
# stdin cannot be its input.
if [ "$PART" = script ]; then
    script -qec "$REPLAY --interactive" /dev/null >"$WORK/out" 2>&1 </dev/null && STATUS=0 || STATUS=$?
    expect_status 2 "--interactive without arguments"
    expect_match "$WORK/out" '--interactive reads keys from stdin' "--interactive without arguments: the message"
    script -qec "$REPLAY --interactive - " /dev/null >"$WORK/out" 2>&1 </dev/null && STATUS=0 || STATUS=$?
    expect_status 2 "--interactive with stdin as the PGN file"
    expect_match "$WORK/out" '--interactive reads keys from stdin: give a PGN file' "--interactive -: the message"
fi

finish
