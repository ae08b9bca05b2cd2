//! The checkers' view of a puzzle, shared by the Boolean encoding and the exact-cover reduction:
//! every constraint cut into what both routes encode directly, found by asking the constraint's
//! own checker (`rules::check`) about small fillings, never by reading its propagator.
//!
//! ```text
//!   pairs   (a = x, b = y) forbidden: for the grid-wide pairwise kinds (diagonals, anti-knight,
//!           anti-king, non-consecutive, disjoint groups, negative), found by filling two cells
//!           of an otherwise empty grid and keeping the violations that name exactly those two
//!   tables  a constraint's scope (the cells its meaning reads: its cells, an arrow's circle and
//!           lines, a little killer's diagonal, a sandwich's row, an extremum's neighbours) and
//!           every filling of the scope the checker accepts, enumerated under the grid's own
//!           rules (givens, different digits in a shared row, column or region)
//! ```
//!
//! Why fillings are judged on an otherwise empty grid: a local checker reads only its scope, so
//! the rest of the grid cannot change its verdict; a grid-wide pairwise checker is instead asked
//! about one pair at a time and only violations inside the pair are kept (an empty cell beside a
//! 1 may look "consecutive" to it). A table past its cap is left out ([`Parts::large`]): the SAT
//! route then checks that constraint lazily on each model, the exact cover gives up.

use tessera_xc::{Budget, GaveUp};

use crate::variant::model::{Cell, Constraint, Variant};
use crate::variant::rules;

/// One constraint as a table: its scope and the accepted fillings, `scope.len()` digits each.
#[derive(Debug, Clone)]
pub(crate) struct Table {
    pub(crate) scope: Vec<usize>,
    pub(crate) fillings: Vec<u8>,
}

/// The puzzle's constraints cut into forbidden pairs and tables.
#[derive(Debug, Default)]
pub(crate) struct Parts {
    /// `(a, x, b, y)`: cell `a` holding `x` and cell `b` holding `y` is forbidden.
    pub(crate) pairs: Vec<(usize, u8, usize, u8)>,
    pub(crate) tables: Vec<Table>,
    /// Constraints (index, scope) whose tables would pass the cap.
    pub(crate) large: Vec<(usize, Vec<usize>)>,
}

/// Whether the constraint is a grid-wide pairwise rule.
fn pairwise(constraint: &Constraint) -> bool {
    use Constraint as C;
    matches!(
        constraint,
        C::DiagonalPositive
            | C::DiagonalNegative
            | C::AntiKnight
            | C::AntiKing
            | C::NonConsecutive
            | C::DisjointGroups
            | C::Negative { .. }
    )
}

/// Whether a grid-wide pairwise kind can relate cells `a` and `b` at all: only these pairs are
/// put to its checker (the verdict is still the checker's; this only saves asking about pairs the
/// kind's geometry never names, 150 instead of 3,240 on a 9x9).
fn near(puzzle: &Variant, constraint: &Constraint, a: usize, b: usize) -> bool {
    use Constraint as C;
    let n = puzzle.size;
    let (ra, ca, rb, cb) = ((a / n) as i32, (a % n) as i32, (b / n) as i32, (b % n) as i32);
    let (dr, dc) = ((ra - rb).abs(), (ca - cb).abs());
    match constraint {
        C::DiagonalNegative => ra == ca && rb == cb,
        C::DiagonalPositive => ra + ca == n as i32 - 1 && rb + cb == n as i32 - 1,
        C::AntiKnight => (dr, dc) == (1, 2) || (dr, dc) == (2, 1),
        C::AntiKing => dr <= 1 && dc <= 1,
        C::NonConsecutive | C::Negative { .. } => dr + dc == 1,
        C::DisjointGroups => match crate::variant::model::box_shape(n) {
            Some((h, w)) => dr % h as i32 == 0 && dc % w as i32 == 0,
            None => true,
        },
        _ => true,
    }
}

