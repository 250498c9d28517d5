#!/usr/bin/env bash
# A compressed file cut short (a read or decompression error, moved here from check_real.sh):
# horde-check reports input-error and exits 2 with whole games only (--threads 1 and 2,
# --valid-out, --invalid-out), horde-replay and horde-list exit 2. One format per test
# (cli:input_cut:<format>), skipped when its compressor is missing.
# Usage: bash input_cut.sh <zstd|gzip|bzip2|xz> <horde-check> <horde-replay> <horde-list> <testdata-dir>
source "$(dirname "$0")/common.sh"
usage="usage: $0 <zstd|gzip|bzip2|xz> <horde-check> <horde-replay> <horde-list> <testdata-dir>"
FORMAT=${1:?$usage}
CHECK=${2:?$usage}
REPLAY=${3:?$usage}
LIST=${4:?$usage}
TESTDATA=${5:?$usage}
make_workdir horde-input-cut
need jq jq
case $FORMAT in
zstd) need zstd zstd; COMPRESS="zstd -q -c" EXT=zst ;;
gzip) need gzip gzip; COMPRESS="gzip -c" EXT=gz ;;
bzip2) need bzip2 bzip2; COMPRESS="bzip2 -c" EXT=bz2 ;;
xz) need xz xz-utils; COMPRESS="xz -c" EXT=xz ;;
*) echo "$usage" >&2; exit 2 ;;
esac
run() { run_tool "$CHECK" "$@"; }

# input-error, exit 2, whole games only
# 12 copies of a corpus (2 MB): more than one block of every format (bzip2's are 900 kB)
for _ in $(seq 12); do cat "$TESTDATA/games/chess-valid.pgn"; done >"$WORK/big.pgn"
cut_case() { # <format> <compress command> <extension>
    local fmt=$1 cmd=$2 ext=$3 size threads
    if [ "$fmt" = zstd ]; then # a frame per copy (zstd compresses the copies into one block otherwise)
        for _ in $(seq 12); do $cmd <"$TESTDATA/games/chess-valid.pgn"; done >"$WORK/full.$ext"
    else
        $cmd <"$WORK/big.pgn" >"$WORK/full.$ext"
    fi
    size=$(wc -c <"$WORK/full.$ext")
    # 23/40 = 6.9 of the 12 zstd frames: past the first block of the 7th (a cut in it gives nothing of it)
    head -c $((size * 23 / 40)) "$WORK/full.$ext" >"$WORK/cut.$ext"
    for threads in 1 2; do
        run --threads $threads --json --valid-out "$WORK/v.pgn" --invalid-out "$WORK/i.pgn" "$WORK/cut.$ext"
        expect_status 2 "$fmt cut, --threads $threads: exit 2"
        expect_eq "$(tail -n 1 "$WORK/out" | jq -r '"\(.valid) \(.errors[-1].code)"')" "false input-error" "$fmt cut, --threads $threads: the last game is an input error"
        expect_eq "$(jq -r 'select(.valid == false) | .game' "$WORK/out" | wc -l)" 1 "$fmt cut, --threads $threads: the games before stand"
        expect_empty "$WORK/i.pgn" "$fmt cut, --threads $threads: nothing to --invalid-out"
        expect_eq "$(grep -c '^\[Event ' "$WORK/v.pgn")" "$(($(grep -c . "$WORK/out") - 1))" "$fmt cut, --threads $threads: --valid-out has the games before"
        expect_eq "$(cmp -s "$WORK/v.pgn" <(head -c "$(wc -c <"$WORK/v.pgn")" "$WORK/big.pgn") && echo same)" same "$fmt cut, --threads $threads: whole games only"
        expect_match "$WORK/err" "cut\.$ext:[0-9]+:[0-9]+: error: game [0-9]+ .*the input stops inside this game, at byte [0-9]+ .*\[input-error\]" "$fmt cut, --threads $threads: message"
    done
    run_tool "$REPLAY" --to uci "$WORK/cut.$ext"
    expect_status 2 "$fmt cut: horde-replay exit 2"
    run_tool "$LIST" "$WORK/cut.$ext"
    expect_status 2 "$fmt cut: horde-list exit 2"
}
cut_case "$FORMAT" "$COMPRESS" "$EXT"

finish
