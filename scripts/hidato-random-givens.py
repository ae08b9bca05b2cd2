#!/usr/bin/env python3
# Random Hidato / Numbrix boards with 1 to 4 givens placed anywhere (not taken from a path), and
# random holes on three boards in ten: the kind of set where most boards have many solutions and
# the rest have none for reasons no static check sees. Their answers are not known in advance;
# they serve for worst-case timings and to cross-check the engines (and CP-SAT), not as known
# answers. Seeded: the same arguments give the same file.
#
#   python3 scripts/hidato-random-givens.py SEED COUNT MIN_SIDE MAX_SIDE > boards.txt
#   target/release/tessera hidato count boards.txt --limit 2 --json --timeout 5 [--numbrix]
import random
import sys

seed=int(sys.argv[1]); n=int(sys.argv[2]); lo,hi=int(sys.argv[3]),int(sys.argv[4])
rng=random.Random(seed); out=[]
for t in range(n):
    w=rng.randint(lo,hi); h=rng.randint(lo,hi); N=w*h
    cells=[0]*N
    holes=rng.random()<.3
    if holes:
        for _ in range(rng.randint(1,N//8)): cells[rng.randrange(N)]=-1
    M=sum(1 for c in cells if c==0)
    g=rng.randint(1,4)
    ks=rng.sample(range(1,M+1),min(g,M))
    free=[i for i in range(N) if cells[i]==0]
    for k,c in zip(ks,rng.sample(free,len(ks))): cells[c]=k
    out.append(f"{w} {h}\n"+"\n".join(" ".join(str(cells[r*w+q]) for q in range(w)) for r in range(h)))
print(n);print("\n".join(out))
