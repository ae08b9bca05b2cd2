//! `tessera xc count` and `tessera xc solve`: exact cover on a problem in Knuth's DLX format.
//!
//! Both read the problem ([`Input`]), build a [`Budget`] from `--max-nodes` and `--timeout`, run
//! one search (a [`Solver`] on one thread, with an optional seed; a [`ParallelSearch`] on more)
//! and report in plain text or as one JSON object ([`Report`]). `solve` prints each solution as
//! soon as it is found ([`Stream`]; under `--json` one JSON line each, then the report as the
//! last line) and keeps none; if standard output goes away (`| head`), a cancel flag in the
//! budget stops the search.

use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Result;
use serde::Serialize;
use tessera_xc::{Budget, Count, Engine, OptionId, Outcome, ParallelSearch, Problem, Progress, Solver};

use super::report::{note, plural, CountJson, CountKeys};
use super::stream::{write_lines, Stream};
use super::Status;
use crate::args::{CountArgs, EstimateArgs, SearchArgs, SolveArgs, XcPlanArgs};
use crate::input::Input;
use crate::progress::Indicator;

/// `tessera xc plan FILE --parts N [-o PLAN]`
pub fn plan(args: &XcPlanArgs) -> Result<Status> {
    if let Some(path) = &args.plan.output {
        super::shard::writable(path)?;
    }
    let input = Input::read_at_most(&args.file, crate::input::XC_FILE)?;
    let problem = input.parse()?;
    let tree = tessera_xc::shard::CoverTree::new(&problem, args.search.engine.engine().into());
    let budget = super::budget(&args.search.budget);
    let output = args.plan.output.as_deref();
    let stats = args.search.output.stats;
    super::shard::plan(&tree, args.plan.parts, output, args.threads.count(), &budget, stats)
}

/// `tessera xc count FILE`
pub fn count(args: &CountArgs) -> Result<Status> {
    let input = Input::read_at_most(&args.file, crate::input::XC_FILE)?;
    let problem = input.parse()?;
    if args.shard.runs_sharded(args.limit.is_none()) {
        let tree = tessera_xc::shard::CoverTree::new(&problem, args.search.engine.engine().into());
        let budget = super::budget(&args.search.budget);
        return super::shard::count(&tree, &args.shard, args.threads.count(), budget, &args.search.output);
    }
    let search = Search::new(&problem, &args.search, args.threads.count(), None);
    let progress = search.progress(&args.search);
    let start = Instant::now();
    let count = search.run(args.limit.unwrap_or(u64::MAX), progress.as_ref(), |_| {});
    let seconds = start.elapsed().as_secs_f64();
    if let Some((_, indicator)) = progress {
        indicator.stop();
    }

    let report = Report::new(&input.name, &count, seconds, &search, args.limit);
    if args.search.output.json() {
        print_line(&report.to_json()?)?;
    } else {
        match count.outcome {
            Outcome::Exhausted => writeln!(io::stdout(), "{}", count.solutions)?,
            Outcome::LimitReached => {
                writeln!(io::stdout(), "{}", count.solutions)?;
                note(&format!("stopped at --limit {}; there may be more solutions", count.solutions));
            }
            Outcome::GaveUp(reason) => note(&format!(
                "gave up ({reason}) after {} nodes and {seconds:.3} seconds: at least {}, exact count \
                 unknown",
                count.stats.nodes,
                plural(count.solutions, "solution", "solutions")
            )),
        }
    }
    Ok(finish(&args.search, &report, &count))
}

/// `tessera xc solve FILE`
pub fn solve(args: &SolveArgs) -> Result<Status> {
    let input = Input::read_at_most(&args.file, crate::input::XC_FILE)?;
    let problem = input.parse()?;
    if args.trace {
        return trace(args, &problem, &input.name);
    }
    let search = Search::new(&problem, &args.search, args.threads.count(), args.seed);
    let limit = if args.all { u64::MAX } else { args.limit };
    let shown_limit = (!args.all).then_some(limit);
    let start = Instant::now();

    let json = args.search.output.json();
    let stream = Stream::new(search.cancel.clone());
    let count = search.run(limit, None, |solution| {
        let lines = option_lines(&problem, solution);
        stream.item(|buffer, index| {
            write_lines(buffer, index, "options", lines.iter().map(String::as_str), json);
        });
    });
    let seconds = start.elapsed().as_secs_f64();
    // A closed pipe ends here, quietly (see `main`).
    stream.finish()?;
    let report = Report::new(&input.name, &count, seconds, &search, shown_limit);
    if json {
        print_line(&report.to_json()?)?;
        return Ok(finish(&args.search, &report, &count));
    }
    match count.outcome {
        Outcome::Exhausted if count.solutions == 0 => note("no solution"),
        Outcome::Exhausted | Outcome::LimitReached => {}
        Outcome::GaveUp(reason) => note(&format!(
            "gave up ({reason}) after {} nodes and {seconds:.3} seconds, having found {}",
            count.stats.nodes,
            plural(count.solutions, "solution", "solutions")
        )),
    }
    Ok(finish(&args.search, &report, &count))
}

