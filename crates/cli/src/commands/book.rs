//! `tessera sudoku book` and `tessera hidato book`: puzzles generated (the generators of
//! `sudoku generate` and `hidato generate`, seed SEED + k for the puzzle k from 0, so a book
//! holds exactly the puzzles `generate` makes from the same seed and settings) or read from a
//! file, then laid out by [`tessera_print`] as one PDF or one SVG file per page.
//!
//! Generation runs on `--threads` through [`map_in_order`], the puzzles kept in seed order, so
//! that the book does not depend on the thread count; a bar counts the puzzles on a terminal.
//! Puzzles read from a file are each counted (limit 2: a book prints only puzzles with exactly
//! one solution), solved for the key and rated for their label, on the same threads. The layout
//! is checked (cells large enough to write in) before any puzzle is generated or solved, so that a
//! layout mistake costs no search. Nothing is written unless every puzzle was made.
//!
//! With `--registry FILE` ([`super::collection`]) the seeds go on past the puzzles whose
//! canonical form is in the file (or equal to one earlier in the book), at most
//! [`REGISTRY_TRIES`] seeds a puzzle; the book's puzzles are appended to the file only once all
//! are made, just before the book is written (a book given up on registers nothing), and a
//! puzzle that another run registered in the meantime stops the book with a message rather than
//! printing it twice.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use tessera::common::registry::{Entry as Line, Registry};
use tessera::hidato::{self, Adjacency, Hidato};
use tessera::sudoku::{self, logic, Generator, Sudoku};
use tessera::xc::Budget;
use tessera::{Named, Query};
use tessera_print::{Entry, Grid};

use super::book_input::{read_hidato, read_sudoku, unique};
use super::Status;
use crate::args::{BookOutputArgs, Family, FamilyBookArgs, HidatoBookArgs, SudokuBookArgs, MAX_BOOK};
use crate::input::BadInput;
use crate::ordered::map_in_order;
use crate::progress::Indicator;

/// Puzzles in flight at once, per thread.
const WINDOW_PER_THREAD: usize = 4;

/// The time budget of one puzzle when `--timeout` is not given (as `sudoku generate`'s).
const DEFAULT_TIMEOUT: Duration = super::sudoku_generate::DEFAULT_TIMEOUT;

/// One puzzle made or read: what the book prints of it.
pub(super) struct Made {
    pub(super) puzzle: Grid,
    pub(super) key: Grid,
    pub(super) level: &'static str,
    /// `seed 123` or `id 1a2b3c4d`.
    pub(super) id: String,
    /// The SE estimate, to a tenth (Sudoku).
    pub(super) se: Option<f64>,
    /// Its registry line, when the book has a `--registry`.
    pub(super) entry: Option<Line>,
}

/// Seeds a puzzle may try with `--registry` before the book is given up on.
const REGISTRY_TRIES: u64 = 1_000;

/// Why a puzzle is not in the book.
pub(super) enum Missing {
    GaveUp(tessera::xc::GaveUp),
    /// Bad input: the message, naming the line.
    Bad(String),
    /// Generating with `--registry`: every seed tried was in the registry.
    Registered(u64),
}

