//! What every generator's builder shares, written once: the level asked for, the number of
//! attempts, the budget ([`Settings`] and the builder methods of [`generator_settings!`]), and the
//! attempt loop ([`Settings::run`]): attempt `i` draws from its own seed (`mix(seed, i)`, so one
//! attempt's randomness never shifts another's and a seed always makes the same puzzle), the
//! clock is read before each attempt, and a puzzle of the wrong level is thrown away.
//!
//! Why a macro for the builder methods rather than a trait with default methods: a trait would
//! have to be imported wherever a generator is built (`Generator::new(6)?.difficulty(..)` would
//! stop compiling in every caller), and the methods would not show on the generator's own page.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tessera_xc::{Budget, GaveUp};

use crate::common::seed::mix;
use crate::common::Made;
use crate::common::Puzzle;

/// The settings every generator has.
#[derive(Debug, Clone)]
pub(crate) struct Settings<L> {
    /// Only puzzles of this level; any level when `None`.
    pub(crate) difficulty: Option<L>,
    /// Attempts before giving up (at least 1).
    pub(crate) attempts: u32,
    /// The whole generation's deadline and cancel flag, and each search's node limit.
    pub(crate) budget: Budget,
}

impl<L: Copy + PartialEq> Settings<L> {
    /// Any level, `attempts` attempts, no budget.
    pub(crate) fn new(attempts: u32) -> Self {
        Settings { difficulty: None, attempts: attempts.max(1), budget: Budget::unlimited() }
    }

    /// The budget of each search inside an attempt: the caller's node limit, or `nodes` when it
    /// gave none (so that one hopeless uniqueness count costs an attempt, not the generation).
    pub(crate) fn search_budget(&self, nodes: u64) -> Budget {
        match self.budget.nodes() {
            Some(_) => self.budget.clone(),
            None => self.budget.clone().with_nodes(nodes),
        }
    }

    /// Whether a puzzle of `level` is one to keep.
    pub(crate) fn wants(&self, level: L) -> bool {
        self.difficulty.is_none_or(|wanted| wanted == level)
    }

    /// The attempt loop. `attempt` makes one puzzle from its generator of random numbers, with its
    /// solution and level, `Ok(None)` to try again (a dead end, a search that ran out of nodes),
    /// or an error that ends the generation (the clock, the cancel flag). After the last attempt:
    /// [`GaveUp::NodeLimit`].
    pub(crate) fn run<P: Puzzle>(
        &self,
        seed: u64,
        mut attempt: impl FnMut(&mut Pcg64Mcg) -> Result<Option<(P, P::Solution, L)>, GaveUp>,
    ) -> Result<Made<P, L>, GaveUp> {
        for index in 0..self.attempts {
            if let Some(reason) = self.budget.check_clock() {
                return Err(reason);
            }
            let mut rng = Pcg64Mcg::seed_from_u64(mix(seed, u64::from(index)));
            let Some((puzzle, solution, level)) = attempt(&mut rng)? else { continue };
            if self.wants(level) {
                return Ok(Made { puzzle, solution, seed, level, attempts: index + 1 });
            }
        }
        Err(GaveUp::NodeLimit)
    }
}

/// The builder methods `difficulty`, `level`, `attempts` and `budget` of a generator whose settings are
/// its field `settings` ([`Settings`]); `$level` is its level type and `$attempts` the default
/// number of attempts, as the docs should print it.
macro_rules! generator_settings {
    ($level:ty, $attempts:literal) => {
        /// Only puzzles the rater puts at exactly this level.
        pub fn difficulty(mut self, level: $level) -> Self {
            self.settings.difficulty = Some(level);
            self
        }

        /// Only puzzles at this level, or at any level for `None`.
        pub fn level(mut self, level: Option<$level>) -> Self {
            self.settings.difficulty = level;
            self
        }

        #[doc = concat!("At most this many attempts before giving up (at least 1; default ", $attempts, ").")]
        pub fn attempts(mut self, attempts: u32) -> Self {
            self.settings.attempts = attempts.max(1);
            self
        }

        /// The budget of the whole generation (its deadline and cancel flag) and of each search in
        /// it (its node limit).
        pub fn budget(mut self, budget: tessera_xc::Budget) -> Self {
            self.settings.budget = budget;
            self
        }
    };
}
pub(crate) use generator_settings;
