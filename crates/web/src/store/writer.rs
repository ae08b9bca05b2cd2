//! The writer thread: the one connection that writes, fed jobs through a channel and batching
//! them into one transaction.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use rusqlite::{params, Connection};
use tokio::sync::mpsc;

use crate::game::Source;

use super::caps;
use super::ranks::Ranks;
use super::{now_ms, Checkpoints, GameRow, Job, Place, Write, Written};

/// Jobs taken by the writer in one transaction, at most.
const BATCH: usize = 512;

/// The writer thread: takes every job waiting (up to [`BATCH`]), runs them in one transaction,
/// commits, then answers each. It never checkpoints while running: the checkpointer thread
/// folds the WAL back on its own connection (see `checkpoint_loop`), so no write waits for it.
///
/// When the checkpointer says the WAL is over its limit (`over`), the writer runs a passive
/// checkpoint itself after answering a batch: no other write can come in meanwhile, so it
/// catches up with the end of the log (most of it was copied already by the checkpointer), and
/// the next transaction starts the log over from its beginning, the file cut back to
/// `journal_size_limit`. No lock changes hands and nobody waits for a busy handler: a restarting
/// checkpoint from the other thread stalled the writes 10-360 ms at a time on a loaded machine.
/// The writer also looks at the file itself after every commit (one `stat`): a fast client
/// writes several times a small limit between two of the checkpointer's ticks, so past twice the
/// limit it does not wait to be asked.
pub(super) fn write_loop(
    mut conn: Connection,
    mut jobs: mpsc::Receiver<Job>,
    wal: (&std::path::Path, u64, &AtomicBool),
    counts: &Checkpoints,
) {
    let (wal_path, limit, over) = wal;
    let mut batch: Vec<Job> = Vec::with_capacity(BATCH);
    let mut ranks = Ranks::default();
    while let Some(job) = jobs.blocking_recv() {
        batch.push(job);
        while batch.len() < BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let answers = run_batch(&mut conn, &mut ranks, &batch);
        for ((_, reply), answer) in batch.drain(..).zip(answers) {
            let _ = reply.send(answer);
        }
        let asked = over.swap(false, Ordering::Relaxed);
        if asked || std::fs::metadata(wal_path).is_ok_and(|m| m.len() > 2 * limit) {
            checkpoint(&conn, "PASSIVE", &counts.restarts, &counts.failed);
        }
    }
    // Fold the WAL into the main file on a clean stop.
    let _ = conn.pragma_update(None, "wal_checkpoint", "TRUNCATE");
}

fn run_batch(conn: &mut Connection, ranks: &mut Ranks, batch: &[Job]) -> Vec<Result<Written, String>> {
    let tx = match conn.transaction() {
        Ok(tx) => tx,
        Err(err) => return batch.iter().map(|_| Err(err.to_string())).collect(),
    };
    let mut answers: Vec<Result<Written, String>> =
        batch.iter().map(|(write, _)| apply(&tx, ranks, write).map_err(|err| err.to_string())).collect();
    if let Err(err) = tx.commit() {
        tracing::error!(%err, "store commit failed");
        ranks.forget();
        answers = batch.iter().map(|_| Err(format!("commit failed: {err}"))).collect();
    }
    answers
}