/// `tessera sudoku book`
pub fn sudoku(args: &SudokuBookArgs) -> Result<Status> {
    let out = &args.book;
    if let Some(path) = &args.input {
        let (name, reader) = super::files::open_puzzles(path)?;
        let parsed: Vec<sudoku::Parsed> = reader.take(MAX_BOOK as usize + 1).collect();
        check_input_size(&name, parsed.len())?;
        // One puzzle of each size stands for the others.
        let mut sizes = std::collections::BTreeMap::new();
        for puzzle in parsed.iter().filter_map(|p| p.puzzle.as_ref().ok()) {
            sizes.entry(puzzle.layout().size()).or_insert(puzzle);
        }
        for puzzle in sizes.values() {
            check_layout(out, Grid::sudoku(puzzle))?;
        }
        let title = out.title.clone().unwrap_or_else(|| "Sudoku".to_owned());
        let read = |item: sudoku::Parsed| read_sudoku(item, budget(out));
        return make_book(out, title, parsed, read, &name);
    }
    let layout = super::sudoku_generate::layout_of(&args.grid)?;
    super::sudoku_generate::check_level(&layout, args.difficulty)?;
    if !args.sections.is_empty() {
        return super::book_sections::sudoku(args, layout);
    }
    let mut title = String::from("Sudoku");
    if layout.size() != 9 {
        let _ = write!(title, " {0}x{0}", layout.size());
    }
    if args.grid.jigsaw {
        title.push_str(" Jigsaw");
    }
    if args.grid.x {
        title.push_str(" X");
    }
    if let Some(level) = args.difficulty {
        let _ = write!(title, " · {}", capitalised(level.name()));
    }
    let title = out.title.clone().unwrap_or(title);
    if args.registry.registry.is_some() {
        super::collection::check_sudoku_registry(&layout)?;
    }
    let shaped = Generator::new(Arc::new(layout.clone()));
    let shaped = super::collection::shaped(shaped, &args.shape, &layout, args.symmetry)?;
    let layout = Arc::new(layout);
    check_layout(out, Grid::sudoku(&Sudoku::empty(layout.clone())))?;
    let mut generator =
        shaped.symmetry(args.symmetry).minimal(args.minimal).rated(true).jigsaw(args.grid.jigsaw);
    if args.shape.clues.is_none() && args.shape.mask.is_none() {
        generator = generator.attempts(u32::MAX);
    }
    if let Some(level) = args.difficulty {
        generator = generator.difficulty(level);
    }
    let registry = args.registry.registry.as_deref().map(super::collection::open_registry).transpose()?;
    let keyed = registry.is_some();
    let first_seed = args.seed.unwrap_or_else(super::clock_seed);
    let make = |seed: u64| match generator.clone().budget(budget(out)).generate_tallied(seed) {
        (Ok(made), _) => Ok(Made {
            puzzle: Grid::sudoku(&made.puzzle),
            key: Grid::sudoku_key(&made.puzzle, &made.solution),
            level: made.rating.as_ref().map_or("", |rating| rating.difficulty.name()),
            id: format!("seed {seed}"),
            se: made.rating.as_ref().map(|rating| super::sudoku_records::tenths(rating.se)),
            entry: keyed
                .then(|| sudoku::registry_entry(&made.puzzle, &made.solution))
                .transpose()
                .map_err(|err| Missing::Bad(err.to_string()))?,
        }),
        (Err(reason), rejections) => {
            let level = args.difficulty.map(logic::Difficulty::name);
            if let Some(message) = super::collection::shaping_gave_up(&args.shape, &rejections, level) {
                return Err(Missing::Bad(format!("seed {seed}: {message}")));
            }
            Err(Missing::GaveUp(reason))
        }
    };
    generated_book(out, title, first_seed, args.count.unwrap_or(1), registry, make)
}

