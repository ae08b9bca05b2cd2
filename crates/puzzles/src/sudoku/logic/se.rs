//! An estimate of the Sudoku Explainer rating (SE's "ER"), by solving the way SE does.
//!
//! SE solves step by step; at each step it takes the first technique, in its own fixed order,
//! that applies, and the ER is the highest rating among the steps. The order and the ratings
//! differ from the level pass ([`super::solver`]): a hidden single in a box (1.2) is easier than
//! one in a line (1.5); pointing, claiming and hidden pairs and triples that directly make a
//! hidden single ("direct" techniques, 1.7 to 2.5) come before a naked single (2.3); chains are
//! rated by kind plus a term that grows with their length; forcing chains and nets are tried
//! before anything like a guess. So this is a separate pass, with its own order:
//!
//! | SE | technique |
//! |---:|---|
//! | 1.0, 1.2, 1.5 | full house, hidden single in a box, in a line |
//! | 1.7, 1.9, 2.0 | direct pointing, direct claiming, direct hidden pair |
//! | 2.3, 2.5 | naked single, direct hidden triple |
//! | 2.6, 2.8 | pointing, claiming |
//! | 3.0, 3.2, 3.4 | naked pair, X-wing, hidden pair |
//! | 3.6, 3.8, 4.0 | naked triple, swordfish, hidden triple |
//! | 4.1 | two strong links (skyscraper, kite, turbot fish) |
//! | 4.2, 4.4 | XY-wing, XYZ-wing |
//! | 4.5 | unique rectangle type 1 |
//! | 5.0, 5.2, 5.4 | naked quad, jellyfish, hidden quad |
//! | 5.5, 5.6, 5.9 | three strong links, BUG+1, four strong links |
//! | 6.6 + length | X-chains (one digit) |
//! | 7.0 + length | alternating inference chains (cells and houses) |
//! | 7.5 + length | Nishio (one digit, dynamic) |
//! | 8.0 + length | cell and region forcing chains, static contradictions |
//! | 8.5 + length | dynamic forcing chains and contradictions (nets) |
//! | 9.5 | nothing above applies: the cell is settled by trial (SE's nested chains) |
//!
//! The length term is SE's: with `l` the number of implications in the chains, 0.1 is added
//! for each step of the ceiling `4, 6, 8, 10, 15, 20, 30, 40, ...` (alternately ×3/2 and ×4/3)
//! that `l` exceeds.
//!
//! # The chain engine
//!
//! A literal is a candidate assumed true (on) or false (off). From a literal the engine follows
//! implications breadth first: on → the other candidates of the cell and the digit's other
//! places in each house are off; off → on when the cell or a house has one place left. In the
//! static mode ("off → on" only from bivalue cells and conjugate pairs of the current marks) a
//! literal has one parent and its chain length is its depth. In the dynamic mode the marks are
//! updated as the assumption spreads, so an "on" may need several "off"s at once; the length
//! of a conclusion is then the number of its distinct ancestors (a bit set per literal), as SE
//! counts them. Chains, Nishio, forcing chains and nets are all read off these propagations:
//! a candidate whose "on" implies its own "off" is false; one whose "on" leads to a clash is
//! false; a literal implied by every candidate of a cell, every place of a digit in a house, or
//! by both a candidate and its negation is true.
//!
//! Uniqueness: the unique rectangle (type 1) and BUG+1 steps are the level pass's own
//! ([`super::uniqueness`]), so like there they run only once the givens were counted to have one
//! solution; SE assumes it, and on the puzzles it rates the two agree. The estimate is made for classic 9x9 grids (SE's domain); it runs on any layout up to
//! 9x9 with the same rules, and larger layouts get the highest published weight of the level
//! pass's techniques instead (see [`super::Technique::se_weight`]).

use super::candidates::{bit, Candidates};
use super::{fish, guess, subsets, uniqueness, wings, Step, Technique};
use crate::common::bits::digits_of;
use crate::sudoku::Sudoku;
use tessera_xc::{Budget, GaveUp};

/// Whether the pass stopped because the grid broke (a clash or no solution).
pub(crate) struct SeOutcome {
    pub(crate) rating: f32,
    pub(crate) solved: bool,
}

/// SE's length term for a chain of `complexity` implications.
pub(crate) fn length_term(complexity: usize) -> f32 {
    let mut added = 0;
    let mut ceil = 4usize;
    let length = complexity.saturating_sub(2);
    let mut odd = false;
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added as f32 / 10.0
}

