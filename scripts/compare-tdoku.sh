#!/usr/bin/env bash
# Tessera's 9x9 solving and counting against tdoku and the `sudoku` crate, whole process (file in,
# answers out), one thread, on the same files: the bar of issue 16.
#
#   scripts/compare-tdoku.sh [RUNS]        RUNS per program and set, default 7
#
# Environment:
#   TDOKU_DRIVER  a built driver: `DRIVER solve FILE` prints one solution line per puzzle (limit 1),
#                 `DRIVER count FILE 2` one count per puzzle, both through tdoku's
#                 TdokuSolverDpllTriadSimd (required; built by hand outside the repository)
#   SUDOKU_PEER   the `sudoku` crate's peer binary (peer-sudoku, see ../shared/peers/README.md);
#                 optional, its columns are left out without it
#   TESSERA       the tessera binary (default: target/release/tessera, or $CARGO_TARGET_DIR's)
#   TESSERA_DATA  shared data folder holding sudoku/17_clue.txt, magictour_top1465.txt and
#                 serg_benchmark.txt (default: ../shared/data next to the repo)
#   HARDEST       the set of the hardest known puzzles: tdoku's data/puzzles5_forum_hardest_1905_11+
#                 (48,765 lines); default $TESSERA_DATA/sudoku/forum_hardest_1905_11plus.txt, the set
#                 is skipped when the file is missing
#   SETS          a subset of the set names below, space-separated (default: all)
#   EXTRA_SETS    more sets, counted to 2: space-separated NAME=FILE pairs (say generated adversarial
#                 files: nearly empty grids, puzzles without a solution, puzzles with several);
#                 run after SETS, each as NAME-count2
#   TESSERA_FAST9 passed on to Tessera: `simd` runs its SIMD engine instead of the bitboards
#   WORK_DIR      scratch folder (default: /tmp/tessera-compare-tdoku)
#
# Sets: 17clue-solve, 17clue-count2, magictour20-solve (the file 20 times), hardest-solve,
# serg-count2, serg10-count2 (the file 10 times: one serg run lasts 20-30 ms, 2 ms of it the
# process's start, too short to time alone on a shared machine). Every program gets the same input file (comment lines removed).
#
# Tessera runs `tessera sudoku solve FILE --threads 1` and `tessera sudoku count FILE --limit 2
# --threads 1`. The crate's peer has no plain solve: its `solve` calls `Sudoku::solution`, which
# counts to 2 to prove uniqueness, so against it a "solve" set is our solve against its count.
#
# Time is CPU time (user + system) of the whole process, from perf's task-clock where perf works,
# else GNU time: the machine may be shared, and CPU time is what one thread costs whatever the load.
# Runs alternate (tdoku, crate, Tessera, tdoku, ...). Every run's answers must equal tdoku's line by
# line (solutions, or counts), except the crate's on solve sets (it prints "none" for a puzzle with
# several solutions); a mismatch stops the script.
# Medians and their ratios (Tessera's time / the peer's: below 1 favours Tessera) go to a Markdown
# table on stdout, progress to stderr.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS=${1:-${RUNS:-7}}
DATA=${TESSERA_DATA:-$ROOT/../shared/data}
WORK=${WORK_DIR:-/tmp/tessera-compare-tdoku}
ALL_SETS="17clue-solve 17clue-count2 magictour20-solve hardest-solve serg-count2 serg10-count2"
SETS=${SETS:-$ALL_SETS}

log() { printf '%s\n' "$*" >&2; }

