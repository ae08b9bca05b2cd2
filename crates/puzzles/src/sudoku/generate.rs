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
//! With [`Generator::jigsaw`], each attempt first draws random regions from its seed
//! (`jigsaw::random_layout`: a swap walk from the boxes), and step 1 solves that layout's empty
//! grid with at most [`JIGSAW_GUESSES`] guesses: a partition with no completion found within
//! them is dropped and the next attempt draws another.
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
use crate::common::{generator_settings, Settings};
use std::ops::RangeInclusive;
use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::sudoku::logic::{self, Difficulty, Rating, Technique};
use crate::sudoku::shaping::{masked, Reject, Rejections};
use crate::sudoku::solve::{still_unique, Uniqueness};
use crate::sudoku::{
    count, fast9, jigsaw, solve_with_seed, GaveUp, Layout, Query, Regions, Sudoku, Symmetry,
};

/// Guesses one search for another solution may take when removing clues (without `minimal`):
/// on 25x25 a larger cap leaves no fewer givens beyond noise, while the time grows with it
/// (figures in docs/performance.md).
const GUESSES_PER_TEST: u64 = 50;

/// Guesses the search may take to fill the empty grid of random jigsaw regions (or prove it
/// cannot) before the regions are dropped for another draw.
const JIGSAW_GUESSES: u64 = 10_000;

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
    minimal: bool,
    rated: bool,
    jigsaw: bool,
    settings: Settings<Difficulty>,
    /// The clue count's range (shaping.rs).
    clues: Option<(usize, usize)>,
    /// The given cells, exactly (shaping.rs).
    mask: Option<Arc<Vec<bool>>>,
    se_at_least: Option<f32>,
}

impl Generator {
    /// Puzzles of this layout, no symmetry, any difficulty.
    pub fn new(layout: Arc<Layout>) -> Self {
        Generator {
            layout,
            symmetry: Symmetry::None,
            minimal: false,
            rated: false,
            jigsaw: false,
            settings: Settings::new(10_000),
            clues: None,
            mask: None,
            se_at_least: None,
        }
    }

    /// Puzzles with a number of clues in `range` (both ends included): removal stops at a
    /// target drawn in it, and attempts that cannot reach it are rejected (see
    /// `sudoku/shaping.rs`; [`check_clues`](super::check_clues) refuses ranges no
    /// puzzle can meet, and [`generate`](Self::generate) gives up at once on one). `minimal` is
    /// then ignored: the puzzle stops where the range says.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use tessera::sudoku::{Generator, Layout};
    /// let made = Generator::new(Arc::new(Layout::classic(9).unwrap())).clues(30..=32).generate(1).unwrap();
    /// assert!((30..=32).contains(&made.puzzle.clues()));
    /// ```
    pub fn clues(mut self, range: RangeInclusive<usize>) -> Self {
        self.clues = Some((*range.start(), *range.end()));
        self
    }

    /// Puzzles whose givens are exactly the cells marked `true` (one per cell, row by row):
    /// random grids are tried until one is unique with those givens (see
    /// `sudoku/shaping.rs`; [`check_mask`](super::check_mask) checks a mask first). The
    /// symmetry and `minimal` are then not used: the mask decides. A mask of the wrong length
    /// gives up at once.
    pub fn mask(mut self, mask: Vec<bool>) -> Self {
        self.mask = Some(Arc::new(mask));
        self
    }

    /// The clue pattern's symmetry.
    pub fn symmetry(mut self, symmetry: Symmetry) -> Self {
        self.symmetry = symmetry;
        self
    }

    generator_settings!(Difficulty, "10,000");

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

    /// Random jigsaw regions, drawn anew for each attempt from its seed (so the same seed gives
    /// the same regions): the layout given to [`Generator::new`] then only says the size and
    /// whether the diagonals count. Its regions should be jigsaw ones for [`Generator::levels`]
    /// to offer the right levels.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use tessera::sudoku::{count, Layout, Query, Regions};
    /// let rows = (0..36).map(|cell| (cell / 6) as u8).collect();
    /// let generator = tessera::sudoku::Generator::new(Arc::new(Layout::jigsaw(6, rows).unwrap())).jigsaw(true);
    /// let made = generator.generate(3).unwrap();
    /// assert!(matches!(made.puzzle.layout().regions(), Regions::Jigsaw(_)));
    /// assert_eq!(count(&made.puzzle, &Query::default()).solutions, 1);
    /// ```
    pub fn jigsaw(mut self, jigsaw: bool) -> Self {
        self.jigsaw = jigsaw;
        self
    }

