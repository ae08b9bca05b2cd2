//! The exact-cover search as a [`Tree`]: prefixes are the options chosen at the first levels, as
//! the parallel split makes them (with multiplicities, a level may also have chosen no more
//! options for its item, Algorithm M's leave branch: its item's header node).

use rand_pcg::Pcg64Mcg;

use super::{sha256_hex, Instance, Split, Tree};
use crate::budget::{Budget, GaveUp};
use crate::problem::Problem;
use crate::search::{Count, Engine, Outcome, Solver, Stats, Step};

/// A [`Problem`] counted on one engine, cut into prefixes for shards.
#[derive(Debug, Clone)]
pub struct CoverTree<'p> {
    problem: &'p Problem,
    /// The resolved engine (never [`Engine::Auto`]): the tree, and so the split, depend on it.
    engine: Engine,
}

impl<'p> CoverTree<'p> {
    /// The deepest cut (as in [`ParallelSearch`](crate::ParallelSearch)).
    pub const MAX_SPLIT_DEPTH: usize = 12;

    /// `problem`'s tree on `engine` ([`Engine::Auto`] resolves as a [`Solver`] would).
    pub fn new(problem: &'p Problem, engine: Engine) -> Self {
        CoverTree { problem, engine: Solver::new(problem).with_engine(engine).engine() }
    }

    /// The engine that counts.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// One level's choice as a number that depends only on the problem: the option, or for a
    /// node that is an item's header (a leave branch of Algorithm M: no more options for that
    /// item), the item numbered after the options.
    fn choice_key(&self, choice: u32) -> u32 {
        match self.engine {
            Engine::Bitset => choice,
            _ => {
                let (items, options) = (self.problem.item_count() as u32, self.problem.option_count() as u32);
                if choice <= items {
                    options + choice
                } else {
                    self.problem.node_option(choice).0
                }
            }
        }
    }

    fn solver(&self) -> Solver<'p> {
        Solver::new(self.problem).with_engine(self.engine)
    }

    /// The subtree below `prefix` cut at `depth`: the prefixes reached there, and the solutions
    /// and nodes above it (the prefix's own levels are fixed, not counted).
    fn cut(&self, prefix: &[u32], depth: usize, budget: &Budget) -> Result<Split<Vec<u32>>, GaveUp> {
        let mut solver = self.solver().with_budget(budget.without_nodes());
        solver.fix_prefix(prefix);
        solver.set_depth_limit(depth);
        let mut prefixes = Vec::new();
        let mut top_solutions = 0;
        loop {
            match solver.advance() {
                Step::Leaf => prefixes.push(solver.prefix_nodes()),
                Step::Solution => top_solutions += 1,
                Step::Exhausted => break,
                Step::GaveUp(reason) => return Err(reason),
            }
        }
        Ok(Split { depth, prefixes, top_solutions, top_nodes: solver.stats().nodes })
    }
}

impl Tree for CoverTree<'_> {
    /// The choice at each level: a node of the links (an item's header for Algorithm M's leave
    /// branch), or an option for the bitset engine.
    type Prefix = Vec<u32>;

    fn instance(&self) -> Instance {
        Instance {
            kind: "xc".to_owned(),
            hash: sha256_hex(crate::to_text(self.problem).as_bytes()),
            engine: self.engine.name().to_owned(),
        }
    }

    fn split(&self, target: usize, budget: &Budget) -> Result<Split<Vec<u32>>, GaveUp> {
        // Deeper until there are enough prefixes; a small tree that never has that many is cut
        // where it has the most (not below its leaves, where there would be none to share).
        let mut best: Option<Split<Vec<u32>>> = None;
        for depth in 1..=Self::MAX_SPLIT_DEPTH {
            let split = self.cut(&[], depth, budget)?;
            if split.prefixes.len() >= target {
                return Ok(split);
            }
            let fewer = best.as_ref().is_some_and(|b| b.prefixes.len() >= split.prefixes.len());
            if split.prefixes.is_empty() || fewer {
                break;
            }
            best = Some(split);
        }
        match best {
            Some(best) => Ok(best),
            None => self.cut(&[], 1, budget),
        }
    }

    fn expand(&self, prefix: &Vec<u32>, budget: &Budget) -> Option<Result<Split<Vec<u32>>, GaveUp>> {
        Some(self.cut(prefix, prefix.len() + 1, budget))
    }

    fn key(&self, prefix: &Vec<u32>) -> Vec<u32> {
        prefix.iter().map(|&choice| self.choice_key(choice)).collect()
    }

    /// Choice by choice, as the search makes them: at each level the item the search branches
    /// on, and among the options it would enter there, the one whose key is the next number (no
    /// sibling is searched, no level is cut). A key the search does not make is an error.
    fn prefix(&self, key: &[u32]) -> Result<Vec<u32>, String> {
        let mut solver = self.solver();
        let mut prefix = Vec::with_capacity(key.len());
        for (level, &want) in key.iter().enumerate() {
            match solver.enter_child(|choice| self.choice_key(choice) == want) {
                Some(choice) => prefix.push(choice),
                None => {
                    return Err(format!(
                        "the search makes no choice {want} at level {level} below {:?}",
                        &key[..level]
                    ))
                }
            }
        }
        Ok(prefix)
    }

    fn probe(&self, prefix: &Vec<u32>, rng: &mut Pcg64Mcg) -> f64 {
        self.probe_within(prefix, rng, &Budget::unlimited()).unwrap_or(0.0)
    }

    fn probe_within(&self, prefix: &Vec<u32>, rng: &mut Pcg64Mcg, budget: &Budget) -> Result<f64, GaveUp> {
        if let Some(reason) = budget.check_clock() {
            return Err(reason);
        }
        let mut solver = self.solver().with_budget(budget.without_nodes());
        solver.fix_prefix(prefix);
        Ok(solver.probe(rng)?.nodes)
    }

    fn count(&self, prefix: &Vec<u32>, budget: &Budget) -> Count {
        let mut solver = self.solver().with_budget(budget.clone());
        if let Some(reason) = solver.checkpoint() {
            return Count { solutions: 0, outcome: Outcome::GaveUp(reason), stats: Stats::default() };
        }
        solver.fix_prefix(prefix);
        let mut solutions = 0;
        let outcome = loop {
            match solver.advance() {
                Step::Solution => solutions += 1,
                Step::Leaf => unreachable!("no depth limit below a prefix"),
                Step::Exhausted => break Outcome::Exhausted,
                Step::GaveUp(reason) => break Outcome::GaveUp(reason),
            }
        };
        Count { solutions, outcome, stats: solver.stats() }
    }
}