[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { log "RUNS must be a positive integer, not '$RUNS'"; exit 2; }
[[ -n ${TDOKU_DRIVER:-} && -x ${TDOKU_DRIVER:-} ]] || { log "set TDOKU_DRIVER to a built tdoku driver"; exit 2; }
[[ -d $DATA/sudoku ]] || { log "no puzzles at $DATA/sudoku: set TESSERA_DATA"; exit 2; }
if [[ -z ${TESSERA:-} ]]; then
    TESSERA=${CARGO_TARGET_DIR:-$ROOT/target}/release/tessera
fi
[[ -x $TESSERA ]] || { log "no tessera binary at $TESSERA: cargo build --release, or set TESSERA"; exit 2; }
PEER=${SUDOKU_PEER:-}
[[ -z $PEER || -x $PEER ]] || { log "SUDOKU_PEER=$PEER is not an executable"; exit 2; }
HARDEST=${HARDEST:-$DATA/sudoku/forum_hardest_1905_11plus.txt}
mkdir -p "$WORK/input" "$WORK/runs"
rm -f "$WORK"/runs/*

if perf stat -x, -e task-clock true >/dev/null 2>&1; then
    CPU_CLOCK=perf
elif [[ -x /usr/bin/time ]]; then
    CPU_CLOCK=time
else
    log "neither perf nor GNU time (/usr/bin/time) is available to measure CPU time"
    exit 2
fi

# run LABEL CMD...: one run; appends its CPU seconds to $WORK/runs/LABEL, answers in $WORK/out.
run() {
    local label=$1
    shift
    local status=0 cpu
    case $CPU_CLOCK in
        perf)
            perf stat -x, -e task-clock -o "$WORK/cputime" "$@" >"$WORK/out" 2>"$WORK/err" || status=$?
            cpu=$(awk -F, '/task-clock/ { printf "%.4f", $1 / 1000 }' "$WORK/cputime")
            ;;
        time)
            /usr/bin/time -f '%U %S' -o "$WORK/cputime" "$@" >"$WORK/out" 2>"$WORK/err" || status=$?
            cpu=$(tail -n 1 "$WORK/cputime" | awk '{ printf "%.3f", $1 + $2 }')
            ;;
    esac
    if [[ $status -ne 0 ]]; then
        log "$label failed (status $status): $*"
        cat "$WORK/err" >&2
        exit 1
    fi
    printf '%s\n' "$cpu" >>"$WORK/runs/$label"
}

# same LABEL: the answers of the last run must equal tdoku's.
same() {
    if ! cmp -s "$WORK/out" "$WORK/expected"; then
        log "ANSWER MISMATCH: $1 differs from tdoku at $(cmp "$WORK/out" "$WORK/expected" 2>&1 | grep -o 'line [0-9]*' || echo '?')"
        exit 1
    fi
}

median() {
    sort -g "$1" | awk '{ v[NR] = $1 } END { m = int((NR + 1) / 2); print (NR % 2) ? v[m] : (v[m] + v[m + 1]) / 2 }'
}

# input NAME FILE COPIES: the puzzle lines of FILE, COPIES times, without comments.
input() {
    local out=$WORK/input/$1.txt
    for ((i = 0; i < $3; i++)); do grep -v -e '^#' -e '^[[:space:]]*$' "$2"; done >"$out"
    echo "$out"
}

declare -A EXTRA_FILE=()
for pair in ${EXTRA_SETS:-}; do
    [[ $pair == *=* && -f ${pair#*=} ]] || { log "EXTRA_SETS: '$pair' is not NAME=FILE with an existing FILE"; exit 2; }
    EXTRA_FILE[${pair%%=*}-count2]=${pair#*=}
    SETS+=" ${pair%%=*}-count2"
done

ROWS=()
for set in $SETS; do
    case $set in
        17clue-solve) file=$(input 17clue "$DATA/sudoku/17_clue.txt" 1) mode=solve ;;
        17clue-count2) file=$(input 17clue "$DATA/sudoku/17_clue.txt" 1) mode=count ;;
        magictour20-solve) file=$(input magictour20 "$DATA/sudoku/magictour_top1465.txt" 20) mode=solve ;;
        hardest-solve)
            if [[ ! -f $HARDEST ]]; then
                log "skipping hardest-solve: no file $HARDEST (set HARDEST)"
                continue
            fi
            file=$(input hardest "$HARDEST" 1) mode=solve
            ;;
        serg-count2) file=$(input serg "$DATA/sudoku/serg_benchmark.txt" 1) mode=count ;;
        serg10-count2) file=$(input serg10 "$DATA/sudoku/serg_benchmark.txt" 10) mode=count ;;
        *-count2) [[ -n ${EXTRA_FILE[$set]:-} ]] || { log "unknown set '$set' (known: $ALL_SETS)"; exit 2; }
            file=$(input "${set%-count2}" "${EXTRA_FILE[$set]}" 1) mode=count ;;
        *) log "unknown set '$set' (known: $ALL_SETS)"; exit 2 ;;
    esac
    puzzles=$(wc -l <"$file")
    if [[ $mode == solve ]]; then
        tdoku=("$TDOKU_DRIVER" solve "$file")
        peer=("$PEER" solve "$file")
        ours=("$TESSERA" sudoku solve "$file" --threads 1)
    else
        tdoku=("$TDOKU_DRIVER" count "$file" 2)
        peer=("$PEER" count "$file" 2)
        ours=("$TESSERA" sudoku count "$file" --limit 2 --threads 1)
    fi
    log "$set: $puzzles puzzles, $RUNS runs each"
    for ((r = 1; r <= RUNS; r++)); do
        run "$set-tdoku" "${tdoku[@]}"
        cp "$WORK/out" "$WORK/expected"
        if [[ -n $PEER ]]; then
            run "$set-crate" "${peer[@]}"
            [[ $mode == solve ]] || same "$set crate"
        fi
        run "$set-ours" "${ours[@]}"
        same "$set tessera"
        log "  run $r: tdoku $(tail -n1 "$WORK/runs/$set-tdoku") s, crate $([[ -n $PEER ]] && tail -n1 "$WORK/runs/$set-crate" || echo -) s, tessera $(tail -n1 "$WORK/runs/$set-ours") s"
    done
    t=$(median "$WORK/runs/$set-tdoku")
    o=$(median "$WORK/runs/$set-ours")
    c=-
    [[ -z $PEER ]] || c=$(median "$WORK/runs/$set-crate")
    ROWS+=("$(awk -v s="$set" -v n="$puzzles" -v t="$t" -v c="$c" -v o="$o" 'BEGIN {
        printf "| %s | %d | %.3f | %s | %.3f | **%.2f** | %s |", s, n, t, (c == "-" ? "-" : sprintf("%.3f", c)), o, o / t,
            (c == "-" ? "-" : sprintf("**%.2f**", o / c)) }')")
done

echo
echo "| set | puzzles | tdoku CPU s | crate CPU s | Tessera CPU s | Tessera/tdoku | Tessera/crate |"
echo "|---|---:|---:|---:|---:|---:|---:|"
printf '%s\n' "${ROWS[@]}"
echo
echo "Medians of $RUNS alternating runs, CPU seconds (user + system) of each whole process ($CPU_CLOCK);"
echo "ratios below 1 favour Tessera. $(uname -srm), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'),"
echo "$(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg); $("$TESSERA" --version 2>/dev/null || echo tessera);" \
    "commit $(cd "$ROOT" && git rev-parse --short HEAD 2>/dev/null || echo unknown)"