/// `tessera hidato book`
pub fn hidato(args: &HidatoBookArgs) -> Result<Status> {
    let out = &args.book;
    let kind = if args.numbrix { "Numbrix" } else { "Hidato" };
    super::book_write::check_show(out, kind)?;
    if let Some(path) = &args.input {
        let (name, puzzles) = super::hidato::read(path, args.numbrix)?;
        check_input_size(&name, puzzles.len())?;
        let mut sides: Vec<(usize, usize)> = puzzles.iter().map(|p| (p.width(), p.height())).collect();
        sides.sort_unstable();
        sides.dedup();
        for (width, height) in sides {
            check_layout(
                out,
                Grid::hidato(&Hidato::new(width, height, vec![0; width * height], Adjacency::King)?),
            )?;
        }
        let numbered: Vec<(usize, Hidato)> =
            puzzles.into_iter().enumerate().map(|(i, p)| (i + 1, p)).collect();
        let title = out.title.clone().unwrap_or_else(|| kind.to_owned());
        let read = |(index, puzzle): (usize, Hidato)| read_hidato(index, &puzzle, budget(out));
        return make_book(out, title, numbered, read, &name);
    }
    let adjacency = if args.numbrix { Adjacency::Orthogonal } else { Adjacency::King };
    let shape = super::hidato_generate::rectangle(args.size.as_deref().unwrap_or("7x7"), adjacency)?;
    check_layout(out, Grid::hidato(&shape))?;
    let mut generator = hidato::Generator::new(shape).keep_ends(args.keep_ends);
    if let Some(reason) = generator.no_path() {
        bail!("no {kind} path exists over that shape: {reason}");
    }
    if let Some(level) = args.difficulty {
        generator = generator.difficulty(level);
    }
    let title = match args.difficulty {
        Some(level) => format!("{kind} · {}", capitalised(level.name())),
        None => kind.to_owned(),
    };
    let title = out.title.clone().unwrap_or(title);
    let registry = args.registry.registry.as_deref().map(super::collection::open_registry).transpose()?;
    let keyed = registry.is_some();
    let first_seed = args.seed.unwrap_or_else(super::clock_seed);
    let make = |seed: u64| match generator.clone().budget(budget(out)).generate(seed) {
        Ok(made) => Ok(Made {
            puzzle: Grid::hidato(&made.puzzle),
            key: Grid::hidato_key(&made.puzzle, &made.solution),
            level: made.difficulty.name(),
            id: format!("seed {seed}"),
            se: None,
            entry: keyed.then(|| hidato::registry_entry(&made.puzzle)),
        }),
        Err(reason) => Err(Missing::GaveUp(reason)),
    };
    generated_book(out, title, first_seed, args.count.unwrap_or(1), registry, make)
}

/// `tessera <family> book`: any family the library draws ([`tessera::Draw`]), generated or read.
pub fn family<P: Family>(args: &FamilyBookArgs<P>) -> Result<Status> {
    let out = &args.book;
    super::book_write::check_show(out, P::TITLE)?;
    if let Some(path) = &args.input {
        let (name, puzzles) = super::family_input::read::<P>(path, "puzzle")?;
        check_input_size(&name, puzzles.len())?;
        for puzzle in &puzzles {
            check_layout(out, Grid::picture(&puzzle.picture(None)))?;
        }
        let numbered: Vec<(usize, P)> = puzzles.into_iter().enumerate().map(|(i, p)| (i + 1, p)).collect();
        let title = out.title.clone().unwrap_or_else(|| P::TITLE.to_owned());
        let read = |(index, puzzle): (usize, P)| {
            let query = Query::default().with_limit(2).with_budget(budget(out));
            let solution = unique(index, "puzzle", puzzle.count(&query).result(), || {
                puzzle.solve(&Query::default().with_budget(budget(out)))
            })?;
            let level = P::level(&puzzle.rate(&budget(out)).map_err(Missing::GaveUp)?).name();
            Ok(Made {
                puzzle: Grid::picture(&puzzle.picture(None)),
                key: Grid::picture(&puzzle.picture(Some(&solution))),
                level,
                id: format!("id {}", short_id(&puzzle.to_text())),
                se: None,
                entry: None,
            })
        };
        return make_book(out, title, numbered, read, &name);
    }
    let mut spec_budget = out.budget.clone();
    spec_budget.timeout = spec_budget.timeout.or(Some(DEFAULT_TIMEOUT));
    let spec = super::family::spec::<P>(&args.spec, &spec_budget)?;
    let title = match args.spec.difficulty {
        Some(level) => format!("{} · {}", P::TITLE, capitalised(level.name())),
        None => P::TITLE.to_owned(),
    };
    let title = out.title.clone().unwrap_or(title);
    let first_seed = args.spec.seed.unwrap_or_else(super::clock_seed);
    let seeds: Vec<u64> = (0..args.count.unwrap_or(1)).map(|k| first_seed.wrapping_add(k)).collect();
    if let Some(&seed) = seeds.first() {
        // The first puzzle stands for the others' size: a layout too small is refused before the rest are made.
        // Giving up is status 3 here as for every other book and command (it was an error, 1).
        let first = match P::generate(&spec, seed) {
            Ok(first) => first,
            Err(reason) => {
                super::report::note(&format!("gave up on the first puzzle ({reason}); no book written"));
                return Ok(Status::GaveUp);
            }
        };
        check_layout(out, Grid::picture(&first.puzzle.picture(None)))?;
    }
    let make = |seed: u64| match P::generate(&spec, seed) {
        Ok(made) => Ok(Made {
            puzzle: Grid::picture(&made.puzzle.picture(None)),
            key: Grid::picture(&made.puzzle.picture(Some(&made.solution))),
            level: made.level.name(),
            id: format!("seed {seed}"),
            se: None,
            entry: None,
        }),
        Err(reason) => Err(Missing::GaveUp(reason)),
    };
    make_book(out, title, seeds, make, "")
}

