#!/usr/bin/env bash
# Side-by-side throughput of Tessera's dedicated 9x9 solver against the `sudoku` crate (0.8.0, a
# JCZSolve port and the fastest Sudoku crate we know), on the shared puzzle sets.
#
#   scripts/compare-sudoku.sh [RUNS]      RUNS per program, file and mode, default 5
#
# Environment:
#   TESSERA_DATA   shared data folder holding sudoku/      (default: ../shared/data next to the repo)
#   TESSERA_PEERS  folder holding the sudoku-crate peer    (default: ../shared/peers next to the repo)
#   SETS           space-separated file names in sudoku/  (default: the three sets below)
#   REPEAT         copies of each file per run, e.g. "1"; default 1 for 17_clue, 20 for magictour,
#                  5 for serg, so that every run solves for a tenth of a second or more
#   WORK_DIR       build and scratch folder               (default: /tmp/tessera-compare-sudoku)
#
# Modes: "solve" (one solution per puzzle) and "count" (solutions counted up to 2). The peer's
# `solve` calls `Sudoku::solution`, which also proves the solution unique (it counts to 2 and
# prints "none" for puzzles with several), so only `count` does the same work on both sides.
#
# Both programs are built outside the repository. Runs alternate (peer, ours, peer, ours ...).
# Every run's answers must equal the peer's, line by line: the solutions of 17_clue and
# magictour (unique), and the counts of every set; a mismatch stops the script. Each program
# reports its own puzzles/s on stderr (the peer's clock includes reading the file and printing;
# ours covers the solving only); the script also takes each whole process's CPU time (perf's
# task-clock if perf works here, else GNU time).
# Medians go to a Markdown table on stdout, progress to stderr.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS=${1:-${RUNS:-5}}
DATA=${TESSERA_DATA:-$ROOT/../shared/data}
PEERS=${TESSERA_PEERS:-$ROOT/../shared/peers}
SETS=${SETS:-17_clue.txt magictour_top1465.txt serg_benchmark.txt}
WORK=${WORK_DIR:-/tmp/tessera-compare-sudoku}

[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "RUNS must be a positive integer, not '$RUNS'" >&2; exit 2; }
[[ -d $DATA/sudoku ]] || { echo "no puzzles at $DATA/sudoku: set TESSERA_DATA" >&2; exit 2; }
[[ -f $PEERS/sudoku-crate/Cargo.toml ]] || { echo "no peer at $PEERS/sudoku-crate: set TESSERA_PEERS" >&2; exit 2; }
DATA=$(cd "$DATA" && pwd)
PEERS=$(cd "$PEERS" && pwd)
mkdir -p "$WORK/input" "$WORK/runs"

log() { printf '%s\n' "$*" >&2; }

log "building the peer (sudoku crate) in $WORK/peer-sudoku ..."
rm -rf "$WORK/peer-sudoku"
cp -r "$PEERS/sudoku-crate" "$WORK/peer-sudoku"
cargo build --quiet --release --manifest-path "$WORK/peer-sudoku/Cargo.toml" --target-dir "$WORK/target-peer"
PEER=$WORK/target-peer/release/peer-sudoku

log "building Tessera's sudoku_bench example ..."
(cd "$ROOT" && CARGO_TARGET_DIR=$WORK/target-tessera cargo build --quiet --release -p tessera --example sudoku_bench)
OURS=$WORK/target-tessera/release/examples/sudoku_bench

# repeat FILE: copies of a file per run (REPEAT, or a default that makes runs long enough to time).
repeat() {
    if [[ -n ${REPEAT:-} ]]; then
        echo "$REPEAT"
        return
    fi
    case $1 in
        magictour*) echo 20 ;;
        serg*) echo 5 ;;
        *) echo 1 ;;
    esac
}

# CPU time of a whole process: perf's task-clock (to the microsecond) where perf works, else
# GNU time's user + system (to the hundredth of a second).
if perf stat -x, -e task-clock true >/dev/null 2>&1; then
    CPU_CLOCK=perf
elif [[ -x /usr/bin/time ]]; then
    CPU_CLOCK=time
else
    CPU_CLOCK=none
fi

