//! The generator: unique variant puzzles from a rules template, by size, level and seed.
//!
//! 1. A random full grid: the Sudoku solver's seeded random solution of the empty grid.
//! 2. The template's constraints read off that grid, so the grid satisfies them: killer cages
//!    grown at random (connected, no digit twice), thermometers and whispers as random paths that
//!    rise (or swing by 5 or more) along the grid's digits, arrows whose line adds up to the
//!    circle's digit, little killer diagonals with their sums, and for the negative templates
//!    every kropki dot (or X and V) the grid has, with the negative constraint.
//! 3. Uniqueness by repair: while the puzzle has two solutions, a cell where they differ gets its
//!    digit as a given (for cage templates the cage of that cell is split first, as the Killer
//!    generator does, so that a killer stays a killer). Each check is a count to 2 under
//!    `auto`, within the budget.
//! 4. Minimal givens: each given, in a random order, is removed if the puzzle stays unique.
//! 5. The rater's level: kept if it is the one asked for, else the next attempt (a new seed
//!    mixed from the first).
//!
//! Why repair rather than generate-and-test: a random set of constraints is almost never unique
//! on its own, and each repair step removes the second solution found, so the loop ends after a
//! few dozen counts at most (with every cell given, the puzzle is unique).

use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;
use rand_pcg::Pcg64Mcg;
use tessera_xc::{Budget, GaveUp, Outcome};

use crate::common::{generator_settings, Made, Settings};
use crate::variant::logic::{rate, Difficulty};
use crate::variant::model::{box_shape, check_side, Cell, Constraint, Direction, Grid, Negative, Variant};
use crate::variant::{rules, Engine, Query};
use crate::Error;

/// What a generator made.
pub type Generated = Made<Variant, Difficulty>;

crate::common::engines! {
    /// The rules templates the generator fills (`auto` is killer cages and no givens where it
    /// can).
    pub enum Template {
        /// Killer cages covering the grid, no givens.
        Auto => "killer",
        /// Killer cages over part of the grid and two thermometers.
        KillerThermo => "killer-thermo",
        /// Arrows, with givens.
        Arrows => "arrows",
        /// Every kropki dot of the grid, with the negative constraint.
        KropkiNegative => "kropki-negative",
        /// Every X and V of the grid, with the negative constraint.
        XvNegative => "xv-negative",
        /// Thermometers, with givens.
        Thermo => "thermo",
        /// German whispers, with givens.
        Whispers => "whispers",
        /// Little killer clues, with givens.
        LittleKiller => "little-killer",
        /// One of the templates above, chosen by the seed (the web game's new variant games).
        Mixed => "mixed",
    }
}

/// How many attempts a level may take before the generator gives up.
const ATTEMPTS: u32 = 50;

/// The generator's settings.
///
/// ```
/// use tessera::variant::{count, Generator, Query, Template};
/// let made = Generator::new(6)?.template(Template::Thermo).generate(3).unwrap();
/// assert_eq!(count(&made.puzzle, &Query::default().with_limit(2)).solutions, 1);
/// # Ok::<(), tessera::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Generator {
    size: usize,
    template: Template,
    settings: Settings<Difficulty>,
}

impl Generator {
    /// A generator of `size`x`size` puzzles (4 to 16 with boxes: not prime).
    pub fn new(size: usize) -> Result<Self, Error> {
        check_side(size)?;
        if box_shape(size).is_none() {
            return Err(Error::shape(format!(
                "a {size}x{size} grid has no boxes; the generator takes sides that are not prime"
            )));
        }
        Ok(Generator { size, template: Template::Auto, settings: Settings::new(ATTEMPTS) })
    }

    /// The template.
    pub fn template(mut self, template: Template) -> Self {
        self.template = template;
        self
    }

    generator_settings!(Difficulty, "50");

    /// The side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// One puzzle from `seed` (the same seed and settings, the same puzzle).
    pub fn generate(&self, seed: u64) -> Result<Generated, GaveUp> {
        self.settings.run(seed, |rng| {
            let (puzzle, solution) = self.one(rng)?;
            let level = rate(&puzzle, &self.settings.budget)?.level;
            Ok(Some((puzzle, solution, level)))
        })
    }

