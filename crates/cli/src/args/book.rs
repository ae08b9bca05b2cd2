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
numbered. One a page, the label is a heading over the grid, sized to the page. The fonts (Go
Regular and Bold, BSD licence) are embedded, subset to the characters used. With --svg, -o names
a directory (made if missing) that gets one SVG file per page: page-001.svg, page-002.svg, ...
(any page-*.svg already there is replaced; other files are left alone); their text is drawn as
the glyphs' outlines, so that they need no font.

Labels: --show picks what each puzzle's label says, in order: level, number (#12), id (the seed,
or for --input the first 8 hex digits of the FNV-1a hash of the puzzle's line), se (the SE
estimate, Sudoku only), stars (the level as 1 to 5 stars: easy 1 ... expert 4, harder 5), or
none. Default level,number,id; e.g. --show number,stars hides the seeds. --first-number N
numbers from N (a second volume goes on from the first). Answers are labelled by number.

Paper: --page a4 (default), letter, a5, 6x9in (US trade) or any WxH in in or mm; the grids are
laid out inside the margins of that trim size. --bleed 0.125in makes each PDF page 0.25 in wider
and taller (6x9in: 6.25 x 9.25 in), the content centred in the declared TrimBox; the SVG pages
ignore --bleed. --crop-marks (with --bleed) draws quarter-inch marks at the trim's corners,
outside the bleed, on a page grown by a further third of an inch a side. --gutter 0.25in widens
the inner margin for the binding: the left margin of odd pages, the right of even ones. --pdfx
writes PDF/X-1a:2003 (output intent FOGRA39; dated from SOURCE_DATE_EPOCH when set). A layout
whose cells would be under 5 mm (a 16x16 grid 12 to a page, or 12 9x9 grids on a 6x9in page) is
refused, naming how many a page can hold.

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
  3  gave up: the time budget, --attempts or the registry's seeds ran out on some puzzle, or a
     --section could not be filled (no book is written)";

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
    /// Extra inner margin for the binding, e.g. 0.25in or 6mm (0 to 1in): added on the left of
    /// odd pages and the right of even ones.
    #[arg(long, value_name = "LEN", default_value = "0", value_parser = tessera_print::parse_gutter)]
    pub gutter: u32,
    /// Crop marks at the trim's corners, outside the bleed (needs --bleed; the PDF page grows by
    /// a third of an inch more on every side to hold them). Not with --svg.
    #[arg(long, conflicts_with = "svg")]
    pub crop_marks: bool,
    /// Write PDF/X-1a:2003 for a printer: PDF 1.4, a TrimBox on every page, the FOGRA39 output
    /// intent, Trapped False. Not with --svg.
    #[arg(long, conflicts_with = "svg")]
    pub pdfx: bool,
    /// The header of the puzzle pages (default: the puzzle's name and the level).
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
    /// What each puzzle's label shows, in this order, comma-separated: level, number (#12), id
    /// (the seed, or a short id of an --input puzzle), se (the SE estimate; Sudoku only), stars
    /// (the level as 1 to 5 stars); or none. The answers are always labelled by number.
    #[arg(long, value_name = "FIELDS", value_enum, value_delimiter = ',', default_value = "level,number,id")]
    pub show: Vec<LabelField>,
    /// The number of the first puzzle (and of its answer): a second volume can go on from the
    /// first's last number.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub first_number: u64,
    /// Hide the progress bar.
    #[arg(long)]
    pub no_progress: bool,
    #[command(flatten)]
    pub threads: ThreadsArgs,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// `--show`: one part of a puzzle's label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LabelField {
    /// The level, e.g. Hard.
    Level,
    /// The number in the book, e.g. #12.
    Number,
    /// The seed of a generated puzzle, or the short id of one read from a file.
    Id,
    /// Sudoku Explainer's rating, estimated, e.g. SE 3.4.
    Se,
    /// The level as 1 to 5 stars.
    Stars,
    /// No label.
    None,
}

/// `sudoku book --section`: a run of puzzles of one level or SE range.
#[derive(Debug, Clone, PartialEq)]
pub struct SectionSpec {
    /// The header of its pages (default: the level's name, or `SE A-B`).
    pub title: Option<String>,
    /// Puzzles of exactly this level.
    pub level: Option<tessera::sudoku::logic::Difficulty>,
    /// Puzzles whose SE estimate is in this range.
    pub se: Option<super::SeRange>,
    /// How many.
    pub count: u64,
}

/// Reads `[TITLE:]LEVEL:COUNT` or `[TITLE:]se=A..B:COUNT`.
pub fn parse_section(text: &str) -> Result<SectionSpec, String> {
    let form = "expected LEVEL:COUNT or se=A..B:COUNT, optionally after TITLE:, e.g. easy:10 or \
                Tough:se=4.0..6.0:10";
    let parts: Vec<&str> = text.split(':').map(str::trim).collect();
    let (title, what, count) = match parts.as_slice() {
        [what, count] => (None, *what, *count),
        [title, what, count] if !title.is_empty() => (Some((*title).to_owned()), *what, *count),
        _ => return Err(format!("--section {text:?}: {form}")),
    };
    let count: u64 = match count.parse() {
        Ok(n) if (1..=MAX_BOOK).contains(&n) => n,
        _ => return Err(format!("--section {text:?}: the count {count:?} is not 1 to {MAX_BOOK}; {form}")),
    };
    let (level, se) = match what.strip_prefix("se=") {
        Some(range) => (
            None,
            Some(super::sudoku::parse_se_range(range).map_err(|e| format!("--section {text:?}: {e}"))?),
        ),
        None => (
            Some(
                super::sudoku::parse_difficulty(what)
                    .map_err(|e| format!("--section {text:?}: {e}; {form}"))?,
            ),
            None,
        ),
    };
    Ok(SectionSpec { title, level, se, count })
}

/// Options of `tessera sudoku book`.
#[derive(Debug, Args)]
pub struct SudokuBookArgs {
    /// Lay out the puzzles of this file instead of generating (`-` reads standard input).
    #[arg(long, value_name = "FILE",
          conflicts_with_all = ["count", "seed", "difficulty", "size", "boxes", "x", "symmetry", "minimal",
                                "sections", "clues", "mask", "attempts", "registry"])]
    pub input: Option<PathBuf>,
    /// How many puzzles to generate, 1 to 10000.
    #[arg(long, required_unless_present_any = ["input", "sections"], value_parser = clap::value_parser!(u64).range(1..=MAX_BOOK))]
    pub count: Option<u64>,
    /// A section of a mixed book, instead of --count and --difficulty: LEVEL:COUNT or
    /// se=A..B:COUNT (an SE range as `generate --se`), optionally after TITLE:. Repeat it or
    /// separate sections by commas: --section easy:10,medium:10,hard:10, or
    /// --section Gentle:se=1.5..2.5:10 --section Tough:se=4..6:10. The book goes easy to hard:
    /// puzzles by SE estimate within a section, sections by their median SE. Each section starts
    /// a page under its title (default: the level, or SE A..B), and so do its answers. Seeds run
    /// on from --seed through the sections; a section makes at most 1000 candidates a puzzle.
    #[arg(long = "section", value_name = "SPEC", value_delimiter = ',', value_parser = parse_section,
          conflicts_with_all = ["count", "difficulty", "registry", "clues", "mask", "attempts"])]
    pub sections: Vec<SectionSpec>,
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
