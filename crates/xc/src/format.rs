//! Knuth's text format for exact-cover problems, as his programs DLX1 (items and options) and DLX2
//! (colours too) read it: [`parse`] and [`parse_bytes`] read it, [`to_text`] writes it.
//!
//! ```text
//! | Knuth's DLX2 example: a line whose first non-blank character is '|' is a comment.
//! p q r | x y
//! p q x y:A
//! p r x:A y
//! p x:B
//! q x:A
//! r y:B
//! ```
//!
//! - Blank lines and comment lines (first non-blank character `|`) are skipped wherever they are.
//!   Knuth's programs skip leading blanks before looking for the `|`, and so do we.
//! - The first other line is the *items line*: the primary items, then optionally a lone `|`, then
//!   the secondary items. A second `|` is an error; a `|` with nothing after it is allowed and
//!   declares no secondary items.
//! - Every further line is one *option*: the names of its items separated by blanks, in any order,
//!   each item at most once and at least one of them primary. A secondary item may be written
//!   `name:colour`; options that give an item the same colour may share it (Knuth's XCC).
//! - Blanks are any whitespace (`char::is_whitespace`): spaces, tabs, and the `\r` of CRLF line
//!   endings, which therefore need no special care. A UTF-8 byte-order mark at the very start is
//!   skipped.
//!
//! # Names: more lenient than Knuth
//!
//! Knuth limits item names to 8 printable ASCII characters, and colours to a few. Our puzzle
//! encodings use longer names (`r10c12`, `piece-Z-used`), so we accept names of any length made of
//! any characters except whitespace, control characters, `:`, `|` and the byte-order mark U+FEFF
//! (skipped at the start of the input, so it could not begin a name). Colours are any nonempty
//! run of characters except those same ones, `|` allowed.
//!
//! Two deliberate differences the other way, so that apart from them every ASCII file DLX1 or
//! DLX2 accepts is accepted here with the same items and options:
//!
//! - DLX1 and DLX2 skip, with a warning, an option that names only secondary items; we reject it
//!   ([`ParseErrorKind::NoPrimaryItem`]), since such a line is almost always a mistake in a
//!   generated file.
//! - Knuth's items line also takes a `|` glued to the next name (`A B |x`); we want it to stand
//!   alone and report `|x` as a [`ParseErrorKind::BadItemName`] that says so.
//!
//! # Errors
//!
//! Reading stops at the first error, which is returned as [`Error::Parse`] holding a
//! [`ParseError`]: every error, including the ones [`ProblemBuilder`] detects (a duplicate item, a
//! problem too large), carries a 1-based line and column and a message that says what was wrong
//! and what was expected. Columns count characters (Unicode scalar values, a tab counts one) and
//! point at the first character of the offending token: the name, the `name:colour` pair or the
//! `|`. An error that concerns a whole option (it names no primary item) points at its first
//! token; an input with no items line at all reports the end of the input. [`ParseErrorKind`]
//! tells the errors apart without parsing messages. No input makes the reader panic, whatever its
//! bytes.
//!
//! # Writing
//!
//! [`to_text`] writes the items line (primary items in declaration order, then ` | ` and the
//! secondary items in declaration order) and then one line per option, as
//! [`Problem::option_line`] prints it. A [`ProblemBuilder`] lets primary and secondary items be
//! declared interleaved, but Knuth's format lists all primaries first; so `parse(&to_text(p))`
//! has the same item names, kinds and option lines as `p`, but an item's
//! [`ItemId`](crate::ItemId) (its position in declaration order) changes when `p` interleaved the
//! two kinds. Option order and the order of items within an option are kept. Option labels are
//! not written.
//!
//! The round trip holds when every name and colour is valid in the format as described above: the
//! builder itself accepts any nonempty name, and `to_text` writes names as they are, so a name
//! containing a space or a `:` would not read back. A problem with no primary item cannot be
//! written at all: its items line would begin with `|` and read as a comment.

use std::fmt;

use crate::{Error, ItemKind, Problem, ProblemBuilder};