fn apply(tx: &rusqlite::Transaction<'_>, ranks: &mut Ranks, write: &Write) -> rusqlite::Result<Written> {
    match write {
        Write::InsertPuzzle(p) => {
            tx.prepare_cached(
                "INSERT INTO puzzles(kind, config, difficulty, puzzle, solution, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?
            .execute(params![p.kind, p.config, p.difficulty, p.puzzle, p.solution, now_ms()])?;
            Ok(Written::Id(tx.last_insert_rowid()))
        }
        Write::InsertDaily(d) => {
            tx.prepare_cached(
                "INSERT OR IGNORE INTO daily(date, kind, config, difficulty, seed, puzzle, solution, created_at, canon)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            )?
            .execute(params![d.date, d.kind, d.config, d.difficulty, d.seed, d.puzzle, d.solution, now_ms(), d.canon])?;
            Ok(Written::Done)
        }
        Write::InsertGame(g) => {
            tx.prepare_cached(
                "INSERT INTO games(id, puzzle_id, source, kind, config, difficulty, puzzle, solution,
                    started_at, paused_at, paused_ms, status, assisted, finished_at, ms, player, touched_at, daily, canon)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)",
            )?
            .execute(params![
                g.id,
                g.puzzle_id,
                g.source,
                g.kind,
                g.config,
                g.difficulty,
                g.puzzle,
                g.solution,
                g.started_at,
                g.paused_at,
                g.paused_ms,
                g.status,
                g.assisted,
                g.finished_at,
                g.ms,
                g.player,
                g.touched_at,
                g.daily,
                g.canon
            ])?;
            if let Some(puzzle) = g.puzzle_id {
                tx.prepare_cached("UPDATE puzzles SET played = played + 1 WHERE id = ?1")?
                    .execute([puzzle])?;
            }
            Ok(Written::Done)
        }
        Write::UpdateGame(g) => {
            update_game(tx, g)?;
            Ok(Written::Done)
        }
        Write::Solve { row: g, ranked, addr, caps } => {
            if update_game(tx, g)? == 0 {
                return Ok(Written::Gone);
            }
            let (Some(difficulty), Some(ms), Some(finished_at), Source::Pool | Source::Daily) =
                (&g.difficulty, g.ms, g.finished_at, g.source)
            else {
                return Ok(Written::Placed(None));
            };
            // The stored flag, not the row's: a reveal may have marked the game meanwhile.
            let assisted = caps::assisted(tx, &g.id)?;
            let unranked = match *ranked {
                false => None,
                true => caps::unranked(tx, g, difficulty, ms, assisted, addr.as_deref(), *caps)?,
            };
            let ranked = *ranked && unranked.is_none();
            let inserted = tx.prepare_cached(
                "INSERT OR IGNORE INTO results(game_id, kind, config, difficulty, ms, assisted, finished_at,
                    ranked, player, daily, addr)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            )?
            .execute(params![
                g.id,
                g.kind,
                g.config,
                difficulty,
                ms,
                assisted,
                finished_at,
                ranked,
                g.player,
                g.daily,
                addr
            ])?;
            if !ranked {
                return Ok(unranked.map_or(Written::Placed(None), Written::Unranked));
            }
            if let Some(date) = &g.daily {
                return daily_place(tx, g, date, difficulty, ms).map(|place| Written::Placed(Some(place)));
            }
            let (better, of) = ranks.place(tx, (g.kind, &g.config, difficulty), ms, inserted == 1)?;
            Ok(Written::Placed(Some(Place { place: better + 1, of })))
        }
        Write::Reveal { puzzle, canon, except } => {
            Ok(Written::Assisted(caps::reveal(tx, puzzle, canon.as_deref(), except.as_deref())?))
        }
        Write::Expire { before, limit } => {
            // Only games in play: a solved game has a result that refers to it.
            let mut stmt = tx.prepare_cached(
                "DELETE FROM games WHERE id IN (SELECT id FROM games
                    WHERE status IN ('playing', 'paused') AND touched_at < ?1 LIMIT ?2) RETURNING id",
            )?;
            let ids = stmt
                .query_map(params![before, *limit as i64], |row| row.get(0))?
                .collect::<rusqlite::Result<Vec<String>>>()?;
            Ok(Written::Expired(ids))
        }
    }
}

/// The place of a ranked daily result among the ranked results of its date and configuration
/// (one day's ranking is small: an indexed count, `results_ranked` ending in `daily, ms`).
fn daily_place(
    tx: &rusqlite::Transaction<'_>,
    g: &GameRow,
    date: &str,
    difficulty: &str,
    ms: i64,
) -> rusqlite::Result<Place> {
    let (better, of): (i64, i64) = tx
        .prepare_cached(
            "SELECT COALESCE(SUM(ms < ?5), 0), COUNT(*) FROM results
             WHERE kind = ?1 AND config = ?2 AND difficulty = ?3 AND ranked = 1 AND daily = ?4",
        )?
        .query_row(params![g.kind, g.config, difficulty, date, ms], |row| Ok((row.get(0)?, row.get(1)?)))?;
    Ok(Place { place: better as u64 + 1, of: of as u64 })
}

/// Stores a game's changing columns; answers the rows changed (0 when it was expired). `assisted`
/// is never cleared: a reveal (`Write::Reveal`) may have set it while the row was in a handler.
fn update_game(tx: &rusqlite::Transaction<'_>, g: &GameRow) -> rusqlite::Result<usize> {
    tx.prepare_cached(
        "UPDATE games SET paused_at = ?2, paused_ms = ?3, status = ?4, assisted = MAX(assisted, ?5), finished_at = ?6, ms = ?7,
            touched_at = ?8
         WHERE id = ?1",
    )?
    .execute(params![g.id, g.paused_at, g.paused_ms, g.status, g.assisted, g.finished_at, g.ms, g.touched_at])
}

/// How often the checkpointer looks at the WAL.
const TICK: Duration = Duration::from_millis(100);

/// Ticks between two passive checkpoints (every 250 ms as before).
const PASSIVE_EVERY: u32 = 3;

/// Ticks without a commit after which the store counts as idle and its WAL is emptied.
const IDLE_TICKS: u32 = 10;

/// What the checkpointer watches: the WAL file, its limit, and the counters it keeps.
#[derive(Debug)]
pub(super) struct Wal {
    pub(super) path: std::path::PathBuf,
    pub(super) limit: u64,
    pub(super) counts: Arc<Checkpoints>,
    /// Set while the WAL is over `limit`: the writer then restarts it.
    pub(super) over: Arc<AtomicBool>,
}

