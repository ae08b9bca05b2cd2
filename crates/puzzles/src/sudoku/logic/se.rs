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
//! | 9.0 + length | dynamic forcing chains (+): pointing, claiming, pairs and X-wings inside the propagation |
//! | 9.5, 10.0, 10.5 + length | nested forcing chains: static chains, static forcing chains, dynamic forcing chains inside it ([`super::nested`]) |
//! | 11.0 | nothing above applies: the cell is settled by trial (SE's deeper nesting) |
//!
//! The length term is SE's: with `l` the number of implications in the chains, 0.1 is added
//! for each step of the ceiling `4, 6, 8, 10, 15, 20, 30, 40, ...` (alternately ×3/2 and ×4/3)
//! that `l` exceeds.
//!
//! Where the pieces are: the chains, Nishio, forcing chains and nets are read off the chain
//! engine ([`super::implications`]; the forcing readings in [`super::forcing`], which the level
//! pass uses too), and the wings of four to six cells are in [`super::wings`]. Subsets, fish,
//! XY- and XYZ-wings and the uniqueness steps are the level pass's own, reused as they are;
//! singles, locked candidates and the "direct" techniques are here, as SE orders and rates them.
//!
//! Uniqueness: the unique rectangle (type 1) and BUG+1 steps are the level pass's own
//! ([`super::uniqueness`]), so like there they run only once the givens were counted to have one
//! solution; SE assumes it, and on the puzzles it rates the two agree.
//!
//! The estimate is made for classic 9x9 grids (SE's domain); it runs on any layout up to 9x9
//! with the same rules, and larger layouts get the highest published weight of the level pass's
//! techniques instead (see [`super::Technique::se_weight`]).

use super::candidates::{bit, Candidates};
use super::implications::{Engine, Mode};
use super::{fish, guess, subsets, uniqueness, wings, Step};
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
    Ok(run(puzzle, budget, MAX_LEVEL)?.map(|probe| SeOutcome { rating: probe.rating, solved: probe.solved }))
}

/// What a pass capped at a chaining level found ([`probe_se`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Probe {
    /// The rating of the steps made (rounded to tenths).
    pub(crate) rating: f32,
    /// The sum of the ratings of the steps from 6.0 up (a finer measure of the work).
    pub(crate) effort: f32,
    /// Whether the pass stopped at a step that needs a chaining level above the cap.
    pub(crate) beyond: bool,
    pub(crate) solved: bool,
}

/// The SE pass with the dynamic chaining levels capped at `cap` ([`super::nested`]): it stops at
/// the first step that needs more (`beyond`), so that the generator can look for such puzzles
/// without paying for the levels above.
pub(crate) fn probe_se(puzzle: &Sudoku, budget: &Budget, cap: u8) -> Result<Option<Probe>, GaveUp> {
    run(puzzle, budget, cap)
}

fn run(puzzle: &Sudoku, budget: &Budget, cap: u8) -> Result<Option<Probe>, GaveUp> {
    if puzzle.layout().size() > 9 || !puzzle.is_consistent() {
        return Ok(None);
    }
    let mut grid = Candidates::new(puzzle);
    grid.set_quiet();
    grid.check_unique_within(budget);
    let mut pass = Pass {
        solution: None,
        budget,
        worst: 0.0,
        gave_up: None,
        floor: 0,
        level: 0,
        cap,
        beyond: false,
        soft: std::time::Instant::now() + SOFT_BUDGET,
    };
    let mut effort = 0.0;
    while !grid.is_full() {
        if let Some(reason) = budget.check_clock() {
            return Err(reason);
        }
        if grid.is_broken() {
            break;
        }
        // Past the soft budget, a step starts at the chaining level the last one needed.
        pass.floor = if std::time::Instant::now() > pass.soft { pass.level } else { 0 };
        pass.level = 0;
        let Some((rating, step)) = next(&grid, &mut pass) else {
            if let Some(reason) = pass.gave_up {
                return Err(reason);
            }
            break;
        };
        if rating >= 6.0 {
            effort += rating;
        }
        pass.worst = pass.worst.max(rating);
        grid.apply(&step);
    }
    let solved = grid.is_full() && grid.grid().is_solved();
    let rating = (pass.worst * 10.0).round() / 10.0;
    Ok(Some(Probe { rating, effort, beyond: pass.beyond, solved }))
}

/// The highest of SE's chaining levels emulated ([`super::nested`]): 4, nested dynamic chains
/// (10.5 + length).
const MAX_LEVEL: u8 = 4;

/// The rating of a step that no emulated level finds (a trial stands for SE's deeper nesting).
const TRIAL: f32 = 11.0;

