#!/usr/bin/env bash
# horde-check: exit codes, the diagnostic format, the summary line, stdin, several files,
# --quiet, --no-warnings, --strict, --variant, --lichess.
source "$(dirname "$0")/check_lib.sh"

DIAG_RE='^[^:]+:[0-9]+:[0-9]+: (error|warning): game [0-9]+ \(.* - .*\)(, ply [0-9]+ "[^"]*")?: .+ \[[a-z-]+\]$'

# --- exit 0: every game valid
for v in chess horde orda; do
    run "$GAMES/$v-valid.pgn"
    expect_status 0 "$v-valid.pgn"
    expect_eq "$(grep -c . "$WORK/err")" 1 "$v-valid.pgn: only the summary on stderr"
    expect_match "$WORK/err" "$SUMMARY_RE" "$v-valid.pgn: summary line"
    expect_eq "$(summary_field 1) $(summary_field 2) $(summary_field 3)" "300 300 0" "$v-valid.pgn: summary counts"
    expect_eq "$(wc -c <"$WORK/out")" 0 "$v-valid.pgn: nothing on stdout"
done
run "$GAMES/horde-valid.pgn"
expect_eq "$(summary_field 5)" 21419 "horde-valid.pgn: plies in the summary"

# --- exit 1: some game invalid; one diagnostic line per error, compiler style
for v in chess horde orda; do
    run "$GAMES/$v-invalid.pgn"
    expect_status 1 "$v-invalid.pgn"
    head -n -1 "$WORK/err" >"$WORK/diags"
    expect_all_match "$WORK/diags" "$DIAG_RE" "$v-invalid.pgn: diagnostic format"
    expect_eq "$(summary_field 3)" 100 "$v-invalid.pgn: 100 invalid"
    expect_eq "$(grep -c ': error: ' "$WORK/diags" | awk '$1 >= 100 {print "ok"}')" ok "$v-invalid.pgn: at least one error per game"
done
# an exact diagnostic: the file name as given, line, column, game, players, ply, SAN, reason, code
run "$GAMES/chess-invalid.pgn"
expect_match "$WORK/err" "^$GAMES/chess-invalid.pgn:15:49: error: game 1 \(A - B\), ply 62 \"Hh6\": .*\[unknown-piece\]$" \
    "exact diagnostic of game 1"

# one bad game among good ones: exit 1, the others stay valid (recovery)
{ head -n 15 "$GAMES/chess-invalid.pgn"; echo; cat "$GAMES/chess-valid.pgn"; } >"$WORK/mixed.pgn"
run "$WORK/mixed.pgn"
expect_status 1 "mixed file"
expect_eq "$(summary_field 1) $(summary_field 2) $(summary_field 3)" "301 300 1" "mixed: counts"

# a small game, written here, to pin the format down completely
cat >"$WORK/one.pgn" <<'PGN'
[Event "x"]
[White "Alice"]
[Black "Bob"]
[Variant "Horde"]
[Result "*"]

1. a5 e6 2. a7 *
PGN
run "$WORK/one.pgn"
expect_status 1 "one.pgn"
expect_eq "$(head -n 1 "$WORK/err" | sed -E 's/: [^:]*\[illegal-move\]$/: REASON [illegal-move]/')" \
    "$WORK/one.pgn:7:13: error: game 1 (Alice - Bob), ply 3 \"a7\": REASON [illegal-move]" "one.pgn: diagnostic"

# --- exit 2: usage and I/O errors
run "$WORK/does-not-exist.pgn"
expect_status 2 "missing file"
expect_match "$WORK/err" 'does-not-exist\.pgn: cannot open' "missing file: message"
run --no-such-option
expect_status 2 "unknown option"
run --variant atomic "$GAMES/chess-valid.pgn"
expect_status 2 "unknown --variant"
run --fen --valid-out "$WORK/v.pgn" "$GAMES/chess-valid.pgn"
expect_status 2 "--fen with --valid-out"
run --valid-out "$WORK/no-such-dir/v.pgn" "$GAMES/chess-valid.pgn"
expect_status 2 "unwritable --valid-out"
# a missing file among good ones: the good ones are still checked, status 2 wins
run "$GAMES/chess-valid.pgn" "$WORK/does-not-exist.pgn"
expect_status 2 "valid + missing file"
expect_eq "$(summary_field 1)" 300 "valid + missing: games counted"
run "$GAMES/chess-invalid.pgn" "$WORK/does-not-exist.pgn"
expect_status 2 "invalid + missing file"
run --help
expect_status 0 "--help"
run --version
expect_status 0 "--version"

