//! Share links: f-puzzles' `https://f-puzzles.com/?load=<payload>`, SudokuPad's
//! `https://sudokupad.app/fpuzzles<payload>` and `?puzzle=fpuzzles<payload>`, and the bare
//! payload (it starts `N4Ig`, the lz-string base64 of `{"`). The payload is f-puzzles JSON
//! compressed with lz-string's `compressToBase64`.
//!
//! lz-string comes from the `lz-str` crate (a port of the JavaScript library, MIT/Apache, no
//! dependencies, no `unsafe` in the paths used): the tests decode payloads made by the real
//! JavaScript `lz-string` 1.5 and check that `lz-str` compresses to the very same text, so
//! links made here open in f-puzzles and SudokuPad.
//!
//! SudokuPad's own links (`scl...` payloads, and short ids such as `sudokupad.app/8bNmDd4J9G`
//! that the server expands) are refused with a clear error: SCL stores the drawing (a
//! thermometer is a grey line with a bulb), not the rules, and a short id needs the network.

use crate::variant::format::fpuzzles;
use crate::variant::model::Variant;
use crate::Error;

fn err(message: impl std::fmt::Display) -> Error {
    Error::shape(format!("link: {message}"))
}

/// Reads a share link or a bare payload.
///
/// ```
/// let puzzle = tessera::variant::Variant::classic(4);
/// let link = tessera::variant::to_link(&puzzle);
/// assert!(link.starts_with("https://f-puzzles.com/?load="));
/// assert_eq!(tessera::variant::from_link(&link)?, puzzle);
/// # Ok::<(), tessera::Error>(())
/// ```
pub fn from_link(text: &str) -> Result<Variant, Error> {
    let payload = payload(text.trim())?;
    let payload = url_decode(&payload);
    if payload.is_empty() {
        return Err(err("the link carries no puzzle"));
    }
    let wide = lz_str::decompress_from_base64(&payload)
        .filter(|w| !w.is_empty())
        .ok_or_else(|| err("the payload does not decompress (is the link cut short?)"))?;
    let json = String::from_utf16(&wide).map_err(|_| err("the payload does not decompress to text"))?;
    let value: serde_json::Value = serde_json::from_str(&json)
        .map_err(|e| err(format!("the payload is not f-puzzles JSON (is the link cut short?): {e}")))?;
    fpuzzles::from_value(&value)
}

/// The payload of a link: after `load=`, `fpuzzles`, or the text itself.
fn payload(text: &str) -> Result<String, Error> {
    let (host, rest) = match text.split_once("://") {
        Some((_, rest)) => rest.split_once('/').unwrap_or((rest, "")),
        None => ("", text),
    };
    let rest = rest.trim_start_matches('/');
    if host.contains("f-puzzles") || rest.contains("load=") {
        let after = rest
            .split_once("load=")
            .map(|(_, a)| a)
            .ok_or_else(|| err("an f-puzzles link without ?load="))?;
        return Ok(after.split('&').next().unwrap_or("").to_string());
    }
    // SudokuPad: /fpuzzles<data>, /?puzzle=fpuzzles<data>, /sudoku/..., /scl<data>, /<short id>.
    let rest = rest.strip_prefix("sudoku/").unwrap_or(rest);
    let rest = match rest.split_once("puzzle=") {
        Some((_, after)) => after.split('&').next().unwrap_or(""),
        None => rest.split(['?', '#']).next().unwrap_or(""),
    };
    if let Some(data) = rest.strip_prefix("fpuzzles") {
        return Ok(data.to_string());
    }
    if rest.starts_with("scl") || rest.starts_with("ctc") {
        return Err(err("SudokuPad's own (SCL) links are not read: they store the drawing, not the rules; \
             open the puzzle in SudokuPad and share it as an f-puzzles link"));
    }
    if rest.starts_with("N4Ig") || host.is_empty() {
        return Ok(rest.to_string());
    }
    Err(err(format!(
        "{rest:?} is a SudokuPad short id, which is not read (the server holds the puzzle); \
         share it as an f-puzzles link"
    )))
}

/// `%2B` and friends decoded; spaces (a `+` that went through a form) back to `+`.
fn url_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b' ' => out.push(b'+'),
            b'\n' | b'\r' | b'\t' => {}
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// An f-puzzles link to the puzzle (SudokuPad opens it too, as `sudokupad.app/fpuzzles` + the
/// payload).
pub fn to_link(puzzle: &Variant) -> String {
    format!(
        "https://f-puzzles.com/?load={}",
        lz_str::compress_to_base64(fpuzzles::to_fpuzzles(puzzle).as_str())
    )
}
