# Helpers for the input-layer CLI tests (tests/cli/input_*.sh): compressed inputs and input
# faults, over every tool. Usage of a test script:
#   bash input_<name>.sh <horde-check> <horde-list> <horde-perft> <horde-replay> <testdata-dir>
# Compressed files are made here with the Debian tools (zstd, gzip, bzip2, xz).
# HORDE_SANITIZED=1 (ASan/UBSan builds) scales the largest generated inputs down and does not
# assert memory bounds.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
USAGE="usage: $0 <horde-check> <horde-list> <horde-perft> <horde-replay> <testdata-dir>"
CHECK=${1:?$USAGE}
LIST=${2:?$USAGE}
PERFT=${3:?$USAGE}
REPLAY=${4:?$USAGE}
TESTDATA=${5:?$USAGE}
GAMES=$TESTDATA/games
SANITIZED=${HORDE_SANITIZED:-0}
make_workdir horde-input-cli
for tool in zstd gzip bzip2 xz; do
    need "$tool" "zstd xz-utils bzip2 gzip"
done

# A zstd skippable frame (magic 50 2A 4D 18, then the payload size, little-endian), as the
# lichess dumps start with.
skippable_frame() { printf '\x50\x2a\x4d\x18\x10\x00\x00\x00lichess-db-index'; }

# split3 <file> <prefix>: the file in three pieces at line boundaries: <prefix>1 <prefix>2 <prefix>3.
split3() {
    local lines
    lines=$(wc -l <"$1")
    local third=$(((lines + 2) / 3))
    sed -n "1,${third}p" "$1" >"${2}1"
    sed -n "$((third + 1)),$((2 * third))p" "$1" >"${2}2"
    sed -n "$((2 * third + 1)),\$p" "$1" >"${2}3"
}

# compress_all <plain> <dir>: writes in <dir> the plain file as
#   skip.pgn.zst  a skippable frame, then three zstd frames
#   two.pgn.gz    two gzip members          two.pgn.bz2  two bzip2 streams
#   two.pgn.xz    two xz streams            zstd.pgn     a zstd file named .pgn
compress_all() {
    local plain=$1 dir=$2
    mkdir -p "$dir"
    split3 "$plain" "$dir/part"
    cat "$dir/part2" "$dir/part3" >"$dir/part23"
    { skippable_frame; for i in 1 2 3; do zstd -q -c "$dir/part$i"; done; } >"$dir/skip.pgn.zst"
    { gzip -c "$dir/part1"; gzip -c "$dir/part23"; } >"$dir/two.pgn.gz"
    { bzip2 -c "$dir/part1"; bzip2 -c "$dir/part23"; } >"$dir/two.pgn.bz2"
    { xz -c "$dir/part1"; xz -c "$dir/part23"; } >"$dir/two.pgn.xz"
    zstd -q -c "$plain" >"$dir/zstd.pgn"
    rm -f "$dir"/part*
}
COMPRESSED="skip.pgn.zst two.pgn.gz two.pgn.bz2 two.pgn.xz zstd.pgn"

# normalize <file> <name>: stderr of a run with <name> replaced by FILE and the run time of the
# summary line dropped, so that runs over different names compare.
normalize() { sed -e "s|$2|FILE|g" -e 's/, [0-9.]* s$//' "$1"; }
