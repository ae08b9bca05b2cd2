//! The commands of every puzzle family that implements the library's whole convention
//! (`tessera::Puzzle`, `Readable`, `Generate`, `Rate`, `Draw`): Killer Sudoku, KenKen and Star
//! Battle. One set of clap definitions, generic over the family ([`Family`]); a family adds only
//! its generator's flags and a few words of help (`args/families.rs`).

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Subcommand};
use tessera::{Named, Rate};

use super::{BudgetArgs, JsonArg, OutputArgs, SeedShardArgs, ThreadsArgs};

/// A puzzle family as the command line carries it: the library's [`tessera::Family`] (its
/// title, answers, violations), plus its generator's own flags.
pub trait Family: tessera::Family {
    /// The most bytes read from one file.
    const FILE_BYTES: u64 = 32 << 20;
    /// The generator's own flags (the size, ...).
    type Shape: Args + Side + Clone + std::fmt::Debug + Send + Sync;

    /// The generator's settings from its flags, the level asked for and the budget of one puzzle
    /// (default: the library's generator of the side, [`shaped`](Family::shaped) by the flags).
    fn spec(
        shape: &Self::Shape,
        level: Option<<Self as Rate>::Level>,
        budget: &tessera::Budget,
    ) -> Result<Self::Spec, tessera::Error> {
        Ok(Self::shaped(shape, <Self as tessera::Family>::generator(shape.side(), level, budget)?))
    }

    /// The library's generator of the side with the flags beyond the side set (default: it has
    /// none).
    fn shaped(_shape: &Self::Shape, generator: Self::Spec) -> Self::Spec {
        generator
    }
}

/// Generator flags that say the side.
pub trait Side {
    /// The side N of the NxN grid.
    fn side(&self) -> usize;
}

/// A value parser over one of the library's name lists (engines, levels): the names in `--help`
/// and completions, the value itself after parsing.
pub fn named<E: Named>() -> impl TypedValueParser<Value = E> {
    PossibleValuesParser::new(E::names())
        .map(|name| E::all().iter().copied().find(|value| value.name() == name).expect("a listed name"))
}

/// `tessera <family> ...`
#[derive(Debug, Subcommand)]
pub enum FamilyCommand<P: Family> {
    /// Solve every puzzle of a file; print the answers in the same format and order.
    #[command(after_help = SOLVE_HELP)]
    Solve(FamilyRunArgs<P::Engine>),
    /// Count the solutions of every puzzle of a file, up to --limit (2 tells unique from not).
    #[command(after_help = COUNT_HELP)]
    Count(FamilyCountArgs<P::Engine>),
    /// Check answers against their puzzles: each broken rule on its own line.
    #[command(after_help = VERIFY_HELP)]
    Verify(FamilyVerifyArgs),
    /// Generate puzzles with exactly one solution, at a level, from a seed.
    #[command(after_help = GENERATE_HELP)]
    Generate(FamilyGenerateArgs<P>),
    /// Rate puzzles by the human techniques their solution needs.
    #[command(after_help = RATE_HELP)]
    Rate(FamilyRateArgs),
    /// The next step a person can take, explained.
    #[command(after_help = RATE_HELP)]
    Hint(FamilyRateArgs),
    /// Make a print-ready book: puzzles N to a page, an answer key, as PDF or SVG pages.
    #[command(after_help = super::book::BOOK_HELP)]
    Book(FamilyBookArgs<P>),
}

