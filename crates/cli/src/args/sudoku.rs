//! `tessera sudoku solve`, `count`, `verify`, `generate`, `rate` and `hint`.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::{BudgetArgs, EngineArgs, JsonArg, OutputArgs, SeedShardArgs, SudokuEngineArg, ThreadsArgs};

/// The help after `sudoku solve` and `sudoku count`: input, output, exit statuses.
const SUDOKU_HELP: &str = concat!(
    "Input: one puzzle a line (81 characters for 9x9, `.` or `0` empty; 16, 36, 64, 144, 256 or 625 ",
    "for the other sizes, letters A.. for 10 and up), grids as people paste them (rows on lines, `|` ",
    "and `---+---` allowed; a blank line between two grids), or JSON objects, one a line ",
    "({\"cells\": \"53..7....\", \"variant\": \"x\"}, or what `generate --json` and `solve --json` ",
    "write: their \"puzzle\" or \"solution\"). `#` starts a comment line. A jigsaw line is the ",
    "puzzle, a blank and one region label per cell; ` X` after the puzzle makes it Sudoku X.\n\n",
    "Output: one answer per puzzle, in input order, in the puzzle's own format (a line for a line, a ",
    "grid for a grid, with a blank line between grids; JSON for JSON). A puzzle that cannot be read ",
    "gets `error` in its place and a message on standard error (`tessera: FILE: line L, column C: ",
    "...`); the other puzzles are still answered and the exit status is 2. A puzzle whose budget runs ",
    "out gets `gave-up` (exit status 3, unless there was bad input).\n\n",
    "With --json, one object per puzzle, one a line: \"index\" (the puzzle's position in the input, ",
    "from 1), \"line\" (where it starts), \"outcome\", and what goes with it. `solve`: \"solved\" with ",
    "\"solution\" (its cells as one line), \"none\", \"gave-up\" with \"reason\" (\"max-nodes\" or ",
    "\"timeout\"), or \"error\" with \"error\" (the message). `count`: \"solutions\" and \"limit\", with ",
    "\"outcome\" \"exhausted\" (the count is exact) or \"limit-reached\" (there may be more); or ",
    "\"gave-up\" with \"reason\", or \"error\"; then the keys every count has: \"nodes\", \"seconds\", ",
    "\"threads\", \"engine\". Solved and unsolvable puzzles also have \"seconds\". Lines that ",
    "`generate` writes for a puzzle it gave up on are skipped with a note. ",
    "--stats prints `tessera: puzzles=P seconds=S threads=T engine=E` on standard error, and ",
    "` nodes=N` (summed over the puzzles) for the engines that count nodes; `solve --json` has ",
    "\"nodes\" for those too. `solve` and `count` take the teaching engines of the Learn view ",
    "(docs/learn-sudoku.md), slow on purpose: `backtrack` (the first empty cell, digits ",
    "ascending) and `mrv` (the cell with the fewest candidates); a node is the root or a ",
    "placement that passes the check; and `dlx1`, the exact-cover reduction under Knuth's DLX1, ",
    "whose nodes equal `tessera xc count --engine dlx1 --stats` on the reduction.\n\n",
    "Exit status:\n",
    "  0  success (including \"no solution\" and several solutions)\n",
    "  1  usage error or internal error\n",
    "  2  bad input: the file cannot be read, or some puzzle in it is not valid\n",
    "  3  gave up: --max-nodes or --timeout ran out on some puzzle"
);

