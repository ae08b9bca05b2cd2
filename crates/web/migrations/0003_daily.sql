-- The daily puzzle (issue 13): one per UTC date and configuration, chosen from the date (see
-- crates/web/src/daily.rs). `daily` caches each one once generated (the seed that made it is
-- kept for the record); a game and its result carry the date of the daily they play (NULL for
-- every other game), and a daily result is ranked only among the results of its date.
CREATE TABLE daily(
    date TEXT NOT NULL,
    kind TEXT NOT NULL,
    config TEXT NOT NULL,
    difficulty TEXT NOT NULL,
    seed INTEGER NOT NULL,
    puzzle TEXT NOT NULL,
    solution TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY(date, kind, config, difficulty)
) WITHOUT ROWID;
ALTER TABLE games ADD COLUMN daily TEXT;
ALTER TABLE results ADD COLUMN daily TEXT;
CREATE INDEX games_daily ON games(player, daily) WHERE daily IS NOT NULL;
-- The ranked index gains `daily` before `ms`: the ordinary rankings ask `daily IS NULL` and the
-- daily ones `daily = ?`, and both read places and top lists from the index alone, in ms order.
DROP INDEX results_ranked;
CREATE INDEX results_ranked ON results(kind, config, difficulty, ranked, daily, ms);
