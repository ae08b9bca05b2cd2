//! The generator: a random pattern of blocks, a random filling of its white cells, the runs'
//! sums as clues, and digits of the filling changed until the clues have one solution; then
//! rated.
//!
//! 1. **Pattern.** The grid's first row and column are clue cells (blocks); inside, blocks are
//!    added in symmetric pairs (the half turn of published Kakuro), in a random order, up to a
//!    share drawn from the level's range, each pair kept only if no white cell is left alone in
//!    its row or column (a run of one, which no published puzzle has) and the white cells stay
//!    one area. Then a run longer than the level allows is cut where the same holds.
//! 2. **Filling.** The search fills the white cells with digits that differ in every run, each
//!    cell trying digits in a random order: any filling of the pattern, found at once.
//! 3. **Uniqueness.** The clues are the filling's sums. For an easy puzzle the easy techniques
//!    of the rater, for a medium one (or when no level is asked) the run combinations (the
//!    solver's propagation, which covers every technique up to medium) run on the clues, and a
//!    cell they leave open gets another digit in the filling (one its runs do not hold yet; two
//!    clues change, and the filling is still their solution), until they leave none. For a hard
//!    puzzle the search looks for two solutions (the budget's node limit, or 20,000 nodes), and
//!    while it finds a second, a cell where the two differ gets another digit. After so many
//!    changes without success ([`changes`]) the attempt starts over. With no level asked, the
//!    puzzles are so easy or medium: the search's route took a minute at 16x16.
//! 4. **Level.** The rater rates the puzzle; with [`Generator::difficulty`] only that level is
//!    kept, else the next attempt (a seed mixed from the seed and the attempt) starts.
//!
//! Why change a digit rather than start over: a second solution differs from the filling in a
//! few cells (a digit pair swapped around a loop of runs); a new digit in one of them changes two
//! sums and, most often, leaves the swap no room.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;
use rand_pcg::Pcg64Mcg;
use tessera_xc::{GaveUp, Outcome};

use crate::common::{generator_settings, grid, Settings};
use crate::kakuro::logic::{open_up_to, rate_up_to, Difficulty};
use crate::kakuro::model::{Cell, MAX_SIDE};
use crate::kakuro::solve::{combinations, search, Layout, ALL};
use crate::kakuro::{Digits, Kakuro};
use crate::Error;

/// The sides of hard puzzles the generator makes: from [`HARD_FROM`] to this.
pub const HARD_UP_TO: usize = 10;

/// The largest side of an easy puzzle the generator makes.
pub const EASY_UP_TO: usize = 16;

/// The smallest side of a hard puzzle the generator makes (4x4 and 5x5 are too small for a
/// contradiction to be needed, most seeds).
pub const HARD_FROM: usize = 6;

/// A generated puzzle: the puzzle, its only solution, its seed and level.
pub type Generated = crate::common::Made<Kakuro, Difficulty>;

