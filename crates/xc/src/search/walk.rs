//! The state machine of the search (the module header of `search` draws it), written once for
//! every engine.
//!
//! An engine supplies its [`Moves`]: whether every primary item is covered, how to branch on an
//! item, how to try a level's next option, and how to take an option back. The loop owns the
//! rest: the depth limit of a parallel split, the node budget, Knuth's node count, solutions, the
//! periodic checkpoint, and the per-level stacks ([`Levels`]) that let a search stop at an event
//! and resume. [`run`] is generic, and every `Moves` method is `#[inline(always)]`, so each engine
//! gets its own loop with its moves inlined, as if written out by hand.

use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;

use super::control::Control;
use super::outcome::Stats;
use crate::budget::{Budget, GaveUp};

/// Where the loop is: about to enter a level, trying a level's options, or going back up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum State {
    Enter,
    Try,
    Backup,
    Done,
}

/// What one call to [`Solver::advance`](super::Solver::advance) found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// A solution: the options chosen at levels `0..level`.
    Solution,
    /// A node at the depth limit (parallel splitting): the choices at `0..depth` are a prefix.
    Leaf,
    /// No more solutions.
    Exhausted,
    /// The budget ran out.
    GaveUp(GaveUp),
}

/// What trying a level's current option came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Tried {
    /// The option is committed: enter the next level.
    Entered,
    /// The option was passed over without a node (the look-ahead); the level has moved on to its
    /// next option.
    Skipped,
    /// The level has no option left, and its item is uncovered again: back up.
    NoMore,
}

/// One engine's moves in the loop. Each method is called for one `level` and must be
/// `#[inline(always)]`: the loop is the search's hot path.
pub(super) trait Moves {
    /// Whether every primary item is covered at `level`.
    fn all_covered(&self, level: usize) -> bool;

    /// Chooses the item `level` branches on, covers it and sets up the level's options in
    /// `levels` (`item`, `width`, `tried`, `choice`); `false` if there is no option to try.
    fn branch(&mut self, levels: &mut Levels, stats: &mut Stats, level: usize) -> bool;

    /// Tries the level's current option.
    fn try_option(&mut self, levels: &mut Levels, stats: &mut Stats, level: usize) -> Tried;

    /// Takes back the option `level` committed and moves the level on to its next option.
    fn retreat(&mut self, levels: &mut Levels, level: usize);

    /// For a random probe, after [`branch`](Self::branch): how many of the level's options the
    /// search would enter, when the engine knows without trying them (it enters every option
    /// it lists); `None` makes the probe try each one.
    #[inline(always)]
    fn degree(&self, _levels: &Levels, _level: usize) -> Option<u32> {
        None
    }

    /// For a random probe, after [`branch`](Self::branch): enters the `pick`-th (from 0) of the
    /// options the search would enter, trying and taking back the ones before it.
    #[inline(always)]
    fn enter_nth(&mut self, levels: &mut Levels, stats: &mut Stats, level: usize, pick: u32) {
        let mut index = 0;
        loop {
            match self.try_option(levels, stats, level) {
                Tried::Entered if index == pick => return,
                Tried::Entered => {
                    index += 1;
                    self.retreat(levels, level);
                }
                Tried::Skipped => {}
                Tried::NoMore => unreachable!("a probe picks among the options the level enters"),
            }
        }
    }
    /// After [`branch`](Self::branch): enters the first of the level's options the search would
    /// enter whose node (or option, for the bitset engine) satisfies `wanted`, trying and taking
    /// back the ones before it; `false` (the level exhausted) if there is none. `in_order`: the
    /// level's `choice` is a position in `order`, not the node itself.
    #[inline(always)]
    fn enter_matching(
        &mut self,
        levels: &mut Levels,
        stats: &mut Stats,
        level: usize,
        in_order: bool,
        wanted: &mut dyn FnMut(u32) -> bool,
    ) -> Option<u32> {
        loop {
            match self.try_option(levels, stats, level) {
                Tried::Entered => {
                    let choice = levels.choice[level];
                    let node = if in_order { levels.order[choice as usize] } else { choice };
                    if wanted(node) {
                        return Some(node);
                    }
                    self.retreat(levels, level);
                }
                Tried::Skipped => {}
                Tried::NoMore => return None,
            }
        }
    }
}

