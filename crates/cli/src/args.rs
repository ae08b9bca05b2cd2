//! What the user asked for: the command line, parsed by clap's derive API and nothing else.
//!
//! Doing it is the business of [`crate::commands`]. Each puzzle family gets its own subcommand
//! next to `xc` (`sudoku` and `hidato` now; tiling, queens to come) and the web game a `serve`; they
//! are not declared until they work.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};

/// The exit statuses, shown under every `--help`.
pub const EXIT_CODES: &str = "\
Exit status:
  0  success (including \"no solution\" and a count stopped by --limit)
  1  usage error or internal error
  2  bad input: the file cannot be read or is not valid
  3  gave up: --max-nodes or --timeout ran out before the answer was known
  4  sudoku verify: the answer does not solve the puzzle
  5-7  hidato verify and solve: see `tessera hidato --help`";

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
    /// Sudoku from 4x4 to 25x25 (classic, X, jigsaw): solve, count solutions, verify an answer.
    #[command(subcommand, after_help = EXIT_CODES)]
    Sudoku(SudokuCommand),
    /// Hidato and Numbrix (seed format or JSON): solve, count solutions, verify an answer, generate.
    #[command(subcommand, after_help = HIDATO_EXIT_CODES)]
    Hidato(HidatoCommand),
    /// Polyomino tiling: count or show the ways to cover a board with pieces (pentominoes, ...).
    #[command(subcommand, after_help = EXIT_CODES)]
    Tiling(TilingCommand),
    /// N-queens: show solutions or count them.
    #[command(
        long_about = "Place N queens on an NxN board so that no two attack each other. Prints the \
            first solution (Q for a queen, . for an empty square), --limit K solutions, --all of them \
            (in lexicographic order with the bitmask solver), or with --count only their number. \
            Solutions are separated by a blank line.",
        after_help = EXIT_CODES
    )]
    Queens(QueensArgs),
    /// Play in the browser: start the web game and print its address.
    #[command(long_about = "Start the web game: Sudoku and Hidato in the browser, with best times. Prints \
            the address to open, serves until Ctrl+C, then stops gracefully. Games and results are \
            kept in one SQLite file (--db), created on first start. Logs go to standard error \
            (RUST_LOG=debug for more).")]
    Serve(ServeArgs),
}

/// Options of `tessera serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on.
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080")]
    pub addr: std::net::SocketAddr,
    /// The SQLite file of games and results (created if missing).
    #[arg(long, value_name = "FILE", default_value = "tessera.db")]
    pub db: PathBuf,
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

