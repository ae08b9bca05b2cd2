//! Knuth's DLX text format (minimal reader; being hardened).

use crate::{Error, Problem, ProblemBuilder};

/// An error in text of Knuth's format, with its position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What was wrong.
    pub message: String,
}

/// Reads a problem in Knuth's format.
pub fn parse(text: &str) -> Result<Problem, Error> {
    let mut b = ProblemBuilder::new();
    let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('|'));
    let (_, head) = lines.next().ok_or(ParseError { line: 1, column: 1, message: "no items line".into() })?;
    let mut secondary = false;
    for tok in head.split_whitespace() {
        if tok == "|" {
            secondary = true;
        } else if secondary {
            b.secondary(tok)?;
        } else {
            b.primary(tok)?;
        }
    }
    for (no, line) in lines {
        let mut items = Vec::new();
        for tok in line.split_whitespace() {
            let (name, color) = match tok.split_once(':') {
                Some((n, c)) => (n, Some(b.color(c))),
                None => (tok, None),
            };
            let id = b.item_id(name).ok_or(ParseError {
                line: no + 1,
                column: 1,
                message: format!("unknown item {name:?}"),
            })?;
            items.push((id, color));
        }
        b.colored_option(items)?;
    }
    Ok(b.build())
}
