//! `tessera hidato solve`, `count`, `verify` and `generate`.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::{BudgetArgs, EngineArgs, JsonArg, OutputArgs, SeedShardArgs};

/// What the `hidato` commands read, under each of them.
macro_rules! hidato_input {
    () => {
        "Input: the seed's text format (the number of puzzles, then per puzzle `W H` and H rows of W
integers: -1 a hole, 0 an empty cell, k > 0 a given; the count line may be left out), or JSON
({\"width\":W,\"height\":H,\"cells\":[[...]],\"adjacency\":\"hidato\"|\"numbrix\"}, an array of them,
or one object a line: also what `generate --json` and `solve --json` write, read through their
\"puzzle\" or \"solution\")."
    };
}

/// The exit statuses of all `hidato` commands, under `tessera hidato --help`.
pub const HIDATO_EXIT_CODES: &str = concat!(
    hidato_input!(),
    "

Exit status:
  0  success (including \"no solution\": the puzzle is printed unchanged)
  1  usage error or internal error
  2  bad input: a file cannot be read or is not valid (the message gives line and column)
  3  gave up: --max-nodes or --timeout ran out (on some puzzle)
  4  verify: the answer changed a given or the shape (the seed's -1)
  5  verify: consecutive numbers do not touch (the seed's -2)
  6  verify: the answer is incomplete (empty cells, numbers missing)"
);

const SOLVE_HELP: &str = concat!(
    hidato_input!(),
    "

With --json, one object per puzzle, one a line: \"index\" (its position in the input, from 1),
\"outcome\" (\"solved\" with \"solution\": {\"width\", \"height\", \"cells\", \"adjacency\"}; \"none\";
\"gave-up\" with \"reason\": \"max-nodes\" or \"timeout\") and \"seconds\". --stats prints
`tessera: puzzles=P seconds=S engine=E` on standard error.

Exit status:
  0  success (including \"no solution\": the puzzle is printed unchanged, with a note)
  1  usage error or internal error
  2  bad input: a file cannot be read or is not valid (the message gives line and column)
  3  gave up: --max-nodes or --timeout ran out on some puzzle"
);

const COUNT_HELP: &str = concat!(
    hidato_input!(),
    "

With --json, one object per puzzle, one a line: \"index\" (from 1), \"outcome\" (\"exhausted\": the
count is exact; \"limit-reached\": there may be more; \"gave-up\" with \"reason\"), \"solutions\",
\"limit\", \"seconds\", then the keys every count has: \"nodes\", \"threads\", \"engine\". --stats prints `tessera: puzzles=P seconds=S engine=E` on standard error.

Exit status:
  0  success
  1  usage error or internal error
  2  bad input: a file cannot be read or is not valid (the message gives line and column)
  3  gave up: --max-nodes or --timeout ran out on some puzzle"
);

const VERIFY_HELP: &str = concat!(
    hidato_input!(),
    " As ANSWER, an object with a \"solution\" is read as that solution.

With --json, one object: \"valid\" and \"violations\", each with \"index\" (the puzzle, from 1),
\"kind\" (\"size-differs\", \"hole-changed\", \"given-changed\", \"empty\", \"missing\", \"repeated\",
\"not-adjacent\"), \"class\" (\"changed\", \"incomplete\", \"broken\"), \"message\"
and \"cells\" (names such as \"r7c4\": row 7, column 4).

Exit status:
  0  every answer is correct
  1  usage error or internal error
  2  bad input: a file cannot be read or is not valid (the message gives line and column; a
     number twice or out of range in ANSWER too)
  4  an answer changed a given or the shape (the seed's -1)
  5  consecutive numbers do not touch (the seed's -2)
  6  an answer is incomplete (empty cells, numbers missing)"
);

const GENERATE_HELP: &str = "\
With --json, one object a line: \"index\" (from 1), \"seed\", \"difficulty\", \"attempts\", \"givens\"
(the number of given numbers), \"puzzle\" and \"solution\" (each {\"width\", \"height\", \"cells\",
\"adjacency\"}); a puzzle given up on is {\"index\", \"seed\", \"outcome\": \"gave-up\", \"reason\"}.
Every reading command takes these lines back: `tessera hidato generate --json | tessera hidato solve`.
--stats prints `tessera: puzzles=P seconds=S` on standard error.

The whole run is C = --count puzzles per shape, shape after shape; the puzzle of index k + 1 (k
from 0) is made from the seed SEED + k, so that each puzzle depends only on --seed, its place and
the settings. --shard I/N makes only shard I (from 0) of N of that run: the puzzles of k from
floor(I*C/N) to floor((I+1)*C/N) - 1, each with the seed and index it has in the whole run. With
--json, the N shards' outputs concatenated in shard order, 0 to N-1, are the whole run's output
byte for byte. In text, a shard leaves out the count line (the readers take a file without it),
so that each shard, and the shards concatenated in order, read back as a multi-puzzle file: the
concatenation is the whole run's output after its count line. In a Slurm array job, each task
writes `--shard $SLURM_ARRAY_TASK_ID/N > part-$SLURM_ARRAY_TASK_ID`, and the parts are joined in
order (`cat part-0 part-1 ...`; a plain `part-*` puts part-10 before part-2); with --json the
indices show a missing part. A shard left no puzzle (C < N) prints nothing. Shard 1 of 3 of five
puzzles is the 2nd and 3rd:
  tessera hidato generate --size 5x5 --seed 1 --count 5 --shard 1/3

Exit status:
  0  success
  1  usage error or internal error
  2  bad input: the shape file cannot be read or is not valid
  3  gave up: --max-nodes or --timeout ran out on some puzzle";

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
        after_help = SOLVE_HELP
    )]
    Solve(HidatoSolveArgs),
    /// Count the solutions of every puzzle of a file, up to --limit.
    #[command(
        long_about = "Count the solutions of every puzzle of a file: one number a line, in input \
            order, stopping at --limit (default 2: enough to tell none, one and several apart). A \
            count equal to the limit means \"at least that many\". A puzzle whose budget runs out \
            gets `gave-up` (status 3).",
        after_help = COUNT_HELP
    )]
    Count(HidatoCountArgs),
    /// Check answers against their puzzles: each violation on its own line.
    #[command(
        long_about = "Check answers against their puzzles. PUZZLE and ANSWER are files (or `-` for one \
            of them) with the same number of puzzles; the i-th answer is checked against the i-th \
            puzzle. Prints `the answer is correct` (`all N answers are correct` for several), or one \
            line per violation (`puzzle N: ` in front when the files hold several): a given changed \
            (`the given 23 at (4,7) became 25`), a hole filled, an empty cell, a number missing or \
            given twice, consecutive numbers that do not touch (`23 at (4,7) does not touch 24 at \
            (6,7)`). Positions are (column,row) from 1. The exit status names the most basic \
            problem found: 4 changed, 6 incomplete, 5 path broken.",
        after_help = VERIFY_HELP
    )]
    Verify(HidatoVerifyArgs),
    /// Generate puzzles with exactly one solution over a shape.
    #[command(
        long_about = "Generate puzzles with exactly one solution: a random path through the shape's \
            cells, then numbers removed while the puzzle keeps one solution and the asked level. \
            The shape is a file in the seed's format (its \"given map\": -1 holes, 0 cells; \
            numbers in it are ignored; every shape of the file gets --count puzzles) or --size WxH \
            (default 7x7). Prints a multi-puzzle file, or with --json one object a line. Puzzle k \
            (from 0) uses the seed SEED + k; --shard makes one share of the run.",
        after_help = GENERATE_HELP
    )]
    Generate(HidatoGenerateArgs),
    /// Make a print-ready book: puzzles N to a page, an answer key, as PDF or SVG pages.
    #[command(
        long_about = "Make a print-ready book of Hidato (or Numbrix) puzzles: generated (--count over \
            --size, at --difficulty) or read from a file (--input), laid out --per-page to a page \
            with an answer key at the end, as one PDF (-o book.pdf) or one SVG file per page (--svg \
            -o DIR).",
        after_help = super::book::BOOK_HELP
    )]
    Book(super::book::HidatoBookArgs),
}

