//! The SQLite store: one file, WAL, migrations at start-up.
//!
//! ```text
//!  handlers ──Job──▶ mpsc ──▶ writer thread: one connection, jobs batched into one transaction,
//!     ▲                        each job answered through its oneshot after COMMIT
//!     └── read(|conn| ..) on spawn_blocking over a small pool of read-only connections
//! ```
//!
//! Every write is acknowledged only after its transaction committed; with `journal_mode=WAL` and
//! `synchronous=NORMAL` a committed transaction survives the process being killed (not a power
//! cut before the next checkpoint). Batching amortises the commit over every job waiting at that
//! moment, so many concurrent new games cost one transaction. Readers never block the writer
//! (WAL), and no lock is held across I/O in the async code. A third thread checkpoints the WAL on
//! its own connection, so that no write waits for a passive checkpoint; past a size (`wal_limit`)
//! the writer starts the log over, and at rest the checkpointer empties it, so that the log stays
//! bounded under a steady load and shrinks to nothing at rest (`writer`); the place of a new result comes
//! from the writer's in-memory index of ranked times (`ranks`), not from counting rows. Results are never deleted: a trigger
//! refuses it. Games abandoned in play are deleted by [`Write::Expire`] (see `crate::expiry`),
//! which keeps the file bounded.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use anyhow::{Context, Result};
use rusqlite::{params, Connection, OpenFlags, OptionalExtension};
use tokio::sync::{mpsc, oneshot, Semaphore};

use crate::model::Kind;

pub use self::rows::{Caps, DailyRow, GameRow, Place, PuzzleRow, Unranked, Write, Written};

mod caps;
mod daily;
mod migrate;
mod ranks;
mod rows;
mod writer;

/// Read-only connections kept open, at most.
const READERS: usize = 4;

/// The WAL's size past which it is started over, unless the configuration says otherwise.
pub const WAL_LIMIT: u64 = 16 << 20;

/// The checkpoints made, for `GET /metrics`.
#[derive(Debug, Default)]
pub struct Checkpoints {
    /// Passive checkpoints (the WAL copied back, nobody waits).
    pub passive: AtomicU64,
    /// Truncating checkpoints (the WAL emptied at rest, or restarted from here past twice its
    /// limit).
    pub truncated: AtomicU64,
    /// Passive checkpoints by the writer, past the limit, after which it restarts the WAL.
    pub restarts: AtomicU64,
    /// Checkpoints that failed or could not finish (a reader or the writer in the way).
    pub failed: AtomicU64,
}

type Job = (Write, oneshot::Sender<Result<Written, String>>);

/// The store: cheap to clone. The writer thread stops (after finishing its jobs) when the last
/// clone is dropped.
#[derive(Debug, Clone)]
pub struct Store {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    path: PathBuf,
    jobs: Option<mpsc::Sender<Job>>,
    writer: Mutex<Option<JoinHandle<()>>>,
    /// Dropped to stop the checkpointer.
    stop_checkpoints: Option<std::sync::mpsc::Sender<()>>,
    checkpointer: Mutex<Option<JoinHandle<()>>>,
    checkpoints: Arc<Checkpoints>,
    readers: Mutex<Vec<Connection>>,
    reading: Semaphore,
}

impl Drop for Inner {
    fn drop(&mut self) {
        self.stop_checkpoints.take();
        if let Some(handle) = self.checkpointer.lock().ok().and_then(|mut h| h.take()) {
            let _ = handle.join();
        }
        self.jobs.take();
        if let Some(handle) = self.writer.lock().ok().and_then(|mut h| h.take()) {
            let _ = handle.join();
        }
    }
}

impl Store {
    /// Opens (creating it if needed) the database file, sets WAL, runs the migrations and starts
    /// the writer thread, with the WAL started over past `WAL_LIMIT` (16 MiB).
    pub fn open(path: &Path) -> Result<Store> {
        Store::open_with(path, WAL_LIMIT)
    }

