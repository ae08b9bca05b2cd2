//! The generator: random walls, a random solution, every wall numbered, then numbers taken away
//! while the puzzle stays unique and within its level; then rated.
//!
//! 1. **Walls.** Each cell and its image under the half turn become walls together, with a
//!    chance drawn from 15 % to 25 % (published Akari are symmetric, about a fifth walls).
//! 2. **Solution.** The white cells in a random order; each one still unlit gets a bulb. A cell
//!    unlit when its turn comes sees no bulb, so no two bulbs light each other, and every cell
//!    is lit at the end.
//! 3. **Numbers.** Every wall gets the number of the solution's bulbs beside it. While the
//!    search finds a second solution, a white cell where it has a bulb and the solution none
//!    becomes a numbered wall (the second solution is then gone); cells the new wall cuts off
//!    from their bulb get bulbs as in step 2, and the walls are numbered again. At most the
//!    side's number of repairs, else the attempt starts over.
//! 4. **Removal.** The numbers in a random order: each is taken away (the wall stays) when the
//!    puzzle keeps one solution. For a level of easy to hard, "one solution" is "the rater at
//!    that level or below solves it" (sound deductions that fill the grid leave no other); for
//!    expert or any level, the search counts to two within the attempt's node budget.
//! 5. **Level.** The rater rates the result; with [`Generator::difficulty`] only that level is
//!    kept, else the next attempt (a seed mixed from the seed and the attempt) starts.

use rand::seq::SliceRandom;
use rand::Rng;
use rand_pcg::Pcg64Mcg;
use tessera_xc::{GaveUp, Outcome};

use crate::akari::logic::{rate_up_to, Difficulty};
use crate::akari::model::MAX_SIDE;
use crate::akari::solve::search;
use crate::akari::{Akari, Bulbs, Cell};
use crate::common::{generator_settings, Settings};
use crate::Error;

/// A generated puzzle: the puzzle, its only solution, its seed and level.
pub type Generated = crate::common::Made<Akari, Difficulty>;

/// The largest side of a puzzle made at a given level (the rater's trials grow with the cube
/// of the side; past these, one attempt takes seconds).
const LEVELED_UP_TO: usize = 25;

/// The smallest side of the hard puzzles made: below, the walls leave too little room for a
/// deduction that needs a trial.
const HARD_FROM: usize = 6;

/// The largest side made at all: past it, the uniqueness counts after each number taken away
/// take longer than a front end waits (a 40x40 takes seconds, a 60x60 over ten).
const UP_TO: usize = 30;

/// Settings for generating puzzles; [`generate`](Self::generate) makes one from a seed.
///
/// ```
/// use tessera::akari::{count, Generator, Query};
/// let made = Generator::new(7, 7)?.generate(7).unwrap();
/// assert_eq!(count(&made.puzzle, &Query::default().with_limit(2)).solutions, 1);
/// # Ok::<(), tessera::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Generator {
    width: usize,
    height: usize,
    settings: Settings<Difficulty>,
}

impl Generator {
    /// Puzzles of `width x height` cells, any level; a side outside 2 to [`MAX_SIDE`] is bad
    /// input.
    pub fn new(width: usize, height: usize) -> Result<Self, Error> {
        for (what, side) in [("the width", width), ("the height", height)] {
            if !(2..=MAX_SIDE).contains(&side) {
                return Err(Error::OutOfRange { what, value: side as u64, min: 2, max: MAX_SIDE as u64 });
            }
        }
        Ok(Generator { width, height, settings: Settings::new(200) })
    }

    generator_settings!(Difficulty, "200");

    /// Whether the generator reaches `level` on a board of `width x height`: any level (`None`)
    /// up to 30x30; a given level up to 25x25 (the rater runs after every number taken away);
    /// hard from 6x6; never expert (the contradiction technique settled every puzzle made,
    /// and every one of 170 of Tatham's up to 40x40). A level or side it does not reach is bad
    /// input, refused before any attempt.
    pub fn reaches(level: Option<Difficulty>, width: usize, height: usize) -> Result<(), Error> {
        if width.max(height) > UP_TO {
            return Err(Error::shape(format!(
                "Akari are made up to {UP_TO}x{UP_TO}: past it, the uniqueness counts take seconds"
            )));
        }
        let Some(level) = level else { return Ok(()) };
        if level == Difficulty::Expert {
            return Err(Error::shape(
                "expert Akari are not made: one contradiction at a time settled every unique board drawn",
            ));
        }
        if width.max(height) > LEVELED_UP_TO {
            return Err(Error::shape(format!(
                "Akari of a given level are made up to {LEVELED_UP_TO}x{LEVELED_UP_TO}: the rater runs after every number taken away"
            )));
        }
        if level == Difficulty::Hard && width.min(height) < HARD_FROM {
            return Err(Error::shape(format!(
                "{level} Akari are made from {HARD_FROM}x{HARD_FROM}: below, the easier techniques settle every one"
            )));
        }
        Ok(())
    }

