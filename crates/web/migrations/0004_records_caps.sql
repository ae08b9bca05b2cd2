-- Records a script cannot top (issue 26). A result keeps the address it was solved from (the
-- client's address as the rate limit counts it: IPv4, or the /64 of IPv6), so that one address
-- holds at most a few places of a configuration's top 20 and ranks a daily once. Games in play
-- are found by their puzzle, so that a solve or hint that reveals a puzzle's answer marks every
-- game in play of that puzzle assisted (a partial index: only games in play are in it).
ALTER TABLE results ADD COLUMN addr TEXT;
CREATE INDEX games_in_play_by_puzzle ON games(puzzle) WHERE status IN ('playing', 'paused');
