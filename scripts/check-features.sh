#!/usr/bin/env bash
# Lists the dependencies of the Python package (crates/py) whose features differ between a build
# of that package alone (what maturin does) and the workspace build (what `cargo nextest run
# --workspace` does). Each difference makes the wheel's build compile that crate, and everything
# above it, a second time; crates/py/Cargo.toml asks for the workspace's features to avoid it.
# Prints nothing and exits 0 when the two agree; otherwise prints the differences and exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."
features() { cargo tree "$@" -e normal,build -f '{p} {f}' --prefix none | sed 's/ (\*)$//' | sort -u; }
python3 - <(features -p tessera-py) <(features --workspace -e dev) <<'PY'
import sys
def load(path):
    found = {}
    for line in open(path):
        parts = line.split()
        if len(parts) < 2:
            continue
        key = " ".join(parts[:2])
        extra = parts[-1] if len(parts) > 2 and not parts[-1].startswith("(") else ""
        found.setdefault(key, set()).update(f for f in extra.split(",") if f)
    return found
alone, workspace = load(sys.argv[1]), load(sys.argv[2])
differ = [(k, sorted(workspace[k] - alone[k])) for k in sorted(alone) if k in workspace and workspace[k] - alone[k]]
for key, missing in differ:
    print(f"{key}: the workspace build adds {','.join(missing)}")
sys.exit(1 if differ else 0)
PY