/// The Hidato solvers, as named on the command line (the first is the default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum HidatoEngineArg {
    /// The portfolio: static checks, then the domain search, the path walker and the learner
    /// in turn.
    Auto,
    /// The domain search alone (number by number, with propagation, restarts).
    Domain,
    /// The path walker alone (cell by cell, Warnsdorff's order, restarts).
    Walk,
    /// The learner alone (clause learning by CaDiCaL over a Boolean encoding).
    Learn,
    /// The exact-cover reduction.
    Xc,
    /// The Learn view's teaching search (the seed's depth-first path from 1, with the
    /// distance-to-the-next-given prune): slow on hard boards; its nodes are placements.
    Trace,
}

impl From<HidatoEngineArg> for tessera::hidato::Engine {
    fn from(engine: HidatoEngineArg) -> Self {
        match engine {
            HidatoEngineArg::Auto => tessera::hidato::Engine::Auto,
            HidatoEngineArg::Domain => tessera::hidato::Engine::Domain,
            HidatoEngineArg::Walk => tessera::hidato::Engine::Walk,
            HidatoEngineArg::Learn => tessera::hidato::Engine::Learn,
            HidatoEngineArg::Xc => tessera::hidato::Engine::ExactCover,
            HidatoEngineArg::Trace => tessera::hidato::Engine::Trace,
        }
    }
}

