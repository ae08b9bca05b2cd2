//! Shaping a generated puzzle: how many clues it keeps ([`Generator::clues`]) and where they
//! are ([`Generator::mask`]), for publishers whose easy puzzles should not be as sparse as
//! their diabolical ones, or whose givens draw a picture.
//!
//! # Clue counts
//!
//! Each attempt draws a target count `t` in the range from its own random stream, then removes
//! clues as [`Generator`] always does (orbits of the symmetry in random order, each removal kept
//! while the puzzle stays unique, or stays solvable by the level's techniques where the level
//! caps removal), except that an orbit whose removal would go below the range's low end is
//! skipped, and removal stops as soon as the count is at most `t`. A puzzle left above the range
//! (removal could not go that low) is rejected, and so is one whose level is not the asked one;
//! the next attempt starts. So the count is always in the range, spread over it rather than
//! piled at one end, and the level is rated on the puzzle as printed. The classic 9x9 grid then
//! takes the general removal, not the dedicated 9x9 one (which only removes to the end).
//!
//! Some ranges can never be met: fewer clues than any uniquely solvable puzzle of the size has
//! ([`clue_floor`]: 17 on 9x9, a proof by exhaustive search; `n - 1` in general, since two digits
//! that appear nowhere can be swapped in any solution). [`check_clues`] refuses those before
//! anything runs; other misses (easy puzzles rarely go below the low 30s on 9x9) show as
//! rejections in [`Rejections`], which the command line turns into its give-up message.
//!
//! # Masks
//!
//! A mask names the cells that are given, exactly. Each attempt fills a random grid, keeps its
//! digits on the mask's cells, and keeps the puzzle if it has one solution (counted to 2) and
//! the asked level. This is rejection sampling: a mask with few cells is rarely unique on a
//! random grid, so attempts are bounded by the caller and the rejections are counted; the
//! acceptance rates of a few masks are in docs/performance.md. A mask is checked against the
//! symmetry asked for ([`check_mask`]), so that `--symmetry` still means what it says.

use crate::sudoku::{Layout, Sudoku, Symmetry};
use crate::Error;

#[cfg(doc)]
use crate::sudoku::Generator;

/// Why attempts were rejected, counted over one [`Generator::generate_tallied`] call.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Rejections {
    /// Removal could not bring the count down into the [`Generator::clues`] range.
    pub clues: u32,
    /// The puzzle's level was not the asked one (digging with [`Generator::se_at_least`]: the
    /// climb stalled below the SE asked).
    pub level: u32,
    /// With a [`Generator::mask`]: the grid's digits on the mask had several solutions.
    pub not_unique: u32,
    /// With [`Generator::jigsaw`]: the random regions' empty grid was not filled within its
    /// guesses, and the regions were drawn again.
    pub regions: u32,
}

/// Why one attempt was rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reject {
    Clues,
    Level,
    NotUnique,
    Regions,
}

impl Rejections {
    pub(crate) fn add(&mut self, reject: Reject) {
        let count = match reject {
            Reject::Clues => &mut self.clues,
            Reject::Level => &mut self.level,
            Reject::NotUnique => &mut self.not_unique,
            Reject::Regions => &mut self.regions,
        };
        *count += 1;
    }
}

/// The fewest clues a puzzle of `layout` with one solution can have, as far as is known, and
/// why: 17 for classic 9x9 (McGuire, Tugemann and Civario, 2012, by exhaustive search), 4 for
/// 4x4 and 8 for 6x6 (known minima), and `n - 1` otherwise (two digits absent from the clues
/// can be swapped in any solution).
pub fn clue_floor(layout: &Layout) -> (usize, &'static str) {
    let n = layout.size();
    match n {
        9 if layout.is_classic_9x9() => (
            17,
            "no 9x9 Sudoku with fewer than 17 clues has one solution (McGuire, Tugemann and Civario, 2012)",
        ),
        4 if !layout.has_diagonals() => (4, "no 4x4 Sudoku with fewer than 4 clues has one solution"),
        6 if !layout.has_diagonals() => (8, "no 6x6 Sudoku with fewer than 8 clues has one solution"),
        _ => (
            n - 1,
            "with fewer than n-1 clues two digits are missing, and swapping them gives a second solution",
        ),
    }
}