    /// One puzzle from `seed`: the same settings and seed give the same puzzle.
    pub fn generate(&self, seed: u64) -> Result<Generated, GaveUp> {
        let budget = self.settings.search_budget(20_000);
        let (w, h) = (self.width, self.height);
        let wanted = self.settings.difficulty;
        self.settings.run(seed, |rng| {
            let density = rng.random_range(0.15..0.25);
            let walls = walls(rng, w, h, density);
            let mut solution = bulbs(rng, w, h, &walls, &vec![false; w * h]);
            let mut cells: Vec<Cell> =
                (0..w * h).map(|i| if walls[i] { Cell::Wall(Some(0)) } else { Cell::White }).collect();
            let mut board = numbered(w, h, &mut cells, &solution);
            // Repairs until unique.
            let mut unique = false;
            for _ in 0..w.max(h) {
                let mut found: Vec<Bulbs> = Vec::new();
                let count = search(&board, 2, &budget, &mut |answer| found.push(answer));
                match count.outcome {
                    Outcome::GaveUp(GaveUp::NodeLimit) => return Ok(None),
                    Outcome::GaveUp(reason) => return Err(reason),
                    _ => {}
                }
                if found.len() == 1 {
                    unique = true;
                    break;
                }
                let Some(other) = found.iter().find(|f| f.cells() != solution.cells()) else {
                    return Ok(None);
                };
                let mut differ: Vec<usize> = (0..w * h)
                    .filter(|&i| cells[i] == Cell::White && !solution.cells()[i] && other.cells()[i])
                    .collect();
                differ.shuffle(rng);
                let mut repaired = false;
                if let Some(&cell) = differ.first() {
                    // The new wall may cut cells off from their bulb: they get bulbs of their
                    // own, as in step 2.
                    cells[cell] = Cell::Wall(Some(0));
                    let walls: Vec<bool> = cells.iter().map(|c| *c != Cell::White).collect();
                    solution = bulbs(rng, w, h, &walls, solution.cells());
                    board = numbered(w, h, &mut cells, &solution);
                    repaired = true;
                }
                if !repaired {
                    return Ok(None);
                }
            }
            if !unique {
                return Ok(None);
            }
            // Removal.
            let mut numbered_walls: Vec<usize> =
                (0..w * h).filter(|&i| matches!(cells[i], Cell::Wall(Some(_)))).collect();
            numbered_walls.shuffle(rng);
            let by_rater = matches!(wanted, Some(level) if level < Difficulty::Expert);
            for wall in numbered_walls {
                if let Some(reason) = self.settings.budget.check_clock() {
                    return Err(reason);
                }
                let sketch = board.with_cell(wall, Cell::Wall(None));
                let keeps = if by_rater {
                    rate_up_to(&sketch, &[], &self.settings.budget, wanted)?.solved
                } else {
                    let count = search(&sketch, 2, &budget, &mut |_| {});
                    match count.outcome {
                        Outcome::GaveUp(GaveUp::NodeLimit) => false,
                        Outcome::GaveUp(reason) => return Err(reason),
                        _ => count.solutions == 1,
                    }
                };
                if keeps {
                    board = sketch;
                }
            }
            let rating = rate_up_to(&board, &[], &self.settings.budget, wanted)?;
            Ok(Some((board, solution, rating.level)))
        })
    }
}

/// Walls symmetric under the half turn, each pair with chance `density`.
fn walls(rng: &mut Pcg64Mcg, w: usize, h: usize, density: f64) -> Vec<bool> {
    let n = w * h;
    let mut walls = vec![false; n];
    for i in 0..n {
        let mirror = n - 1 - i;
        if i <= mirror && rng.random_bool(density) {
            walls[i] = true;
            walls[mirror] = true;
        }
    }
    walls
}

/// A random solution that keeps the bulbs of `start` (none of which light each other): the
/// white cells in a random order, a bulb on each one still unlit.
fn bulbs(rng: &mut Pcg64Mcg, w: usize, h: usize, walls: &[bool], start: &[bool]) -> Bulbs {
    let mut order: Vec<usize> = (0..w * h).filter(|&i| !walls[i] && !start[i]).collect();
    order.shuffle(rng);
    let kept: Vec<usize> = (0..w * h).filter(|&i| start[i] && !walls[i]).collect();
    let mut lit = vec![false; w * h];
    let mut bulbs = vec![false; w * h];
    for i in kept.into_iter().chain(order) {
        if lit[i] {
            continue;
        }
        bulbs[i] = true;
        lit[i] = true;
        let (r, c) = ((i / w) as isize, (i % w) as isize);
        for (dr, dc) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
            let (mut rr, mut cc) = (r + dr, c + dc);
            while rr >= 0
                && cc >= 0
                && (rr as usize) < h
                && (cc as usize) < w
                && !walls[rr as usize * w + cc as usize]
            {
                lit[rr as usize * w + cc as usize] = true;
                rr += dr;
                cc += dc;
            }
        }
    }
    Bulbs::new(w, h, bulbs).expect("the board's size")
}

/// Every numbered wall of `cells` given the solution's count beside it; the board.
fn numbered(w: usize, h: usize, cells: &mut [Cell], solution: &Bulbs) -> Akari {
    let sketch = Akari::new(w, h, cells.to_vec()).expect("a board of the generator's size");
    for (i, cell) in cells.iter_mut().enumerate() {
        if let Cell::Wall(Some(_)) = cell {
            let n = sketch.neighbours(i).into_iter().filter(|&j| solution.cells()[j]).count();
            *cell = Cell::Wall(Some(n as u8));
        }
    }
    Akari::new(w, h, cells.to_vec()).expect("a board of the generator's size")
}