/// `tessera sudoku ...`
#[derive(Debug, Subcommand)]
pub enum SudokuCommand {
    /// Solve every puzzle of a file: the first solution of each, or `none`.
    #[command(
        long_about = "Solve every puzzle of a file and print the first solution of each, or `none` \
            when it has no solution (status 0: not an error). A puzzle with several solutions gets \
            the first one found; `tessera sudoku count` tells how many there are.",
        after_help = SUDOKU_HELP
    )]
    Solve(SudokuSolveArgs),
    /// Count the solutions of every puzzle of a file, up to a limit.
    #[command(
        long_about = "Count the solutions of every puzzle of a file, one number a line, up to --limit \
            (default 2: enough to tell none, one and several apart). A count equal to the limit means \
            \"at least that many\".",
        after_help = SUDOKU_HELP
    )]
    Count(SudokuCountArgs),
    /// Check an answer against its puzzle: which cell breaks which rule, which given was changed.
    #[command(
        long_about = "Check an answer against its puzzle. PUZZLE and ANSWER are each a file, `-` \
            (standard input; for one of them), or the puzzle itself written on the command line (an \
            81-character line, or JSON). An answer written as a plain line takes the puzzle's layout \
            (jigsaw regions, X). Prints `the answer is correct`, or one line per problem: a given \
            changed, an empty cell, a digit twice in a row, column, box, region or diagonal. Exit \
            status 0 when the answer is correct, 4 when it is not, 2 when either cannot be read.",
        after_help = EXIT_CODES
    )]
    Verify(SudokuVerifyArgs),
    /// Generate puzzles with exactly one solution, of a size, symmetry and difficulty.
    #[command(
        long_about = "Generate puzzles with exactly one solution: a random complete grid, then clues \
            removed while the puzzle keeps one solution (and, with --difficulty, while a person can \
            still solve it with that level's techniques); the result is kept only if its rating is \
            exactly that level. One puzzle a line on standard output (JSON with --json: puzzle, \
            solution, seed, difficulty, score, hardest technique, clues). The same --seed gives the \
            same puzzles, whatever --threads.",
        after_help = EXIT_CODES
    )]
    Generate(SudokuGenerateArgs),
    /// Rate puzzles by the hardest technique a person needs to solve them.
    #[command(
        long_about = "Rate every puzzle of a file: solve it like a person, always with the easiest \
            technique that applies, and report the level of the hardest one needed (easy, medium, \
            hard, expert, extreme; diabolical when guessing is needed), a numeric score, the hardest \
            technique and the guesses. One line per puzzle: `LEVEL SCORE HARDEST`, or JSON.",
        after_help = SUDOKU_HELP
    )]
    Rate(SudokuRateArgs),
    /// The next logical step of a puzzle, explained.
    #[command(
        long_about = "Print the next step a person can take on a puzzle (a file, `-`, or the puzzle \
            written on the command line): the easiest technique that applies, what it places or \
            removes, and why, in words.",
        after_help = EXIT_CODES
    )]
    Hint(SudokuHintArgs),
}

/// Options of `tessera sudoku generate`.
#[derive(Debug, Args)]
pub struct SudokuGenerateArgs {
    /// Digits per house: 4, 6, 8, 9, 12, 16 or 25 (the usual boxes; see --boxes).
    #[arg(long, default_value_t = 9)]
    pub size: usize,
    /// Box shape ROWSxCOLS, e.g. 3x2, instead of the usual one for the size.
    #[arg(long, value_name = "RxC")]
    pub boxes: Option<String>,
    /// Sudoku X: both diagonals hold every digit once.
    #[arg(long)]
    pub x: bool,
    /// Only puzzles of exactly this level: easy, medium, hard, expert, extreme, diabolical.
    #[arg(long, value_parser = parse_difficulty)]
    pub difficulty: Option<tessera::sudoku::logic::Difficulty>,
    /// Symmetry of the clues: none, rot180, rot90, mirror, diagonal.
    #[arg(long, default_value = "none", value_parser = parse_symmetry)]
    pub symmetry: tessera::sudoku::Symmetry,
    /// Remove clues while the solution stays unique, so that none can be removed.
    #[arg(long)]
    pub minimal: bool,
    /// How many puzzles.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// Generate on N threads (0: one per CPU); the output is the same as on one.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,
    /// The first puzzle's seed; puzzle i uses SEED + i. Default: from the clock (printed with --json).
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,
    /// Give up on a puzzle after this many seconds (exit status 3).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    /// One JSON object a line: puzzle, solution, seed, difficulty, score, hardest, clues, attempts.
    #[arg(long)]
    pub json: bool,
    /// Never show a progress bar (it is shown only when standard error is a terminal).
    #[arg(long)]
    pub no_progress: bool,
}

/// Options of `tessera sudoku rate`.
#[derive(Debug, Args)]
pub struct SudokuRateArgs {
    /// The puzzles; `-` (the default) reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: PathBuf,
    /// Rate on N threads (0: one per CPU); the output keeps the input order.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,
    /// One JSON object per puzzle: difficulty, score, hardest, techniques, guesses, steps.
    #[arg(long)]
    pub json: bool,
}

/// Options of `tessera sudoku hint`.
#[derive(Debug, Args)]
pub struct SudokuHintArgs {
    /// The puzzle as it stands: a file, `-`, or the puzzle itself.
    #[arg(value_name = "PUZZLE")]
    pub puzzle: String,
    /// JSON: technique, explanation, placements, eliminations, cells.
    #[arg(long)]
    pub json: bool,
}

