//! Sudoku lines of a puzzle registry ([`crate::common::registry`]): `sudoku RxC FORM`, the box
//! shape and the puzzle's [`canonical`] form as one line (its cells only), so that a puzzle and
//! every puzzle equivalent to it under band, stack, row, column and digit permutations (and
//! transposition for square boxes) have the same line. Sudoku X and jigsaw layouts have no
//! canonical form here ([`check_canonical`] says why), so they have no registry line either.

use crate::common::registry::Entry;
use crate::sudoku::{canonical, check_canonical, Layout, Regions, Sudoku};
use crate::Error;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The kind word of Sudoku lines.
pub const REGISTRY_KIND: &str = "sudoku";

/// The registry line of `puzzle`, whose only solution is `solution`.
///
/// ```
/// use std::sync::Arc;
/// use tessera::sudoku::{registry_entry, Generator, Layout};
/// let made = Generator::new(Arc::new(Layout::classic(4).unwrap())).generate(1).unwrap();
/// let entry = registry_entry(&made.puzzle, &made.solution).unwrap();
/// assert_eq!((entry.kind.as_str(), entry.layout.as_str()), ("sudoku", "2x2"));
/// assert_eq!(entry.form.len(), 16);
/// ```
pub fn registry_entry(puzzle: &Sudoku, solution: &Sudoku) -> Result<Entry, Error> {
    let form = canonical(puzzle, solution)?;
    let Regions::Boxes { rows, cols } = *puzzle.layout().regions() else {
        unreachable!("canonical answers for boxes only");
    };
    let line = form.to_line();
    // The cells alone: the box shape is the entry's layout.
    let cells = line.split_whitespace().next().unwrap_or_default().to_owned();
    Ok(Entry { kind: REGISTRY_KIND.to_owned(), layout: format!("{rows}x{cols}"), form: cells })
}

/// A key of the full grid `solution` that is the same for every copy of it a script could make
/// to disguise its puzzle before asking for the answer: the registry line of its canonical form
/// (band, stack, row, column and digit moves, transposition) where the layout has one, else,
/// for Sudoku X and jigsaw, the key under rotations, reflections and relabelled digits
/// ([`crate::common::canon::grid_key`]). The web game marks every game of a key assisted when
/// it gives out the answer of a puzzle with that key.
///
/// ```
/// use std::sync::Arc;
/// use tessera::sudoku::{answer_key, Generator, Layout, Sudoku};
/// let layout = Arc::new(Layout::classic(9).unwrap());
/// let made = Generator::new(layout.clone()).generate(3).unwrap();
/// let cells = made.solution.cells();
/// // Transposed and relabelled (d -> 10 - d): the same key.
/// let moved: Vec<u8> = (0..81).map(|i| 10 - cells[(i % 9) * 9 + i / 9]).collect();
/// let moved = Sudoku::from_digits(layout, moved).unwrap();
/// assert_eq!(answer_key(&made.solution), answer_key(&moved));
/// ```
pub fn answer_key(solution: &Sudoku) -> String {
    match registry_entry(solution, solution) {
        Ok(entry) => entry.line(),
        Err(_) => {
            let n = solution.layout().size();
            let values: Vec<u32> = solution.cells().iter().map(|&d| u32::from(d)).collect();
            format!(
                "sudoku {}",
                crate::common::canon::grid_key(&values, n, n, crate::common::canon::Relabel::Permute)
            )
        }
    }
}

/// Checks a registry line of kind `sudoku`: a box shape the canonical form supports, and a
/// form that is a puzzle line of that layout.
pub fn check_registry_entry(entry: &Entry) -> Result<(), String> {
    let (layout, classic) = registry_layout(&entry.layout)?;
    let size = layout.size();
    let line = if classic { entry.form.clone() } else { format!("{} {}", entry.form, entry.layout) };
    if entry.form.chars().count() != size * size {
        return Err(format!(
            "a sudoku {} form has {} cells, this one {}",
            entry.layout,
            size * size,
            entry.form.chars().count()
        ));
    }
    Sudoku::from_line_with_layout(&line, layout)
        .map(|_| ())
        .map_err(|err| format!("the form is not a {0}x{0} puzzle line: {err}", size))
}

/// A box shape's layout, and whether it is its size's classic one.
type Known = (Arc<Layout>, bool);

/// The layout of a registry's box shape `RxC`, and whether it is the size's classic one; made
/// once per shape (a layout computes its houses and peers, which cost more than reading a line:
/// a registry of 200,000 lines took 9 s to read when each line made its own).
fn registry_layout(text: &str) -> Result<Known, String> {
    static LAYOUTS: OnceLock<Mutex<HashMap<String, Known>>> = OnceLock::new();
    let layouts = LAYOUTS.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(known) = layouts.lock().ok().and_then(|known| known.get(text).cloned()) {
        return Ok(known);
    }
    let layout = new_registry_layout(text)?;
    let classic = Layout::classic(layout.size()).is_ok_and(|classic| classic.regions() == layout.regions());
    let made = (Arc::new(layout), classic);
    if let Ok(mut known) = layouts.lock() {
        known.insert(text.to_owned(), made.clone());
    }
    Ok(made)
}

/// The layout of a box shape `RxC`, checked to have a canonical form.
fn new_registry_layout(text: &str) -> Result<Layout, String> {
    let shape = text
        .split_once('x')
        .and_then(|(rows, cols)| Some((rows.parse::<usize>().ok()?, cols.parse::<usize>().ok()?)));
    let Some((rows, cols)) = shape else {
        return Err(format!("the layout {text:?} is not a box shape RxC such as 3x3"));
    };
    let layout = Layout::boxes(rows, cols).map_err(|err| format!("the layout {text}: {err}"))?;
    check_canonical(&layout).map_err(|err| format!("the layout {text}: {err}"))?;
    Ok(layout)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Generator;

    #[test]
    fn entries_check_and_bad_ones_say_why() {
        for (rows, cols) in [(2, 2), (2, 3), (3, 3), (4, 4)] {
            let layout = Arc::new(Layout::boxes(rows, cols).unwrap());
            let made = Generator::new(layout).generate(5).unwrap();
            let entry = registry_entry(&made.puzzle, &made.solution).unwrap();
            check_registry_entry(&entry).unwrap();
        }
        let bad = |layout: &str, form: &str| {
            check_registry_entry(&Entry { kind: "sudoku".into(), layout: layout.into(), form: form.into() })
                .unwrap_err()
        };
        assert!(bad("3by3", "1").contains("box shape"));
        assert!(bad("1x4", "1...............").contains("one cell thick"));
        assert!(bad("2x2", "1...").contains("16 cells"));
        assert!(bad("2x2", "1..z............").contains("not a 4x4 puzzle line"));
    }
}