/// Refuses a clue range that no puzzle of `layout` with `symmetry` can meet: empty, above the
/// cells, below [`clue_floor`], or holding no count the symmetry allows (clues come and go an
/// orbit at a time: on an even grid a half turn allows only even counts, a quarter turn only
/// multiples of four).
pub fn check_clues(layout: &Layout, symmetry: Symmetry, min: usize, max: usize) -> Result<(), Error> {
    let cells = layout.cells();
    let n = layout.size();
    if min > max {
        return Err(Error::shape(format!("the clue range {min}..{max} is empty")));
    }
    if min > cells {
        return Err(Error::shape(format!("a {n}x{n} grid has {cells} cells, fewer than {min} clues")));
    }
    let (floor, why) = clue_floor(layout);
    if max < floor {
        return Err(Error::shape(format!("at most {max} clues: {why}")));
    }
    // The counts made of whole orbits: subset sums of the orbit sizes.
    let mut reachable = vec![false; cells + 1];
    reachable[0] = true;
    for orbit in symmetry.orbits(n) {
        for count in (orbit.len()..=cells).rev() {
            reachable[count] |= reachable[count - orbit.len()];
        }
    }
    if !(min..=max.min(cells)).any(|count| reachable[count]) {
        return Err(Error::shape(format!(
            "no count from {min} to {max} is made of whole {} orbits of a {n}x{n} grid (clues come and go \
             an orbit at a time); widen the range",
            symmetry.name()
        )));
    }
    Ok(())
}

/// A mask from text: one row a line, `x` (or `X`) for a given cell and `.` for an empty one,
/// spaces ignored, blank lines and lines starting with `#` skipped; `size` rows of `size`
/// cells. Errors name the line and column.
///
/// ```
/// use tessera::sudoku::parse_mask;
/// let mask = parse_mask("x..x\n.xx.\n.xx.\nx..x\n", 4).unwrap();
/// assert_eq!(mask.iter().filter(|&&given| given).count(), 8);
/// assert!(parse_mask("x..x\n", 4).unwrap_err().to_string().contains("4 rows"));
/// ```
pub fn parse_mask(text: &str, size: usize) -> Result<Vec<bool>, Error> {
    let mut mask = Vec::with_capacity(size * size);
    let mut rows = 0;
    let mut last_line = 0;
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        last_line = number;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if rows == size {
            return Err(Error::parse(
                number,
                1,
                format!("a mask of a {size}x{size} grid has {size} rows; this is one more"),
            ));
        }
        let mut cells = 0;
        for (column, ch) in line.chars().enumerate() {
            let given = match ch {
                'x' | 'X' => true,
                '.' => false,
                ' ' | '\t' => continue,
                other => {
                    return Err(Error::parse(
                        number,
                        column + 1,
                        format!("{other:?} in a mask; expected `x` (a given) or `.` (an empty cell)"),
                    ))
                }
            };
            cells += 1;
            if cells > size {
                return Err(Error::parse(
                    number,
                    column + 1,
                    format!("more than {size} cells in a row of the mask"),
                ));
            }
            mask.push(given);
        }
        if cells < size {
            return Err(Error::parse(
                number,
                1,
                format!("{cells} cells in a row of the mask; expected {size}"),
            ));
        }
        rows += 1;
    }
    if rows < size {
        return Err(Error::parse(
            last_line.max(1),
            1,
            format!("the mask has {rows} rows; a {size}x{size} grid needs {size} rows of {size} cells"),
        ));
    }
    Ok(mask)
}

