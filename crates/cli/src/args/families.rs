//! The families registered on the command line: for each, its generator's flags and what the
//! generic commands (`args/family.rs`, `commands/family.rs`) need to know of it beside the
//! library's traits.

use clap::Args;
use tessera::kenken::{self, KenKen};
use tessera::killer::{self, Killer};
use tessera::starbattle::{self, StarBattle};
use tessera::variant::{self, Variant};
use tessera::Budget;

use super::{named, Family};

/// The exit statuses and formats of the family commands, under `tessera <family> --help`.
pub const FAMILY_HELP: &str = "\
Input and output: the janko.at text format, puzzles one after another with blank lines and #
comment lines between them (see the README, \"Killer Sudoku, KenKen and Star Battle\"); every
output reads back. JSON lines as `generate --json` and `solve --json` write them are read
through their \"puzzle\" or \"solution\" text.

Exit status:
  0  success (including \"no solution\")
  1  usage error or internal error
  2  bad input: a file cannot be read or is not valid (the message gives line and column)
  3  gave up: --max-nodes or --timeout ran out on some puzzle
  4  verify: an answer breaks a rule of its puzzle
  7  rate: the techniques found a contradiction (no solution)";

/// The formats and exit statuses of `tessera variant`, under `tessera variant --help`.
pub const VARIANT_HELP: &str = "\
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

Exit status:
  0  success (including \"no solution\")
  1  usage error or internal error
  2  bad input: a file cannot be read or is not valid (the message gives line and column)
  3  gave up: --max-nodes or --timeout ran out on some puzzle
  4  verify: an answer breaks a rule of its puzzle
  7  rate: the techniques found a contradiction (no solution)";

/// `tessera killer generate` and `book`: the side.
#[derive(Debug, Clone, Args)]
pub struct KillerShape {
    /// The side N of the NxN grid: 4, 6, 8, 9, 10, 12, ... 25 (not prime; boxes as in Sudoku).
    #[arg(long, value_name = "N", default_value_t = 9)]
    pub size: usize,
}

impl Family for Killer {
    const TITLE: &'static str = "Killer Sudoku";
    type Shape = KillerShape;

    fn spec(
        shape: &KillerShape,
        level: Option<killer::Difficulty>,
        budget: &Budget,
    ) -> Result<killer::Generator, tessera::Error> {
        let mut generator = killer::Generator::new(shape.size)?.budget(budget.clone());
        if let Some(level) = level {
            generator = generator.difficulty(level);
        }
        Ok(generator)
    }

    fn read_answer(text: &str) -> Result<killer::Grid, tessera::Error> {
        killer::Grid::parse_answer(text)
    }

    fn violation(&self, violation: &killer::Violation) -> (&'static str, Vec<usize>) {
        use killer::Violation as V;
        let n = self.size();
        let cells = |cells: &[(usize, usize)]| cells.iter().map(|&(r, c)| r * n + c).collect();
        match violation {
            V::Size { .. } => ("size-differs", Vec::new()),
            V::Empty { cell: (r, c) } => ("empty", vec![r * n + c]),
            V::Given { cell: (r, c), .. } => ("given-changed", vec![r * n + c]),
            V::Repeated { house: "row", cells: at, .. } => ("repeated-in-row", cells(at)),
            V::Repeated { house: "column", cells: at, .. } => ("repeated-in-column", cells(at)),
            V::Repeated { cells: at, .. } => ("repeated-in-box", cells(at)),
            V::CageRepeat { cells: at, .. } => ("repeated-in-cage", cells(at)),
            V::CageSum { cells: at, .. } => ("cage-sum", cells(at)),
            _ => ("other", Vec::new()),
        }
    }
}

/// `tessera kenken generate` and `book`: the side and the form.
#[derive(Debug, Clone, Args)]
pub struct KenKenShape {
    /// The side N of the NxN grid, 3 to 12.
    #[arg(long, value_name = "N", default_value_t = 6,
          value_parser = clap::value_parser!(u64).range(3..=12))]
    pub size: u64,
    /// Hide the operations: multi-cell cages show their target only.
    #[arg(long)]
    pub hidden_operations: bool,
}

impl Family for KenKen {
    const TITLE: &'static str = "KenKen";
    type Shape = KenKenShape;

    fn spec(
        shape: &KenKenShape,
        level: Option<kenken::Difficulty>,
        budget: &Budget,
    ) -> Result<kenken::Generator, tessera::Error> {
        let mut generator = kenken::Generator::new(shape.size as usize)
            .hidden_operations(shape.hidden_operations)
            .budget(budget.clone());
        if let Some(level) = level {
            generator = generator.difficulty(level);
        }
        Ok(generator)
    }

    fn read_answer(text: &str) -> Result<kenken::Grid, tessera::Error> {
        KenKen::parse_answer(text)
    }

    fn violation(&self, violation: &kenken::Violation) -> (&'static str, Vec<usize>) {
        use kenken::Violation as V;
        match violation {
            V::Size { .. } => ("size-differs", Vec::new()),
            V::Value { cell, value: 0, .. } => ("empty", vec![*cell]),
            V::Value { cell, .. } => ("out-of-range", vec![*cell]),
            V::Row { cells, .. } => ("repeated-in-row", cells.clone()),
            V::Column { cells, .. } => ("repeated-in-column", cells.clone()),
            V::Cage { cells, .. } => ("cage", cells.clone()),
            _ => ("other", Vec::new()),
        }
    }
}

/// `tessera starbattle generate` and `book`: the side and the stars.
#[derive(Debug, Clone, Args)]
pub struct StarBattleShape {
    /// The side N of the NxN grid (N regions), 4 to 30.
    #[arg(long, value_name = "N", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(4..=30))]
    pub size: u64,
    /// K, the stars in every row, column and region (1 to 6; at most about N/4 can fit).
    #[arg(long, value_name = "K", default_value_t = 2,
          value_parser = clap::value_parser!(u64).range(1..=6))]
    pub stars: u64,
}

