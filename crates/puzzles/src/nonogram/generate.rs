//! The generator: a random picture, its clues, and cells of the picture flipped until the clues
//! have one solution; then rated.
//!
//! 1. **Picture.** Random noise smoothed once over each cell's 3x3 neighbourhood and cut at a
//!    share of shaded cells drawn from the level's range: blobs and strokes as in a drawn
//!    picture, not salt and pepper (Tatham's `pattern` smooths its noise the same way, for the
//!    same reason: scattered single cells make lines of many short runs, which line logic can
//!    rarely place). Above easy, half the attempts keep the raw noise, which the harder levels
//!    need at the small sides.
//! 2. **Uniqueness.** The solver looks for two solutions (the budget's node limit, or 20,000
//!    nodes and probes). While it finds a second, one cell where the two differ is flipped in
//!    the picture (its row's and column's clues change; the picture is still their solution).
//!    After `4 x side` flips without success, the attempt starts over. For an easy or medium
//!    puzzle (which line logic alone solves) no search is made: line logic runs on the clues,
//!    and a cell it leaves open is flipped, until it leaves none (Tatham's `pattern` keeps a
//!    picture only when his line solver finishes it, and draws a new one otherwise).
//! 3. **Level.** The rater rates the puzzle; with [`Generator::difficulty`] only that level is
//!    kept, else the next attempt (a seed mixed from the seed and the attempt) starts.
//!
//! Why flip rather than start over: a second solution differs from the picture in a few
//! "switching" cells (a 2x2 checkerboard and its kin); a flip in one of them removes it, and most
//! pictures need only a few.

use rand::seq::IndexedRandom;
use rand::Rng;
use rand_pcg::Pcg64Mcg;
use tessera_xc::GaveUp;

use crate::common::{generator_settings, Settings};
use crate::nonogram::line::UNKNOWN;
use crate::nonogram::logic::{rate_up_to, Difficulty};
use crate::nonogram::model::MAX_SIDE;
use crate::nonogram::solve::{search, Dead, Layout, Work};
use crate::nonogram::{Nonogram, Shading};
use crate::Error;

/// The smallest side of the expert puzzles made.
const EXPERT_FROM: usize = 15;

/// A generated puzzle: the puzzle, its only solution, its seed and level.
pub type Generated = crate::common::Made<Nonogram, Difficulty>;

