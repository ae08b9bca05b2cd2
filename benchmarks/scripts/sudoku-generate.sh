#!/bin/sh
# Sudoku generation speed, against issue 14's bar: `tessera sudoku generate --size 25 --count 3
# --seed 1` in at most 30 s on one thread. Also times 16x16 and 25x25 at every level and 9x9 at
# the usual ones, so that a change in the generator shows up here (figures: docs/performance.md,
# "Sudoku generation"). Builds the release binary first.
#
#   benchmarks/scripts/sudoku-generate.sh          # exit status 1 if the bar is missed
set -eu
cd "$(dirname "$0")/../.."
cargo build --release -q -p tessera-cli
T="${CARGO_TARGET_DIR:-target}/release/tessera"

seconds() { # seconds ARGS...: wall seconds of `tessera ARGS > /dev/null`
    start=$(date +%s.%N)
    "$T" "$@" --no-progress > /dev/null || true
    echo "$(date +%s.%N) - $start" | bc
}

bar=$(seconds sudoku generate --size 25 --count 3 --seed 1 --threads 1)
echo "25x25, 3 puzzles, seed 1, one thread: ${bar} s (bar: 30 s)"
for size in 16 25; do
    for level in easy medium hard expert extreme diabolical; do
        echo "${size}x${size} ${level}, 3 puzzles: $(seconds sudoku generate --size "$size" --count 3 --seed 1 --difficulty "$level") s"
    done
done
echo "9x9, 400 minimal puzzles: $(seconds sudoku generate --count 400 --seed 1 --minimal) s"
for level in easy expert diabolical; do
    echo "9x9 ${level}, 400 puzzles: $(seconds sudoku generate --count 400 --seed 1 --difficulty "$level") s"
done
[ "$(echo "$bar <= 30" | bc)" -eq 1 ]
