//! What the family commands read: a puzzle file (or a share link given as the argument) through
//! the family's reader, the JSON lines `generate --json` and `solve --json` write, and answer
//! files split into one answer each by the family's own answer format
//! ([`tessera::Family::answer_rows`]). Apart from `commands/family.rs` so that each file holds
//! one concern.

use std::path::Path;

use serde_json::Value;

use crate::args::Family;
use crate::input::{BadInput, Input, Limit};

/// The limit of one family's file.
pub(super) fn limit<P: Family>() -> Limit {
    Limit { bytes: P::FILE_BYTES, what: "a puzzle file", why: "split larger files" }
}

/// The file's name for messages and its text (UTF-8 checked). An argument that is a puzzle's
/// share link (`http://`, `https://`, or the `N4Ig` of an f-puzzles link's compressed data) is
/// the text itself, not a path.
pub(super) fn text_of(path: &Path, limit: Limit) -> Result<(String, String), BadInput> {
    if let Some(text) = path.to_str().filter(|text| is_link(text)) {
        return Ok(("the argument".to_owned(), text.to_owned()));
    }
    let input = Input::read_at_most(path, limit)?;
    match String::from_utf8(input.bytes) {
        Ok(text) => Ok((input.name, text)),
        Err(err) => {
            let bytes = err.as_bytes();
            let at = err.utf8_error().valid_up_to();
            let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            Err(BadInput { name: input.name, message: format!("line {line}: the text is not UTF-8") })
        }
    }
}

/// Whether a command-line argument is a puzzle given inline (a share link) rather than a path.
fn is_link(argument: &str) -> bool {
    ["http://", "https://", "N4Ig"].iter().any(|start| argument.starts_with(start))
}

/// The puzzles of a file, read by the family's reader; `key` is the object of a JSON line that
/// holds one (`"puzzle"` or `"solution"`).
pub(crate) fn read<P: Family>(path: &Path, key: &str) -> Result<(String, Vec<P>), BadInput> {
    let (name, text) = text_of(path, limit::<P>())?;
    let text = json_lines(&name, &text, key);
    let puzzles: Vec<P> = P::read(&text, &())
        .collect::<Result<_, _>>()
        .map_err(|err| BadInput { name: name.clone(), message: err.to_string() })?;
    if puzzles.is_empty() {
        return Err(BadInput { name, message: "no puzzle in it".to_owned() });
    }
    Ok((name, puzzles))
}

/// A text of JSON lines (each a whole object) as the family's text: the `key` string of each
/// line (what `generate --json` and `solve --json` write), the lines of puzzles given up on left
/// out with a note; any other text (the family's text format, JSON objects of its own) as it is.
pub(super) fn json_lines<'t>(name: &str, text: &'t str, key: &str) -> std::borrow::Cow<'t, str> {
    let lines: Vec<(usize, &str)> =
        text.lines().enumerate().filter(|(_, line)| !line.trim().is_empty()).collect();
    if !lines.first().is_some_and(|(_, line)| line.trim_start().starts_with('{')) {
        return text.into();
    }
    let mut texts = Vec::new();
    for (number, line) in &lines {
        let Ok(Value::Object(object)) = serde_json::from_str::<Value>(line) else {
            return text.into();
        };
        if object.get("outcome").and_then(Value::as_str) == Some("gave-up") {
            super::files::note_gave_up(name, number + 1);
            continue;
        }
        match object.get(key).and_then(Value::as_str) {
            Some(inner) => texts.push(inner.to_owned()),
            // An object of the family's own JSON: the reader takes the text as it is.
            None => return text.into(),
        }
    }
    texts.join("\n").into()
}

/// The answers of a text in the family's answer format: each its first line (a header `W H` or
/// `W H K`, or a variant's first row) and as many further non-blank rows as
/// [`Family::answer_rows`] says, read by [`Family::read_answer`]; blank and `#` lines between
/// them. A mistake names its line in the whole text.
pub(super) fn read_answers<P: Family>(text: &str) -> Result<Vec<P::Solution>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut answers = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let line = lines[at].trim();
        if line.is_empty() || line.starts_with('#') {
            at += 1;
            continue;
        }
        let rows = P::answer_rows(lines[at], &lines[at + 1..]);
        let start = at;
        let mut block = vec![lines[at]];
        at += 1;
        while block.len() <= rows && at < lines.len() {
            if !lines[at].trim().is_empty() {
                block.push(lines[at]);
            }
            at += 1;
        }
        let answer = P::read_answer(&block.join("\n")).map_err(|err| match err.position() {
            // The block's lines are its non-blank lines: count back to the whole text's.
            Some((line, column)) => {
                let whole = (start..at).filter(|&i| !lines[i].trim().is_empty() || i == start).nth(line - 1);
                let message = err.to_string();
                let what = message.split_once(": ").map_or(message.as_str(), |(_, what)| what);
                format!("line {}, column {column}: {what}", whole.map_or(start + line, |i| i + 1))
            }
            None => format!("answer {} (line {}): {err}", answers.len() + 1, start + 1),
        })?;
        answers.push(answer);
    }
    Ok(answers)
}

/// The text with exactly one newline at its end.
pub(super) fn with_newline(text: &str) -> String {
    format!("{}\n", text.trim_end_matches('\n'))
}
