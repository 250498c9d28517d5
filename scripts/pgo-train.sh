#!/usr/bin/env bash
# The training run of a profile-guided build (scripts/build-pgo.sh runs it on the instrumented
# tools): each tool's main job on the bundled inputs, so that the profile weighs the code the way
# users' runs do. Every main job is in it: code the training runs rarely is compiled for size,
# so a job left out would come out slower than without a profile.
#
# Usage: scripts/pgo-train.sh TOOLS_DIR   (the directory of the built horde-* executables)
# Exit 0 when every job ran (a job's exit 1, invalid games found, is expected: the training reads
# invalid games too), 2 when a tool is missing or a job failed otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

tools=${1:?usage: scripts/pgo-train.sh TOOLS_DIR}
for t in horde-perft horde-check horde-list horde-replay horde-tree horde-db; do
    [[ -x "$tools/$t" ]] || { echo "pgo-train: $tools/$t missing (build the tools first)" >&2; exit 2; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/horde-pgo-train-XXXXXX")
trap 'rm -rf "$work"' EXIT

# Runs a job with its outputs thrown away; exit 0 or 1 (invalid input found) passes.
job() {
    local rc=0
    "$@" >/dev/null 2>"$work/stderr" || rc=$?
    if ((rc > 1)); then
        echo "pgo-train: exit $rc from: $*" >&2
        head -5 "$work/stderr" >&2
        exit 2
    fi
}

# Games of the four variants, valid and not, oracle-made; real-shaped chess games (Stockfish
# self-play with real files' tags, clocks, variations and NAGs: testdata/training/README.md);
# PGN dialects of other programs.
real=testdata/training/real-shaped.pgn.zst
corpora=(testdata/games/*.pgn testdata/db/*.pgn)
dialects=(testdata/dialects/*.pgn testdata/real/*.pgn)

# horde-check, the first job of every user: most of the profile's weight.
for threads in 1 2; do
    for _ in 1 2 3; do job "$tools/horde-check" -q --threads "$threads" "$real" "${corpora[@]}"; done
    job "$tools/horde-check" --json --threads "$threads" "$real" "${corpora[@]}"
done
job "$tools/horde-check" --strict --stats "${dialects[@]}"
job "$tools/horde-check" --json --where 'WhiteElo >= 2000' "$real"

# horde-perft: each variant's suite and divide. Its counting loops are in the perft module, which
# the profile-guided build compiles without a profile (CMakeLists.txt): these jobs train the
# rest, the reading of FEN and EPD lines and the moves of the position module.
for variant in chess chess960 horde orda; do
    job "$tools/horde-perft" --threads 1 --epd "testdata/perft/$variant.epd" --max-nodes 2000000
done
job "$tools/horde-perft" --variant orda --divide --depth 3

# horde-list, horde-tree, horde-replay on the real-shaped games and the corpora.
job "$tools/horde-list" --threads 1 "$real" "${corpora[@]}"
job "$tools/horde-list" --format json --threads 2 "$real"
job "$tools/horde-tree" --threads 1 "$real" "${corpora[@]}"
job "$tools/horde-tree" --threads 2 --format polyglot -o "$work/book.bin" "$real"
job "$tools/horde-replay" --to pgn "$real" "${corpora[@]}"
job "$tools/horde-replay" --html "$work/pages/" testdata/games/orda-valid.pgn
for game in 1 50 100; do job "$tools/horde-replay" --game "$game" --svg "$work/board-$game.svg" testdata/games/horde-valid.pgn; done

# horde-db: an add in two parts, the queries, the games, the export.
job "$tools/horde-db" add -q --threads 1 "$work/db" "$real"
job "$tools/horde-db" add -q --threads 2 "$work/db" "${corpora[@]}"
for moves in "" "e4" "e4 e5" "d4 Nf6 c4" "e4 c5 Nf3 d6"; do
    job "$tools/horde-db" query "$work/db" --moves "$moves" --json
    job "$tools/horde-db" query "$work/db" --moves "$moves"
    job "$tools/horde-db" games "$work/db" --moves "$moves" --limit 50 --format ndjson
done
job "$tools/horde-db" export "$work/db" --format ndjson
job "$tools/horde-db" info "$work/db"
