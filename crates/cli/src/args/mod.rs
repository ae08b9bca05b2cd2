//! What the user asked for: the command line, parsed by clap's derive API and nothing else.
//!
//! Doing it is the business of [`crate::commands`]; this folder mirrors it, one module per
//! top-level subcommand. The flags that mean the same thing everywhere (budget, output, threads,
//! engine) are declared once in [`common`] and flattened into each command. Each command's help
//! ends with the exit statuses that command can return, and no others.

pub mod book;
pub mod collection;
pub mod common;
pub mod families;
pub mod family;
pub mod hidato;
pub mod queens;
pub mod serve;
pub mod shard;
pub mod sudoku;
pub mod sudoku_engine;
pub mod tiling;
pub mod xc;

use clap::{Parser, Subcommand};

pub use book::*;
pub use collection::{RegistryArg, SudokuShapeArgs};
pub use common::{BudgetArgs, EngineArgs, JsonArg, OutputArgs, SeedShardArgs, ThreadsArgs};
pub use families::*;
pub use family::*;
pub use hidato::*;
pub use queens::*;
pub use serve::*;
pub use shard::*;
pub use sudoku::*;
pub use sudoku_engine::*;
pub use tiling::*;
pub use xc::*;

/// The exit statuses of every command, shown under `tessera --help`.
/// The same for every puzzle; README.md, "Exit status", holds the same table.
pub const EXIT_CODES: &str = "\
Exit status (the same for every puzzle):
  0  success (including \"no solution\" and a count stopped by --limit)
  1  usage error (a bad flag or flag value) or internal error
  2  bad input: a file cannot be read or is not valid
  3  gave up: --max-nodes or --timeout ran out before the answer was known
  4  verify: the answer does not solve the puzzle (hidato: it changed a given or the shape)
  5  hidato verify: consecutive numbers do not touch
  6  hidato verify: the answer is incomplete
  7  not a puzzle: sudoku rate or hint got a grid with no solution (rate: or several)";

/// The exit statuses of a search over one problem (xc, tiling, queens).
pub const SEARCH_EXIT_CODES: &str = "\
Exit status:
  0  success (including \"no solution\" and a count stopped by --limit)
  1  usage error or internal error
  2  bad input: a file cannot be read or is not valid (the message gives line and column)
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

    /// Print no notes on standard error (limits reached, puzzles skipped, --stats); errors are
    /// still printed.
    #[arg(long, short, global = true)]
    pub quiet: bool,
}

/// The top-level subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Exact cover: count or list the solutions of a problem in Knuth's DLX format.
    #[command(subcommand, after_help = SEARCH_EXIT_CODES)]
    Xc(XcCommand),
    /// Sudoku from 4x4 to 25x25 (classic, X, jigsaw): solve, count, verify, generate, rate, hint.
    #[command(subcommand, after_help = SUDOKU_EXIT_CODES)]
    Sudoku(SudokuCommand),
    /// Hidato and Numbrix (seed format or JSON): solve, count solutions, verify an answer, generate.
    #[command(subcommand, after_help = HIDATO_EXIT_CODES)]
    Hidato(HidatoCommand),
    /// Killer Sudoku (cages with sums over a Sudoku): solve, count, verify, generate, rate, hint,
    /// book.
    #[command(subcommand, after_help = FAMILY_HELP)]
    Killer(FamilyCommand<tessera::killer::Killer>),
    /// KenKen (Calcudoku): solve, count, verify, generate, rate, hint, book.
    #[command(subcommand, after_help = FAMILY_HELP)]
    Kenken(FamilyCommand<tessera::kenken::KenKen>),
    /// Star Battle (K stars in every row, column and region, none touching): solve, count,
    /// verify, generate, rate, hint, book.
    #[command(subcommand, after_help = FAMILY_HELP)]
    Starbattle(FamilyCommand<tessera::starbattle::StarBattle>),
    /// Variant Sudoku as data (killer cages, thermometers, arrows, kropki, XV, little killers,
    /// sandwiches, whispers, ...): solve, count, verify, generate, rate, hint, book.
    #[command(subcommand, after_help = VARIANT_HELP)]
    Variant(FamilyCommand<tessera::variant::Variant>),
    /// Skyscrapers (a Latin square; clues count the buildings seen): solve, count, verify,
    /// generate, rate, hint, book.
    #[command(subcommand, after_help = GENRE_HELP)]
    Skyscrapers(FamilyCommand<tessera::variant::Skyscrapers>),
    /// Futoshiki (a Latin square with inequality signs): solve, count, verify, generate, rate,
    /// hint, book.
    #[command(subcommand, after_help = GENRE_HELP)]
    Futoshiki(FamilyCommand<tessera::variant::Futoshiki>),
    /// Nonogram (runs of shaded cells in every row and column): solve, count, verify, generate,
    /// rate, hint, book.
    #[command(subcommand, after_help = NONOGRAM_HELP)]
    Nonogram(FamilyCommand<tessera::nonogram::Nonogram>),
    /// Kakuro (runs of distinct digits adding up to their clues): solve, count, verify,
    /// generate, rate, hint, book.
    #[command(subcommand, after_help = KAKURO_HELP)]
    Kakuro(FamilyCommand<tessera::kakuro::Kakuro>),
    /// Takuzu, also Binairo (0s and 1s: no three alike side by side, balanced lines, no two
    /// alike): solve, count, verify, generate, rate, hint, book.
    #[command(subcommand, after_help = TAKUZU_HELP)]
    Takuzu(FamilyCommand<tessera::takuzu::Takuzu>),
    /// Akari, also Light Up (bulbs that light every white cell, never each other; numbered
    /// walls count their bulbs): solve, count, verify, generate, rate, hint, book.
    #[command(subcommand, after_help = AKARI_HELP)]
    Akari(FamilyCommand<tessera::akari::Akari>),
    /// Polyomino tiling: count or show the ways to cover a board with pieces (pentominoes, ...).
    #[command(subcommand, after_help = TILING_HELP)]
    Tiling(TilingCommand),
    /// N-queens: show solutions or count them.
    #[command(long_about = QUEENS_ABOUT, after_help = QUEENS_HELP)]
    Queens(QueensArgs),
    /// Add up the manifests of a sharded count, after checking every prefix was counted once.
    #[command(long_about = MERGE_ABOUT, after_help = MERGE_HELP)]
    Merge(MergeArgs),
    /// Play in the browser: start the web game and print its address.
    #[command(long_about = SERVE_ABOUT, after_help = SERVE_EXIT_CODES)]
    Serve(ServeArgs),
    /// Print a shell completion script for SHELL (bash, elvish, fish, powershell, zsh).
    #[command(long_about = COMPLETIONS_ABOUT)]
    Completions(CompletionsArgs),
    /// Print the manual page (roff; read it with `tessera man | man -l -`).
    Man,
}

/// `tessera completions --help`.
const COMPLETIONS_ABOUT: &str = "\
Print a shell completion script for SHELL, made from the same command line as --help. Bash:
`tessera completions bash > ~/.local/share/bash-completion/completions/tessera`; zsh: into a
directory of $fpath as `_tessera`; fish: `~/.config/fish/completions/tessera.fish`.";

/// Options of `tessera completions`.
#[derive(Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }
}