/// Rates `puzzle` on SE's scale (the module header); `None` for layouts over 9x9 or when the
/// givens clash.
pub(crate) fn rate_se(puzzle: &Sudoku, budget: &Budget) -> Result<Option<SeOutcome>, GaveUp> {
    if puzzle.layout().size() > 9 || !puzzle.is_consistent() {
        return Ok(None);
    }
    let mut grid = Candidates::new(puzzle);
    grid.set_quiet();
    grid.check_unique_within(budget);
    let mut worst = 0.0f32;
    let mut solution: Option<Vec<u8>> = None;
    while !grid.is_full() {
        if let Some(reason) = budget.check_clock() {
            return Err(reason);
        }
        if grid.is_broken() {
            break;
        }
        let Some((rating, step)) = next(&grid, &mut solution, budget) else { break };
        worst = worst.max(rating);
        grid.apply(&step);
    }
    let solved = grid.is_full() && grid.grid().is_solved();
    Ok(Some(SeOutcome { rating: (worst * 10.0).round() / 10.0, solved }))
}

fn eliminating(eliminations: Vec<(usize, u8)>) -> Step {
    let mut step = Step::eliminating(Technique::Guess, eliminations, Vec::new(), Vec::new(), String::new());
    step.cells.clear();
    step
}

fn placing(cell: usize, d: u8) -> Step {
    Step::placing(Technique::Guess, cell, d, Vec::new(), String::new())
}

/// A technique of the level pass, reused here.
type Finder = fn(&Candidates) -> Option<Step>;

/// A pointing or claiming: its rating, the house the digit is locked in, the house it leaves,
/// the digit and the eliminations.
type Locking = (f32, usize, usize, u8, Vec<(usize, u8)>);

/// The next step in SE's order, with its rating.
fn next(grid: &Candidates, solution: &mut Option<Vec<u8>>, budget: &Budget) -> Option<(f32, Step)> {
    if let Some(found) = singles(grid) {
        return Some(found);
    }
    if let Some(step) = direct_locking(grid) {
        return Some(step);
    }
    if let Some(step) = direct_hidden(grid, 2) {
        return Some((2.0, step));
    }
    if let Some(step) = super::singles::naked_single(grid) {
        return Some((2.3, step));
    }
    if let Some(step) = direct_hidden(grid, 3) {
        return Some((2.5, step));
    }
    if let Some(found) = locking(grid) {
        return Some(found);
    }
    let basic: [(f32, Finder); 6] = [
        (3.0, |g| subsets::naked(g, 2)),
        (3.2, |g| fish::fish(g, 2)),
        (3.4, |g| subsets::hidden(g, 2)),
        (3.6, |g| subsets::naked(g, 3)),
        (3.8, |g| fish::fish(g, 3)),
        (4.0, |g| subsets::hidden(g, 3)),
    ];
    for (rating, find) in basic {
        if let Some(step) = find(grid) {
            return Some((rating, step));
        }
    }
    let mut engine = Engine::new(grid);
    // Short X-chains: SE's "strong links" (two of them: skyscraper, kite, turbot fish).
    if let Some(found) = engine.chains(Mode::X, 6) {
        return Some((4.1, found.1));
    }
    if let Some(step) = wings::xy_wing(grid) {
        return Some((4.2, step));
    }
    if let Some(step) = wings::xyz_wing(grid) {
        return Some((4.4, step));
    }
    if let Some(step) = uniqueness::unique_rectangle_1(grid) {
        return Some((4.5, step));
    }
    let quads: [(f32, Finder); 3] =
        [(5.0, |g| subsets::naked(g, 4)), (5.2, |g| fish::fish(g, 4)), (5.4, |g| subsets::hidden(g, 4))];
    for (rating, find) in quads {
        if let Some(step) = find(grid) {
            return Some((rating, step));
        }
    }
    if let Some(found) = engine.chains(Mode::X, 8) {
        return Some((5.5, found.1));
    }
    if let Some((step, c)) = bent_wing(grid, 4) {
        return Some((5.5 + (1.0 - (3.0 - c).abs()) / 10.0, step));
    }
    if let Some(step) = uniqueness::bug_plus_one(grid) {
        return Some((5.6, step));
    }
    if let Some(found) = engine.chains(Mode::X, 10) {
        return Some((5.9, found.1));
    }
    if let Some((step, c)) = bent_wing(grid, 5) {
        return Some((6.2 + (2.0 - (3.0 - c).abs()) / 10.0, step));
    }
    if let Some((step, _)) = bent_wing(grid, 6) {
        return Some((6.6, step));
    }
    // Chains: the easiest of the X-chains and the AICs.
    let x = engine.chains(Mode::X, usize::MAX).map(|(c, s)| (6.6 + length_term(c), s));
    let xy = engine.chains(Mode::Both, usize::MAX).map(|(c, s)| (7.0 + length_term(c), s));
    if let Some(found) = easiest([x, xy]) {
        return Some(found);
    }
    if budget.check_clock().is_some() {
        return None;
    }
    if let Some((c, step)) = engine.nishio() {
        return Some((7.5 + length_term(c), step));
    }
    if let Some((c, step)) = engine.forcing(false) {
        return Some((8.0 + length_term(c), step));
    }
    if budget.check_clock().is_some() {
        return None;
    }
    if let Some((c, step)) = engine.forcing(true) {
        return Some((8.5 + length_term(c), step));
    }
    trial(grid, solution, budget).map(|step| (9.5, step))
}

