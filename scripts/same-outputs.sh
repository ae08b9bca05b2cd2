#!/usr/bin/env bash
# Shows that two `tessera` binaries give the same outputs: a fixed list of commands (every command
# family and its main flags, error cases included) runs once with BEFORE and once with AFTER, and
# each pair's standard output, standard error, exit status and the files it writes are compared
# byte for byte. Issue 24 (one engine for every puzzle) keeps this script as its proof that the
# refactor changed no output on the shared data.
#
#   scripts/same-outputs.sh [--expect-different FILE] BEFORE AFTER
#
#   scripts/same-outputs.sh /work/tessera-before target/release/tessera
#   scripts/same-outputs.sh --expect-different /tmp/issue24.txt old/tessera target/release/tessera
#
# Environment:
#   TESSERA_DATA  shared data folder holding xc/, sudoku/ and hidato/ (default: ../shared/data next
#                 to the repo); a missing folder is an error, not a skip
#   CMD_TIMEOUT   seconds after which one command is killed (default 60; status 124 then)
#   DIFF_LINES    lines of unified diff shown per differing command (default 20)
#   WORK_DIR      scratch folder, kept afterwards (default: a fresh temporary folder, removed)
#
# Inputs: the shared data (samples of the big files: the first 200 puzzles of 17_clue, magictour and
# serg, 20 for `rate` of the hard ones, copied to WORK_DIR so that both binaries read the same
# bytes), the repository's test data (crates/cli/tests/data, crates/puzzles/tests/data, and the
# README's examples/data), and a few small files made here (broken answers, bad boards).
#
# Both binaries run as WORK_DIR/bin/tessera (a symbolic link), so usage messages name `tessera`
# for both, each command in its own folder WORK_DIR/run/ID (the same path for both sides), with
# standard input from /dev/null unless it names a file, and --no-progress wherever accepted.
#
# Normalised before comparing, in every stream and file, because they are wall time: the value of
# a JSON "seconds", "plan_seconds", "nodes_per_second" and "max_over_mean" (merge's ratio of shard
# seconds) and merge's "seconds" array; `seconds=` and `plan_seconds=` in --stats lines; `N
# seconds` and `in N s` (the books' note) on standard error; `time ~ N seconds` and `N nodes per
# second` of `xc estimate`.
# Nothing else: node and update counts, solutions, orders and messages must match exactly.
#
# Determinism: budgets are --max-nodes (never a --timeout that could fire: the --timeout given is
# generous, to show the flag changes nothing); --threads 2 only where the help promises the same
# output as on one thread (xc count, queens --count, sudoku solve/generate); never `xc solve` on
# several threads (its order is free). `xc estimate` measures with --measure on queens8, which
# finishes the tree well inside it, and on pent6x10 with a measure it never finishes.
#
# Outputs issue 24 may change on purpose (list them with --expect-different, one id a line and a
# reason, `#` comments; they are reported apart and do not fail the run):
#   - listings under --json becoming JSON lines (streamed): xc-solve-*-json, tiling-solve-*-json,
#     queens-*-json with boards (queens-8-all-json, queens-6-all-xc-json);
#   - one table of exit statuses: hidato-solve-unsolvable (status 7 for "no solution"),
#     tiling-err-board-zero (a bad --board is 2 where other bad flags are 1);
#   - one error style: the clap errors (`error: ...`, "For more information") of *-err-flag-*,
#     queens-err-33, sudoku-generate-err-se;
#   - gave-up lines that read back: sudoku-generate-gave-up; hidato verify's parse error reported
#     as a violation: hidato-verify-err-unreadable;
#   - help and version: top-help, top-version (new flags such as --quiet, completions).
# Anything else that differs is a regression until shown otherwise.
#
# One line per command: `same`, `DIFFERENT` (with a capped unified diff of the normalised
# outputs), or `expected-different`; then a summary and the run time. Exit status 0 when nothing
# differs unexpectedly, 1 when something does, 2 on a usage error or missing data.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
START=$(date +%s)

