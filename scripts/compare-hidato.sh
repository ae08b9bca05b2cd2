#!/usr/bin/env bash
# Tessera's Hidato / Numbrix solver beside Google OR-Tools' CP-SAT (scripts/hidato-cpsat.py, an
# outside oracle), on a corpus with known answers: are they right, and how long do they take?
#
#   scripts/compare-hidato.sh [--timeout T] [--only-24] [--workers N] [--out FILE]
#                             [--cpsat-cache FILE] CORPUS_DIR
#
#   CORPUS_DIR   holds hidato.txt (King adjacency), numbrix.txt (orthogonal) and answers.tsv
#                (tab-separated, a header line, columns file index name width height cells givens
#                expected kind, more allowed, an exact `solutions` checked; index from 1; expected
#                `sat` or `unsat`), e.g. as written by
#                `cargo run --release -p tessera --example hidato_corpus -- CORPUS_DIR` (or the
#                sparse boards of `--example hidato_sparse`)
#   --timeout T  seconds per puzzle and run, for both solvers (default 10)
#   --only-24    run only the boards with width and height <= 24
#   --workers N  CP-SAT's num_workers (default 1, a single search thread)
#   --out FILE   also write the Markdown summary to FILE
#   --cpsat-cache FILE
#                earlier CP-SAT results per puzzle (matched by contents), timeout, workers and
#                OR-Tools version; when FILE holds all of a file's for a mode, CP-SAT is not run
#                again for them, else it runs and its results go into FILE. To time a new
#                Tessera beside the same CP-SAT run.
#
# Environment:
#   TESSERA   the CLI binary (default target/release/tessera, built with
#             `cargo build --release -p tessera-cli` when missing)
#   PYTHON    the Python with OR-Tools (default python3; `pip install ortools`)
#   WORK_DIR  scratch folder for the runs' raw output (default /tmp/tessera-compare-hidato);
#             WORK_DIR/results.tsv ends up with every instance's answers and times
#
# Tessera's hidato solve and count take no --threads (the search runs on one thread), so none is
# passed on. Each file is run four times: `tessera hidato solve --json`, `tessera hidato count --limit 2
# --json`, CP-SAT `--mode solve` and CP-SAT `--mode count2`, all with the same timeout. The summary
# (stdout, Markdown) gives per type (hidato / numbrix) and expected answer the medians, 90th and
# 99th percentiles and maxima of each solver's per-puzzle seconds, the number of gave-up / unknown
# runs, the five slowest instances of each run and type, and every DISAGREEMENT between Tessera, CP-SAT and the
# expected answer; any disagreement makes the exit status 3 (and is repeated on stderr).
# Progress goes to stderr.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SCRIPTS=$ROOT/scripts
PYTHON=${PYTHON:-python3}
WORK=${WORK_DIR:-/tmp/tessera-compare-hidato}
TIMEOUT=10
MAX_SIDE=0
WORKERS=1
OUT=
CACHE=
CORPUS=

# usage [STATUS]: the synopsis above, on stderr
usage() {
    sed -n '5,22s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2
    exit "${1:-2}"
}

while [[ $# -gt 0 ]]; do
    case $1 in
        --timeout) TIMEOUT=${2:?--timeout needs a value}; shift 2 ;;
        --only-24) MAX_SIDE=24; shift ;;
        --workers) WORKERS=${2:?--workers needs a value}; shift 2 ;;
        --out) OUT=${2:?--out needs a value}; shift 2 ;;
        --cpsat-cache) CACHE=${2:?--cpsat-cache needs a value}; shift 2 ;;
        -h | --help) usage 0 ;;
        -*) echo "unknown option $1" >&2; usage ;;
        *) [[ -z $CORPUS ]] || usage; CORPUS=$1; shift ;;
    esac
