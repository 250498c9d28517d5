#!/usr/bin/env bash
# docs/horde-db.md's recipes for shards built on other machines, run as the page writes them (the
# test reads each block from the page): the GNU parallel recipe over --sshlogin, with two "hosts"
# reached by fake_ssh.sh (folders of their own here: the files are sent, the shards built there,
# returned by rsync and the hosts' folders cleaned up), and the Slurm job-array recipe, with
# fake_sbatch.sh for sbatch. Each merged database answers every query, games list and export as
# one add of the same month files (db_lib.sh). Skipped when parallel, rsync or zstd is missing.
# Usage: db_parallel.sh <horde-db> <testdata> <docs>
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
source "$(dirname "${BASH_SOURCE[0]}")/db_lib.sh"
DB=${1:?usage: $0 <horde-db> <testdata> <docs>}
DATA=${2:?}
PAGE=${3:?}/horde-db.md
TESTS=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
need parallel parallel
need rsync rsync
need zstd zstd
make_workdir horde-db-parallel
DB=$(realpath "$DB")

# recipe <first comment>: the page's block that starts with that comment line, up to its ```.
recipe() {
    sed -n "/^# $1:/,/^\`\`\`\$/p" "$PAGE" | sed '$d'
}
recipe "GNU parallel" >"$WORK/parallel.sh"
recipe "Slurm" >"$WORK/slurm.sh"
expect_match "$WORK/parallel.sh" '^ls lichess_db_\*\.pgn\.zst \| parallel --sshlogin "\$HOSTS" ' "the page's parallel recipe"
expect_match "$WORK/parallel.sh" '^horde-db merge all\.db ' "the parallel recipe merges"
expect_match "$WORK/slurm.sh" 'sbatch --parsable --array=' "the page's Slurm recipe"
expect_match "$WORK/slurm.sh" "horde-db merge all\.db " "the Slurm recipe merges"

# Three month files, compressed as lichess's are; the same names in each folder.
for dir in one parallel slurm; do
    mkdir -p "$WORK/$dir"
    zstd -q -c "$DATA/db/tagged-chess.pgn" >"$WORK/$dir/lichess_db_2024-01.pgn.zst"
    zstd -q -c "$DATA/db/tagged-horde.pgn" >"$WORK/$dir/lichess_db_2024-02.pgn.zst"
    zstd -q -c "$DATA/games/orda-valid.pgn" >"$WORK/$dir/lichess_db_2024-03.pgn.zst"
done
mkdir "$WORK/bin"
ln -s "$DB" "$WORK/bin/horde-db"
ln -s "$TESTS/fake_sbatch.sh" "$WORK/bin/sbatch"
export PATH="$WORK/bin:$PATH"

(cd "$WORK/one" && horde-db add -q all.db $(ls lichess_db_*.pgn.zst))
expect_eq "$?" 0 "one add of the three files"
db_positions "$WORK/one/all.db" "$WORK/positions"
db_snapshot "$WORK/one/all.db" "$WORK/positions" "$WORK/one.snap"
expect_match "$WORK/one.snap" '"white":[1-9]' "the snapshot has counts"

# GNU parallel: one job at a time on each of two hosts, so that the jobs run at once.
(
    cd "$WORK/parallel" || exit 2
    export PARALLEL_SSH=$TESTS/fake_ssh.sh FAKE_SSH_ROOT=$WORK/hosts PARALLEL_HOME=$WORK/parallel-home
    bash -c "$(sed 's|^HOSTS=.*|HOSTS=1/hostA,1/hostB|' "$WORK/parallel.sh")"
) >"$WORK/parallel.out" 2>"$WORK/parallel.err"
expect_eq "$?" 0 "the parallel recipe runs (stderr: $(head -c 400 "$WORK/parallel.err"))"
expect_match "$WORK/parallel.err" '^horde-db: merged 3 databases' "the three shards merged"
expect_eq "$(ls -d "$WORK"/hosts/host* | wc -l)" 2 "both hosts ran jobs"
expect_eq "$(find "$WORK/hosts" -type f | wc -l)" 0 "the hosts keep no file after the jobs"
db_snapshot "$WORK/parallel/all.db" "$WORK/positions" "$WORK/parallel.snap"
expect_same_file "$WORK/parallel.snap" "$WORK/one.snap" "parallel's shards merged equal one add"

# Slurm: the job array and the merge job after it.
(
    cd "$WORK/slurm" || exit 2
    export FAKE_SBATCH_DIR=$WORK/slurm-jobs
    bash -e "$WORK/slurm.sh"
) >"$WORK/slurm.out" 2>"$WORK/slurm.err"
expect_eq "$?" 0 "the Slurm recipe runs (stderr: $(head -c 400 "$WORK/slurm.err"))"
expect_eq "$(ls "$WORK"/slurm-jobs/1-*.out | wc -l)" 3 "a task per month file"
expect_match "$WORK/slurm-jobs/2.out" '^horde-db: merged 3 databases' "the merge job merged the three shards"
db_snapshot "$WORK/slurm/all.db" "$WORK/positions" "$WORK/slurm.snap"
expect_same_file "$WORK/slurm.snap" "$WORK/one.snap" "the job array's shards merged equal one add"
finish