/// The per-level stacks: what each level branched on and which option it is trying.
#[derive(Debug, Clone, Default)]
pub(super) struct Levels {
    /// The item each level branched on.
    pub(super) item: Vec<u32>,
    /// The node each level is trying (dancing links, declaration order) or its position in
    /// `order` (random order, and always for the bitset engine).
    pub(super) choice: Vec<u32>,
    /// The options of each level's item in the order they are tried, from `order_start[level]`,
    /// when that order is a list of its own (random order, bitset engine).
    pub(super) order: Vec<u32>,
    pub(super) order_start: Vec<u32>,
    /// Progress estimate: how many options each level has tried, out of how many.
    pub(super) tried: Vec<u32>,
    pub(super) width: Vec<u32>,
    /// With a seed: the generator of each level's random order.
    pub(super) rng: Option<Pcg64Mcg>,
}

impl Levels {
    /// Makes room for `level`, the first time the search gets that deep.
    #[inline(always)]
    pub(super) fn grow(&mut self, level: usize) {
        if level == self.item.len() {
            self.item.push(0);
            self.choice.push(0);
            self.order_start.push(0);
            self.tried.push(0);
            self.width.push(0);
        }
    }

    /// Shuffles the options pushed on `order` from `start` (if the search has a seed) and makes
    /// them `level`'s list; returns `start`, the position of the first.
    #[inline(always)]
    pub(super) fn shuffle_from(&mut self, level: usize, start: usize) -> u32 {
        if let Some(rng) = self.rng.as_mut() {
            self.order[start..].shuffle(rng);
        }
        self.order_start[level] = start as u32;
        start as u32
    }

    /// The option at `level`'s current position in `order`, or `None` (the list is dropped) when
    /// the level has tried them all.
    #[inline(always)]
    pub(super) fn current_in_order(&mut self, level: usize) -> Option<u32> {
        let position = self.choice[level] as usize;
        let start = self.order_start[level] as usize;
        if position == start + self.width[level] as usize {
            self.order.truncate(start);
            None
        } else {
            Some(self.order[position])
        }
    }
}

/// A search's position and counters: the state of the loop, the level stacks, the work done.
#[derive(Debug, Clone)]
pub(super) struct Walk {
    pub(super) state: State,
    pub(super) level: usize,
    /// Levels below `base` were fixed before the search (a parallel subproblem's prefix).
    pub(super) base: usize,
    /// Stop at this level and report a [`Step::Leaf`] (prefix enumeration).
    pub(super) depth_limit: usize,
    pub(super) levels: Levels,
    pub(super) stats: Stats,
    pub(super) solutions: u64,
    pub(super) gave_up: Option<GaveUp>,
}

impl Walk {
    pub(super) fn new(rng: Option<Pcg64Mcg>) -> Self {
        Walk {
            state: State::Enter,
            level: 0,
            base: 0,
            depth_limit: usize::MAX,
            levels: Levels { rng, ..Levels::default() },
            stats: Stats::default(),
            solutions: 0,
            gave_up: None,
        }
    }

    /// Knuth's estimate of the fraction of the tree explored so far, in `0.0..=1.0`.
    pub(super) fn progress_estimate(&self) -> f64 {
        if self.state == State::Done {
            return 1.0;
        }
        let levels = &self.levels;
        let mut fraction = 0.0;
        let mut scale = 1.0;
        for level in self.base..self.level.min(levels.width.len()) {
            let width = f64::from(levels.width[level].max(1));
            fraction += scale * f64::from(levels.tried[level]) / width;
            scale /= width;
        }
        fraction + scale / 2.0
    }

    /// Knuth's step C2 up to the item choice, the same for every engine: stop at the depth limit
    /// (a prefix for the parallel search), spend the node budget, count the node (Knuth counts a
    /// level where a solution is found as a node too), report a solution when no primary item
    /// is left, and look at the clock every [`Budget::CHECK_INTERVAL`] nodes. `Some` ends the
    /// step with this state and result; `None` goes on to choose an item.
    #[inline(always)]
    fn enter(
        &mut self,
        control: &mut Control,
        level: usize,
        all_covered: bool,
        node_limit: u64,
    ) -> Option<(State, Step)> {
        if level == self.depth_limit && !all_covered {
            return Some((State::Backup, Step::Leaf));
        }
        if self.stats.nodes >= node_limit {
            return Some((State::Done, Step::GaveUp(GaveUp::NodeLimit)));
        }
        self.stats.nodes += 1;
        if all_covered {
            self.solutions += 1;
            return Some((State::Backup, Step::Solution));
        }
        if self.stats.nodes % Budget::CHECK_INTERVAL == 0 {
            self.level = level;
            if let Some(reason) = control.checkpoint(self) {
                return Some((State::Done, Step::GaveUp(reason)));
            }
        }
        None
    }
}

