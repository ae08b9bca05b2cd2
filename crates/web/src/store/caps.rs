//! What the writer checks before it ranks a result, inside the transaction that stores it (so
//! that two solves at once from one address cannot both pass a cap): the game's stored
//! `assisted` flag, a daily already ranked for the player or the address, and the places one
//! address holds in the configuration's top 20. Also the reveal: every game in play of a puzzle
//! whose answer was given out is marked assisted, found through `games_in_play_by_puzzle`.

use rusqlite::{params, OptionalExtension, Transaction};

use super::{Caps, GameRow, Unranked};

/// The places a ranking lists (`GET /api/records`).
const TOP: i64 = 20;

/// The stored `assisted` flag of game `id`.
pub(super) fn assisted(tx: &Transaction<'_>, id: &str) -> rusqlite::Result<bool> {
    tx.prepare_cached("SELECT assisted FROM games WHERE id = ?1")?
        .query_row([id], |row| row.get(0))
        .optional()
        .map(|found| found.unwrap_or(false))
}

/// Why a result the handler would rank is not, if it is not: assisted, a daily ranked already
/// for its player or address, or one place too many of its address in the top 20.
pub(super) fn unranked(
    tx: &Transaction<'_>,
    g: &GameRow,
    difficulty: &str,
    ms: i64,
    assisted: bool,
    addr: Option<&str>,
    caps: Caps,
) -> rusqlite::Result<Option<Unranked>> {
    if assisted {
        return Ok(Some(Unranked::Assisted));
    }
    if let Some(date) = &g.daily {
        let addr = if caps.daily_once_per_address { addr } else { None };
        // The day's results of one configuration are few: the index prefix, then a filter.
        let taken: bool = tx
            .prepare_cached(
                "SELECT EXISTS(SELECT 1 FROM results
                 WHERE kind = ?1 AND config = ?2 AND difficulty = ?3 AND ranked = 1 AND daily = ?4
                    AND game_id != ?5 AND ((?6 IS NOT NULL AND player = ?6) OR (?7 IS NOT NULL AND addr = ?7)))",
            )?
            .query_row(params![g.kind, g.config, difficulty, date, g.id, g.player, addr], |row| row.get(0))?;
        return Ok(taken.then_some(Unranked::DailyRanked));
    }
    let (Some(addr), cap @ 1..) = (addr, caps.top_per_address) else {
        return Ok(None);
    };
    // The top 20 as listed (`ORDER BY ms, id`): how many are this address's, and the 20th time.
    let mut stmt = tx.prepare_cached(
        "SELECT ms, addr FROM results
         WHERE kind = ?1 AND config = ?2 AND difficulty = ?3 AND ranked = 1 AND daily IS NULL AND game_id != ?4
         ORDER BY ms, id LIMIT ?5",
    )?;
    let top = stmt
        .query_map(params![g.kind, g.config, difficulty, g.id, TOP], |row| {
            Ok((row.get::<_, i64>(0)?, row.get::<_, Option<String>>(1)?))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let held = top.iter().filter(|(_, a)| a.as_deref() == Some(addr)).count() as u32;
    // A new result enters the top 20 when there are fewer, or when it beats the 20th (ties go
    // to the older result, as listed).
    let enters = top.len() < TOP as usize || top.last().is_some_and(|&(last, _)| ms < last);
    Ok((enters && held >= cap).then_some(Unranked::TopCap(held)))
}

/// Marks assisted every game in play of `puzzle` but `except`; answers their ids.
pub(super) fn reveal(
    tx: &Transaction<'_>,
    puzzle: &str,
    canon: Option<&str>,
    except: Option<&str>,
) -> rusqlite::Result<Vec<String>> {
    // Two indexed lookups (`games_in_play_by_puzzle`, `games_in_play_by_canon`), not one OR: a
    // NULL key matches nothing.
    let mut stmt = tx.prepare_cached(
        "UPDATE games SET assisted = 1
         WHERE id IN (SELECT id FROM games WHERE puzzle = ?1 AND status IN ('playing', 'paused')
                      UNION SELECT id FROM games WHERE canon = ?2 AND status IN ('playing', 'paused'))
           AND assisted = 0 AND id IS NOT ?3
         RETURNING id",
    )?;
    let ids = stmt.query_map(params![puzzle, canon, except], |row| row.get(0))?;
    ids.collect()
}