    fn one(&self, rng: &mut Pcg64Mcg) -> Result<(Variant, Grid), GaveUp> {
        let n = self.size;
        let grid = random_grid(n, rng.random(), &self.settings.budget)?;
        let mut puzzle = Variant::classic(n);
        let mut cages = Vec::new();
        let template = match self.template {
            Template::Mixed => {
                let named = &<Template as crate::common::Named>::all()
                    [..<Template as crate::common::Named>::all().len() - 1];
                named[rng.random_range(0..named.len())]
            }
            template => template,
        };
        match template {
            Template::Auto => cages = grow_cages(n, &grid, 4, rng, 1.0),
            Template::KillerThermo => {
                cages = grow_cages(n, &grid, 4, rng, 0.6);
                add_paths(&mut puzzle, &grid, 2, rng, PathKind::Thermo);
            }
            Template::Arrows => add_arrows(&mut puzzle, &grid, n + n / 2, rng),
            Template::KropkiNegative => add_kropki(&mut puzzle, &grid, rng),
            Template::XvNegative => add_xv(&mut puzzle, &grid),
            Template::Thermo => add_paths(&mut puzzle, &grid, n - 1, rng, PathKind::Thermo),
            Template::Whispers => add_paths(&mut puzzle, &grid, n - 2, rng, PathKind::Whispers),
            Template::LittleKiller => add_little_killers(&mut puzzle, &grid, n, rng),
            Template::Mixed => unreachable!("chosen above"),
        }
        let cage_start = puzzle.constraints.len();
        for cells in &cages {
            puzzle.constraints.push(cage(n, &grid, cells));
        }
        // Repair until unique.
        loop {
            let found = crate::variant::solutions(&puzzle, &self.query());
            match found.count.outcome {
                Outcome::GaveUp(GaveUp::NodeLimit) if self.settings.budget.nodes().is_none() => {
                    // Too loose to settle cheaply: a random open cell becomes a given.
                    let open: Vec<usize> = (0..n * n).filter(|&c| puzzle.givens[c] == 0).collect();
                    let &cell = open.choose(rng).expect("an open cell, or the count was instant");
                    puzzle.givens[cell] = grid[cell];
                    continue;
                }
                Outcome::GaveUp(reason) => return Err(reason),
                _ if found.found.len() < 2 => break,
                _ => {}
            }
            let (a, b) = (found.found[0].digits(), found.found[1].digits());
            let differ: Vec<usize> = (0..n * n).filter(|&c| a[c] != b[c]).collect();
            let &cell = differ.choose(rng).expect("two solutions differ somewhere");
            // A cage template splits the cage of that cell; any other gives the digit.
            let split = puzzle.constraints[cage_start..].iter().position(|c| match c {
                Constraint::Cage { cells, .. } => cells.len() > 1 && cells.contains(&Cell::at(cell, n)),
                _ => false,
            });
            match split {
                Some(k) => {
                    let Constraint::Cage { cells, .. } = puzzle.constraints.remove(cage_start + k) else {
                        unreachable!()
                    };
                    let here = Cell::at(cell, n);
                    let rest: Vec<Cell> = cells.into_iter().filter(|&c| c != here).collect();
                    for piece in [vec![here], rest] {
                        let piece: Vec<usize> = piece.iter().map(|c| puzzle.index(*c)).collect();
                        puzzle.constraints.push(cage(n, &grid, &piece));
                    }
                }
                None => puzzle.givens[cell] = grid[cell],
            }
        }
        // Minimal givens.
        let mut givens: Vec<usize> = (0..n * n).filter(|&c| puzzle.givens[c] != 0).collect();
        givens.shuffle(rng);
        for cell in givens {
            let digit = puzzle.givens[cell];
            puzzle.givens[cell] = 0;
            let count = crate::variant::count(&puzzle, &self.query());
            match count.outcome {
                Outcome::GaveUp(GaveUp::NodeLimit) if self.settings.budget.nodes().is_none() => {
                    puzzle.givens[cell] = digit;
                }
                Outcome::GaveUp(reason) => return Err(reason),
                _ if count.solutions == 1 => {}
                _ => puzzle.givens[cell] = digit,
            }
        }
        let solution = Grid::new(n, grid).expect("a full grid");
        Ok((puzzle, solution))
    }

    fn query(&self) -> Query {
        Query::default().with_engine(Engine::Auto).with_limit(2).with_budget(self.settings.budget.clone())
    }
}