/// Settings for generating puzzles; [`generate`](Self::generate) makes one from a seed.
///
/// ```
/// use tessera::kakuro::{count, Generator, Query};
/// let made = Generator::new(8, 8)?.generate(7).unwrap();
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
    /// Puzzles of `width x height` cells, the first row and column the frame of clues; a side
    /// outside 3 to [`MAX_SIDE`] is bad input.
    pub fn new(width: usize, height: usize) -> Result<Self, Error> {
        for (what, side) in [("the width", width), ("the height", height)] {
            if !(3..=MAX_SIDE).contains(&side) {
                return Err(Error::OutOfRange { what, value: side as u64, min: 3, max: MAX_SIDE as u64 });
            }
        }
        Ok(Generator { width, height, settings: Settings::new(200) })
    }

    generator_settings!(Difficulty, "200");

    /// Whether the generator reaches `level` on a board of `width x height`: medium on every
    /// side, easy up to [`EASY_UP_TO`] (past it, two seeds in three ran out of attempts at 20x20),
    /// hard from [`HARD_FROM`] to [`HARD_UP_TO`] (outside, most seeds run out of attempts; at
    /// 12x12, one in five after 45 s), expert on none (a puzzle the contradictions do not settle: of 999 published
    /// janko.at puzzles none is one, and random attempts did not make one in a minute). A level
    /// it does not reach is bad input, refused before any attempt.
    pub fn reaches(level: Option<Difficulty>, width: usize, height: usize) -> Result<(), Error> {
        match level {
            Some(Difficulty::Expert) => Err(Error::shape(
                "expert Kakuro (past contradictions) are not generated: rate a published one instead",
            )),
            Some(Difficulty::Hard) if !(HARD_FROM..=HARD_UP_TO).contains(&width.max(height)) => {
                Err(Error::shape(format!(
                    "hard Kakuro are generated from {HARD_FROM}x{HARD_FROM} to {HARD_UP_TO}x{HARD_UP_TO}: outside, the attempts rarely end at that level"
                )))
            }
            Some(Difficulty::Easy) if width.max(height) > EASY_UP_TO => Err(Error::shape(format!(
                "easy Kakuro are generated up to {EASY_UP_TO}x{EASY_UP_TO}: larger, the easy techniques rarely settle a whole grid"
            ))),
            _ => Ok(()),
        }
    }

    /// One puzzle from `seed`: the same settings and seed give the same puzzle.
    pub fn generate(&self, seed: u64) -> Result<Generated, GaveUp> {
        let budget = self.settings.search_budget(20_000);
        let (w, h) = (self.width, self.height);
        let wanted = self.settings.difficulty;
        // Fewer blocks make longer runs, with more combinations: harder.
        let (low, high, longest) = match wanted {
            Some(Difficulty::Easy) => (0.3, 0.4, 5),
            Some(Difficulty::Medium) | None => (0.25, 0.35, 7),
            _ => (0.18, 0.3, 9),
        };
        let logic_only = matches!(wanted, None | Some(Difficulty::Easy | Difficulty::Medium));
        self.settings.run(seed, |rng| {
            let share = rng.random_range(low..high);
            let Some(white) = pattern(rng, w, h, share, longest) else { return Ok(None) };
            let shape: Vec<Cell> = white.iter().map(|&x| if x { Cell::White } else { Cell::BLOCK }).collect();
            let Ok(bare) = Kakuro::new(w, h, shape) else { return Ok(None) };
            if bare.whites().is_empty() {
                return Ok(None);
            }
            let Some(mut fill) = filling(rng, &bare, &budget)? else { return Ok(None) };
            for _ in 0..changes(wanted, w, h, bare.whites().len()) {
                let board = Kakuro::from_digits(w, h, &fill).expect("a filling's sums fit");
                let open: Vec<usize> = if wanted == Some(Difficulty::Easy) {
                    open_up_to(&board, &budget, Difficulty::Easy)?
                } else if logic_only {
                    let layout = Layout::new(&board);
                    let mut domains = vec![ALL; layout.whites.len()];
                    if let Some(reason) = budget.check_clock() {
                        return Err(reason);
                    }
                    layout.propagate(&mut domains, layout.all()).expect("the filling is a solution");
                    (0..domains.len())
                        .filter(|&k| domains[k].count_ones() > 1)
                        .map(|k| layout.whites[k])
                        .collect()
                } else {
                    let mut found: Vec<Digits> = Vec::new();
                    let count = search(&board, 2, &budget, None, &mut |answer| found.push(answer));

                    match count.outcome {
                        Outcome::GaveUp(GaveUp::NodeLimit) => return Ok(None),
                        Outcome::GaveUp(reason) => return Err(reason),
                        _ => {}
                    }
                    if found.len() < 2 {
                        Vec::new()
                    } else {
                        (0..w * h).filter(|&i| found[0].cells()[i] != found[1].cells()[i]).collect()
                    }
                };
                if open.is_empty() {
                    let rating = rate_up_to(&board, &[], &self.settings.budget, wanted)?;
                    let solution = Digits::new(w, h, fill).expect("the board's size");
                    return Ok(Some((board, solution, rating.level)));
                }
                let &cell = open.choose(rng).expect("a cell to change");
                change(rng, &bare, &mut fill, cell);
            }
            Ok(None)
        })
    }
}

/// How many digits an attempt changes before it starts over: `4 x side` for a hard puzzle (the
/// search's second solution points at a swap), five a white cell where the techniques decide
/// (they leave many cells open at first, and settle a few at a change; fewer made 12x12 easy
/// and 24x24 medium run out of attempts).
fn changes(wanted: Option<Difficulty>, w: usize, h: usize, whites: usize) -> usize {
    if wanted != Some(Difficulty::Hard) {
        5 * whites
    } else {
        4 * w.max(h)
    }
}

