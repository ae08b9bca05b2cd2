//! Sudoku as exact cover, for `tessera-xc`: the independent route that cross-checks the other
//! solvers.
//!
//! The reduction is the classic one (Knuth, "Dancing Links", 2000), made general over houses:
//!
//! ```text
//!   items (all primary)                         options: one per (cell, digit) pair left
//!   r1c1 .. rNcN        cell holds one digit        "r1c1=5" covers  r1c1  r1#5  c1#5  b1#5
//!   r1#1 .. rN#N        row holds each digit        (and d#5 / a#5 when r1c1 lies on a diagonal
//!   c1#1 .. cN#N        column holds each digit      of an X grid)
//!   b1#1 .. bN#N        box (jigsaw: g1#1) likewise
//!   d#1 .. d#N, a#1 ..  the main and anti-diagonal, X grids only
//! ```
//!
//! A classic 9x9 has 324 items and at most 729 options. Every house must hold every digit
//! exactly once, so the diagonal items of the X variant are primary too.
//!
//! Givens are kept as options rather than covered up front: a given cell gets the single option
//! of its own digit, and an empty cell gets the digits that no given among its peers holds. The
//! search's MRV picks the one-option items first, so this costs a level per given and no special
//! path; and givens that clash simply leave no cover (two options needing the same item), which
//! is the "no solution" the other solvers report.

use std::sync::Arc;

use tessera_xc::{ItemId, OptionId, Problem, ProblemBuilder};

use crate::sudoku::{Layout, Regions, Sudoku};
use crate::Reduction;

/// A Sudoku as an exact-cover problem for `tessera-xc`, and the way back from its solutions.
///
/// ```
/// use std::sync::Arc;
/// use tessera::sudoku::{ExactCover, Layout, Sudoku};
/// use tessera::Reduction;
/// let layout = Arc::new(Layout::classic(4).unwrap());
/// let puzzle = Sudoku::from_digits(layout, vec![1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2]).unwrap();
/// let cover = ExactCover::new(&puzzle);
/// assert_eq!(cover.problem().item_count(), 4 * 16);
/// let options = cover.problem().solver().first().unwrap().expect("a solution");
/// let solution = cover.decode(&options);
/// assert!(solution.is_solved() && puzzle.is_completed_by(&solution));
/// ```
#[derive(Debug, Clone)]
pub struct ExactCover {
    layout: Arc<Layout>,
    problem: Problem,
    /// The (cell, digit) of each option, by option index.
    choices: Vec<(u16, u8)>,
}

impl ExactCover {
    /// The reduction of `puzzle`: items for cells and house-digit pairs, an option for each
    /// (cell, digit) pair consistent with the givens.
    pub fn new(puzzle: &Sudoku) -> Self {
        let layout = puzzle.layout();
        let n = layout.size();
        let mut builder = ProblemBuilder::new();
        let add = |builder: &mut ProblemBuilder, name: String| {
            builder.primary(name).expect("item names are distinct and the problem is small")
        };
        let cell_items: Vec<ItemId> =
            (0..layout.cells()).map(|cell| add(&mut builder, layout.cell_name(cell))).collect();
        // house_items[house * n + digit - 1]
        let mut house_items = Vec::with_capacity(layout.houses().len() * n);
        for house in 0..layout.houses().len() {
            let prefix = house_prefix(layout, house);
            for digit in 1..=n {
                house_items.push(add(&mut builder, format!("{prefix}#{digit}")));
            }
        }

        // Digits held by a given among each cell's peers.
        let mut blocked = vec![0u32; layout.cells()];
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                for &peer in layout.peers(cell) {
                    blocked[peer as usize] |= 1 << (digit - 1);
                }
            }
        }
        let mut choices = Vec::new();
        let mut items = Vec::with_capacity(6);
        for (cell, &given) in puzzle.cells().iter().enumerate() {
            for digit in 1..=n as u8 {
                let allowed = if given != 0 { digit == given } else { blocked[cell] & 1 << (digit - 1) == 0 };
                if !allowed {
                    continue;
                }
                items.clear();
                items.push(cell_items[cell]);
                items.extend(
                    layout
                        .cell_houses(cell)
                        .iter()
                        .map(|&h| house_items[h as usize * n + digit as usize - 1]),
                );
                let option = builder.option(&items).expect("an option's items are distinct");
                builder.set_label(option, format!("{}={}", layout.cell_name(cell), layout.symbol(digit)));
                choices.push((cell as u16, digit));
            }
        }
        ExactCover { layout: puzzle.layout_arc().clone(), problem: builder.build(), choices }
    }

    /// The cell and digit an option places.
    pub fn choice(&self, option: OptionId) -> (usize, u8) {
        let (cell, digit) = self.choices[option.index()];
        (cell as usize, digit)
    }
}

impl Reduction for ExactCover {
    type Solution = Sudoku;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The grid that a solution (or any set of this problem's options) describes; cells no
    /// option fills stay empty.
    fn decode(&self, solution: &[OptionId]) -> Sudoku {
        let mut grid = Sudoku::empty(self.layout.clone());
        for &option in solution {
            let (cell, digit) = self.choice(option);
            grid.set(cell, digit);
        }
        grid
    }
}

/// The short name of a house in item names: `r4`, `c7`, `b2` (box), `g2` (jigsaw region), `d`
/// (main diagonal), `a` (anti-diagonal).
fn house_prefix(layout: &Layout, house: usize) -> String {
    let n = layout.size();
    match house / n {
        0 => format!("r{}", house + 1),
        1 => format!("c{}", house - n + 1),
        2 if matches!(layout.regions(), Regions::Jigsaw(_)) => format!("g{}", house - 2 * n + 1),
        2 => format!("b{}", house - 2 * n + 1),
        _ if house == 3 * n => "d".to_owned(),
        _ => "a".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_9x9_sizes_and_labels() {
        let empty = Sudoku::empty(Arc::new(Layout::classic(9).unwrap()));
        let cover = ExactCover::new(&empty);
        assert_eq!(cover.problem().item_count(), 324);
        assert_eq!(cover.problem().option_count(), 729);
        let first = OptionId::from_index(4);
        assert_eq!(cover.problem().option_label(first), Some("r1c1=5"));
        assert_eq!(cover.problem().option_line(first), "r1c1 r1#5 c1#5 b1#5");
        assert_eq!(cover.choice(first), (0, 5));
    }

    #[test]
    fn x_variant_adds_diagonal_items() {
        let empty = Sudoku::empty(Arc::new(Layout::classic(4).unwrap().with_diagonals()));
        let cover = ExactCover::new(&empty);
        assert_eq!(cover.problem().item_count(), 16 + 4 * 14);
        // r1c1 lies on the main diagonal, r1c4 on the anti-diagonal.
        assert_eq!(cover.problem().option_line(OptionId::from_index(0)), "r1c1 r1#1 c1#1 b1#1 d#1");
        assert_eq!(cover.problem().option_line(OptionId::from_index(12)), "r1c4 r1#1 c4#1 b2#1 a#1");
    }

    #[test]
    fn givens_keep_only_their_digit_and_prune_peers() {
        let layout = Arc::new(Layout::classic(4).unwrap());
        let mut puzzle = Sudoku::empty(layout);
        puzzle.set(0, 3);
        let cover = ExactCover::new(&puzzle);
        // r1c1: one option; its 7 peers lose digit 3; the 8 other cells keep all 4 digits.
        assert_eq!(cover.problem().option_count(), 1 + 7 * 3 + 8 * 4);
        assert_eq!(cover.problem().option_label(OptionId::from_index(0)), Some("r1c1=3"));
    }
}