/// The exit statuses of all `sudoku` commands, under `tessera sudoku --help`.
pub const SUDOKU_EXIT_CODES: &str = "\
Exit status:
  0  success (including \"no solution\" and several solutions)
  1  usage error or internal error
  2  bad input: a file cannot be read, or some puzzle in it is not valid
  3  gave up: --max-nodes or --timeout ran out on some puzzle (solve, count, generate, rate)
  4  verify: the answer does not solve the puzzle
  7  not a puzzle: rate: some puzzle has no solution or several; hint: the puzzle has none";

const VERIFY_HELP: &str = "\
With --json, one object: \"valid\" (true or false) and \"violations\", each with \"kind\"
(\"layout-mismatch\", \"given-changed\", \"empty-cell\", \"repeated\"), \"message\" and \"cells\"
(names such as \"r4c7\": row 4, column 7).

Exit status:
  0  the answer is correct
  1  usage error or internal error
  2  bad input: the puzzle or the answer cannot be read
  4  the answer does not solve the puzzle";

const GENERATE_HELP: &str = "\
With --json (= --format json), one object a line: \"index\" (from 1), \"seed\", \"puzzle\" and
\"solution\" (each one line), \"givens\" (the number of given digits), \"difficulty\", \"score\",
\"se\", \"hardest\", \"attempts\"; a puzzle given up on is {\"index\", \"seed\", \"outcome\":
\"gave-up\", \"reason\"}. Every reading command takes these lines back:
`tessera sudoku generate --json | tessera sudoku count`.
--stats prints `tessera: puzzles=P seconds=S threads=T` on standard error.

For bulk runs: --format csv writes the header `puzzle,solution,seed,level,score,se,clues,hardest`
and one row a puzzle (RFC 4180 quoting; a puzzle given up on is `,,SEED,gave-up,,,,`); --format
jsonl one object a line with those keys. \"se\" estimates the Sudoku Explainer rating, in tenths.
With --shard only shard 0 writes the header, so the parts join byte for byte.

--unique-under-symmetry drops a puzzle equivalent to one made before in the run (band, stack, row
and column moves, transposition for square boxes, relabelled digits) and makes another in its
place. --se RANGE keeps puzzles whose SE estimate is in RANGE: 7.0..8.0 (both ends included),
8.0.. (8.0 or more), ..2.0 (at most 2.0), 7.5 (exactly). With --difficulty both must hold;
without it (or --minimal) a range below 2.0 is made of easy puzzles, any other by the default
generator (minimal puzzles on 9x9); the estimate is compared rounded to tenths. These options
try seeds SEED, SEED + 1, ... in order until --count puzzles pass (the same output on any
--threads; not with --shard), at most --tries candidates (default 1000 per puzzle asked for);
if that runs out, the puzzles found are printed, a message says what the candidates failed, and
the exit status is 3. A candidate whose own budget runs out is skipped.

--registry FILE skips a puzzle whose canonical form (the one of --unique-under-symmetry) is in
FILE, from any earlier run or another run going on, and appends each puzzle kept before printing
it; the file (header `# tessera registry 1`, then `KIND LAYOUT FORM` lines) is made when missing.
It tries seeds as --se does. --clues N or A..B keeps the clue count in the range; --mask FILE (rows
of `x` given and `.` empty) makes the givens exactly those cells; each puzzle then has --attempts
tries (default 1000 and 100000) before it is given up on, with what its attempts failed.

Every puzzle has a time budget: --timeout, or 60 seconds when it is not given, so generation
always ends; a puzzle that runs out gets `gave-up` in its place and a message naming the budget.
Each level is offered for every size from 6x6 up; 4x4 puzzles are all easy. Output streams: each
puzzle is printed as soon as it and those before it are made. On a terminal, a progress bar shows
on standard error after half a second (--no-progress hides it).

The puzzle of index k + 1 (k from 0) is made from the seed SEED + k, so that each puzzle depends
only on --seed, its place and the settings. --shard I/N makes only shard I (from 0) of N of that
run of C = --count puzzles: those of k from floor(I*C/N) to floor((I+1)*C/N) - 1, each with the
seed and index it has in the whole run. The N shards' outputs concatenated in shard order, 0 to
N-1, are the whole run's output byte for byte, in text and with --json: in a Slurm array job, each
task writes `--shard $SLURM_ARRAY_TASK_ID/N > part-$SLURM_ARRAY_TASK_ID`, and the parts are joined
in order (`cat part-0 part-1 ...`; a plain `part-*` puts part-10 before part-2). A shard left no
puzzle (C < N) prints nothing. Shard 2 of 4 of ten puzzles is the 6th and 7th:
  tessera sudoku generate --seed 1 --count 10 --shard 2/4

Exit status:
  0  success
  1  usage error (a level the size cannot reach, --size and --boxes that disagree, a bad --se,
     --shard with --se, --unique-under-symmetry or --registry, a --clues range no puzzle can
     meet) or internal error
  2  bad input: the --registry or --mask file cannot be read or has a bad line
  3  gave up: the time budget or --max-nodes ran out on some puzzle (`gave-up` in its place), or
     --tries ran out before --count puzzles passed --se and --unique-under-symmetry";

const RATE_HELP: &str = concat!(
    "Input: one puzzle a line (81 characters for 9x9, `.` or `0` empty; 16, 36, 64, 144, 256 or 625 ",
    "for the other sizes, letters A.. for 10 and up), grids as people paste them (rows on lines, `|` ",
    "and `---+---` allowed; a blank line between two grids), or JSON objects, one a line ",
    "({\"cells\": \"53..7....\", \"variant\": \"x\"}, or what `generate --json` and `solve --json` ",
    "write: their \"puzzle\" or \"solution\"). `#` starts a comment line.\n\n",
    "A puzzle with no solution or several is not rated: `none` or `several` in its place, and a ",
    "message on standard error. A puzzle whose budget runs out gets `gave-up`.\n\n",
    "With --json, one object per puzzle: \"index\" (from 1), \"line\", \"outcome\" (\"rated\", ",
    "\"none\", \"several\", \"gave-up\" with \"reason\", \"error\" with \"error\"), and when rated ",
    "\"difficulty\", \"score\", \"hardest\", \"guesses\", \"steps\", \"solved\", \"techniques\" ",
    "([name, times] pairs).\n\n",
    "Exit status:\n",
    "  0  success: every puzzle rated\n",
    "  1  usage error or internal error\n",
    "  2  bad input: the file cannot be read, holds no puzzle, or some puzzle in it is not valid ",
    "(`error` in its place)\n",
    "  3  gave up: --max-nodes or --timeout ran out on some puzzle\n",
    "  7  some puzzle has no solution or several (and none was bad)"
);

const HINT_HELP: &str = "\
With --json, one object: \"technique\", \"difficulty\", \"explanation\", \"placements\" and
\"eliminations\" ([cell, digit] pairs), \"cells\" (names such as \"r4c7\").

Exit status:
  0  success: a step, or the puzzle is already solved
  1  usage error or internal error
  2  bad input: the puzzle cannot be read, or its digits break a rule (the message names the
     digit, the house and the cells)
  7  the puzzle has no solution: a digit placed is wrong";

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
            (jigsaw regions, X); a JSON object with a \"solution\" (what `generate --json` and \
            `solve --json` write) is read as its solution when it is the ANSWER. Prints `the answer \
            is correct`, or one line per problem: a given changed, an empty cell, a digit twice in \
            a row, column, box, region or diagonal. Exit status 0 when the answer is correct, 4 \
            when it is not, 2 when either cannot be read.",
        after_help = VERIFY_HELP
    )]
    Verify(SudokuVerifyArgs),
    /// Generate puzzles with exactly one solution, of a size, symmetry and difficulty.
    #[command(
        long_about = "Generate puzzles with exactly one solution: a random complete grid, then clues \
            removed while the puzzle keeps one solution (and, with --difficulty, while a person can \
            still solve it with that level's techniques); the result is kept only if its rating is \
            exactly that level. One puzzle a line on standard output (JSON with --json). The same \
            --seed gives the same puzzles, whatever --threads.",
        after_help = GENERATE_HELP
    )]
    Generate(SudokuGenerateArgs),
    /// Rate puzzles by the hardest technique a person needs to solve them.
    #[command(
        long_about = "Rate every puzzle of a file: solve it like a person, always with the easiest \
            technique that applies, and report the level of the hardest one needed (easy, medium, \
            hard, expert, extreme; fiendish for forcing chains; diabolical for a forcing net or a guess), a \
            numeric score (led by the SE estimate), the hardest \
            technique and the guesses. One line per puzzle: `LEVEL SCORE HARDEST`, or JSON.",
        after_help = RATE_HELP
    )]
    Rate(SudokuRateArgs),
    /// The next logical step of a puzzle, explained.
    #[command(
        long_about = "Print the next step a person can take on a puzzle (a file, `-`, or the puzzle \
            written on the command line): the easiest technique that applies, what it places or \
            removes, and why, in words.",
        after_help = HINT_HELP
    )]
    Hint(SudokuHintArgs),
    /// Make a print-ready book: puzzles N to a page, an answer key, as PDF or SVG pages.
    #[command(
        long_about = "Make a print-ready book of Sudoku puzzles: generated (--count, with the options of \
            `generate`) or read from a file (--input), or of mixed levels in sections (--section \
            easy:10,medium:10,hard:10), laid out --per-page to a page with an answer key at the \
            end, as one PDF (-o book.pdf; --pdfx for PDF/X-1a) or one SVG file per page (--svg -o DIR).",
        after_help = super::book::BOOK_HELP
    )]
    Book(super::book::SudokuBookArgs),
}

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