/// What the loop tells an observer (the trace) at each step of Knuth's algorithm, with the
/// moves as they are at that point; each method returns `true` to stop the search
/// ([`GaveUp::Cancelled`]). The moves are passed in so that an observer can read the engine's
/// state (the links) without holding it.
pub(super) trait Observe<M> {
    /// `level` has chosen and covered its item (`levels.item[level]`).
    fn branched(&mut self, moves: &M, walk: &Walk, level: usize) -> bool;
    /// `level` has committed its current option.
    fn entered(&mut self, moves: &M, walk: &Walk, level: usize) -> bool;
    /// `level` is about to take back its current option.
    fn retreating(&mut self, moves: &M, walk: &Walk, level: usize) -> bool;
    /// `level` has no option left and has uncovered its item.
    fn exhausted(&mut self, moves: &M, walk: &Walk, level: usize) -> bool;
}

/// The observer of every search but a trace: each method is a constant `false`, so the loop
/// compiles as if it had none.
pub(super) struct NoObserve;

impl<M> Observe<M> for NoObserve {
    #[inline(always)]
    fn branched(&mut self, _: &M, _: &Walk, _: usize) -> bool {
        false
    }
    #[inline(always)]
    fn entered(&mut self, _: &M, _: &Walk, _: usize) -> bool {
        false
    }
    #[inline(always)]
    fn retreating(&mut self, _: &M, _: &Walk, _: usize) -> bool {
        false
    }
    #[inline(always)]
    fn exhausted(&mut self, _: &M, _: &Walk, _: usize) -> bool {
        false
    }
}

/// Runs the search to its next event with these moves.
pub(super) fn run<M: Moves>(moves: &mut M, walk: &mut Walk, control: &mut Control) -> Step {
    run_observed(moves, walk, control, &mut NoObserve)
}

/// [`run`], telling `observer` each step.
pub(super) fn run_observed<M: Moves, O: Observe<M>>(
    moves: &mut M,
    walk: &mut Walk,
    control: &mut Control,
    observer: &mut O,
) -> Step {
    let node_limit = control.budget.nodes().unwrap_or(u64::MAX);
    let mut level = walk.level;
    let mut state = walk.state;
    let step = loop {
        match state {
            State::Enter => {
                if let Some((next, step)) = walk.enter(control, level, moves.all_covered(level), node_limit) {
                    state = next;
                    break step;
                }
                walk.levels.grow(level);
                state = if moves.branch(&mut walk.levels, &mut walk.stats, level) {
                    State::Try
                } else {
                    State::Backup
                };
                if observer.branched(moves, walk, level) {
                    state = State::Done;
                    break Step::GaveUp(GaveUp::Cancelled);
                }
            }
            State::Try => match moves.try_option(&mut walk.levels, &mut walk.stats, level) {
                Tried::Entered => {
                    if observer.entered(moves, walk, level) {
                        state = State::Done;
                        break Step::GaveUp(GaveUp::Cancelled);
                    }
                    level += 1;
                    state = State::Enter;
                }
                Tried::Skipped => {}
                Tried::NoMore => {
                    state = State::Backup;
                    if observer.exhausted(moves, walk, level) {
                        state = State::Done;
                        break Step::GaveUp(GaveUp::Cancelled);
                    }
                }
            },
            State::Backup => {
                if level <= walk.base {
                    state = State::Done;
                    break Step::Exhausted;
                }
                level -= 1;
                if observer.retreating(moves, walk, level) {
                    state = State::Done;
                    break Step::GaveUp(GaveUp::Cancelled);
                }
                moves.retreat(&mut walk.levels, level);
                walk.levels.tried[level] += 1;
                state = State::Try;
            }
            State::Done => {
                break match walk.gave_up {
                    Some(reason) => Step::GaveUp(reason),
                    None => Step::Exhausted,
                };
            }
        }
    };
    walk.level = level;
    walk.state = state;
    if let Step::GaveUp(reason) = step {
        walk.gave_up = Some(reason);
    }
    step
}

