#!/usr/bin/env bash
# Runs the Slurm recipe (examples/cluster/submit.sh, count.sbatch, merge.sbatch) through a real
# Slurm: a single-node cluster of this machine, started here and stopped at the end.
#
#   sudo TESSERA_CLI=target/ci/tessera scripts/test-slurm.sh
#
# Needs root (slurmd runs the jobs and must be root to do so) and Debian's slurm-wlm
# (slurmctld, slurmd, sbatch, scontrol, sinfo). Environment:
#   TESSERA_CLI   the tessera binary the jobs run (required; CI passes the one `cargo test
#                 --workspace` built)
#   KEEP          1 keeps the temporary folder (configuration, daemon logs, job logs)
#
# The cluster: slurm.conf in a temporary folder, this host as the one node with CPUs=2, its own
# state, spool and log folders there, two free TCP ports. No munge and no cgroups:
# AuthType=auth/none and CredType=cred/none (no munged to start), ProctrackType=proctrack/linuxproc,
# TaskPlugin=task/none, JobAcctGatherType=jobacct_gather/none, no accounting database and no
# cgroup.conf, so it runs in a container. AuthInfo=cred_expire=10: a requeued job may start again
# only once its credential has expired (120 s by default).
#
# Two runs, each submitted with submit.sh and ended by its afterok merge job:
#  1. queens 8 (crates/cli/tests/data/queens8.dlx) in 4 parts: the merged total must equal a
#     plain `tessera xc count` of the file, every task must have logged into results/;
#  2. queens 15 (generated here) in 2 parts, checkpoints every second: once part 0 is running and
#     has saved a checkpoint, `scontrol requeue` kills it and puts it back in the queue; it must run
#     again, say it resumes from its checkpoint, and the total must still be 2,279,184 (OEIS A000170).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

fail() {
    echo "test-slurm: FAIL: $*" >&2
    exit 1
}

[ "$(id -u)" -eq 0 ] || fail "run as root (slurmd must be root to run jobs): sudo TESSERA_CLI=... $0"
[ -n "${TESSERA_CLI:-}" ] || fail "set TESSERA_CLI to the tessera binary the jobs should run"
[ -f "$TESSERA_CLI" ] && [ -x "$TESSERA_CLI" ] || fail "TESSERA_CLI=$TESSERA_CLI is not an executable file"
TESSERA=$(cd "$(dirname "$TESSERA_CLI")" && pwd)/$(basename "$TESSERA_CLI")
export TESSERA
for tool in slurmctld slurmd sbatch scontrol sinfo; do
    command -v "$tool" > /dev/null || fail "no $tool: apt-get install slurm-wlm"
