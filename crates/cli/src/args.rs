//! What the user asked for: the command line, parsed by clap's derive API and nothing else.
//!
//! Doing it is the business of [`crate::commands`]. Each puzzle family will get its own
//! subcommand next to `xc` (sudoku, hidato, tiling, queens) and the web game a `serve`; they are
//! not declared until they work.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

/// The exit statuses, shown under every `--help`.
pub const EXIT_CODES: &str = "\
Exit status:
  0  success (including \"no solution\" and a count stopped by --limit)
  1  usage error or internal error
  2  bad input: the file cannot be read or is not valid
  3  gave up: --max-nodes or --timeout ran out before the answer was known";

/// The whole command line.
#[derive(Debug, Parser)]
#[command(
    name = "tessera",
    version,
    about = "Generate, solve, verify and play grid logic puzzles; exact cover from the terminal",
    after_help = EXIT_CODES,
    propagate_version = true
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The top-level subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Exact cover: count or list the solutions of a problem in Knuth's DLX format.
    #[command(subcommand, after_help = EXIT_CODES)]
    Xc(XcCommand),
}

/// `tessera xc ...`
#[derive(Debug, Subcommand)]
pub enum XcCommand {
    /// Count the solutions of an exact-cover problem.
    #[command(
        long_about = "Count the solutions of an exact-cover problem in Knuth's DLX format.\n\n\
            Prints the number of solutions on standard output, one line. With --limit the count \
            stops once it reaches that number (a note on standard error says so). If a budget runs \
            out, nothing is printed on standard output, standard error says how far the search got, \
            and the exit status is 3.",
        after_help = EXIT_CODES
    )]
    Count(CountArgs),
    /// Find solutions of an exact-cover problem and print them.
    #[command(
        long_about = "Find solutions of an exact-cover problem in Knuth's DLX format and print them.\n\n\
            Each solution is printed as the lines of its chosen options, exactly as Knuth's format \
            writes options (`name` or `name:colour`, separated by spaces), in the order they appear \
            in the input; solutions are separated by one blank line. Solutions come in search order \
            (with --threads above 1, in no fixed order) and are printed as they are found. With no \
            solution nothing is printed on standard output and a note goes to standard error (the \
            status is still 0).",
        after_help = EXIT_CODES
    )]
    Solve(SolveArgs),
}

/// Options of `tessera xc count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    /// The problem, in Knuth's DLX format; `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Stop counting at N solutions.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    /// Search on N threads by splitting the search tree; 0 means one per CPU.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,

    #[command(flatten)]
    pub search: SearchArgs,
}

/// Options of `tessera xc solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The problem, in Knuth's DLX format; `-` reads standard input.
    #[arg(value_name = "FILE")]
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

    /// Search on N threads by splitting the search tree; 0 means one per CPU.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,

    /// Try each level's options in a random order drawn from this seed (reproducible).
    #[arg(long, value_name = "S", conflicts_with = "threads")]
    pub seed: Option<u64>,

    #[command(flatten)]
    pub search: SearchArgs,
}

/// The exact-cover engines, as named on the command line.
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

/// Budgets and output options shared by the search commands.
#[derive(Debug, Args)]
pub struct SearchArgs {
    /// The search engine. All find the same solutions; `dlx1` reproduces the node and update
    /// counts of Knuth's DLX1/DLX2 on the same file.
    #[arg(long, value_enum, default_value_t = EngineArg::Auto)]
    pub engine: EngineArg,

    /// Give up after N search nodes (Knuth's count); exit status 3.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,

    /// Give up after this many seconds (decimals allowed); exit status 3.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

    /// Print one JSON object on standard output instead of text.
    ///
    /// Keys: "file", "solutions" (how many were found), "outcome" ("exhausted": the count is
    /// exact; "limit-reached": --limit solutions were found, there may be more; "gave-up": a budget
    /// ran out), "reason" (only when it gave up: "max-nodes" or "timeout"), "limit" (when one
    /// applies), "nodes", "updates", "seconds" (of search), "threads"; `solve` adds "options": one
    /// array per solution of its option lines. The exit status is as without --json.
    #[arg(long)]
    pub json: bool,

    /// Print the search's nodes, updates and seconds on standard error.
    ///
    /// One line: `tessera: nodes=N updates=U seconds=S threads=T engine=E`. With `--engine dlx1`
    /// nodes and updates are Knuth's counts, equal to his DLX1/DLX2's on the same file; the bitset
    /// engine makes the same nodes and counts no updates (0); `links` makes fewer nodes.
    #[arg(long)]
    pub stats: bool,

    /// Never show a progress bar (it is shown only when standard error is a terminal).
    #[arg(long)]
    pub no_progress: bool,
}

fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text.parse().map_err(|_| format!("{text:?} is not a number of seconds"))?;
    Duration::try_from_secs_f64(seconds)
        .map_err(|_| format!("{text:?} is not a duration of zero or more seconds"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn seconds_accept_decimals_and_reject_negatives() {
        assert_eq!(parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_seconds("0"), Ok(Duration::ZERO));
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("soon").is_err());
        assert!(parse_seconds("NaN").is_err());
    }
}