    /// Dig for puzzles whose SE estimate is at least `target` (classic 9x9 without a symmetry or
    /// a difficulty; ignored otherwise): each attempt climbs from its minimal puzzle by moving
    /// clues while the estimate rises (the `climb` module), which reaches higher estimates than
    /// drawing minimal puzzles at random, though not always the target: an attempt that stalls
    /// below it gives up within the budget. The puzzles are unique but no longer minimal.
    pub fn se_at_least(mut self, target: f32) -> Self {
        self.se_at_least = Some(target);
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
        self.generate_tallied(seed).0
    }

    /// [`generate`](Self::generate), and why the attempts before the kept one (or all of them,
    /// when it gives up) were rejected.
    pub fn generate_tallied(&self, seed: u64) -> (Result<Generated, GaveUp>, Rejections) {
        let mut rejections = Rejections::default();
        if self.settings.difficulty.is_some_and(|level| !Self::levels(&self.layout).contains(&level))
            || self.mask.as_ref().is_some_and(|mask| mask.len() != self.layout.cells())
            || self
                .clues
                .is_some_and(|(min, max)| super::check_clues(&self.layout, self.symmetry, min, max).is_err())
        {
            return (Err(GaveUp::NodeLimit), rejections);
        }
        for attempt in 0..self.settings.attempts {
            if let Some(reason) = self.settings.budget.check_clock() {
                return (Err(reason), rejections);
            }
            let attempt_seed = mix(seed, u64::from(attempt));
            match self.attempt(attempt_seed) {
                Err(reason) => return (Err(reason), rejections),
                Ok(Err(reject)) => rejections.add(reject),
                Ok(Ok(mut made)) => {
                    made.seed = seed;
                    made.attempts = attempt + 1;
                    return (Ok(made), rejections);
                }
            }
        }
        (Err(GaveUp::NodeLimit), rejections)
    }

