#!/usr/bin/env python3
"""Times the Learn view's API (docs/learn.md, "Measurements").

Usage: scripts/learn-timings.py PID [BASE]   (PID: the `tessera serve --no-rate-limit` process,
BASE: its address, default http://127.0.0.1:8080). Prints, for each request, its answer, the
wall time and the server's CPU time (user + sys from /proc/PID/stat), median and worst.
"""
import json
import os
import statistics
import sys
import time
import urllib.error
import urllib.request

PID = int(sys.argv[1])
BASE = sys.argv[2] if len(sys.argv) > 2 else "http://127.0.0.1:8080"
TICK = os.sysconf("SC_CLK_TCK")


def cpu():
    fields = open(f"/proc/{PID}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def ask(path, body=None):
    """(wall, server cpu, answer); a 503 (still counting) is asked again after a second."""
    t0, c0 = time.time(), cpu()
    while True:
        data = json.dumps(body).encode() if body else None
        req = urllib.request.Request(BASE + path, data=data, headers={"content-type": "application/json"})
        try:
            with urllib.request.urlopen(req) as r:
                answer = json.load(r)
            return time.time() - t0, cpu() - c0, answer
        except urllib.error.HTTPError as e:
            if e.code != 503:
                raise
            time.sleep(1)


def queens_text(n):
    items = [f"r{i}" for i in range(n)] + [f"c{i}" for i in range(n)]
    diagonals = [f"a{i}" for i in range(2 * n - 1)] + [f"b{i}" for i in range(2 * n - 1)]
    options = "".join(f"r{r} c{c} a{r + c} b{r + n - 1 - c}\n" for r in range(n) for c in range(n))
    return " ".join(items) + " | " + " ".join(diagonals) + "\n" + options


w, c, a = ask("/api/learn/tiling?board=6x10&to=end")
print(f"6x10 to=end, first: wall {w:.2f} s, cpu {c:.2f} s, final {a['final']}, distinct {a['result']['distinct']}")
w, c, a = ask("/api/learn/tiling?board=6x10&to=end&gallery=2328")
print(f"6x10 to=end, cached, last gallery page: wall {w * 1000:.0f} ms, {len(a['result']['gallery']['items'])} pictures")
cases = [(p, None, 7) for p in [
    "/api/learn/queens?n=12&from=0&limit=500",
    "/api/learn/queens?n=12&from=19900&limit=500",
    "/api/learn/tiling?board=6x10&from=19900&limit=500",
    "/api/learn/xc?example=seed&limit=500",
]] + [("/api/learn/xc?to=end", {"problem": queens_text(16)}, 5)]
for path, body, runs in cases:
    walls, cpus = [], []
    for _ in range(runs):
        w, c, a = ask(path, body)
        walls.append(w)
        cpus.append(c)
    print(f"{path}{' (typed 16-queens)' if body else ''}: {len(a['events'])} events, {a['outcome']} {a['reason']}; "
          f"wall median {statistics.median(walls) * 1000:.0f} ms worst {max(walls) * 1000:.0f} ms; "
          f"cpu median {statistics.median(cpus) * 1000:.0f} ms worst {max(cpus) * 1000:.0f} ms")
