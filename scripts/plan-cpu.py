#!/usr/bin/env python3
"""CPU (user + system, getrusage of the children) of one plain `xc count`, `xc plan --parts N` and
the N part processes (`--plan --part I --manifest`), merged and checked; prints the ratio
(plan + parts) / plain and the balance. Usage: scripts/plan-cpu.py TESSERA FILE [PARTS] [ROUNDS]
(docs/scale.md, "Plan once")."""
import os, resource, subprocess, sys, json, tempfile
B = sys.argv[1]; F = sys.argv[2]; parts = int(sys.argv[3]) if len(sys.argv) > 3 else 64
reps = int(sys.argv[4]) if len(sys.argv) > 4 else 3
def cpu(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
d = tempfile.mkdtemp(prefix="plan-cpu.")
for r in range(reps):
    plain = cpu([B, "xc", "count", F])
    plan = cpu([B, "xc", "plan", F, "--parts", str(parts), "-o", f"{d}/plan.json"])
    ps = sum(cpu([B, "xc", "count", F, "--plan", f"{d}/plan.json", "--part", str(i), "--manifest", f"{d}/m{i}.json"]) for i in range(parts))
    out = subprocess.run([B, "merge", "--json"] + [f"{d}/m{i}.json" for i in range(parts)], capture_output=True, text=True, check=True).stdout
    m = json.loads(out)
    ver = cpu([B, "--version"])
    nodes = []
    secs = []
    for i in range(parts):
        mm = json.load(open(f"{d}/m{i}.json")); nodes.append(mm["nodes"]); secs.append(mm["seconds"])
    mean = sum(nodes)/parts
    print(f"plain {plain:.3f} plan {plan:.3f} parts {ps:.3f} ratio {(plan+ps)/plain:.2f}  sol {m['solutions']} nodes {m['nodes']} prefixes {json.load(open(f'{d}/plan.json'))['split']['prefixes']} maxmean nodes {max(nodes)/mean:.2f} secs {max(secs)/(sum(secs)/parts):.2f} version {ver*1000:.1f}ms", flush=True)
