//! The search as a sequence of events, for people who want to watch it ([`Solver::trace`]): the
//! Learn view of the web game, `tessera xc solve --trace` and Python's `ExactCover.trace` all
//! read this one hook.
//!
//! The events are Knuth's steps as his DLX1 takes them: choose an item (the fewest options, the
//! first of ties), cover it, try one of its options and cover that option's other items (in his
//! cyclic order, from the item after the chosen one), and on the way back uncover them in the
//! reverse order, uncover the item when its options run out and go back up a level. A trace
//! always runs DLX1, whatever engine the solver was given: the lesson is Algorithm X on dancing
//! links, and DLX1's node and update counts are the ones `tessera xc count --stats --engine dlx1`
//! (and Knuth's program) print, so a reader can check one against the other.
//!
//! The events are derived in the loop's observer ([`walk::Observe`]) from the level stacks and
//! the problem's own description of each option, not recorded inside the links: the hot loop of
//! every other search is compiled with an observer that does nothing.

use std::ops::ControlFlow;

use super::dance::DanceMoves;
use super::outcome::{Count, Outcome};
use super::solver::{Core, Engine, Solver};
use super::walk::{run_observed, Observe, Step, Walk};
use crate::budget::GaveUp;
use crate::error::Error;
use crate::problem::{ItemId, OptionId, Problem};

/// One step of the search, as [`Solver::trace`] reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum TraceEvent<'a> {
    /// `level` chose `item`, the primary item with the fewest options left (the first in
    /// declaration order among ties); `options` are its options, in the order they will be tried.
    Choose {
        /// The depth of the search tree, from 0.
        level: usize,
        /// The item chosen.
        item: ItemId,
        /// Its options left, in the order they will be tried.
        options: &'a [OptionId],
    },
    /// An item is covered: its column leaves the matrix, and every other option that uses it is
    /// unlinked from the other columns. First the chosen item, then each other item of the
    /// option tried.
    Cover {
        /// The depth of the search tree.
        level: usize,
        /// The item covered.
        item: ItemId,
    },
    /// `level` tries `option`: its other items are covered next.
    Try {
        /// The depth of the search tree.
        level: usize,
        /// The option tried.
        option: OptionId,
    },
    /// An item is uncovered, relinked as it was: on the way back, the other items of the option
    /// taken back (in the reverse order of their covers), then the level's item when it has no
    /// option left.
    Uncover {
        /// The depth of the search tree.
        level: usize,
        /// The item uncovered.
        item: ItemId,
    },
    /// `level` has tried all its options: the search goes back up.
    Backtrack {
        /// The depth of the search tree.
        level: usize,
        /// The level's item had no option at all: a dead end.
        dead_end: bool,
    },
    /// Every primary item is covered: the options chosen, in level order.
    Solution {
        /// The options of the solution.
        options: &'a [OptionId],
    },
}

/// The search's counters after an event: Knuth's nodes and updates, and the solutions found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TraceCounts {
    /// Nodes of the search tree entered so far.
    pub nodes: u64,
    /// Links removed so far (Knuth's "updates").
    pub updates: u64,
    /// Solutions found so far.
    pub solutions: u64,
}