usage() {
    sed -n '8,11p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

EXPECT_FILE=
POSITIONAL=()
while [[ $# -gt 0 ]]; do
    case $1 in
    --expect-different)
        [[ $# -ge 2 ]] || usage
        EXPECT_FILE=$2
        shift 2
        ;;
    --expect-different=*)
        EXPECT_FILE=${1#*=}
        shift
        ;;
    -h | --help) usage ;;
    -*)
        echo "same-outputs: unknown option $1" >&2
        usage
        ;;
    *)
        POSITIONAL+=("$1")
        shift
        ;;
    esac
done
[[ ${#POSITIONAL[@]} -eq 2 ]] || usage
abs_bin() {
    local p=$1
    [[ -f $p && -x $p ]] || { echo "same-outputs: no executable at $p" >&2; exit 2; }
    echo "$(cd "$(dirname "$p")" && pwd)/$(basename "$p")"
}
BEFORE=$(abs_bin "${POSITIONAL[0]}")
AFTER=$(abs_bin "${POSITIONAL[1]}")

DATA=${TESSERA_DATA:-$ROOT/../shared/data}
for sub in xc sudoku hidato; do
    [[ -d $DATA/$sub ]] || {
        echo "same-outputs: no shared data at $DATA/$sub: set TESSERA_DATA to the folder holding xc/, sudoku/ and hidato/" >&2
        exit 2
    }
done
DATA=$(cd "$DATA" && pwd)
CMD_TIMEOUT=${CMD_TIMEOUT:-60}
DIFF_LINES=${DIFF_LINES:-20}

declare -A EXPECTED=()
if [[ -n $EXPECT_FILE ]]; then
    [[ -r $EXPECT_FILE ]] || { echo "same-outputs: cannot read $EXPECT_FILE" >&2; exit 2; }
    while read -r id reason; do
        [[ -z $id || $id == \#* ]] && continue
        EXPECTED[$id]=${reason:-(no reason given)}
    done <"$EXPECT_FILE"
fi

if [[ -n ${WORK_DIR:-} ]]; then
    WORK=$WORK_DIR
    rm -rf "$WORK/run" "$WORK/before" "$WORK/after" "$WORK/in" "$WORK/bin"
    mkdir -p "$WORK"
else
    WORK=$(mktemp -d "${TMPDIR:-/tmp}/same-outputs.XXXXXX")
    trap 'rm -rf "$WORK"' EXIT
fi
WORK=$(cd "$WORK" && pwd)
IN=$WORK/in
mkdir -p "$IN" "$WORK/bin"

CLI=$ROOT/crates/cli/tests/data
LIB=$ROOT/crates/puzzles/tests/data
EX=$ROOT/examples/data
XC=$DATA/xc
SU=$DATA/sudoku
HI=$DATA/hidato

# --- inputs made once, read by both sides ------------------------------------------------------

# first_puzzles FILE K: the first K puzzles of a Hidato text file, with a count line that agrees.
first_puzzles() {
    awk -v k="$2" 'NR == 1 { next } NF == 0 { next }
        rows == 0 { if (n == k) exit; n++; rows = $2; text[n] = $0; next }
        { text[n] = text[n] "\n" $0; rows-- }
        END { print n; for (i = 1; i <= n; i++) print text[i] }' "$1"
}
# first_lines FILE K: the first K lines of FILE that are not comments, first field only (the
# whole file is read, so that no pipe breaks under pipefail).
first_lines() {
    awk -v k="$2" '!/^#/ && n < k { print $1; n++ }' "$1"
}
first_lines "$SU/17_clue.txt" 200 >"$IN/17clue-200.txt"
first_lines "$SU/magictour_top1465.txt" 200 >"$IN/magictour-200.txt"
first_lines "$SU/magictour_top1465.txt" 20 >"$IN/magictour-20.txt"
first_lines "$SU/serg_benchmark.txt" 200 >"$IN/serg-200.txt"
first_lines "$SU/serg_benchmark.txt" 5 >"$IN/serg-5.txt"
first_lines "$LIB/sudoku_se.tsv" 60 >"$IN/se-60.txt"
first_puzzles "$HI/janko.txt" 60 >"$IN/janko-60.txt"
first_puzzles "$HI/janko.solutions.txt" 60 >"$IN/janko-60.solutions.txt"
first_puzzles "$HI/curated.txt" 9 >"$IN/curated-9.txt"
# Broken Hidato answers (examples/data/answers.txt, first puzzle): a given changed (28 <-> 27),
# a cell emptied (3 -> 0), and a path broken (16 <-> 18).
sed '3s/^28 27/27 28/' "$EX/answers.txt" >"$IN/answers-changed.txt"
sed '7s/ 3  2$/ 0  2/' "$EX/answers.txt" >"$IN/answers-empty.txt"
sed '3s/19 18 17 16$/19 16 17 18/' "$EX/answers.txt" >"$IN/answers-broken.txt"
printf '1\n3 2\n1 0 0\n0 0\n' >"$IN/hidato-bad-row.txt"
printf '2\n3 1\n1 0 0\n3 1\n0 -1 0\n' >"$IN/hidato-pieces.txt"
printf '3 3\n-1 0 -1\n0 0 0\n-1 0 -1\n' >"$IN/shape-plus.txt"
printf 'AA\n* A 4\n' >"$IN/dominoes.txt"
printf '....\n.x..\n' >"$IN/board-bad.txt"
printf 'A@\n' >"$IN/pieces-bad.txt"
: >"$IN/empty.txt"
"$BEFORE" sudoku generate --seed 7 --count 3 --json --no-progress >"$IN/sudoku-generated.jsonl"
"$BEFORE" hidato generate --size 6x6 --seed 7 --count 2 --json --no-progress >"$IN/hidato-generated.jsonl"

# --- the commands ------------------------------------------------------------------------------
# c ID ARGS...: run `tessera ARGS...` (standard input /dev/null); ci ID FILE ARGS...: the same with
# standard input from FILE. An ID's files land in its own folder; a later command reads them as
# ../ID/NAME.
commands() {
    # top level
    c top-help --help
    c top-version --version
    c top-err-unknown-command frobnicate

    # xc count
    c xc-count-queens8 xc count "$CLI/queens8.dlx" --no-progress
    c xc-count-knuth-stats xc count "$CLI/knuth.dlx" --stats --no-progress
    c xc-count-colors-json xc count "$CLI/colors.dlx" --json --no-progress
    c xc-count-none-json xc count "$CLI/none.dlx" --json --no-progress
    ci xc-count-stdin "$CLI/queens6.dlx" xc count - --stats --timeout 60 --no-progress
    c xc-count-langford8-json-stats xc count "$XC/langford8.dlx" --json --stats --no-progress
    c xc-count-langford7-bitset xc count "$XC/langford7.dlx" --engine bitset --stats --no-progress
    c xc-count-pent3x20-links xc count "$XC/pent3x20.dlx" --engine links --stats --no-progress
    c xc-count-shidoku-dlx1-json xc count "$XC/shidoku.dlx" --engine dlx1 --json --stats --no-progress
    c xc-count-queens10-auto xc count "$XC/queens10.dlx" --engine auto --stats --no-progress
    c xc-count-queens11-threads2 xc count "$XC/queens11.dlx" --threads 2 --stats --no-progress
    c xc-count-inkala-json xc count "$XC/sudoku-inkala.dlx" --json --no-progress
    c xc-count-latin5-limit xc count "$XC/latin5.dlx" --limit 1000 --stats --no-progress
    c xc-count-latin5-limit-json xc count "$XC/latin5.dlx" --limit 1000 --json --no-progress
    c xc-count-pent6x10-max-nodes xc count "$XC/pent6x10.dlx" --max-nodes 5000 --stats --no-progress
    c xc-count-pent6x10-max-nodes-json xc count "$XC/pent6x10.dlx" --max-nodes 5000 --json --no-progress
    # xc solve
    c xc-solve-knuth xc solve "$CLI/knuth.dlx" --no-progress
    c xc-solve-colors-all xc solve "$CLI/colors.dlx" --all --no-progress
    c xc-solve-queens8-limit3-seed42 xc solve "$CLI/queens8.dlx" --limit 3 --seed 42 --no-progress
    c xc-solve-queens8-seed7-json xc solve "$CLI/queens8.dlx" --limit 2 --seed 7 --json --no-progress
    c xc-solve-queens6-all-json xc solve "$CLI/queens6.dlx" --all --json --stats --no-progress
    c xc-solve-pent3x20-all xc solve "$XC/pent3x20.dlx" --all --stats --no-progress
    c xc-solve-langford7-dlx1-limit5 xc solve "$XC/langford7.dlx" --engine dlx1 --limit 5 --stats --no-progress
    c xc-solve-shidoku-bitset-json xc solve "$XC/shidoku.dlx" --engine bitset --limit 3 --json --no-progress
    c xc-solve-none xc solve "$CLI/none.dlx" --no-progress
    c xc-solve-pent6x10-max-nodes xc solve "$XC/pent6x10.dlx" --all --max-nodes 3000 --no-progress
    c xc-solve-pent6x10-max-nodes-json xc solve "$XC/pent6x10.dlx" --all --max-nodes 3000 --json --no-progress
    # xc estimate
    c xc-estimate-queens8 xc estimate "$CLI/queens8.dlx" --probes 200
    c xc-estimate-queens8-json xc estimate "$XC/queens8.dlx" --probes 300 --seed 5 --json
    c xc-estimate-pent6x10-json xc estimate "$XC/pent6x10.dlx" --probes 300 --seed 3 --measure 0.05 --engine links --json
    # shards, checkpoints, merge
    c xc-shard-0 xc count "$XC/queens10.dlx" --shard 0/3 --manifest m.json --no-progress
    c xc-shard-1-json xc count "$XC/queens10.dlx" --shard 1/3 --manifest m.json --json --no-progress
    c xc-shard-2-stats xc count "$XC/queens10.dlx" --shard 2/3 --manifest m.json --stats --no-progress
    c merge-xc merge ../xc-shard-0/m.json ../xc-shard-1-json/m.json ../xc-shard-2-stats/m.json
    c merge-xc-json merge --json ../xc-shard-0/m.json ../xc-shard-1-json/m.json ../xc-shard-2-stats/m.json
    c xc-checkpoint xc count "$CLI/queens8.dlx" --checkpoint c.ckpt --stats --no-progress
    c xc-checkpoint-resume xc count "$CLI/queens8.dlx" --checkpoint ../xc-checkpoint/c.ckpt --no-progress
    c queens-shard-0 queens 10 --count --shard 0/2 --manifest m.json --stats --no-progress
    c queens-shard-1 queens 10 --count --shard 1/2 --manifest m.json --json --no-progress
    c merge-queens merge ../queens-shard-0/m.json ../queens-shard-1/m.json
    c tiling-shard-0 tiling count --board 3x20 --shard 0/2 --manifest m.json --no-progress
    c tiling-shard-1 tiling count --board 3x20 --shard 1/2 --manifest m.json --no-progress
    c merge-tiling-json merge --json ../tiling-shard-0/m.json ../tiling-shard-1/m.json
    c merge-err-missing merge ../xc-shard-0/m.json ../xc-shard-1-json/m.json
    c merge-err-mixed merge ../queens-shard-0/m.json ../xc-shard-1-json/m.json
    c merge-err-unreadable merge "$IN/empty.txt"
    # xc errors
    c xc-err-missing-file xc count "$IN/no-such-file.dlx" --no-progress
    c xc-err-bad-item xc count "$CLI/bad-item.dlx" --no-progress
    c xc-err-empty xc solve "$IN/empty.txt" --no-progress
    c xc-err-flag-limit xc count "$CLI/queens8.dlx" --limit abc
    c xc-err-flag-threads xc count "$CLI/queens8.dlx" --threads 100000
    c xc-err-flag-engine xc count "$CLI/queens8.dlx" --engine nope
    c xc-err-flag-timeout xc count "$CLI/queens8.dlx" --timeout -1
    c xc-err-flag-shard xc count "$CLI/queens8.dlx" --shard 3/2

    # sudoku solve / count
    c sudoku-solve-17clue sudoku solve "$IN/17clue-200.txt" --no-progress
    c sudoku-solve-17clue-threads2 sudoku solve "$IN/17clue-200.txt" --threads 2 --no-progress
    c sudoku-solve-magictour-json sudoku solve "$IN/magictour-200.txt" --json --stats --no-progress
    c sudoku-solve-magictour-general sudoku solve "$IN/magictour-20.txt" --engine general --no-progress
    c sudoku-solve-magictour-xc sudoku solve "$IN/magictour-20.txt" --engine xc --no-progress
    c sudoku-solve-magictour-fast sudoku solve "$IN/magictour-20.txt" --engine fast --stats --no-progress
    c sudoku-solve-max-nodes sudoku solve "$IN/magictour-20.txt" --engine general --max-nodes 20 --no-progress
    c sudoku-solve-max-nodes-json sudoku solve "$IN/magictour-20.txt" --engine general --max-nodes 20 --json --no-progress
    c sudoku-solve-classic sudoku solve "$CLI/sudoku/classic.txt" --no-progress
    c sudoku-solve-grid sudoku solve "$CLI/sudoku/grid.txt" --no-progress
    c sudoku-solve-sizes-json sudoku solve "$CLI/sudoku/sizes.txt" --json --no-progress
    c sudoku-solve-variants sudoku solve "$CLI/sudoku/variants.txt" --timeout 60 --no-progress
    c sudoku-solve-small sudoku solve "$CLI/sudoku/small.txt" --no-progress
    ci sudoku-solve-stdin-generated "$IN/sudoku-generated.jsonl" sudoku solve --no-progress
    c sudoku-solve-bad sudoku solve "$CLI/sudoku/bad.txt" --no-progress
    c sudoku-solve-bad-json sudoku solve "$CLI/sudoku/bad.txt" --json --no-progress
    c sudoku-solve-hostile25 sudoku solve "$CLI/sudoku/hostile25.txt" --max-nodes 2000 --no-progress
    c sudoku-count-serg sudoku count "$IN/serg-200.txt" --limit 10 --stats --no-progress
    c sudoku-count-serg-json sudoku count "$IN/serg-200.txt" --json --no-progress
    c sudoku-count-17clue-xc sudoku count "$IN/17clue-200.txt" --engine xc --threads 2 --no-progress
    c sudoku-count-small-limit1000 sudoku count "$CLI/sudoku/small.txt" --limit 1000 --no-progress
    c sudoku-count-sizes sudoku count "$CLI/sudoku/sizes.txt" --no-progress
    c sudoku-count-max-nodes sudoku count "$IN/serg-200.txt" --max-nodes 5 --engine general --no-progress
    ci sudoku-count-stdin-generated "$IN/sudoku-generated.jsonl" sudoku count - --no-progress
    # sudoku verify
    c sudoku-verify-ok sudoku verify 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 "$EX/answer.txt"
    c sudoku-verify-wrong sudoku verify 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 "$CLI/sudoku/wrong.txt"
    c sudoku-verify-wrong-json sudoku verify 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 "$CLI/sudoku/wrong.txt" --json
    c sudoku-verify-err-unreadable sudoku verify 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 xyz
    c sudoku-verify-err-layout sudoku verify 1.3.......2....4 "$EX/answer.txt"
    # sudoku rate
    c sudoku-rate-magictour sudoku rate "$IN/magictour-20.txt"
    c sudoku-rate-se-json sudoku rate "$IN/se-60.txt" --json
    c sudoku-rate-17clue sudoku rate "$IN/17clue-200.txt"
    c sudoku-rate-serg-several sudoku rate "$IN/serg-5.txt"
    c sudoku-rate-small-json sudoku rate "$CLI/sudoku/small.txt" --json
    c sudoku-rate-max-nodes sudoku rate "$IN/magictour-20.txt" --max-nodes 50
    c sudoku-rate-bad sudoku rate "$CLI/sudoku/bad.txt"
    c sudoku-rate-empty sudoku rate "$IN/empty.txt"
    # sudoku hint
    c sudoku-hint-readme sudoku hint 8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..
    c sudoku-hint-readme-json sudoku hint 8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.. --json
    c sudoku-hint-file sudoku hint "$CLI/sudoku/answer.txt"
    c sudoku-hint-4x4 sudoku hint 1.3.......2....4 --json
    c sudoku-hint-none sudoku hint 12....3.......4.
    c sudoku-hint-broken sudoku hint 11..............
    # sudoku generate
    c sudoku-generate-seed1 sudoku generate --seed 1 --count 3 --no-progress
    c sudoku-generate-hard-rot180 sudoku generate --count 5 --difficulty hard --symmetry rot180 --seed 1 --no-progress
    c sudoku-generate-4x4-json sudoku generate --size 4 --seed 2 --count 3 --json --no-progress
    c sudoku-generate-6x6-expert-csv sudoku generate --size 6 --difficulty expert --seed 1 --count 2 --format csv --no-progress
    c sudoku-generate-boxes3x2 sudoku generate --boxes 3x2 --seed 4 --count 2 --no-progress
    c sudoku-generate-8x8-medium sudoku generate --size 8 --difficulty medium --seed 4 --count 2 --stats --no-progress
    c sudoku-generate-12x12-easy sudoku generate --size 12 --difficulty easy --seed 4 --count 1 --no-progress
    c sudoku-generate-16x16 sudoku generate --size 16 --count 1 --seed 3 --no-progress
    c sudoku-generate-25x25 sudoku generate --size 25 --count 1 --seed 1 --no-progress
    c sudoku-generate-x-jsonl sudoku generate --x --seed 5 --count 1 --format jsonl --no-progress
    c sudoku-generate-minimal-mirror-json sudoku generate --minimal --symmetry mirror --seed 4 --count 2 --json --no-progress
    c sudoku-generate-diagonal-rot90 sudoku generate --symmetry rot90 --seed 2 --count 1 --format json --no-progress
    c sudoku-generate-extreme sudoku generate --difficulty extreme --seed 1 --count 1 --no-progress
    c sudoku-generate-fiendish sudoku generate --difficulty fiendish --seed 1 --count 1 --no-progress
    c sudoku-generate-shard2of4 sudoku generate --seed 1 --count 10 --shard 2/4 --no-progress
    c sudoku-generate-shard0of2-csv sudoku generate --seed 1 --count 4 --shard 0/2 --format csv --no-progress
    c sudoku-generate-shard1of2-csv sudoku generate --seed 1 --count 4 --shard 1/2 --format csv --no-progress
    c sudoku-generate-threads2-json sudoku generate --seed 1 --count 4 --threads 2 --json --no-progress
    c sudoku-generate-se-range sudoku generate --se 2.0..4.0 --count 2 --seed 1 --format jsonl --no-progress
    c sudoku-generate-unique-4x4 sudoku generate --unique-under-symmetry --size 4 --count 3 --seed 1 --no-progress
    c sudoku-generate-tries-out sudoku generate --unique-under-symmetry --size 4 --count 100 --tries 30 --seed 1 --no-progress
    c sudoku-generate-gave-up sudoku generate --seed 1 --count 2 --max-nodes 1 --no-progress
    c sudoku-generate-gave-up-json sudoku generate --seed 1 --count 2 --max-nodes 1 --json --no-progress
    c sudoku-generate-err-level sudoku generate --size 4 --difficulty hard --no-progress
    c sudoku-generate-err-boxes sudoku generate --size 9 --boxes 3x2 --no-progress
    c sudoku-generate-err-se sudoku generate --se 9..3 --no-progress
    c sudoku-generate-err-flag-size sudoku generate --size 7 --no-progress
    # sudoku errors
    c sudoku-err-missing-file sudoku solve "$IN/no-such-file.txt" --no-progress
    c sudoku-err-empty sudoku count "$IN/empty.txt" --no-progress
    c sudoku-err-flag-engine sudoku solve "$CLI/sudoku/classic.txt" --engine nope
    # books: SVG pages compared file by file
    c sudoku-book-svg sudoku book --count 4 --seed 1 --per-page 2 --svg -o pages --no-progress
    c sudoku-book-6x6-letter sudoku book --count 3 --size 6 --page letter --per-page 6 --title 'Small ones' --seed 2 --svg -o pages --no-progress
    c sudoku-book-input sudoku book --input "$CLI/book/easy.txt" --svg -o pages --no-progress
    c sudoku-book-err-several sudoku book --input "$CLI/book/several.txt" --svg -o pages --no-progress
    c sudoku-book-err-layout sudoku book --input "$CLI/book/empty16.txt" --per-page 12 --svg -o pages --no-progress
    c hidato-book-svg hidato book --count 3 --size 6x6 --seed 1 --per-page 2 --svg -o pages --no-progress
    c hidato-book-input hidato book --input "$EX/puzzles.txt" --svg -o pages --no-progress
    c hidato-book-holes hidato book --input "$CLI/book/holes.txt" --svg -o pages --no-progress

    # hidato solve / count / verify
    c hidato-solve-curated hidato solve "$HI/curated.txt" --no-progress
    c hidato-solve-curated-json hidato solve "$HI/curated.txt" --json --stats --no-progress
    c hidato-solve-janko hidato solve "$HI/janko.txt" --no-progress
    c hidato-solve-janko60-domain hidato solve "$IN/janko-60.txt" --engine domain --no-progress
    c hidato-solve-curated9-walk hidato solve "$IN/curated-9.txt" --engine walk --no-progress
    c hidato-solve-curated9-xc hidato solve "$IN/curated-9.txt" --engine xc --no-progress
    c hidato-solve-examples hidato solve "$EX/puzzles.txt" --timeout 60 --no-progress
    c hidato-solve-numbrix hidato solve "$EX/puzzles.txt" --numbrix --no-progress
    c hidato-solve-unsolvable hidato solve "$HI/unsolvable.txt" --no-progress
    c hidato-solve-unsolvable-json hidato solve "$HI/unsolvable.txt" --json --no-progress
    c hidato-solve-max-nodes hidato solve "$IN/janko-60.txt" --engine domain --max-nodes 10 --no-progress
    ci hidato-solve-stdin-generated "$IN/hidato-generated.jsonl" hidato solve --no-progress
    c hidato-count-curated hidato count "$HI/curated.txt" --limit 5 --stats --no-progress
    c hidato-count-curated-json hidato count "$HI/curated.txt" --json --no-progress
    c hidato-count-janko60 hidato count "$IN/janko-60.txt" --no-progress
    c hidato-count-unsolvable hidato count "$HI/unsolvable.txt" --engine domain --no-progress
    c hidato-count-examples-limit10 hidato count "$EX/puzzles.txt" --limit 10 --no-progress
    c hidato-count-max-nodes-json hidato count "$IN/janko-60.txt" --engine domain --max-nodes 10 --json --no-progress
    c hidato-verify-janko hidato verify "$HI/janko.txt" "$HI/janko.solutions.txt"
    c hidato-verify-curated-json hidato verify "$HI/curated.txt" "$HI/curated.solutions.txt" --json
    c hidato-verify-examples hidato verify "$EX/puzzles.txt" "$EX/answers.txt"
    c hidato-verify-changed hidato verify "$EX/puzzles.txt" "$IN/answers-changed.txt"
    c hidato-verify-empty hidato verify "$EX/puzzles.txt" "$IN/answers-empty.txt"
    c hidato-verify-broken hidato verify "$EX/puzzles.txt" "$IN/answers-broken.txt"
    c hidato-verify-broken-json hidato verify "$EX/puzzles.txt" "$IN/answers-broken.txt" --json
    c hidato-verify-numbrix hidato verify "$EX/puzzles.txt" "$EX/answers.txt" --numbrix
    c hidato-verify-size-differs hidato verify "$IN/janko-60.txt" "$HI/curated.solutions.txt"
    c hidato-verify-err-unreadable hidato verify "$EX/puzzles.txt" "$IN/hidato-bad-row.txt"
    # hidato generate
    c hidato-generate-8x8-hard hidato generate --size 8x8 --difficulty hard --count 3 --seed 1 --no-progress
    c hidato-generate-shape-numbrix-json hidato generate "$EX/shape.txt" --numbrix --json --seed 1 --no-progress
    c hidato-generate-default-json hidato generate --json --seed 1 --stats --no-progress
    c hidato-generate-shard1of3-json hidato generate --size 5x5 --seed 1 --count 5 --shard 1/3 --json --no-progress
    c hidato-generate-shard1of3 hidato generate --size 5x5 --seed 1 --count 5 --shard 1/3 --no-progress
    c hidato-generate-easy hidato generate --size 6x6 --difficulty easy --count 2 --seed 3 --no-progress
    c hidato-generate-expert hidato generate --size 7x7 --difficulty expert --count 1 --seed 3 --no-progress
    c hidato-generate-medium-numbrix hidato generate --size 6x5 --difficulty medium --numbrix --count 2 --seed 9 --no-progress
    c hidato-generate-max-nodes hidato generate --size 6x6 --seed 1 --count 2 --max-nodes 1 --no-progress
    c hidato-generate-err-pieces hidato generate "$IN/hidato-pieces.txt" --seed 1 --no-progress
    c hidato-generate-shape-plus hidato generate "$IN/shape-plus.txt" --seed 1 --no-progress
    c hidato-generate-err-flag-size hidato generate --size 0x5 --seed 1 --no-progress
    # hidato errors
    c hidato-err-missing-file hidato solve "$IN/no-such-file.txt" --no-progress
    c hidato-err-bad-row hidato solve "$IN/hidato-bad-row.txt" --no-progress
    c hidato-err-empty hidato count "$IN/empty.txt" --no-progress
    c hidato-err-flag-engine hidato solve "$EX/puzzles.txt" --engine nope

    # tiling
    c tiling-count-6x10 tiling count --no-progress
    c tiling-count-6x10-distinct tiling count --board 6x10 --distinct --no-progress
    c tiling-count-5x12-json-stats tiling count --board 5x12 --json --stats --no-progress
    c tiling-count-3x20-xc tiling count --board 3x20 --engine xc --stats --no-progress
    c tiling-count-3x20-no-symmetry tiling count --board 3x20 --no-symmetry --stats --no-progress
    c tiling-count-4x15-distinct-xc-json tiling count --board 4x15 --distinct --engine xc --json --no-progress
    c tiling-count-tetrominoes-4x5 tiling count --pieces tetrominoes --board 4x5 --no-progress
    c tiling-count-tetrominoes-copies2 tiling count --pieces tetrominoes --copies 2 --board 8x5 --json --no-progress
    c tiling-count-tetrominoes-fixed tiling count --pieces tetrominoes --motion fixed --copies 2 --board 8x5 --no-progress
    c tiling-count-one-sided-limit tiling count --pieces one-sided-pentominoes --board 6x15 --limit 50 --no-progress
    c tiling-count-holed8x8-distinct-json tiling count --board-file "$EX/holed8x8.txt" --distinct --json --no-progress
    c tiling-count-pieces-file tiling count --pieces-file "$IN/dominoes.txt" --board 4x2 --no-progress
    c tiling-count-max-nodes-json tiling count --board 6x10 --max-nodes 1000 --json --no-progress
    c tiling-count-threads2 tiling count --board 5x12 --threads 2 --no-progress
    c tiling-solve-10x6 tiling solve --board 10x6 --no-progress
    c tiling-solve-10x6-color tiling solve --board 10x6 --color always --no-progress
    c tiling-solve-holed8x8-svg tiling solve --board-file "$EX/holed8x8.txt" --svg tiling.svg --no-progress
    c tiling-solve-3x20-all-json tiling solve --board 3x20 --all --json --no-progress
    c tiling-solve-3x20-all-svg tiling solve --board 3x20 --all --svg all.svg --color never --no-progress
    c tiling-solve-5x12-distinct-xc tiling solve --board 5x12 --distinct --limit 3 --engine xc --no-progress
    c tiling-solve-tetrominoes-limit-json tiling solve --pieces tetrominoes --copies 2 --board 8x5 --limit 4 --json --stats --no-progress
    c tiling-solve-none tiling solve --pieces tetrominoes --board 4x5 --no-progress
    c tiling-solve-max-nodes tiling solve --board 6x10 --all --max-nodes 2000 --no-progress
    c tiling-err-board-zero tiling count --board 0x5 --no-progress
    c tiling-err-copies tiling count --copies 2 --no-progress
    c tiling-err-board-file tiling count --board-file "$IN/board-bad.txt" --no-progress
    c tiling-err-pieces-file tiling solve --pieces-file "$IN/pieces-bad.txt" --board 2x1 --no-progress
    c tiling-err-missing-file tiling count --board-file "$IN/no-such-file.txt" --no-progress
    c tiling-err-flag-pieces tiling count --pieces heptominoes --no-progress

    # queens
    c queens-8 queens 8 --no-progress
    c queens-1 queens 1 --no-progress
    c queens-2-none queens 2 --no-progress
    c queens-6-all queens 6 --all --no-progress
    c queens-8-all-json queens 8 --all --json --no-progress
    c queens-6-all-xc-json queens 6 --all --engine xc --json --stats --no-progress
    c queens-9-limit5-xc queens 9 --limit 5 --engine xc --stats --no-progress
    c queens-10-count-stats queens 10 --count --stats --no-progress
    c queens-12-count-json-threads2 queens 12 --count --json --threads 2 --no-progress
    c queens-11-count-xc queens 11 --count --engine xc --no-progress
    c queens-13-count-limit queens 13 --count --limit 1000 --no-progress
    c queens-14-max-nodes queens 14 --count --max-nodes 100000 --no-progress
    c queens-14-max-nodes-json queens 14 --count --max-nodes 100000 --json --no-progress
    c queens-checkpoint queens 9 --count --checkpoint c.ckpt --no-progress
    c queens-err-33 queens 33
    c queens-err-0 queens 0
    c queens-err-flag-limit queens 8 --limit x
}

# --- running -----------------------------------------------------------------------------------
MODE=list
IDS=()
declare -A SEEN=()
c() {
    local id=$1
    shift
    run_one "$id" /dev/null "$@"
}
ci() {
    local id=$1 input=$2
    shift 2
    run_one "$id" "$input" "$@"
}
run_one() {
    local id=$1 input=$2
    shift 2
    if [[ $MODE == list ]]; then
        [[ -z ${SEEN[$id]:-} ]] || { echo "same-outputs: command id $id is used twice" >&2; exit 2; }
        SEEN[$id]=1
        IDS+=("$id")
        return
    fi
    local dir=$WORK/run/$id out=$WORK/run/.out/$id status=0 t0
    mkdir -p "$dir"
    t0=$(date +%s%N)
    (cd "$dir" && exec timeout -k 5 "$CMD_TIMEOUT" "$WORK/bin/tessera" "$@" <"$input" >"$out.stdout" 2>"$out.stderr") || status=$?
    echo "$status" >"$out.status"
    echo "$((($(date +%s%N) - t0) / 1000000)) ms" >"$out.time"
}
commands
for id in "${!EXPECTED[@]}"; do
    [[ -n ${SEEN[$id]:-} ]] || { echo "same-outputs: $EXPECT_FILE names $id, which is not a command id" >&2; exit 2; }
done

# run_side NAME BINARY: every command with BINARY, its outputs kept in WORK/NAME.
run_side() {
    local t0=$SECONDS
    echo "same-outputs: running ${#IDS[@]} commands with $1 ($2) ..." >&2
    rm -rf "$WORK/run" "$WORK/$1"
    mkdir -p "$WORK/run/.out"
    ln -sfn "$2" "$WORK/bin/tessera"
    MODE=run
    commands
    mv "$WORK/run" "$WORK/$1"
    echo "same-outputs: $1 took $((SECONDS - t0)) s" >&2
}
run_side before "$BEFORE"
run_side after "$AFTER"

# normalise: the wall-time fields named in the header, nothing else (reads stdin).
normalise() {
    sed -E \
        -e 's/("(seconds|plan_seconds|nodes_per_second|max_over_mean)"[[:space:]]*:[[:space:]]*)-?[0-9][0-9.eE+-]*/\1<S>/g' \
        -e 's/("seconds"[[:space:]]*:[[:space:]]*)\[[^]]*\]/\1[<S>]/g' \
        -e 's/(^|[^[:alnum:]_])((plan_)?seconds=)[0-9][0-9.eE+-]*/\1\2<S>/g' \
        -e 's/(time ~ )[0-9][0-9.eE+-]*( seconds)/\1<S>\2/g' \
        -e 's/[0-9][0-9.eE+-]*( nodes per second)/<S>\1/g'
}
normalise_stderr() {
    normalise | sed -E -e 's/(^|[^[:alnum:]_.])[0-9][0-9.eE+-]*( seconds)/\1<S>\2/g' \
        -e 's/( in )[0-9][0-9.]*( s)($|[^[:alnum:]])/\1<S>\2\3/g'
}

# compare_id ID: prints the diff of the two sides' normalised outputs (empty when the same).
compare_id() {
    local id=$1 b=$WORK/before a=$WORK/after
    diff -u --label "before/$id.stdout" --label "after/$id.stdout" \
        <(normalise <"$b/.out/$id.stdout") <(normalise <"$a/.out/$id.stdout") || true
    diff -u --label "before/$id.stderr" --label "after/$id.stderr" \
        <(normalise_stderr <"$b/.out/$id.stderr") <(normalise_stderr <"$a/.out/$id.stderr") || true
    diff -u --label "before/$id.status" --label "after/$id.status" "$b/.out/$id.status" "$a/.out/$id.status" || true
    local files
    files=$( (cd "$b/$id" && find . -type f; cd "$a/$id" && find . -type f) | sort -u)
    local f
    while IFS= read -r f; do
        [[ -n $f ]] || continue
        if [[ ! -f $b/$id/$f || ! -f $a/$id/$f ]]; then
            echo "file ${f#./}: only in $([[ -f $b/$id/$f ]] && echo before || echo after)"
            continue
        fi
        diff -u --label "before/$id/${f#./}" --label "after/$id/${f#./}" \
            <(normalise <"$b/$id/$f") <(normalise <"$a/$id/$f") || true
    done <<<"$files"
}

same=0 different=0 expected_diff=0 expected_same=0
DIFFERENT_IDS=()
width=0
for id in "${IDS[@]}"; do ((${#id} > width)) && width=${#id}; done
for id in "${IDS[@]}"; do
    d=$(compare_id "$id")
    if [[ -z $d ]]; then
        if [[ -n ${EXPECTED[$id]:-} ]]; then
            printf "%-${width}s  same (listed as expected to differ: %s)\n" "$id" "${EXPECTED[$id]}"
            expected_same=$((expected_same + 1))
        else
            printf "%-${width}s  same\n" "$id"
        fi
        same=$((same + 1))
    elif [[ -n ${EXPECTED[$id]:-} ]]; then
        printf "%-${width}s  expected-different: %s\n" "$id" "${EXPECTED[$id]}"
        expected_diff=$((expected_diff + 1))
    else
        printf "%-${width}s  DIFFERENT\n" "$id"
        n=$(wc -l <<<"$d")
        head -n "$DIFF_LINES" <<<"$d" | sed 's/^/    /'
        ((n <= DIFF_LINES)) || echo "    ... ($((n - DIFF_LINES)) more diff lines)"
        different=$((different + 1))
        DIFFERENT_IDS+=("$id")
    fi
done

echo
echo "${#IDS[@]} commands: $same same, $different DIFFERENT, $expected_diff different as expected" \
    "($expected_same listed as expected to differ but same); $(($(date +%s) - START)) s"
if ((different > 0)); then
    echo "DIFFERENT: ${DIFFERENT_IDS[*]}"
    exit 1
fi
