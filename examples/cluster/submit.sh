#!/bin/bash
# Submit a count to Slurm in N parts: one array task per part, then a merge that starts only when
# every task has succeeded.
#
#   examples/cluster/submit.sh [--cpus C] [--dir DIR] PROBLEM.dlx N
#
# 1. creates DIR/results and DIR/checkpoints (DIR: default the current folder) before anything
#    is submitted, since Slurm opens a task's log before the task runs;
# 2. makes the plan once, here: `tessera xc plan PROBLEM --parts N -o DIR/results/plan.json`,
#    when this tessera has `xc plan`; an older one has every task count `--shard I/N` instead;
# 3. submits count.sbatch as an array, `--array=0-(N-1)`, C CPUs per task (default 1: a task
#    asking for more CPUs than a node has stays pending for ever), logs in DIR/results;
# 4. submits merge.sbatch with `--dependency=afterok:ARRAY`, which writes DIR/results/total.txt.
#
# Prints the two job ids (`array JOBID`, `merge JOBID`). The command is $TESSERA if set, else
# `tessera` from the PATH; the jobs get its absolute path. Other sbatch options come from
# sbatch's own environment variables (SBATCH_PARTITION, SBATCH_TIMELIMIT, SBATCH_ACCOUNT...).
# Submitting again into the same DIR resumes: every task starts from its checkpoint, and a part
# that had finished ends at once.
set -euo pipefail

usage() {
    sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
}

here=$(cd "$(dirname "$0")" && pwd)
cpus=1
dir=.
while [ $# -gt 0 ]; do
    case $1 in
        --cpus) cpus=${2:?--cpus needs a number}; shift 2 ;;
        --dir) dir=${2:?--dir needs a folder}; shift 2 ;;
        -h | --help) usage; exit 0 ;;
        --) shift; break ;;
        -*) echo "submit.sh: unknown option $1 (see --help)" >&2; exit 1 ;;
        *) break ;;
    esac
done
if [ $# -ne 2 ]; then
    echo "usage: submit.sh [--cpus C] [--dir DIR] PROBLEM.dlx N" >&2
    exit 1
fi
problem=$1
parts=$2
case $parts in '' | *[!0-9]* | 0) echo "submit.sh: N must be a whole number from 1 up, not '$parts'" >&2; exit 1 ;; esac
case $cpus in '' | *[!0-9]* | 0) echo "submit.sh: --cpus must be a whole number from 1 up, not '$cpus'" >&2; exit 1 ;; esac
if [ ! -r "$problem" ]; then
    echo "submit.sh: cannot read the problem $problem" >&2
    exit 1
fi
problem=$(cd "$(dirname "$problem")" && pwd)/$(basename "$problem")
TESSERA=$(command -v "${TESSERA:-tessera}") || {
    echo "submit.sh: no ${TESSERA:-tessera} command (set TESSERA to its path)" >&2
    exit 1
}
export TESSERA

mkdir -p "$dir/results" "$dir/checkpoints"
dir=$(cd "$dir" && pwd)

plan=()
if "$TESSERA" xc plan --help > /dev/null 2>&1; then
    "$TESSERA" xc plan "$problem" --parts "$parts" -o "$dir/results/plan.json"
    plan=("$dir/results/plan.json")
    echo "plan $dir/results/plan.json"
else
    echo "plan none: this tessera has no 'xc plan', every task counts --shard I/$parts"
fi

array=$(sbatch --parsable --chdir="$dir" --array="0-$((parts - 1))" --cpus-per-task="$cpus" \
    --output="$dir/results/count-%A_%a.out" "$here/count.sbatch" "$problem" "$parts" "${plan[@]}")
array=${array%%;*}
merge=$(sbatch --parsable --chdir="$dir" --dependency="afterok:$array" --kill-on-invalid-dep=yes \
    --output="$dir/results/merge-%j.out" "$here/merge.sbatch" "$parts")
merge=${merge%%;*}
echo "array $array"
echo "merge $merge"
echo "total in $dir/results/total.txt once job $merge has ended"
