#!/usr/bin/env bash
# horde-perft FEN streams: a file or '-' (stdin) of FEN lines, one count per line in order;
# an invalid line gets a diagnostic with its line number, the run goes on and exits 1.
source "$(dirname "$0")/perft_lib.sh"

cat >"$WORK/fens.txt" <<'X'
rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1
4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - -
k7/5p2/4p2P/3p2P1/2p2P2/1p2P2P/p2P2P1/2P2P2 w - -

4k3/8/8/8/8/8/8/8 w - - 0 1
X
run --variant horde --depth 3 "$WORK/fens.txt"
expect_status 0 "FEN file"
expect_eq "$(tr '\n' ' ' <"$WORK/out")" "1274 6633 2205 0 " "one count per FEN line, in order"

STATUS=0
"$PERFT" --variant horde --depth 2 - <"$WORK/fens.txt" >"$WORK/out" 2>"$WORK/err" || STATUS=$?
expect_status 0 "FEN stream from stdin"
expect_eq "$(tr '\n' ' ' <"$WORK/out")" "128 241 172 0 " "stdin counts in order"

# Through a real pipe, with CRLF line ends.
STATUS=0
printf '%s\r\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' \
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' |
    "$PERFT" --variant chess --depth 3 - >"$WORK/out" 2>"$WORK/err" || STATUS=$?
expect_status 0 "FEN stream through a pipe"
expect_eq "$(tr '\n' ' ' <"$WORK/out")" "8902 97862 " "pipe counts in order"

cat >"$WORK/mixed.txt" <<'X'
rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1
rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w KQkq - 0 1
not a fen
4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - -
X
STATUS=0
cat "$WORK/mixed.txt" | "$PERFT" --variant horde --depth 1 - >"$WORK/out" 2>"$WORK/err" || STATUS=$?
expect_status 1 "invalid FEN lines in a stream"
expect_eq "$(tr '\n' ' ' <"$WORK/out")" "8 30 " "valid lines still counted, in order"
expect_match "$WORK/err" '^<stdin>:2: error: invalid FEN: castling field: .K. but White has no king in Horde$' "line 2 diagnostic"
expect_match "$WORK/err" '^<stdin>:3: error: invalid FEN: ' "line 3 diagnostic"

run --variant horde --depth 1 "$WORK/mixed.txt"
expect_status 1 "invalid FEN lines in a file"
expect_match "$WORK/err" 'mixed.txt:2: error: invalid FEN' "file name and line number"

run --variant horde --depth 2 --json "$WORK/fens.txt"
expect_status 0 "stream --json"
expect_eq "$(grep -c '^{.*"depth":2,"nodes":[0-9]*' "$WORK/out")" 4 "one JSON object per FEN"

# Empty input: nothing to count, success.
STATUS=0
"$PERFT" --variant horde --depth 2 - </dev/null >"$WORK/out" 2>"$WORK/err" || STATUS=$?
expect_status 0 "empty stream"
expect_eq "$(wc -c <"$WORK/out")" 0 "empty stream prints no count"

run --variant horde --depth 2 "$WORK/does-not-exist.txt"
expect_one_line_error "unreadable FEN file"

finish
