//! Generating puzzles: a random complete grid, then clues removed while the puzzle stays what was
//! asked for.
//!
//! 1. **A complete grid**, from [`solve_with_seed`] on the empty grid: a random branching order,
//!    reproducible from the attempt's seed (seed 000's backtracking generator, for any layout;
//!    classic 9x9 takes a faster route, described there).
//! 2. **Removal.** The cells are grouped into orbits of the requested [`Symmetry`] (a single cell
//!    each without one), visited in a random order; an orbit's clues are removed and put back if
//!    the puzzle no longer passes the test below. Removing clues only ever adds solutions, so one
//!    pass leaves a puzzle from which no orbit can be removed (by that test).
//! 3. **The test.** For a level below diabolical (without `minimal`) a removal must keep the
//!    puzzle solvable by that level's techniques (Simon Tatham's method: a puzzle solvable by
//!    sound logic has exactly one solution, and it cannot become harder than asked): always for
//!    easy, and for every such level on grids larger than 9x9. Otherwise it must keep exactly one
//!    solution: if every emptied cell is still forced by its peers' clues that is certain without
//!    a search; else the general solver looks, for each emptied cell, for a solution in which
//!    that cell avoids its digit (`solve::still_unique`). Classic 9x9 does the same inside its
//!    dedicated solver.
//! 4. **The level.** The result is rated; it is kept only if its difficulty is exactly the one
//!    asked for: a "hard" puzzle needs a hard technique and nothing harder. Otherwise another
//!    attempt starts from the next seed. Attempts are bounded ([`Generator::attempts`]) and each
//!    search, test and rating carries the budget, so generation always ends.
//!
//! # Why big grids are tested differently
//!
//! On 16x16 and 25x25 the two 9x9 choices fail. Removal by uniqueness alone leaves puzzles that
//! nearly always need guessing (rated diabolical, sometimes extreme), so asking for medium to
//! expert meant thousands of rejected attempts: for the levels below diabolical these grids
//! remove clues while that level's techniques still solve the puzzle, which also makes the
//! rating at most that level, and most results are exactly it. And proving uniqueness on a sparse
//! 25x25 can take millions of guesses: the last removals of a pass are the costly ones, and one
//! search could run for minutes. Without `minimal`, each search for another solution may
//! take [`GUESSES_PER_TEST`] guesses; one that needs more counts as "not proven unique", and the
//! clue stays. The puzzle is still unique (only proven removals are kept), the cap is a number
//! of guesses and not a time, so the same seed gives the same puzzle on any machine and thread
//! count, and the cap costs a few clues at most (figures in docs/performance.md). `minimal`
//! keeps the exact test, with no cap: it promises that no clue can be removed.

use crate::common::seed::mix;
use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::sudoku::fast9;
use crate::sudoku::logic::{self, Difficulty, Rating, Technique};
use crate::sudoku::solve::{still_unique, Uniqueness};
use crate::sudoku::{solve_with_seed, Budget, GaveUp, Layout, Regions, Sudoku};

/// Guesses one search for another solution may take when removing clues (without `minimal`):
/// on 25x25 a larger cap leaves no fewer givens beyond noise, while the time grows with it
/// (figures in docs/performance.md).
const GUESSES_PER_TEST: u64 = 50;

/// The symmetry of the clue pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Symmetry {
    /// Clues anywhere.
    #[default]
    None,
    /// Unchanged by a half turn.
    Rot180,
    /// Unchanged by a quarter turn.
    Rot90,
    /// Unchanged by the left–right mirror.
    Mirror,
    /// Unchanged by reflection in the main diagonal.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry.
    pub const ALL: [Symmetry; 5] =
        [Symmetry::None, Symmetry::Rot180, Symmetry::Rot90, Symmetry::Mirror, Symmetry::Diagonal];

    /// The name used on the command line: none, rot180, rot90, mirror, diagonal.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The image of cell `(r, c)` of a `size × size` grid under one application.
    fn image(self, size: usize, cell: usize) -> usize {
        let (r, c) = (cell / size, cell % size);
        let (r, c) = match self {
            Symmetry::None => (r, c),
            Symmetry::Rot180 => (size - 1 - r, size - 1 - c),
            Symmetry::Rot90 => (c, size - 1 - r),
            Symmetry::Mirror => (r, size - 1 - c),
            Symmetry::Diagonal => (c, r),
        };
        r * size + c
    }

    /// The cells grouped into orbits: clues are removed an orbit at a time.
    pub fn orbits(self, size: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; size * size];
        let mut orbits = Vec::new();
        for start in 0..size * size {
            if seen[start] {
                continue;
            }
            let mut orbit = vec![start];
            seen[start] = true;
            let mut cell = self.image(size, start);
            while !seen[cell] {
                seen[cell] = true;
                orbit.push(cell);
                cell = self.image(size, cell);
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the clue pattern of `puzzle` has this symmetry.
    pub fn holds_for(self, puzzle: &Sudoku) -> bool {
        let size = puzzle.layout().size();
        (0..size * size).all(|cell| (puzzle.get(cell) == 0) == (puzzle.get(self.image(size, cell)) == 0))
    }
}

impl std::str::FromStr for Symmetry {
    type Err = crate::Error;

    fn from_str(text: &str) -> Result<Self, crate::Error> {
        crate::common::from_name(
            "symmetry",
            text,
            &Symmetry::ALL,
            Symmetry::name,
            "none, rot180, rot90, mirror, diagonal",
        )
    }
}

/// A generated puzzle with its solution and what it took.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The puzzle: exactly one solution.
    pub puzzle: Sudoku,
    /// Its solution.
    pub solution: Sudoku,
    /// The seed that reproduces it with the same generator settings.
    pub seed: u64,
    /// Its rating, when a difficulty was asked for or [`Generator::rated`] is set.
    pub rating: Option<Rating>,
    /// Attempts made (rejected for the wrong level, plus the one kept).
    pub attempts: u32,
}