/// The checkpointer thread, on its own connection, until `stop` is dropped. Every [`TICK`]:
///
/// - past `limit` bytes, it asks the writer to restart the log (see [`write_loop`]); past twice
///   the limit, a passive checkpoint then `wal_checkpoint(RESTART)` from here;
/// - idle for [`IDLE_TICKS`] (no commit seen, by `PRAGMA data_version`) with a WAL left,
///   `wal_checkpoint(TRUNCATE)`, so that the file shrinks to nothing at rest;
/// - otherwise, every [`PASSIVE_EVERY`] ticks (every tick past half the limit, so that the
///   writer's own pass has little left to copy), a passive checkpoint.
///
/// With WAL, a passive checkpoint copies committed pages into the database file while the writer
/// goes on appending, so it costs the writer nothing; run by the writer itself (as it once was) it
/// stalled every write of that moment. But the WAL starts over from its beginning only once a
/// checkpoint has caught up with its end, which under a steady load never happens: the file grew
/// to 1.7 GB in 25 s (issue 26). A restarting checkpoint waits for the writer's transaction of
/// the moment and keeps the next one waiting while it finishes the copy (most of it done by the
/// passive pass just before) and syncs: a pause of some milliseconds, once or twice a second
/// under the heaviest load. Both connections wait for each other's locks in steps of 1 ms
/// ([`busy_briefly`]), not with SQLite's default backoff, whose sleeps grow to 100 ms and made a
/// 30 ms checkpoint cost the writer 50.
pub(super) fn checkpoint_loop(conn: Connection, wal: &Wal, stop: std::sync::mpsc::Receiver<()>) {
    use std::sync::mpsc::RecvTimeoutError;
    let (mut tick, mut idle, mut version) = (0u32, 0u32, data_version(&conn));
    while let Err(RecvTimeoutError::Timeout) = stop.recv_timeout(TICK) {
        tick = tick.wrapping_add(1);
        let now = data_version(&conn);
        idle = if now == version { idle.saturating_add(1) } else { 0 };
        version = now;
        let size = std::fs::metadata(&wal.path).map_or(0, |m| m.len());
        // Past twice the limit (readers kept the writer from restarting it), or idle, this
        // thread forces it; past the limit, the writer restarts the log itself (see
        // `write_loop`), asked only after this thread's pass, so that it has only the pages
        // written since to copy.
        if size > 2 * wal.limit || (idle >= IDLE_TICKS && size > 0) {
            checkpoint(&conn, "PASSIVE", &wal.counts.passive, &wal.counts.failed);
            let mode = if idle >= IDLE_TICKS { "TRUNCATE" } else { "RESTART" };
            checkpoint(&conn, mode, &wal.counts.truncated, &wal.counts.failed);
            continue;
        }
        if (tick % PASSIVE_EVERY == 0 || size > wal.limit / 2) && idle < IDLE_TICKS {
            checkpoint(&conn, "PASSIVE", &wal.counts.passive, &wal.counts.failed);
        }
        if size > wal.limit {
            wal.over.store(true, Ordering::Relaxed);
        }
    }
}

/// A busy handler that sleeps 1 ms per call, for `calls` calls at most: the connection takes a
/// lock within a millisecond of its release (SQLite's default handler sleeps up to 100 ms).
pub(super) fn busy_briefly<const CALLS: i32>(call: i32) -> bool {
    std::thread::sleep(Duration::from_millis(1));
    call < CALLS
}

/// `PRAGMA data_version`: changes when another connection commits.
fn data_version(conn: &Connection) -> i64 {
    conn.query_row("PRAGMA data_version", [], |row| row.get(0)).unwrap_or(0)
}

/// One checkpoint in `mode`, counted as `done`, or as `failed` when SQLite says it could not
/// finish (busy) or errs.
fn checkpoint(conn: &Connection, mode: &str, done: &AtomicU64, failed: &AtomicU64) {
    let sql = format!("PRAGMA wal_checkpoint({mode})");
    let started = std::time::Instant::now();
    let answer = conn
        .query_row(&sql, [], |row| Ok((row.get::<_, i64>(0)?, row.get::<_, i64>(1)?, row.get::<_, i64>(2)?)));
    tracing::debug!(mode, ms = started.elapsed().as_secs_f64() * 1e3, ?answer, "checkpoint");
    match answer.map(|(busy, _, _)| busy) {
        Ok(0) => {
            done.fetch_add(1, Ordering::Relaxed);
        }
        Ok(_) => {
            failed.fetch_add(1, Ordering::Relaxed);
        }
        Err(err) => {
            failed.fetch_add(1, Ordering::Relaxed);
            tracing::warn!(%err, mode, "WAL checkpoint failed");
        }
    }
}