const SOLVE_HELP: &str = "\
Input: the janko.at text format (puzzles one after another, blank lines and # comment lines
between them), or JSON: one object, an array, or one object a line (what `generate --json` and
`solve --json` write, read through their \"puzzle\" or \"solution\").

With --json, one object per puzzle, one a line: \"index\" (from 1), \"outcome\" (\"solved\" with
\"solution\", \"none\", or \"gave-up\" with \"reason\"), \"seconds\". A puzzle with no solution is
printed unchanged with a note; one given up on too (status 3).

Exit status:
  0  success (including \"no solution\")
  1  usage error or internal error
  2  bad input: a file cannot be read or is not valid (the message gives line and column)
  3  gave up: --max-nodes or --timeout ran out on some puzzle";

const COUNT_HELP: &str = "\
One number a line, in input order, stopping at --limit; `gave-up` for a puzzle whose budget ran
out. With --json, one object a line: \"index\", \"limit\", and the keys of every count
(\"solutions\", \"outcome\", \"reason\", \"nodes\", \"seconds\", \"threads\", \"engine\").

Exit status:
  0  success
  1  usage error or internal error
  2  bad input: a file cannot be read or is not valid (the message gives line and column)
  3  gave up: --max-nodes or --timeout ran out on some puzzle";

const VERIFY_HELP: &str = "\
PUZZLE and ANSWER hold the same number of puzzles; the i-th answer is checked against the i-th
puzzle. With --json, one object: \"valid\" and \"violations\", each with \"index\", \"kind\",
\"message\" and \"cells\" (names such as \"r7c4\": row 7, column 4).

Exit status:
  0  every answer is correct
  1  usage error or internal error
  2  bad input: a file cannot be read or is not valid
  4  an answer breaks a rule of its puzzle";

const GENERATE_HELP: &str = "\
Puzzle k (from 0) is made from the seed SEED + k, so each depends only on --seed, its place and
the settings; --shard I/N makes the puzzles of k from floor(I*C/N) to floor((I+1)*C/N) - 1. In
text, each puzzle is preceded by a comment line `# seed S level L`, and the output reads back
(`tessera killer generate --count 10 --seed 1 | tessera killer count`). With --json, one object
a line: \"index\", \"seed\", \"level\", \"attempts\", \"puzzle\", \"solution\"; a puzzle given up on is
{\"index\", \"seed\", \"outcome\": \"gave-up\", \"reason\"}.

Exit status:
  0  success
  1  usage error or internal error
  3  gave up: --max-nodes or --timeout ran out on some puzzle";

const RATE_HELP: &str = "\
rate: one line per puzzle, `LEVEL score=S hardest=TECHNIQUE steps=N`; with --json one object a
line: \"index\", \"level\", \"score\", \"hardest\", \"steps\" (count), \"solved\". A puzzle the
techniques cannot finish is rated at the top level with \"solved\": false. Only a puzzle with
exactly one solution is rated or hinted (counted to 2 first, in the same budget): one with none
or several is `none` or `several` (\"outcome\" with --json), as Sudoku's are.
hint: the first step of each puzzle in words; with --json its \"technique\", \"explanation\",
\"placed\" and \"removed\" ([cell, value], cells numbered row by row from 0) and \"cells\".

Exit status:
  0  success
  1  usage error or internal error
  2  bad input: a file cannot be read or is not valid
  3  gave up: --timeout ran out on some puzzle
  7  not a puzzle: no solution or several (or the techniques found a contradiction)";

/// Input, engine, budget and output of `solve` and `count`.
#[derive(Debug, Args)]
pub struct FamilyRunArgs<E: Named> {
    /// The puzzles; `-` (the default) reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: PathBuf,

    /// The search engine (default: auto). All give the same answers.
    #[arg(long, value_name = "ENGINE", value_parser = named::<E>())]
    pub engine: Option<E>,

    #[command(flatten)]
    pub budget: BudgetArgs,

    #[command(flatten)]
    pub output: OutputArgs,
}

impl<E: Named + Default> FamilyRunArgs<E> {
    /// The engine asked for, or the default.
    pub fn engine(&self) -> E {
        self.engine.unwrap_or_default()
    }
}

/// `count`: the run and `--limit`.
#[derive(Debug, Args)]
pub struct FamilyCountArgs<E: Named> {
    #[command(flatten)]
    pub run: FamilyRunArgs<E>,

    /// Stop counting at N solutions (0: count them all).
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub limit: u64,
}

/// `verify PUZZLE ANSWER`.
#[derive(Debug, Args)]
pub struct FamilyVerifyArgs {
    /// The puzzles (`-` reads standard input).
    #[arg(value_name = "PUZZLE")]
    pub puzzle: PathBuf,
    /// The answers, in the answer format `solve` prints (`-` reads standard input).
    #[arg(value_name = "ANSWER")]
    pub answer: PathBuf,
    #[command(flatten)]
    pub output: JsonArg,
}

/// `rate` and `hint`.
#[derive(Debug, Args)]
pub struct FamilyRateArgs {
    /// The puzzles; `-` (the default) reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: PathBuf,
    #[command(flatten)]
    pub budget: BudgetArgs,
    #[command(flatten)]
    pub output: JsonArg,
}

/// What to generate: the family's shape flags, the level, the seed.
#[derive(Debug, Args)]
pub struct FamilySpecArgs<P: Family> {
    #[command(flatten)]
    pub shape: P::Shape,

    /// Only puzzles of exactly this level (default: any).
    #[arg(long, value_name = "LEVEL", value_parser = named::<<P as Rate>::Level>())]
    pub difficulty: Option<<P as Rate>::Level>,

    /// The first puzzle's seed; puzzle k (from 0) uses SEED + k. Default: from the clock.
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,
}

/// `generate`.
#[derive(Debug, Args)]
pub struct FamilyGenerateArgs<P: Family> {
    #[command(flatten)]
    pub spec: FamilySpecArgs<P>,

    /// How many puzzles (at least 1, as for Sudoku and Hidato).
    #[arg(long, value_name = "C", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,

    #[command(flatten)]
    pub shard: SeedShardArgs,

    #[command(flatten)]
    pub threads: ThreadsArgs,

    #[command(flatten)]
    pub budget: BudgetArgs,

    #[command(flatten)]
    pub output: OutputArgs,
}

/// `book`.
#[derive(Debug, Args)]
pub struct FamilyBookArgs<P: Family> {
    /// Lay out the puzzles of this file instead of generating (`-` reads standard input).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["count", "seed", "difficulty"])]
    pub input: Option<PathBuf>,

    /// How many puzzles to generate, 1 to 10000.
    #[arg(long, required_unless_present = "input",
          value_parser = clap::value_parser!(u64).range(1..=super::book::MAX_BOOK))]
    pub count: Option<u64>,

    #[command(flatten)]
    pub spec: FamilySpecArgs<P>,

    #[command(flatten)]
    pub book: super::book::BookOutputArgs,
}
