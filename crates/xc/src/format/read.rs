//! Reading Knuth's format: [`parse`] and [`parse_bytes`] turn their input into numbered lines,
//! and one reader splits each line into tokens, declares the items of the first and adds every
//! further line as an option, checking each token against the rules of the parent module's header.

use std::fmt;

use super::{ParseError, ParseErrorKind};
use crate::{Error, ItemKind, Problem, ProblemBuilder};

/// Reads a problem in Knuth's format, as his DLX1, DLX2 and DLX3 read it.
///
/// - Blank lines, and comment lines whose first non-blank character is `|`, are skipped.
/// - The first other line names the primary items, then optionally a lone `|` and the secondary
///   items. A primary item may carry DLX3's bounds: `u:v|name` (covered `u` to `v` times) or
///   `v|name` (exactly `v` times).
/// - Every further line is an option: item names separated by blanks (spaces, tabs, the `\r` of
///   CRLF), each at most once, at least one primary; a secondary item may be written
///   `name:colour`.
/// - Unlike Knuth's 8-character limit, names may be of any length and hold any characters except
///   whitespace, control characters, `:`, `|` and U+FEFF; colours likewise, `|` allowed. A
///   byte-order mark at the start is skipped. An option naming only secondary items, which DLX1
///   skips with a warning, is an error here.
///
/// # Errors
///
/// Reading stops at the first fault, returned as an [`Error::Parse`]: a [`ParseError`] with its
/// [kind](ParseErrorKind), 1-based line and column (in characters, a tab counting one, at the
/// first character of the offending token), and a message saying what was wrong and what was
/// expected. No input makes it panic.
///
/// ```
/// let problem = tessera_xc::parse("A B | x\nA x:red\nB x:red\n").unwrap();
/// assert_eq!(problem.solver().count_all().solutions, 1);
///
/// // DLX3's multiplicities: choose two of the three options.
/// let problem = tessera_xc::parse("2|pair\npair\npair\npair\n").unwrap();
/// assert_eq!(problem.solver().count_all().solutions, 3);
///
/// let err = tessera_xc::parse("A B\nA C\n").unwrap_err();
/// assert!(err.to_string().starts_with("line 2, column 3: unknown item \"C\""));
/// ```
pub fn parse(text: &str) -> Result<Problem, Error> {
    let text = text.strip_prefix(BOM).unwrap_or(text);
    let lines = text.split('\n').enumerate().map(|(i, line)| Ok((i + 1, line)));
    let last = text.rsplit('\n').next().unwrap_or_default();
    let end = (text.matches('\n').count() + 1, last.chars().count() + 1);
    Ok(read(lines, end)?)
}

/// Reads a problem in Knuth's format from bytes, which must be UTF-8 except within comment lines
/// (those are skipped unread, so a Latin-1 name in a comment does no harm).
///
/// # Errors
///
/// Those of [`parse`], and invalid UTF-8 outside comment lines, reported as
/// [`ParseErrorKind::InvalidUtf8`] with the position of the first bad byte: its line, and one
/// more than the number of characters before it on that line. Lines are checked as they are read,
/// so an earlier error in the text is reported first.
///
/// ```
/// use tessera_xc::{Error, ParseErrorKind};
/// let err = tessera_xc::parse_bytes(b"A B\nA \xff\n").unwrap_err();
/// let Error::Parse(err) = err else { panic!("a parse error") };
/// assert_eq!((err.line, err.column, err.kind), (2, 3, ParseErrorKind::InvalidUtf8));
/// ```
pub fn parse_bytes(bytes: &[u8]) -> Result<Problem, Error> {
    let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    let lines = bytes.split(|&b| b == b'\n').enumerate().map(|(i, raw)| {
        let line = i + 1;
        match std::str::from_utf8(raw) {
            Ok(text) => Ok((line, text)),
            Err(err) => {
                let valid = &raw[..err.valid_up_to()];
                let prefix = std::str::from_utf8(valid).unwrap_or_default();
                if prefix.trim_start().starts_with('|') {
                    // A comment: its content does not matter.
                    Ok((line, "|"))
                } else {
                    let byte = raw.get(err.valid_up_to()).copied().unwrap_or_default();
                    Err(ParseError::new(
                        ParseErrorKind::InvalidUtf8,
                        line,
                        prefix.chars().count() + 1,
                        format!(
                            "invalid UTF-8 (byte 0x{byte:02X}); expected UTF-8 text (Knuth's format \
                             is plain ASCII; only comment lines may hold other bytes)"
                        ),
                    ))
                }
            }
        }
    });
    let last = bytes.rsplit(|&b| b == b'\n').next().unwrap_or_default();
    let newlines = bytes.iter().filter(|&&b| b == b'\n').count();
    let end = (newlines + 1, String::from_utf8_lossy(last).chars().count() + 1);
    Ok(read(lines, end)?)
}

/// A blank-separated token of a line and the 1-based column of its first character.
#[derive(Debug, Clone, Copy)]
struct Token<'a> {
    column: usize,
    text: &'a str,
}

impl fmt::Display for Token<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.text)
    }
}

