//! Solving like a person: named techniques, hints and difficulty ratings, for every layout
//! (4x4 to 25x25, boxes or jigsaw regions, Sudoku X).
//!
//! # Method
//!
//! A [`Candidates`] grid keeps the pencil marks: a `u32` per cell (bit `d - 1` for digit `d`)
//! and, per house and digit, the mask of the house's cells that can take it. Every technique is
//! a function that looks for one [`Step`] on the current marks and states it over the layout's
//! houses (rows, columns, regions, diagonals), so nothing is special to 9x9. The solver tries
//! the techniques in the order of [`Technique`] (easiest and cheapest first), applies the first
//! step found, and starts again from the top: every step is made by the easiest technique that
//! applies at that moment, like Simon Tatham's Solo and QQwing grade. Each step removes a
//! candidate or fills a cell, so solving ends.
//!
//! | technique | what it finds |
//! |---|---|
//! | full house, hidden single, naked single | a cell's digit |
//! | pointing, claiming | locked candidates: a house's digit confined to an intersection |
//! | naked / hidden pair, triple, quad | subsets in any house |
//! | X-wing, swordfish, jellyfish | basic fish over rows and columns |
//! | finned X-wing, swordfish, jellyfish | fish with fins (sashimi included), each right after its basic size |
//! | XY-wing, XYZ-wing, W-wing | short bivalue patterns |
//! | unique rectangle types 1, 2, 4; BUG+1 | uniqueness: only on puzzles with one solution (below) |
//! | simple colouring | one digit's conjugate pairs, two colours: wrap and trap |
//! | X-chain, XY-chain, AIC | alternating inference chains by breadth-first search, bounded length |
//! | ALS-XZ | two almost locked sets with a restricted common digit (grids up to 11x11) |
//! | forcing chain | static cell, region and double forcing chains, contradictions (9x9 and smaller) |
//! | forcing net | dynamic forcing chains and Nishio: singles made on the way continue the chains |
//! | guess | bifurcation, when nothing else applies |
//!
//! Every step is sound: it holds in every solution of the marks it was found on (the tests check
//! each placement and elimination against the true solution). The uniqueness techniques (unique
//! rectangles, BUG+1) reason from the promise of a single solution, so they are used only when
//! the grid's placed digits have been counted to have exactly one completion
//! ([`Candidates::check_unique`]: a count to two by the fast solver, which [`rate`],
//! [`solve_logically`], the generator's test and the hints make first; a grid built by
//! [`Candidates::new`] alone leaves them off; grids over 81 cells are not counted, so they stay
//! off there). On a puzzle with several solutions they stay off, so its rating is still honest:
//! every step holds in every solution. The SE estimate (below) uses unique rectangles and BUG+1
//! too, as Sudoku Explainer does.
//!
//! # Levels
//!
//! A puzzle's [`Difficulty`] is the level of the hardest technique its solve used:
//!
//! | level | allows |
//! |---|---|
//! | easy | full house, hidden single, naked single |
//! | medium | + pointing and claiming (locked candidates) |
//! | hard | + naked and hidden pairs, triples, quads |
//! | expert | + X-wing, swordfish, jellyfish (basic, finned, sashimi), XY-wing, XYZ-wing, W-wing, unique rectangles, BUG+1 |
//! | extreme | + simple colouring, X-chains, XY-chains, AICs, ALS-XZ |
//! | fiendish | + forcing chains (static) |
//! | diabolical | + forcing nets (dynamic chains) and guessing |
//!
//! Because the easiest technique is always taken first, the hardest one used is the least
//! needed: `solve_logically(p, level.max_technique())` solves `p` exactly when `rate(p)` is at
//! that level or easier.
//!
//! # Scoring and guesses
//!
//! [`Rating::se`] estimates the puzzle's Sudoku Explainer rating (the community's scale): a
//! second pass solves the puzzle in SE's order with SE's ratings (hidden singles in boxes before
//! lines, "direct" techniques, strong links, wings up to six cells, unique rectangles, BUG+1,
//! chains rated by length, Nishio, forcing chains and nets); see the `se` module and
//! docs/se-rating.md for the method and its agreement with SE. Its chains, Nishio, forcing
//! chains and nets come from a chain engine of their own (`implications`, with the forcing
//! readings in `forcing`, which the level pass's forcing chains and nets use too).
//!
//! [`Rating::score`] orders puzzles as `se` does and breaks its ties by effort: the estimate in
//! tenths times 10,000, plus the sum of [`Technique::weight`] over all steps (capped at 9,999).
//! The weights: singles 1 to 3, locked candidates 10–12, subsets 20–45, fish and wings 60–90,
//! finned fish and uniqueness 65–115, colouring and chains 120–180, ALS-XZ 200, forcing chains 250, nets
//! 350, a guess 500.
//!
//! When nothing else applies, the solve guesses: it takes the empty cell with the fewest
//! candidates (a bivalue cell if any), checks by backtracking that every other candidate leads
//! to a contradiction, places the digit that survives, and continues logically. Such a puzzle is
//! diabolical; [`Rating::guesses`] counts these bifurcations. Rating runs quietly (no explanation
//! text, no check of the other candidates), so that rating whole files is cheap (figures in
//! docs/performance.md).
//!
//! ```
//! use std::sync::Arc;
//! use tessera::sudoku::{logic, Layout, Sudoku};
//! let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
//! let digits = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
//! let puzzle = Sudoku::from_digits(Arc::new(Layout::classic(9).unwrap()), digits).unwrap();
//! let rating = logic::rate(&puzzle);
//! assert!(rating.solved);
//! assert_eq!(rating.difficulty, logic::Difficulty::Easy);
//! let hint = logic::hint(&puzzle).unwrap();
//! println!("{}: {}", hint.technique, hint.explanation);
//! ```

