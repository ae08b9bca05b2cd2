//! Knuth's text format for exact-cover problems, as his programs DLX1 (items and options), DLX2
//! (colours too) and DLX3 (multiplicities too) read it: [`parse`] and [`parse_bytes`] read it,
//! [`to_text`] writes it.
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
//! - A primary item may carry bounds, Knuth's DLX3 syntax: `u:v|name` (covered at least `u`, at
//!   most `v` times) or `v|name` (exactly `v`), with decimal `u <= v` and `v >= 1`. Secondary
//!   items cannot ([`ParseErrorKind::BoundsOnSecondary`]); malformed or impossible bounds are
//!   [`ParseErrorKind::BadBounds`]. `1:1|name` is `name`.
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
//!   alone and report `|x` as a [`ParseErrorKind::BadItemName`] that says so. A `|` inside a
//!   token (`B|C`) is DLX3's bounds, and bounds that are not numbers are an error saying so.
//! - DLX3 reads bounds on an item of the items line only before the `|`; so do we, but where DLX3
//!   stops with "Illegal `|' in item name" for bounds after it, we say that secondary items take
//!   no bounds.
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
//! [`to_text`] writes the items line (primary items in declaration order, with their bounds as
//! `v|name` or `u:v|name` unless they are `1:1`, then ` | ` and the
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
//!
//! [`Error::Parse`]: crate::Error::Parse
//! [`ProblemBuilder`]: crate::ProblemBuilder
//! [`Problem::option_line`]: crate::Problem::option_line

mod error;
mod read;
mod write;

pub use error::{ParseError, ParseErrorKind};
pub use read::{parse, parse_bytes};
pub use write::to_text;
