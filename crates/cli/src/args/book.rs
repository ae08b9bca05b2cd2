//! `tessera sudoku book` and `tessera hidato book`: print-ready puzzle books.

use std::path::PathBuf;

use clap::Args;

use super::{BudgetArgs, ThreadsArgs};

/// The most puzzles in one book (about 850 pages at 12 a page, plus the key).
pub const MAX_BOOK: u64 = 10_000;

/// The help after both `book` commands.
pub const BOOK_HELP: &str = "\
Output: with -o book.pdf, one PDF: the puzzles --per-page to a page (1 to 12: 1, 2, 3 stacked, 4
as 2x2, 6 as 2x3, 9 as 3x3, 12 as 3x4), then the answer key with smaller grids, every page
numbered. Under each grid: its level, its number in the book (#12) and its seed (generated) or a
short id of its text (--input: the first 8 hex digits of the FNV-1a hash of its line). The fonts
(Go Regular and Bold, BSD licence) are embedded, subset to the characters used. With --svg, -o
names a directory (made if missing) that gets one SVG file per page: page-001.svg, page-002.svg,
... (any page-*.svg already there is replaced; other files are left alone).

Paper: --page a4 (default), letter, a5, 6x9in (US trade) or any WxH in in or mm; the grids are
laid out inside the margins of that trim size. --bleed 0.125in makes each PDF page 0.25 in wider
and taller (6x9in: 6.25 x 9.25 in), the content centred in the declared TrimBox; the SVG pages
ignore --bleed. A layout whose cells would be under 5 mm (a 16x16 grid 12 to a page, or 12 9x9
grids on a 6x9in page) is refused, naming how many a page can hold.

The same --seed makes the same book, whatever --threads. --input lays out puzzles made earlier
(one a line, or any format `solve` reads, `generate --format csv` included); each must have
exactly one solution, or nothing is written. --registry FILE (as `generate`'s) skips puzzles
already in FILE and registers the book's puzzles just before it is written; --clues, --mask and
--attempts (Sudoku) and --keep-ends (Hidato) are `generate`'s.

Exit status:
  0  success
  1  usage error (a layout too small, a level the size cannot reach) or the file cannot be written
  2  bad input: the --input, --registry or --mask file cannot be read, or a puzzle or line in it
     is not valid (an --input puzzle not unique)
  3  gave up: the time budget, --attempts or the registry's seeds ran out on some puzzle (no book
     is written)";

/// Output options of both `book` commands.
#[derive(Debug, Args)]
pub struct BookOutputArgs {
    /// The PDF file to write; with --svg, the directory of the pages.
    #[arg(short, long, value_name = "PATH")]
    pub output: PathBuf,
    /// One SVG file per page in the directory -o, instead of a PDF.
    #[arg(long)]
    pub svg: bool,
    /// Puzzle grids per page, 1 to 12.
    #[arg(long, value_name = "N", default_value_t = 4,
          value_parser = clap::value_parser!(u64).range(1..=tessera_print::MAX_PER_PAGE as u64))]
    pub per_page: u64,
    /// Paper (the trim size): a4, letter, a5, 6x9in, or WxH with a unit, e.g. 5.5x8.5in or
    /// 148x210mm (each side 2 to 40 in).
    #[arg(long, value_name = "SIZE", default_value = "a4")]
    pub page: tessera_print::PageSize,
    /// Bleed around the trim size, e.g. 0.125in or 3mm (0 to 0.5in): the PDF page grows by it
    /// on every side and declares TrimBox and BleedBox; SVG pages stay the trim size.
    #[arg(long, value_name = "LEN", default_value = "0", value_parser = tessera_print::parse_bleed)]
    pub bleed: u32,
    /// The header of the puzzle pages (default: the puzzle's name and the level).
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
    /// Hide the progress bar.
    #[arg(long)]
    pub no_progress: bool,
    #[command(flatten)]
    pub threads: ThreadsArgs,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// Options of `tessera sudoku book`.
#[derive(Debug, Args)]
pub struct SudokuBookArgs {
    /// Lay out the puzzles of this file instead of generating (`-` reads standard input).
    #[arg(long, value_name = "FILE",
          conflicts_with_all = ["count", "seed", "difficulty", "size", "boxes", "x", "symmetry", "minimal",
                                "clues", "mask", "attempts", "registry"])]
    pub input: Option<PathBuf>,
    /// How many puzzles to generate, 1 to 10000.
    #[arg(long, required_unless_present = "input", value_parser = clap::value_parser!(u64).range(1..=MAX_BOOK))]
    pub count: Option<u64>,
    /// Only puzzles of exactly this level: easy, medium, hard, expert, extreme, fiendish, diabolical.
    #[arg(long, value_parser = super::sudoku::parse_difficulty)]
    pub difficulty: Option<tessera::sudoku::logic::Difficulty>,
    /// The first puzzle's seed; puzzle k (from 0) uses SEED + k, as `sudoku generate`.
    /// Default: from the clock (printed under each grid).
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub grid: super::sudoku::SudokuGridArgs,
    /// Symmetry of the clues: none, rot180, rot90, mirror, diagonal.
    #[arg(long, default_value = "none", value_parser = super::sudoku::parse_symmetry)]
    pub symmetry: tessera::sudoku::Symmetry,
    /// Minimal puzzles: no clue can be removed.
    #[arg(long)]
    pub minimal: bool,
    #[command(flatten)]
    pub shape: super::SudokuShapeArgs,
    #[command(flatten)]
    pub registry: super::RegistryArg,
    #[command(flatten)]
    pub book: BookOutputArgs,
}

/// Options of `tessera hidato book`.
#[derive(Debug, Args)]
pub struct HidatoBookArgs {
    /// Lay out the puzzles of this file instead of generating (any format `solve` reads; `-`
    /// reads standard input).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["count", "seed", "difficulty", "size", "keep_ends", "registry"])]
    pub input: Option<PathBuf>,
    /// How many puzzles to generate, 1 to 10000.
    #[arg(long, required_unless_present = "input", value_parser = clap::value_parser!(u64).range(1..=MAX_BOOK))]
    pub count: Option<u64>,
    /// Only puzzles of exactly this level: easy, medium, hard, expert.
    #[arg(long, value_name = "LEVEL", value_parser = super::hidato::parse_hidato_difficulty)]
    pub difficulty: Option<tessera::hidato::Difficulty>,
    /// The first puzzle's seed; puzzle k (from 0) uses SEED + k, as `hidato generate`.
    /// Default: from the clock (printed under each grid).
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,
    /// A full rectangle of WIDTHxHEIGHT cells (default 7x7).
    #[arg(long, value_name = "WxH")]
    pub size: Option<String>,
    /// Numbrix: consecutive numbers touch orthogonally only.
    #[arg(long)]
    pub numbrix: bool,
    /// Keep 1 and the last number given at every level (hard and expert hide them otherwise).
    #[arg(long)]
    pub keep_ends: bool,
    #[command(flatten)]
    pub registry: super::RegistryArg,
    #[command(flatten)]
    pub book: BookOutputArgs,
}
