//! The families registered on the command line: for each, its generator's flags and what the
//! generic commands (`args/family.rs`, `commands/family.rs`) need to know of it beside the
//! library's traits.

use clap::Args;
use tessera::akari::Akari;
use tessera::kakuro::Kakuro;
use tessera::kenken::{self, KenKen};
use tessera::killer::Killer;
use tessera::nonogram::Nonogram;
use tessera::starbattle::{self, StarBattle};
use tessera::takuzu::Takuzu;
use tessera::variant::{self, Futoshiki, Skyscrapers, Variant};
use tessera::Budget;

use super::{named, Family, Side};

/// The exit statuses of every family's commands, Variant's included, as a literal for
/// `concat!`.
macro_rules! exit_statuses {
    () => {
        "
Exit status:
  0  success (including \"no solution\")
  1  usage error or internal error
  2  bad input: a file cannot be read or is not valid (the message gives line and column)
  3  gave up: --max-nodes or --timeout ran out on some puzzle
  4  verify: an answer breaks a rule of its puzzle
  7  rate: the techniques found a contradiction (no solution)"
    };
}

/// The exit statuses and formats of the family commands, under `tessera <family> --help`.
pub const FAMILY_HELP: &str = concat!(
    "\
Input and output: the janko.at text format, puzzles one after another with blank lines and #
comment lines between them (see docs/formats.md, \"Killer Sudoku, KenKen and Star Battle\"); every
output reads back. JSON lines as `generate --json` and `solve --json` write them are read
through their \"puzzle\" or \"solution\" text.
",
    exit_statuses!()
);

/// The formats and exit statuses of `tessera variant`, under `tessera variant --help`.
pub const VARIANT_HELP: &str = concat!(
    "\
Input: one puzzle a line, in any of these formats: an f-puzzles JSON file (its JSON on one line),
an f-puzzles or SudokuPad share link, an ISS string, or Tessera's own JSON (what `solve --json`,
`generate --json` and every text output write); blank and # comment lines between them. FILE may
also be a share link itself (an argument starting http://, https:// or N4Ig is read as the
puzzle, not as a path). Answers are rows of digits (1-9, then A-G for 10-16), one row a line,
or a whole grid on one line.

Examples:
  tessera variant solve examples/data/variant/thermo-4x4.json
  tessera variant count 'https://f-puzzles.com/?load=N4Ig...'
  tessera variant verify puzzle.json answer.txt --json
",
    exit_statuses!()
);

/// The formats and exit statuses of the pencil genres (`tessera skyscrapers --help`).
pub const GENRE_HELP: &str = concat!(
    "\
Input: puzzles one after another, blank and # comment lines between them, each in any of the
genre's forms (docs/formats.md, \"Pencil genres\"): a puzz.link address on one line (Skyscrapers),
the genre's text form, or Tessera's JSON on one line. Every output reads back. Answers are rows of
digits, one row a line, or a whole grid on one line.
",
    exit_statuses!()
);

/// The formats and exit statuses of `tessera nonogram --help`.
pub const NONOGRAM_HELP: &str = concat!(
    "\
Input: puzzles one after another, each in any of these forms (docs/formats.md, \"Nonogram\"): the
.non text of nonogram-db and webpbn (width, height, rows, columns; also what Tessera writes), a
puzz.link address on one line, or Tessera's JSON on one line. Every output reads back. Answers
are a `W H` line, then one line a row, # shaded and . empty.
",
    exit_statuses!()
);

/// The formats and exit statuses of `tessera kakuro --help`.
pub const KAKURO_HELP: &str = concat!(
    "\
Input: puzzles one after another, each in any of these forms (docs/formats.md, \"Kakuro\"): the
text form of janko.at's puzzles (a `ROWS COLS` line, then a line a row: 0 white, - a block, D,R
a clue block; also what Tessera writes), a puzz.link address on one line, or Tessera's JSON on
one line. Every output reads back. Answers are a `W H` line, then one line a row, a digit a
white cell and - a block.
",
    exit_statuses!()
);

/// The formats and exit statuses of `tessera takuzu --help`.
pub const TAKUZU_HELP: &str = concat!(
    "\
Input: puzzles one after another, each in any of these forms (docs/formats.md, \"Takuzu\"):
Tessera's text (a `W H` line, `W H repeat` when lines may be alike, then a line a row: 0, 1 and .
for an open cell), a game id of Tatham's unruly on one line (8x8u:...), or Tessera's JSON on one
line (puzz.link has no Takuzu genre). Every output reads back. Answers are a `W H` line, then one
line a row of 0s and 1s.
",
    exit_statuses!()
);

/// The formats and exit statuses of `tessera akari --help`.
pub const AKARI_HELP: &str = concat!(
    "\
Input: puzzles one after another, each in any of these forms (docs/formats.md, \"Akari\"): the
text form (a `W H` line, then a line a row: . white, X a wall, 0-4 a numbered wall), a puzz.link
address on one line (?lightup/W/H/...), a game id of Tatham's lightup, or Tessera's JSON on one
line. Every output reads back. Answers are a `W H` line, then one line a row, # a bulb and . none.
",
    exit_statuses!()
);

/// The side flag's parser: the family's [`tessera::Family::SIDES`].
fn side<P: tessera::Family>() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::new().range(*P::SIDES.start() as u64..=*P::SIDES.end() as u64)
}