/// `tessera xc solve FILE --trace`: every event of DLX1 as a JSON line on standard output, then
/// the `--stats` line there too, so that the whole run reads from one stream.
fn trace(args: &SolveArgs, problem: &Problem, name: &str) -> Result<Status> {
    use crate::args::EngineArg;
    if !matches!(args.search.engine.engine(), EngineArg::Auto | EngineArg::Dlx1) {
        note("--trace runs Knuth's DLX1, whatever --engine says");
    }
    let search = Search::new(problem, &args.search, 1, args.seed);
    let mut solver = Solver::new(problem).with_budget(search.budget.clone());
    if let Some(seed) = args.seed {
        solver = solver.with_seed(seed);
    }
    let limit = if args.all { u64::MAX } else { args.limit };
    let start = Instant::now();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut failed = None;
    let count = solver.trace(limit, |event, counts| {
        let line = event.to_json(problem, counts);
        match writeln!(out, "{line}") {
            Ok(()) => std::ops::ControlFlow::Continue(()),
            Err(error) => {
                failed = Some(error);
                std::ops::ControlFlow::Break(())
            }
        }
    })?;
    if let Some(error) = failed {
        return Err(error.into());
    }
    let seconds = start.elapsed().as_secs_f64();
    let report = Report { engine: "dlx1", ..Report::new(name, &count, seconds, &search, Some(limit)) };
    writeln!(out, "tessera: {}", report.stats_line())?;
    out.flush()?;
    if let Outcome::GaveUp(reason) = count.outcome {
        note(&format!("gave up ({reason}) after {} nodes", count.stats.nodes));
    }
    Ok(if count.gave_up() { Status::GaveUp } else { Status::Done })
}

/// The `xc estimate --json` object: the file, then the estimate's own fields.
#[derive(Debug, Serialize)]
struct EstimateReport<'a> {
    file: &'a str,
    #[serde(flatten)]
    estimate: &'a tessera_xc::shard::Estimate,
}

/// `tessera xc estimate FILE`
pub fn estimate(args: &EstimateArgs) -> Result<Status> {
    let budget = super::budget(&crate::args::BudgetArgs { max_nodes: None, timeout: args.timeout });
    let input = Input::read_at_most(&args.file, crate::input::XC_FILE)?;
    let problem = input.parse()?;
    let estimated = tessera_xc::shard::estimate_within(
        &problem,
        args.engine.engine().into(),
        args.probes,
        args.seed,
        args.measure,
        &budget,
    );
    let e = match estimated {
        Ok(e) => e,
        Err(gave_up) => {
            note(&format!("{gave_up}: no estimate (fewer probes, or a longer --timeout)"));
            return Ok(Status::GaveUp);
        }
    };
    if args.json.json {
        let report = EstimateReport { file: &input.name, estimate: &e };
        print_line(&serde_json::to_string(&report)?)?;
        return Ok(Status::Done);
    }
    let mut out = io::stdout().lock();
    match e.nodes_known() {
        Ok(nodes) => writeln!(out, "nodes ~ {nodes:.4e} (± {:.2e})", e.nodes_error)?,
        Err(reason) => writeln!(out, "nodes ~ unknown ({reason})")?,
    }
    match e.solutions_known() {
        Ok(solutions) => writeln!(out, "solutions ~ {solutions:.4e} (± {:.2e})", e.solutions_error)?,
        Err(reason) => writeln!(out, "solutions ~ unknown ({reason})")?,
    }
    let time = match e.seconds_known() {
        Ok(seconds) => format!("{seconds:.3} seconds"),
        Err(_) => "unknown".to_owned(),
    };
    writeln!(
        out,
        "time ~ {time} on one thread ({:.3e} nodes per second, engine {})",
        e.nodes_per_second,
        e.engine.name()
    )?;
    if let Some((solutions, nodes)) = e.exact {
        writeln!(out, "exact: {solutions} solutions, {nodes} nodes (the measuring run finished the tree)")?;
    }
    Ok(Status::Done)
}