/// Gives `cell` another digit, one its two runs do not hold (if any): of those, one that
/// leaves the two runs' new sums the fewest combinations (ties drawn at random), so that the
/// clues close in on the filling rather than wander.
fn change(rng: &mut Pcg64Mcg, bare: &Kakuro, fill: &mut [u8], cell: usize) {
    let mut used = 0u16;
    for run in bare.runs_of(cell) {
        for &other in &bare.runs()[run].cells {
            used |= 1 << fill[other];
        }
    }
    let ways = |d: u8| -> usize {
        bare.runs_of(cell)
            .into_iter()
            .map(|run| {
                let cells = &bare.runs()[run].cells;
                let sum: u32 =
                    cells.iter().map(|&c| if c == cell { u32::from(d) } else { u32::from(fill[c]) }).sum();
                combinations(cells.len(), Some(sum)).count()
            })
            .sum()
    };
    let free: Vec<(usize, u8)> = (1..=9).filter(|&d| used & (1 << d) == 0).map(|d| (ways(d), d)).collect();
    let Some(&(fewest, _)) = free.iter().min() else { return };
    let best: Vec<u8> = free.iter().filter(|&&(w, _)| w == fewest).map(|&(_, d)| d).collect();
    if let Some(&d) = best.choose(rng) {
        fill[cell] = d;
    }
}

/// A random filling of the white cells of `bare` (no clues): digits distinct in each run.
fn filling(
    rng: &mut Pcg64Mcg,
    bare: &Kakuro,
    budget: &tessera_xc::Budget,
) -> Result<Option<Vec<u8>>, GaveUp> {
    let order: Vec<[u8; 9]> = bare
        .whites()
        .iter()
        .map(|_| {
            let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
            digits.shuffle(rng);
            digits
        })
        .collect();
    let mut found = None;
    let count = search(bare, 1, budget, Some(&order), &mut |answer| found = Some(answer.cells().to_vec()));
    match count.outcome {
        Outcome::GaveUp(GaveUp::NodeLimit) => Ok(None),
        Outcome::GaveUp(reason) => Err(reason),
        _ => Ok(found),
    }
}

/// A pattern of white cells (`true`) of `w x h`: the frame of clue cells, blocks inside with
/// half-turn symmetry at about `share`, runs of 2 to `longest` cells, white cells connected;
/// `None` when a run too long cannot be cut so (the attempt starts over).
///
/// Blocks are added one symmetric pair at a time, in a random order, and a pair is kept only
/// if the pattern stays valid (no run of one cell, the white cells one area). Built so, the
/// pattern never falls apart: repairing a random scatter afterwards (blocking runs of one, then
/// every area but the largest) cascaded, on small boards, into a scrap of four cells.
fn pattern(rng: &mut Pcg64Mcg, w: usize, h: usize, share: f64, longest: usize) -> Option<Vec<bool>> {
    let mut white = vec![false; w * h];
    let mut inside = Vec::with_capacity((w - 1) * (h - 1));
    for r in 1..h {
        for c in 1..w {
            white[r * w + c] = true;
            inside.push(r * w + c);
        }
    }
    // The half turn of an inside cell: (r, c) to (h - r, w - c).
    let mirror = |i: usize| (h - i / w) * w + (w - i % w);
    let target = (share * inside.len() as f64).round() as usize;
    let mut blocks = 0;
    inside.shuffle(rng);
    for &i in &inside {
        if blocks >= target {
            break;
        }
        if white[i] && block_pair(&mut white, w, h, i, mirror(i)) {
            blocks += if i == mirror(i) { 1 } else { 2 };
        }
    }
    // Runs longer than `longest`: a block inside each, where the pattern stays valid.
    loop {
        let Some(long) = runs(&white, w, h).into_iter().find(|run| run.len() > longest) else {
            return Some(white);
        };
        let mut cuts = long[2..long.len() - 2].to_vec();
        cuts.shuffle(rng);
        if !cuts.into_iter().any(|cut| block_pair(&mut white, w, h, cut, mirror(cut))) {
            return None;
        }
    }
}

/// Blocks `i` and `j` (its mirror, perhaps `i` itself) if the pattern stays valid (no run of
/// one cell, the white cells one area); whether it did.
fn block_pair(white: &mut [bool], w: usize, h: usize, i: usize, j: usize) -> bool {
    white[i] = false;
    white[j] = false;
    let valid = runs(white, w, h).iter().all(|run| run.len() >= 2) && grid::connected(white, w, h);
    if !valid {
        white[i] = true;
        white[j] = true;
    }
    valid
}

/// The maximal runs of white cells, across then down; a white cell alone in its row (or
/// column) is a run of one there.
fn runs(white: &[bool], w: usize, h: usize) -> Vec<Vec<usize>> {
    let mut found = Vec::new();
    for down in [false, true] {
        let (lines, length) = if down { (w, h) } else { (h, w) };
        for line in 0..lines {
            let at = |k: usize| if down { k * w + line } else { line * w + k };
            let mut run = Vec::new();
            for k in 0..=length {
                if k < length && white[at(k)] {
                    run.push(at(k));
                } else if !run.is_empty() {
                    found.push(std::mem::take(&mut run));
                }
            }
        }
    }
    found
}