/// Engine, threads, budgets and output of `sudoku solve` and `sudoku count`.
#[derive(Debug, Args)]
pub struct SudokuRunArgs {
    #[command(flatten)]
    pub engine: EngineArgs<SudokuEngineArg>,

    #[command(flatten)]
    pub threads: ThreadsArgs,

    #[command(flatten)]
    pub budget: BudgetArgs,

    #[command(flatten)]
    pub output: OutputArgs,
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

    #[command(flatten)]
    pub output: JsonArg,
}

/// The grid that `sudoku generate` and `sudoku book` make: `--size`, `--boxes`, `--x`,
/// `--jigsaw`.
#[derive(Debug, Clone, Args)]
pub struct SudokuGridArgs {
    /// Digits per house: 4, 6, 8, 9, 12, 16 or 25 (the usual boxes; see --boxes). Default 9, or
    /// the size --boxes makes.
    #[arg(long)]
    pub size: Option<usize>,
    /// Box shape ROWSxCOLS, e.g. 3x2, instead of the usual one for the size.
    #[arg(long, value_name = "RxC")]
    pub boxes: Option<String>,
    /// Sudoku X: both diagonals hold every digit once (shaded in print).
    #[arg(long)]
    pub x: bool,
    /// Jigsaw: random irregular regions (connected, of --size cells each) instead of boxes,
    /// drawn anew for each puzzle from its seed. Not with --boxes.
    #[arg(long, conflicts_with = "boxes")]
    pub jigsaw: bool,
}

