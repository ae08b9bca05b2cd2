//! A game in play: its stored row, the shape its grid is checked by, and the clock.
//!
//! Time played is `end - started_at - paused_ms`, where `end` is the finish, the start of the
//! current pause, or now; all on the server's clock (Unix milliseconds), so that it survives a
//! restart and no client can set it.

use serde_json::{json, Value};

use crate::model::{split_cells, Kind, Shape};
use crate::store::GameRow;

/// A game, as kept in memory while it is played.
#[derive(Debug, Clone)]
pub struct Game {
    /// The stored row (kept in step with every write).
    pub row: GameRow,
    /// The kind of the game.
    pub kind: Kind,
    /// The board's rules.
    pub shape: Shape,
    /// The puzzle's cells.
    pub puzzle: Vec<i32>,
    /// The solution's cells.
    pub solution: Vec<i32>,
}

impl Game {
    /// The game of a stored row.
    pub fn from_row(row: GameRow) -> anyhow::Result<Game> {
        let kind = match row.kind.as_str() {
            "sudoku" => Kind::Sudoku,
            "hidato" => Kind::Hidato,
            other => anyhow::bail!("game {}: unknown kind {other:?}", row.id),
        };
        let shape =
            Shape::from_key(kind, &row.config).map_err(|err| anyhow::anyhow!("game {}: {err}", row.id))?;
        let puzzle = split_cells(&row.puzzle)?;
        let solution = split_cells(&row.solution)?;
        anyhow::ensure!(
            puzzle.len() == shape.cells() && solution.len() == shape.cells(),
            "game {}: grids of the wrong size",
            row.id
        );
        Ok(Game { row, kind, shape, puzzle, solution })
    }

    /// Whether the game is over (solved or quit).
    pub fn is_over(&self) -> bool {
        matches!(self.row.status.as_str(), "solved" | "quit")
    }

    /// Milliseconds played by `now`, pauses left out.
    pub fn played_ms(&self, now: i64) -> i64 {
        if let Some(ms) = self.row.ms {
            return ms;
        }
        let end = self.row.finished_at.or(self.row.paused_at).unwrap_or(now);
        (end - self.row.started_at - self.row.paused_ms).max(0)
    }

    /// Whole seconds played by `now`.
    pub fn seconds(&self, now: i64) -> i64 {
        self.played_ms(now) / 1000
    }

    /// The `Game` object of the API.
    pub fn to_json(&self, now: i64) -> Value {
        json!({
            "id": self.row.id,
            "kind": self.kind.name(),
            "config": self.shape.config_json(),
            "difficulty": self.row.difficulty,
            "puzzle": self.puzzle,
            "share": self.shape.share(&self.puzzle),
            "source": self.row.source,
            "status": self.row.status,
            "seconds": self.seconds(now),
            "assisted": self.row.assisted,
        })
    }
}
