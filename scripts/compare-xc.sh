#!/usr/bin/env bash
# Side-by-side timing of tessera-xc against the `dlx` crate (0.8.5, the fastest exact-cover crate
# on crates.io we found), as whole processes on the same instance files.
#
#   scripts/compare-xc.sh [RUNS]          RUNS per program and instance, default 5
#
# Environment:
#   TESSERA_DATA   shared data folder holding xc/     (default: ../shared/data next to the repo)
#   TESSERA_PEERS  folder holding the dlx-crate peer   (default: ../shared/peers next to the repo)
#   INSTANCES      space-separated names in xc/        (default: pent6x10 pent6x10-sym queens12)
#   WORK_DIR       build and scratch folder            (default: /tmp/tessera-compare-xc)
#   ENGINE         engine for Tessera's runs, passed to the count example as its third argument
#                  (auto, links, dlx1, bitset; default: none given, so the example's default)
#
# Both programs are built outside the repository (the peer is copied to WORK_DIR, ours builds with
# CARGO_TARGET_DIR under WORK_DIR), so nothing of theirs lands in the tree. Each round runs the peer,
# Tessera on one thread and Tessera on two threads, in an order that rotates from round to round;
# every run must print the same count. Wall-clock medians go to a Markdown table on stdout, with
# user-CPU medians and the machine's description; progress goes to stderr.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS=${1:-${RUNS:-5}}
DATA=${TESSERA_DATA:-$ROOT/../shared/data}
PEERS=${TESSERA_PEERS:-$ROOT/../shared/peers}
INSTANCES=${INSTANCES:-pent6x10 pent6x10-sym queens12}
WORK=${WORK_DIR:-/tmp/tessera-compare-xc}
ENGINE=${ENGINE:-}
ENGINE_ARG=()
[[ -z $ENGINE ]] || ENGINE_ARG=("$ENGINE")

[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "RUNS must be a positive integer, not '$RUNS'" >&2; exit 2; }
[[ -d $DATA/xc ]] || { echo "no instances at $DATA/xc: set TESSERA_DATA" >&2; exit 2; }
[[ -f $PEERS/dlx-crate/Cargo.toml ]] || { echo "no peer at $PEERS/dlx-crate: set TESSERA_PEERS" >&2; exit 2; }
DATA=$(cd "$DATA" && pwd)
PEERS=$(cd "$PEERS" && pwd)
for name in $INSTANCES; do
    [[ -f $DATA/xc/$name.dlx ]] || { echo "no instance $DATA/xc/$name.dlx" >&2; exit 2; }
done
mkdir -p "$WORK"

log() { printf '%s\n' "$*" >&2; }

log "building the peer (dlx crate) in $WORK/peer-dlx ..."
rm -rf "$WORK/peer-dlx"
cp -r "$PEERS/dlx-crate" "$WORK/peer-dlx"
cargo build --quiet --release --manifest-path "$WORK/peer-dlx/Cargo.toml" --target-dir "$WORK/target-peer"
PEER=$WORK/target-peer/release/peer-dlx

log "building tessera-xc's count example ..."
(cd "$ROOT" && CARGO_TARGET_DIR=$WORK/target-tessera cargo build --quiet --release -p tessera-xc --example count)
OURS=$WORK/target-tessera/release/examples/count

# run LABEL CMD...: runs CMD once with stdout and stderr to files; appends "wall user" seconds to
# $WORK/times/LABEL and checks the count it prints against $WORK/count (the first run's count).
run() {
    local label=$1
    shift
    local start end wall user count
    start=$(date +%s.%N)
    /usr/bin/time -f '%U' -o "$WORK/usertime" "$@" >"$WORK/out" 2>"$WORK/err" || {
        log "$label failed: $*"
        cat "$WORK/err" >&2
        exit 1
    }
    end=$(date +%s.%N)
    wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
    user=$(tail -n 1 "$WORK/usertime")
    count=$(tr -d '[:space:]' <"$WORK/out")
    if [[ ! -s $WORK/count ]]; then
        printf '%s' "$count" >"$WORK/count"
    elif [[ $count != "$(cat "$WORK/count")" ]]; then
        log "COUNT MISMATCH: $label printed $count, an earlier run printed $(cat "$WORK/count") ($*)"
        exit 1
    fi
    printf '%s %s\n' "$wall" "$user" >>"$WORK/times/$label"
    log "  $label: $wall s wall, $user s user, count $count"
}

