//! The verifier, independent of every solver: each rule checked on the filled grid by its own
//! kind's checker (`rules/`), with the cells that break it.

use std::fmt;

use serde::Serialize;

use crate::variant::model::{Cell, Grid, Variant};
use crate::variant::rules;

/// A broken rule: which rule (`kind`), which constraint of the list (from 1; `None` for the grid's
/// own rules), the cells that break it, in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// `size-differs`, `empty`, `given-changed`, `repeated-in-row`, `repeated-in-column`,
    /// `repeated-in-region`, or the constraint's kind (`cage`, `thermometer`, ...).
    pub kind: String,
    /// The constraint's position in [`Variant::constraints`], from 1.
    pub constraint: Option<usize>,
    /// The cells at fault.
    pub cells: Vec<Cell>,
    /// What is wrong, naming cells r1c1 style.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.constraint {
            Some(i) => write!(f, "{} (constraint {i}): {}", self.kind, self.message),
            None => write!(f, "{}: {}", self.kind, self.message),
        }
    }
}

/// Every rule `answer` breaks.
///
/// ```
/// use tessera::variant::{verify, Grid, Variant};
/// let puzzle = Variant::classic(4);
/// let answer = Grid::parse("1234\n3412\n2143\n4321\n")?;
/// assert!(verify(&puzzle, &answer).is_valid());
/// # Ok::<(), tessera::Error>(())
/// ```
pub fn verify(puzzle: &Variant, answer: &Grid) -> crate::Verdict<Violation> {
    let n = puzzle.size;
    let mut found = Vec::new();
    fn push(
        found: &mut Vec<Violation>,
        kind: &str,
        constraint: Option<usize>,
        cells: Vec<Cell>,
        message: String,
    ) {
        found.push(Violation { kind: kind.to_string(), constraint, cells, message });
    }
    if answer.size() != n {
        push(
            &mut found,
            "size-differs",
            None,
            Vec::new(),
            format!("the answer is {0}x{0}, the puzzle {n}x{n}", answer.size()),
        );
        return crate::Verdict::new(found);
    }
    let digits = answer.digits();
    for (i, &d) in digits.iter().enumerate() {
        if d == 0 {
            push(&mut found, "empty", None, vec![Cell::at(i, n)], format!("{} is empty", Cell::at(i, n)));
        } else if puzzle.givens[i] != 0 && puzzle.givens[i] != d {
            push(
                &mut found,
                "given-changed",
                None,
                vec![Cell::at(i, n)],
                format!("{} holds {d} where the given is {}", Cell::at(i, n), puzzle.givens[i]),
            );
        }
    }
    if found.iter().any(|v| v.kind == "empty") {
        return crate::Verdict::new(found);
    }
    let mut houses: Vec<(&str, String, Vec<usize>)> = Vec::new();
    for r in 0..n {
        houses.push(("repeated-in-row", format!("row {}", r + 1), (r * n..(r + 1) * n).collect()));
        houses.push(("repeated-in-column", format!("column {}", r + 1), (0..n).map(|i| i * n + r).collect()));
    }
    let mut regions: std::collections::BTreeMap<u16, Vec<usize>> = Default::default();
    for (i, region) in puzzle.regions.iter().enumerate() {
        if let Some(region) = region {
            regions.entry(*region).or_default().push(i);
        }
    }
    for (id, cells) in regions {
        houses.push(("repeated-in-region", format!("region {}", id + 1), cells));
    }
    for (kind, name, cells) in houses {
        for (a, b) in rules::repeats(digits, &cells) {
            push(
                &mut found,
                kind,
                None,
                vec![Cell::at(a, n), Cell::at(b, n)],
                format!(
                    "{} appears twice in {name}, at {} and {}",
                    digits[a],
                    Cell::at(a, n),
                    Cell::at(b, n)
                ),
            );
        }
    }
    for (i, constraint) in puzzle.constraints.iter().enumerate() {
        for (cells, message) in rules::check(puzzle, constraint, digits) {
            push(&mut found, constraint.name(), Some(i + 1), cells, message);
        }
    }
    crate::Verdict::new(found)
}
