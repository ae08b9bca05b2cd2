//! `tessera xc estimate`: how big a tree is before counting it, by Knuth's random probes from the
//! root (the estimator the shards balance with), and how long it would take, from the search's
//! speed on this machine measured for a moment.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::budget::Budget;
use crate::problem::Problem;
use crate::search::{Engine, Outcome, Solver};

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
    /// Nodes per second of the real search, measured on one thread for up to the given time.
    pub nodes_per_second: f64,
    /// `Some` when the measuring run finished the whole tree: the exact count and nodes.
    pub exact: Option<(u64, u64)>,
}

impl Estimate {
    /// The estimated time of a count on one thread, in seconds.
    pub fn seconds(&self) -> f64 {
        if self.nodes_per_second > 0.0 {
            self.nodes / self.nodes_per_second
        } else {
            0.0
        }
    }
}

/// The fields as `xc estimate --json` writes them: `engine`, `probes`, `nodes`, `nodes_error`,
/// `solutions`, `solutions_error`, `nodes_per_second`, `seconds` (the estimated time), and
/// `exact_solutions` and `exact_nodes` when the measuring run finished the tree. An infinite
/// error (a single probe) is `null`.
impl serde::Serialize for Estimate {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let finite = |x: f64| x.is_finite().then_some(x);
        let mut out = serializer.serialize_struct("Estimate", 10)?;
        out.serialize_field("engine", self.engine.name())?;
        out.serialize_field("probes", &self.probes)?;
        out.serialize_field("nodes", &self.nodes)?;
        out.serialize_field("nodes_error", &finite(self.nodes_error))?;
        out.serialize_field("solutions", &self.solutions)?;
        out.serialize_field("solutions_error", &finite(self.solutions_error))?;
        out.serialize_field("nodes_per_second", &self.nodes_per_second)?;
        out.serialize_field("seconds", &self.seconds())?;
        if let Some((solutions, nodes)) = self.exact {
            out.serialize_field("exact_solutions", &solutions)?;
            out.serialize_field("exact_nodes", &nodes)?;
        }
        out.end()
    }
}

/// Estimates `problem`'s tree on `engine` with `probes` probes from `seed` (at least one), and
/// measures the search's speed for up to `measure` (stopping early if the tree ends).
pub fn estimate(problem: &Problem, engine: Engine, probes: u64, seed: u64, measure: Duration) -> Estimate {
    let engine = Solver::new(problem).with_engine(engine).engine();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let probes = probes.max(1);
    let (mut nodes, mut nodes2, mut solutions, mut solutions2) = (0.0, 0.0, 0.0, 0.0);
    for _ in 0..probes {
        let seen = Solver::new(problem).with_engine(engine).probe(&mut rng);
        nodes += seen.nodes;
        nodes2 += seen.nodes * seen.nodes;
        solutions += seen.solutions;
        solutions2 += seen.solutions * seen.solutions;
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
    let mut solver =
        Solver::new(problem).with_engine(engine).with_budget(Budget::unlimited().with_timeout(measure));
    let count = solver.count_all();
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    Estimate {
        engine,
        probes,
        nodes: nodes / n,
        nodes_error: error(nodes, nodes2),
        solutions: solutions / n,
        solutions_error: error(solutions, solutions2),
        nodes_per_second: count.stats.nodes as f64 / seconds,
        exact: (count.outcome == Outcome::Exhausted).then_some((count.solutions, count.stats.nodes)),
    }
}
