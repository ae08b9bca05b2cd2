#!/usr/bin/env python3
"""Fills a Tessera web database with finished games, for the load test's "big database" run.

    seed-db.py DB GAMES [SEED]

DB must already carry the schema (start `tessera serve --db DB` once; the load script does).
It adds GAMES solved pool games with their results in one transaction: 8 configurations
(9x9 classic easy 35 %, the rest spread over 4x4, 6x6, 9x9 medium/hard/expert, 16x16 easy and a
Hidato 7x7), 20,000 stored puzzles all played, 50,000 players, about 10 % assisted and 87 %
ranked, times drawn from a log-normal around each level's median. Seeded: the same arguments
make the same file. Nothing else is touched; only Python's standard library is used.
"""

import math
import random
import sqlite3
import sys
import time

CONFIGS = [
    # (kind, config, difficulty, share, median seconds, empty cells)
    ("sudoku", "9x9 classic", "easy", 0.35, 300, 45),
    ("sudoku", "9x9 classic", "medium", 0.15, 480, 50),
    ("sudoku", "9x9 classic", "hard", 0.10, 720, 54),
    ("sudoku", "9x9 classic", "expert", 0.08, 1100, 56),
    ("sudoku", "4x4 classic", "easy", 0.10, 40, 10),
    ("sudoku", "6x6 classic", "easy", 0.08, 120, 22),
    ("sudoku", "16x16 classic", "easy", 0.04, 2400, 140),
    ("hidato", "7x7 hidato", "medium", 0.10, 360, 36),
]
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
PUZZLES = 20_000
PLAYERS = 50_000


def main() -> int:
    if len(sys.argv) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    path, games = sys.argv[1], int(sys.argv[2])
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) == 4 else 13)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=OFF")
    started = time.time()
    now = int(time.time() * 1000)
    cumulative, total = [], 0.0
    for c in CONFIGS:
        total += c[3]
        cumulative.append(total)
    with conn:
        puzzle_ids, texts = [], {}
        for i in range(PUZZLES):
            kind, config, difficulty = CONFIGS[i % len(CONFIGS)][:3]
            # Cells of the right count and width, so that rows are as big as real ones.
            side = int(config.split("x")[0])
            top = side * side if kind == "hidato" else side
            solution = ",".join(str(rng.randint(1, top)) for _ in range(side * side))
            puzzle = ",".join(v if rng.random() < 0.4 else "0" for v in solution.split(","))
            cur = conn.execute(
                "INSERT INTO puzzles(kind, config, difficulty, puzzle, solution, created_at, played)"
                " VALUES (?, ?, ?, ?, ?, ?, 0)",
                (kind, config, difficulty, puzzle, solution, now - 90 * 86_400_000),
            )
            puzzle_ids.append((cur.lastrowid, i % len(CONFIGS)))
            texts[cur.lastrowid] = (puzzle, solution)
        by_config = [[pid for pid, c in puzzle_ids if c == k] for k in range(len(CONFIGS))]
        games_rows, results_rows, plays = [], [], {}
        for n in range(games):
            r = rng.random() * total
            k = next(i for i, edge in enumerate(cumulative) if r <= edge)
            kind, config, difficulty, _, median, empty = CONFIGS[k]
            pid = rng.choice(by_config[k])
            plays[pid] = plays.get(pid, 0) + 1
            ms = int(1000 * median * math.exp(rng.gauss(0, 0.5)))
            finished = now - rng.randrange(1, 365 * 86_400_000)
            started_at = finished - ms
            assisted = int(rng.random() < 0.10)
            ranked = int(rng.random() < 0.87)
            player = "p%06d" % rng.randrange(PLAYERS)
            gid = "".join(rng.choices(ALPHABET, k=22))  # like the server's random ids
            games_rows.append(
                (gid, pid, "pool", kind, config, difficulty, *texts[pid], started_at, None, 0, "solved",
                 assisted, finished, ms, player, finished)
            )
            results_rows.append((gid, kind, config, difficulty, ms, assisted, finished, ranked, player))
            if len(games_rows) == 50_000:
                flush(conn, games_rows, results_rows)
        flush(conn, games_rows, results_rows)
        conn.executemany("UPDATE puzzles SET played = ? WHERE id = ?", [(v, k) for k, v in plays.items()])
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    print(f"seeded {games} finished games in {time.time() - started:.1f} s", file=sys.stderr)
    return 0


def flush(conn, games_rows, results_rows):
    conn.executemany(
        "INSERT INTO games(id, puzzle_id, source, kind, config, difficulty, puzzle, solution, started_at,"
        " paused_at, paused_ms, status, assisted, finished_at, ms, player, touched_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        games_rows,
    )
    conn.executemany(
        "INSERT INTO results(game_id, kind, config, difficulty, ms, assisted, finished_at, ranked, player)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        results_rows,
    )
    games_rows.clear()
    results_rows.clear()


if __name__ == "__main__":
    sys.exit(main())