mod als;
mod candidates;
mod chains;
mod colouring;
mod explain;
mod fish;
mod forcing;
mod guess;
mod implications;
mod inner;
mod intersections;
mod nested;
mod se;
mod singles;
mod solver;
mod subsets;
mod technique;
mod uniqueness;
mod wings;

pub use candidates::Candidates;
pub(crate) use se::probe_se;
pub use solver::{find, hint, hint_with_candidates, next_step, rate, rate_within, solve_logically};
pub(crate) use solver::{rate_level_within, solves_within, with_se};
pub use technique::{Difficulty, Technique};

/// One deduction: what it places and removes, where to look, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The technique that found it.
    pub technique: Technique,
    /// Digits placed: `(cell, digit)`.
    pub placements: Vec<(usize, u8)>,
    /// Candidates removed: `(cell, digit)`.
    pub eliminations: Vec<(usize, u8)>,
    /// The cells of the pattern, to highlight (the target of a single; the pair, the fish, the
    /// wing or the chain).
    pub cells: Vec<usize>,
    /// The houses of the pattern, as indices into [`Layout::houses`](crate::sudoku::Layout::houses).
    pub houses: Vec<usize>,
    /// A sentence a player can follow, naming cells as `r4c7`.
    pub explanation: String,
    /// For an alternating inference chain (X-chain, XY-chain, AIC): its nodes `(cell, digit)` in
    /// order, `a0 = a1 - a2 = a3 ... = ak`, the links alternating strong and weak from a strong
    /// one, so that a front end can draw it; empty for every other step.
    pub chain: Vec<(usize, u8)>,
}

impl Step {
    /// A step that only removes candidates: the pattern's cells and houses, and why.
    fn eliminating(
        technique: Technique,
        eliminations: Vec<(usize, u8)>,
        cells: Vec<usize>,
        houses: Vec<usize>,
        explanation: String,
    ) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations,
            cells,
            houses,
            explanation,
            chain: Vec::new(),
        }
    }

    /// A step that only removes candidates, with no pattern and no explanation: for the SE pass
    /// and the chain engine, where only the change counts (a forcing step of the level pass is
    /// named and explained afterwards, [`forcing::forcing_step`]).
    fn bare_eliminating(eliminations: Vec<(usize, u8)>) -> Step {
        Step::eliminating(Technique::Guess, eliminations, Vec::new(), Vec::new(), String::new())
    }

    /// A step that places `d` in `cell`, with no pattern and no explanation (as
    /// [`Self::bare_eliminating`]).
    fn bare_placing(cell: usize, d: u8) -> Step {
        Step::placing(Technique::Guess, cell, d, Vec::new(), String::new())
    }

    fn placing(technique: Technique, cell: usize, d: u8, houses: Vec<usize>, explanation: String) -> Step {
        Step {
            technique,
            placements: vec![(cell, d)],
            eliminations: Vec::new(),
            cells: vec![cell],
            houses,
            explanation,
            chain: Vec::new(),
        }
    }
}

/// How hard a puzzle is, and what solving it took.
#[derive(Debug, Clone, PartialEq)]
pub struct Rating {
    /// The level of the hardest technique used; `Diabolical` when the puzzle was not solved.
    pub difficulty: Difficulty,
    /// The SE estimate in tenths times 10,000 plus the sum of the weights of every step, capped
    /// at 9,999 (see the module header): orders puzzles like `se`, ties broken by effort.
    pub score: u32,
    /// An estimate of the puzzle's Sudoku Explainer rating (SE, the community's scale, 1.0 to
    /// about 11), one decimal, by a pass that solves in SE's order with SE's ratings (module
    /// header). Layouts over 9x9 get the highest [`Technique::se_weight`] among the level pass's
    /// steps instead. 0.0 for a full grid.
    pub se: f32,
    /// The hardest technique used (`None` for a full grid).
    pub hardest: Option<Technique>,
    /// Steps taken, guesses included.
    pub steps: usize,
    /// Each technique used, easiest first, with how many times.
    pub techniques: Vec<(Technique, usize)>,
    /// Guesses (bifurcations) made.
    pub guesses: usize,
    /// Whether the grid was completed. `false` when the givens clash or the puzzle has no
    /// solution.
    pub solved: bool,
}