/// Options of `tessera sudoku generate`.
#[derive(Debug, Args)]
pub struct SudokuGenerateArgs {
    #[command(flatten)]
    pub grid: SudokuGridArgs,
    /// Only puzzles of exactly this level: easy, medium, hard, expert, extreme, fiendish, diabolical.
    #[arg(long, value_parser = parse_difficulty)]
    pub difficulty: Option<tessera::sudoku::logic::Difficulty>,
    /// Symmetry of the clues: none, rot180, rot90, mirror, diagonal.
    #[arg(long, default_value = "none", value_parser = parse_symmetry)]
    pub symmetry: tessera::sudoku::Symmetry,
    /// Remove clues while the solution stays unique, so that none can be removed.
    #[arg(long)]
    pub minimal: bool,
    /// How many puzzles (in the whole run, of which --shard makes a share).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    #[command(flatten)]
    pub threads: ThreadsArgs,
    /// The first puzzle's seed; puzzle k (from 0) uses SEED + k. Default: from the clock
    /// (printed with --json).
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub shard: SeedShardArgs,
    /// What each puzzle is written as: text (the puzzle's line), json (the same as --json),
    /// csv (a header, then puzzle,solution,seed,level,score,se,clues,hardest) or jsonl (one
    /// object a line with those keys). See below.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<GenerateFormat>,
    /// Drop a puzzle equivalent to one already made in the run (the same up to band, stack, row
    /// and column moves, transposition and relabelling digits), and make others in its place.
    /// Not with --x or --shard.
    #[arg(long)]
    pub unique_under_symmetry: bool,
    /// Only puzzles whose SE estimate (Sudoku Explainer's scale, in tenths) is in RANGE: `A..B`
    /// (both included), `A..` (A or more), `..B` (at most B), or `A` (exactly A). Not with --shard.
    #[arg(long, value_name = "RANGE", value_parser = parse_se_range, allow_hyphen_values = true)]
    pub se: Option<SeRange>,
    /// With --se or --unique-under-symmetry: make at most N candidates in the whole run before
    /// giving up (exit status 3). Default: 1000 per puzzle asked for.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub tries: Option<u64>,
    #[command(flatten)]
    pub shape: super::SudokuShapeArgs,
    #[command(flatten)]
    pub registry: super::RegistryArg,
    #[command(flatten)]
    pub budget: BudgetArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `sudoku generate --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GenerateFormat {
    /// One puzzle a line.
    Text,
    /// One JSON object a line, as --json: index, seed, puzzle, solution, givens, difficulty,
    /// score, se, hardest, attempts.
    Json,
    /// Comma-separated values with a header line: puzzle,solution,seed,level,score,se,clues,hardest.
    Csv,
    /// JSON Lines with the CSV's columns as keys.
    Jsonl,
}

/// `sudoku generate --se`: SE ratings from `min` to `max`, both included.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SeRange {
    pub min: f64,
    pub max: f64,
}

/// The highest lower bound `--se` accepts: Sudoku Explainer's scale ends near 12.
pub const SE_CEILING: f64 = 12.0;

impl SeRange {
    /// Whether an SE rating (rounded to tenths, as SE prints it) is in the range.
    pub fn contains(&self, se: f64) -> bool {
        const SLACK: f64 = 1e-9;
        self.min - SLACK <= se && se <= self.max + SLACK
    }
}

impl std::fmt::Display for SeRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // 5 as 5.0, as SE ratings are written; more decimals as given.
        let show = |x: f64| if x.fract() == 0.0 { format!("{x:.1}") } else { x.to_string() };
        match (self.min, self.max) {
            (min, max) if min == max => write!(f, "{}", show(min)),
            (0.0, max) => write!(f, "..{}", show(max)),
            (min, f64::INFINITY) => write!(f, "{}..", show(min)),
            (min, max) => write!(f, "{}..{}", show(min), show(max)),
        }
    }
}

/// `--se A..B`, `A..`, `..B` or `A`: SE ratings, never negative, the range not empty.
pub fn parse_se_range(text: &str) -> Result<SeRange, String> {
    let form = "give A..B (both included), A.., ..B or A, with SE ratings such as 7.0..8.0";
    let bound = |part: &str| -> Result<f64, String> {
        let value: f64 = part.trim().parse().map_err(|_| format!("{part:?} is not an SE rating; {form}"))?;
        if !value.is_finite() || value < 0.0 {
            return Err(format!("{part:?} is not an SE rating (a number of zero or more); {form}"));
        }
        Ok(value)
    };
    let (min, max) = match text.split_once("..") {
        Some(("", "")) => return Err(format!("{text:?} has no bound; {form}")),
        Some(("", max)) => (0.0, bound(max)?),
        Some((min, "")) => (bound(min)?, f64::INFINITY),
        Some((min, max)) => (bound(min)?, bound(max)?),
        None => {
            let value = bound(text)?;
            (value, value)
        }
    };
    if min > max {
        return Err(format!("{text:?} is empty: {min} is above {max}; {form}"));
    }
    if min > SE_CEILING {
        return Err(format!(
            "{text:?} starts above {SE_CEILING}, where Sudoku Explainer's scale ends; no puzzle would qualify"
        ));
    }
    Ok(SeRange { min, max })
}

/// Options of `tessera sudoku rate`.
#[derive(Debug, Args)]
pub struct SudokuRateArgs {
    /// The puzzles; `-` (the default) reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: PathBuf,
    #[command(flatten)]
    pub threads: ThreadsArgs,
    #[command(flatten)]
    pub budget: BudgetArgs,
    #[command(flatten)]
    pub output: JsonArg,
}

/// Options of `tessera sudoku hint`.
#[derive(Debug, Args)]
pub struct SudokuHintArgs {
    /// The puzzle as it stands: a file, `-`, or the puzzle itself.
    #[arg(value_name = "PUZZLE")]
    pub puzzle: String,
    #[command(flatten)]
    pub output: JsonArg,
}

pub(super) fn parse_difficulty(text: &str) -> Result<tessera::sudoku::logic::Difficulty, String> {
    text.parse().map_err(|_| {
        format!("unknown difficulty {text:?}; expected easy, medium, hard, expert, extreme, fiendish or diabolical")
    })
}

pub(super) fn parse_symmetry(text: &str) -> Result<tessera::sudoku::Symmetry, String> {
    text.parse().map_err(|e: tessera::Error| e.to_string())
}
