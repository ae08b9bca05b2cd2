//! Hidato (and Numbrix) as exact cover with colours, for `tessera-xc`: the independent route that
//! cross-checks the dedicated solver.
//!
//! ```text
//!   primary items    r{row}c{col}  every non-hole cell holds one number
//!                    #k            every number 1..N sits in one cell
//!   secondary items  w{k}          "the cell of k", coloured by a cell
//!
//!   option "k at c, k+1 at c'" (c' a neighbour of c; for k = N no c'):
//!       cell c   #k   w{k}:c   w{k+1}:c'
//! ```
//!
//! An option for `k` fixes the colour of `w{k+1}`, and the option chosen for `k + 1` must agree
//! with it through its own `w{k+1}:c''`, so `c'' = c'`: consecutive numbers touch. Every cell and
//! every number is covered once, so the chosen options are exactly a filled board. A solution of
//! the board gives exactly one cover (the option of `k` is determined by the cells of `k` and
//! `k + 1`), so counts agree one to one.
//!
//! Options are pruned by sound windows only: a given `a` at cell `g` allows `k` at `c` only when
//! the breadth-first distance from `g` to `c` over the non-hole cells is at most `|k - a|`; a given
//! cell takes only its own number and a given number only its own cell. Everything else is left
//! to the search, so the reduction stays simple enough to trust.

use std::collections::VecDeque;

use crate::Reduction;
use tessera_xc::{Color, ItemId, OptionId, Problem, ProblemBuilder};

use crate::hidato::Hidato;

/// A Hidato as an exact-cover problem for `tessera-xc`, and the way back from its solutions.
///
/// ```
/// use tessera::hidato::{Adjacency, ExactCover, Hidato};
/// use tessera::Reduction;
/// let puzzle = Hidato::new(2, 2, vec![1, 0, 0, 4], Adjacency::King).unwrap();
/// let cover = ExactCover::new(&puzzle);
/// assert_eq!(cover.problem().solver().count_all().solutions, 2);
/// let options = cover.problem().solver().first().unwrap().expect("a solution");
/// assert!(cover.decode(&options).is_filled());
/// ```
#[derive(Debug, Clone)]
pub struct ExactCover {
    puzzle: Hidato,
    problem: Problem,
    /// The (number, board cell) of each option, by option index.
    choices: Vec<(u32, u32)>,
}

impl ExactCover {
    /// The reduction of `puzzle`.
    pub fn new(puzzle: &Hidato) -> Self {
        let total = puzzle.cells().len();
        let cells: Vec<usize> = (0..total).filter(|&c| !puzzle.is_hole(c)).collect();
        let n = cells.len();
        let mut builder = ProblemBuilder::new();
        let expect = "item names are distinct and the problem is small";
        let mut cell_item = vec![None; total];
        for &c in &cells {
            let (column, row) = puzzle.position(c);
            cell_item[c] = Some(builder.primary(format!("r{row}c{column}")).expect(expect));
        }
        let number_item: Vec<ItemId> =
            (1..=n).map(|k| builder.primary(format!("#{k}")).expect(expect)).collect();
        let where_item: Vec<ItemId> =
            (1..=n).map(|k| builder.secondary(format!("w{k}")).expect(expect)).collect();
        let colors: Vec<Option<Color>> = (0..total)
            .map(|c| {
                (!puzzle.is_hole(c)).then(|| {
                    let (column, row) = puzzle.position(c);
                    builder.color(&format!("r{row}c{column}"))
                })
            })
            .collect();

        // allowed[k - 1][c]: k may sit at board cell c.
        let open: Vec<bool> = (0..total).map(|c| !puzzle.is_hole(c)).collect();
        let mut allowed = vec![open; n];
        for &g in &cells {
            let a = puzzle.get(g);
            if a <= 0 {
                continue;
            }
            let a = a as usize;
            let dist = distances(puzzle, g);
            for (k0, row) in allowed.iter_mut().enumerate() {
                let k = k0 + 1;
                for &c in &cells {
                    let given = puzzle.get(c);
                    if dist[c] > k.abs_diff(a) || (given > 0 && given as usize != k) {
                        row[c] = false;
                    }
                }
                if k == a {
                    row.iter_mut().enumerate().for_each(|(c, ok)| *ok &= c == g);
                }
            }
        }

        let mut choices = Vec::new();
        for k in 1..=n {
            for &c in &cells {
                if !allowed[k - 1][c] {
                    continue;
                }
                let base = [
                    (cell_item[c].expect("not a hole"), None),
                    (number_item[k - 1], None),
                    (where_item[k - 1], colors[c]),
                ];
                if k == n {
                    builder.colored_option(base).expect("an option's items are distinct");
                    choices.push((k as u32, c as u32));
                    continue;
                }
                for next in puzzle.neighbours(c) {
                    if !allowed[k][next] {
                        continue;
                    }
                    let items = base.into_iter().chain([(where_item[k], colors[next])]);
                    builder.colored_option(items).expect("an option's items are distinct");
                    choices.push((k as u32, c as u32));
                }
            }
        }
        ExactCover { puzzle: puzzle.clone(), problem: builder.build(), choices }
    }

    /// The number and board cell an option places.
    pub fn choice(&self, option: OptionId) -> (i32, usize) {
        let (k, c) = self.choices[option.index()];
        (k as i32, c as usize)
    }
}

impl Reduction for ExactCover {
    type Solution = Hidato;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The board that a set of this problem's options describes; cells no option fills keep
    /// the puzzle's value.
    fn decode(&self, solution: &[OptionId]) -> Hidato {
        let mut board = self.puzzle.clone();
        for &option in solution {
            let (k, c) = self.choice(option);
            board.set(c, k);
        }
        board
    }
}

/// Breadth-first distances from `from` over the non-hole cells (`usize::MAX` if unreachable).
fn distances(puzzle: &Hidato, from: usize) -> Vec<usize> {
    let mut dist = vec![usize::MAX; puzzle.cells().len()];
    dist[from] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        for x in puzzle.neighbours(c) {
            if dist[x] == usize::MAX {
                dist[x] = dist[c] + 1;
                queue.push_back(x);
            }
        }
    }
    dist
}
