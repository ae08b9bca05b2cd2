//! The daily puzzle: one per UTC date and configuration (kind, shape, level), the same for every
//! player and on every server, with its own ranking (docs/web.md, "The daily puzzle").
//!
//! **Chosen from the date.** The seed is a stable hash of `(date, kind, config, difficulty)`:
//! FNV-1a (64 bits) over their text, then SplitMix64's finaliser to spread it (std's
//! `DefaultHasher` is not stable across Rust versions, so it would not do). The library's
//! generators are deterministic per seed, so two servers that never talk make the same puzzle.
//! A seed whose attempts are all spent (`GaveUp::NodeLimit`, the same on every machine) moves
//! on to seed + 1, + 2, ... up to [`SEEDS`]; a deadline is *not* a reason to move on (a slower
//! machine would then pick another puzzle than a faster one): the request answers 503 and the
//! generation is tried again from the same seed.
//!
//! **"Today"** is the UTC date of the server's clock ([`Today::utc`]); tests set it
//! ([`Today::fixed`], [`Today::set`]). A daily game keeps the date it started on, so a game
//! started at 23:59 UTC and solved after midnight counts for the day it started.
//!
//! **Made once.** A generated daily is cached in the `daily` table (`INSERT OR IGNORE`, then
//! read back, so that two servers sharing a file, or a race, keep one row). Within a server the
//! generation of one daily runs at most once at a time: it runs in a task of its own holding
//! that daily's lock (a request that gives up waiting does not cancel it, and the next request
//! finds the row); a request arriving meanwhile waits for the lock, then reads the row.

use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tessera::sudoku;
use tokio::sync::Mutex as AsyncMutex;

use crate::error::{AppError, AppResult};
use crate::pool::{generate_at, PoolKey};
use crate::store::{now_ms, DailyRow, Store, Write};

const DAY_MS: i64 = 24 * 3600 * 1000;
/// Seeds tried, from the date's own, before a daily is given up (never seen in practice: one
/// seed's thousands of attempts make every configuration offered).
pub const SEEDS: u64 = 8;
/// The deadline of one daily's generation (a safety net; the node limits decide the puzzle).
const GENERATION_BUDGET: Duration = Duration::from_secs(120);
/// How long a request waits for a daily being generated before it answers 503 (the page asks
/// again; the generation goes on meanwhile).
const WAIT: Duration = Duration::from_secs(6);

/// A date: days since 1970-01-01, written `YYYY-MM-DD` (proleptic Gregorian).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date(i64);

impl Date {
    /// The UTC date of a Unix time in milliseconds.
    pub fn of_ms(ms: i64) -> Date {
        Date(ms.div_euclid(DAY_MS))
    }

    /// The day before.
    pub fn previous(self) -> Date {
        Date(self.0 - 1)
    }

    /// `YYYY-MM-DD`, exactly (a 400 naming `field` otherwise).
    pub fn parse(text: &str, field: &'static str) -> AppResult<Date> {
        let bad = || AppError::bad(field, format!("{field} {text:?}: expected a date as YYYY-MM-DD"));
        let b = text.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return Err(bad());
        }
        let num = |s: &str| s.bytes().all(|c| c.is_ascii_digit()).then(|| s.parse::<i64>().ok()).flatten();
        let (y, m, d) = (
            num(&text[..4]).ok_or_else(bad)?,
            num(&text[5..7]).ok_or_else(bad)?,
            num(&text[8..]).ok_or_else(bad)?,
        );
        let month = u8::try_from(m).ok().and_then(|m| time::Month::try_from(m).ok()).ok_or_else(bad)?;
        let day = u8::try_from(d).map_err(|_| bad())?;
        // 2026-02-30 is no date: `time` checks the day against the month and year.
        let date = time::Date::from_calendar_date(y as i32, month, day).map_err(|_| bad())?;
        Ok(Date(i64::from(date.to_julian_day()) - UNIX_JULIAN_DAY))
    }
}