fn parse_difficulty(text: &str) -> Result<tessera::sudoku::logic::Difficulty, String> {
    text.parse().map_err(|_| {
        format!("unknown difficulty {text:?}; expected easy, medium, hard, expert, extreme or diabolical")
    })
}

fn parse_symmetry(text: &str) -> Result<tessera::sudoku::Symmetry, String> {
    text.parse().map_err(|e: tessera::Error| e.to_string())
}

/// The help after `sudoku solve` and `sudoku count`: input, output, exit statuses.
const SUDOKU_HELP: &str = concat!(
    "Input: one puzzle a line (81 characters for 9x9, `.` or `0` empty; 16, 36, 64, 144, 256 or 625 ",
    "for the other sizes, letters A.. for 10 and up), grids as people paste them (rows on lines, `|` ",
    "and `---+---` allowed; a blank line between two grids), or JSON objects ",
    "({\"cells\": \"53..7....\", \"variant\": \"x\"}). `#` starts a comment line. A jigsaw line is the ",
    "puzzle, a blank and one region label per cell; ` X` after the puzzle makes it Sudoku X.\n\n",
    "Output: one answer per puzzle, in input order, in the puzzle's own format (a line for a line, a ",
    "grid for a grid, with a blank line between grids; JSON for JSON). A puzzle that cannot be read ",
    "gets `error` in its place and a message on standard error (`tessera: FILE: line L, column C: ",
    "...`); the other puzzles are still answered and the exit status is 2. A puzzle whose budget runs ",
    "out gets `gave-up` (exit status 3, unless there was bad input).\n\n",
    "Exit status:\n",
    "  0  success (including \"no solution\" and several solutions)\n",
    "  1  usage error or internal error\n",
    "  2  bad input: the file cannot be read, or some puzzle in it is not valid\n",
    "  3  gave up: --max-nodes or --timeout ran out on some puzzle"
);

/// Options of `tessera sudoku solve`.
#[derive(Debug, Args)]
pub struct SudokuSolveArgs {
    /// The puzzles; `-` (the default) reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: PathBuf,

    #[command(flatten)]
    pub run: SudokuRunArgs,
}

/// Options of `tessera sudoku count`.
#[derive(Debug, Args)]
pub struct SudokuCountArgs {
    /// The puzzles; `-` (the default) reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: PathBuf,

    /// Stop counting a puzzle at N solutions; a count of N means "N or more".
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,

    #[command(flatten)]
    pub run: SudokuRunArgs,
}

/// The Sudoku solvers, as named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SudokuEngineArg {
    /// The dedicated 9x9 solver for classic 9x9 puzzles, the general one otherwise.
    Auto,
    /// The dedicated bitboard solver (classic 9x9; other puzzles fall back to `general`).
    Fast,
    /// Constraint propagation and backtracking, any size and variant.
    General,
    /// The exact-cover reduction (dancing links), any size and variant.
    Xc,
}

impl From<SudokuEngineArg> for tessera::sudoku::Engine {
    fn from(engine: SudokuEngineArg) -> Self {
        match engine {
            SudokuEngineArg::Auto => tessera::sudoku::Engine::Auto,
            SudokuEngineArg::Fast => tessera::sudoku::Engine::Fast,
            SudokuEngineArg::General => tessera::sudoku::Engine::General,
            SudokuEngineArg::Xc => tessera::sudoku::Engine::ExactCover,
        }
    }
}

/// Solver, parallelism, budgets and output of `sudoku solve` and `sudoku count`.
#[derive(Debug, Args)]
pub struct SudokuRunArgs {
    /// The solver. All give the same answers.
    #[arg(long, value_enum, default_value_t = SudokuEngineArg::Auto)]
    pub engine: SudokuEngineArg,

    /// Solve N puzzles at a time, on N threads; 0 means one per CPU. The output keeps the input
    /// order.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,

    /// Give up on a puzzle after this many seconds of its own search (decimals allowed).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

    /// Give up on a puzzle after N search nodes.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,

