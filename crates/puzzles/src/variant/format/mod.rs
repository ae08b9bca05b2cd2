//! Reading and writing variant puzzles: Tessera's own JSON (the serde form of [`Variant`]),
//! f-puzzles JSON, f-puzzles and SudokuPad share links, and ISS's text form.

use crate::variant::model::Variant;
use crate::Error;

/// Every puzzle of a text: one puzzle a line (a share link, an ISS string, a JSON object on one
/// line), or one JSON document; `#` comment lines and blank lines skipped. Each with the line
/// of its mistake.
pub fn read(text: &str) -> Box<dyn Iterator<Item = Result<Variant, Error>> + '_> {
    Box::new(
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .map(|(i, l)| parse(l).map_err(|e| at_line(e, i + 1))),
    )
}

fn at_line(error: Error, line: usize) -> Error {
    match error {
        Error::Parse(_) => error,
        other => Error::parse(line, 1, other.to_string()),
    }
}

/// One puzzle in any of the formats (detected from its first characters).
pub fn parse(text: &str) -> Result<Variant, Error> {
    let text = text.trim();
    let v: Variant =
        serde_json::from_str(text).map_err(|e| Error::parse(e.line(), e.column(), e.to_string()))?;
    v.validate()?;
    Ok(v)
}

/// The puzzle as Tessera's JSON on one line, which [`parse`] reads back.
pub fn to_json(puzzle: &Variant) -> String {
    serde_json::to_string(puzzle).expect("a variant serialises")
}

/// The puzzle as text its reader reads back (Tessera's JSON on one line).
pub fn to_text(puzzle: &Variant) -> String {
    to_json(puzzle)
}
