//! What a game is played on: a [`Shape`] (a Sudoku layout, a Hidato rectangle, or a board of one
//! of the library's families, `crate::family`), its canonical configuration key (`"9x9 classic"`,
//! `"7x7 numbrix"`, `"9x9"`), and the rules a player's grid is checked by (conflicts, solved).
//! The text forms of pasted and shared puzzles are in `crate::text`.
//!
//! Grids travel as `Vec<i32>` row by row for every kind: Sudoku digits `0..=n` (0 empty); Hidato
//! `-1` hole, `0` empty, `1..=N`; the families `-1` blocked, `0` empty, a digit, or for stars `1`
//! a star and `2` a cell marked "no star".

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use serde::Serialize;
use tessera::hidato::{self, Adjacency, Hidato};
use tessera::sudoku::{Layout, Regions, Sudoku};

use crate::api::ConfigView;
use crate::error::{AppError, AppResult};
use crate::family::{FamilyRef, InPlay, FAMILIES};
pub use crate::text::{hidato_compact, parse_hidato, parse_sudoku};

/// Sudoku sizes the game offers.
pub const SUDOKU_SIZES: [usize; 4] = [4, 6, 9, 16];
/// Hidato boards the game offers (width, height).
pub const HIDATO_SIZES: [(usize, usize); 4] = [(5, 5), (7, 7), (9, 9), (12, 12)];
/// The largest pasted Hidato (cells) the server analyses, verifies or plays.
pub const MAX_HIDATO_CELLS: usize = 900;

/// Sudoku layouts by size and diagonals.
type Layouts = HashMap<(usize, bool), Arc<Layout>>;

/// The puzzle families of the game: on the wire and in the store, their names.
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

    /// The kind named exactly `text` (as [`name`](Self::name) writes it).
    pub fn from_name(text: &str) -> Option<Kind> {
        match text {
            "sudoku" => Some(Kind::Sudoku),
            "hidato" => Some(Kind::Hidato),
            other => FamilyRef::named(other).map(Kind::Family),
        }
    }

    /// The kind named by `text`; a 400 naming the field `kind` otherwise.
    pub fn parse(text: &str) -> AppResult<Kind> {
        Kind::from_name(text).ok_or_else(|| {
            let names: Vec<&str> =
                ["sudoku", "hidato"].into_iter().chain(FAMILIES.iter().map(|f| f.name())).collect();
            AppError::bad("kind", format!("unknown kind {text:?}; expected {}", names.join(", ")))
        })
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

/// `"classic"` or `"x"`.
pub fn variant_name(diagonals: bool) -> &'static str {
    if diagonals {
        "x"
    } else {
        "classic"
    }
}

/// Whether a variant name asks for the diagonals.
pub fn parse_variant(text: &str) -> AppResult<bool> {
    match text {
        "classic" => Ok(false),
        "x" | "X" => Ok(true),
        other => Err(AppError::bad("variant", format!("unknown variant {other:?}; expected classic or x"))),
    }
}

/// `"hidato"` (8 neighbours) or `"numbrix"` (4).
pub fn adjacency_name(adjacency: Adjacency) -> &'static str {
    match adjacency {
        Adjacency::Orthogonal => "numbrix",
        _ => "hidato",
    }
}

/// The adjacency named by `text`.
pub fn parse_adjacency(text: &str) -> AppResult<Adjacency> {
    match text {
        "hidato" | "king" => Ok(Adjacency::King),
        "numbrix" | "orthogonal" => Ok(Adjacency::Orthogonal),
        other => Err(AppError::bad(
            "adjacency",
            format!("unknown adjacency {other:?}; expected hidato or numbrix"),
        )),
    }
}

impl Shape {
    /// A Sudoku of `size` with the usual boxes. Layouts are built once per size and variant
    /// (building one costs more than a check).
    pub fn sudoku(size: usize, diagonals: bool) -> AppResult<Shape> {
        static LAYOUTS: OnceLock<Mutex<Layouts>> = OnceLock::new();
        let layouts = LAYOUTS.get_or_init(Mutex::default);
        if let Some(layout) = layouts.lock().ok().and_then(|l| l.get(&(size, diagonals)).cloned()) {
            return Ok(Shape::Sudoku(layout));
        }
        let layout = Layout::classic(size).map_err(|err| AppError::unprocessable("size", err.to_string()))?;
        let layout = Arc::new(if diagonals { layout.with_diagonals() } else { layout });
        if let Ok(mut layouts) = layouts.lock() {
            layouts.insert((size, diagonals), layout.clone());
        }
        Ok(Shape::Sudoku(layout))
    }