/// After this long a puzzle's pass skips, at each step, the chaining levels below the one the
/// step before needed (a failed search of a level is the bulk of the time on the hardest
/// puzzles, and consecutive steps mostly need the same level). The rating is then an estimate
/// that can only be higher than the full pass's. Figures in docs/se-rating.md.
const SOFT_BUDGET: std::time::Duration = std::time::Duration::from_millis(2000);

/// The state of one SE pass between steps.
struct Pass<'a> {
    /// The solution, once a trial needed it.
    solution: Option<Vec<u8>>,
    budget: &'a Budget,
    /// The highest rating of the steps so far.
    worst: f32,
    /// Why a nested level's search stopped, if the budget ran out.
    gave_up: Option<GaveUp>,
    /// The lowest dynamic chaining level this step tries (0: all).
    floor: u8,
    /// The chaining level the step found needed (0 for any other technique).
    level: u8,
    /// The highest dynamic chaining level tried, and whether a step needed more.
    cap: u8,
    beyond: bool,
    /// When [`SOFT_BUDGET`] runs out.
    soft: std::time::Instant,
}

/// A technique of the level pass, reused here.
type Finder = fn(&Candidates) -> Option<Step>;

/// A pointing or claiming: its rating, the house the digit is locked in, the house it leaves,
/// the digit and the eliminations.
type Locking = (f32, usize, usize, u8, Vec<(usize, u8)>);

/// The next step in SE's order, with its rating.
fn next(grid: &Candidates, pass: &mut Pass) -> Option<(f32, Step)> {
    let budget = pass.budget;
    let worst = pass.worst;
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
    if let Some((step, c)) = wings::bent_wing(grid, 4) {
        return Some((5.5 + (1.0 - (3.0 - c).abs()) / 10.0, step));
    }
    if let Some(step) = uniqueness::bug_plus_one(grid) {
        return Some((5.6, step));
    }
    if let Some(found) = engine.chains(Mode::X, 10) {
        return Some((5.9, found.1));
    }
    if let Some((step, c)) = wings::bent_wing(grid, 5) {
        return Some((6.2 + (2.0 - (3.0 - c).abs()) / 10.0, step));
    }
    if let Some((step, _)) = wings::bent_wing(grid, 6) {
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
    // Dynamic forcing chains (level 0), dynamic forcing chains (+) and nested forcing chains
    // (levels 1 to 4, [`super::nested`]).
    engine.budget = Some(budget);
    for level in pass.floor..=MAX_LEVEL.min(pass.cap) {
        engine.level = level;
        let base = 8.5 + 0.5 * f32::from(level);
        engine.enough = enough(worst, base);
        if let Some((c, step)) = engine.forcing(true) {
            pass.level = level;
            return Some((base + length_term(c), step));
        }
        if let Some(reason) = engine.gave_up.or_else(|| budget.check_clock()) {
            pass.gave_up = Some(reason);
            return None;
        }
    }
    if pass.cap < MAX_LEVEL {
        pass.beyond = true;
        return None;
    }
    pass.level = MAX_LEVEL;
    trial(grid, &mut pass.solution, budget).map(|step| (TRIAL, step))
}

/// The longest chain whose rating at `base` does not exceed `worst` (0 when none): a step that
/// short cannot raise the rating, so the search may take the first one it finds instead of the
/// shortest. SE would take the shortest; the rating is the same, the next grids may differ.
fn enough(worst: f32, base: f32) -> usize {
    if base > worst + 1e-4 {
        return 0;
    }
    let mut c = 0;
    while base + length_term(c + 1) <= worst + 1e-4 && c < 100_000 {
        c += 1;
    }
    c
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
    Some(Step::bare_placing(cell, s[cell]))
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
            return Some((1.0, Step::bare_placing(cell, d)));
        }
    }
    let order = (2 * n..3 * n).chain(n..2 * n).chain(0..n).chain(3 * n..houses);
    for h in order {
        for d in 1..=n as u8 {
            let p = grid.positions(h, d);
            if p.count_ones() == 1 {
                let cell = grid.house_cell(h, p.trailing_zeros() as usize);
                let rating = if (2 * n..3 * n).contains(&h) { 1.2 } else { 1.5 };
                return Some((rating, Step::bare_placing(cell, d)));
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
    lockings(grid).into_iter().next().map(|(rating, _, _, _, e)| (rating, Step::bare_eliminating(e)))
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
            return Some((if rating < 2.7 { 1.7 } else { 1.9 }, Step::bare_eliminating(eliminations)));
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
            return Some(Step::bare_eliminating(eliminations));
        }
    }
    None
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
