#!/usr/bin/env bash
# The load balance of a sharded count, simulated on this machine: every shard of N run one after
# another, each as its own process on one thread, merged by `tessera merge`, checked against the
# single count, and summed up as one Markdown table line per N.
#
#   scripts/shard-balance.sh 'COMMAND PREFIX' N...
#
#   scripts/shard-balance.sh 'queens 15 --count' 16 64 256
#   scripts/shard-balance.sh 'tiling count --board 6x10' 16 64 256
#   scripts/shard-balance.sh "xc count $TESSERA_DATA/xc/pent6x10.dlx" 16 64 256
#
# The prefix is any `tessera` count that takes --shard/--manifest/--threads/--json (split on
# spaces: no quoting inside it). Environment:
#   TESSERA_BIN  the binary (default: $CARGO_TARGET_DIR/release/tessera, else target/release/tessera)
#   WORK_DIR     where the manifests go (default: a fresh temporary folder, removed at the end)
#   THREADS      threads per shard (default 1: N workers of one core each)
#
# Columns: N; prefixes of the split; max/mean of the shards' counting seconds (1 is a perfect
# balance) and of their counted nodes (the same, free of the machine's timing noise, which dominates
# shards of a few milliseconds); the slowest and the mean shard's counting seconds; the plan's seconds (split and
# probes, which every shard makes alike; the largest); the sum of all shards' counting seconds
# (the work, against the single count's); the projected wall time on N workers, the slowest shard
# process from start to exit (plan, count, process start and manifest included); the single
# count's seconds on one thread; and the speed-up (single / projected wall). Progress goes to
# stderr; a total that differs from the single count stops the script with status 1.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ $# -lt 2 ]]; then
    sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 1
fi
read -r -a PREFIX <<<"$1"
shift
BIN=${TESSERA_BIN:-${CARGO_TARGET_DIR:-$ROOT/target}/release/tessera}
THREADS=${THREADS:-1}
[[ -x $BIN ]] || { echo "shard-balance: no binary at $BIN (set TESSERA_BIN)" >&2; exit 1; }
if [[ -n ${WORK_DIR:-} ]]; then
    WORK=$WORK_DIR
    mkdir -p "$WORK"
else
    WORK=$(mktemp -d)
    trap 'rm -rf "$WORK"' EXIT
fi

now() { date +%s.%N; }

echo "shard-balance: ${PREFIX[*]}: the single count on $THREADS thread(s)" >&2
single_json=$("$BIN" "${PREFIX[@]}" --threads "$THREADS" --json)
read -r single_solutions single_seconds < <(python3 -c '
import json, sys
r = json.loads(sys.argv[1])
assert r["outcome"] == "exhausted", r
print(r["solutions"], r["seconds"])' "$single_json")

echo "| N | prefixes | max/mean s | max/mean nodes | max shard s | mean shard s | plan s | total shard s | projected wall s | single s | speed-up |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for n in "$@"; do
    dir=$WORK/$n
    rm -rf "$dir"
    mkdir -p "$dir"
    echo "shard-balance: ${PREFIX[*]}: $n shards" >&2
    : >"$dir/walls"
    for ((i = 0; i < n; i++)); do
        start=$(now)
        "$BIN" "${PREFIX[@]}" --threads "$THREADS" --shard "$i/$n" --manifest "$dir/m$i.json" >/dev/null
        end=$(now)
        echo "$start $end" >>"$dir/walls"
    done
    manifests=()
    for ((i = 0; i < n; i++)); do manifests+=("$dir/m$i.json"); done
    merged=$("$BIN" merge --json "${manifests[@]}")
    python3 - "$dir" "$n" "$single_solutions" "$single_seconds" "$merged" <<'EOF'
import json, sys
folder, n, single_solutions, single_seconds, merged = sys.argv[1:]
n, single_solutions, single_seconds = int(n), int(single_solutions), float(single_seconds)
merged = json.loads(merged)
if merged["solutions"] != single_solutions:
    sys.exit(f"shard-balance: {n} shards add up to {merged['solutions']}, the single count is {single_solutions}")
manifests = [json.load(open(f"{folder}/m{i}.json")) for i in range(n)]
seconds = [m["seconds"] for m in manifests]
plan = max(m["plan_seconds"] for m in manifests)
walls = [float(b) - float(a) for a, b in (line.split() for line in open(f"{folder}/walls"))]
mean = sum(seconds) / n
wall = max(walls)
ratio = max(seconds) / mean if mean > 0 else 1.0
# Counted nodes: shard 0's manifest also holds the nodes above the cut, which every shard spent
# while planning.
nodes = [m["nodes"] - m.get("top_nodes", 0) for m in manifests]
node_ratio = max(nodes) * n / sum(nodes) if sum(nodes) > 0 else 1.0
print(f"| {n} | {merged['prefixes']} | {ratio:.2f} | {node_ratio:.2f} | {max(seconds):.3f} | {mean:.3f} | {plan:.3f} | "
      f"{sum(seconds):.3f} | {wall:.3f} | {single_seconds:.3f} | {single_seconds / wall:.1f} |")
EOF
done
