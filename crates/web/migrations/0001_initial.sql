-- The first schema: pool puzzles, games, results (never deleted).
CREATE TABLE puzzles(
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    config TEXT NOT NULL,
    difficulty TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    solution TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    played INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX puzzles_by_config ON puzzles(kind, config, difficulty, played);
CREATE TABLE games(
    id TEXT PRIMARY KEY,
    puzzle_id INTEGER REFERENCES puzzles(id),
    source TEXT NOT NULL,
    kind TEXT NOT NULL,
    config TEXT NOT NULL,
    difficulty TEXT,
    puzzle TEXT NOT NULL,
    solution TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    paused_at INTEGER,
    paused_ms INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL,
    assisted INTEGER NOT NULL DEFAULT 0,
    finished_at INTEGER,
    ms INTEGER
);
CREATE TABLE results(
    id INTEGER PRIMARY KEY,
    game_id TEXT NOT NULL UNIQUE REFERENCES games(id),
    kind TEXT NOT NULL,
    config TEXT NOT NULL,
    difficulty TEXT NOT NULL,
    ms INTEGER NOT NULL,
    assisted INTEGER NOT NULL,
    finished_at INTEGER NOT NULL
);
CREATE INDEX results_by_config ON results(kind, config, difficulty, ms);
CREATE TRIGGER results_are_kept BEFORE DELETE ON results
BEGIN SELECT RAISE(ABORT, 'results are never deleted'); END;