    /// The family.
    pub fn kind(&self) -> Kind {
        match self {
            Shape::Sudoku(_) => Kind::Sudoku,
            Shape::Hidato { .. } => Kind::Hidato,
            Shape::Family { family, .. } => Kind::Family(*family),
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
        if let Kind::Family(family) = kind {
            let (w, h) = key.split_once('x').ok_or_else(bad)?;
            let (w, h): (usize, usize) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
            if w == 0 || h == 0 || w.saturating_mul(h) > MAX_HIDATO_CELLS {
                return Err(bad());
            }
            return Ok(Shape::Family { family, width: w, height: h, played: None });
        }
        let (dims, name) = key.split_once(' ').ok_or_else(bad)?;
        let (w, h) = dims.split_once('x').ok_or_else(bad)?;
        let (w, h): (usize, usize) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
        match kind {
            Kind::Sudoku if w == h => Shape::sudoku(w, parse_variant(name)?),
            Kind::Sudoku => Err(bad()),
            Kind::Family(_) => Err(bad()),
            Kind::Hidato => {
                if w == 0 || h == 0 || w.saturating_mul(h) > MAX_HIDATO_CELLS {
                    return Err(bad());
                }
                Ok(Shape::Hidato { width: w, height: h, adjacency: parse_adjacency(name)? })
            }
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

    /// Cells of the grid.
    pub fn cells(&self) -> usize {
        match self {
            Shape::Sudoku(layout) => layout.cells(),
            Shape::Hidato { width, height, .. } | Shape::Family { width, height, .. } => width * height,
        }
    }

    /// The text to share a puzzle by: the Sudoku line, or Hidato's compact `WxH:row/row` form.
    pub fn share(&self, puzzle: &[i32]) -> String {
        match self {
            Shape::Sudoku(layout) => match to_sudoku(layout, puzzle) {
                Ok(sudoku) => sudoku.to_line(),
                Err(_) => String::new(),
            },
            Shape::Hidato { width, height, .. } => hidato_compact(*width, *height, puzzle),
            Shape::Family { played, .. } => played.as_ref().map(|p| p.text().to_owned()).unwrap_or_default(),
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
        let max = match self {
            Shape::Sudoku(layout) => layout.size() as i32,
            Shape::Hidato { .. } => puzzle.iter().filter(|&&v| v != hidato::HOLE).count() as i32,
            Shape::Family { played, .. } => played.as_ref().map_or(0, |p| p.rules().largest()),
        };
        for (cell, (&given, &value)) in puzzle.iter().zip(cells).enumerate() {
            let name = self.cell_name(cell);
            if given == hidato::HOLE || value == hidato::HOLE {
                if given != value {
                    let what = if given == hidato::HOLE { "is a hole" } else { "is not a hole" };
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

    /// The cells breaking a rule, ascending: a digit twice in a house; in Hidato a number twice,
    /// or a number not touching the one before or after it when both are placed.
    pub fn conflicts(&self, cells: &[i32]) -> Vec<usize> {
        let mut bad = vec![false; cells.len()];
        match self {
            Shape::Sudoku(layout) => {
                let mut seen = vec![usize::MAX; layout.size() + 1];
                for house in layout.houses() {
                    seen.fill(usize::MAX);
                    for &cell in house {
                        let cell = usize::from(cell);
                        let digit = cells[cell];
                        if digit <= 0 {
                            continue;
                        }
                        let digit = digit as usize;
                        if seen[digit] == usize::MAX {
                            seen[digit] = cell;
                        } else {
                            bad[seen[digit]] = true;
                            bad[cell] = true;
                        }
                    }
                }
            }
            Shape::Hidato { width, adjacency, .. } => {
                let mut at: HashMap<i32, Vec<usize>> = HashMap::new();
                for (cell, &value) in cells.iter().enumerate() {
                    if value > 0 {
                        at.entry(value).or_default().push(cell);
                    }
                }
                for (&value, places) in &at {
                    if places.len() > 1 {
                        places.iter().for_each(|&cell| bad[cell] = true);
                        continue;
                    }
                    if let Some(next) = at.get(&(value + 1)).filter(|next| next.len() == 1) {
                        let (a, b) = (places[0], next[0]);
                        if !touch(*width, *adjacency, a, b) {
                            bad[a] = true;
                            bad[b] = true;
                        }
                    }
                }
            }
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

    /// The cells a player must fill: the empty ones, or for stars the stars (the floor of a ranked
    /// time counts them).
    pub fn to_fill(&self, puzzle: &[i32]) -> usize {
        match self {
            Shape::Family { played: Some(played), height, .. }
                if played.rules().entry == crate::family::Entry::Stars =>
            {
                played.rules().max as usize * height
            }
            _ => puzzle.iter().filter(|&&v| v == 0).count(),
        }
    }

    /// The shape of a family's puzzle in play.
    pub fn of_played(played: Arc<dyn InPlay>) -> Shape {
        let picture = played.picture();
        let (width, height) = (picture.width, picture.height);
        Shape::Family { family: played.family(), width, height, played: Some(played) }
    }
}

/// Whether two Hidato cells touch.
fn touch(width: usize, adjacency: Adjacency, a: usize, b: usize) -> bool {
    let (dx, dy) = ((a % width).abs_diff(b % width), (a / width).abs_diff(b / width));
    match adjacency {
        Adjacency::Orthogonal => dx + dy == 1,
        _ => dx.max(dy) == 1,
    }
}

/// A Sudoku from a layout and a grid of `i32`.
pub fn to_sudoku(layout: &Arc<Layout>, cells: &[i32]) -> AppResult<Sudoku> {
    let digits = cells.iter().map(|&v| v.clamp(0, 255) as u8).collect();
    Sudoku::from_digits(layout.clone(), digits).map_err(|err| AppError::bad("cells", err.to_string()))
}

/// A Sudoku's cells as `i32`.
pub fn sudoku_cells(sudoku: &Sudoku) -> Vec<i32> {
    sudoku.cells().iter().map(|&d| i32::from(d)).collect()
}

/// A Hidato's shape.
pub fn hidato_shape(puzzle: &Hidato) -> Shape {
    Shape::Hidato { width: puzzle.width(), height: puzzle.height(), adjacency: puzzle.adjacency() }
}

/// A grid stored as text: comma-separated integers.
pub fn join_cells(cells: &[i32]) -> String {
    cells.iter().map(i32::to_string).collect::<Vec<_>>().join(",")
}

/// The inverse of [`join_cells`].
pub fn split_cells(text: &str) -> anyhow::Result<Vec<i32>> {
    text.split(',').map(|v| v.parse::<i32>().map_err(anyhow::Error::from)).collect()
}
