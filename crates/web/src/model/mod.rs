//! What a game is played on: a [`Shape`] (a Sudoku layout, a Hidato rectangle, or a board of one
//! of the library's families, `crate::family`), its canonical configuration key (`"9x9 classic"`,
//! `"7x7 numbrix"`, `"9x9"`), and the rules a player's grid is checked by (conflicts, solved).
//! The text forms of pasted and shared puzzles are in `crate::text`.
//!
//! Grids travel as `Vec<i32>` row by row for every kind: Sudoku digits `0..=n` (0 empty); Hidato
//! `-1` hole, `0` empty, `1..=N`; the families `-1` blocked, `0` empty, a digit, or for stars `1`
//! a star and `2` a cell marked "no star".

mod hidato;
mod request;
pub mod sudoku;

use std::sync::Arc;

use serde::Serialize;
use tessera::hidato::Adjacency;
use tessera::sudoku::{Layout, Regions};
use tessera::{Budget, GaveUp};

use crate::api::{ConfigView, Hint};
use crate::error::{AppError, AppResult};
use crate::family::{Entry, FamilyRef, InPlay, FAMILIES};
use crate::pool::Made;
pub use crate::text::{hidato_compact, parse_hidato};
pub use hidato::{adjacency_name, parse_adjacency};
pub use request::{offered, Pasted, Wanted};
pub use sudoku::{parse_variant, variant_name};

/// The largest pasted Hidato (cells) the server analyses, verifies or plays.
pub const MAX_HIDATO_CELLS: usize = 900;

/// The puzzle kinds of the game: on the wire and in the store, their names.
///
/// This module is the web game's one registry: the only place that tells the kinds apart. Every
/// handler asks a [`Kind`] or a `Shape` what it needs (its levels, a new puzzle, the conflicts of
/// a grid, a hint, a pasted puzzle as a `Pasted`); what is Sudoku's or Hidato's own lives in
/// `sudoku.rs` and `hidato.rs` beside this file, and a family is one line in `FAMILIES`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Sudoku, classic or X.
    Sudoku,
    /// Hidato or Numbrix.
    Hidato,
    /// A family served through the library's traits (`crate::family::FAMILIES`).
    Family(FamilyRef),
}

impl Kind {
    /// `"sudoku"`, `"hidato"`, or the family's name (`"killer"`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Sudoku => "sudoku",
            Kind::Hidato => "hidato",
            Kind::Family(family) => family.name(),
        }
    }

    /// Every kind, in the order the API lists them.
    pub fn all() -> impl Iterator<Item = Kind> {
        [Kind::Sudoku, Kind::Hidato].into_iter().chain(FAMILIES.iter().map(|&f| Kind::Family(FamilyRef(f))))
    }

    /// The kind named exactly `text` (as [`name`](Self::name) writes it).
    pub fn from_name(text: &str) -> Option<Kind> {
        Kind::all().find(|kind| kind.name() == text)
    }

    /// The kind named by `text`; a 400 naming the field `kind` otherwise.
    pub fn parse(text: &str) -> AppResult<Kind> {
        Kind::from_name(text).ok_or_else(|| {
            let names: Vec<&str> = Kind::all().map(Kind::name).collect();
            AppError::bad("kind", format!("unknown kind {text:?}; expected {}", names.join(", ")))
        })
    }

    /// The family, for a kind served through the library's traits.
    pub fn family(self) -> Option<FamilyRef> {
        match self {
            Kind::Family(family) => Some(family),
            _ => None,
        }
    }

    /// Every level of the library, easiest first.
    pub fn difficulties(self) -> Vec<&'static str> {
        match self {
            Kind::Sudoku => tessera::sudoku::Difficulty::ALL.map(tessera::sudoku::Difficulty::name).to_vec(),
            Kind::Hidato => hidato::levels(),
            Kind::Family(family) => family.difficulties(),
        }
    }

    /// The board a request asks for, a part left out taking its default; with `offered`, a 422
    /// for a size the game does not offer (a new game), else any board (the records).
    pub fn shape(self, want: &Wanted<'_>, offered: bool) -> AppResult<Shape> {
        match self {
            Kind::Sudoku => sudoku::wanted(want, offered).map(Shape::Sudoku),
            Kind::Hidato => {
                let (width, height, adjacency) = hidato::wanted(want, offered)?;
                Ok(Shape::Hidato { width, height, adjacency })
            }
            Kind::Family(family) => {
                let sizes = family.sizes();
                let middle = if offered { sizes.get(sizes.len() / 2).copied() } else { None };
                let size = want.size.or(middle).unwrap_or(9);
                if offered && !sizes.contains(&size) {
                    let offered: Vec<String> = sizes.iter().map(ToString::to_string).collect();
                    return Err(AppError::unprocessable(
                        "size",
                        format!("size {size}: the game offers {} for {}", offered.join(", "), family.name()),
                    ));
                }
                Ok(Shape::Family { family, width: size, height: size, played: None })
            }
        }
    }

    /// A puzzle of this kind read from a client's text (`variant` for Sudoku, `adjacency` for
    /// Hidato); a 400 naming the field `puzzle` otherwise.
    pub fn read(
        self,
        text: &str,
        variant: Option<&str>,
        adjacency: Option<&str>,
    ) -> AppResult<Box<dyn Pasted>> {
        match self {
            Kind::Sudoku => sudoku::read(text, variant),
            Kind::Hidato => hidato::read(text, adjacency),
            Kind::Family(family) => Ok(Box::new(family.read(text, "puzzle")?)),
        }
    }
}