    /// Print one JSON object per puzzle, one a line, instead of text.
    ///
    /// Keys: "line" (where the puzzle starts in the input), "outcome", and what goes with it.
    /// `solve`: "solved" with "solution" (its cells as one line), "none", "gave-up" with
    /// "reason" ("max-nodes" or "timeout"), or "error" with "error" (the message). `count`:
    /// "solutions" and "limit", with "outcome" "exhausted" (the count is exact) or
    /// "limit-reached" (there may be more); or "gave-up" with "reason", or "error". Solved and
    /// unsolvable puzzles also have "seconds".
    #[arg(long)]
    pub json: bool,
}

/// Options of `tessera sudoku verify`.
#[derive(Debug, Args)]
pub struct SudokuVerifyArgs {
    /// The puzzle: a file, `-` for standard input, or the puzzle itself (a line or JSON).
    #[arg(value_name = "PUZZLE")]
    pub puzzle: String,

    /// The answer: a file, `-` for standard input, or the answer itself (a line or JSON).
    #[arg(value_name = "ANSWER")]
    pub answer: String,

    /// Print one JSON object: "valid" (true or false) and "violations", each with "kind"
    /// ("layout-mismatch", "given-changed", "empty-cell", "repeated"), "message" and "cells"
    /// (names such as "r4c7").
    #[arg(long)]
    pub json: bool,
}

/// The exit statuses of `tessera hidato`.
pub const HIDATO_EXIT_CODES: &str = "\
Input: the seed's text format (the number of puzzles, then per puzzle `W H` and H rows of W
integers: -1 a hole, 0 an empty cell, k > 0 a given; the count line may be left out), or JSON
({\"width\":W,\"height\":H,\"cells\":[[...]],\"adjacency\":\"hidato\"|\"numbrix\"} or an array).

Exit status:
  0  success
  1  usage error or internal error
  2  bad input: a file cannot be read or is not valid (the message gives line and column)
  3  gave up: --max-nodes or --timeout ran out (on some puzzle)
  4  verify: the answer changed a given or the shape (the seed's -1)
  5  verify: consecutive numbers do not touch (the seed's -2)
  6  verify: the answer is incomplete (empty cells, numbers missing or given twice)
  7  solve: some puzzle has no solution (it is printed unchanged)";

/// `tessera hidato ...`
#[derive(Debug, Subcommand)]
pub enum HidatoCommand {
    /// Solve every puzzle of a file; print the solutions in the same format and order.
    #[command(
        long_about = "Solve every puzzle of a file and print the first solution of each, in the seed's \
            text format: the number of puzzles, then each puzzle (always with the count line, so the \
            output reads back). A puzzle with no solution is printed unchanged, named on standard \
            error (`puzzle 3: no solution`), and the exit status is 7; one whose budget runs out is \
            printed unchanged too (`puzzle 3: gave up`, status 3, which wins over 7).",
        after_help = HIDATO_EXIT_CODES
    )]
    Solve(HidatoSolveArgs),
    /// Count the solutions of every puzzle of a file, up to --limit.
    #[command(
        long_about = "Count the solutions of every puzzle of a file: one number a line, in input \
            order, stopping at --limit (default 2: enough to tell none, one and several apart). A \
            count equal to the limit means \"at least that many\". A puzzle whose budget runs out \
            gets `gave-up` (status 3).",
        after_help = HIDATO_EXIT_CODES
    )]
    Count(HidatoCountArgs),
    /// Check answers against their puzzles: each violation on its own line.
    #[command(
        long_about = "Check answers against their puzzles. PUZZLE and ANSWER are files (or `-` for one \
            of them) with the same number of puzzles; the i-th answer is checked against the i-th \
            puzzle. Prints `the answer is correct` (`all N answers are correct` for several), or one \
            line per violation (`puzzle N: ` in front when the files hold several): a given changed (`the given 23 at (4,7) became 25`), a \
            hole filled, an empty cell, a number missing or given twice, consecutive numbers that do \
            not touch (`23 at (4,7) does not touch 24 at (6,7)`). Positions are (column,row) from \
            1. The exit status names the most basic problem found: 4 changed, 6 incomplete, 5 path \
            broken.",
        after_help = HIDATO_EXIT_CODES
    )]
    Verify(HidatoVerifyArgs),
    /// Generate puzzles with exactly one solution over a shape.
    #[command(
        long_about = "Generate puzzles with exactly one solution: a random path through the shape's \
            cells, then numbers removed while the puzzle keeps one solution and the asked level. \
            The shape is a file in the seed's format (its \"given map\": -1 holes, 0 cells; \
            numbers in it are ignored; every shape of the file gets --count puzzles) or --size WxH \
            (default 7x7). Prints a multi-puzzle file, or with --json one object a line: seed, \
            difficulty, attempts, puzzle, solution. Puzzle i uses the seed SEED + i.",
        after_help = HIDATO_EXIT_CODES
    )]
    Generate(HidatoGenerateArgs),
}