# run LABEL CMD...: one run; appends "puzzles/s cpu-seconds" to $WORK/runs/LABEL and leaves the
# answers in $WORK/out.
run() {
    local label=$1
    shift
    local status=0 cpu=0
    case $CPU_CLOCK in
        perf)
            perf stat -x, -e task-clock -o "$WORK/cputime" "$@" >"$WORK/out" 2>"$WORK/err" || status=$?
            [[ $status -ne 0 ]] || cpu=$(awk -F, '/task-clock/ { printf "%.3f", $1 / 1000 }' "$WORK/cputime")
            ;;
        time)
            /usr/bin/time -f '%U %S' -o "$WORK/cputime" "$@" >"$WORK/out" 2>"$WORK/err" || status=$?
            [[ $status -ne 0 ]] || cpu=$(tail -n 1 "$WORK/cputime" | awk '{ printf "%.3f", $1 + $2 }')
            ;;
        *) "$@" >"$WORK/out" 2>"$WORK/err" || status=$? ;;
    esac
    if [[ $status -ne 0 ]]; then
        log "$label failed: $*"
        cat "$WORK/err" >&2
        exit 1
    fi
    local rate
    rate=$(grep -o '[0-9.]* puzzles/s' "$WORK/err" | awk '{ print $1 }')
    printf '%s %s\n' "$rate" "$cpu" >>"$WORK/runs/$label"
    log "  $label: $rate puzzles/s, $cpu s CPU"
}

# same LABEL EXPECTED: the answers of the last run must equal EXPECTED line by line.
same() {
    if ! cmp -s "$WORK/out" "$2"; then
        local line
        line=$(cmp "$WORK/out" "$2" 2>&1 | grep -o 'line [0-9]*' || true)
        log "ANSWER MISMATCH: $1 differs from the peer at $line"
        exit 1
    fi
}

# median COLUMN FILE
median() {
    cut -d' ' -f"$1" "$2" | sort -g | awk '{ v[NR] = $1 } END { m = int((NR + 1) / 2); print (NR % 2) ? v[m] : (v[m] + v[m + 1]) / 2 }'
}

rm -f "$WORK"/runs/*
ROWS=()
for set in $SETS; do
    [[ -f $DATA/sudoku/$set ]] || { log "no file $DATA/sudoku/$set"; exit 2; }
    copies=$(repeat "$set")
    input=$WORK/input/$set
    for ((i = 0; i < copies; i++)); do grep -v '^#' "$DATA/sudoku/$set"; done >"$input"
    puzzles=$(grep -c . "$input")
    name=${set%.txt}
    for mode in solve count; do
        args=("$mode" "$input")
        [[ $mode == solve ]] || args+=(2)
        log "$name, $mode ($puzzles puzzles = $copies x the file), $RUNS runs each:"
        for ((r = 1; r <= RUNS; r++)); do
            run "$name-$mode-peer" "$PEER" "${args[@]}"
            [[ $r -gt 1 ]] || cp "$WORK/out" "$WORK/expected"
            run "$name-$mode-ours" "$OURS" "${args[@]}"
            if [[ $mode == count || $name != serg* ]]; then
                same "$name $mode" "$WORK/expected"
            fi
        done
        peer_rate=$(median 1 "$WORK/runs/$name-$mode-peer")
        ours_rate=$(median 1 "$WORK/runs/$name-$mode-ours")
        peer_cpu=$(median 2 "$WORK/runs/$name-$mode-peer")
        ours_cpu=$(median 2 "$WORK/runs/$name-$mode-ours")
        checked="solutions"
        [[ $mode == count ]] && checked="counts"
        [[ $mode == solve && $name == serg* ]] && checked="not compared (peer: none)"
        ROWS+=("$(awk -v n="$name" -v m="$mode" -v pr="$peer_rate" -v or="$ours_rate" -v pc="$peer_cpu" \
            -v oc="$ours_cpu" -v ck="$checked" 'BEGIN {
                printf "| %s | %s | %.0f | %.0f | **%.2f** | %.3f | %.3f | %s | %s |", n, m, pr, or, or / pr, pc, oc,
                (oc > 0 ? sprintf("%.2f", pc / oc) : "-"), ck }')")
    done
done

echo
echo "| set | mode | peer puzzles/s | Tessera puzzles/s | ratio | peer CPU s | Tessera CPU s | CPU ratio | answers identical |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---|"
printf '%s\n' "${ROWS[@]}"
echo
echo "Medians of $RUNS alternating runs; ratios above 1 favour Tessera. puzzles/s as each program reports"
echo "it; CPU s = CPU seconds of the whole process (reading, solving, printing), measured with $CPU_CLOCK."
echo "$(uname -srm), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) CPUs;" \
    "load average $(cut -d' ' -f1-3 /proc/loadavg); rustc $(rustc --version | cut -d' ' -f2);" \
    "commit $(cd "$ROOT" && git rev-parse --short HEAD 2>/dev/null || echo unknown)"