impl Serialize for Kind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// The board a game is played on.
#[derive(Debug, Clone)]
pub enum Shape {
    /// A Sudoku layout with the usual boxes for its size, with or without the diagonals.
    Sudoku(Arc<Layout>),
    /// A Hidato rectangle (holes are part of the puzzle, not of the shape).
    Hidato {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// Which cells touch.
        adjacency: Adjacency,
    },
    /// A board of a family: its size, and in a game the puzzle itself (the rules are the
    /// puzzle's: cages, regions); `None` where only the configuration is meant (records).
    Family {
        /// The family.
        family: FamilyRef,
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// The puzzle played.
        played: Option<Arc<dyn InPlay>>,
    },
}

impl Shape {
    /// A Sudoku of `size` with the usual boxes.
    pub fn sudoku(size: usize, diagonals: bool) -> AppResult<Shape> {
        sudoku::layout(size, diagonals).map(Shape::Sudoku)
    }

    /// The Sudoku board of a layout.
    pub fn of_layout(layout: Arc<Layout>) -> Shape {
        Shape::Sudoku(layout)
    }

    /// A Hidato board.
    pub fn hidato(width: usize, height: usize, adjacency: Adjacency) -> Shape {
        Shape::Hidato { width, height, adjacency }
    }

    /// The shape of a family's puzzle in play.
    pub fn of_played(played: Arc<dyn InPlay>) -> Shape {
        let picture = played.picture();
        let (width, height) = (picture.width, picture.height);
        Shape::Family { family: played.family(), width, height, played: Some(played) }
    }

    /// The kind.
    pub fn kind(&self) -> Kind {
        match self {
            Shape::Sudoku(_) => Kind::Sudoku,
            Shape::Hidato { .. } => Kind::Hidato,
            Shape::Family { family, .. } => Kind::Family(*family),
        }
    }

    /// A family's puzzle in play (its picture and rules go to the page).
    pub fn played(&self) -> Option<&Arc<dyn InPlay>> {
        match self {
            Shape::Family { played, .. } => played.as_ref(),
            _ => None,
        }
    }

    /// The canonical configuration key, as stored: `"9x9 classic"`, `"7x7 numbrix"`.
    pub fn key(&self) -> String {
        match self {
            Shape::Sudoku(layout) => {
                let n = layout.size();
                format!("{n}x{n} {}", variant_name(layout.has_diagonals()))
            }
            Shape::Hidato { width, height, adjacency } => {
                format!("{width}x{height} {}", adjacency_name(*adjacency))
            }
            Shape::Family { width, height, .. } => format!("{width}x{height}"),
        }
    }

    /// The shape of a stored key.
    pub fn from_key(kind: Kind, key: &str) -> AppResult<Shape> {
        let bad = || AppError::bad("config", format!("unknown configuration {key:?}"));
        let (dims, name) = key.split_once(' ').unwrap_or((key, ""));
        let (w, h) = dims.split_once('x').ok_or_else(bad)?;
        let (w, h): (usize, usize) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
        if w == 0 || h == 0 || w.saturating_mul(h) > MAX_HIDATO_CELLS {
            return Err(bad());
        }
        match kind {
            Kind::Sudoku if w == h && !name.is_empty() => Shape::sudoku(w, parse_variant(name)?),
            Kind::Hidato if !name.is_empty() => {
                Ok(Shape::Hidato { width: w, height: h, adjacency: parse_adjacency(name)? })
            }
            Kind::Family(family) if name.is_empty() => {
                Ok(Shape::Family { family, width: w, height: h, played: None })
            }
            _ => Err(bad()),
        }
    }

