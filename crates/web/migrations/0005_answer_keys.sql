-- Answers given out mark games by the key of their answer (issue 39), not only by the puzzle's
-- text: a script that turned, transposed or relabelled a puzzle before asking for its answer got
-- an answer to the original, and the original's games stayed unmarked. `canon` is the library's
-- `answer_key` of the solution (Sudoku's canonical form under its whole group of moves; the
-- board's rotations, reflections and relabelling for the others), written when a game or a daily
-- is stored. Rows stored before this migration have none and are still found by their text.
ALTER TABLE games ADD COLUMN canon TEXT;
ALTER TABLE daily ADD COLUMN canon TEXT;
CREATE INDEX games_in_play_by_canon ON games(canon) WHERE status IN ('playing', 'paused');
CREATE INDEX daily_by_canon ON daily(date, kind, canon);