impl TraceEvent<'_> {
    /// The event's name in the JSON form: `choose`, `cover`, `try`, `uncover`, `backtrack` or
    /// `solution`.
    pub fn name(&self) -> &'static str {
        match self {
            TraceEvent::Choose { .. } => "choose",
            TraceEvent::Cover { .. } => "cover",
            TraceEvent::Try { .. } => "try",
            TraceEvent::Uncover { .. } => "uncover",
            TraceEvent::Backtrack { .. } => "backtrack",
            TraceEvent::Solution { .. } => "solution",
        }
    }

    /// The event as one JSON object, with the counters after it: items by name, options by their
    /// index in declaration order (a `try` also gives the option's item names, and its label if
    /// it has one; a `solution` its options' lines in Knuth's format). The CLI prints these one a line; Python hands them over as dicts.
    pub fn to_json(&self, problem: &Problem, counts: TraceCounts) -> serde_json::Value {
        use serde_json::{json, Map, Value};
        let mut object = Map::new();
        object.insert("event".into(), json!(self.name()));
        let indices = |options: &[OptionId]| json!(options.iter().map(|o| o.index()).collect::<Vec<_>>());
        match *self {
            TraceEvent::Choose { level, item, options } => {
                object.insert("level".into(), json!(level));
                object.insert("item".into(), json!(problem.item_name(item)));
                object.insert("options".into(), indices(options));
            }
            TraceEvent::Cover { level, item } | TraceEvent::Uncover { level, item } => {
                object.insert("level".into(), json!(level));
                object.insert("item".into(), json!(problem.item_name(item)));
            }
            TraceEvent::Try { level, option } => {
                object.insert("level".into(), json!(level));
                object.insert("option".into(), json!(option.index()));
                let items: Vec<&str> =
                    problem.option_items(option).map(|(item, _)| problem.item_name(item)).collect();
                object.insert("items".into(), json!(items));
                if let Some(label) = problem.option_label(option) {
                    object.insert("label".into(), json!(label));
                }
            }
            TraceEvent::Backtrack { level, dead_end } => {
                object.insert("level".into(), json!(level));
                object.insert("dead_end".into(), json!(dead_end));
            }
            TraceEvent::Solution { options } => {
                object.insert("options".into(), indices(options));
                let lines: Vec<String> = options.iter().map(|&option| problem.option_line(option)).collect();
                object.insert("lines".into(), json!(lines));
            }
        }
        object.insert("nodes".into(), json!(counts.nodes));
        object.insert("updates".into(), json!(counts.updates));
        object.insert("solutions".into(), json!(counts.solutions));
        Value::Object(object)
    }
}

/// The observer that turns the loop's steps into [`TraceEvent`]s for the caller's function.
pub(super) struct Tracer<'p, F> {
    problem: &'p Problem,
    report: F,
    /// Reused for each `Choose`'s options.
    options: Vec<OptionId>,
}

impl<F: FnMut(&TraceEvent<'_>, TraceCounts) -> ControlFlow<()>> Tracer<'_, F> {
    fn emit(&mut self, event: TraceEvent<'_>, walk: &Walk) -> bool {
        let counts =
            TraceCounts { nodes: walk.stats.nodes, updates: walk.stats.updates, solutions: walk.solutions };
        (self.report)(&event, counts).is_break()
    }

    /// The node `level` is trying (a position in the level's `order` with a seed).
    fn node(walk: &Walk, level: usize) -> u32 {
        let levels = &walk.levels;
        let choice = levels.choice[level];
        if levels.rng.is_some() {
            levels.order[choice as usize]
        } else {
            choice
        }
    }

    /// The other items of the option `level` is trying, in the order DLX1 covers them: from the
    /// one after the level's item, round to the one before it.
    fn others(&self, walk: &Walk, level: usize) -> impl DoubleEndedIterator<Item = ItemId> + '_ {
        let option = self.problem.node_option(Self::node(walk, level));
        let chosen = header_item(walk.levels.item[level]);
        let items: Vec<ItemId> = self.problem.option_items(option).map(|(item, _)| item).collect();
        let at = items.iter().position(|&item| item == chosen).unwrap_or(0);
        let mut cyclic = items[at + 1..].to_vec();
        cyclic.extend_from_slice(&items[..at]);
        cyclic.into_iter()
    }
}

/// The item whose header is at `x` in the links (the root is 0, items from 1).
fn header_item(x: u32) -> ItemId {
    ItemId(x - 1)
}