    /// [`open`](Self::open) with the WAL started over past `wal_limit` bytes.
    pub fn open_with(path: &Path, wal_limit: u64) -> Result<Store> {
        let mut conn = Connection::open(path).with_context(|| format!("opening {}", path.display()))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        // Checkpoints are the checkpointer's business (see `checkpoint_loop`): SQLite's automatic
        // one runs inside COMMIT, with an fsync, and made every new game of that batch wait.
        conn.pragma_update(None, "wal_autocheckpoint", 0)?;
        // A WAL restarted from its beginning is cut back to this size (SQLite's default, -1,
        // leaves it at its largest for ever).
        conn.pragma_update(None, "journal_size_limit", wal_limit as i64)?;
        // About 5 s of 1 ms waits (see `writer::busy_briefly`).
        conn.busy_handler(Some(writer::busy_briefly::<5000>))?;
        migrate::migrate(&mut conn).with_context(|| format!("migrating {}", path.display()))?;
        let (tx, rx) = mpsc::channel::<Job>(4096);
        let counts = Arc::new(Checkpoints::default());
        let over = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let writer = std::thread::Builder::new()
            .name("tessera-store-writer".into())
            .spawn({
                let (wal, over, counts) = (wal_path(path), over.clone(), counts.clone());
                move || writer::write_loop(conn, rx, (&wal, wal_limit, &over), &counts)
            })
            .context("starting the writer thread")?;
        let checkpoints = Connection::open(path).with_context(|| format!("opening {}", path.display()))?;
        checkpoints.pragma_update(None, "wal_autocheckpoint", 0)?;
        checkpoints.pragma_update(None, "journal_size_limit", wal_limit as i64)?;
        // A restarting checkpoint keeps new writes waiting while it waits for readers: it gives
        // up soon (and is tried again at the next tick) rather than stall the writer.
        checkpoints.busy_handler(Some(writer::busy_briefly::<100>))?;
        let (stop_checkpoints, stop) = std::sync::mpsc::channel();
        let wal = writer::Wal { path: wal_path(path), limit: wal_limit, counts: counts.clone(), over };
        let checkpointer = std::thread::Builder::new()
            .name("tessera-store-checkpointer".into())
            .spawn(move || writer::checkpoint_loop(checkpoints, &wal, stop))
            .context("starting the checkpointer thread")?;
        Ok(Store {
            inner: Arc::new(Inner {
                path: path.to_owned(),
                jobs: Some(tx),
                writer: Mutex::new(Some(writer)),
                stop_checkpoints: Some(stop_checkpoints),
                checkpointer: Mutex::new(Some(checkpointer)),
                checkpoints: counts,
                readers: Mutex::new(Vec::new()),
                reading: Semaphore::new(READERS),
            }),
        })
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// The sizes of the database file and of its WAL, in bytes (0 for a file not there).
    pub fn file_sizes(&self) -> (u64, u64) {
        let size = |path: &Path| std::fs::metadata(path).map_or(0, |m| m.len());
        (size(&self.inner.path), size(&wal_path(&self.inner.path)))
    }

    /// The checkpoints made so far: (passive, by the writer to restart, truncating, failed).
    pub fn checkpoints(&self) -> (u64, u64, u64, u64) {
        let c = &self.inner.checkpoints;
        let load = |n: &AtomicU64| n.load(Ordering::Relaxed);
        (load(&c.passive), load(&c.restarts), load(&c.truncated), load(&c.failed))
    }

    fn sender(&self) -> Result<&mpsc::Sender<Job>> {
        self.inner.jobs.as_ref().context("the store is closed")
    }

    /// Writes, and answers once the write is committed.
    pub(crate) async fn write(&self, write: Write) -> Result<Written> {
        let (tx, rx) = oneshot::channel();
        self.sender()?.send((write, tx)).await.map_err(|_| anyhow::anyhow!("the writer stopped"))?;
        rx.await.context("the writer stopped")?.map_err(anyhow::Error::msg)
    }

    /// [`write`](Self::write) from a thread outside the runtime.
    pub(crate) fn write_blocking(&self, write: Write) -> Result<Written> {
        let (tx, rx) = oneshot::channel();
        self.sender()?.blocking_send((write, tx)).map_err(|_| anyhow::anyhow!("the writer stopped"))?;
        rx.blocking_recv().context("the writer stopped")?.map_err(anyhow::Error::msg)
    }

    /// Runs `read` on a read-only connection, off the async threads.
    pub(crate) async fn read<T, F>(&self, read: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    {
        let _permit = self.inner.reading.acquire().await?;
        let store = self.clone();
        tokio::task::spawn_blocking(move || store.read_blocking(read)).await?
    }

    /// [`read`](Self::read) on the calling thread.
    pub(crate) fn read_blocking<T>(
        &self,
        read: impl FnOnce(&Connection) -> rusqlite::Result<T>,
    ) -> Result<T> {
        let pooled = self.inner.readers.lock().map_err(|_| anyhow::anyhow!("poisoned"))?.pop();
        let conn = match pooled {
            Some(conn) => conn,
            None => {
                let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
                let conn = Connection::open_with_flags(&self.inner.path, flags)?;
                conn.busy_timeout(std::time::Duration::from_secs(5))?;
                conn
            }
        };
        let answer = read(&conn);
        if let Ok(mut readers) = self.inner.readers.lock() {
            if readers.len() < READERS {
                readers.push(conn);
            }
        }
        Ok(answer?)
    }

    /// A stored game.
    pub(crate) async fn game(&self, id: String) -> Result<Option<GameRow>> {
        self.read(move |conn| {
            conn.prepare_cached(
                "SELECT id, puzzle_id, source, kind, config, difficulty, puzzle, solution, started_at,
                        paused_at, paused_ms, status, assisted, finished_at, ms, player, touched_at, daily, canon
                 FROM games WHERE id = ?1",
            )?
            .query_row([id], |row| {
                Ok(GameRow {
                    id: row.get(0)?,
                    puzzle_id: row.get(1)?,
                    source: row.get(2)?,
                    kind: row.get(3)?,
                    config: row.get(4)?,
                    difficulty: row.get(5)?,
                    puzzle: row.get(6)?,
                    solution: row.get(7)?,
                    started_at: row.get(8)?,
                    paused_at: row.get(9)?,
                    paused_ms: row.get(10)?,
                    status: row.get(11)?,
                    assisted: row.get(12)?,
                    finished_at: row.get(13)?,
                    ms: row.get(14)?,
                    player: row.get(15)?,
                    touched_at: row.get(16)?,
                    daily: row.get(17)?,
                    canon: row.get(18)?,
                })
            })
            .optional()
        })
        .await
    }

    /// Up to `limit` stored puzzles of a configuration never played, oldest first.
    pub(crate) fn unplayed_blocking(
        &self,
        kind: Kind,
        config: &str,
        difficulty: &str,
        limit: usize,
    ) -> Result<Vec<PuzzleRow>> {
        self.read_blocking(|conn| {
            let mut stmt = conn.prepare_cached(
                "SELECT id, puzzle, solution FROM puzzles
                 WHERE kind = ?1 AND config = ?2 AND difficulty = ?3 AND played = 0 ORDER BY id LIMIT ?4",
            )?;
            let rows = stmt.query_map(params![kind, config, difficulty, limit as i64], |row| {
                puzzle_row(row, kind, config, difficulty)
            })?;
            rows.collect()
        })
    }

    /// Up to `limit` stored puzzles of a configuration already played, least played first, with
    /// their plays.
    pub(crate) fn least_played_blocking(
        &self,
        kind: Kind,
        config: &str,
        difficulty: &str,
        limit: usize,
    ) -> Result<Vec<(PuzzleRow, u64)>> {
        self.read_blocking(|conn| {
            let mut stmt = conn.prepare_cached(
                "SELECT id, puzzle, solution, played FROM puzzles
                 WHERE kind = ?1 AND config = ?2 AND difficulty = ?3 AND played > 0 ORDER BY played LIMIT ?4",
            )?;
            let rows = stmt.query_map(params![kind, config, difficulty, limit as i64], |row| {
                let played: i64 = row.get(3)?;
                Ok((puzzle_row(row, kind, config, difficulty)?, played as u64))
            })?;
            rows.collect()
        })
    }

    /// The least-played stored puzzle of a configuration (ties at random).
    pub(crate) async fn least_played(
        &self,
        kind: Kind,
        config: String,
        difficulty: String,
    ) -> Result<Option<PuzzleRow>> {
        self.read(move |conn| {
            conn.prepare_cached(
                "SELECT id, puzzle, solution FROM puzzles WHERE kind = ?1 AND config = ?2 AND difficulty = ?3
                 AND played = (SELECT MIN(played) FROM puzzles WHERE kind = ?1 AND config = ?2 AND difficulty = ?3)
                 ORDER BY random() LIMIT 1",
            )?
            .query_row(params![kind, config, difficulty], |row| puzzle_row(row, kind, &config, &difficulty))
            .optional()
        })
        .await
    }
}

/// A stored puzzle of a configuration from a row whose first columns are `id, puzzle, solution`.
fn puzzle_row(
    row: &rusqlite::Row<'_>,
    kind: Kind,
    config: &str,
    difficulty: &str,
) -> rusqlite::Result<PuzzleRow> {
    Ok(PuzzleRow {
        id: row.get(0)?,
        kind,
        config: config.to_owned(),
        difficulty: difficulty.to_owned(),
        puzzle: row.get(1)?,
        solution: row.get(2)?,
    })
}

/// The WAL of the database at `path`: the same name with `-wal`.
fn wal_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push("-wal");
    PathBuf::from(name)
}

/// Now, in Unix milliseconds.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

#[cfg(test)]
mod tests;