# median COLUMN FILE: the median of one column (1 = wall, 2 = user).
median() {
    awk -v c="$1" '{ print $c }' "$2" | sort -g | awk '{ v[NR] = $1 }
        END { if (NR % 2) printf "%.3f", v[(NR + 1) / 2]; else printf "%.3f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

ratio() { echo "$1 $2" | awk '{ if ($2 > 0) printf "%.2f", $1 / $2; else print "n/a" }'; }

declare -A expected=()
if [[ -f $DATA/xc/ANSWERS.tsv ]]; then
    while IFS=$'\t' read -r file solutions _; do expected[$file]=$solutions; done <"$DATA/xc/ANSWERS.tsv"
fi

LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
STARTED=$(date -u '+%Y-%m-%d %H:%M UTC')
ROWS=()
USER_ROWS=()
for name in $INSTANCES; do
    file=$DATA/xc/$name.dlx
    rm -rf "$WORK/times" "$WORK/count"
    mkdir -p "$WORK/times"
    log "$name: $RUNS rounds"
    programs=(peer ours1 ours2)
    for ((round = 0; round < RUNS; round++)); do
        for ((k = 0; k < 3; k++)); do
            case ${programs[(round + k) % 3]} in
                peer) run peer "$PEER" "$file" ;;
                ours1) run ours1 "$OURS" "$file" 1 "${ENGINE_ARG[@]}" ;;
                ours2) run ours2 "$OURS" "$file" 2 "${ENGINE_ARG[@]}" ;;
            esac
        done
    done
    count=$(cat "$WORK/count")
    want=${expected[$name.dlx]:-}
    if [[ -n $want && $count != "$want" ]]; then
        log "WRONG COUNT on $name: both programs printed $count, ANSWERS.tsv says $want"
        exit 1
    fi
    peer=$(median 1 "$WORK/times/peer")
    one=$(median 1 "$WORK/times/ours1")
    two=$(median 1 "$WORK/times/ours2")
    ROWS+=("| $name | $count | $peer | $one | $(ratio "$one" "$peer") | $two | $(ratio "$two" "$one") |")
    peer_user=$(median 2 "$WORK/times/peer")
    one_user=$(median 2 "$WORK/times/ours1")
    two_user=$(median 2 "$WORK/times/ours2")
    USER_ROWS+=("| $name | $peer_user | $one_user | $(ratio "$one_user" "$peer_user") | $two_user |")
done
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)

if commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null); then
    # Read-only: `git diff` compares without touching the index.
    git -C "$ROOT" diff --quiet HEAD -- crates/xc Cargo.toml || commit="$commit plus uncommitted changes to crates/xc"
else
    commit=unknown
fi
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')

cat <<EOF
Machine: $(nproc) CPUs, ${cpu:-unknown CPU}, $(uname -sr); $(rustc --version).
Date: $STARTED; commit $commit. Load average (1, 5, 15 min) before: $LOAD_BEFORE; after: $LOAD_AFTER.
Peer: the \`dlx\` crate 0.8.5 with \`unsafe-fast-index\` ($PEERS/dlx-crate). Tessera: \`examples/count FILE THREADS${ENGINE:+ $ENGINE}\`.
$RUNS runs of each, interleaved.

Wall-clock seconds, median of $RUNS (whole process: reading, building the matrix, counting):

| instance | solutions | peer \`dlx\` s | Tessera 1 thread s | 1 thread / peer | Tessera 2 threads s | 2 threads / 1 thread |
|---|---:|---:|---:|---:|---:|---:|
EOF
printf '%s\n' "${ROWS[@]}"
cat <<EOF

User CPU seconds, median of $RUNS (two threads add up both):

| instance | peer \`dlx\` s | Tessera 1 thread s | 1 thread / peer | Tessera 2 threads s |
|---|---:|---:|---:|---:|
EOF
printf '%s\n' "${USER_ROWS[@]}"