/// The Julian day number of 1970-01-01.
const UNIX_JULIAN_DAY: i64 = 2_440_588;

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Days outside `time`'s years (-9999 to 9999) are written as its first or last day; no
        // clock or parsed date reaches them.
        let julian = (self.0 + UNIX_JULIAN_DAY)
            .clamp(i64::from(time::Date::MIN.to_julian_day()), i64::from(time::Date::MAX.to_julian_day()));
        let date = time::Date::from_julian_day(julian as i32).unwrap_or(time::Date::MIN);
        write!(f, "{:04}-{:02}-{:02}", date.year(), u8::from(date.month()), date.day())
    }
}

/// Where "today" comes from: the UTC date of the server's clock, or a date set by a test.
#[derive(Debug, Clone, Default)]
pub struct Today {
    fixed: Option<Arc<AtomicI64>>,
}

impl Today {
    /// The UTC date of the system clock (the default).
    pub fn utc() -> Today {
        Today::default()
    }

    /// A clock stopped at `date` (`YYYY-MM-DD`); `None` if it is not a date.
    pub fn fixed(date: &str) -> Option<Today> {
        let date = Date::parse(date, "date").ok()?;
        Some(Today { fixed: Some(Arc::new(AtomicI64::new(date.0))) })
    }

    /// Moves a fixed clock (and every clone of it) to `date`; false for the system clock or a
    /// text that is not a date.
    pub fn set(&self, date: &str) -> bool {
        match (&self.fixed, Date::parse(date, "date")) {
            (Some(day), Ok(date)) => {
                day.store(date.0, Ordering::Relaxed);
                true
            }
            _ => false,
        }
    }

    /// Today's date.
    pub fn date(&self) -> Date {
        match &self.fixed {
            Some(day) => Date(day.load(Ordering::Relaxed)),
            None => Date::of_ms(now_ms()),
        }
    }
}

/// The seed of a daily: FNV-1a over `tessera-daily-1`, the date, kind, configuration and level
/// (separated by NUL), then SplitMix64's finaliser. Changing it changes every daily: don't.
pub fn seed(date: Date, key: &PoolKey) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let text = format!("tessera-daily-1\0{date}\0{}\0{}\0{}", key.kind.name(), key.config, key.difficulty);
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    // SplitMix64's finaliser, as the generators spread their seeds (attempt 0 adds nothing).
    tessera::common::seed::mix(hash, 0)
}

/// Generates the daily of `date` (blocking; seconds for the hardest levels): the first of the
/// seeds `seed, seed + 1, ...` that makes a puzzle. `Err` when the deadline passed (try again
/// later) or no seed made one.
pub fn generate(date: Date, key: &PoolKey, budget: sudoku::Budget) -> Result<DailyRow, String> {
    let base = seed(date, key);
    for k in 0..SEEDS {
        let seed = base.wrapping_add(k);
        match generate_at(key, budget.clone(), seed) {
            Ok(Some((puzzle, solution))) => {
                let canon = crate::model::Shape::from_key(key.kind, &key.config)
                    .and_then(|shape| shape.load(&puzzle, &solution))
                    .ok()
                    .and_then(|(shape, _, solution)| shape.answer_key(&solution));
                return Ok(DailyRow {
                    date: date.to_string(),
                    kind: key.kind,
                    config: key.config.clone(),
                    difficulty: key.difficulty.clone(),
                    // Stored as SQLite's signed 64-bit integer, bit for bit.
                    seed: seed as i64,
                    puzzle,
                    solution,
                    canon,
                });
            }
            Ok(None) => return Err(format!("no generator for {} {}", key.config, key.difficulty)),
            Err(sudoku::GaveUp::NodeLimit) => {
                tracing::info!(%date, config = %key.config, difficulty = %key.difficulty, seed, "daily: seed exhausted");
            }
            Err(other) => return Err(format!("generating the daily puzzle: {other}")),
        }
    }
    Err(format!("no daily {} {} for {date} from {SEEDS} seeds", key.config, key.difficulty))
}

/// One lock per daily being made, by date and configuration.
type Locks = HashMap<(Date, PoolKey), Arc<AsyncMutex<()>>>;

/// The dailies being made, one lock per daily (see the module's header).
#[derive(Debug, Default)]
pub struct Dailies {
    locks: Mutex<Locks>,
    generated: Arc<AtomicU64>,
}

impl Dailies {
    /// Dailies this server generated since it started (each once: tests check it).
    pub fn generated(&self) -> u64 {
        self.generated.load(Ordering::Relaxed)
    }