/// Settings for generating puzzles; [`generate`](Self::generate) makes one from a seed.
///
/// ```
/// use std::sync::Arc;
/// use tessera::sudoku::{Generator, Layout, Symmetry};
/// let generator = Generator::new(Arc::new(Layout::classic(4).unwrap())).symmetry(Symmetry::Rot180);
/// let made = generator.generate(7).unwrap();
/// assert!(Symmetry::Rot180.holds_for(&made.puzzle));
/// assert!(made.puzzle.is_completed_by(&made.solution));
/// ```
#[derive(Debug, Clone)]
pub struct Generator {
    layout: Arc<Layout>,
    symmetry: Symmetry,
    difficulty: Option<Difficulty>,
    minimal: bool,
    rated: bool,
    attempts: u32,
    budget: Budget,
    se_at_least: Option<f32>,
}

impl Generator {
    /// Puzzles of this layout, no symmetry, any difficulty.
    pub fn new(layout: Arc<Layout>) -> Self {
        Generator {
            layout,
            symmetry: Symmetry::None,
            difficulty: None,
            minimal: false,
            rated: false,
            attempts: 10_000,
            budget: Budget::unlimited(),
            se_at_least: None,
        }
    }

    /// The clue pattern's symmetry.
    pub fn symmetry(mut self, symmetry: Symmetry) -> Self {
        self.symmetry = symmetry;
        self
    }

    /// Only puzzles of exactly this level.
    pub fn difficulty(mut self, difficulty: Difficulty) -> Self {
        self.difficulty = Some(difficulty);
        self
    }

    /// Remove clues while the solution stays unique, so that no clue (no orbit, with a
    /// symmetry) can be removed; with a difficulty, the level is then checked by rating.
    pub fn minimal(mut self, minimal: bool) -> Self {
        self.minimal = minimal;
        self
    }

    /// Rate every puzzle, even when no difficulty was asked for.
    pub fn rated(mut self, rated: bool) -> Self {
        self.rated = rated;
        self
    }

    /// Dig for puzzles whose SE estimate is at least `target` (classic 9x9 without a symmetry or
    /// a difficulty; ignored otherwise): each attempt climbs from its minimal puzzle by moving
    /// clues while the estimate rises ([`super::climb`]), which reaches SE 9.5 and more where
    /// drawing minimal puzzles at random practically never does. The puzzles are unique but no
    /// longer minimal.
    pub fn se_at_least(mut self, target: f32) -> Self {
        self.se_at_least = Some(target);
        self
    }

    /// At most this many attempts per puzzle before giving up (default 10,000).
    pub fn attempts(mut self, attempts: u32) -> Self {
        self.attempts = attempts.max(1);
        self
    }

