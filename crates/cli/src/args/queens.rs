//! `tessera queens N`.

use clap::Args;

use super::{BudgetArgs, EngineArgs, OutputArgs, ShardArgs, SolverArg, ThreadsArgs};

/// The long help of `tessera queens`.
pub const QUEENS_ABOUT: &str = "Place N queens on an NxN board so that no two attack each other. \
    Prints the first solution (Q for a queen, . for an empty square), --limit K solutions, --all of \
    them (in lexicographic order with the bitmask engine), or with --count only their number. \
    Solutions are separated by a blank line. With --count, --shard I/N counts only shard I of N \
    (--checkpoint FILE resumes, --manifest FILE records it for `tessera merge`), as `xc count` \
    does; on the bits engine. --parts N -o FILE writes a plan for N parts instead of counting \
    (`xc plan` explains plans), and --count --plan FILE --part I counts one of its parts.";

/// Shown under `tessera queens --help`.
pub const QUEENS_HELP: &str = "\
Solutions are printed as they are found and none is kept, so --all runs in little memory
until --timeout (printing counts against it); a closed standard output (`| head -1`) stops
the search quietly, status 0.
With --json, one object: \"n\", \"solutions\", \"outcome\" (\"exhausted\", \"limit-reached\",
\"gave-up\"), \"reason\" (when it gave up), \"limit\" (when one applies), \"nodes\", \"seconds\",
\"threads\", \"engine\"; without --count, JSON lines: first one per solution as it is found,
{\"index\":1,\"board\":[its rows, Q and .]}, then that object as the last line.
--stats prints `tessera: nodes=N seconds=S threads=T engine=E` on standard error.

Example:
  tessera queens 10 --count --shard 0/2 --manifest /tmp/queens10-0.json
  tessera queens 12 --parts 4 -o /tmp/queens12-plan.json
  tessera queens 12 --count --plan /tmp/queens12-plan.json --part 0 --manifest /tmp/queens12-0.json

Exit status:
  0  success (including \"no solution\" and a count stopped by --limit)
  1  usage error or internal error
  2  --checkpoint: the file cannot be read or written, or is of another count
  3  gave up: --max-nodes or --timeout ran out before the answer was known";

/// Options of `tessera queens`.
#[derive(Debug, Args)]
#[command(mut_group("ShardArgs", |group| group.requires("count")))]
pub struct QueensArgs {
    /// The board's size (1 to 32).
    #[arg(value_name = "N", value_parser = clap::value_parser!(u64).range(1..=32))]
    pub n: u64,
    /// Print only the number of solutions.
    #[arg(long, conflicts_with_all = ["all", "parts"])]
    pub count: bool,
    /// Write a plan for N parts (to -o FILE, or standard output) instead of solving.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000), conflicts_with_all = ["all", "limit"])]
    pub parts: Option<u32>,
    /// Where --parts writes its plan (default: standard output).
    #[arg(short = 'o', long = "output", value_name = "FILE", requires = "parts")]
    pub plan_output: Option<std::path::PathBuf>,
    /// Print every solution.
    #[arg(long, conflicts_with = "limit")]
    pub all: bool,
    /// Print (with --count: count) at most K solutions.
    #[arg(
        long,
        value_name = "K",
        value_parser = clap::value_parser!(u64).range(1..),
        conflicts_with_all = ["shard", "plan", "checkpoint", "manifest"]
    )]
    pub limit: Option<u64>,
    #[command(flatten)]
    pub engine: EngineArgs<SolverArg>,
    #[command(flatten)]
    pub threads: ThreadsArgs,
    #[command(flatten)]
    pub shard: ShardArgs,
    #[command(flatten)]
    pub budget: BudgetArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}