fn tokens(line: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (column, (byte, ch)) in (1..).zip(line.char_indices()) {
        if ch.is_whitespace() {
            if let Some((from, column)) = start.take() {
                out.push(Token { column, text: &line[from..byte] });
            }
        } else if start.is_none() {
            start = Some((byte, column));
        }
    }
    if let Some((from, column)) = start {
        out.push(Token { column, text: &line[from..] });
    }
    out
}

/// The first character of a name (of an item or a colour) that the format does not allow there.
fn bad_char(name: &str, reserved: &[char]) -> Option<char> {
    name.chars().find(|&c| c.is_control() || c.is_whitespace() || c == BOM || reserved.contains(&c))
}

/// The byte-order mark: skipped at the start of the input, so no name may hold it (a name made of
/// it alone would not read back).
const BOM: char = '\u{feff}';

/// Describes a character for a message: `':'`, or its code when it is invisible.
fn describe(c: char) -> String {
    if c == BOM {
        "a byte-order mark (U+FEFF)".to_owned()
    } else if c.is_control() || c.is_whitespace() {
        format!("the control character U+{:04X}", u32::from(c))
    } else {
        format!("{c:?}")
    }
}

/// The state of a read: the builder and, per item, where it was declared and last used.
struct Reader {
    builder: ProblemBuilder,
    items_line: usize,
    /// Column of each item's declaration on the items line.
    declared_at: Vec<usize>,
    /// Per item: the line of the option that last named it, and the column there.
    last_use: Vec<(usize, usize)>,
}

/// Knuth's DLX3 bounds before an item's `|`: `v` (exactly `v` times) or `u:v`; decimal digits.
fn read_bounds(spec: &str, name: &str) -> Result<(u32, u32), String> {
    let number = |digits: &str| -> Result<u32, String> {
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "the bounds {spec:?} of item {name:?} are not numbers; expected `v|{name}` or \
                 `u:v|{name}` with decimal u <= v, v >= 1 (or, for the separator of secondary \
                 items, a lone '|' between blanks)"
            ));
        }
        digits.parse().map_err(|_| {
            format!("the bound {digits} of item {name:?} is too large; expected at most {}", u32::MAX)
        })
    };
    let (min, max) = match spec.split_once(':') {
        Some((min, max)) => (number(min)?, number(max)?),
        None => number(spec).map(|v| (v, v))?,
    };
    if max == 0 {
        return Err(format!(
            "item {name:?} has upper bound 0 in {spec:?}; expected at least 1 (a primary item must be \
             coverable)"
        ));
    }
    if min > max {
        return Err(format!(
            "item {name:?} has bounds {spec:?} whose lower bound exceeds the upper bound; expected \
             `u:v|{name}` with u <= v"
        ));
    }
    Ok((min, max))
}

fn read<'a>(
    lines: impl Iterator<Item = Result<(usize, &'a str), ParseError>>,
    end: (usize, usize),
) -> Result<Problem, ParseError> {
    let mut lines = lines.filter_map(|line| match line {
        Ok((number, text)) => {
            let tokens = tokens(text);
            match tokens.first() {
                None => None,
                Some(first) if first.text.starts_with('|') => None,
                Some(_) => Some(Ok((number, tokens))),
            }
        }
        Err(err) => Some(Err(err)),
    });
    let Some(first) = lines.next() else {
        return Err(ParseError::new(
            ParseErrorKind::MissingItems,
            end.0,
            end.1,
            "the input ends without an items line; expected a first line (not blank, not a \
             comment) naming the items, such as `A B C | x y`"
                .to_owned(),
        ));
    };
    let (items_line, items) = first?;
    let mut reader =
        Reader { builder: ProblemBuilder::new(), items_line, declared_at: Vec::new(), last_use: Vec::new() };
    reader.items(items_line, &items)?;
    for line in lines {
        let (number, tokens) = line?;
        reader.option(number, &tokens)?;
    }
    Ok(reader.builder.build())
}