/// The generated book of `count` puzzles from the seeds `first_seed` on: one a seed, or with a
/// registry, the seeds that give puzzles not in it.
fn generated_book(
    out: &BookOutputArgs,
    title: String,
    first_seed: u64,
    count: u64,
    registry: Option<Registry>,
    make: impl Fn(u64) -> Result<Made, Missing> + Sync,
) -> Result<Status> {
    let tries = if registry.is_some() { count.saturating_mul(REGISTRY_TRIES) } else { count };
    let seeds = (0..tries).map(|k| first_seed.wrapping_add(k));
    make_book_from(out, title, seeds, count, registry, make, "")
}

/// Makes every puzzle from `items` with `make` on the threads, then writes the book. `name`
/// is the input file's, for messages (empty when generating).
fn make_book<T: Send>(
    out: &BookOutputArgs,
    title: String,
    items: Vec<T>,
    make: impl Fn(T) -> Result<Made, Missing> + Sync,
    name: &str,
) -> Result<Status> {
    let wanted = items.len() as u64;
    make_book_from(out, title, items.into_iter(), wanted, None, make, name)
}

/// [`make_book`] over `items` until `wanted` puzzles are made: with a `registry`, a puzzle in it
/// (or equal to one made before) is skipped, and the book's puzzles are registered before it is
/// written.
fn make_book_from<T: Send>(
    out: &BookOutputArgs,
    title: String,
    items: impl Iterator<Item = T> + Send,
    wanted: u64,
    mut registry: Option<Registry>,
    make: impl Fn(T) -> Result<Made, Missing> + Sync,
    name: &str,
) -> Result<Status> {
    let total = wanted;
    let start = Instant::now();
    let threads = out.threads.count();
    let done = Arc::new(AtomicU64::new(0));
    let progress = (!out.no_progress && std::io::stderr().is_terminal())
        .then(|| Indicator::counting(done.clone(), total, "puzzles".to_owned()));
    let mut made: Vec<Made> = Vec::with_capacity(usize::try_from(wanted).unwrap_or(0));
    let mut failure: Option<(usize, Missing)> = None;
    let mut in_book: std::collections::HashSet<Line> = std::collections::HashSet::new();
    let mut skipped = 0u64;
    let work = |item: T| make(item);
    map_in_order(threads, WINDOW_PER_THREAD * threads, items, work, |result| {
        match result {
            Ok(one) => {
                if let (Some(entry), Some(registry)) = (&one.entry, registry.as_mut()) {
                    if !in_book.insert(entry.clone()) || registry.contains(entry)? {
                        skipped += 1;
                        return Ok(true);
                    }
                }
                made.push(one);
                done.fetch_add(1, Ordering::Relaxed);
            }
            Err(missing) => {
                failure = Some((made.len() + 1, missing));
                return anyhow::Ok(false);
            }
        }
        Ok((made.len() as u64) < wanted)
    })?;
    if (made.len() as u64) < wanted && failure.is_none() {
        failure = Some((made.len() + 1, Missing::Registered(skipped)));
    }
    if let Some(progress) = progress {
        progress.stop();
    }
    match failure {
        Some((_, Missing::Bad(message))) if name.is_empty() => {
            super::report::note(&format!("{message}; no book written"));
            return Ok(Status::GaveUp);
        }
        Some((_, Missing::Bad(message))) => return Err(BadInput { name: name.to_owned(), message }.into()),
        Some((index, Missing::Registered(skipped))) => {
            super::report::note(&format!(
                "gave up on puzzle {index}: {skipped} puzzles made were already in {} or the book, and \
                 {REGISTRY_TRIES} seeds a puzzle are tried; no book written",
                registry.as_ref().map_or_else(String::new, |registry| registry.path().display().to_string())
            ));
            return Ok(Status::GaveUp);
        }
        Some((index, Missing::GaveUp(reason))) => {
            let budget = match out.budget.timeout {
                Some(timeout) => format!("--timeout {} s", timeout.as_secs_f64()),
                None => format!("the default {} s", DEFAULT_TIMEOUT.as_secs()),
            };
            super::report::note(&format!(
                "gave up on puzzle {index} ({reason}; {budget} per puzzle, raise it with --timeout SECONDS); \
                 no book written"
            ));
            return Ok(Status::GaveUp);
        }
        None => {}
    }
    if let Some(registry) = registry.as_mut() {
        for (i, one) in made.iter().enumerate() {
            let Some(entry) = &one.entry else { continue };
            if !registry.insert(entry)? {
                bail!(
                    "puzzle {} ({}) was registered in {} by another run while this book was made; \
                     no book written (puzzles 1 to {} are registered: run again for others)",
                    i + 1,
                    one.id,
                    registry.path().display(),
                    i
                );
            }
        }
    }
    super::book_write::write(out, title, &made, Vec::new(), start)
}