impl Family for StarBattle {
    const TITLE: &'static str = "Star Battle";
    type Shape = StarBattleShape;

    fn spec(
        shape: &StarBattleShape,
        level: Option<starbattle::Difficulty>,
        budget: &Budget,
    ) -> Result<starbattle::Generator, tessera::Error> {
        let mut generator =
            starbattle::Generator::new(shape.size as usize, shape.stars as usize)?.budget(budget.clone());
        if let Some(level) = level {
            generator = generator.difficulty(level);
        }
        Ok(generator)
    }

    fn read_answer(text: &str) -> Result<starbattle::Stars, tessera::Error> {
        text.parse()
    }

    fn violation(&self, violation: &starbattle::Violation) -> (&'static str, Vec<usize>) {
        use starbattle::Violation as V;
        let width = self.width();
        let all = 0..self.cells().len();
        match violation {
            V::Size { .. } => ("size-differs", Vec::new()),
            V::Blocked { cell, .. } => ("star-on-blocked-cell", vec![*cell]),
            V::Row { row, .. } => ("row-count", (row * width..(row + 1) * width).collect()),
            V::Column { column, .. } => ("column-count", all.filter(|c| c % width == *column).collect()),
            V::Region { id, .. } => {
                ("region-count", all.filter(|&c| self.cells()[c].region() == Some(*id)).collect())
            }
            V::Touching { cells: (a, b), .. } => ("touching", vec![*a, *b]),
            _ => ("other", Vec::new()),
        }
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

/// The kinds of the grid's own rules, as the variant verifier names them; a constraint's kind is
/// its [`variant::Constraint::name`].
const VARIANT_GRID_KINDS: [&str; 6] =
    ["size-differs", "empty", "given-changed", "repeated-in-row", "repeated-in-column", "repeated-in-region"];

impl Family for Variant {
    const TITLE: &'static str = "Variant Sudoku";
    type Shape = VariantShape;

    fn spec(
        shape: &VariantShape,
        level: Option<variant::Difficulty>,
        budget: &Budget,
    ) -> Result<variant::Generator, tessera::Error> {
        let mut generator = variant::Generator::new(shape.size)?.budget(budget.clone());
        if let Some(template) = shape.template {
            generator = generator.template(template);
        }
        if let Some(level) = level {
            generator = generator.difficulty(level);
        }
        Ok(generator)
    }

    fn read_answer(text: &str) -> Result<variant::Grid, tessera::Error> {
        variant::Grid::parse(text)
    }

    fn violation(&self, violation: &variant::Violation) -> (&'static str, Vec<usize>) {
        let n = self.size();
        let kind = match violation.constraint {
            Some(at) => self.constraints.get(at.wrapping_sub(1)).map(variant::Constraint::name),
            None => VARIANT_GRID_KINDS.iter().copied().find(|kind| *kind == violation.kind),
        };
        let cells = violation.cells.iter().filter_map(|cell| cell.index(n)).collect();
        (kind.unwrap_or("other"), cells)
    }

    /// An answer is its rows of digits, no header: a first line of L digits (or numbers between
    /// spaces) starts an LxL grid when L - 1 more rows of L follow; otherwise it is a whole grid
    /// on one line (16 digits: a 4x4 grid, unless 15 rows of 16 follow it).
    fn answer_rows(first: &str, next: &[&str]) -> usize {
        let width = |line: &str| {
            if line.contains(' ') {
                line.split_whitespace().count()
            } else {
                line.trim().chars().count()
            }
        };
        let side = width(first);
        if !(variant::MIN_SIZE..=variant::MAX_SIZE).contains(&side) {
            return 0;
        }
        let rows: Vec<&str> =
            next.iter().copied().filter(|line| !line.trim().is_empty()).take(side - 1).collect();
        // 16 digits are a row of a 16x16 grid or a whole 4x4 grid: the rows that follow tell.
        if side == 16 && !(rows.len() == side - 1 && rows.iter().all(|row| width(row) == side)) {
            return 0;
        }
        side - 1
    }
}
