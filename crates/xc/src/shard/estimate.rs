//! `tessera xc estimate`: how big a tree is before counting it, by Knuth's random probes from the
//! root (the estimator the shards balance with), and how long it would take, from the search's
//! speed on this machine measured for a moment.
//!
//! # When the estimate is "unknown"
//!
//! Each probe's product of branching degrees is an unbiased estimate, and so is their mean; but
//! an unbiased number can still say nothing. A probe reaches a solution only if every random
//! choice on its way down was a good one: on the 6x10 pentomino rectangle, hardly one probe in
//! thousands does, so the mean of the solutions is exactly 0 while the tree holds 9,356. On a big
//! random instance the products pass the largest `f64`, and the mean is infinite. So each figure
//! is reported only when the probes can tell ([`Estimate::nodes_known`],
//! [`Estimate::solutions_known`]):
//!
//! * it is finite;
//! * at least [`MIN_HITS`] probes contributed to it (for the solutions: reached one), so that the
//!   standard error is itself measured, not a guess from a handful of values;
//! * its standard error is at most [`MAX_RELATIVE_ERROR`] of the mean: the mean is then at
//!   least two standard errors from 0, a "within a factor of about 2, in most runs" statement.
//!
//! Otherwise it is `unknown`, with the reason. The figure printed is always the plain mean of
//! every probe (the unbiased estimator), never a mean of the probes that "worked".
//!
//! # Budget
//!
//! Probes and the measuring run read the budget's clock and cancel flag (a probe every few
//! levels: one probe of a 200,000-option instance can take seconds). The probes that finished
//! before a deadline are not a fair sample (the long ones are missing, and they tend to be the
//! big ones), so running out of time during the probes gives up, saying how many were made.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::budget::{Budget, GaveUp};
use crate::problem::Problem;
use crate::search::{Engine, Outcome, Solver};

/// Probes at least that must contribute to a figure for it to be reported.
pub const MIN_HITS: u64 = 10;
/// The largest standard error, as a fraction of the mean, of a figure reported.
pub const MAX_RELATIVE_ERROR: f64 = 0.5;

/// Knuth's estimates of a tree, with their spread.
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    /// The engine measured (never "auto").
    pub engine: Engine,
    /// Probes made.
    pub probes: u64,
    /// Mean of the probes' node estimates.
    pub nodes: f64,
    /// Standard error of that mean.
    pub nodes_error: f64,
    /// Mean of the probes' solution estimates.
    pub solutions: f64,
    /// Standard error of that mean.
    pub solutions_error: f64,
    /// How many probes reached a solution.
    pub solution_probes: u64,
    /// Nodes per second of the real search, measured on one thread for up to the given time.
    pub nodes_per_second: f64,
    /// `Some` when the measuring run finished the whole tree: the exact count and nodes.
    pub exact: Option<(u64, u64)>,
}

/// The probes ran out of time or were cancelled: `done` of `asked` were made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("gave up ({reason}) after {done} of {asked} probes")]
pub struct EstimateGaveUp {
    /// Why.
    pub reason: GaveUp,
    /// Probes finished.
    pub done: u64,
    /// Probes asked for.
    pub asked: u64,
}

impl Estimate {
    /// The estimated nodes, or why the probes cannot tell.
    pub fn nodes_known(&self) -> Result<f64, String> {
        known(self.nodes, self.nodes_error, self.probes, self.probes, "the nodes")
    }

    /// The estimated solutions, or why the probes cannot tell. The exact count, when the
    /// measuring run finished the tree, is in [`exact`](Self::exact) either way.
    pub fn solutions_known(&self) -> Result<f64, String> {
        known(self.solutions, self.solutions_error, self.solution_probes, self.probes, "a solution")
    }

    /// The estimated time of a count on one thread, in seconds, or why it is unknown.
    pub fn seconds_known(&self) -> Result<f64, String> {
        let nodes = self.nodes_known()?;
        if self.nodes_per_second > 0.0 {
            Ok(nodes / self.nodes_per_second)
        } else {
            Err("the search's speed could not be measured (no time was left)".to_owned())
        }
    }

    /// The estimated time of a count on one thread, in seconds (0 when the speed is unknown).
    pub fn seconds(&self) -> f64 {
        if self.nodes_per_second > 0.0 {
            self.nodes / self.nodes_per_second
        } else {
            0.0
        }
    }
}

/// `mean` if [`MIN_HITS`] of the `probes` contributed, it is finite and its error at most
/// [`MAX_RELATIVE_ERROR`] of it; else the reason (`what` the probes reached).
fn known(mean: f64, error: f64, hits: u64, probes: u64, what: &str) -> Result<f64, String> {
    if !mean.is_finite() {
        return Err(format!(
            "the probes' products of branching degrees pass {:.1e}, the largest number they can hold",
            f64::MAX
        ));
    }
    if hits < MIN_HITS {
        return Err(format!(
            "only {hits} of {probes} probes reached {what}: too few to tell (at least {MIN_HITS} must; \
             try more --probes)"
        ));
    }
    // A NaN error (no spread measured) fails this test too.
    let close = error.partial_cmp(&(MAX_RELATIVE_ERROR * mean)).is_some_and(std::cmp::Ordering::is_le);
    if !close {
        return Err(format!(
            "the probes disagree too much: {mean:.3e} ± {error:.1e} (one standard error), more than \
             {MAX_RELATIVE_ERROR} of the mean; try more --probes"
        ));
    }
    Ok(mean)
}

