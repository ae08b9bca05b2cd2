//! Writing Knuth's format: [`to_text`], the inverse of [`parse`](super::parse)(super::parse) for problems
//! whose names the format can hold.

use crate::{ItemKind, Problem};

/// Writes a problem in Knuth's format: the items line, primaries first, then one line per option.
///
/// Primary items come first in declaration order, each with its bounds in Knuth's DLX3 syntax
/// when they are not `1:1` (`v|name` for exactly `v`, `u:v|name`), then ` | ` and the secondary items in
/// declaration order (no `|` when there are none); each option is written as
/// [`Problem::option_line`] prints it, in declaration order. Since Knuth's format lists all
/// primaries first, `parse(&to_text(&p))` has the same item names, kinds and option lines as `p`,
/// but an item's [`ItemId`](crate::ItemId) changes when `p` declared the two kinds interleaved.
/// Option labels are not written.
///
/// The round trip needs names and colours that [`parse`](super::parse) accepts; the builder accepts
/// any nonempty name and this writes names as they are, so a name with a space or a `:` would not
/// read back. A problem without a primary item cannot be written at all: its items line would read
/// as a comment.
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
    let primaries = problem.items().filter(|&item| problem.item_kind(item) == ItemKind::Primary);
    for (i, item) in primaries.enumerate() {
        if i > 0 {
            out.push(' ');
        }
        match problem.bounds(item) {
            (1, 1) => {}
            (min, max) if min == max => out.push_str(&format!("{max}|")),
            (min, max) => out.push_str(&format!("{min}:{max}|")),
        }
        out.push_str(problem.item_name(item));
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
