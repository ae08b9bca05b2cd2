-- Honest records (issue 13): who played (an anonymous player id from a cookie), when a game was
-- last changed (the expiry of abandoned games reads it), and whether a result is ranked (a time
-- under the floor of its puzzle is kept but not ranked).
ALTER TABLE games ADD COLUMN player TEXT;
ALTER TABLE games ADD COLUMN touched_at INTEGER NOT NULL DEFAULT 0;
UPDATE games SET touched_at = MAX(started_at, COALESCE(paused_at, 0), COALESCE(finished_at, 0));
CREATE INDEX games_by_player ON games(player, status);
CREATE INDEX games_idle ON games(status, touched_at);
ALTER TABLE results ADD COLUMN ranked INTEGER NOT NULL DEFAULT 1;
ALTER TABLE results ADD COLUMN player TEXT;
CREATE INDEX results_ranked ON results(kind, config, difficulty, ranked, ms);
CREATE INDEX results_by_player ON results(player);
