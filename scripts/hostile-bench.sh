#!/usr/bin/env bash
# The hostile corpus (issue 14), all of it: every case run with --timeout T against the release
# binary, its wall time, exit status and peak memory printed, then the worst overrun and the
# worst peak per command. The corpus is made from a seed by crates/cli/tests/hostile/corpus.rs
# (the same module the test crates/cli/tests/hostile.rs samples); --full adds the 200 MB files.
#
#   scripts/hostile-bench.sh [TIMEOUT_SECONDS] [--full] [--seed S] [--only NAME]
#
# Run from anywhere; uses $CARGO_TARGET_DIR if set. Output goes to standard output (record it in
# docs/performance.md, "Hostile inputs").
set -euo pipefail
cd "$(dirname "$0")/.."
timeout=2
if [[ $# -gt 0 && $1 != --* ]]; then
    timeout=$1
    shift
fi
target=${CARGO_TARGET_DIR:-target}
cargo build --release -q -p tessera-cli --bin tessera --example hostile_corpus
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$target/release/examples/hostile_corpus" --binary "$target/release/tessera" --timeout "$timeout" --dir "$dir" "$@"
