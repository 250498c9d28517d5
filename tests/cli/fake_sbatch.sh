#!/usr/bin/env bash
# A stand-in for Slurm's sbatch that runs the job at once, on this machine, in the current folder:
# `--wrap CMD` by sh (as sbatch wraps it), once per task of `--array=FIRST-LAST` with
# SLURM_ARRAY_TASK_ID set; `--dependency=afterok:ID` runs only when every task of job ID ended
# with status 0 (else the job is not run and this exits 1). Prints the job id (`--parsable`) or
# "Submitted batch job ID". Job ids and statuses are kept in $FAKE_SBATCH_DIR.
set -u
state=${FAKE_SBATCH_DIR:?fake_sbatch.sh: FAKE_SBATCH_DIR is not set}
mkdir -p "$state"
parsable=false array='' dependency='' wrap=''
while [ $# -gt 0 ]; do
    case $1 in
        --parsable) parsable=true ;;
        --array=*) array=${1#--array=} ;;
        --dependency=*) dependency=${1#--dependency=} ;;
        --wrap=*) wrap=${1#--wrap=} ;;
        --wrap) wrap=${2-}; shift ;;
        *) echo "fake_sbatch.sh: option not known here: $1" >&2; exit 2 ;;
    esac
    shift
done
[ -n "$wrap" ] || { echo "fake_sbatch.sh: no --wrap" >&2; exit 2; }
case $dependency in
    '') ;;
    afterok:*)
        after=${dependency#afterok:}
        [ "$(cat "$state/$after.status" 2>/dev/null)" = 0 ] ||
            { echo "fake_sbatch.sh: job $after did not end well: the dependency never holds" >&2; exit 1; }
        ;;
    *) echo "fake_sbatch.sh: dependency not known here: $dependency" >&2; exit 2 ;;
esac
id=$(($(cat "$state/last-id" 2>/dev/null || echo 0) + 1))
echo "$id" >"$state/last-id"
status=0
if [ -n "$array" ]; then
    for task in $(seq "${array%-*}" "${array#*-}"); do
        SLURM_ARRAY_TASK_ID=$task sh -c "$wrap" >"$state/$id-$task.out" 2>&1 || status=1
    done
else
    sh -c "$wrap" >"$state/$id.out" 2>&1 || status=1
fi
echo "$status" >"$state/$id.status"
if $parsable; then echo "$id"; else echo "Submitted batch job $id"; fi