/// The Hidato solvers, as named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum HidatoEngineArg {
    /// The portfolio: static checks, then the domain search and the path walker in turn.
    Auto,
    /// The domain search alone (number by number, with propagation).
    Domain,
    /// The path walker alone (cell by cell, Warnsdorff's order, restarts).
    Walk,
    /// The exact-cover reduction.
    Xc,
}

impl From<HidatoEngineArg> for tessera::hidato::Engine {
    fn from(engine: HidatoEngineArg) -> Self {
        match engine {
            HidatoEngineArg::Auto => tessera::hidato::Engine::Auto,
            HidatoEngineArg::Domain => tessera::hidato::Engine::Domain,
            HidatoEngineArg::Walk => tessera::hidato::Engine::Walk,
            HidatoEngineArg::Xc => tessera::hidato::Engine::ExactCover,
        }
    }
}

/// Input, solver and budgets of `hidato solve` and `hidato count`.
#[derive(Debug, Args)]
pub struct HidatoRunArgs {
    /// The puzzles; `-` (the default) reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: PathBuf,

    /// Numbrix: consecutive numbers touch orthogonally only (for text input; JSON says itself).
    #[arg(long)]
    pub numbrix: bool,

    /// The solver. All give the same answers.
    #[arg(long, value_enum, default_value_t = HidatoEngineArg::Auto)]
    pub engine: HidatoEngineArg,

    /// Give up on a puzzle after this many seconds of its own search (decimals allowed).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

    /// Give up on a puzzle after N search nodes.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,

    /// One JSON object per puzzle, one a line.
    ///
    /// Keys: "puzzle" (its number, from 1), "outcome" and what goes with it. `solve`: "solved"
    /// with "solution" ({"width", "height", "cells", "adjacency"}), "none", or "gave-up" with
    /// "reason" ("max-nodes" or "timeout"). `count`: "solutions" and "limit" with "outcome"
    /// "exhausted" (the count is exact) or "limit-reached" (there may be more), or "gave-up".
    /// Every object has "seconds".
    #[arg(long)]
    pub json: bool,
}

/// Options of `tessera hidato solve`.
#[derive(Debug, Args)]
pub struct HidatoSolveArgs {
    #[command(flatten)]
    pub run: HidatoRunArgs,
}

/// Options of `tessera hidato count`.
#[derive(Debug, Args)]
pub struct HidatoCountArgs {
    #[command(flatten)]
    pub run: HidatoRunArgs,

    /// Stop counting a puzzle at N solutions; a count of N means "N or more".
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,
}

/// Options of `tessera hidato verify`.
#[derive(Debug, Args)]
pub struct HidatoVerifyArgs {
    /// The puzzles: a file, or `-` for standard input.
    #[arg(value_name = "PUZZLE")]
    pub puzzle: PathBuf,

    /// The answers, as many as puzzles: a file, or `-` for standard input.
    #[arg(value_name = "ANSWER")]
    pub answer: PathBuf,

    /// Numbrix: consecutive numbers must touch orthogonally (for text input).
    #[arg(long)]
    pub numbrix: bool,