# --- stdin: no file, or '-'
run_stdin "$GAMES/orda-valid.pgn"
expect_status 0 "stdin (no file)"
expect_eq "$(summary_field 1)" 300 "stdin: games"
run_stdin "$GAMES/horde-invalid.pgn" -
expect_status 1 "stdin ('-')"
expect_match "$WORK/err" '^<stdin>:[0-9]+:[0-9]+: error: ' "stdin: file name <stdin>"
cat "$GAMES/chess-valid.pgn" | "$CHECK" - >"$WORK/out" 2>"$WORK/err"
STATUS=$?
expect_status 0 "stdin from a pipe"
# several files, stdin among them
run_stdin "$GAMES/horde-valid.pgn" "$GAMES/chess-valid.pgn" - "$GAMES/orda-valid.pgn"
expect_status 0 "three inputs"
expect_eq "$(summary_field 1)" 900 "three inputs: games"

# --- --quiet, --no-warnings
run -q "$GAMES/chess-invalid.pgn"
expect_status 1 "-q"
expect_eq "$(grep -c . "$WORK/err")" 1 "-q: summary only"
printf '[Event "w"]\n[Result "*"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7 *\n' >"$WORK/warn.pgn"
run "$WORK/warn.pgn"
expect_status 0 "warning only: still valid"
expect_match "$WORK/err" '^.*warn\.pgn:4:24: warning: game 1 \(\? - \?\), ply 5 "Bxf7": .*\[missing-check-suffix\]$' "warning line"
expect_eq "$(summary_field 4)" 1 "warning counted in the summary"
expect_match "$WORK/err" '^horde-check: 1 game, 1 valid, 0 invalid, 1 warning, 5 plies, ' "summary in the singular"
run --no-warnings "$WORK/warn.pgn"
expect_no_match "$WORK/err" 'warning:' "--no-warnings"
run --strict "$WORK/warn.pgn"
expect_status 1 "--strict turns the warning into an error"
expect_match "$WORK/err" ': error: game 1 .*ply 5 "Bxf7"' "--strict: error line"

# --- --variant forces the variant
printf '[Event "v"]\n[Result "*"]\n\n1. a5 e6 *\n' >"$WORK/untagged-horde.pgn"
run "$WORK/untagged-horde.pgn"
expect_status 1 "untagged Horde moves are chess"
run --variant horde "$WORK/untagged-horde.pgn"
expect_status 0 "--variant horde"
printf '[Event "v"]\n[Variant "Crazy horse"]\n[Result "*"]\n\n1. e4 *\n' >"$WORK/unknown.pgn"
run "$WORK/unknown.pgn"
expect_status 1 "unknown Variant tag"
expect_match "$WORK/err" '\[unknown-variant\]$' "unknown Variant tag: code"

# --- --lichess
cat >"$WORK/lichess.pgn" <<'PGN'
[Event "closed"]
[Variant "Horde"]
[SetUp "1"]
[FEN "8/p7/pk6/P7/P7/8/8/8 b - - 0 1"]
[Result "1/2-1/2"]

1/2-1/2

[Event "on time"]
[Variant "Horde"]
[SetUp "1"]
[FEN "8/2k5/3q4/8/8/8/1P6/8 b - - 0 1"]
[Termination "Time forfeit"]
[Result "1-0"]

1... Kc6 1-0
PGN
run "$WORK/lichess.pgn"
expect_status 0 "without --lichess"
run --lichess --json "$WORK/lichess.pgn"
expect_status 1 "--lichess"
expect_match "$WORK/out" '"game":1,.*"valid":true,.*"status":"lichess-closed-position","status_kind":"game-over","result":"1/2-1/2"' \
    "--lichess: closed position"
expect_match "$WORK/out" '"game":2,.*"valid":false,.*"code":"wrong-result"' "--lichess: time forfeit"
expect_match "$WORK/err" 'lichess.pgn:16:10: error: game 2 .*\[wrong-result\]$' "--lichess: diagnostic"

finish