/// Refuses a layout too small for grids like `grid` before any puzzle is made (a file's puzzles,
/// of any sizes, are checked when the book is laid out).
pub(super) fn check_layout(out: &BookOutputArgs, grid: Grid) -> Result<()> {
    let entries = vec![Entry {
        puzzle: grid.clone(),
        key: grid,
        label: String::new(),
        key_label: String::new(),
        stars: 0,
    }];
    super::book_write::book(out, String::new(), entries, Vec::new())?.pages()?;
    Ok(())
}

/// Refuses an empty file and one with more puzzles than a book holds.
fn check_input_size(name: &str, puzzles: usize) -> Result<(), BadInput> {
    if puzzles == 0 {
        return Err(super::files::no_puzzle(name.to_owned()));
    }
    if puzzles as u64 > MAX_BOOK {
        return Err(BadInput {
            name: name.to_owned(),
            message: format!("more than {MAX_BOOK} puzzles; a book holds at most {MAX_BOOK}: split the file"),
        });
    }
    Ok(())
}

/// The budget of one puzzle: `--max-nodes`, and `--timeout` or [`DEFAULT_TIMEOUT`].
pub(super) fn budget(out: &BookOutputArgs) -> Budget {
    let budget = super::budget(&out.budget);
    if out.budget.timeout.is_none() {
        budget.with_timeout(DEFAULT_TIMEOUT)
    } else {
        budget
    }
}

/// "hard" → "Hard".
pub(super) fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A short stable id of a puzzle's text: the first 8 hex digits of its 64-bit FNV-1a hash.
pub(super) fn short_id(text: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{:08x}", hash >> 32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_ids_are_fnv1a() {
        // FNV-1a 64 of "" is the offset basis; of "a" is 0xaf63dc4c8601ec8c.
        assert_eq!(short_id(""), "cbf29ce4");
        assert_eq!(short_id("a"), "af63dc4c");
        assert_eq!(capitalised("hard"), "Hard");
    }
}