/// Which rule of the format a text broke: a [`ParseError`]'s kind, for callers that want to react
/// to particular errors without reading messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The bytes given to [`parse_bytes`] are not UTF-8 (outside comment lines).
    InvalidUtf8,
    /// The input ended before any line that is neither blank nor a comment: there is no items line.
    MissingItems,
    /// An item name holds a character no name may hold (`:`, `|`, a control character, U+FEFF),
    /// or a token of an option has no name before its `:`.
    BadItemName,
    /// An item of the items line carries a colour (`x:A`); colours belong on options.
    ColorInItemsLine,
    /// The items line declares the same name twice.
    DuplicateItem,
    /// The items line holds a second lone `|`.
    SecondSeparator,
    /// An option line holds a lone `|`, which only the items line may contain.
    SeparatorInOption,
    /// An option names an item the items line did not declare.
    UnknownItem,
    /// An option names the same item twice.
    RepeatedItem,
    /// A colour is empty (`x:`) or holds a character no colour may hold (`x:A:B`).
    BadColor,
    /// A colour is given to a primary item.
    ColorOnPrimary,
    /// An option names only secondary items, so it could never be chosen.
    NoPrimaryItem,
    /// More items, options or nodes than the links can address.
    TooLarge,
    /// Any other error the problem builder reported.
    Other,
}

/// An error in text of Knuth's format: where it is, which rule it broke, and a message.
///
/// Displays as `line L, column C: message`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
#[non_exhaustive]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters, of the offending token's first character.
    pub column: usize,
    /// Which rule was broken.
    pub kind: ParseErrorKind,
    /// What was wrong and what was expected.
    pub message: String,
}

impl ParseError {
    fn new(kind: ParseErrorKind, line: usize, column: usize, message: String) -> Self {
        Self { line, column, kind, message }
    }

    /// Places an error of the problem builder at a position of the text.
    fn from_builder(err: Error, line: usize, column: usize) -> Self {
        let kind = match &err {
            Error::BadItemName { .. } => ParseErrorKind::BadItemName,
            Error::DuplicateItem { .. } => ParseErrorKind::DuplicateItem,
            Error::RepeatedItem { .. } => ParseErrorKind::RepeatedItem,
            Error::ColorOnPrimary { .. } => ParseErrorKind::ColorOnPrimary,
            Error::NoPrimaryItem => ParseErrorKind::NoPrimaryItem,
            Error::TooLarge { .. } => ParseErrorKind::TooLarge,
            _ => ParseErrorKind::Other,
        };
        Self::new(kind, line, column, err.to_string())
    }
}

/// Reads a problem in Knuth's format, as his DLX1 and DLX2 read it.
///
/// - Blank lines, and comment lines whose first non-blank character is `|`, are skipped.
/// - The first other line names the primary items, then optionally a lone `|` and the secondary
///   items.
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

/// Writes a problem in Knuth's format: the items line, primaries first, then one line per option.
///
/// Primary items come first in declaration order, then ` | ` and the secondary items in
/// declaration order (no `|` when there are none); each option is written as
/// [`Problem::option_line`] prints it, in declaration order. Since Knuth's format lists all
/// primaries first, `parse(&to_text(&p))` has the same item names, kinds and option lines as `p`,
/// but an item's [`ItemId`](crate::ItemId) changes when `p` declared the two kinds interleaved.
/// Option labels are not written.
///
/// The round trip needs names and colours that [`parse`] accepts; the builder accepts any nonempty
/// name and this writes names as they are, so a name with a space or a `:` would not read back. A
/// problem without a primary item cannot be written at all: its items line would read as a
/// comment.
///
/// ```
/// let text = "A B | x\nA x:red\nB x:red\n";
/// assert_eq!(tessera_xc::to_text(&tessera_xc::parse(text).unwrap()), text);
/// ```
pub fn to_text(problem: &Problem) -> String {
    let mut out = String::new();
    let names = |kind: ItemKind| {
        problem
            .items()
            .filter(move |&item| problem.item_kind(item) == kind)
            .map(|item| problem.item_name(item))
    };
    for (i, name) in names(ItemKind::Primary).enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(name);
    }
    let mut secondaries = names(ItemKind::Secondary).peekable();
    if secondaries.peek().is_some() {
        out.push_str(" |");
        for name in secondaries {
            out.push(' ');
            out.push_str(name);
        }
    }
    out.push('\n');
    for option in problem.options() {
        out.push_str(&problem.option_line(option));
        out.push('\n');
    }
    out
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
            let err = |kind, message| Err(ParseError::new(kind, line, token.column, message));
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
            self.builder
                .item(token.text.to_owned(), kind)
                .map_err(|e| ParseError::from_builder(e, line, token.column))?;
            self.declared_at.push(token.column);
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