/// Settings for generating puzzles; [`generate`](Self::generate) makes one from a seed.
///
/// ```
/// use tessera::nonogram::{count, Generator, Query};
/// let made = Generator::new(10, 10)?.generate(7).unwrap();
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

    /// Whether the generator reaches `level` on a board of `width x height`: every level but
    /// expert on every side; expert (more than contradiction) from 15x15 (below, every unique
    /// picture we drew yields to one contradiction at a time, so the attempts would only run
    /// out). A level it does not reach is bad input, refused before any attempt.
    pub fn reaches(level: Option<Difficulty>, width: usize, height: usize) -> Result<(), Error> {
        if level == Some(Difficulty::Expert) && width.max(height) < EXPERT_FROM {
            return Err(Error::shape(format!(
                "expert nonograms are made from {EXPERT_FROM}x{EXPERT_FROM}: below, line solving and contradictions settle every one"
            )));
        }
        Ok(())
    }

    /// One puzzle from `seed`: the same settings and seed give the same puzzle.
    pub fn generate(&self, seed: u64) -> Result<Generated, GaveUp> {
        let budget = self.settings.search_budget(20_000);
        let (w, h) = (self.width, self.height);
        // Denser pictures have longer runs, which the easier techniques place; smoothed ones
        // have fewer runs a line. Each attempt draws its share of shaded cells from the level's
        // range, and (past easy) whether to smooth, so that every level is reached at every side.
        let (low, high) = match self.settings.difficulty {
            Some(Difficulty::Easy) => (0.6, 0.75),
            Some(Difficulty::Medium) => (0.45, 0.65),
            Some(Difficulty::Hard) => (0.4, 0.6),
            Some(Difficulty::Expert) => (0.35, 0.55),
            _ => (0.5, 0.65),
        };
        let always_smooth = matches!(self.settings.difficulty, None | Some(Difficulty::Easy));
        self.settings.run(seed, |rng| {
            let share = rng.random_range(low..high);
            let smooth = always_smooth || rng.random_bool(0.5);
            let mut picture = picture(rng, w, h, share, smooth);
            let lines_only = matches!(self.settings.difficulty, Some(Difficulty::Easy | Difficulty::Medium));
            for _ in 0..4 * w.max(h) {
                let board = Nonogram::from_picture(w, h, &picture).expect("a picture's clues fit");
                if lines_only {
                    // Easy and medium puzzles are those line logic alone solves: no search, and
                    // a cell it leaves open is flipped (where the clues are ambiguous or hard).
                    let layout = Layout::new(&board);
                    let mut state = vec![UNKNOWN; w * h];
                    let mut work = Work::with_clock(&self.settings.budget);
                    if let Err(Dead::GaveUp(reason)) =
                        layout.propagate(&mut state, layout.all(), &mut work, None)
                    {
                        return Err(reason);
                    }
                    let open: Vec<usize> = (0..w * h).filter(|&i| state[i] == UNKNOWN).collect();
                    if let Some(&cell) = open.choose(rng) {
                        picture[cell] = !picture[cell];
                        continue;
                    }
                    let wanted = self.settings.difficulty;
                    let rating = rate_up_to(&board, &[], &self.settings.budget, wanted)?;
                    let solution = layout.answer(&state);
                    return Ok(Some((board, solution, rating.level)));
                }
                let mut found: Vec<Shading> = Vec::new();
                let count = search(&board, 2, &budget, &mut |answer| found.push(answer));
                match count.outcome {
                    tessera_xc::Outcome::GaveUp(GaveUp::NodeLimit) => return Ok(None),
                    tessera_xc::Outcome::GaveUp(reason) => return Err(reason),
                    _ => {}
                }
                if found.len() == 1 {
                    let wanted = self.settings.difficulty;
                    let rating = rate_up_to(&board, &[], &self.settings.budget, wanted)?;
                    let solution = found.pop().expect("one");
                    return Ok(Some((board, solution, rating.level)));
                }
                let differ: Vec<usize> =
                    (0..w * h).filter(|&i| found[0].cells()[i] != found[1].cells()[i]).collect();
                let &cell = differ.choose(rng).expect("two solutions differ somewhere");
                picture[cell] = !picture[cell];
            }
            Ok(None)
        })
    }
}

/// Noise (smoothed when `smooth`), cut so that about `share` of the cells are shaded.
fn picture(rng: &mut Pcg64Mcg, w: usize, h: usize, share: f64, smooth: bool) -> Vec<bool> {
    let noise: Vec<f64> = (0..w * h).map(|_| rng.random::<f64>()).collect();
    if !smooth {
        return noise.iter().map(|&v| v < share).collect();
    }
    let smooth: Vec<f64> = (0..w * h)
        .map(|i| {
            let (r, c) = ((i / w) as isize, (i % w) as isize);
            let mut sum = 0.0;
            let mut n = 0.0;
            for dr in -1..=1 {
                for dc in -1..=1 {
                    let (rr, cc) = (r + dr, c + dc);
                    if rr >= 0 && cc >= 0 && (rr as usize) < h && (cc as usize) < w {
                        sum += noise[rr as usize * w + cc as usize];
                        n += 1.0;
                    }
                }
            }
            sum / n
        })
        .collect();
    let mut sorted = smooth.clone();
    sorted.sort_by(f64::total_cmp);
    let cut = sorted[((1.0 - share) * (w * h) as f64) as usize % (w * h)];
    smooth.iter().map(|&v| v >= cut).collect()
}
