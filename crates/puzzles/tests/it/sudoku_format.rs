//! Reading and writing Sudoku: every format for sizes 4 to 25, round trips, every error with its
//! line and column, and text that must never panic.
//!
//! The fixtures and helpers every format shares are here; the tests are in its submodules.

use std::sync::Arc;

use proptest::prelude::*;
use tessera::sudoku::{parse_puzzles, Format, Layout, Regions, Sudoku};
use tessera::{Error, ParseError, ParseErrorKind};

mod errors;
mod files;
mod grids;
mod lines;

mod properties;

/// A full grid by the classic pattern: digit at (r, c) = (cols·(r mod rows) + r div rows + c) mod n.
fn pattern(layout: &Arc<Layout>) -> Sudoku {
    let n = layout.size();
    let Regions::Boxes { rows, cols } = *layout.regions() else { panic!("boxes only") };
    let digits = (0..n * n).map(|i| ((cols * (i / n % rows) + i / n / rows + i % n) % n + 1) as u8).collect();
    Sudoku::from_digits(layout.clone(), digits).unwrap()
}

/// The pattern grid of a size with every third cell emptied: a puzzle.
fn puzzle(size: usize) -> Sudoku {
    let layout = Arc::new(Layout::classic(size).unwrap());
    let full = pattern(&layout);
    let digits = full.cells().iter().enumerate().map(|(i, &d)| if i % 3 == 0 { 0 } else { d }).collect();
    Sudoku::from_digits(layout, digits).unwrap()
}

/// The position and message of a parse error.
fn parse_error(result: Result<Sudoku, Error>) -> (usize, usize, String) {
    match result {
        Err(Error::Parse(ParseError { line, column, kind: ParseErrorKind::Message(message) })) => {
            (line, column, message)
        }
        other => panic!("expected a parse error, got {other:?}"),
    }
}

const SIZES: [usize; 7] = [4, 6, 8, 9, 12, 16, 25];