fn easiest<const N: usize>(found: [Option<(f32, Step)>; N]) -> Option<(f32, Step)> {
    found.into_iter().flatten().min_by(|a, b| a.0.total_cmp(&b.0))
}

/// Places the solution's digit in the empty cell with the fewest candidates.
fn trial(grid: &Candidates, solution: &mut Option<Vec<u8>>, budget: &Budget) -> Option<Step> {
    let fits =
        |s: &[u8]| (0..s.len()).all(|c| grid.digit(c) == s[c] || grid.digit(c) == 0 && grid.has(c, s[c]));
    if !solution.as_deref().is_some_and(fits) {
        *solution = match guess::solve(grid, budget) {
            guess::Outcome::Solved(s) => Some(s),
            _ => None,
        };
    }
    let s = solution.as_deref()?;
    let cell =
        (0..s.len()).filter(|&c| grid.digit(c) == 0).min_by_key(|&c| grid.candidates(c).count_ones())?;
    Some(placing(cell, s[cell]))
}

/// Full house (1.0), hidden single in a box or region (1.2), in a line or diagonal (1.5).
fn singles(grid: &Candidates) -> Option<(f32, Step)> {
    let n = grid.n();
    let houses = grid.layout().houses().len();
    for h in 0..houses {
        if grid.empty_in(h) == 1 {
            let i = (0..n).find(|&i| grid.digit(grid.house_cell(h, i)) == 0)?;
            let cell = grid.house_cell(h, i);
            let d = digits_of(grid.candidates(cell)).next()?;
            return Some((1.0, placing(cell, d)));
        }
    }
    let order = (2 * n..3 * n).chain(n..2 * n).chain(0..n).chain(3 * n..houses);
    for h in order {
        for d in 1..=n as u8 {
            let p = grid.positions(h, d);
            if p.count_ones() == 1 {
                let cell = grid.house_cell(h, p.trailing_zeros() as usize);
                let rating = if (2 * n..3 * n).contains(&h) { 1.2 } else { 1.5 };
                return Some((rating, placing(cell, d)));
            }
        }
    }
    None
}

/// Every pointing (box to line) then claiming (line to box): `(rating, box, line, digit, eliminations)`.
fn lockings(grid: &Candidates) -> Vec<Locking> {
    let layout = grid.layout();
    let n = grid.n();
    let mut found = Vec::new();
    for pointing in [true, false] {
        for b in 2 * n..3 * n {
            for line in 0..2 * n {
                let (from, to) = if pointing { (b, line) } else { (line, b) };
                for d in 1..=n as u8 {
                    let p = grid.positions(from, d);
                    if p.count_ones() < 2 {
                        continue;
                    }
                    let inside = (0..n).filter(|&i| p & (1 << i) != 0).all(|i| {
                        let cell = grid.house_cell(from, i);
                        layout.cell_houses(cell).contains(&(to as u16))
                    });
                    if !inside {
                        continue;
                    }
                    let eliminations: Vec<(usize, u8)> = (0..n)
                        .map(|i| grid.house_cell(to, i))
                        .filter(|&cell| {
                            grid.has(cell, d) && !layout.cell_houses(cell).contains(&(from as u16))
                        })
                        .map(|cell| (cell, d))
                        .collect();
                    if !eliminations.is_empty() {
                        found.push((if pointing { 2.6 } else { 2.8 }, from, to, d, eliminations));
                    }
                }
            }
        }
    }
    found
}

/// Pointing (2.6) or claiming (2.8).
fn locking(grid: &Candidates) -> Option<(f32, Step)> {
    lockings(grid).into_iter().next().map(|(rating, _, _, _, e)| (rating, eliminating(e)))
}

/// Whether removing `eliminations` leaves some house with one place for a digit that had more.
fn makes_hidden_single(grid: &Candidates, eliminations: &[(usize, u8)], houses: &[usize]) -> bool {
    let n = grid.n();
    houses.iter().any(|&h| {
        (1..=n as u8).any(|d| {
            let p = grid.positions(h, d);
            if p.count_ones() < 2 {
                return false;
            }
            let left = (0..n)
                .filter(|&i| p & (1 << i) != 0)
                .filter(|&i| !eliminations.contains(&(grid.house_cell(h, i), d)))
                .count();
            left == 1
        })
    })
}

