//! The families registered on the command line: for each, its generator's flags and what the
//! generic commands (`args/family.rs`, `commands/family.rs`) need to know of it beside the
//! library's traits.

use clap::Args;
use tessera::kenken::{self, KenKen};
use tessera::Budget;

use super::Family;

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

    fn violation(violation: &kenken::Violation) -> (&'static str, Vec<usize>) {
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