    /// One JSON object: "valid" and "violations", each with "puzzle" (from 1), "kind"
    /// ("size-differs", "hole-changed", "given-changed", "empty", "missing", "repeated",
    /// "not-adjacent"), "class" ("changed", "incomplete", "broken"), "message" and "cells"
    /// ([column, row] pairs from 1).
    #[arg(long)]
    pub json: bool,
}

/// Options of `tessera hidato generate`.
#[derive(Debug, Args)]
pub struct HidatoGenerateArgs {
    /// The shape in the seed's format: -1 holes, 0 cells (numbers are ignored); `-` reads
    /// standard input.
    #[arg(value_name = "SHAPE_FILE", conflicts_with = "size")]
    pub shape: Option<PathBuf>,

    /// A full rectangle of WIDTHxHEIGHT cells, e.g. 7x7 (the default without SHAPE_FILE).
    #[arg(long, value_name = "WxH")]
    pub size: Option<String>,

    /// Numbrix: consecutive numbers touch orthogonally only.
    #[arg(long)]
    pub numbrix: bool,

    /// The first puzzle's seed; puzzle i uses SEED + i. Default: from the clock (printed with --json).
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,

    /// Only puzzles of exactly this level: easy, medium, hard, expert.
    #[arg(long, value_name = "LEVEL", value_parser = parse_hidato_difficulty)]
    pub difficulty: Option<tessera::hidato::Difficulty>,

    /// How many puzzles (per shape).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,

    /// One JSON object a line: seed, difficulty, attempts, puzzle, solution.
    #[arg(long)]
    pub json: bool,

    /// Give up on a puzzle after this many seconds (exit status 3).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

    /// Never show a progress bar (it is shown only when standard error is a terminal).
    #[arg(long)]
    pub no_progress: bool,
}

fn parse_hidato_difficulty(text: &str) -> Result<tessera::hidato::Difficulty, String> {
    text.parse().map_err(|_| format!("unknown difficulty {text:?}; expected easy, medium, hard or expert"))
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

/// `tessera tiling ...`
#[derive(Debug, Subcommand)]
pub enum TilingCommand {
    /// Count the tilings of a board (all of them, or up to the board's symmetries).
    #[command(
        long_about = "Count the ways to tile a board with pieces, each used once (or as many times \
            as its copies say). Prints the number on standard output. With --limit the count stops \
            there (a note says so). With --distinct, tilings that differ by a symmetry of the board \
            count once, and a note on standard error says how the symmetry was removed.",
        after_help = TILING_HELP
    )]
    Count(TilingCountArgs),
    /// Show tilings: letters in the terminal (coloured there), and an SVG picture with --svg.
    #[command(
        long_about = "Find tilings and print them, one character per square (the piece's letter; \
            '.' for a hole), a blank line between tilings; coloured when standard output is a \
            terminal (see --color). --svg FILE also draws them in one SVG picture.",
        after_help = TILING_HELP
    )]
    Solve(TilingSolveArgs),
}

/// Pieces, board and search options shared by `tiling count` and `tiling solve`.
#[derive(Debug, Args)]
pub struct TilingArgs {
    /// A built-in set: pentominoes, tetrominoes, hexominoes, one-sided-pentominoes.
    #[arg(long, value_name = "SET", default_value = "pentominoes", conflicts_with = "pieces_file")]
    pub pieces: String,
    /// Pieces drawn in a file with letters (`* L 2` lines give copies); `-` reads standard input.
    #[arg(long, value_name = "FILE")]
    pub pieces_file: Option<PathBuf>,
    /// The board: WxH (width x height), e.g. 6x10.
    #[arg(long, value_name = "WxH", default_value = "6x10", conflicts_with = "board_file")]
    pub board: String,
    /// The board drawn in a file: '.' a cell to fill, '#' or ' ' a hole.
    #[arg(long, value_name = "FILE")]
    pub board_file: Option<PathBuf>,
    /// Every piece is used N times (instead of once, or the file's counts).
    #[arg(long, value_name = "N")]
    pub copies: Option<u32>,
    /// How pieces may move: free (turn and flip), rotations (turn only), fixed (as drawn).
    /// Default: free, rotations for one-sided-pentominoes.
    #[arg(long, value_enum)]
    pub motion: Option<MotionArg>,
    /// The solver: bits (the dedicated bitboard search) or xc (exact cover through tessera-xc).
    #[arg(long, value_enum, default_value_t = TilingSolverArg::Bits)]
    pub solver: TilingSolverArg,
    /// With the bits solver, search every placement of the first piece instead of one per
    /// class under the board's symmetries (the others are then made by moving the tilings
    /// found); the same tilings, more work.
    #[arg(long)]
    pub no_symmetry: bool,
    /// Search on N threads; 0 means one per CPU.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,
    /// Give up after N search nodes; exit status 3.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Give up after this many seconds (decimals allowed); exit status 3.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    /// Print the search's nodes and seconds on standard error.
    #[arg(long)]
    pub stats: bool,
}

