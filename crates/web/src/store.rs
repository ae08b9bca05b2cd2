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
//! (WAL), and no lock is held across I/O in the async code. Results are never deleted: a trigger
//! refuses it.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use anyhow::{Context, Result};
use rusqlite::{params, Connection, OpenFlags, OptionalExtension};
use tokio::sync::{mpsc, oneshot, Semaphore};

/// Jobs taken by the writer in one transaction, at most.
const BATCH: usize = 512;
/// Read-only connections kept open, at most.
const READERS: usize = 4;
/// Batches committed before the writer folds the WAL back when it finds no job waiting.
const CHECKPOINT_WHEN_IDLE: u32 = 64;
/// Batches committed before the writer folds the WAL back even with jobs waiting, so that a
/// sustained load cannot grow the WAL without end.
const CHECKPOINT_ANYWAY: u32 = 4096;

/// The migrations, in order; `schema_migrations` records the ones applied.
const MIGRATIONS: &[&str] = &[r"
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
"];

/// A game as stored. Times are Unix milliseconds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    /// Random, URL-safe.
    pub id: String,
    /// The pool puzzle it plays, `None` for a pasted one.
    pub puzzle_id: Option<i64>,
    /// `"pool"` or `"pasted"`.
    pub source: String,
    /// `"sudoku"` or `"hidato"`.
    pub kind: String,
    /// The configuration key, e.g. `"9x9 classic"`.
    pub config: String,
    /// The level, when known.
    pub difficulty: Option<String>,
    /// Cells, comma-separated.
    pub puzzle: String,
    /// Cells, comma-separated.
    pub solution: String,
    /// When the game started.
    pub started_at: i64,
    /// When the current pause began.
    pub paused_at: Option<i64>,
    /// Milliseconds spent paused before the current pause.
    pub paused_ms: i64,
    /// `"playing"`, `"paused"`, `"solved"` or `"quit"`.
    pub status: String,
    /// Whether a hint was used.
    pub assisted: bool,
    /// When it was solved or quit.
    pub finished_at: Option<i64>,
    /// Time played, once solved.
    pub ms: Option<i64>,
}

/// A generated puzzle for the pool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleRow {
    /// Its id (0 before it is stored).
    pub id: i64,
    /// `"sudoku"` or `"hidato"`.
    pub kind: String,
    /// The configuration key.
    pub config: String,
    /// Its level.
    pub difficulty: String,
    /// Cells, comma-separated.
    pub puzzle: String,
    /// Cells, comma-separated.
    pub solution: String,
}

/// A game's rank among the results of its configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// 1 for the best time.
    pub place: u64,
    /// Results of the configuration, this one included.
    pub of: u64,
}

/// One write for the writer thread.
#[derive(Debug)]
pub enum Write {
    /// A generated puzzle; answers its id.
    InsertPuzzle(PuzzleRow),
    /// A new game; its pool puzzle, if any, counts one more play.
    InsertGame(GameRow),
    /// The state of a game after pause, resume, hint or quit.
    UpdateGame(GameRow),
    /// A solved game and, for a pool game, its result; answers its place.
    Solve(GameRow),
}

/// What a write answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    /// Done.
    Done,
    /// The id of an inserted puzzle.
    Id(i64),
    /// The place of a result.
    Placed(Option<Place>),
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
    readers: Mutex<Vec<Connection>>,
    reading: Semaphore,
}

impl Drop for Inner {
    fn drop(&mut self) {
        self.jobs.take();
        if let Some(handle) = self.writer.lock().ok().and_then(|mut h| h.take()) {
            let _ = handle.join();
        }
    }
}

