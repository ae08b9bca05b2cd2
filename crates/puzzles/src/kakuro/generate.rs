//! The generator: a random pattern of blocks, a random filling of its white cells, the runs'
//! sums as clues, and digits of the filling changed until the clues have one solution; then
//! rated.
//!
//! 1. **Pattern.** The grid's first row and column are clue cells (blocks); inside, a share of
//!    blocks drawn from the level's range is scattered with the half-turn symmetry of published
//!    Kakuro. Then, until nothing changes: a white cell alone in its row or column (a run of one,
//!    which no published puzzle has) becomes a block; a run longer than the level allows is cut
//!    by a block where both halves keep two cells or more; white cells outside the largest
//!    connected area become blocks.
//! 2. **Filling.** The search fills the white cells with digits that differ in every run, each
//!    cell trying digits in a random order: any filling of the pattern, found at once.
//! 3. **Uniqueness.** The clues are the filling's sums. For an easy or medium puzzle the run
//!    combinations (the propagation of the solver, which covers every technique of those two
//!    levels) run on the clues, and a cell they leave open gets another digit in the filling
//!    (one its runs do not hold yet; two clues change, and the filling is still their
//!    solution), until they leave none. Harder levels: the search looks for two solutions (the
//!    budget's node limit, or 20,000 nodes), and while it finds a second, a cell where the two
//!    differ gets another digit. After `4 x side` changes without success the attempt starts
//!    over.
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

use crate::common::{generator_settings, Settings};
use crate::kakuro::logic::{rate_up_to, Difficulty};
use crate::kakuro::model::{Cell, MAX_SIDE};
use crate::kakuro::solve::{combinations, search, Layout, ALL};
use crate::kakuro::{Digits, Kakuro};
use crate::Error;

/// The largest side of a hard puzzle the generator makes.
pub const HARD_UP_TO: usize = 12;

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

    /// Whether the generator reaches `level` on a board of `width x height`: easy and medium on
    /// every side, hard up to [`HARD_UP_TO`] (past it, a minute's attempts rarely end at that
    /// level), expert on none (a puzzle the contradictions do not settle: of 999 published
    /// janko.at puzzles none is one, and random attempts did not make one in a minute). A level
    /// it does not reach is bad input, refused before any attempt.
    pub fn reaches(level: Option<Difficulty>, width: usize, height: usize) -> Result<(), Error> {
        match level {
            Some(Difficulty::Expert) => Err(Error::shape(
                "expert Kakuro (past contradictions) are not generated: rate a published one instead",
            )),
            Some(Difficulty::Hard) if width.max(height) > HARD_UP_TO => Err(Error::shape(format!(
                "hard Kakuro are generated up to {HARD_UP_TO}x{HARD_UP_TO}: larger, the attempts rarely end at that level"
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
            Some(Difficulty::Medium) => (0.25, 0.35, 7),
            _ => (0.18, 0.3, 9),
        };
        let logic_only = matches!(wanted, Some(Difficulty::Easy | Difficulty::Medium));
        self.settings.run(seed, |rng| {
            let share = rng.random_range(low..high);
            let white = pattern(rng, w, h, share, longest);
            let shape: Vec<Cell> = white.iter().map(|&x| if x { Cell::White } else { Cell::BLOCK }).collect();
            let Ok(bare) = Kakuro::new(w, h, shape) else { return Ok(None) };
            if bare.whites().is_empty() {
                return Ok(None);
            }
            let Some(mut fill) = filling(rng, &bare, &budget)? else { return Ok(None) };
            for _ in 0..4 * w.max(h) {
                let board = Kakuro::from_digits(w, h, &fill).expect("a filling's sums fit");
                let open: Vec<usize> = if logic_only {
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
/// half-turn symmetry at about `share`, runs of 2 to `longest` cells, white cells connected.
fn pattern(rng: &mut Pcg64Mcg, w: usize, h: usize, share: f64, longest: usize) -> Vec<bool> {
    let mut white = vec![false; w * h];
    for r in 1..h {
        for c in 1..w {
            white[r * w + c] = true;
        }
    }
    // The half turn of an inside cell: (r, c) to (h - r, w - c).
    let mirror = |i: usize| (h - i / w) * w + (w - i % w);
    for r in 1..h {
        for c in 1..w {
            let i = r * w + c;
            if i <= mirror(i) && rng.random_bool(share) {
                white[i] = false;
                white[mirror(i)] = false;
            }
        }
    }
    for _ in 0..4 * (w + h) {
        let mut changed = false;
        for down in [false, true] {
            let (lines, length) = if down { (w, h) } else { (h, w) };
            for line in 0..lines {
                let at = |k: usize| if down { k * w + line } else { line * w + k };
                let mut k = 0;
                while k < length {
                    if !white[at(k)] {
                        k += 1;
                        continue;
                    }
                    let start = k;
                    while k < length && white[at(k)] {
                        k += 1;
                    }
                    let run = k - start;
                    if run == 1 {
                        white[at(start)] = false;
                        white[mirror(at(start))] = false;
                        changed = true;
                    } else if run > longest {
                        // A block leaving two cells or more on each side.
                        let cut = start + rng.random_range(2..=run - 3);
                        white[at(cut)] = false;
                        white[mirror(at(cut))] = false;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            changed = keep_largest_area(&mut white, w, h);
        }
        if !changed {
            break;
        }
    }
    white
}

/// Turns the white cells outside the largest 4-connected area into blocks; whether any were.
fn keep_largest_area(white: &mut [bool], w: usize, h: usize) -> bool {
    let mut area = vec![usize::MAX; w * h];
    let mut sizes = Vec::new();
    for start in 0..w * h {
        if !white[start] || area[start] != usize::MAX {
            continue;
        }
        let id = sizes.len();
        let mut stack = vec![start];
        area[start] = id;
        let mut size = 0;
        while let Some(i) = stack.pop() {
            size += 1;
            let (r, c) = (i / w, i % w);
            let mut next = Vec::with_capacity(4);
            if r > 0 {
                next.push(i - w);
            }
            if r + 1 < h {
                next.push(i + w);
            }
            if c > 0 {
                next.push(i - 1);
            }
            if c + 1 < w {
                next.push(i + 1);
            }
            for j in next {
                if white[j] && area[j] == usize::MAX {
                    area[j] = id;
                    stack.push(j);
                }
            }
        }
        sizes.push(size);
    }
    if sizes.len() <= 1 {
        return false;
    }
    let largest = (0..sizes.len()).max_by_key(|&k| sizes[k]).expect("areas");
    for i in 0..w * h {
        if white[i] && area[i] != largest {
            white[i] = false;
        }
    }
    true
}
