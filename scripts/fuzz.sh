#!/usr/bin/env bash
# Runs the cargo-fuzz targets of fuzz/ (fuzz/README.md): each for SECONDS, one after another,
# with libFuzzer, AddressSanitizer and debug assertions (overflow checks: the first finding was an
# overflow that release builds let wrap), on its corpus in fuzz/corpus/<target>/ (new inputs are
# added there). A crash stops the script with libFuzzer's report and the crashing input in
# fuzz/artifacts/<target>/; copy that input to fuzz/regressions/<target>/ once it is fixed.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]      # default: 30 s, every target
#
# cargo-fuzz is installed if missing (`cargo install cargo-fuzz --locked`). The toolchain is
# the stable one; libFuzzer's instrumentation needs nightly flags, which RUSTC_BOOTSTRAP=1
# allows. Settings: JOBS (parallel targets, default 1), RSS_MB (libFuzzer's memory limit, 2048).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
SECONDS_EACH=${1:-30}
shift || true
TARGETS=("$@")
if [ "${#TARGETS[@]}" -eq 0 ]; then
    mapfile -t TARGETS < <(sed -n 's/^name = "\([a-z_]*\)"$/\1/p' Cargo.toml | grep -v '^tessera-fuzz$')
fi
export RUSTC_BOOTSTRAP=1
command -v cargo-fuzz >/dev/null 2>&1 || cargo install cargo-fuzz --locked
if ! cargo fuzz build -O -a >/tmp/tessera-fuzz-build.log 2>&1; then
    tail -40 /tmp/tessera-fuzz-build.log >&2
    echo "building the fuzz targets failed (log: /tmp/tessera-fuzz-build.log)" >&2
    exit 1
fi
run() {
    local target=$1
    mkdir -p "corpus/$target"
    echo "== fuzz $target for ${SECONDS_EACH}s"
    if ! cargo fuzz run -O -a "$target" -- -max_total_time="$SECONDS_EACH" -rss_limit_mb="${RSS_MB:-2048}" \
        -timeout=20 >"/tmp/tessera-fuzz-$target.log" 2>&1; then
        tail -60 "/tmp/tessera-fuzz-$target.log" >&2
        echo "fuzz target $target failed (log: /tmp/tessera-fuzz-$target.log)" >&2
        return 1
    fi
    grep -E '^Done [0-9]+ runs' "/tmp/tessera-fuzz-$target.log" | sed "s/^/   $target: /"
}
failed=0
if [ "${JOBS:-1}" -gt 1 ]; then
    pids=()
    for target in "${TARGETS[@]}"; do
        run "$target" & pids+=($!)
        while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do sleep 1; done
    done
    for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
else
    for target in "${TARGETS[@]}"; do run "$target" || failed=1; done
fi
exit "$failed"