/// Direct pointing (1.7) and direct claiming (1.9): locked candidates whose eliminations make a
/// hidden single in a house of the same kind as the one the digit is locked in.
fn direct_locking(grid: &Candidates) -> Option<(f32, Step)> {
    let n = grid.n();
    for (rating, from, to, _, eliminations) in lockings(grid) {
        let same_kind: Vec<usize> = if from >= 2 * n {
            (2 * n..3 * n).filter(|&h| h != from).collect()
        } else if from < n {
            (0..n).filter(|&h| h != from).collect()
        } else {
            (n..2 * n).filter(|&h| h != from).collect()
        };
        let _ = to;
        if makes_hidden_single(grid, &eliminations, &same_kind) {
            return Some((if rating < 2.7 { 1.7 } else { 1.9 }, eliminating(eliminations)));
        }
    }
    None
}

/// A hidden pair or triple whose eliminations make a hidden single in its house.
fn direct_hidden(grid: &Candidates, k: usize) -> Option<Step> {
    let n = grid.n();
    for h in grid.house_order() {
        let digits: Vec<(usize, u32)> = (1..=n)
            .map(|d| (d, grid.positions(h, d as u8)))
            .filter(|&(_, p)| (2..=k as u32).contains(&p.count_ones()))
            .collect();
        let found = subsets::choose(&digits, k, &mut |pick, union| {
            if union.count_ones() as usize != k {
                return None;
            }
            let set = pick.iter().fold(0u32, |acc, &i| acc | bit(digits[i].0 as u8));
            let mut eliminations = Vec::new();
            for i in 0..n {
                if union & (1 << i) != 0 {
                    let cell = grid.house_cell(h, i);
                    for d in digits_of(grid.candidates(cell) & !set) {
                        eliminations.push((cell, d));
                    }
                }
            }
            (!eliminations.is_empty() && makes_hidden_single(grid, &eliminations, &[h]))
                .then_some(eliminations)
        });
        if let Some(eliminations) = found {
            return Some(eliminating(eliminations));
        }
    }
    None
}

/// A forcing chain step of the level pass: static chains (`dynamic` false, the "Forcing chain"
/// technique) or dynamic ones (a forcing net), the shortest found, explained by where it starts.
pub(crate) fn forcing_step(grid: &Candidates, dynamic: bool) -> Option<Step> {
    if grid.n() > 9 {
        return None;
    }
    let mut engine = Engine::new(grid);
    let (_, mut step, source) = engine.forcing_from(dynamic).or_else(|| {
        if dynamic {
            engine.nishio().map(|(length, step)| {
                let cell = step.eliminations[0];
                (length, step, Source::Clash(engine.lit(cell.0, cell.1, true)))
            })
        } else {
            None
        }
    })?;
    step.technique = if dynamic { Technique::ForcingNet } else { Technique::ForcingChain };
    let layout = grid.layout();
    if !grid.quiet() {
        let literal = |lit: usize| {
            let (cell, d, on) = engine.parts(lit);
            format!("{} {} {}", layout.cell_name(cell), if on { "is" } else { "is not" }, layout.symbol(d))
        };
        let from = match source {
            Source::Clash(lit) => format!("if {}, the implications clash, so it cannot be", literal(lit)),
            Source::Double(lit) => format!("whether or not {}, the same follows", literal(lit | 1)),
            Source::Cell(cell) => {
                format!("whichever digit {} takes, the same follows", layout.cell_name(cell))
            }
            Source::House(h, d) => {
                let (kind, index) = layout.house_name(h);
                format!("wherever {} goes in {kind} {index}, the same follows", layout.symbol(d))
            }
        };
        let conclusion = match (step.placements.first(), step.eliminations.first()) {
            (Some(&(cell, d)), _) => format!("{} is {}", layout.cell_name(cell), layout.symbol(d)),
            (None, Some(&(cell, d))) => format!("{} is not {}", layout.cell_name(cell), layout.symbol(d)),
            _ => String::new(),
        };
        step.explanation = format!("{}: {from}: {conclusion}", step.technique.name());
    }
    step.cells = step.placements.iter().chain(&step.eliminations).map(|&(cell, _)| cell).collect();
    Some(step)
}

/// A wing of `k` cells (WXYZ-wing for 4, VWXYZ for 5, UVWXYZ for 6): a pivot and `k - 1` of
/// its peers holding `k` digits between them, every digit but one (`z`) restricted (its places
/// among the cells all see each other, so it fills at most one of them). The `k` cells need `k`
/// digits and the restricted ones give at most `k - 1`, so `z` is in one of them: any cell that
/// sees every `z` of the wing loses `z`. When every digit is restricted (doubly linked), each
/// digit fills exactly one of the cells, and any cell that sees all of a digit's places loses
/// it. Returns the step and the pivot's number of candidates
/// (SE rates wings whose pivot has a middling number of candidates a little higher).
fn bent_wing(grid: &Candidates, k: usize) -> Option<(Step, f32)> {
    let layout = grid.layout();
    let cells = layout.cells();
    let fits = |c: usize| grid.digit(c) == 0 && (2..=k as u32).contains(&grid.candidates(c).count_ones());
    for pivot in (0..cells).filter(|&c| fits(c)) {
        let peers: Vec<(usize, u32)> = layout
            .peers(pivot)
            .iter()
            .map(|&p| p as usize)
            .filter(|&p| fits(p))
            .map(|p| (p, grid.candidates(p)))
            .collect();
        // The pivot and `k - 1` of its peers, holding `k` digits between them.
        let found = subsets::choose_within(&peers, k - 1, k, grid.candidates(pivot), &mut |chosen, union| {
            if union.count_ones() as usize != k {
                return None;
            }
            let mut pick = [pivot; 6];
            for (slot, &i) in pick[1..].iter_mut().zip(chosen) {
                *slot = peers[i].0;
            }
            wing_step(grid, &pick[..k], union)
        });
        if let Some(step) = found {
            return Some((step, grid.candidates(pivot).count_ones() as f32));
        }
    }
    None
}