/// The fields as `xc estimate --json` writes them: `engine`, `probes`, `nodes`, `nodes_error`,
/// `solutions`, `solutions_error`, `solution_probes`, `nodes_per_second`, `seconds` (the
/// estimated time), and `exact_solutions` and `exact_nodes` when the measuring run finished the
/// tree. A figure the probes cannot tell is `null`, with its reason in `nodes_unknown`,
/// `solutions_unknown` or `seconds_unknown`; an infinite error (a single probe) is `null`.
impl serde::Serialize for Estimate {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let finite = |x: f64| x.is_finite().then_some(x);
        let mut out = serializer.serialize_struct("Estimate", 14)?;
        out.serialize_field("engine", self.engine.name())?;
        out.serialize_field("probes", &self.probes)?;
        let mut figure = |name: &'static str, unknown: &'static str, value: Result<f64, String>| {
            out.serialize_field(name, &value.as_ref().ok())?;
            if let Err(reason) = &value {
                out.serialize_field(unknown, reason)?;
            }
            Ok(())
        };
        figure("nodes", "nodes_unknown", self.nodes_known())?;
        figure("solutions", "solutions_unknown", self.solutions_known())?;
        figure("seconds", "seconds_unknown", self.seconds_known())?;
        out.serialize_field("nodes_error", &finite(self.nodes_error))?;
        out.serialize_field("solutions_error", &finite(self.solutions_error))?;
        out.serialize_field("solution_probes", &self.solution_probes)?;
        out.serialize_field("nodes_per_second", &self.nodes_per_second)?;
        if let Some((solutions, nodes)) = self.exact {
            out.serialize_field("exact_solutions", &solutions)?;
            out.serialize_field("exact_nodes", &nodes)?;
        }
        out.end()
    }
}

/// Estimates `problem`'s tree on `engine` with `probes` probes from `seed` (at least one), and
/// measures the search's speed for up to `measure` (stopping early if the tree ends). No budget:
/// see [`estimate_within`].
pub fn estimate(problem: &Problem, engine: Engine, probes: u64, seed: u64, measure: Duration) -> Estimate {
    let unlimited = Budget::unlimited();
    estimate_within(problem, engine, probes, seed, measure, &unlimited).expect("no budget, no giving up")
}

/// [`estimate`] within `budget`'s clock and cancel flag: the probes give up when it runs out,
/// and the speed is measured for `measure` or until the deadline, whichever comes first.
pub fn estimate_within(
    problem: &Problem,
    engine: Engine,
    probes: u64,
    seed: u64,
    measure: Duration,
    budget: &Budget,
) -> Result<Estimate, EstimateGaveUp> {
    let budget = budget.without_nodes();
    let engine = Solver::new(problem).with_engine(engine).engine();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let probes = probes.max(1);
    let (mut nodes, mut nodes2, mut solutions, mut solutions2) = (0.0, 0.0, 0.0, 0.0);
    let mut solution_probes = 0;
    for done in 0..probes {
        let seen = Solver::new(problem)
            .with_engine(engine)
            .with_budget(budget.clone())
            .probe(&mut rng)
            .map_err(|reason| EstimateGaveUp { reason, done, asked: probes })?;
        nodes += seen.nodes;
        nodes2 += seen.nodes * seen.nodes;
        solutions += seen.solutions;
        solutions2 += seen.solutions * seen.solutions;
        solution_probes += u64::from(seen.solutions > 0.0);
    }
    let n = probes as f64;
    let error = |sum: f64, squares: f64| {
        if probes < 2 {
            return f64::INFINITY;
        }
        let mean = sum / n;
        ((squares / n - mean * mean).max(0.0) / (n - 1.0)).sqrt()
    };
    let started = Instant::now();
    let until = match (started.checked_add(measure), budget.deadline()) {
        (Some(end), Some(deadline)) => end.min(deadline),
        (Some(end), None) => end,
        (None, deadline) => deadline.unwrap_or(started),
    };
    let mut solver = Solver::new(problem).with_engine(engine).with_budget(budget.with_deadline(until));
    let count = solver.count_all();
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    Ok(Estimate {
        engine,
        probes,
        nodes: nodes / n,
        nodes_error: error(nodes, nodes2),
        solutions: solutions / n,
        solutions_error: error(solutions, solutions2),
        solution_probes,
        nodes_per_second: count.stats.nodes as f64 / seconds,
        exact: (count.outcome == Outcome::Exhausted).then_some((count.solutions, count.stats.nodes)),
    })
}

#[cfg(test)]
mod tests {
    use super::known;

    #[test]
    fn a_figure_is_known_only_when_the_probes_can_tell() {
        assert_eq!(known(100.0, 10.0, 50, 50, "x"), Ok(100.0));
        assert!(known(0.0, 0.0, 0, 1000, "a solution").unwrap_err().contains("only 0 of 1000"));
        assert!(known(f64::INFINITY, f64::NAN, 1000, 1000, "x").unwrap_err().contains("largest"));
        assert!(known(100.0, 80.0, 1000, 1000, "x").unwrap_err().contains("disagree"));
        assert!(known(100.0, f64::NAN, 1000, 1000, "x").is_err());
    }
}
