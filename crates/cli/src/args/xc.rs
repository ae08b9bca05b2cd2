//! `tessera xc count` and `tessera xc solve`: exact cover on a file in Knuth's DLX format.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::{
    BudgetArgs, EngineArgs, JsonArg, OutputArgs, PlanArgs, ShardArgs, ThreadsArgs, PLAN_ABOUT,
    SEARCH_EXIT_CODES,
};

/// The keys of `xc count --json` and `xc solve --json`, in each one's long help.
const XC_JSON: &str = "With --json, one JSON object: \"file\", \"solutions\" (how many were found), \
    \"outcome\" (\"exhausted\": the count is exact; \"limit-reached\": --limit solutions were found, \
    there may be more; \"gave-up\": a budget ran out), \"reason\" (only when it gave up: \"max-nodes\" \
    or \"timeout\"), \"limit\" (when one applies), \"nodes\", \"updates\", \"seconds\" (of search), \
    \"threads\", \"engine\". `solve --json` prints JSON lines as it goes: one per solution as it is \
    found, {\"index\":1,\"options\":[...its option lines]}, then that object as the last line. A \
    closed standard output (`| head -1`) stops the search quietly, status 0. \
    --stats prints `tessera: nodes=N updates=U seconds=S threads=T engine=E` on standard error; with \
    `--engine dlx1` nodes and updates are Knuth's counts, equal to his DLX1/DLX2's on the same file.";

/// `tessera xc ...`
#[derive(Debug, Subcommand)]
pub enum XcCommand {
    /// Count the solutions of an exact-cover problem.
    #[command(
        long_about = format!(
            "Count the solutions of an exact-cover problem in Knuth's DLX format.\n\n\
            Prints the number of solutions on standard output, one line. With --limit the count \
            stops once it reaches that number (a note on standard error says so). If a budget runs \
            out, nothing is printed on standard output, standard error says how far the search got, \
            and the exit status is 3.\n\n\
            With --shard I/N it counts only shard I of N: the search tree is cut into prefixes (the \
            same cut on every machine), each prefix's subtree is estimated by Knuth's random probes, \
            and the prefixes are dealt to the N shards by estimated work. --manifest FILE records \
            what the shard covered; `tessera merge` adds the N manifests up after checking that \
            every prefix was counted exactly once. --checkpoint FILE saves finished prefixes as \
            the count goes, and a rerun with the same file resumes where it stopped (with or \
            without --shard). With --plan FILE --part I it counts part I of a plan made once by `xc \
            plan` (no planning here), or with --prefixes LIST any of its prefixes. With --json a \
            sharded count prints its manifest. docs/scale.md has \
            the whole story, with Slurm and Ray.\n\n{XC_JSON}"
        ),
        after_help = XC_COUNT_HELP
    )]
    Count(CountArgs),
    /// Find solutions of an exact-cover problem and print them.
    #[command(
        long_about = format!(
            "Find solutions of an exact-cover problem in Knuth's DLX format and print them.\n\n\
            Each solution is printed as the lines of its chosen options, exactly as Knuth's format \
            writes options (`name` or `name:colour`, separated by spaces), in the order they appear \
            in the input; solutions are separated by one blank line. Solutions come in search order \
            (with --threads above 1, in no fixed order) and are printed as they are found. With no \
            solution nothing is printed on standard output and a note goes to standard error (the \
            status is still 0).\n\n{XC_JSON}"
        ),
        after_help = SEARCH_EXIT_CODES
    )]
    Solve(SolveArgs),
    /// Estimate the size of an exact-cover problem's search tree and the time to count it.
    #[command(long_about = ESTIMATE_ABOUT, after_help = ESTIMATE_HELP)]
    Estimate(EstimateArgs),
    /// Plan a sharded count once: the prefixes, their estimated costs and their parts.
    #[command(long_about = PLAN_ABOUT, after_help = XC_PLAN_HELP)]
    Plan(XcPlanArgs),
}

/// Shown under `tessera xc plan --help`.
const XC_PLAN_HELP: &str = "\
Example:
  tessera xc plan crates/cli/tests/data/queens6.dlx --parts 2 -o /tmp/plan.json
  tessera xc count crates/cli/tests/data/queens6.dlx --plan /tmp/plan.json --part 0 --manifest /tmp/p0.json
  tessera xc count crates/cli/tests/data/queens6.dlx --plan /tmp/plan.json --part 1 --manifest /tmp/p1.json
  tessera merge /tmp/p0.json /tmp/p1.json

Exit status:
  0  the plan is written
  1  usage error or internal error
  2  bad input: the problem cannot be read, or the output cannot be written
  3  gave up: --max-nodes or --timeout ran out while planning";

/// Options of `tessera xc plan`.
#[derive(Debug, Args)]
pub struct XcPlanArgs {
    /// The problem, in Knuth's DLX format; `-` (the default) reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: PathBuf,

    #[command(flatten)]
    pub plan: PlanArgs,

    #[command(flatten)]
    pub threads: ThreadsArgs,

    #[command(flatten)]
    pub search: SearchArgs,
}

/// Shown under `tessera xc count --help`.
const XC_COUNT_HELP: &str = "\
Examples:
  tessera xc count crates/cli/tests/data/queens8.dlx --shard 0/2 --manifest /tmp/q8-0.json
  tessera xc count crates/cli/tests/data/queens8.dlx --shard 1/2 --manifest /tmp/q8-1.json
  tessera merge /tmp/q8-0.json /tmp/q8-1.json
  tessera xc count crates/cli/tests/data/queens8.dlx --checkpoint /tmp/q8.ckpt
  tessera xc plan crates/cli/tests/data/queens8.dlx --parts 2 -o /tmp/q8-plan.json
  tessera xc count crates/cli/tests/data/queens8.dlx --plan /tmp/q8-plan.json --part 0 --manifest /tmp/q8-p0.json

