//! The publisher's options of the commands that generate (`sudoku generate`, `hidato generate`
//! and the books): opening `--registry` (the library's [`tessera::common::registry`]: one
//! canonical form a line, checked at start, appended to under a lock as each puzzle is made),
//! and turning `--clues`, `--mask` and `--attempts` into the Sudoku generator's settings, with
//! the message that explains a puzzle given up on because of them.

use std::path::Path;

use anyhow::{bail, Result};
use tessera::common::registry::{Entry, Registry};
use tessera::sudoku::{self, Generator, Layout, Rejections, Symmetry};

use crate::args::SudokuShapeArgs;
use crate::input::{BadInput, Input, SUDOKU_PUZZLE};

/// Attempts per puzzle with `--clues` when `--attempts` is not given.
pub(crate) const CLUES_ATTEMPTS: u32 = 1_000;
/// Attempts per puzzle with `--mask` (each costs a random grid and a count to 2: about 10 µs on
/// 9x9) when `--attempts` is not given.
pub(crate) const MASK_ATTEMPTS: u32 = 100_000;

/// The registry at `path`, every line checked; a bad line is bad input naming the file and line.
pub(crate) fn open_registry(path: &Path) -> Result<Registry> {
    match Registry::open(path, Box::new(check_entry)) {
        Ok(registry) => Ok(registry),
        Err(tessera::Error::Registry { path, line, message }) => Err(BadInput {
            name: path,
            message: match line {
                Some(line) => format!("line {line}: {message}"),
                None => message,
            },
        }
        .into()),
        Err(other) => Err(other.into()),
    }
}

/// The check of a registry line, by its kind.
fn check_entry(entry: &Entry) -> Result<(), String> {
    match entry.kind.as_str() {
        sudoku::REGISTRY_KIND => sudoku::check_registry_entry(entry),
        tessera::hidato::REGISTRY_HIDATO | tessera::hidato::REGISTRY_NUMBRIX => {
            tessera::hidato::check_registry_entry(entry)
        }
        other => Err(format!("unknown kind {other:?}; a registry holds sudoku, hidato and numbrix lines")),
    }
}

/// Refuses `--registry` for a Sudoku layout without a canonical form (Sudoku X).
pub(crate) fn check_sudoku_registry(layout: &Layout) -> Result<()> {
    if let Err(err) = sudoku::check_canonical(layout) {
        bail!("--registry: {err}; a registry keeps canonical forms, so that equivalent puzzles are caught");
    }
    Ok(())
}

/// The generator with `--clues` or `--mask` (checked against the layout and `--symmetry`), and
/// its attempts per puzzle.
pub(crate) fn shaped(
    generator: Generator,
    shape: &SudokuShapeArgs,
    layout: &Layout,
    symmetry: Symmetry,
) -> Result<Generator> {
    if let Some((min, max)) = shape.clues {
        if let Err(err) = sudoku::check_clues(layout, symmetry, min, max) {
            bail!("--clues {}: {err}", clues_text(min, max));
        }
        return Ok(generator.clues(min..=max).attempts(shape.attempts.unwrap_or(CLUES_ATTEMPTS)));
    }
    if let Some(path) = &shape.mask {
        let input = Input::read_at_most(path, SUDOKU_PUZZLE)?;
        let text = String::from_utf8_lossy(&input.bytes);
        let mask = sudoku::parse_mask(&text, layout.size())
            .map_err(|err| BadInput { name: input.name.clone(), message: err.to_string() })?;
        if let Err(err) = sudoku::check_mask(layout, symmetry, &mask) {
            return Err(BadInput { name: input.name, message: err.to_string() }.into());
        }
        return Ok(generator.mask(mask).attempts(shape.attempts.unwrap_or(MASK_ATTEMPTS)));
    }
    if shape.attempts.is_some() {
        bail!("--attempts bounds the attempts of --clues and --mask; give one of them");
    }
    Ok(generator)
}

/// `N` or `A..B`.
fn clues_text(min: usize, max: usize) -> String {
    if min == max {
        min.to_string()
    } else {
        format!("{min}..{max}")
    }
}

/// Why a puzzle with `--clues` or `--mask` was given up on after its attempts, when that is why
/// (`None` otherwise: the time budget ran out, or no shaping was asked for).
pub(crate) fn shaping_gave_up(
    shape: &SudokuShapeArgs,
    rejections: &Rejections,
    level: Option<&str>,
) -> Option<String> {
    let tried = rejections.clues + rejections.level + rejections.not_unique + rejections.regions;
    if tried == 0 {
        return None;
    }
    let mut why = Vec::new();
    if let Some((min, max)) = shape.clues {
        why.push(format!("{} could not be brought down to {} clues", rejections.clues, clues_text(min, max)));
    }
    if let Some(path) = &shape.mask {
        why.push(format!("{} were not unique with the givens of {}", rejections.not_unique, path.display()));
    }
    if let Some(level) = level {
        why.push(format!("{} were not {level}", rejections.level));
    }
    if rejections.regions > 0 {
        why.push(format!("{} drew jigsaw regions with no filling found", rejections.regions));
    }
    let hint = if shape.mask.is_some() {
        "a mask with a nearly empty band or stack may have no unique puzzle at all; add givens there"
    } else {
        "widen the range, raise it (easy puzzles keep more clues than hard ones), or ask for another level"
    };
    Some(format!("gave up after {tried} attempts ({}): {hint}, or raise --attempts N", why.join(", ")))
}