/// Refuses a mask of the wrong size, one with no given, and one without `symmetry` (naming a
/// cell whose image differs).
pub fn check_mask(layout: &Layout, symmetry: Symmetry, mask: &[bool]) -> Result<(), Error> {
    let n = layout.size();
    if mask.len() != n * n {
        return Err(Error::shape(format!("a mask of {} cells for a {n}x{n} grid", mask.len())));
    }
    let givens = mask.iter().filter(|&&given| given).count();
    let (floor, why) = clue_floor(layout);
    if givens < floor {
        return Err(Error::shape(format!("the mask has {givens} givens: {why}")));
    }
    for orbit in symmetry.orbits(n) {
        if let Some(&odd) = orbit.iter().find(|&&cell| mask[cell] != mask[orbit[0]]) {
            return Err(Error::shape(format!(
                "the mask is not {}-symmetric: {} is {} and {} is not",
                symmetry.name(),
                layout.cell_name(orbit[0]),
                if mask[orbit[0]] { "given" } else { "empty" },
                layout.cell_name(odd),
            )));
        }
    }
    Ok(())
}

/// `solution`'s digits on the mask's cells.
pub(crate) fn masked(solution: &Sudoku, mask: &[bool]) -> Sudoku {
    let mut puzzle = solution.clone();
    for (cell, &given) in mask.iter().enumerate() {
        if !given {
            puzzle.set(cell, 0);
        }
    }
    puzzle
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_are_read_and_checked() {
        let layout = Layout::classic(4).unwrap();
        let mask = parse_mask("# corners and centre\nx . . x\n. x x .\n\n. x x .\nx . . x\n", 4).unwrap();
        check_mask(&layout, Symmetry::Rot90, &mask).unwrap();
        let err = parse_mask("x..x\n.x?.\n", 4).unwrap_err().to_string();
        assert!(err.contains("line 2, column 3"), "{err}");
        let err = parse_mask("x..x\n.x.\n", 4).unwrap_err().to_string();
        assert!(err.contains("3 cells"), "{err}");
        let lopsided = parse_mask("xx..\nxx..\n..x.\n...x\n", 4).unwrap();
        let err = check_mask(&layout, Symmetry::Mirror, &lopsided).unwrap_err().to_string();
        assert!(err.contains("not mirror-symmetric"), "{err}");
        let sparse = parse_mask("x...\n....\n....\n...x\n", 4).unwrap();
        assert!(check_mask(&layout, Symmetry::None, &sparse).unwrap_err().to_string().contains("2 givens"));
    }

    #[test]
    fn clue_ranges_below_the_floor_are_refused() {
        let nine = Layout::classic(9).unwrap();
        let none = Symmetry::None;
        assert!(check_clues(&nine, none, 10, 16).unwrap_err().to_string().contains("17 clues"));
        assert!(check_clues(&nine, none, 17, 17).is_ok());
        assert!(check_clues(&nine, none, 82, 90).unwrap_err().to_string().contains("81 cells"));
        assert!(check_clues(&nine, none, 30, 20).unwrap_err().to_string().contains("empty"));
        let sixteen = Layout::classic(16).unwrap();
        assert!(check_clues(&sixteen, none, 5, 14).unwrap_err().to_string().contains("n-1"));
        // Orbits: pairs on an even grid under a half turn, fours (and the centre) under a quarter turn.
        assert!(check_clues(&sixteen, Symmetry::Rot180, 61, 61).unwrap_err().to_string().contains("orbits"));
        assert!(check_clues(&sixteen, Symmetry::Rot180, 61, 62).is_ok());
        assert!(check_clues(&nine, Symmetry::Rot180, 27, 27).is_ok());
        assert!(check_clues(&nine, Symmetry::Rot90, 26, 27).is_err());
        assert!(check_clues(&nine, Symmetry::Rot90, 28, 28).is_ok());
    }
}