    fn lock_of(&self, date: Date, key: &PoolKey) -> Arc<AsyncMutex<()>> {
        let Ok(mut locks) = self.locks.lock() else { return Arc::default() };
        // Only today's and yesterday's are asked for: forget older locks.
        locks.retain(|(day, _), _| day.0 >= date.0 - 1);
        locks.entry((date, key.clone())).or_default().clone()
    }

    /// The daily of `date` for `key`: from the store, else generated now (once) and stored.
    pub async fn get(self: &Arc<Self>, store: &Store, date: Date, key: &PoolKey) -> AppResult<DailyRow> {
        if let Some(row) = store.daily(date.to_string(), key.clone()).await? {
            return Ok(row);
        }
        let (lock, store, key2) = (self.lock_of(date, key), store.clone(), key.clone());
        let generated = self.generated.clone();
        let task = tokio::spawn(async move {
            let _made_once = lock.lock_owned().await;
            if let Some(row) = store.daily(date.to_string(), key2.clone()).await? {
                return Ok::<_, AppError>(row);
            }
            let k = key2.clone();
            generated.fetch_add(1, Ordering::Relaxed);
            let started = std::time::Instant::now();
            let budget = sudoku::Budget::unlimited().with_timeout(GENERATION_BUDGET);
            let row =
                tokio::task::spawn_blocking(move || generate(date, &k, budget)).await?.map_err(|err| {
                    AppError::Busy(format!("today's puzzle could not be made yet ({err}); try again"))
                })?;
            tracing::info!(%date, config = %key2.config, difficulty = %key2.difficulty, seed = row.seed,
                ms = started.elapsed().as_millis() as u64, "daily: generated");
            store.write(Write::InsertDaily(row)).await?;
            // Read back: a row stored first (by another server on the same file) wins.
            store
                .daily(date.to_string(), key2)
                .await?
                .ok_or_else(|| AppError::Internal(anyhow::anyhow!("the daily was not stored")))
        });
        match tokio::time::timeout(WAIT, task).await {
            Ok(done) => done?,
            Err(_) => Err(AppError::Busy("today's puzzle is being made; try again in a few seconds".into())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{seed, Date, Today};
    use crate::model::Kind;
    use crate::pool::PoolKey;

    #[test]
    fn dates_round_trip_and_bad_ones_are_refused() {
        assert_eq!(Date(0).to_string(), "1970-01-01");
        assert_eq!(Date::of_ms(-1).to_string(), "1969-12-31");
        for text in ["2000-02-29", "2026-12-31", "1999-01-01", "2400-03-01"] {
            assert_eq!(Date::parse(text, "date").unwrap().to_string(), text);
        }
        for bad in
            ["2026-02-30", "2026-13-01", "2026-1-01", "20260101", "2026-01-01 ", "abcd-ef-gh", "2025-02-29"]
        {
            assert!(Date::parse(bad, "date").is_err(), "{bad}");
        }
        // Every day of the years 0000 to 4160 writes and reads back.
        for day in -719_528..800_000i64 {
            assert_eq!(Date::parse(&Date(day).to_string(), "date").unwrap(), Date(day), "{day}");
        }
    }

    #[test]
    fn a_fixed_clock_is_shared_by_its_clones() {
        let today = Today::fixed("2026-05-01").unwrap();
        let clone = today.clone();
        assert!(today.set("2026-05-02"));
        assert_eq!(clone.date().to_string(), "2026-05-02");
        assert!(!Today::utc().set("2026-05-02"));
    }

    #[test]
    fn the_seed_is_stable() {
        let kind = Kind::parse("sudoku").unwrap();
        let key = PoolKey { kind, config: "9x9 classic".into(), difficulty: "easy".into() };
        let day = Date::parse("2026-05-01", "date").unwrap();
        // Pinned: a change here changes every server's daily puzzles.
        assert_eq!(
            seed(day, &key),
            0xc205_fa7e_2114_d2bb,
            "FNV-1a then SplitMix64, checked by hand in Python"
        );
        let next = Date::parse("2026-05-02", "date").unwrap();
        assert_ne!(seed(day, &key), seed(next, &key));
    }
}