done
WORK=$(mktemp -d /tmp/tessera-slurm.XXXXXX)
chmod 755 "$WORK"
pids=()
cleanup() {
    status=$?
    for pid in "${pids[@]}"; do
        kill "$pid" 2> /dev/null || true
    done
    for pid in "${pids[@]}"; do
        wait "$pid" 2> /dev/null || true
    done
    if [ "$status" -ne 0 ]; then
        for log in "$WORK"/slurmctld.log "$WORK"/slurmd.log "$WORK"/run*/results/*.out; do
            [ -f "$log" ] && { echo "---- $log (last 30 lines)"; tail -n 30 "$log"; }
        done
    fi
    if [ "${KEEP:-0}" = 1 ] || [ "$status" -ne 0 ]; then
        echo "test-slurm: kept $WORK"
    else
        rm -rf "$WORK"
    fi
}
trap cleanup EXIT

# Two free TCP ports (bound, read and released), so a second run or another cluster on this
# machine does not collide with this one.
read -r CTLD_PORT SLURMD_PORT < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*(x.getsockname()[1] for x in s))')
NODE=$(hostname -s)
mkdir -p "$WORK/state" "$WORK/spool"
export SLURM_CONF=$WORK/slurm.conf
cat > "$SLURM_CONF" << EOF
ClusterName=tessera-test
SlurmctldHost=$NODE(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=root
SlurmdUser=root
AuthType=auth/none
CredType=cred/none
AuthInfo=cred_expire=10
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/slurmctld.log
SlurmdLogFile=$WORK/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SwitchType=switch/none
MpiDefault=none
MailProg=/bin/true
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
SlurmdTimeout=30
KillWait=2
MinJobAge=600
NodeName=$NODE NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=test Nodes=$NODE Default=YES MaxTime=INFINITE State=UP
EOF

slurmctld -D -i -f "$SLURM_CONF" > "$WORK/slurmctld.stdout" 2>&1 &
pids+=($!)
slurmd -D -N "$NODE" -f "$SLURM_CONF" > "$WORK/slurmd.stdout" 2>&1 &
pids+=($!)

# Up to 30 s for the node to register and be idle.
for _ in $(seq 60); do
    state=$(sinfo -h -n "$NODE" -o %T 2> /dev/null || true)
    [ "$state" = idle ] && break
    sleep 0.5
done
[ "$state" = idle ] || fail "the node is '$state', not idle, after 30 s"
echo "test-slurm: $(sbatch --version), $("$TESSERA" --version) ($TESSERA)"
echo "test-slurm: node $NODE idle ($(sinfo -h -N -o '%N %c CPUs %P'))"

# The state of a job, or of one array task (JOBID_TASK); for a whole array, every task's.
job_states() {
    scontrol -o show job "$1" 2> /dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p'
}

# Waits up to $2 seconds for job $1 to end; fails unless it COMPLETED.
wait_done() {
    local job=$1 limit=$2 state=""
    for _ in $(seq $((limit * 2))); do
        state=$(job_states "$job")
        case $state in
            COMPLETED) return 0 ;;
            FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY | BOOT_FAIL | DEADLINE)
                fail "job $job ended $state" ;;
        esac
        sleep 0.5
    done
    fail "job $job is still '$state' after $limit s"
}

# Runs submit.sh in $WORK/$1 with the rest as its arguments; sets ARRAY and MERGE.
submit() {
    local run=$WORK/$1
    shift
    mkdir -p "$run"
    (cd "$run" && "$ROOT/examples/cluster/submit.sh" "$@") | tee "$run/submit.out"
    ARRAY=$(sed -n 's/^array //p' "$run/submit.out")
    MERGE=$(sed -n 's/^merge //p' "$run/submit.out")
    [ -n "$ARRAY" ] && [ -n "$MERGE" ] || fail "submit.sh printed no job ids"
}

# ---- 1. queens 8 in 4 parts against the plain count.
start=$(date +%s)
queens8=$ROOT/crates/cli/tests/data/queens8.dlx
plain=$("$TESSERA" xc count "$queens8")
submit run1 "$queens8" 4
wait_done "$MERGE" 60
tasks=$(job_states "$ARRAY" | sort | uniq -c | xargs)
[ "$tasks" = "4 COMPLETED" ] || fail "the array's tasks: $tasks"
total=$(cat "$WORK/run1/results/total.txt")
for i in 0 1 2 3; do
    grep -q "part $i of 4" "$WORK/run1/results/count-${ARRAY}_$i.out" || fail "no log of part $i in results/"
done
[ "$total" = "$plain" ] || fail "queens 8: merged $total, plain count $plain"
echo "test-slurm: queens 8, 4 parts: array $ARRAY ($tasks), merge $MERGE: $total solutions = plain count $plain ($(($(date +%s) - start)) s)"

# ---- 2. queens 15 in 2 parts, part 0 requeued mid-run.
start=$(date +%s)
queens15=$WORK/queens15.dlx
awk -v n=15 'BEGIN {
    for (i = 0; i < n; i++) printf "r%d c%d ", i, i
    printf "|"
    for (k = 0; k < 2 * n - 1; k++) printf " a%d b%d", k, k
    print ""
    for (i = 0; i < n; i++) for (j = 0; j < n; j++) printf "r%d c%d a%d b%d\n", i, j, i + j, i - j + n - 1
}' > "$queens15"
TESSERA_CHECKPOINT_EVERY=1 submit run2 "$queens15" 2
checkpoint=$WORK/run2/checkpoints/part-0.ckpt
for _ in $(seq 120); do
    [ "$(job_states "${ARRAY}_0")" = RUNNING ] && [ -s "$checkpoint" ] && break
    sleep 0.25
done
[ "$(job_states "${ARRAY}_0")" = RUNNING ] && [ -s "$checkpoint" ] \
    || fail "part 0 is '$(job_states "${ARRAY}_0")', no checkpoint after 30 s"
saved=$(grep -o '\],\[' "$checkpoint" | wc -l)
scontrol requeue "${ARRAY}_0"
echo "test-slurm: requeued ${ARRAY}_0 while running, its checkpoint holding about $((saved + 1)) prefixes"
wait_done "$MERGE" 150
restarts=$(scontrol -o show job "${ARRAY}_0" | sed -n 's/.*Restarts=\([0-9]*\).*/\1/p')
[ "${restarts:-0}" -ge 1 ] || fail "part 0 was not restarted (Restarts=$restarts)"
log=$WORK/run2/results/count-${ARRAY}_0.out
grep -q "resuming from checkpoints/part-0.ckpt" "$log" || fail "part 0 did not resume from its checkpoint"
total=$(cat "$WORK/run2/results/total.txt")
[ "$total" = 2279184 ] || fail "queens 15: merged $total, not 2279184"
echo "test-slurm: queens 15, 2 parts, part 0 requeued (Restarts=$restarts, resumed from its checkpoint): $total solutions = 2279184 ($(($(date +%s) - start)) s)"
echo "test-slurm: all good"
