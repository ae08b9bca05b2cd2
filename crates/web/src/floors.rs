//! The floor of a ranked time, per configuration: a result solved faster is kept but not
//! ranked (docs/web.md, "The floor of a ranked time", where each figure's source is given).
//!
//! Two floors, the higher one counts:
//!
//! - **the hands**: the puzzle's cells to fill x `Config::floor_ms_per_cell` (default 500 ms), the
//!   least time a person needs to select a cell and enter its value, with no thinking at all;
//! - **the head**: a figure per configuration (kind, size, level), half the fastest human
//!   solves documented for it, or, where no figure is published, a time per cell to fill that
//!   grows with the level (`Config::floor_percent` scales it; 0 turns it off).
//!
//! Both are floors, not targets: they sit under the best human times, so that an honest fast
//! player is ranked, while a program that posts a solution early is not.

use crate::model::Shape;

/// A game's floor and how it was found, for the check's `reason`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Floor {
    /// The floor, in milliseconds.
    pub ms: i64,
    /// Where it comes from, for the player.
    pub why: String,
}

/// Sudoku, the head's floor in seconds per size and level: half the fastest documented solves,
/// rounded (9x9 easy: about 90 s by a champion on paper, so 45 s; the other sizes and levels
/// scaled as docs/web.md explains).
const SUDOKU_SECONDS: &[(usize, &str, u32)] = &[
    (4, "easy", 8),
    (6, "easy", 15),
    (6, "medium", 20),
    (6, "hard", 30),
    (6, "expert", 40),
    (6, "extreme", 50),
    (9, "easy", 45),
    (9, "medium", 60),
    (9, "hard", 90),
    (9, "expert", 120),
    (9, "extreme", 150),
    (9, "fiendish", 150),
    (9, "diabolical", 150),
    (16, "easy", 180),
    (16, "extreme", 480),
    (16, "diabolical", 600),
];

/// The kinds with published human times, by the kind's name: their tables (side, level, seconds).
const PUBLISHED: &[(&str, Times)] = &[("sudoku", SUDOKU_SECONDS)];

/// A table of published times: (side, level, seconds).
type Times = &'static [(usize, &'static str, u32)];

/// Hidato and the families, where no human times are published: the head's floor per cell to
/// fill, by the level's rank among its kind's (easy first), in milliseconds.
const PER_CELL_BY_RANK: [u32; 4] = [600, 800, 1000, 1200];

/// The head's floor of a configuration for a puzzle with `to_fill` cells to fill, in ms, before
/// scaling; `None` for a configuration without one (a level the table does not know).
fn head_ms(shape: &Shape, difficulty: &str, to_fill: usize) -> Option<i64> {
    let kind = shape.kind();
    if let Some((_, table)) = PUBLISHED.iter().find(|(name, _)| *name == kind.name()) {
        let (width, _) = shape.dimensions();
        return table
            .iter()
            .find(|(size, level, _)| *size == width && *level == difficulty)
            .map(|&(_, _, seconds)| i64::from(seconds) * 1000);
    }
    let rank = kind.difficulties().iter().position(|&level| level == difficulty)?;
    let per_cell = PER_CELL_BY_RANK[rank.min(PER_CELL_BY_RANK.len() - 1)];
    Some(i64::from(per_cell) * to_fill as i64)
}

/// The floor of a game of `shape` and `difficulty` whose puzzle has `to_fill` cells to fill:
/// the higher of the hands' (`per_cell_ms` a cell) and the head's (scaled by `percent`).
pub fn floor(
    shape: &Shape,
    difficulty: Option<&str>,
    to_fill: usize,
    per_cell_ms: u64,
    percent: u32,
) -> Floor {
    let hands = i64::try_from((to_fill as u64).saturating_mul(per_cell_ms)).unwrap_or(i64::MAX);
    let head = difficulty
        .and_then(|level| head_ms(shape, level, to_fill))
        .map_or(0, |ms| ms.saturating_mul(i64::from(percent)) / 100);
    let secs = |ms: i64| ms as f64 / 1000.0;
    if head > hands {
        let what = format!("{} {}, {}", shape.kind().name(), shape.key(), difficulty.unwrap_or("unrated"));
        Floor {
            ms: head,
            why: format!("the floor of {:.1} s for {what} (under the best human times)", secs(head)),
        }
    } else {
        Floor {
            ms: hands,
            why: format!(
                "the floor of {:.1} s for this puzzle ({to_fill} empty cells at {per_cell_ms} ms each)",
                secs(hands)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{floor, SUDOKU_SECONDS};
    use crate::model::Shape;

    #[test]
    fn the_higher_floor_counts_and_says_where_it_comes_from() {
        let shape = Shape::sudoku(9, false).unwrap();
        let table = floor(&shape, Some("easy"), 56, 500, 100);
        assert_eq!(table.ms, 45_000);
        assert!(table.why.contains("sudoku 9x9 classic, easy"), "{}", table.why);
        let hands = floor(&shape, Some("easy"), 56, 1000, 100);
        assert_eq!(hands.ms, 56_000);
        assert!(hands.why.contains("56 empty cells at 1000 ms"), "{}", hands.why);
        assert_eq!(floor(&shape, Some("easy"), 56, 0, 10).ms, 4_500, "scaled");
        assert_eq!(floor(&shape, Some("easy"), 56, 0, 0).ms, 0, "off");
        assert_eq!(floor(&shape, None, 56, 500, 100).ms, 28_000, "an unrated puzzle: the hands only");
    }

    #[test]
    fn every_sudoku_level_offered_has_a_figure() {
        for size in [4, 6, 9, 16] {
            let shape = Shape::sudoku(size, false).unwrap();
            for level in shape.levels() {
                assert!(
                    SUDOKU_SECONDS.iter().any(|&(s, l, _)| s == size && l == level),
                    "no floor for {size}x{size} {level}"
                );
            }
        }
    }

    #[test]
    fn hidato_and_the_families_grow_with_the_level() {
        let hidato = Shape::from_key(crate::model::Kind::parse("hidato").unwrap(), "7x7 hidato").unwrap();
        let easy = floor(&hidato, Some("easy"), 25, 0, 100).ms;
        let expert = floor(&hidato, Some("expert"), 25, 0, 100).ms;
        assert_eq!((easy, expert), (15_000, 30_000));
    }
}