impl Store {
    /// Opens (creating it if needed) the database file, sets WAL, runs the migrations and starts
    /// the writer thread.
    pub fn open(path: &Path) -> Result<Store> {
        let mut conn = Connection::open(path).with_context(|| format!("opening {}", path.display()))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        // Checkpoints are the writer's own business, after it has answered (see `write_loop`):
        // SQLite's automatic one runs inside COMMIT, with an fsync, and made every new game of
        // that batch wait for it.
        conn.pragma_update(None, "wal_autocheckpoint", 0)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        migrate(&mut conn).with_context(|| format!("migrating {}", path.display()))?;
        let (tx, rx) = mpsc::channel::<Job>(4096);
        let writer = std::thread::Builder::new()
            .name("tessera-store-writer".into())
            .spawn(move || write_loop(conn, rx))
            .context("starting the writer thread")?;
        Ok(Store {
            inner: Arc::new(Inner {
                path: path.to_owned(),
                jobs: Some(tx),
                writer: Mutex::new(Some(writer)),
                readers: Mutex::new(Vec::new()),
                reading: Semaphore::new(READERS),
            }),
        })
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    fn sender(&self) -> Result<&mpsc::Sender<Job>> {
        self.inner.jobs.as_ref().context("the store is closed")
    }

    /// Writes, and answers once the write is committed.
    pub async fn write(&self, write: Write) -> Result<Written> {
        let (tx, rx) = oneshot::channel();
        self.sender()?.send((write, tx)).await.map_err(|_| anyhow::anyhow!("the writer stopped"))?;
        rx.await.context("the writer stopped")?.map_err(anyhow::Error::msg)
    }

    /// [`write`](Self::write) from a thread outside the runtime.
    pub fn write_blocking(&self, write: Write) -> Result<Written> {
        let (tx, rx) = oneshot::channel();
        self.sender()?.blocking_send((write, tx)).map_err(|_| anyhow::anyhow!("the writer stopped"))?;
        rx.blocking_recv().context("the writer stopped")?.map_err(anyhow::Error::msg)
    }

    /// Runs `read` on a read-only connection, off the async threads.
    pub async fn read<T, F>(&self, read: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    {
        let _permit = self.inner.reading.acquire().await?;
        let store = self.clone();
        tokio::task::spawn_blocking(move || store.read_blocking(read)).await?
    }

    /// [`read`](Self::read) on the calling thread.
    pub fn read_blocking<T>(&self, read: impl FnOnce(&Connection) -> rusqlite::Result<T>) -> Result<T> {
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
    pub async fn game(&self, id: String) -> Result<Option<GameRow>> {
        self.read(move |conn| {
            conn.prepare_cached(
                "SELECT id, puzzle_id, source, kind, config, difficulty, puzzle, solution, started_at,
                        paused_at, paused_ms, status, assisted, finished_at, ms FROM games WHERE id = ?1",
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
                })
            })
            .optional()
        })
        .await
    }

    /// Up to `limit` stored puzzles of a configuration never played, oldest first.
    pub fn unplayed_blocking(
        &self,
        kind: &str,
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
                Ok(PuzzleRow {
                    id: row.get(0)?,
                    kind: kind.to_owned(),
                    config: config.to_owned(),
                    difficulty: difficulty.to_owned(),
                    puzzle: row.get(1)?,
                    solution: row.get(2)?,
                })
            })?;
            rows.collect()
        })
    }

    /// Up to `limit` stored puzzles of a configuration already played, least played first, with
    /// their plays.
    pub fn least_played_blocking(
        &self,
        kind: &str,
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
                Ok((
                    PuzzleRow {
                        id: row.get(0)?,
                        kind: kind.to_owned(),
                        config: config.to_owned(),
                        difficulty: difficulty.to_owned(),
                        puzzle: row.get(1)?,
                        solution: row.get(2)?,
                    },
                    played as u64,
                ))
            })?;
            rows.collect()
        })
    }

    /// The least-played stored puzzle of a configuration (ties at random).
    pub async fn least_played(
        &self,
        kind: String,
        config: String,
        difficulty: String,
    ) -> Result<Option<PuzzleRow>> {
        self.read(move |conn| {
            conn.prepare_cached(
                "SELECT id, puzzle, solution FROM puzzles WHERE kind = ?1 AND config = ?2 AND difficulty = ?3
                 AND played = (SELECT MIN(played) FROM puzzles WHERE kind = ?1 AND config = ?2 AND difficulty = ?3)
                 ORDER BY random() LIMIT 1",
            )?
            .query_row(params![kind, config, difficulty], |row| {
                Ok(PuzzleRow {
                    id: row.get(0)?,
                    kind: kind.clone(),
                    config: config.clone(),
                    difficulty: difficulty.clone(),
                    puzzle: row.get(1)?,
                    solution: row.get(2)?,
                })
            })
            .optional()
        })
        .await
    }
}

/// Applies the migrations not yet applied, each in its own transaction.
fn migrate(conn: &mut Connection) -> Result<()> {
    conn.execute_batch("CREATE TABLE IF NOT EXISTS schema_migrations(version INTEGER PRIMARY KEY)")?;
    let done: i64 =
        conn.query_row("SELECT COALESCE(MAX(version), 0) FROM schema_migrations", [], |row| row.get(0))?;
    for (i, sql) in MIGRATIONS.iter().enumerate() {
        let version = i as i64 + 1;
        if version <= done {
            continue;
        }
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.execute("INSERT INTO schema_migrations(version) VALUES (?1)", [version])?;
        tx.commit()?;
        tracing::info!(version, "applied a store migration");
    }
    Ok(())
}