fn wing_step(grid: &Candidates, pick: &[usize], union: u32) -> Option<Step> {
    let mut loose = None;
    let mut all = Vec::new();
    for z in digits_of(union) {
        let places: Vec<usize> = pick.iter().copied().filter(|&c| grid.has(c, z)).collect();
        let restricted =
            places.iter().enumerate().all(|(i, &a)| places[i + 1..].iter().all(|&b| grid.sees(a, b)));
        if !restricted {
            if loose.is_some() {
                return None;
            }
            loose = Some(z);
        }
        all.push((z, places));
    }
    // One loose digit: it is in the wing. None (doubly linked): every digit fills exactly one
    // of the cells, so each is in the wing.
    let eliminations: Vec<(usize, u8)> = all
        .iter()
        .filter(|(z, _)| loose.is_none_or(|l| l == *z))
        .flat_map(|(z, places)| {
            (0..grid.layout().cells())
                .filter(move |&c| grid.digit(c) == 0 && grid.has(c, *z) && !pick.contains(&c))
                .filter(move |&c| places.iter().all(|&p| grid.sees(c, p)))
                .map(move |c| (c, *z))
        })
        .collect();
    (!eliminations.is_empty()).then(|| eliminating(eliminations))
}

/// Where forcing chains start: a candidate assumed true that leads to a clash, a candidate
/// whose truth and falsehood lead to the same conclusion, every candidate of a cell, or every
/// place of a digit in a house.
#[derive(Clone, Copy, Debug)]
enum Source {
    Clash(usize),
    Double(usize),
    Cell(usize),
    House(usize, u8),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// One digit at a time: house links only.
    X,
    /// House and cell links.
    Both,
}

const WORDS: usize = (9 * 81 * 2usize).div_ceil(64);
const NONE: u16 = u16::MAX;

/// The implication engine over one grid's marks (module header).
struct Engine<'a> {
    grid: &'a Candidates,
    n: usize,
    cands: usize,
    /// Per start literal (static mode, both kinds of link), the depth of every literal reached.
    statics: Vec<Option<Vec<u16>>>,
    /// Scratch space reused by every propagation (a search runs thousands per step).
    scratch: Scratch,
}

/// Buffers of the propagations, allocated once per engine.
#[derive(Default)]
struct Scratch {
    /// Static mode: depth per literal.
    depth: Vec<u16>,
    queue: Vec<usize>,
    out: Vec<usize>,
    /// Dynamic mode: per literal, its ancestor set's index in `arena` (`u32::MAX`: not reached),
    /// and the number of its ancestors.
    slot: Vec<u32>,
    arena: Vec<[u64; WORDS]>,
    count: Vec<u16>,
    marks: Vec<u32>,
}

const UNSET: u32 = u32::MAX;

impl Scratch {
    /// Marks `lit` reached with the union of its parents' ancestors (and itself), unless it was.
    fn set(&mut self, lit: usize, parents: &[usize]) {
        if self.slot[lit] != UNSET {
            return;
        }
        let mut bits = [0u64; WORDS];
        for &p in parents {
            let s = self.slot[p];
            if s != UNSET {
                let pb = &self.arena[s as usize];
                for w in 0..WORDS {
                    bits[w] |= pb[w];
                }
            }
        }
        bits[lit / 64] |= 1 << (lit % 64);
        self.count[lit] = bits.iter().map(|w| w.count_ones()).sum::<u32>().min(u32::from(NONE) - 1) as u16;
        self.slot[lit] = self.arena.len() as u32;
        self.arena.push(bits);
        self.queue.push(lit);
    }

    /// The number of distinct ancestors of `lits` together.
    fn union(&self, lits: &[usize]) -> usize {
        let mut bits = [0u64; WORDS];
        for &l in lits {
            let s = self.slot[l];
            if s != UNSET {
                let b = &self.arena[s as usize];
                for w in 0..WORDS {
                    bits[w] |= b[w];
                }
            }
        }
        bits.iter().map(|w| w.count_ones() as usize).sum()
    }
}