    /// The budget of the whole generation of one puzzle (its deadline and cancel flag) and of
    /// each search in it (its node limit).
    pub fn budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The levels that puzzles of `layout` can be made at, easiest first. Only easy for 4x4 (no
    /// minimal 4x4 puzzle of a large sample needed more than singles; figures in
    /// docs/performance.md). Up to fiendish for 6x6 with boxes and no diagonals: a forcing chain or an ALS
    /// step solves every such puzzle the generator has met, so asking it for one that needs a
    /// net would only spin until the budget ran out. All of them for the other layouts up to
    /// 9x9, and all but fiendish above (forcing chains run up to 9x9 only).
    /// [`generate`](Self::generate) gives up at once on a level outside them.
    ///
    /// ```
    /// use tessera::sudoku::{logic::Difficulty, Generator, Layout};
    /// assert_eq!(Generator::levels(&Layout::classic(4).unwrap()), &[Difficulty::Easy]);
    /// assert_eq!(Generator::levels(&Layout::classic(6).unwrap()).last(), Some(&Difficulty::Fiendish));
    /// assert_eq!(Generator::levels(&Layout::classic(25).unwrap()).len(), 6);
    /// ```
    pub fn levels(layout: &Layout) -> &'static [Difficulty] {
        // Forcing chains run on layouts up to 9x9 only, so larger ones have no fiendish level.
        const ABOVE_NINE: [Difficulty; 6] = [
            Difficulty::Easy,
            Difficulty::Medium,
            Difficulty::Hard,
            Difficulty::Expert,
            Difficulty::Extreme,
            Difficulty::Diabolical,
        ];
        let plain_boxes = matches!(layout.regions(), Regions::Boxes { .. }) && !layout.has_diagonals();
        match layout.size() {
            ..=4 => &Difficulty::ALL[..1],
            5..=6 if plain_boxes => &Difficulty::ALL[..6],
            5..=9 => &Difficulty::ALL,
            _ => &ABOVE_NINE,
        }
    }

    /// One puzzle from `seed`: the same settings and seed give the same puzzle.
    pub fn generate(&self, seed: u64) -> Result<Generated, GaveUp> {
        if self.difficulty.is_some_and(|level| !Self::levels(&self.layout).contains(&level)) {
            return Err(GaveUp::NodeLimit);
        }
        for attempt in 0..self.attempts {
            if let Some(reason) = self.budget.check_clock() {
                return Err(reason);
            }
            let attempt_seed = mix(seed, u64::from(attempt));
            if let Some(mut made) = self.attempt(attempt_seed)? {
                made.seed = seed;
                made.attempts = attempt + 1;
                return Ok(made);
            }
        }
        Err(GaveUp::NodeLimit)
    }

    /// One attempt: `None` if the result has the wrong level.
    fn attempt(&self, seed: u64) -> Result<Option<Generated>, GaveUp> {
        let empty = Sudoku::empty(self.layout.clone());
        let solution = solve_with_seed(&empty, seed, &self.budget)?.ok_or(GaveUp::NodeLimit)?;
        let mut orbits = self.symmetry.orbits(self.layout.size());
        let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
        orbits.shuffle(&mut rng);
        // Easy: remove only while singles still solve it, which keeps more clues, as players expect
        // of an easy puzzle. Medium and up: minimal puzzles by uniqueness, then the rating decides.
        // Minimal 9x9 puzzles spread over every level, so rating them beats capped removal even
        // at the middle levels (figures in docs/performance.md). Above 9x9 minimal puzzles are
        // nearly all diabolical, so capped removal for every level below it.
        let cap = match self.difficulty {
            Some(Difficulty::Easy) if !self.minimal => Some(Difficulty::Easy.max_technique()),
            Some(level) if !self.minimal && level < Difficulty::Diabolical && self.layout.size() > 9 => {
                Some(level.max_technique())
            }
            _ => None,
        };
        let puzzle = if cap.is_none() && self.layout.is_classic_9x9() {
            // The same removals, decided the same way, in the dedicated 9x9 solver's terms.
            let cells = solution.cells().try_into().expect("a classic 9x9 grid has 81 cells");
            let minimal = fast9::minimize_9x9(cells, &orbits, &self.budget)?;
            Sudoku::from_digits(self.layout.clone(), minimal.to_vec()).expect("digits of the solution")
        } else {
            self.remove_clues(&solution, &orbits, cap)?
        };
        if let Some(target) = self.se_at_least.filter(|_| self.climbs()) {
            // The climb starts from the hardest of a few minimal puzzles (this one and the next
            // seeds'), measured its way.
            let mut starts = vec![(puzzle, solution)];
            for draw in 1..super::climb::DRAWS {
                let mut other = self.clone();
                other.se_at_least = None;
                other.rated = false;
                if let Some(made) = other.attempt(mix(seed, 0x00c1_1b00 + draw))? {
                    starts.push((made.puzzle, made.solution));
                }
            }
            let Some((puzzle, solution, rating)) = super::climb::climb(&starts, target, seed, &self.budget)?
            else {
                return Ok(None);
            };
            return Ok(Some(Generated { puzzle, solution, seed, rating: Some(rating), attempts: 0 }));
        }
        let rating = match self.difficulty {
            Some(level) => {
                // Cheapest test first. A candidate above the level fails a solve capped at the
                // level's techniques before any chain or net is tried (minimal X-Sudoku puzzles are
                // nearly all fiendish or diabolical, and their full rating tries nets); then the
                // level pass alone settles the exact level, and only a kept puzzle pays for the SE
                // pass.
                if level < Difficulty::Diabolical
                    && !logic::solves_within(&puzzle, level.max_technique(), &self.budget)?
                {
                    return Ok(None);
                }
                let rating = logic::rate_level_within(&puzzle, &self.budget)?;
                if rating.difficulty != level {
                    return Ok(None);
                }
                Some(logic::with_se(&puzzle, rating, &self.budget)?)
            }
            None if self.rated => Some(logic::rate_within(&puzzle, &self.budget)?),
            None => None,
        };
        Ok(Some(Generated { puzzle, solution, seed, rating, attempts: 0 }))
    }

