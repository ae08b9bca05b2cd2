//! Doing what the command line asked: one module per top-level subcommand.

pub mod book;
mod book_input;
mod book_sections;
mod book_write;
pub mod collection;
pub mod csv_input;
pub mod family;
mod family_input;
pub mod files;
pub mod help;
pub mod hidato;
pub mod hidato_generate;
pub mod queens;
pub mod report;
pub mod serve;
pub mod shard;
pub mod stream;
pub mod sudoku;
pub mod sudoku_generate;
pub mod sudoku_rate;
pub mod sudoku_records;
pub mod sudoku_verify;
pub mod tiling;
pub mod verdict;
pub mod watch;
pub mod xc;

use std::time::{SystemTime, UNIX_EPOCH};

use tessera::xc::Budget;

use crate::args::{BudgetArgs, Cli, Command, HidatoCommand, SudokuCommand, TilingCommand, XcCommand};

/// How a command that did not fail ended; `main` turns it into the exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// The answer is complete (which includes "no solution" and a count stopped at its limit).
    Done,
    /// A budget ran out first (exit status 3).
    GaveUp,
    /// Some of the input was bad, already reported on standard error, while the rest was done
    /// (exit status 2, as for an error of type `BadInput`).
    BadInput,
    /// `sudoku verify`: the answer does not solve the puzzle; `hidato verify`: it changed a given
    /// or the shape (exit status 4).
    Rejected,
    /// `hidato verify`: consecutive numbers do not touch (exit status 5).
    PathBroken,
    /// `hidato verify`: empty cells, numbers missing or twice (exit status 6).
    Incomplete,
    /// Not a puzzle: `sudoku rate` got a grid with no solution or several, `sudoku hint` one with
    /// none (exit status 7). "No solution" from `solve` is an answer ([`Status::Done`]).
    NoSolution,
    /// A sharded count stopped by SIGTERM or SIGINT after saving its checkpoint: `128 + the
    /// signal's number`, as a shell reports a process the signal ended (130, 143).
    Interrupted(u8),
}

impl Status {
    /// Its exit status, from the one table of every puzzle (README, "Exit status";
    /// [`crate::args::EXIT_CODES`]).
    pub fn code(self) -> u8 {
        match self {
            Status::Done => 0,
            Status::BadInput => 2,
            Status::GaveUp => 3,
            Status::Rejected => 4,
            Status::PathBroken => 5,
            Status::Incomplete => 6,
            Status::NoSolution => 7,
            Status::Interrupted(status) => status,
        }
    }
}

/// The exit status of a usage error (clap's or ours) or an internal error.
pub const USAGE_OR_INTERNAL: u8 = 1;

/// The seed used when `--seed` is not given: nanoseconds since the epoch (0 if the clock is before it).
pub fn clock_seed() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
}

/// Runs the command.
pub fn run(cli: Cli) -> anyhow::Result<Status> {
    report::set_quiet(cli.quiet);
    match cli.command {
        Command::Xc(XcCommand::Count(args)) => xc::count(&args),
        Command::Xc(XcCommand::Solve(args)) => xc::solve(&args),
        Command::Xc(XcCommand::Estimate(args)) => xc::estimate(&args),
        Command::Xc(XcCommand::Plan(args)) => xc::plan(&args),
        Command::Merge(args) => shard::merge(&args),
        Command::Sudoku(SudokuCommand::Solve(args)) => sudoku::solve(&args),
        Command::Sudoku(SudokuCommand::Count(args)) => sudoku::count(&args),
        Command::Sudoku(SudokuCommand::Verify(args)) => sudoku_verify::verify(&args),
        Command::Sudoku(SudokuCommand::Generate(args)) => sudoku_generate::generate(&args),
        Command::Sudoku(SudokuCommand::Rate(args)) => sudoku_rate::rate(&args),
        Command::Sudoku(SudokuCommand::Hint(args)) => sudoku_rate::hint(&args),
        Command::Sudoku(SudokuCommand::Book(args)) => book::sudoku(&args),
        Command::Hidato(HidatoCommand::Solve(args)) => hidato::solve(&args),
        Command::Hidato(HidatoCommand::Count(args)) => hidato::count(&args),
        Command::Hidato(HidatoCommand::Verify(args)) => hidato::verify(&args),
        Command::Hidato(HidatoCommand::Generate(args)) => hidato_generate::generate(&args),
        Command::Hidato(HidatoCommand::Book(args)) => book::hidato(&args),
        Command::Killer(command) => family::run(&command),
        Command::Kenken(command) => family::run(&command),
        Command::Starbattle(command) => family::run(&command),
        Command::Variant(command) => family::run(&command),
        Command::Skyscrapers(command) => family::run(&command),
        Command::Futoshiki(command) => family::run(&command),
        Command::Nonogram(command) => family::run(&command),
        Command::Kakuro(command) => family::run(&command),
        Command::Takuzu(command) => family::run(&command),
        Command::Akari(command) => family::run(&command),
        Command::Tiling(TilingCommand::Count(args)) => tiling::count(&args),
        Command::Tiling(TilingCommand::Solve(args)) => tiling::solve(&args),
        Command::Tiling(TilingCommand::Plan(args)) => tiling::plan(&args),
        Command::Queens(args) => queens::run(&args),
        Command::Serve(args) => serve::serve(&args),
        Command::Completions(args) => help::completions(&args),
        Command::Man => help::man(),
    }
}

/// When the process started, as near as `main` can tell ([`mark_start`]).
static STARTED: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();

/// Whether the first budget was made already (see [`budget`]).
static FIRST_MADE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Notes the process's start; `main` calls it first thing.
pub fn mark_start() {
    STARTED.get_or_init(std::time::Instant::now);
}

/// The budget of `--max-nodes` and `--timeout`. The first budget of a run starts its clock when
/// the process started, so that reading, parsing and building the input count against
/// `--timeout` (a person times the whole command); later ones (the next puzzles of a file,
/// whose budgets are per puzzle) start theirs when made.
pub(crate) fn budget(args: &BudgetArgs) -> Budget {
    let mut budget = Budget::unlimited();
    if let Some(nodes) = args.max_nodes {
        budget = budget.with_nodes(nodes);
    }
    if let Some(timeout) = args.timeout {
        let first = !FIRST_MADE.swap(true, std::sync::atomic::Ordering::Relaxed);
        let from = match STARTED.get() {
            Some(&start) if first => start,
            _ => std::time::Instant::now(),
        };
        budget = match from.checked_add(timeout) {
            Some(deadline) => budget.with_deadline(deadline),
            None => budget,
        };
    }
    budget
}