/// The cells a local constraint's meaning reads, in order, each once.
pub(crate) fn scope(puzzle: &Variant, constraint: &Constraint) -> Vec<usize> {
    use Constraint as C;
    let n = puzzle.size as i16;
    let mut cells: Vec<Cell> = match constraint {
        C::ExtraRegion { cells }
        | C::Cage { cells, .. }
        | C::Thermometer { cells, .. }
        | C::Quadruple { cells, .. }
        | C::Palindrome { cells }
        | C::Renban { cells }
        | C::Whispers { cells, .. }
        | C::Between { cells }
        | C::RegionSumLine { cells } => cells.clone(),
        C::Difference { cells, .. } | C::Ratio { cells, .. } | C::Xv { cells, .. } | C::Less { cells } => {
            cells.to_vec()
        }
        C::Skyscraper { clue, .. } => rules::skyscraper_cells(puzzle.size, *clue)
            .into_iter()
            .map(|i| Cell::at(i, puzzle.size))
            .collect(),
        C::Arrow { circle, lines } => circle.iter().chain(lines.iter().flatten()).copied().collect(),
        C::Clone { cells, clones } => cells.iter().chain(clones).copied().collect(),
        C::Odd { cell } | C::Even { cell } => vec![*cell],
        C::Minimum { cell } | C::Maximum { cell } => {
            let i = puzzle.index(*cell);
            std::iter::once(*cell)
                .chain(rules::neighbours(i, puzzle.size).map(|j| Cell::at(j, puzzle.size)))
                .collect()
        }
        C::LittleKiller { clue, direction, .. } => {
            let (dr, dc) = direction.step();
            let mut at = Cell::new(clue.row + dr, clue.col + dc);
            let mut cells = Vec::new();
            while at.index(puzzle.size).is_some() {
                cells.push(at);
                at = Cell::new(at.row + dr, at.col + dc);
            }
            cells
        }
        C::Sandwich { clue, .. } => {
            if clue.col == -1 || clue.col == n {
                (0..n).map(|c| Cell::new(clue.row, c)).collect()
            } else {
                (0..n).map(|r| Cell::new(r, clue.col)).collect()
            }
        }
        _ => (0..puzzle.size * puzzle.size).map(|i| Cell::at(i, puzzle.size)).collect(),
    };
    let mut seen = std::collections::HashSet::new();
    cells.retain(|c| seen.insert(*c));
    cells.into_iter().map(|c| puzzle.index(c)).collect()
}

/// Whether cells `a` and `b` must differ by the grid's own rules (row, column, region).
pub(crate) fn see(puzzle: &Variant, a: usize, b: usize) -> bool {
    let n = puzzle.size;
    a != b
        && (a / n == b / n
            || a % n == b % n
            || (puzzle.regions[a].is_some() && puzzle.regions[a] == puzzle.regions[b]))
}

/// Cuts the puzzle up, each table capped at `cap` fillings, reading the budget as it goes.
pub(crate) fn parts(puzzle: &Variant, cap: usize, budget: &Budget) -> Result<Parts, GaveUp> {
    let n = puzzle.size;
    let cells = n * n;
    let mut parts = Parts::default();
    let mut grid = vec![0u8; cells];
    for (k, constraint) in puzzle.constraints.iter().enumerate() {
        if let Some(reason) = budget.check_clock() {
            return Err(reason);
        }
        if pairwise(constraint) {
            for a in 0..cells {
                for b in a + 1..cells {
                    if !near(puzzle, constraint, a, b) {
                        continue;
                    }
                    for x in 1..=n as u8 {
                        for y in 1..=n as u8 {
                            if see(puzzle, a, b) && x == y {
                                continue;
                            }
                            grid[a] = x;
                            grid[b] = y;
                            let (ca, cb) = (Cell::at(a, n), Cell::at(b, n));
                            let broken =
                                rules::check(puzzle, constraint, &grid).into_iter().any(|(at, _)| {
                                    at.contains(&ca)
                                        && at.contains(&cb)
                                        && at.iter().all(|c| *c == ca || *c == cb)
                                });
                            if broken {
                                parts.pairs.push((a, x, b, y));
                            }
                        }
                    }
                    grid[a] = 0;
                    grid[b] = 0;
                }
                if a % 8 == 0 {
                    if let Some(reason) = budget.check_clock() {
                        return Err(reason);
                    }
                }
            }
            continue;
        }
        let scope = scope(puzzle, constraint);
        let mut walk =
            Walk { puzzle, constraint, scope: &scope, grid: &mut grid, fillings: Vec::new(), cap, steps: 0 };
        match walk.walk(0, budget)? {
            true => {
                let fillings = walk.fillings;
                parts.tables.push(Table { scope, fillings });
            }
            false => parts.large.push((k, scope)),
        }
        grid.iter_mut().for_each(|d| *d = 0);
    }
    Ok(parts)
}

/// The fillings of one scope, depth first.
struct Walk<'a> {
    puzzle: &'a Variant,
    constraint: &'a Constraint,
    scope: &'a [usize],
    grid: &'a mut Vec<u8>,
    fillings: Vec<u8>,
    cap: usize,
    steps: u64,
}

impl Walk<'_> {
    /// `Ok(false)` past the cap.
    fn walk(&mut self, depth: usize, budget: &Budget) -> Result<bool, GaveUp> {
        self.steps += 1;
        if self.steps % 4096 == 0 {
            if let Some(reason) = budget.check_clock() {
                return Err(reason);
            }
        }
        if depth == self.scope.len() {
            if rules::check(self.puzzle, self.constraint, self.grid).is_empty() {
                if self.fillings.len() / self.scope.len().max(1) >= self.cap {
                    return Ok(false);
                }
                self.fillings.extend(self.scope.iter().map(|&c| self.grid[c]));
            }
            return Ok(true);
        }
        let cell = self.scope[depth];
        let given = self.puzzle.givens[cell];
        for d in 1..=self.puzzle.size as u8 {
            if given != 0 && given != d {
                continue;
            }
            if self.scope[..depth].iter().any(|&o| self.grid[o] == d && see(self.puzzle, o, cell)) {
                continue;
            }
            self.grid[cell] = d;
            let fits = self.walk(depth + 1, budget)?;
            self.grid[cell] = 0;
            if !fits {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