Exit status:
  0  success (including \"no solution\" and a count stopped by --limit)
  1  usage error or internal error
  2  bad input: a file cannot be read or is not valid (the message gives line and column),
     or the checkpoint is of another count
  3  gave up: --max-nodes or --timeout ran out before the answer was known (a checkpoint
     keeps what was finished)
  130, 143  stopped by SIGINT or SIGTERM: the checkpoint, if given, holds what was finished";

/// The long help of `tessera xc estimate`.
const ESTIMATE_ABOUT: &str = "Estimate how big an exact-cover problem's search tree is, and how \
    long counting its solutions would take on one thread, without counting them: Knuth's random \
    probes (TAOCP 7.2.2) walk from the root to a leaf choosing uniformly at each level, and the \
    products of the branching degrees are unbiased estimates of the number of nodes and of \
    solutions. The time is the estimated nodes over the search's speed, measured here by counting \
    for up to --measure seconds (if that finishes the tree, the exact figures are printed too). \
    The shards of `xc count --shard` are balanced with the same estimator.";

/// Shown under `tessera xc estimate --help`.
const ESTIMATE_HELP: &str = "\
Prints `nodes ~ N (± E)`, `solutions ~ S (± E)` and `time ~ T seconds on one thread` (± is
one standard error of the mean over the probes), or `unknown` with the reason when the probes
cannot tell: fewer than 10 of them reached a solution (or contributed), the standard error is
above half the mean, or the products of degrees overflow. With --json, one object: \"file\",
\"engine\", \"probes\", \"nodes\", \"solutions\", \"seconds\" (the estimated time; each null
when unknown, with the reason in \"nodes_unknown\", \"solutions_unknown\", \"seconds_unknown\"),
\"nodes_error\", \"solutions_error\", \"solution_probes\" (probes that reached a solution),
\"nodes_per_second\", and \"exact_solutions\" and \"exact_nodes\" when the measuring run finished
the tree.

Example:
  tessera xc estimate crates/cli/tests/data/queens8.dlx --probes 200

Exit status:
  0  success
  1  usage error or internal error
  2  bad input: the file cannot be read or is not valid
  3  gave up: --timeout ran out before the probes were done";

/// Options of `tessera xc estimate`.
#[derive(Debug, Args)]
pub struct EstimateArgs {
    /// The problem, in Knuth's DLX format; `-` (the default) reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: PathBuf,

    /// How many random probes.
    #[arg(long, value_name = "K", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub probes: u64,

    /// The probes' random seed.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// Measure the search's speed for up to this many seconds.
    #[arg(long, value_name = "SECONDS", default_value = "1", value_parser = super::common::parse_seconds)]
    pub measure: std::time::Duration,

    /// Give up after this many seconds, decimals allowed, reading the file included (exit status
    /// 3); the speed is measured for --measure or until then, whichever comes first.
    #[arg(long, value_name = "SECONDS", value_parser = super::common::parse_seconds)]
    pub timeout: Option<std::time::Duration>,

    #[command(flatten)]
    pub engine: EngineArgs<EngineArg>,

    #[command(flatten)]
    pub json: JsonArg,
}

/// Options of `tessera xc count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    /// The problem, in Knuth's DLX format; `-` (the default) reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: PathBuf,

    /// Stop counting at N solutions.
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u64).range(1..),
        conflicts_with_all = ["shard", "plan", "checkpoint", "manifest"]
    )]
    pub limit: Option<u64>,

    #[command(flatten)]
    pub threads: ThreadsArgs,

    #[command(flatten)]
    pub shard: ShardArgs,

    #[command(flatten)]
    pub search: SearchArgs,
}

/// Options of `tessera xc solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The problem, in Knuth's DLX format; `-` (the default) reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: PathBuf,

    /// Print at most N solutions.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1,
        conflicts_with = "all",
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    pub limit: u64,

    /// Print every solution.
    #[arg(long)]
    pub all: bool,

    #[command(flatten)]
    pub threads: ThreadsArgs,

    /// Try each level's options in a random order drawn from this seed (reproducible).
    #[arg(long, value_name = "S", conflicts_with = "threads")]
    pub seed: Option<u64>,

    /// Print each step of Knuth's DLX1 as a JSON line (choose, cover, try, uncover, backtrack,
    /// solution, with the counters after it), then the --stats line; one thread.
    #[arg(long, conflicts_with = "threads")]
    pub trace: bool,

    #[command(flatten)]
    pub search: SearchArgs,
}

/// The exact-cover engines, as named on the command line (the first is the default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineArg {
    /// The bitset engine for small dense problems, dancing links otherwise.
    Auto,
    /// Dancing links with look-ahead (abandons an option that leaves an item without options).
    Links,
    /// Dancing links exactly as Knuth's DLX1/DLX2: his node and update counts.
    Dlx1,
    /// Bit vectors of options (falls back to links on large problems); counts no updates.
    Bitset,
}

impl From<EngineArg> for tessera_xc::Engine {
    fn from(engine: EngineArg) -> Self {
        match engine {
            EngineArg::Auto => tessera_xc::Engine::Auto,
            EngineArg::Links => tessera_xc::Engine::Links,
            EngineArg::Dlx1 => tessera_xc::Engine::Dlx1,
            EngineArg::Bitset => tessera_xc::Engine::Bitset,
        }
    }
}

/// Engine, budgets and output of the `xc` commands.
#[derive(Debug, Args)]
pub struct SearchArgs {
    #[command(flatten)]
    pub engine: EngineArgs<EngineArg>,

    #[command(flatten)]
    pub budget: BudgetArgs,

    #[command(flatten)]
    pub output: OutputArgs,
}