    /// A stored puzzle and solution (the texts of the `puzzles`, `daily` and `games` tables) on
    /// this configuration's board, as the game's shape and grids: Sudoku and Hidato store grids;
    /// the families the puzzle's text (read here: the board is the puzzle's) and the solution's
    /// grid.
    pub fn load(self, puzzle: &str, solution: &str) -> AppResult<(Shape, Vec<i32>, Vec<i32>)> {
        let kind = self.kind();
        let solution = split_cells(solution).map_err(AppError::Internal)?;
        let (shape, cells) = match self {
            Shape::Family { family, .. } => {
                let played = family.read(puzzle, "puzzle")?;
                let cells = played.givens().to_vec();
                (Shape::of_played(played), cells)
            }
            shape => (shape, split_cells(puzzle).map_err(AppError::Internal)?),
        };
        if cells.len() != shape.cells() || solution.len() != shape.cells() {
            return Err(AppError::Internal(anyhow::anyhow!("a stored {} of the wrong size", kind.name())));
        }
        Ok((shape, cells, solution))
    }

    /// The key of a solution on this board that every disguised copy of its puzzle shares
    /// (turned, reflected, relabelled; for Sudoku its whole group of moves): the library's
    /// `answer_key`. Giving out an answer marks the games of its key assisted (`crate::reveal`).
    /// `None` when the grid is no solution of this board.
    pub fn answer_key(&self, solution: &[i32]) -> Option<String> {
        match self {
            Shape::Sudoku(layout) => {
                let digits = solution.iter().map(|&d| u8::try_from(d).ok()).collect::<Option<Vec<u8>>>()?;
                let grid = tessera::sudoku::Sudoku::from_digits(layout.clone(), digits).ok()?;
                grid.is_solved().then(|| tessera::sudoku::answer_key(&grid))
            }
            Shape::Hidato { width, height, adjacency } => {
                let grid =
                    tessera::hidato::Hidato::new(*width, *height, solution.to_vec(), *adjacency).ok()?;
                Some(tessera::hidato::answer_key(&grid))
            }
            Shape::Family { played, .. } => played.as_ref()?.answer_key(solution),
        }
    }

    /// The stored text of a game's puzzle: its grid, or a family's text.
    pub fn stored_puzzle(&self, puzzle: &[i32]) -> String {
        match self.played() {
            Some(played) => played.text().to_owned(),
            None => join_cells(puzzle),
        }
    }