    /// One attempt: why it was rejected, or the puzzle.
    fn attempt(&self, seed: u64) -> Result<Result<Generated, Reject>, GaveUp> {
        let solution = if self.jigsaw {
            let mut rng = Pcg64Mcg::seed_from_u64(mix(seed, 0x6a16_5a77));
            let layout = jigsaw::random_layout(self.layout.size(), self.layout.has_diagonals(), &mut rng)
                .expect("the walk keeps n regions of n cells");
            let capped =
                self.settings.budget.clone().with_nodes(
                    self.settings.budget.nodes().map_or(JIGSAW_GUESSES, |n| n.min(JIGSAW_GUESSES)),
                );
            match solve_with_seed(&Sudoku::empty(Arc::new(layout)), seed, &capped) {
                Ok(Some(solution)) => solution,
                Ok(None) | Err(GaveUp::NodeLimit) => return Ok(Err(Reject::Regions)),
                Err(reason) => return Err(reason),
            }
        } else {
            let empty = Sudoku::empty(self.layout.clone());
            solve_with_seed(&empty, seed, &self.settings.budget)?.ok_or(GaveUp::NodeLimit)?
        };
        if let Some(mask) = &self.mask {
            let puzzle = masked(&solution, mask);
            let query = Query::default().with_limit(2).with_budget(self.settings.budget.clone());
            if count(&puzzle, &query).result()? != 1 {
                return Ok(Err(Reject::NotUnique));
            }
            return self.finish(puzzle, solution, seed);
        }
        let mut orbits = self.symmetry.orbits(self.layout.size());
        let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
        orbits.shuffle(&mut rng);
        // Easy: remove only while singles still solve it, which keeps more clues, as players expect
        // of an easy puzzle. Medium and up: minimal puzzles by uniqueness, then the rating decides.
        // Minimal 9x9 puzzles spread over every level, so rating them beats capped removal even
        // at the middle levels (figures in docs/performance.md). Above 9x9 minimal puzzles are
        // nearly all diabolical, so capped removal for every level below it.
        let cap = match self.settings.difficulty {
            Some(Difficulty::Easy) if !self.minimal => Some(Difficulty::Easy.max_technique()),
            Some(level) if !self.minimal && level < Difficulty::Diabolical && self.layout.size() > 9 => {
                Some(level.max_technique())
            }
            _ => None,
        };
        let puzzle = if let Some((min, max)) = self.clues {
            let target = rng.random_range(min..=max);
            let puzzle = self.remove_clues_within(&solution, &orbits, cap, min, target)?;
            if puzzle.clues() > max {
                return Ok(Err(Reject::Clues));
            }
            puzzle
        } else if cap.is_none() && solution.layout().is_classic_9x9() {
            // The same removals, decided the same way, in the dedicated 9x9 solver's terms.
            let cells = solution.cells().try_into().expect("a classic 9x9 grid has 81 cells");
            let minimal = fast9::minimize_9x9(cells, &orbits, &self.settings.budget)?;
            Sudoku::from_digits(solution.layout_arc().clone(), minimal.to_vec())
                .expect("digits of the solution")
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
                if let Ok(made) = other.attempt(mix(seed, 0x00c1_1b00 + draw))? {
                    starts.push((made.puzzle, made.solution));
                }
            }
            let Some((puzzle, solution, rating)) =
                super::climb::climb(&starts, target, seed, &self.settings.budget)?
            else {
                return Ok(Err(Reject::Level));
            };
            return Ok(Ok(Generated { puzzle, solution, seed, rating: Some(rating), attempts: 0 }));
        }
        self.finish(puzzle, solution, seed)
    }

    /// The puzzle rated as asked, or rejected for its level.
    fn finish(
        &self,
        puzzle: Sudoku,
        solution: Sudoku,
        seed: u64,
    ) -> Result<Result<Generated, Reject>, GaveUp> {
        let rating = match self.settings.difficulty {
            Some(level) => {
                // Cheapest test first. A candidate above the level fails a solve capped at the
                // level's techniques before any chain or net is tried (minimal X-Sudoku puzzles are
                // nearly all fiendish or diabolical, and their full rating tries nets); then the
                // level pass alone settles the exact level, and only a kept puzzle pays for the SE
                // pass.
                if level < Difficulty::Diabolical
                    && !logic::solves_within(&puzzle, level.max_technique(), &self.settings.budget)?
                {
                    return Ok(Err(Reject::Level));
                }
                let rating = logic::rate_level_within(&puzzle, &self.settings.budget)?;
                if rating.difficulty != level {
                    return Ok(Err(Reject::Level));
                }
                Some(logic::with_se(&puzzle, rating, &self.settings.budget)?)
            }
            None if self.rated => Some(logic::rate_within(&puzzle, &self.settings.budget)?),
            None => None,
        };
        Ok(Ok(Generated { puzzle, solution, seed, rating, attempts: 0 }))
    }

    /// Whether [`Self::se_at_least`] applies: classic 9x9, no symmetry, no difficulty, no jigsaw,
    /// clue range or mask.
    fn climbs(&self) -> bool {
        self.layout.is_classic_9x9()
            && self.symmetry == Symmetry::None
            && self.settings.difficulty.is_none()
            && !self.jigsaw
            && self.clues.is_none()
            && self.mask.is_none()
    }

    /// Empties the cells of each orbit in turn, keeping them empty while the puzzle stays unique
    /// (with `cap`: while techniques up to it still solve it).
    fn remove_clues(
        &self,
        solution: &Sudoku,
        orbits: &[Vec<usize>],
        cap: Option<Technique>,
    ) -> Result<Sudoku, GaveUp> {
        self.remove_clues_within(solution, orbits, cap, 0, 0)
    }

    /// [`remove_clues`](Self::remove_clues), skipping an orbit whose removal would leave fewer
    /// than `min` clues and stopping once at most `target` are left.
    fn remove_clues_within(
        &self,
        solution: &Sudoku,
        orbits: &[Vec<usize>],
        cap: Option<Technique>,
        min: usize,
        target: usize,
    ) -> Result<Sudoku, GaveUp> {
        let mut puzzle = solution.clone();
        let mut clues = puzzle.clues();
        for orbit in orbits {
            if clues <= target {
                break;
            }
            if clues < min + orbit.len() {
                continue;
            }
            for &cell in orbit {
                puzzle.set(cell, 0);
            }
            let keep = match cap {
                Some(cap) => logic::solves_within(&puzzle, cap, &self.settings.budget)?,
                None => {
                    forced_by_peers(&puzzle, orbit)
                        || still_unique(
                            &puzzle,
                            solution,
                            orbit,
                            &self.settings.budget,
                            self.guesses_per_test(),
                        )? == Uniqueness::Unique
                }
            };
            if keep {
                clues -= orbit.len();
            } else {
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
mod tests;