impl<'a> Engine<'a> {
    fn new(grid: &'a Candidates) -> Self {
        let n = grid.n();
        let cands = grid.layout().cells() * n;
        Engine { grid, n, cands, statics: vec![None; cands * 2], scratch: Scratch::default() }
    }

    fn lit(&self, cell: usize, d: u8, on: bool) -> usize {
        (cell * self.n + d as usize - 1) * 2 + usize::from(on)
    }

    fn parts(&self, lit: usize) -> (usize, u8, bool) {
        let cand = lit / 2;
        (cand / self.n, (cand % self.n) as u8 + 1, lit % 2 == 1)
    }

    /// The literals `lit` implies directly in the static mode.
    fn implied(&self, lit: usize, mode: Mode, out: &mut Vec<usize>) {
        out.clear();
        let grid = self.grid;
        let layout = grid.layout();
        let (cell, d, on) = self.parts(lit);
        if on {
            if mode == Mode::Both {
                for e in digits_of(grid.candidates(cell)) {
                    if e != d {
                        out.push(self.lit(cell, e, false));
                    }
                }
            }
            for &peer in layout.peers(cell) {
                if grid.has(peer as usize, d) {
                    out.push(self.lit(peer as usize, d, false));
                }
            }
        } else {
            let marks = grid.candidates(cell);
            if mode == Mode::Both && marks.count_ones() == 2 {
                let e = digits_of(marks & !bit(d)).next().unwrap_or(d);
                out.push(self.lit(cell, e, true));
            }
            for &h in layout.cell_houses(cell) {
                let p = grid.positions(h as usize, d);
                if p.count_ones() == 2 {
                    for i in 0..self.n {
                        let other = grid.house_cell(h as usize, i);
                        if p & (1 << i) != 0 && other != cell {
                            out.push(self.lit(other, d, true));
                        }
                    }
                }
            }
        }
    }