/// Options of `tessera tiling count`.
#[derive(Debug, Args)]
pub struct TilingCountArgs {
    #[command(flatten)]
    pub tiling: TilingArgs,
    /// Stop counting at K tilings.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..), conflicts_with = "distinct")]
    pub limit: Option<u64>,
    /// Count tilings up to the board's symmetries (rotations and reflections the pieces allow).
    #[arg(long)]
    pub distinct: bool,
}

/// Options of `tessera tiling solve`.
#[derive(Debug, Args)]
pub struct TilingSolveArgs {
    #[command(flatten)]
    pub tiling: TilingArgs,
    /// Show at most K tilings.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..), conflicts_with = "all")]
    pub limit: u64,
    /// Show every tiling.
    #[arg(long)]
    pub all: bool,
    /// Show one tiling of each class under the board's symmetries.
    #[arg(long)]
    pub distinct: bool,
    /// Also draw the tilings in this SVG file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Colour the letters: auto (when standard output is a terminal), always, never.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
    pub color: ColorArg,
}

/// How tiling pieces may move, as named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MotionArg {
    /// Turn and flip (free polyominoes).
    Free,
    /// Turn only (one-sided).
    Rotations,
    /// As drawn (translations only).
    Fixed,
}

/// The tiling solvers, as named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum TilingSolverArg {
    /// The dedicated bitboard search.
    Bits,
    /// Exact cover through tessera-xc.
    Xc,
}

/// When to colour output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorArg {
    /// When standard output is a terminal.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// Options of `tessera queens`.
#[derive(Debug, Args)]
pub struct QueensArgs {
    /// The board's size (1 to 32).
    #[arg(value_name = "N", value_parser = clap::value_parser!(u64).range(1..=32))]
    pub n: u64,
    /// Print only the number of solutions.
    #[arg(long, conflicts_with = "all")]
    pub count: bool,
    /// Print every solution.
    #[arg(long, conflicts_with = "limit")]
    pub all: bool,
    /// Print (with --count: count) at most K solutions.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// The solver: bits (bitmask backtracking) or xc (exact cover through tessera-xc).
    #[arg(long, value_enum, default_value_t = TilingSolverArg::Bits)]
    pub solver: TilingSolverArg,
    /// Search on T threads; 0 means one per CPU.
    #[arg(long, value_name = "T", default_value_t = 1)]
    pub threads: usize,
    /// Give up after N search nodes; exit status 3.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Give up after this many seconds (decimals allowed); exit status 3.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    /// Print the search's nodes and seconds on standard error.
    #[arg(long)]
    pub stats: bool,
}

/// Shown under `tessera tiling --help`.
pub const TILING_HELP: &str = "\
Piece file: pieces drawn with letters or digits ('.' or ' ' empty), one name per piece; lines
starting with '#' are comments; `* L 2` uses piece L twice. Board file: '.' a cell to fill,
'#' or ' ' a hole. Examples:
  tessera tiling count --board 6x10 --distinct
  tessera tiling solve --board-file holed8x8.txt --svg tiling.svg

Exit status: 0 success, 1 usage error, 2 bad input (line and column given), 3 gave up
(--max-nodes or --timeout).";