/// Generator flags whose side is their `size`.
macro_rules! sized {
    ($($shape:ty),*) => {
        $(impl Side for $shape {
            fn side(&self) -> usize {
                self.size
            }
        })*
    };
}
sized!(
    KillerShape,
    KenKenShape,
    StarBattleShape,
    VariantShape,
    SkyscrapersShape,
    FutoshikiShape,
    NonogramShape,
    KakuroShape,
    TakuzuShape,
    AkariShape
);

/// `tessera killer generate` and `book`: the side.
#[derive(Debug, Clone, Args)]
pub struct KillerShape {
    /// The side N of the NxN grid: 4, 6, 8, 9, 10, 12, ... 25 (not prime; boxes as in Sudoku).
    #[arg(long, value_name = "N", default_value_t = 9)]
    pub size: usize,
}

impl Family for Killer {
    type Shape = KillerShape;
}

/// `tessera kenken generate` and `book`: the side and the form.
#[derive(Debug, Clone, Args)]
pub struct KenKenShape {
    /// The side N of the NxN grid, 3 to 12.
    #[arg(long, value_name = "N", default_value_t = 6, value_parser = side::<KenKen>())]
    pub size: usize,
    /// Hide the operations: multi-cell cages show their target only.
    #[arg(long)]
    pub hidden_operations: bool,
}

impl Family for KenKen {
    type Shape = KenKenShape;

    fn shaped(shape: &KenKenShape, generator: kenken::Generator) -> kenken::Generator {
        generator.hidden_operations(shape.hidden_operations)
    }
}

/// `tessera starbattle generate` and `book`: the side and the stars.
#[derive(Debug, Clone, Args)]
pub struct StarBattleShape {
    /// The side N of the NxN grid (N regions), 4 to 30.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = side::<StarBattle>())]
    pub size: usize,
    /// K, the stars in every row, column and region (1 to 6; at most about N/4 can fit).
    #[arg(long, value_name = "K", default_value_t = 2,
          value_parser = clap::value_parser!(u64).range(1..=6))]
    pub stars: u64,
}

impl Family for StarBattle {
    type Shape = StarBattleShape;

    fn spec(
        shape: &StarBattleShape,
        level: Option<starbattle::Difficulty>,
        budget: &Budget,
    ) -> Result<starbattle::Generator, tessera::Error> {
        Ok(starbattle::Generator::new(shape.size, shape.stars as usize)?.level(level).budget(budget.clone()))
    }
}

/// `tessera variant generate` and `book`: the side and the rules template.
#[derive(Debug, Clone, Args)]
pub struct VariantShape {
    /// The side N of the NxN grid, 4 to 16 (not prime: boxes as in Sudoku).
    #[arg(long, value_name = "N", default_value_t = 9)]
    pub size: usize,
    /// The rules template the generator fills (default: killer).
    #[arg(long, value_name = "NAME", value_parser = named::<variant::Template>())]
    pub template: Option<variant::Template>,
}

impl Family for Variant {
    type Shape = VariantShape;

    fn shaped(shape: &VariantShape, generator: variant::Generator) -> variant::Generator {
        match shape.template {
            Some(template) => generator.template(template),
            None => generator,
        }
    }
}

/// `tessera skyscrapers generate` and `book`: the side.
#[derive(Debug, Clone, Args)]
pub struct SkyscrapersShape {
    /// The side N of the NxN grid, 4 to 9.
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = side::<Skyscrapers>())]
    pub size: usize,
}

impl Family for Skyscrapers {
    type Shape = SkyscrapersShape;
}

/// `tessera futoshiki generate` and `book`: the side.
#[derive(Debug, Clone, Args)]
pub struct FutoshikiShape {
    /// The side N of the NxN grid, 4 to 9.
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = side::<Futoshiki>())]
    pub size: usize,
}

impl Family for Futoshiki {
    type Shape = FutoshikiShape;
}

/// `tessera nonogram generate` and `book`: the side.
#[derive(Debug, Clone, Args)]
pub struct NonogramShape {
    /// The side N of the NxN grid, 5 to 40.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = side::<Nonogram>())]
    pub size: usize,
}

impl Family for Nonogram {
    type Shape = NonogramShape;
}

/// `tessera kakuro generate` and `book`: the side.
#[derive(Debug, Clone, Args)]
pub struct KakuroShape {
    /// The side N of the NxN grid, its first row and column the clue cells, 4 to 24.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = side::<Kakuro>())]
    pub size: usize,
}

impl Family for Kakuro {
    type Shape = KakuroShape;
}

/// `tessera takuzu generate` and `book`: the side.
#[derive(Debug, Clone, Args)]
pub struct TakuzuShape {
    /// The side N of the NxN grid, even, 4 to 20 (lines distinct, as in Binairo).
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = side::<Takuzu>())]
    pub size: usize,
}

impl Family for Takuzu {
    type Shape = TakuzuShape;
}

/// `tessera akari generate` and `book`: the side.
#[derive(Debug, Clone, Args)]
pub struct AkariShape {
    /// The side N of the NxN grid, 5 to 25.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = side::<Akari>())]
    pub size: usize,
}

impl Family for Akari {
    type Shape = AkariShape;
}