impl<const COLORED: bool, F> Observe<DanceMoves<'_, COLORED, false>> for Tracer<'_, F>
where
    F: FnMut(&TraceEvent<'_>, TraceCounts) -> ControlFlow<()>,
{
    fn branched(&mut self, moves: &DanceMoves<'_, COLORED, false>, walk: &Walk, level: usize) -> bool {
        let x = walk.levels.item[level];
        let mut options = std::mem::take(&mut self.options);
        options.clear();
        if walk.levels.rng.is_some() {
            let start = walk.levels.order_start[level] as usize;
            options.extend(walk.levels.order[start..].iter().map(|&node| self.problem.node_option(node)));
        } else {
            let links = moves.links();
            let mut p = links.down(x);
            while p != x {
                options.push(self.problem.node_option(p));
                p = links.down(p);
            }
        }
        let item = header_item(x);
        let stop = self.emit(TraceEvent::Choose { level, item, options: &options }, walk)
            || self.emit(TraceEvent::Cover { level, item }, walk);
        self.options = options;
        stop
    }

    fn entered(&mut self, _: &DanceMoves<'_, COLORED, false>, walk: &Walk, level: usize) -> bool {
        let option = self.problem.node_option(Self::node(walk, level));
        if self.emit(TraceEvent::Try { level, option }, walk) {
            return true;
        }
        let others: Vec<ItemId> = self.others(walk, level).collect();
        others.into_iter().any(|item| self.emit(TraceEvent::Cover { level, item }, walk))
    }

    fn retreating(&mut self, _: &DanceMoves<'_, COLORED, false>, walk: &Walk, level: usize) -> bool {
        let others: Vec<ItemId> = self.others(walk, level).collect();
        others.into_iter().rev().any(|item| self.emit(TraceEvent::Uncover { level, item }, walk))
    }

    fn exhausted(&mut self, _: &DanceMoves<'_, COLORED, false>, walk: &Walk, level: usize) -> bool {
        let item = header_item(walk.levels.item[level]);
        let dead_end = walk.levels.width[level] == 0;
        self.emit(TraceEvent::Uncover { level, item }, walk)
            || self.emit(TraceEvent::Backtrack { level, dead_end }, walk)
    }
}

impl Solver<'_> {
    /// Runs Knuth's DLX1 on the problem and calls `report` with each step of the search and the
    /// counters after it, until `limit` solutions have been found, the tree is exhausted, the
    /// solver's [`Budget`](crate::Budget) runs out, or `report` returns
    /// [`ControlFlow::Break`] ([`GaveUp::Cancelled`]). The solver's engine is ignored (see the
    /// module header); its seed, if any, orders each level's options as it would any search.
    ///
    /// A problem with multiplicities (Algorithm M) is not traced: [`Error::Unsupported`]. So is
    /// a solver that has already searched.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// let problem = tessera_xc::parse("a b\na\nb\na b\n").unwrap();
    /// let mut names = Vec::new();
    /// let count = problem
    ///     .solver()
    ///     .trace(u64::MAX, |event, _| {
    ///         names.push(event.name());
    ///         ControlFlow::Continue(())
    ///     })
    ///     .unwrap();
    /// assert_eq!(count.solutions, 2);
    /// assert_eq!(names[..4], ["choose", "cover", "try", "choose"]);
    /// ```
    pub fn trace<F>(&mut self, limit: u64, report: F) -> Result<Count, Error>
    where
        F: FnMut(&TraceEvent<'_>, TraceCounts) -> ControlFlow<()>,
    {
        if self.problem.has_multiplicities() {
            return Err(Error::Unsupported { what: "a trace of a problem with multiplicities" });
        }
        if !matches!(self.core, Core::Unprepared) {
            return Err(Error::Unsupported { what: "a trace of a solver that has already searched" });
        }
        self.engine = Engine::Dlx1;
        self.prepare();
        let mut tracer = Tracer { problem: self.problem, report, options: Vec::new() };
        let mut found = 0;
        let mut solution = Vec::new();
        let outcome = loop {
            if found >= limit {
                break Outcome::LimitReached;
            }
            let (walk, control) = (&mut self.walk, &mut self.control);
            let random = walk.levels.rng.is_some();
            let step = match (&mut self.core, self.colored) {
                (Core::Links(dance), true) => {
                    run_observed(&mut dance.moves::<true, false>(random), walk, control, &mut tracer)
                }
                (Core::Links(dance), false) => {
                    run_observed(&mut dance.moves::<false, false>(random), walk, control, &mut tracer)
                }
                _ => unreachable!("a trace runs DLX1 on the links"),
            };
            match step {
                Step::Solution => {
                    found += 1;
                    self.solution_into(&mut solution);
                    let walk = &self.walk;
                    let counts = TraceCounts {
                        nodes: walk.stats.nodes,
                        updates: walk.stats.updates,
                        solutions: walk.solutions,
                    };
                    if (tracer.report)(&TraceEvent::Solution { options: &solution }, counts).is_break() {
                        break Outcome::GaveUp(GaveUp::Cancelled);
                    }
                }
                Step::Leaf => unreachable!("no depth limit outside the parallel search"),
                Step::Exhausted => break Outcome::Exhausted,
                Step::GaveUp(reason) => break Outcome::GaveUp(reason),
            }
        };
        self.publish_final();
        Ok(Count { solutions: found, outcome, stats: self.stats() })
    }
}