    /// Whether [`Self::se_at_least`] applies: classic 9x9, no symmetry, no difficulty.
    fn climbs(&self) -> bool {
        self.layout.is_classic_9x9() && self.symmetry == Symmetry::None && self.difficulty.is_none()
    }

    /// Empties the cells of each orbit in turn, keeping them empty while the puzzle stays unique
    /// (with `cap`: while techniques up to it still solve it).
    fn remove_clues(
        &self,
        solution: &Sudoku,
        orbits: &[Vec<usize>],
        cap: Option<Technique>,
    ) -> Result<Sudoku, GaveUp> {
        let mut puzzle = solution.clone();
        for orbit in orbits {
            for &cell in orbit {
                puzzle.set(cell, 0);
            }
            let keep = match cap {
                Some(cap) => logic::solves_within(&puzzle, cap, &self.budget)?,
                None => {
                    forced_by_peers(&puzzle, orbit)
                        || still_unique(&puzzle, solution, orbit, &self.budget, self.guesses_per_test())?
                            == Uniqueness::Unique
                }
            };
            if !keep {
                for &cell in orbit {
                    puzzle.set(cell, solution.get(cell));
                }
            }
        }
        Ok(puzzle)
    }

    /// The guesses one uniqueness test may take before the removal is undone: none without
    /// `minimal`, which must try every removal to the end.
    fn guesses_per_test(&self) -> u64 {
        if self.minimal {
            u64::MAX
        } else {
            GUESSES_PER_TEST
        }
    }
}

/// Whether each of `cells` (just emptied) can only hold one digit given its peers' clues: then
/// every solution of `puzzle` agrees with the one before the removal, which was unique, so the
/// puzzle is still unique and no solver is needed. Most early removals pass this test.
fn forced_by_peers(puzzle: &Sudoku, cells: &[usize]) -> bool {
    let layout = puzzle.layout();
    let all = (1u32 << (layout.size() + 1)) - 2;
    cells.iter().all(|&cell| {
        let seen = layout.peers(cell).iter().fold(0u32, |seen, &peer| seen | 1 << puzzle.get(peer as usize));
        (all & !seen).count_ones() == 1
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::{count, Engine, Query};

    #[test]
    fn orbits_cover_every_cell_once() {
        for symmetry in Symmetry::ALL {
            for size in [4, 6, 9, 16] {
                let mut cells: Vec<usize> = symmetry.orbits(size).concat();
                cells.sort_unstable();
                assert_eq!(cells, (0..size * size).collect::<Vec<_>>(), "{symmetry:?} {size}");
            }
        }
        assert_eq!(Symmetry::Rot90.orbits(9).iter().filter(|o| o.len() == 4).count(), 20);
        assert_eq!(Symmetry::Rot180.orbits(9).len(), 41);
    }

    #[test]
    fn symmetry_names_round_trip() {
        for symmetry in Symmetry::ALL {
            assert_eq!(symmetry.name().parse::<Symmetry>(), Ok(symmetry));
        }
        assert!("sideways".parse::<Symmetry>().is_err());
    }

    /// The 9x9 fast path (clue words, forbidden-digit searches) and the general one (counting to 2
    /// with any engine) must empty exactly the same cells.
    #[test]
    fn fast_minimizing_agrees_with_counting() {
        let layout = Arc::new(Layout::classic(9).unwrap());
        let generator = Generator::new(layout.clone()).minimal(true);
        for seed in 0..60u64 {
            let symmetry = Symmetry::ALL[seed as usize % Symmetry::ALL.len()];
            let solution =
                solve_with_seed(&Sudoku::empty(layout.clone()), seed, &Budget::unlimited()).unwrap().unwrap();
            let mut orbits = symmetry.orbits(9);
            orbits.shuffle(&mut Pcg64Mcg::seed_from_u64(seed));
            let cells = solution.cells().try_into().unwrap();
            let fast = fast9::minimize_9x9(cells, &orbits, &Budget::unlimited()).unwrap();
            let general = generator.remove_clues(&solution, &orbits, None).unwrap();
            assert_eq!(&fast[..], general.cells(), "seed {seed}, {symmetry:?}");
            assert_eq!(
                count(&general, &Query::default().with_limit(2).with_engine(Engine::ExactCover)).solutions,
                1
            );
        }
    }
}
