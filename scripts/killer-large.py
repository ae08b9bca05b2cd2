#!/usr/bin/env python3
# A replica (not checked puzzle by puzzle) of crates/puzzles/tests/it/killer.rs `large(n, max, seed)` (its LCG, pattern grid and
# random cages), seeds 0..COUNT, as a janko text for killer_bench:
#   python3 scripts/killer-large.py N MAX COUNT > FILE
import sys
M = (1 << 64) - 1
class Rng:
    def __init__(s, seed): s.x = seed & M
    def next(s, m):
        s.x = (s.x * 6364136223846793005 + 1442695040888963407) & M
        return (s.x >> 33) % m
    def shuffle(s, items):
        for i in range(len(items) - 1, 0, -1):
            j = s.next(i + 1); items[i], items[j] = items[j], items[i]
def box_shape(n):
    h = max(h for h in range(1, n + 1) if h * h <= n and n % h == 0)
    return h, n // h
def full_grid(n, rng):
    bh, bw = box_shape(n)
    digits = list(range(1, n + 1)); rng.shuffle(digits)
    rows = []
    for band in range(n // bh):
        inner = [band * bh + i for i in range(bh)]; rng.shuffle(inner); rows += inner
    cols = []
    for st in range(n // bw):
        inner = [st * bw + i for i in range(bw)]; rng.shuffle(inner); cols += inner
    g = [0] * (n * n)
    for r in range(n):
        for c in range(n):
            pr, pc = rows[r], cols[c]
            g[r * n + c] = digits[(pr * bw + pr // bh + pc) % n]
    return g
def random_cages(n, grid, mx, rng):
    cage_of = [None] * (n * n)
    order = list(range(n * n)); rng.shuffle(order)
    cages = []
    for start in order:
        if cage_of[start] is not None: continue
        target = 1 + rng.next(mx)
        cells = [start]; cage_of[start] = len(cages)
        while len(cells) < target:
            opts = []
            for c in cells:
                r, col = divmod(c, n)
                near = [c - n if r > 0 else None, c + n if r + 1 < n else None,
                        c - 1 if col > 0 else None, c + 1 if col + 1 < n else None]
                for m in near:
                    if m is not None and cage_of[m] is None and all(grid[x] != grid[m] for x in cells):
                        opts.append(m)
            if not opts: break
            m = opts[rng.next(len(opts))]
            cage_of[m] = len(cages); cells.append(m)
        cages.append(cells)
    return cages
def emit(n, grid, cages, note):
    cid = [0] * (n * n); sums = ['-'] * (n * n)
    for i, cells in enumerate(cages):
        for c in cells: cid[c] = i + 1
        sums[min(cells)] = str(sum(grid[c] for c in cells))
    out = [f"# {note}", f"{n} {n}"]
    for r in range(n): out.append(" ".join(sums[r * n:(r + 1) * n]))
    for r in range(n): out.append(" ".join(str(x) for x in cid[r * n:(r + 1) * n]))
    return "\n".join(out) + "\n"
n, mx, count = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
for seed in range(count):
    rng = Rng(seed); g = full_grid(n, rng); cages = random_cages(n, g, mx, rng)
    print(emit(n, g, cages, f"large({n}, {mx}, {seed})"))
