#!/usr/bin/env python3
"""A stuck player, scripted: every puzzle of a file is pasted into a running `tessera serve`
(started with --no-rate-limit), then Hint and "Apply this step" are repeated, as the page does
(eliminations on the notes, a cell without notes first taking the candidates its digits allow),
until the grid is full; the game must then check as solved, and no step may come twice.

    scripts/hint-loop.py http://127.0.0.1:8080 PUZZLES.txt SECONDS

Prints the puzzles done within SECONDS, the most steps one took and the problems (a refused
puzzle, a repeated step, a hint that failed, a grid left unfinished or unsolved). 9x9 only.
"""
import json, sys, time, urllib.request
base, path, limit_s = sys.argv[1], sys.argv[2], float(sys.argv[3])
def post(p, body):
    req = urllib.request.Request(base + p, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(req) as r: return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e: return e.code, json.loads(e.read() or b"null")
def peers(c):
    r, k = divmod(c, 9); b = (r // 3) * 3, (k // 3) * 3
    return {r * 9 + j for j in range(9)} | {i * 9 + k for i in range(9)} | {(b[0] + i) * 9 + b[1] + j for i in range(3) for j in range(3)}
P = [peers(c) for c in range(81)]
puzzles = [l.strip()[:81] for l in open(path) if len(l.strip()) >= 81 and not l.startswith('#')]
start = time.time(); worst = (0, -1); done = 0; bad = []; reveals = 0; total = 0
for n, text in enumerate(puzzles):
    if time.time() - start > limit_s: break
    s, g = post("/api/games", {"kind": "sudoku", "puzzle": text})
    if s != 201: bad.append((n, "new", s, g)); continue
    gid, cells = g["id"], list(g["puzzle"]); notes = [[] for _ in range(81)]; seen = set(); steps = 0
    while 0 in cells and steps < 400:
        s, h = post(f"/api/games/{gid}/hint", {"cells": cells, "notes": notes})
        if s != 200: bad.append((n, "hint", s, h)); break
        key = json.dumps([h["technique"], h["placements"], h["eliminations"]], sort_keys=True)
        if key in seen: bad.append((n, "repeat", h["technique"], h["explanation"])); break
        seen.add(key); steps += 1; reveals += h["technique"] == "reveal"
        for c, v in h["eliminations"]:
            if not notes[c]: notes[c] = [d for d in range(1, 10) if all(cells[p] != d for p in P[c])]
            notes[c] = [d for d in notes[c] if d != v]
        for c, v in h["placements"]: cells[c] = v; notes[c] = []
    if 0 in cells and not any(b[0] == n for b in bad): bad.append((n, "unfinished", steps))
    s, ch = post(f"/api/games/{gid}/check", {"cells": cells})
    if ch.get("solved") is not True and not any(b[0] == n for b in bad): bad.append((n, "not solved", ch))
    done += 1; total += steps
    if steps > worst[0]: worst = (steps, n)
print(f"{path}: {done} of {len(puzzles)} puzzles in {time.time()-start:.0f} s; steps worst {worst[0]} (puzzle #{worst[1]+1}), mean {total/max(done,1):.1f}; reveals {reveals}; problems {len(bad)}: {bad[:5]}")