/// Levels a probe walks between two looks at the clock.
pub(super) const PROBE_CHECK_LEVELS: usize = 16;

/// What one random probe saw: Knuth's estimates of the subtree's nodes and solutions.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Probe {
    /// `1 + d1 + d1·d2 + …` for the branching degrees `d1, d2, …` met on the way down.
    pub(crate) nodes: f64,
    /// `d1·d2·…·dk` if the path ends at a solution, else 0.
    pub(crate) solutions: f64,
}

/// One of Knuth's random probes (TAOCP 7.2.2, "Estimating the running time", after Knuth 1975):
/// from the current level, choose the item as the search would, count the options the search
/// would enter (the look-ahead's skipped ones are not nodes), descend into one of them chosen
/// uniformly, and so on down to a solution or a dead end. The products of the degrees are
/// unbiased estimates of the subtree's node and solution counts.
///
/// An engine that enters every option it lists (the bitset engine) gives the degree at once and
/// enters the chosen option directly. Otherwise (the look-ahead of the links) each level is tried
/// twice: a first pass counts the options entered (taking each back), a second enters the chosen
/// one, because the moves cannot keep one option while trying another.
/// The moves are left in the middle of the tree: the solver is thrown away afterwards.
///
/// `budget`'s clock and cancel flag are read every [`PROBE_CHECK_LEVELS`] levels: one probe of
/// a big instance (200,000 options) walks thousands of levels, each scanning every item, and
/// runs for seconds on its own. A probe cut short is no estimate at all (`Err`): keeping its
/// partial sum would bias the mean towards shallow paths.
pub(super) fn probe<M: Moves>(
    moves: &mut M,
    walk: &mut Walk,
    rng: &mut Pcg64Mcg,
    budget: &Budget,
) -> Result<Probe, GaveUp> {
    use rand::Rng;
    let mut level = walk.level;
    let mut weight = 1.0;
    let mut seen = Probe::default();
    loop {
        if (level - walk.level) % PROBE_CHECK_LEVELS == 0 {
            if let Some(reason) = budget.check_clock() {
                return Err(reason);
            }
        }
        seen.nodes += weight;
        if moves.all_covered(level) {
            seen.solutions = weight;
            return Ok(seen);
        }
        walk.levels.grow(level);
        if !moves.branch(&mut walk.levels, &mut walk.stats, level) {
            return Ok(seen);
        }
        let degree = match moves.degree(&walk.levels, level) {
            Some(degree) => degree,
            None => {
                // Count the options entered, taking each back; the moves are then back where
                // they were before `branch`, which branches again on the same item.
                let mut entered = 0u32;
                loop {
                    match moves.try_option(&mut walk.levels, &mut walk.stats, level) {
                        Tried::Entered => {
                            entered += 1;
                            moves.retreat(&mut walk.levels, level);
                        }
                        Tried::Skipped => {}
                        Tried::NoMore => break,
                    }
                }
                if entered > 0 {
                    moves.branch(&mut walk.levels, &mut walk.stats, level);
                }
                entered
            }
        };
        if degree == 0 {
            return Ok(seen);
        }
        let pick = rng.random_range(0..degree);
        moves.enter_nth(&mut walk.levels, &mut walk.stats, level, pick);
        weight *= f64::from(degree);
        level += 1;
    }
}

/// Enters one child of the current level directly: the search's item choice there, then the
/// first option it would enter whose node satisfies `wanted` (no sibling subtree is searched).
/// The level entered becomes fixed, as a prefix's levels are. `None` if the level is a solution,
/// a dead end, or has no such option; the moves are then left in the middle of the tree.
pub(super) fn enter_child<M: Moves>(
    moves: &mut M,
    walk: &mut Walk,
    in_order: bool,
    wanted: &mut dyn FnMut(u32) -> bool,
) -> Option<u32> {
    let level = walk.level;
    if moves.all_covered(level) {
        return None;
    }
    walk.levels.grow(level);
    if !moves.branch(&mut walk.levels, &mut walk.stats, level) {
        return None;
    }
    let node = moves.enter_matching(&mut walk.levels, &mut walk.stats, level, in_order, wanted)?;
    // Fixed as `fix_prefix` fixes a level: its choice is the node itself.
    walk.levels.choice[level] = node;
    walk.levels.width[level] = 1;
    walk.level = level + 1;
    walk.base = level + 1;
    Some(node)
}