    /// Breadth-first static propagation from `start`, capped at depth `limit - 1`: leaves the
    /// depth of each literal reached in `scratch.depth`. With `stop` set, it stops as soon as
    /// `stop` is reached (breadth first, so its depth is final) and returns that depth.
    fn propagate(&mut self, start: usize, mode: Mode, limit: usize, stop: Option<usize>) -> u16 {
        let mut sc = std::mem::take(&mut self.scratch);
        sc.depth.clear();
        sc.depth.resize(self.cands * 2, NONE);
        sc.depth[start] = 0;
        sc.queue.clear();
        sc.queue.push(start);
        let mut head = 0;
        let mut found = NONE;
        'bfs: while head < sc.queue.len() {
            let lit = sc.queue[head];
            head += 1;
            if sc.depth[lit] as usize + 1 >= limit {
                continue;
            }
            self.implied(lit, mode, &mut sc.out);
            for i in 0..sc.out.len() {
                let next = sc.out[i];
                if sc.depth[next] == NONE {
                    sc.depth[next] = sc.depth[lit] + 1;
                    if stop == Some(next) {
                        found = sc.depth[next];
                        break 'bfs;
                    }
                    sc.queue.push(next);
                }
            }
        }
        self.scratch = sc;
        found
    }

    fn statics(&mut self, start: usize) -> &[u16] {
        if self.statics[start].is_none() {
            self.propagate(start, Mode::Both, usize::MAX, None);
            self.statics[start] = Some(self.scratch.depth.clone());
        }
        self.statics[start].as_deref().unwrap_or(&[])
    }

    /// The easiest one-sided forcing chain of `mode` with at most `max` implications (counting
    /// the start): a candidate whose "on" implies its "off" (removed), or whose "off" implies
    /// its "on" (placed). Returns its length and the step.
    fn chains(&mut self, mode: Mode, max: usize) -> Option<(usize, Step)> {
        let mut best: Option<(usize, Step)> = None;
        for cell in 0..self.grid.layout().cells() {
            let marks = self.grid.candidates(cell);
            if self.grid.digit(cell) != 0 || marks.count_ones() < 2 {
                continue;
            }
            for d in digits_of(marks) {
                for on in [true, false] {
                    let start = self.lit(cell, d, on);
                    let limit = best.as_ref().map_or(max, |b| b.0.min(max));
                    let depth = if mode == Mode::Both && limit == usize::MAX {
                        let depths = self.statics(start);
                        depths[start ^ 1]
                    } else {
                        self.propagate(start, mode, limit, Some(start ^ 1))
                    };
                    if depth == NONE {
                        continue;
                    }
                    let length = depth as usize + 1;
                    if length <= limit && best.as_ref().is_none_or(|b| length < b.0) {
                        let step = if on { eliminating(vec![(cell, d)]) } else { placing(cell, d) };
                        best = Some((length, step));
                    }
                }
            }
        }
        // A both-kinds chain that only uses one digit is an X-chain: rated by the X pass.
        best
    }

    /// Static forcing chains (cell, region, double) and static contradictions: the easiest.
    fn forcing(&mut self, dynamic: bool) -> Option<(usize, Step)> {
        self.forcing_from(dynamic).map(|(length, step, _)| (length, step))
    }

    /// [`Self::forcing`] with where the chains start.
    fn forcing_from(&mut self, dynamic: bool) -> Option<(usize, Step, Source)> {
        let mut best: Option<(usize, Step, Source)> = None;
        let cells = self.grid.layout().cells();
        let total = self.cands * 2;
        let offer = |best: &mut Option<(usize, Step, Source)>,
                     length: usize,
                     lit: usize,
                     n: usize,
                     source: Source| {
            if best.as_ref().is_none_or(|b| length < b.0) {
                let cand = lit / 2;
                let (cell, d) = (cand / n, (cand % n) as u8 + 1);
                let step = if lit % 2 == 1 { placing(cell, d) } else { eliminating(vec![(cell, d)]) };
                *best = Some((length, step, source));
            }
        };
        let n = self.n;
        // Per literal: the propagation's lengths (static: depth + 1; dynamic: ancestors) and,
        // for dynamic, whether it led to a contradiction of that length.
        let mut results: Vec<Option<(Vec<u16>, Option<usize>)>> = vec![None; total];
        let ensure =
            |engine: &mut Engine, results: &mut Vec<Option<(Vec<u16>, Option<usize>)>>, lit: usize| {
                if results[lit].is_some() {
                    return;
                }
                let r = if dynamic {
                    let clash = engine.dynamic(lit, Mode::Both);
                    (engine.scratch.count.clone(), clash)
                } else {
                    let depths = engine.statics(lit);
                    let lengths: Vec<u16> =
                        depths.iter().map(|&x| if x == NONE { NONE } else { x + 1 }).collect();
                    let clash = (0..total / 2)
                        .filter(|&c| lengths[2 * c] != NONE && lengths[2 * c + 1] != NONE)
                        .map(|c| lengths[2 * c] as usize + lengths[2 * c + 1] as usize)
                        .min();
                    (lengths, clash)
                };
                results[lit] = Some(r);
            };
        for cell in 0..cells {
            let marks = self.grid.candidates(cell);
            if self.grid.digit(cell) != 0 || marks.count_ones() < 2 {
                continue;
            }
            for d in digits_of(marks) {
                let on = self.lit(cell, d, true);
                ensure(self, &mut results, on);
                ensure(self, &mut results, on ^ 1);
                let (Some((lengths_on, clash_on)), Some((lengths_off, clash))) =
                    (&results[on], &results[on ^ 1])
                else {
                    continue;
                };
                if let Some(length) = *clash_on {
                    offer(&mut best, length, on ^ 1, n, Source::Clash(on));
                }
                if let Some(length) = *clash {
                    offer(&mut best, length, on, n, Source::Clash(on ^ 1));
                }
                // Double forcing: both the candidate and its negation imply the same literal.
                for lit in 0..total {
                    if lengths_on[lit] != NONE
                        && lengths_off[lit] != NONE
                        && lit / 2 != on / 2
                        && self.open(lit)
                    {
                        let length = lengths_on[lit] as usize + lengths_off[lit] as usize;
                        offer(&mut best, length, lit, n, Source::Double(on));
                    }
                }
            }
        }
        // Cell forcing and region forcing.
        let mut groups: Vec<(Source, Vec<usize>)> = Vec::new();
        for cell in 0..cells {
            let marks = self.grid.candidates(cell);
            if self.grid.digit(cell) == 0 && marks.count_ones() >= 2 {
                groups
                    .push((Source::Cell(cell), digits_of(marks).map(|d| self.lit(cell, d, true)).collect()));
            }
        }
        for h in 0..self.grid.layout().houses().len() {
            for d in 1..=n as u8 {
                let p = self.grid.positions(h, d);
                if p.count_ones() >= 2 {
                    let places = (0..n)
                        .filter(|&i| p & (1 << i) != 0)
                        .map(|i| self.lit(self.grid.house_cell(h, i), d, true));
                    groups.push((Source::House(h, d), places.collect()));
                }
            }
        }
        for (source, group) in groups {
            for &lit in &group {
                ensure(self, &mut results, lit);
            }
            let branches: Vec<&[u16]> =
                group.iter().filter_map(|&lit| results[lit].as_ref().map(|r| r.0.as_slice())).collect();
            for lit in 0..total {
                // Cheapest test first: most literals are not reached by the first branch.
                if branches[0][lit] == NONE || !self.open(lit) || group.contains(&lit) {
                    continue;
                }
                let mut length = 0usize;
                let mut all = true;
                for b in branches.iter() {
                    if b[lit] == NONE {
                        all = false;
                        break;
                    }
                    length += b[lit] as usize;
                }
                if all {
                    offer(&mut best, length, lit, n, source);
                }
            }
        }
        best
    }

    /// Whether concluding `lit` changes the grid: an "on" on an empty cell, or an "off" that is
    /// still a candidate.
    fn open(&self, lit: usize) -> bool {
        let (cell, d, _) = self.parts(lit);
        self.grid.digit(cell) == 0 && self.grid.has(cell, d)
    }

    /// Nishio: one digit, dynamic; a candidate whose "on" leads to a clash is false.
    fn nishio(&mut self) -> Option<(usize, Step)> {
        let mut best: Option<(usize, Step)> = None;
        for cell in 0..self.grid.layout().cells() {
            if self.grid.digit(cell) != 0 {
                continue;
            }
            for d in digits_of(self.grid.candidates(cell)) {
                let on = self.lit(cell, d, true);
                if let Some(length) = self.dynamic(on, Mode::X) {
                    if best.as_ref().is_none_or(|b| length < b.0) {
                        best = Some((length, eliminating(vec![(cell, d)])));
                    }
                }
            }
        }
        best
    }

    /// Dynamic propagation from `start`: leaves the number of ancestors of each literal reached
    /// (itself included) in `scratch.count`, and returns the length of the first contradiction
    /// met, if any.
    fn dynamic(&mut self, start: usize, mode: Mode) -> Option<usize> {
        let mut sc = std::mem::take(&mut self.scratch);
        let found = self.dynamic_in(&mut sc, start, mode);
        self.scratch = sc;
        found
    }

    fn dynamic_in(&self, sc: &mut Scratch, start: usize, mode: Mode) -> Option<usize> {
        let grid = self.grid;
        let layout = grid.layout();
        let n = self.n;
        let total = self.cands * 2;
        sc.marks.clear();
        sc.marks.extend((0..layout.cells()).map(|c| grid.candidates(c)));
        sc.slot.clear();
        sc.slot.resize(total, UNSET);
        sc.count.clear();
        sc.count.resize(total, NONE);
        sc.arena.clear();
        sc.queue.clear();
        let mut head = 0;
        // Parents of an "on" (at most one per candidate of a cell or place in a house).
        let mut offs = [0usize; 32];
        sc.set(start, &[]);
        while head < sc.queue.len() {
            let lit = sc.queue[head];
            head += 1;
            let cand = lit / 2;
            let (cell, d, on) = (cand / n, (cand % n) as u8 + 1, lit % 2 == 1);
            if sc.slot[lit ^ 1] != UNSET {
                return Some(sc.union(&[lit, lit ^ 1]));
            }
            if on {
                if mode == Mode::Both {
                    for e in digits_of(sc.marks[cell] & !bit(d)) {
                        sc.set(self.lit(cell, e, false), &[lit]);
                    }
                }
                for &peer in layout.peers(cell) {
                    let peer = peer as usize;
                    if sc.marks[peer] & bit(d) != 0 {
                        sc.set(self.lit(peer, d, false), &[lit]);
                    }
                }
            } else {
                sc.marks[cell] &= !bit(d);
                let original = grid.candidates(cell);
                if mode == Mode::Both {
                    match sc.marks[cell].count_ones() {
                        0 => {
                            let mut k = 0;
                            for e in digits_of(original) {
                                offs[k] = self.lit(cell, e, false);
                                k += 1;
                            }
                            return Some(sc.union(&offs[..k]));
                        }
                        1 => {
                            let e = digits_of(sc.marks[cell]).next().unwrap_or(d);
                            let mut k = 0;
                            for x in digits_of(original & !bit(e)) {
                                offs[k] = self.lit(cell, x, false);
                                k += 1;
                            }
                            sc.set(self.lit(cell, e, true), &offs[..k]);
                        }
                        _ => {}
                    }
                }
                for &h in layout.cell_houses(cell) {
                    let h = h as usize;
                    let p = grid.positions(h, d);
                    if p == 0 {
                        continue;
                    }
                    let mut left = 0;
                    let mut last = 0;
                    let mut k = 0;
                    for i in 0..n {
                        if p & (1 << i) != 0 {
                            let c = grid.house_cell(h, i);
                            if sc.marks[c] & bit(d) != 0 {
                                left += 1;
                                last = c;
                            } else {
                                offs[k] = self.lit(c, d, false);
                                k += 1;
                            }
                        }
                    }
                    match left {
                        0 => return Some(sc.union(&offs[..k])),
                        1 => sc.set(self.lit(last, d, true), &offs[..k]),
                        _ => {}
                    }
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_term_follows_se_ceilings() {
        assert_eq!(length_term(6), 0.0);
        assert_eq!(length_term(7), 0.1);
        assert_eq!(length_term(8), 0.1);
        assert_eq!(length_term(9), 0.2);
        assert_eq!(length_term(12), 0.3);
        assert_eq!(length_term(13), 0.3);
        assert_eq!(length_term(17), 0.4);
    }
}
