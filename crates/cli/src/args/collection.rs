//! The publisher's flags shared by `generate` and `book`: the registry of puzzles already
//! published (`--registry`), and the shaping of a Sudoku's givens (`--clues`, `--mask`,
//! `--attempts`).

use std::path::PathBuf;

use clap::Args;

/// `--registry FILE`.
#[derive(Debug, Clone, Args)]
pub struct RegistryArg {
    /// Never make a puzzle already in FILE (or equivalent to one: the same up to the grid's
    /// symmetries); each new puzzle is appended to it as it is made. The file is created with
    /// its header when missing. See below.
    #[arg(long, value_name = "FILE")]
    pub registry: Option<PathBuf>,
}

/// `--clues`, `--mask` and `--attempts` of `sudoku generate` and `sudoku book`.
#[derive(Debug, Clone, Args)]
pub struct SudokuShapeArgs {
    /// The number of clues: N, or A..B (both included). Removal stops at a count drawn in the
    /// range; an attempt that cannot get down into it, or ends at another level, is made again.
    #[arg(long, value_name = "N|A..B", value_parser = parse_clues, conflicts_with_all = ["minimal", "mask"])]
    pub clues: Option<(usize, usize)>,
    /// A file of the givens' pattern: one row a line, `x` for a given and `.` for an empty
    /// cell; the puzzle's givens are exactly the `x` cells (a picture, or a symmetric pattern:
    /// it must have --symmetry when one is given).
    #[arg(long, value_name = "FILE", conflicts_with = "minimal")]
    pub mask: Option<PathBuf>,
    /// With --clues or --mask: attempts per puzzle before giving up on it (default 1000 with
    /// --clues, 100000 with --mask, whose attempts are cheap).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub attempts: Option<u32>,
}

/// `--clues N` or `A..B`.
pub fn parse_clues(text: &str) -> Result<(usize, usize), String> {
    let number = |part: &str| {
        part.trim()
            .parse::<usize>()
            .map_err(|_| format!("{part:?} is not a number of clues; give N or A..B, e.g. 30..34"))
    };
    let (min, max) = match text.split_once("..") {
        Some((min, max)) => (number(min)?, number(max.strip_prefix('=').unwrap_or(max))?),
        None => {
            let n = number(text)?;
            (n, n)
        }
    };
    if min > max {
        return Err(format!("{min}..{max} is empty; give the smaller number first"));
    }
    Ok((min, max))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clue_ranges_parse() {
        assert_eq!(parse_clues("30"), Ok((30, 30)));
        assert_eq!(parse_clues("28..32"), Ok((28, 32)));
        assert_eq!(parse_clues("28..=32"), Ok((28, 32)));
        assert!(parse_clues("32..28").unwrap_err().contains("empty"));
        assert!(parse_clues("many").unwrap_err().contains("not a number"));
        assert!(parse_clues("..30").is_err());
    }
}