    /// The names of the levels the game offers on this board, easiest first.
    pub fn levels(&self) -> Vec<&'static str> {
        match self {
            Shape::Sudoku(layout) => {
                sudoku::levels(layout).into_iter().map(tessera::sudoku::Difficulty::name).collect()
            }
            Shape::Hidato { .. } => hidato::levels(),
            Shape::Family { family, width, .. } => family.levels(*width),
        }
    }

    /// One puzzle of this board and a level from `seed`, as stored; `Ok(None)` for a level or
    /// board the generator does not know, `Err` with the reason when it gave up.
    pub fn generate(&self, difficulty: &str, budget: Budget, seed: u64) -> Result<Option<Made>, GaveUp> {
        match self {
            Shape::Sudoku(layout) => sudoku::generate(layout, difficulty, budget, seed),
            Shape::Hidato { width, height, adjacency } => {
                hidato::generate((*width, *height, *adjacency), difficulty, budget, seed)
            }
            Shape::Family { family, width, height, .. } if width == height => {
                let made = family.generate(*width, difficulty, budget, seed)?;
                Ok(made.map(|(text, solution)| (text, join_cells(&solution))))
            }
            Shape::Family { .. } => Ok(None),
        }
    }

    /// The `config` object of a game.
    pub fn config_view(&self) -> ConfigView {
        match self {
            Shape::Sudoku(layout) => {
                let (box_rows, box_cols) = match layout.regions() {
                    Regions::Boxes { rows, cols } => (*rows, *cols),
                    Regions::Jigsaw(_) => (0, 0),
                };
                ConfigView::Sudoku {
                    box_cols,
                    box_rows,
                    size: layout.size(),
                    variant: variant_name(layout.has_diagonals()),
                }
            }
            Shape::Hidato { width, height, adjacency } => {
                ConfigView::Hidato { adjacency: adjacency_name(*adjacency), height: *height, width: *width }
            }
            Shape::Family { width, height, .. } => ConfigView::Family { height: *height, width: *width },
        }
    }

    /// Columns and rows.
    pub fn dimensions(&self) -> (usize, usize) {
        match self {
            Shape::Sudoku(layout) => (layout.size(), layout.size()),
            Shape::Hidato { width, height, .. } | Shape::Family { width, height, .. } => (*width, *height),
        }
    }

    /// Cells of the grid.
    pub fn cells(&self) -> usize {
        let (width, height) = self.dimensions();
        width * height
    }

    /// The text to share a puzzle by: the Sudoku line, Hidato's compact `WxH:row/row` form, or a
    /// family's text.
    pub fn share(&self, puzzle: &[i32]) -> String {
        match self {
            Shape::Sudoku(layout) => {
                sudoku::to_sudoku(layout, puzzle).map(|s| s.to_line()).unwrap_or_default()
            }
            Shape::Hidato { width, height, .. } => hidato_compact(*width, *height, puzzle),
            Shape::Family { played, .. } => played.as_ref().map(|p| p.text().to_owned()).unwrap_or_default(),
        }
    }

    /// The largest value of a cell (Hidato: the count of its cells; stars: 1).
    fn largest(&self, puzzle: &[i32]) -> i32 {
        match self {
            Shape::Sudoku(layout) => layout.size() as i32,
            Shape::Hidato { .. } => puzzle.iter().filter(|&&v| v != tessera::hidato::HOLE).count() as i32,
            Shape::Family { played, .. } => played.as_ref().map_or(0, |p| p.rules().largest()),
        }
    }

    /// The largest value a note may hold, or `None` for a puzzle without notes (Hidato, stars).
    pub fn note_max(&self) -> Option<i32> {
        match self {
            Shape::Sudoku(layout) => Some(layout.size() as i32),
            Shape::Family { played: Some(played), .. } if played.rules().entry == Entry::Digits => {
                Some(played.rules().max as i32)
            }
            _ => None,
        }
    }

    /// How values are entered (`None` outside the families).
    pub fn entry(&self) -> Option<Entry> {
        self.played().map(|p| p.rules().entry)
    }

    /// A value as the player reads it (Sudoku 16x16: `A` to `G` above 9).
    pub fn symbol(&self, value: i32) -> String {
        match (self, u8::try_from(value)) {
            (Shape::Sudoku(layout), Ok(digit)) => layout.symbol(digit).to_string(),
            _ => value.to_string(),
        }
    }

    /// The next step the rules find on a grid without mistakes and the player's notes (masks,
    /// bit `v - 1` for `v`), or `None` when they find none.
    pub fn logic_hint(
        &self,
        cells: &[i32],
        notes: &[u32],
        solution: &[i32],
        budget: &Budget,
    ) -> AppResult<Option<Hint>> {
        match self {
            Shape::Sudoku(layout) => sudoku::hint(layout, cells, notes),
            Shape::Hidato { width, height, adjacency } => hidato::hint((*width, *height, *adjacency), cells),
            Shape::Family { played: Some(played), .. } => Ok(Some(played.hint(cells, solution, budget))),
            Shape::Family { .. } => {
                Err(AppError::Internal(anyhow::anyhow!("a family game without its puzzle")))
            }
        }
    }

    /// Checks that `cells` is a grid of this puzzle: the length, the values, the givens (and
    /// Hidato's holes) kept. The error names the first cell at fault.
    pub fn validate(&self, puzzle: &[i32], cells: &[i32]) -> AppResult<()> {
        if cells.len() != puzzle.len() {
            return Err(AppError::bad(
                "cells",
                format!("the grid has {} cells; this puzzle has {}", cells.len(), puzzle.len()),
            ));
        }
        let max = self.largest(puzzle);
        for (cell, (&given, &value)) in puzzle.iter().zip(cells).enumerate() {
            let name = self.cell_name(cell);
            if given == tessera::hidato::HOLE || value == tessera::hidato::HOLE {
                if given != value {
                    let what = if given == tessera::hidato::HOLE { "is a hole" } else { "is not a hole" };
                    return Err(AppError::bad("cells", format!("cell {name} {what} (cells[{cell}])")));
                }
                continue;
            }
            if !(0..=max).contains(&value) {
                return Err(AppError::bad(
                    "cells",
                    format!("cell {name} holds {value}; expected 0 (empty) to {max} (cells[{cell}])"),
                ));
            }
            if given > 0 && value != given {
                return Err(AppError::bad(
                    "cells",
                    format!("cell {name} is the given {given}; it cannot be changed (cells[{cell}])"),
                ));
            }
        }
        Ok(())
    }

    /// A cell's name for messages: `r4c7` for Sudoku, `(column,row)` for Hidato.
    pub fn cell_name(&self, cell: usize) -> String {
        match self {
            Shape::Sudoku(layout) => layout.cell_name(cell),
            Shape::Hidato { width, .. } => format!("({},{})", cell % width + 1, cell / width + 1),
            Shape::Family { width, .. } => format!("r{}c{}", cell / width + 1, cell % width + 1),
        }
    }

    /// The names of a hint's cells: on a family's grid a row's cells side by side as a range
    /// ("r11c6-r11c8"), then a column's ("r3c5-r9c5"), the rest alone, by first cell (the
    /// page's `cellsNamed` writes the same); elsewhere one name a cell, in the order given.
    pub fn cells_named(&self, cells: &[usize]) -> Vec<String> {
        let &Shape::Family { width, .. } = self else {
            return cells.iter().map(|&c| self.cell_name(c)).collect();
        };
        let mut left: std::collections::BTreeSet<usize> = cells.iter().copied().collect();
        let mut named: Vec<(usize, String)> = Vec::new();
        for step in [1, width] {
            // The next cell of a range: beside in the row (not past its end), or below.
            let next = |i: usize| (step == width || (i + 1) % width != 0).then_some(i + step);
            let starts: Vec<usize> = left.iter().copied().collect();
            for i in starts {
                let before = i.checked_sub(step).filter(|&b| next(b) == Some(i));
                if !left.contains(&i) || before.is_some_and(|b| left.contains(&b)) {
                    continue;
                }
                let mut end = i;
                while let Some(after) = next(end).filter(|a| left.contains(a)) {
                    end = after;
                }
                if end != i {
                    (i..=end).step_by(step).for_each(|k| {
                        left.remove(&k);
                    });
                    named.push((i, format!("{}-{}", self.cell_name(i), self.cell_name(end))));
                }
            }
        }
        named.extend(left.into_iter().map(|i| (i, self.cell_name(i))));
        named.sort();
        named.into_iter().map(|(_, name)| name).collect()
    }

    /// The cells breaking a rule, ascending: a digit twice in a house; in Hidato a number twice,
    /// or a number not touching the one before or after it when both are placed.
    pub fn conflicts(&self, cells: &[i32]) -> Vec<usize> {
        let mut bad = vec![false; cells.len()];
        match self {
            Shape::Sudoku(layout) => sudoku::conflicts(layout, cells, &mut bad),
            Shape::Hidato { width, adjacency, .. } => hidato::conflicts(*width, *adjacency, cells, &mut bad),
            Shape::Family { played, width, .. } => {
                return played.as_ref().map(|p| p.rules().conflicts(cells, *width)).unwrap_or_default();
            }
        }
        bad.iter().enumerate().filter(|(_, &b)| b).map(|(cell, _)| cell).collect()
    }

    /// Whether every cell that is not a hole is filled (Star Battle: every row has its stars).
    pub fn is_complete(&self, cells: &[i32]) -> bool {
        match self {
            Shape::Family { played: Some(played), height, .. } => played.rules().is_complete(cells, *height),
            _ => cells.iter().all(|&v| v != 0),
        }
    }

    /// Whether a complete grid without conflicts is a solution: the library's `verify` for the
    /// families (the rules checked above are Sudoku's and Hidato's whole rules).
    pub fn is_solution(&self, cells: &[i32]) -> bool {
        match self {
            Shape::Family { played, .. } => played.as_ref().is_some_and(|p| p.violations(cells).is_empty()),
            _ => true,
        }
    }

    /// The cells a player must fill: the empty ones, or for stars the stars, for shading the
    /// shaded cells (the floor of a ranked time counts them).
    pub fn to_fill(&self, puzzle: &[i32]) -> usize {
        let placed = match self {
            Shape::Family { played: Some(played), height, .. } => played.rules().to_place(*height),
            _ => None,
        };
        placed.unwrap_or_else(|| puzzle.iter().filter(|&&v| v == 0).count())
    }
}

/// A grid stored as text: comma-separated integers.
pub fn join_cells(cells: &[i32]) -> String {
    cells.iter().map(i32::to_string).collect::<Vec<_>>().join(",")
}

/// The inverse of [`join_cells`].
pub fn split_cells(text: &str) -> anyhow::Result<Vec<i32>> {
    text.split(',').map(|v| v.parse::<i32>().map_err(anyhow::Error::from)).collect()
}
