//! Reading and writing variant puzzles: Tessera's own JSON (the serde form of [`Variant`]),
//! f-puzzles JSON ([`fpuzzles`]), f-puzzles and SudokuPad share links ([`link`]), ISS's text
//! form ([`iss`]), and a plain Sudoku line.
//!
//! [`parse`] tells the forms apart by their first characters:
//!
//! ```text
//! {"size":..,"regions":..}        Tessera JSON (it has "regions" or "constraints")
//! {"size":..,"grid":[[..]]}       f-puzzles JSON (it has "grid")
//! https://..., N4Ig..., fpuzzles.. a share link or its payload
//! 53..7....6..195...              a plain line: N*N digits, '.' or '0' for an empty cell
//! .~R1C1_5.Thermo~R9C4~R8C3       ISS's text form
//! ```

mod fpuzzles;
mod iss;
mod killer_text;
mod link;

pub use fpuzzles::{from_fpuzzles, to_fpuzzles};
pub use iss::from_iss;
pub use link::{from_link, to_link};

use crate::variant::model::{Variant, MAX_SIZE, MIN_SIZE};
use crate::Error;

/// Every puzzle of a text: one puzzle a line (a share link, an ISS string, a plain line, a JSON
/// object on one line), or one JSON document over several lines (when the text starts with `{`
/// and is one object); `#` comment lines and blank lines skipped. Each error carries the line
/// of its puzzle.
pub fn read(text: &str) -> Box<dyn Iterator<Item = Result<Variant, Error>> + '_> {
    let trimmed = text.trim();
    if trimmed.starts_with('{')
        && serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(trimmed).is_ok()
    {
        let first = text.lines().position(|l| !l.trim().is_empty()).unwrap_or(0);
        return Box::new(std::iter::once(parse(trimmed).map_err(|e| at_line(e, first + 1))));
    }
    Box::new(
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .map(|(i, l)| parse(l).map_err(|e| at_line(e, i + 1))),
    )
}

/// The error moved to the puzzle's line of the text (a parse error's own line counted from it).
fn at_line(error: Error, line: usize) -> Error {
    match error {
        Error::Parse(mut e) => {
            e.line += line - 1;
            Error::Parse(e)
        }
        other => Error::parse(line, 1, other.to_string()),
    }
}

/// One puzzle in any of the forms (detected from its first characters).
///
/// ```
/// let classic = tessera::variant::parse("1234............")?;
/// assert_eq!(classic.size, 4);
/// let iss = tessera::variant::parse(".Shape~4x4.~R1C1_1.AntiKing")?;
/// assert_eq!(iss.givens[0], 1);
/// # Ok::<(), tessera::Error>(())
/// ```
pub fn parse(text: &str) -> Result<Variant, Error> {
    let text = text.trim();
    if text.starts_with('{') {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| Error::parse(e.line(), e.column(), e.to_string()))?;
        if value.get("grid").is_some() && value.get("regions").is_none() {
            return fpuzzles::from_value(&value);
        }
        let mut v: Variant =
            serde_json::from_str(text).map_err(|e| Error::parse(e.line(), e.column(), e.to_string()))?;
        // Left out: the default boxes, no givens (for a side the solvers take; validate names
        // any other).
        if (MIN_SIZE..=MAX_SIZE).contains(&v.size) {
            if v.regions.is_empty() {
                v.regions = crate::variant::model::default_regions(v.size);
            }
            if v.givens.is_empty() {
                v.givens = vec![0; v.size * v.size];
            }
        }
        v.validate()?;
        return Ok(v);
    }
    if let Some(puzzle) = plain(text)? {
        return Ok(puzzle);
    }
    if let Some(puzzle) = killer_text::short(text).or_else(|| killer_text::long(text)) {
        return puzzle;
    }
    if text.starts_with('.') {
        return from_iss(text);
    }
    let lower = text.to_ascii_lowercase();
    if lower.starts_with("http")
        || lower.starts_with("n4ig")
        || lower.starts_with("fpuzzles")
        || lower.starts_with("scl")
        || lower.contains("f-puzzles.com")
        || lower.contains("sudokupad")
    {
        return from_link(text);
    }
    Err(Error::parse(
        1,
        1,
        "not a puzzle in a known form (Tessera or f-puzzles JSON, a share link, an ISS string, a line of digits)",
    ))
}

/// A plain line of N*N digits (`1`-`9`, `A`-`G` for 10-16; `.` or `0` empty), or `None` when
/// the text is not one.
fn plain(text: &str) -> Result<Option<Variant>, Error> {
    let n = (MIN_SIZE..=MAX_SIZE).find(|n| n * n == text.chars().count());
    let digit = |c: char| c == '.' || c.is_ascii_digit() || ('A'..='G').contains(&c.to_ascii_uppercase());
    let Some(n) = n.filter(|_| text.chars().all(digit)) else { return Ok(None) };
    // An ISS string of this length would hold a `~` or a lower-case kind name; a plain line never.
    let mut puzzle = Variant::classic(n);
    for (i, c) in text.chars().enumerate() {
        let d = match c {
            '.' | '0' => 0,
            '1'..='9' => c as u8 - b'0',
            _ => c.to_ascii_uppercase() as u8 - b'A' + 10,
        };
        if d as usize > n {
            return Err(Error::parse(1, i + 1, format!("{c:?} is over {n}, the grid's side")));
        }
        puzzle.givens[i] = d;
    }
    Ok(Some(puzzle))
}

/// The puzzle as Tessera's JSON on one line, which [`parse`] reads back.
pub fn to_json(puzzle: &Variant) -> String {
    serde_json::to_string(puzzle).expect("a variant serialises")
}

/// The puzzle as text its reader reads back (Tessera's JSON on one line).
pub fn to_text(puzzle: &Variant) -> String {
    to_json(puzzle)
}