/// One search as the options asked for it.
struct Search<'p> {
    problem: &'p Problem,
    threads: usize,
    seed: Option<u64>,
    engine: Engine,
    budget: Budget,
    /// Raised to stop the search early (standard output closed).
    cancel: Arc<AtomicBool>,
}

impl<'p> Search<'p> {
    /// Starts the clock of `--timeout`; `threads` is already resolved (never 0).
    fn new(problem: &'p Problem, args: &SearchArgs, threads: usize, seed: Option<u64>) -> Self {
        let cancel = Arc::new(AtomicBool::new(false));
        let budget = super::budget(&args.budget).with_cancel(cancel.clone());
        Search { problem, threads, seed, engine: args.engine.engine().into(), budget, cancel }
    }

    /// The name of the engine that runs (never "auto").
    fn engine_name(&self) -> &'static str {
        match Solver::new(self.problem).with_engine(self.engine).engine() {
            Engine::Dlx1 => "dlx1",
            Engine::Bitset => "bitset",
            _ => "links",
        }
    }

    /// Counters for a progress bar, when one can be shown (standard error is a terminal).
    fn progress(&self, args: &SearchArgs) -> Option<(Arc<Progress>, Indicator)> {
        use std::io::IsTerminal;
        if args.output.no_progress || !io::stderr().is_terminal() {
            return None;
        }
        let progress = Progress::new();
        let indicator = Indicator::start(progress.clone(), self.threads > 1);
        Some((progress, indicator))
    }

    /// Runs the search, calling `visit` with each solution until `limit`.
    fn run(
        &self,
        limit: u64,
        progress: Option<&(Arc<Progress>, Indicator)>,
        visit: impl Fn(&[OptionId]) + Sync,
    ) -> Count {
        let progress = progress.map(|(progress, _)| progress.clone());
        if self.threads == 1 {
            let mut solver =
                Solver::new(self.problem).with_engine(self.engine).with_budget(self.budget.clone());
            if let Some(seed) = self.seed {
                solver = solver.with_seed(seed);
            }
            if let Some(progress) = progress {
                solver = solver.with_progress(progress);
            }
            solver.visit_up_to(limit, visit)
        } else {
            let mut search = ParallelSearch::new(self.problem)
                .with_threads(self.threads)
                .with_engine(self.engine)
                .with_budget(self.budget.clone());
            if let Some(progress) = progress {
                search = search.with_progress(progress);
            }
            search.visit_up_to(limit, visit)
        }
    }
}

/// The lines of a solution's options, in the order the options appear in the input.
fn option_lines(problem: &Problem, solution: &[OptionId]) -> Vec<String> {
    let mut options = solution.to_vec();
    options.sort_unstable();
    options.into_iter().map(|option| problem.option_line(option)).collect()
}

/// The `--json` object: the core keys of every count ([`CountJson`]) with xc's own.
#[derive(Debug)]
struct Report<'a> {
    file: &'a str,
    count: Count,
    limit: Option<u64>,
    nodes: u64,
    updates: u64,
    seconds: f64,
    threads: usize,
    /// The engine that ran: "links", "dlx1" or "bitset".
    engine: &'static str,
}

impl<'a> Report<'a> {
    fn new(file: &'a str, count: &Count, seconds: f64, search: &Search<'_>, limit: Option<u64>) -> Self {
        Report {
            file,
            count: *count,
            limit,
            nodes: count.stats.nodes,
            updates: count.stats.updates,
            seconds,
            threads: search.threads,
            engine: search.engine_name(),
        }
    }
}

impl Report<'_> {
    /// What `--stats` prints (after `tessera: `).
    fn stats_line(&self) -> String {
        format!(
            "nodes={} updates={} seconds={:.3} threads={} engine={}",
            self.nodes, self.updates, self.seconds, self.threads, self.engine
        )
    }

    /// The object, in the order xc always wrote it.
    fn to_json(&self) -> Result<String> {
        CountJson::new(CountKeys::new(&self.count, self.seconds, self.threads, self.engine))
            .own("file", &self.file)?
            .core("solutions")?
            .core("outcome")?
            .core("reason")?
            .own_some("limit", self.limit)?
            .core("nodes")?
            .own("updates", &self.updates)?
            .finish()
    }
}

fn print_line(json: &str) -> Result<()> {
    let mut out = io::stdout().lock();
    writeln!(out, "{json}")?;
    out.flush()?;
    Ok(())
}

/// Prints `--stats` and turns the outcome into a status.
fn finish(args: &SearchArgs, report: &Report<'_>, count: &Count) -> Status {
    if args.output.stats {
        note(&report.stats_line());
    }
    if count.gave_up() {
        Status::GaveUp
    } else {
        Status::Done
    }
}
