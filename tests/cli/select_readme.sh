# The ten one-liners of docs/selecting.md ("Ten one-liners"), run as written on a
# copy of testdata/select/games.pgn, with the built tools first on PATH: each exits as expected
# and writes what it says (stdout, or the files it names). A pipe's status is its last command's.
source "$(dirname "${BASH_SOURCE[0]}")/select_lib.sh"
README=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/docs/selecting.md
mkdir "$WORK/bin" "$WORK/run"
for tool in "$CHECK" "$LIST" "$REPLAY"; do ln -s "$tool" "$WORK/bin/$(basename "$tool")"; done
cp "$FIXTURE" "$WORK/run/games.pgn"
FIXTURE_GAMES=$(grep -c '^\[Event ' "$FIXTURE") # 8 (testdata/select/make_fixture.py)
awk '/^Ten one-liners/{f=1} f && /^```sh/{g=1; next} g && /^```/{exit} g && /^horde-/' "$README" >"$WORK/lines"
expect_eq "$(wc -l <"$WORK/lines")" 10 "ten one-liners in docs/selecting.md"
n=0
while IFS= read -r line; do
    n=$((n + 1))
    STATUS=0
    (cd "$WORK/run" && PATH="$WORK/bin:$PATH" bash -c "$line") >"$WORK/out" 2>"$WORK/err" || STATUS=$?
    # 1: the invalid game of the fixture (its wrong result) is among the games of 3, 4, 5 and 8
    want=0
    case $n in 3|4|5|8) want=1 ;; esac
    expect_status $want "one-liner $n: $line"
    case $n in
    1) expect_eq "$(grep -c '^\[Event ' "$WORK/run/mates.pgn")" 1 "one-liner 1: mates.pgn" ;;
    10) expect_eq "$(cat "$WORK/run"/part-*.pgn | grep -c '^\[Event ')" "$FIXTURE_GAMES" "one-liner 10: the parts"
        # --games-per-file 3 (the README's line): ceil(games / 3) files
        expect_eq "$(ls "$WORK/run" | grep -c '^part-')" "$(((FIXTURE_GAMES + 2) / 3))" "one-liner 10: the files" ;;
    8) expect_match "$WORK/err" "^horde-check: $FIXTURE_GAMES games, 0 valid, 1 invalid, $((FIXTURE_GAMES - 1)) not selected" "one-liner 8: the invalid game" ;;
    9) expect_match "$WORK/err" '^horde-check: 6 games, 6 valid, 0 invalid' "one-liner 9: strict check of the rewrite" ;;
    *) CHECKS=$((CHECKS + 1)); [ -s "$WORK/out" ] || fail "one-liner $n: no output: $line" ;;
    esac
done <"$WORK/lines"
finish