done
[[ -n $CORPUS ]] || usage
[[ $TIMEOUT =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "--timeout must be a number of seconds, not '$TIMEOUT'" >&2; exit 2; }
[[ $WORKERS =~ ^[1-9][0-9]*$ ]] || { echo "--workers must be a positive integer, not '$WORKERS'" >&2; exit 2; }
for f in hidato.txt numbrix.txt answers.tsv; do
    [[ -f $CORPUS/$f ]] || { echo "no $CORPUS/$f" >&2; exit 2; }
done
CORPUS=$(cd "$CORPUS" && pwd)
[[ -z $OUT ]] || OUT=$(cd "$(dirname "$OUT")" && pwd)/$(basename "$OUT")
[[ -z $CACHE ]] || CACHE=$(cd "$(dirname "$CACHE")" && pwd)/$(basename "$CACHE")

log() { printf '%s\n' "$*" >&2; }

if [[ -n ${TESSERA:-} ]]; then
    [[ -x $TESSERA ]] || { echo "TESSERA=$TESSERA is not an executable" >&2; exit 2; }
else
    TESSERA=$ROOT/target/release/tessera
    if [[ ! -x $TESSERA ]]; then
        log "building tessera-cli ..."
        (cd "$ROOT" && cargo build --quiet --release -p tessera-cli)
    fi
fi
ORTOOLS=$("$PYTHON" -c 'import ortools; print(ortools.__version__)') ||
    { echo "$PYTHON cannot import ortools: pip install ortools" >&2; exit 2; }

rm -rf "$WORK"
mkdir -p "$WORK"
CACHED=()

# run OK_STATUSES OUTPUT CMD...: run CMD with stdout to OUTPUT; an exit status outside the
# space-separated OK_STATUSES stops the script. Logs the whole run's wall time.
run() {
    local ok=$1 output=$2
    shift 2
    local status=0 start end
    start=$(date +%s.%N)
    "$@" >"$output" 2>"$output.err" || status=$?
    end=$(date +%s.%N)
    if [[ " $ok " != *" $status "* ]]; then
        log "FAILED (exit status $status): $*"
        tail -n 20 "$output.err" >&2
        exit 1
    fi
    log "  $(basename "$output"): $(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f", e - s }') s (exit status $status)"
}

for type in hidato numbrix; do
    input=$WORK/$type.txt
    "$PYTHON" "$SCRIPTS/compare-hidato-summary.py" filter "$MAX_SIDE" "$CORPUS/$type.txt" "$input"
    if [[ ! -s $input.index ]]; then
        # no puzzle of this type (the CLI refuses an empty file); the summary skips the type
        rm -f "$input.index"
        log "$type: no puzzles, skipped"
        continue
    fi
    flags=()
    [[ $type == hidato ]] || flags=(--numbrix)
    log "$type:"
    # tessera: 3 = gave up on some puzzle, 7 = some puzzle has no solution (solve)
    run "0 3 7" "$WORK/$type.tessera-solve.jsonl" \
        "$TESSERA" hidato solve "$input" ${flags[@]+"${flags[@]}"} --json --timeout "$TIMEOUT"
    run "0 3 7" "$WORK/$type.tessera-count.jsonl" \
        "$TESSERA" hidato count "$input" ${flags[@]+"${flags[@]}"} --limit 2 --json --timeout "$TIMEOUT"
    for mode in solve count2; do
        output=$WORK/$type.cpsat-$mode.tsv
        cache_args=("$CACHE" "$type" "$mode" "$TIMEOUT" "$WORKERS" "$ORTOOLS" "$input")
        if [[ -n $CACHE ]] && "$PYTHON" "$SCRIPTS/compare-hidato-summary.py" cache-get "${cache_args[@]}" "$output"; then
            log "  $(basename "$output"): from $CACHE"
            CACHED+=("$type $mode")
            continue
        fi
        run "0" "$output" \
            "$PYTHON" "$SCRIPTS/hidato-cpsat.py" "$input" ${flags[@]+"${flags[@]}"} --mode "$mode" \
            --timeout "$TIMEOUT" --workers "$WORKERS"
        [[ -z $CACHE ]] || "$PYTHON" "$SCRIPTS/compare-hidato-summary.py" cache-put "${cache_args[@]}" "$output"
    done
done

INFO="Tessera: $("$TESSERA" --version) ($TESSERA, commit $(cd "$ROOT" && git rev-parse --short HEAD 2>/dev/null || echo unknown)$(
    cd "$ROOT" && git diff --quiet HEAD -- crates 2>/dev/null || echo ", crates/ modified")); \
OR-Tools $ORTOOLS CP-SAT, $WORKERS worker(s). \
$(uname -srm), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) CPUs, \
load average $(cut -d' ' -f1-3 /proc/loadavg) at the end."
[[ $MAX_SIDE -eq 0 ]] || INFO="$INFO Only boards with width and height <= $MAX_SIDE were run."
if [[ ${#CACHED[@]} -gt 0 ]]; then
    INFO="$INFO CP-SAT's results for $(IFS=,; echo "${CACHED[*]}" | sed 's/,/, /g') were read from $CACHE (an \
earlier run, perhaps on another machine or load), not run again."
fi

summary_args=(summary "$WORK" "$CORPUS" "$TIMEOUT" --info "$INFO")
[[ -z $OUT ]] || summary_args+=(--out "$OUT")
"$PYTHON" "$SCRIPTS/compare-hidato-summary.py" "${summary_args[@]}"