/// A random full grid of side `n`.
fn random_grid(n: usize, seed: u64, budget: &Budget) -> Result<Vec<u8>, GaveUp> {
    use crate::sudoku::{self, Layout, Sudoku};
    let layout = std::sync::Arc::new(Layout::classic(n).expect("a side with boxes"));
    let empty = Sudoku::from_digits(layout, vec![0; n * n]).expect("an empty grid");
    let query = sudoku::Query::default().with_seed(seed).with_budget(budget.clone());
    let solved = sudoku::solve(&empty, &query)?.expect("an empty grid has solutions");
    Ok(solved.cells().to_vec())
}

fn cage(n: usize, grid: &[u8], cells: &[usize]) -> Constraint {
    Constraint::Cage {
        cells: cells.iter().map(|&c| Cell::at(c, n)).collect(),
        sum: Some(cells.iter().map(|&c| u32::from(grid[c])).sum()),
    }
}

/// The cells a king's move from `cell` (the steps of thermometers, whispers and arrows).
fn king_moves(cell: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = ((cell / n) as isize, (cell % n) as isize);
    [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
        .into_iter()
        .map(move |(dr, dc)| (r + dr, c + dc))
        .filter(move |&(r, c)| (0..n as isize).contains(&r) && (0..n as isize).contains(&c))
        .map(move |(r, c)| r as usize * n + c as usize)
}

/// Cages grown at random over a share `cover` of the grid: connected, no digit twice, 2 to `max`
/// cells.
fn grow_cages(n: usize, grid: &[u8], max: usize, rng: &mut Pcg64Mcg, cover: f64) -> Vec<Vec<usize>> {
    let mut taken = vec![false; n * n];
    let mut order: Vec<usize> = (0..n * n).collect();
    order.shuffle(rng);
    let mut cages = Vec::new();
    let wanted = (cover * (n * n) as f64) as usize;
    let mut covered = 0;
    for start in order {
        if taken[start] || covered >= wanted {
            continue;
        }
        let target = rng.random_range(2..=max);
        let mut cells = vec![start];
        taken[start] = true;
        while cells.len() < target {
            let options: Vec<usize> = cells
                .iter()
                .flat_map(|&c| rules::neighbours(c, n))
                .filter(|&m| !taken[m] && cells.iter().all(|&x| grid[x] != grid[m]))
                .collect();
            let Some(&next) = options.choose(rng) else { break };
            taken[next] = true;
            cells.push(next);
        }
        covered += cells.len();
        cages.push(cells);
    }
    cages
}

#[derive(Clone, Copy, PartialEq)]
enum PathKind {
    Thermo,
    Whispers,
}

/// Up to `count` paths of 3 or more cells (including diagonal steps) along which the grid's
/// digits rise (thermometers) or swing by 5 or more (whispers), on cells no other path uses.
fn add_paths(puzzle: &mut Variant, grid: &[u8], count: usize, rng: &mut Pcg64Mcg, kind: PathKind) {
    let n = puzzle.size;
    let mut used = vec![false; n * n];
    let gap = (n as u8).div_ceil(2);
    for _ in 0..count * 20 {
        if puzzle
            .constraints
            .iter()
            .filter(|c| matches!(c, Constraint::Thermometer { .. } | Constraint::Whispers { .. }))
            .count()
            >= count
        {
            break;
        }
        let start = rng.random_range(0..n * n);
        if used[start] {
            continue;
        }
        let mut path = vec![start];
        let length = rng.random_range(3..=n.min(6));
        while path.len() < length {
            let last = *path.last().expect("a start");
            let options: Vec<usize> = king_moves(last, n)
                .filter(|&m| !used[m] && !path.contains(&m))
                .filter(|&m| match kind {
                    PathKind::Thermo => grid[m] > grid[last],
                    PathKind::Whispers => grid[m].abs_diff(grid[last]) >= gap,
                })
                .collect();
            let Some(&next) = options.choose(rng) else { break };
            path.push(next);
        }
        if path.len() < 3 {
            continue;
        }
        for &c in &path {
            used[c] = true;
        }
        let cells = path.iter().map(|&c| Cell::at(c, n)).collect();
        puzzle.constraints.push(match kind {
            PathKind::Thermo => Constraint::Thermometer { cells, slow: false },
            PathKind::Whispers => Constraint::Whispers { cells, difference: u32::from(gap) },
        });
    }
}

/// Up to `count` arrows: a circle on a digit of 3 or more, a line from it (orthogonal and
/// diagonal steps) whose digits add up to it.
fn add_arrows(puzzle: &mut Variant, grid: &[u8], count: usize, rng: &mut Pcg64Mcg) {
    let n = puzzle.size;
    let mut used = vec![false; n * n];
    let mut made = 0;
    for _ in 0..count * 30 {
        if made >= count {
            break;
        }
        let circle = rng.random_range(0..n * n);
        let target = u32::from(grid[circle]);
        if used[circle] || target < 3 {
            continue;
        }
        let mut path: Vec<usize> = Vec::new();
        let mut sum = 0;
        let mut last = circle;
        while sum < target {
            let options: Vec<usize> = king_moves(last, n)
                .filter(|&m| {
                    !used[m] && m != circle && !path.contains(&m) && sum + u32::from(grid[m]) <= target
                })
                .collect();
            let Some(&next) = options.choose(rng) else { break };
            sum += u32::from(grid[next]);
            path.push(next);
            last = next;
        }
        if sum != target || path.len() < 2 {
            continue;
        }
        used[circle] = true;
        for &c in &path {
            used[c] = true;
        }
        puzzle.constraints.push(Constraint::Arrow {
            circle: vec![Cell::at(circle, n)],
            lines: vec![path.iter().map(|&c| Cell::at(c, n)).collect()],
        });
        made += 1;
    }
}

/// Every kropki dot the grid has (a 1-2 pair gets a black or a white dot at random), and the
/// negative constraint for both colours.
fn add_kropki(puzzle: &mut Variant, grid: &[u8], rng: &mut Pcg64Mcg) {
    let n = puzzle.size;
    for (a, b) in rules::adjacent_pairs(n) {
        let (x, y) = (u32::from(grid[a]), u32::from(grid[b]));
        let cells = [Cell::at(a, n), Cell::at(b, n)];
        let white = x.abs_diff(y) == 1;
        let black = x == 2 * y || y == 2 * x;
        if black && (!white || rng.random_bool(0.5)) {
            puzzle.constraints.push(Constraint::Ratio { cells, value: 2 });
        } else if white {
            puzzle.constraints.push(Constraint::Difference { cells, value: 1 });
        }
    }
    puzzle.constraints.push(Constraint::Negative { of: vec![Negative::Difference, Negative::Ratio] });
}

/// Every X and V the grid has, and the negative constraint.
fn add_xv(puzzle: &mut Variant, grid: &[u8]) {
    let n = puzzle.size;
    let (x, v) = (n as u32 + 1, (n as u32).div_ceil(2));
    for (a, b) in rules::adjacent_pairs(n) {
        let sum = u32::from(grid[a]) + u32::from(grid[b]);
        if n == 9 && (sum == 10 || sum == 5) || n != 9 && (sum == x || sum == v) {
            puzzle.constraints.push(Constraint::Xv { cells: [Cell::at(a, n), Cell::at(b, n)], sum });
        }
    }
    if n == 9 {
        puzzle.constraints.push(Constraint::Negative { of: vec![Negative::Xv] });
    }
}

/// Up to `count` little killer clues from random frame cells, with their diagonals' sums.
fn add_little_killers(puzzle: &mut Variant, grid: &[u8], count: usize, rng: &mut Pcg64Mcg) {
    let n = puzzle.size as i16;
    let mut clues = Vec::new();
    for i in 0..n {
        clues.push((Cell::new(-1, i), Direction::DR));
        clues.push((Cell::new(-1, i), Direction::DL));
        clues.push((Cell::new(n, i), Direction::UR));
        clues.push((Cell::new(n, i), Direction::UL));
    }
    clues.shuffle(rng);
    for (clue, direction) in clues.into_iter().take(count) {
        let cells = rules::little_killer_cells(puzzle.size, clue, direction);
        if cells.len() < 2 {
            continue;
        }
        let sum = cells.iter().map(|&c| u32::from(grid[c])).sum();
        puzzle.constraints.push(Constraint::LittleKiller { clue, direction, sum });
    }
}
