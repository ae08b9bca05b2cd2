#!/bin/sh
# Plans every instance of an ANSWERS.tsv for N parts (default 7), counts each part from the plan in
# its own process, merges, and checks the total against ANSWERS.tsv and the merged nodes against
# one plain count's, on every engine. Usage: scripts/plan-parts-check.sh TESSERA DIR [N]
set -eu
B=$1 DIR=$2 N=${3:-7}
T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT
fail=0
tail -n +2 "$DIR/ANSWERS.tsv" | while IFS='	' read -r file want _; do
  for engine in links dlx1 bitset; do
    "$B" xc plan "$DIR/$file" --engine $engine --parts "$N" -o "$T/plan.json"
    i=0
    while [ $i -lt "$N" ]; do
      "$B" xc count "$DIR/$file" --engine $engine --plan "$T/plan.json" --part $i --manifest "$T/m$i.json" >/dev/null
      i=$((i + 1))
    done
    got=$("$B" merge --json "$T"/m*.json | python3 -c 'import json,sys; m=json.load(sys.stdin); print(m["solutions"], m["nodes"])')
    nodes=$("$B" xc count "$DIR/$file" --engine $engine --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["nodes"])')
    if [ "$got" = "$want $nodes" ]; then echo "ok   $file $engine: $got"; else echo "FAIL $file $engine: got $got, want $want $nodes"; fi
    rm -f "$T"/m*.json
  done
done
