//! What the store keeps and the writes it takes: the rows of `games` and `puzzles`, and the jobs
//! of the writer thread with their answers.
//!
//! [`Kind`], [`Status`] and [`Source`] are stored as the same text as on the wire (`"sudoku"`,
//! `"playing"`, `"pool"`, ...), so that the databases written when they were plain strings read
//! back unchanged.

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

use crate::game::{Source, Status};
use crate::model::Kind;

/// A game as stored. Times are Unix milliseconds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    /// Random, URL-safe.
    pub id: String,
    /// The pool puzzle it plays, `None` for a pasted one.
    pub puzzle_id: Option<i64>,
    /// From the pool or pasted.
    pub source: Source,
    /// The family.
    pub kind: Kind,
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
    /// Playing, paused, solved or quit.
    pub status: Status,
    /// Whether a hint was used or the puzzle's answer given out while it was played.
    pub assisted: bool,
    /// When it was solved or quit.
    pub finished_at: Option<i64>,
    /// Time played, once solved.
    pub ms: Option<i64>,
    /// The anonymous player id of the cookie that started it, if any.
    pub player: Option<String>,
    /// When it was last stored (the expiry of abandoned games reads it).
    pub touched_at: i64,
    /// The date (`YYYY-MM-DD`) of the daily puzzle it plays; `None` for every other game.
    pub daily: Option<String>,
    /// The key of its solution (`Shape::answer_key`): an answer given out with this key marks
    /// it assisted (`crate::reveal`); `None` for a game stored before keys were.
    pub canon: Option<String>,
}

impl GameRow {
    /// A game started at `at` (Unix milliseconds) and in play: no puzzle id, level, cells,
    /// player or daily date yet, never paused, not assisted. The caller fills in the rest with
    /// struct update syntax.
    pub fn started(id: String, source: Source, kind: Kind, config: String, at: i64) -> GameRow {
        GameRow {
            id,
            puzzle_id: None,
            source,
            kind,
            config,
            difficulty: None,
            puzzle: String::new(),
            solution: String::new(),
            started_at: at,
            paused_at: None,
            paused_ms: 0,
            status: Status::Playing,
            assisted: false,
            finished_at: None,
            ms: None,
            player: None,
            touched_at: at,
            daily: None,
            canon: None,
        }
    }
}

/// A daily puzzle as cached in the `daily` table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DailyRow {
    /// `YYYY-MM-DD`, UTC.
    pub date: String,
    /// The family.
    pub kind: Kind,
    /// The configuration key.
    pub config: String,
    /// Its level.
    pub difficulty: String,
    /// The seed that made it.
    pub seed: i64,
    /// Cells, comma-separated.
    pub puzzle: String,
    /// Cells, comma-separated.
    pub solution: String,
    /// The key of its solution (`Shape::answer_key`): today's daily is refused to every route to
    /// an answer under any disguise; `None` for one stored before keys were.
    pub canon: Option<String>,
}

/// A generated puzzle for the pool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleRow {
    /// Its id (0 before it is stored).
    pub id: i64,
    /// The family.
    pub kind: Kind,
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
    /// A daily puzzle, unless one is stored already for its date and configuration.
    InsertDaily(DailyRow),
    /// A new game; its pool puzzle, if any, counts one more play.
    InsertGame(GameRow),
    /// The state of a game after pause, resume, hint or quit.
    UpdateGame(GameRow),
    /// A solved game and, for a pool or daily game, its result (ranked or not); answers the
    /// place of a ranked one (a daily's in the ranking of its date), or [`Written::Gone`] when
    /// the game was expired meanwhile.
    Solve {
        /// The game, solved.
        row: GameRow,
        /// Whether its result may be ranked as far as the handler knows (source, offline,
        /// floor); the writer may still leave it unranked ([`Unranked`]), and answers why.
        ranked: bool,
        /// The client address it was solved from (`crate::address`), when known.
        addr: Option<String>,
        /// The caps on one address's ranked results.
        caps: Caps,
    },
    /// Marks assisted every game in play (but `except`) whose stored puzzle is `puzzle`: its
    /// answer was revealed (analyze, or a hint on a pasted copy). Answers their ids.
    Reveal {
        /// The stored text of the puzzle (`crate::game::stored_puzzle`).
        puzzle: String,
        /// The key of the answer given out (`Shape::answer_key`), when there is one.
        canon: Option<String>,
        /// A game left as it is (the one asking, when it is in play).
        except: Option<String>,
    },
    /// Deletes up to `limit` of the games playing or paused whose last change is older than
    /// `before` (Unix milliseconds); answers their ids.
    Expire {
        /// The cut-off.
        before: i64,
        /// Games deleted at most, so that one expiry never holds the writer for long.
        limit: usize,
    },
}

/// What a write answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Written {
    /// Done.
    Done,
    /// The id of an inserted puzzle.
    Id(i64),
    /// The place of a result.
    Placed(Option<Place>),
    /// The game is no longer stored (expired).
    Gone,
    /// The ids of the games expired.
    Expired(Vec<String>),
    /// A solved result kept but not ranked, and why.
    Unranked(Unranked),
    /// The ids of the games marked assisted by a [`Write::Reveal`].
    Assisted(Vec<String>),
}

/// The caps the writer applies before ranking a result (from `Config`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Caps {
    /// Places of a configuration's top 20 one address may hold; 0: no cap.
    pub top_per_address: u32,
    /// A daily is ranked once per address as well as once per player.
    pub daily_once_per_address: bool,
}

/// Why the writer left a result unranked (the handler's own reasons, floor and offline, come
/// first).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unranked {
    /// A hint was used, or the puzzle's answer was revealed while it was played.
    Assisted,
    /// A result of this daily is ranked already for this player (cookie) or address.
    DailyRanked,
    /// The address holds that many places of the configuration's top 20 already.
    TopCap(u32),
}

/// Stores an enum as its wire name, and reads it back from that name.
macro_rules! stored_as_name {
    ($($ty:ty),*) => {$(
        impl ToSql for $ty {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                Ok(ToSqlOutput::from(self.name()))
            }
        }

        impl FromSql for $ty {
            fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
                let text = value.as_str()?;
                <$ty>::from_name(text).ok_or_else(|| {
                    FromSqlError::Other(format!("unknown {} {text:?}", stringify!($ty)).into())
                })
            }
        }
    )*};
}

stored_as_name!(Kind, Status, Source);