/// Input, engine, budgets and output of `hidato solve` and `hidato count`.
#[derive(Debug, Args)]
pub struct HidatoRunArgs {
    /// The puzzles; `-` (the default) reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: PathBuf,

    /// Numbrix: consecutive numbers touch orthogonally only (for text input; JSON says itself).
    #[arg(long)]
    pub numbrix: bool,

    #[command(flatten)]
    pub engine: EngineArgs<HidatoEngineArg>,

    /// With 2 or more, each puzzle runs the learner on one thread beside the depth-first
    /// members on another, and the first to answer wins (counts are the same as on one thread;
    /// a puzzle with several solutions may get another of them); 0 means one per CPU.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = super::common::parse_threads)]
    pub threads: usize,

    /// Seed of the restarts' random orders (the same seed, the same runs on one thread).
    #[arg(long, value_name = "SEED", default_value_t = 0)]
    pub seed: u64,

    #[command(flatten)]
    pub budget: BudgetArgs,

    #[command(flatten)]
    pub output: OutputArgs,
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

    #[command(flatten)]
    pub output: JsonArg,
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

    /// The first puzzle's seed; puzzle k (from 0) uses SEED + k. Default: from the clock
    /// (printed with --json).
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,

    /// Only puzzles of exactly this level: easy, medium, hard, expert.
    #[arg(long, value_name = "LEVEL", value_parser = parse_hidato_difficulty)]
    pub difficulty: Option<tessera::hidato::Difficulty>,

    /// How many puzzles per shape (in the whole run, of which --shard makes a share).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,

    #[command(flatten)]
    pub shard: SeedShardArgs,

    /// Keep 1 and the last number given at every level (hard and expert hide them otherwise).
    #[arg(long)]
    pub keep_ends: bool,

    #[command(flatten)]
    pub registry: super::RegistryArg,

    #[command(flatten)]
    pub budget: BudgetArgs,

    #[command(flatten)]
    pub output: OutputArgs,
}

pub(super) fn parse_hidato_difficulty(text: &str) -> Result<tessera::hidato::Difficulty, String> {
    text.parse().map_err(|_| format!("unknown difficulty {text:?}; expected easy, medium, hard or expert"))
}