impl Reader {
    fn items(&mut self, line: usize, tokens: &[Token<'_>]) -> Result<(), ParseError> {
        let mut separator: Option<usize> = None;
        for &token in tokens {
            let column = token.column;
            let err = |kind, message| Err(ParseError::new(kind, line, column, message));
            if token.text == "|" {
                if let Some(first) = separator {
                    return err(
                        ParseErrorKind::SecondSeparator,
                        format!(
                            "a second '|' on the items line (the first is at column {first}); \
                             expected at most one '|', between the primary and the secondary items"
                        ),
                    );
                }
                separator = Some(token.column);
                continue;
            }
            let (bounds, text) = match token.text.split_once('|') {
                Some((spec, name)) if !spec.is_empty() => (Some(spec), name),
                _ => (None, token.text),
            };
            let token = Token { column: token.column, text };
            if let Some(spec) = bounds {
                if let Some(first) = separator {
                    return err(
                        ParseErrorKind::BoundsOnSecondary,
                        format!(
                            "secondary item {token} is given bounds {spec:?}; expected a bare name \
                             (bounds `u:v|name` go on primary items, before the '|' at column {first})"
                        ),
                    );
                }
            }
            if let Some((name, color)) = token.text.split_once(':') {
                if !name.is_empty() && !color.is_empty() && bad_char(name, &['|']).is_none() {
                    return err(
                        ParseErrorKind::ColorInItemsLine,
                        format!(
                            "item {name:?} is given colour {color:?} on the items line; expected a \
                             bare name here (colours go on secondary items in options: `{name}:{color}`)"
                        ),
                    );
                }
            }
            if let Some(c) = bad_char(token.text, &[':', '|']) {
                return err(
                    ParseErrorKind::BadItemName,
                    format!(
                        "item name {token} holds {}, which no name may hold; expected a name \
                         without ':', '|', control characters or U+FEFF{}",
                        describe(c),
                        if c == '|' { " (write the separator as a lone '|' between blanks)" } else { "" }
                    ),
                );
            }
            if let Some(id) = self.builder.item_id(token.text) {
                return err(
                    ParseErrorKind::DuplicateItem,
                    format!(
                        "item {token} is declared twice (first at column {}); expected each item name \
                         once on the items line",
                        self.declared_at[id.index()]
                    ),
                );
            }
            let kind = if separator.is_some() { ItemKind::Secondary } else { ItemKind::Primary };
            let declared = match bounds {
                None => self.builder.item(token.text.to_owned(), kind),
                Some(_) if token.text.is_empty() => {
                    return err(
                        ParseErrorKind::BadItemName,
                        "bounds with no item name after '|'; expected `v|name` or `u:v|name`".to_owned(),
                    )
                }
                Some(spec) => {
                    let (min, max) = read_bounds(spec, token.text).map_err(|message| {
                        ParseError::new(ParseErrorKind::BadBounds, line, column, message)
                    })?;
                    self.builder.primary_bounded(token.text, min, max)
                }
            };
            declared.map_err(|e| ParseError::from_builder(e, line, column))?;
            self.declared_at.push(column);
            self.last_use.push((0, 0));
        }
        Ok(())
    }

    fn option(&mut self, line: usize, tokens: &[Token<'_>]) -> Result<(), ParseError> {
        let mut option = Vec::with_capacity(tokens.len());
        let mut has_primary = false;
        for &token in tokens {
            let err = |kind, message| Err(ParseError::new(kind, line, token.column, message));
            if token.text == "|" {
                return err(
                    ParseErrorKind::SeparatorInOption,
                    "a lone '|' in an option; expected item names only ('|' separates primary from \
                     secondary items on the items line, and begins a comment at the start of a line)"
                        .to_owned(),
                );
            }
            let (name, color) = match token.text.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (token.text, None),
            };
            if name.is_empty() {
                return err(
                    ParseErrorKind::BadItemName,
                    format!("{token} has no item name before ':'; expected `item` or `item:colour`"),
                );
            }
            let Some(item) = self.builder.item_id(name) else {
                return err(
                    ParseErrorKind::UnknownItem,
                    format!(
                        "unknown item {name:?}; expected an item declared on the items line (line {})",
                        self.items_line
                    ),
                );
            };
            let (last_line, last_column) = self.last_use[item.index()];
            if last_line == line {
                return err(
                    ParseErrorKind::RepeatedItem,
                    format!(
                        "item {name:?} appears twice in this option (first at column {last_column}); \
                         expected each item at most once per option"
                    ),
                );
            }
            self.last_use[item.index()] = (line, token.column);
            let kind = self.builder.item_kind(item).unwrap_or(ItemKind::Primary);
            has_primary |= kind == ItemKind::Primary;
            let color = match color {
                None => None,
                Some(color) => {
                    if color.is_empty() {
                        return err(
                            ParseErrorKind::BadColor,
                            format!(
                                "item {name:?} has an empty colour; expected a colour after ':', as in \
                                 `{name}:A`, or no ':' at all"
                            ),
                        );
                    }
                    if let Some(c) = bad_char(color, &[':']) {
                        return err(
                            ParseErrorKind::BadColor,
                            format!(
                                "the colour {color:?} of item {name:?} holds {}; expected a colour \
                                 without ':', control characters or U+FEFF, as in `{name}:A`",
                                describe(c)
                            ),
                        );
                    }
                    if kind == ItemKind::Primary {
                        return err(
                            ParseErrorKind::ColorOnPrimary,
                            format!(
                                "primary item {name:?} is given colour {color:?}; expected a bare name \
                                 (only secondary items, those after '|' on the items line, take colours)"
                            ),
                        );
                    }
                    Some(self.builder.color(color))
                }
            };
            option.push((item, color));
        }
        // The caller passes only lines with at least one token.
        let column = tokens.first().map_or(1, |token| token.column);
        if !has_primary {
            let names: Vec<&str> = tokens.iter().map(|token| token.text).collect();
            return Err(ParseError::new(
                ParseErrorKind::NoPrimaryItem,
                line,
                column,
                format!(
                    "this option names only secondary items ({}); expected at least one primary item \
                     (one before '|' on the items line)",
                    names.join(" ")
                ),
            ));
        }
        self.builder.colored_option(option).map_err(|e| ParseError::from_builder(e, line, column))?;
        Ok(())
    }
}