/// The writer thread: takes every job waiting (up to [`BATCH`]), runs them in one transaction,
/// commits, then answers each. Only then, when no job is waiting (or after very many batches),
/// it folds the WAL back into the database file with a passive checkpoint.
fn write_loop(mut conn: Connection, mut jobs: mpsc::Receiver<Job>) {
    let mut batch: Vec<Job> = Vec::with_capacity(BATCH);
    let mut since_checkpoint = 0u32;
    while let Some(job) = jobs.blocking_recv() {
        batch.push(job);
        while batch.len() < BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let answers = run_batch(&mut conn, &batch);
        for ((_, reply), answer) in batch.drain(..).zip(answers) {
            let _ = reply.send(answer);
        }
        since_checkpoint += 1;
        if (since_checkpoint >= CHECKPOINT_WHEN_IDLE && jobs.is_empty())
            || since_checkpoint >= CHECKPOINT_ANYWAY
        {
            if let Err(err) = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(())) {
                tracing::warn!(%err, "WAL checkpoint failed");
            }
            since_checkpoint = 0;
        }
    }
    // Fold the WAL into the main file on a clean stop.
    let _ = conn.pragma_update(None, "wal_checkpoint", "TRUNCATE");
}

fn run_batch(conn: &mut Connection, batch: &[Job]) -> Vec<Result<Written, String>> {
    let tx = match conn.transaction() {
        Ok(tx) => tx,
        Err(err) => return batch.iter().map(|_| Err(err.to_string())).collect(),
    };
    let mut answers: Vec<Result<Written, String>> =
        batch.iter().map(|(write, _)| apply(&tx, write).map_err(|err| err.to_string())).collect();
    if let Err(err) = tx.commit() {
        tracing::error!(%err, "store commit failed");
        answers = batch.iter().map(|_| Err(format!("commit failed: {err}"))).collect();
    }
    answers
}

fn apply(tx: &rusqlite::Transaction<'_>, write: &Write) -> rusqlite::Result<Written> {
    match write {
        Write::InsertPuzzle(p) => {
            tx.prepare_cached(
                "INSERT INTO puzzles(kind, config, difficulty, puzzle, solution, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?
            .execute(params![p.kind, p.config, p.difficulty, p.puzzle, p.solution, now_ms()])?;
            Ok(Written::Id(tx.last_insert_rowid()))
        }
        Write::InsertGame(g) => {
            tx.prepare_cached(
                "INSERT INTO games(id, puzzle_id, source, kind, config, difficulty, puzzle, solution,
                    started_at, paused_at, paused_ms, status, assisted, finished_at, ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
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
                g.ms
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
        Write::Solve(g) => {
            update_game(tx, g)?;
            let (Some(difficulty), Some(ms), Some(finished_at), "pool") =
                (&g.difficulty, g.ms, g.finished_at, g.source.as_str())
            else {
                return Ok(Written::Placed(None));
            };
            tx.prepare_cached(
                "INSERT OR IGNORE INTO results(game_id, kind, config, difficulty, ms, assisted, finished_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            )?
            .execute(params![
                g.id,
                g.kind,
                g.config,
                difficulty,
                ms,
                g.assisted,
                finished_at
            ])?;
            let (better, of): (i64, i64) = tx
                .prepare_cached(
                    "SELECT COALESCE(SUM(ms < ?4), 0), COUNT(*) FROM results
                     WHERE kind = ?1 AND config = ?2 AND difficulty = ?3",
                )?
                .query_row(params![g.kind, g.config, difficulty, ms], |row| Ok((row.get(0)?, row.get(1)?)))?;
            Ok(Written::Placed(Some(Place { place: better as u64 + 1, of: of as u64 })))
        }
    }
}

fn update_game(tx: &rusqlite::Transaction<'_>, g: &GameRow) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "UPDATE games SET paused_at = ?2, paused_ms = ?3, status = ?4, assisted = ?5, finished_at = ?6, ms = ?7
         WHERE id = ?1",
    )?
    .execute(params![g.id, g.paused_at, g.paused_ms, g.status, g.assisted, g.finished_at, g.ms])?;
    Ok(())
}

/// Now, in Unix milliseconds.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}
