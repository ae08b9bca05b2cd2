//! `tessera tiling count` and `tessera tiling solve`: pieces (a built-in set or a file) on a
//! board (`WxH` or a file), through the bitboard solver or exact cover. Bad files are bad input
//! (status 2) with their line and column; budgets give up with status 3. `solve` streams
//! ([`Stream`]): each tiling is printed as it is found (a JSON line under `--json`, then the
//! summary line), and none is kept.

use std::collections::{BTreeSet, HashSet};
use std::fs::File;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::{self, BufWriter, IsTerminal, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use anyhow::Result;
use tessera::tiling::{
    self, builtin, canonical, count_distinct, parse_pieces, render, render_svg, BitSolver, Board, Budget,
    Engine, Motion, Piece, Puzzle, Restriction, ShardTree, Style, SvgLayout, Symmetry, SETS,
};

use super::report::{note, report, Found};
use super::stream::{write_lines, Stream};
use super::Status;
use crate::args::{
    ColorArg, MotionArg, SolverArg, TilingArgs, TilingCountArgs, TilingPlanArgs, TilingSolveArgs,
};
use crate::input::{BadInput, Input};

/// `tessera tiling plan --parts N [-o PLAN]`
pub fn plan(args: &TilingPlanArgs) -> Result<Status> {
    if let Some(path) = &args.plan.output {
        super::shard::writable(path)?;
    }
    let (puzzle, engine, budget) = setup(&args.tiling)?;
    if engine != Engine::Bits {
        anyhow::bail!("{}", super::shard::BITS_ONLY);
    }
    let tree = ShardTree::new(&puzzle, !args.tiling.no_symmetry);
    let (threads, stats) = (args.tiling.threads.count(), args.tiling.output.stats);
    super::shard::plan(&tree, args.plan.parts, args.plan.output.as_deref(), threads, &budget, stats)
}

/// `tessera tiling count`
pub fn count(args: &TilingCountArgs) -> Result<Status> {
    let (puzzle, engine, budget) = setup(&args.tiling)?;
    let threads = args.tiling.threads.count();
    let json = args.tiling.output.json();
    let name = args.tiling.engine.name();
    let start = Instant::now();
    if args.shard.runs_sharded(engine == Engine::Bits && args.limit.is_none() && !args.distinct) {
        if engine != Engine::Bits {
            anyhow::bail!("{}", super::shard::BITS_ONLY);
        }
        let tree = ShardTree::new(&puzzle, !args.tiling.no_symmetry);
        return super::shard::count(&tree, &args.shard, threads, budget, &args.tiling.output);
    }
    if args.distinct {
        let distinct = count_distinct(&puzzle, &query(engine, u64::MAX, threads, &budget));
        if !distinct.count.gave_up() {
            if !json {
                writeln!(io::stdout(), "{}", distinct.count.solutions)?;
            }
            note(&distinct.reason);
        }
        let found = Found { distinct: true, ..Found::default() };
        let seconds = start.elapsed().as_secs_f64();
        return report(&distinct.count, &args.tiling.output, &name, seconds, threads, None, found);
    }
    let limit = args.limit.unwrap_or(u64::MAX);
    let count = if engine == Engine::Bits && args.tiling.no_symmetry {
        BitSolver::new(&puzzle).symmetry(false).threads(threads).budget(budget).count_up_to(limit)
    } else {
        tiling::count(&puzzle, &query(engine, limit, threads, &budget))
    };
    if !count.gave_up() && !json {
        writeln!(io::stdout(), "{}", count.solutions)?;
    }
    let seconds = start.elapsed().as_secs_f64();
    report(&count, &args.tiling.output, &name, seconds, threads, args.limit, Found::default())
}

/// `tessera tiling solve`
pub fn solve(args: &TilingSolveArgs) -> Result<Status> {
    let (puzzle, engine, budget) = setup(&args.tiling)?;
    // Raised when standard output goes away, to stop the search.
    let cancel = Arc::new(AtomicBool::new(false));
    let budget = budget.with_cancel(cancel.clone());
    let threads = args.tiling.threads.count();
    let limit = if args.all { u64::MAX } else { args.limit };
    let start = Instant::now();
    let json = args.tiling.output.json();
    let style = match args.color {
        _ if json => Style::Plain,
        ColorArg::Always => Style::Color,
        ColorArg::Never => Style::Plain,
        // https://no-color.org: a non-empty NO_COLOR turns colour off unless asked for.
        ColorArg::Auto
            if io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) =>
        {
            Style::Color
        }
        ColorArg::Auto => Style::Plain,
    };
    let svg = args.svg.as_deref().map(|path| Mutex::new(Svg::new(path)));
    let stream = Stream::new(cancel);
    let print = |puzzle: &Puzzle, tiling: &tiling::Tiling| {
        let text = render(puzzle, tiling, style);
        stream.item(|buffer, index| write_lines(buffer, index, "board", text.lines(), json));
        if let Some(svg) = &svg {
            svg.lock().unwrap_or_else(PoisonError::into_inner).add(puzzle, tiling);
        }
    };
    let (puzzle, count) = if args.distinct {
        // One per class: the symmetry-restricted puzzle, then canonical forms to drop the
        // repeats that symmetric placements of the restricted piece can leave (kept as 128-bit
        // hashes, not as forms: 16 bytes a class).
        let symmetry = Symmetry::of(&puzzle);
        let restricted = match Restriction::choose(&puzzle, &symmetry) {
            Some(r) => {
                let reps: BTreeSet<usize> =
                    r.kept.iter().copied().chain(r.symmetric.iter().map(|s| s.0)).collect();
                puzzle.restricted(|i| puzzle.placements()[i].piece != r.piece || reps.contains(&i))
            }
            None => puzzle.clone(),
        };
        let seen = Mutex::new(HashSet::new());
        let count = tiling::visit(&restricted, &query(engine, limit, threads, &budget), |t| {
            let form = hash128(&canonical(&restricted, &t, &symmetry, symmetry.transforms()));
            if seen.lock().unwrap_or_else(PoisonError::into_inner).insert(form) {
                print(&restricted, &t);
            }
        });
        (restricted, count)
    } else if engine == Engine::Bits && args.tiling.no_symmetry {
        let solver = BitSolver::new(&puzzle).symmetry(false).threads(threads).budget(budget);
        let count = solver.visit_up_to(limit, |placements| {
            print(&puzzle, &tiling::Tiling::new(placements.iter().map(|&p| p as usize).collect()));
        });
        (puzzle, count)
    } else {
        let count = tiling::visit(&puzzle, &query(engine, limit, threads, &budget), |t| print(&puzzle, &t));
        (puzzle, count)
    };
    let seconds = start.elapsed().as_secs_f64();
    // A closed pipe ends here, quietly (see `main`).
    let printed = stream.finish()?;
    if printed == 0 && !count.gave_up() && !json {
        note("no tiling");
    }
    if let Some(svg) = svg {
        svg.into_inner().unwrap_or_else(PoisonError::into_inner).finish(&puzzle)?;
    }
    let limit = (!args.all).then_some(args.limit);
    report(&count, &args.tiling.output, &args.tiling.engine.name(), seconds, threads, limit, Found::default())
}

/// A 128-bit hash: two SipHashes under different prefixes (a collision between two of a few
/// billion forms has odds below 10^-19).
fn hash128(value: &impl Hash) -> u128 {
    let half = |prefix: u8| {
        let mut hasher = DefaultHasher::new();
        prefix.hash(&mut hasher);
        value.hash(&mut hasher);
        hasher.finish()
    };
    (u128::from(half(0)) << 64) | u128::from(half(1))
}

/// `--svg FILE`, written as the tilings come: the first four wait in memory (below four, the
/// picture's layout depends on their number, and up to four the picture is
/// [`tiling::render_svg`]'s byte for byte); from the fifth on, FILE is written as they come:
/// an opening tag held open with spaces (its height needs the final count), every tiling, the
/// closing tag, and then the real opening tag over the first, padded to its length.
struct Svg {
    path: PathBuf,
    first: Vec<tiling::Tiling>,
    /// FILE, from the fifth tiling on.
    file: Option<BufWriter<File>>,
    count: usize,
    failed: Option<io::Error>,
}

/// Room left in the held opening tag for the height's digits to grow (twice up to 20 digits).
const SVG_SLACK: usize = 64;

impl Svg {
    fn new(path: &Path) -> Self {
        Svg { path: path.to_owned(), first: Vec::new(), file: None, count: 0, failed: None }
    }

    fn add(&mut self, puzzle: &Puzzle, tiling: &tiling::Tiling) {
        if self.failed.is_some() {
            return;
        }
        self.count += 1;
        if self.file.is_none() && self.first.len() < 4 {
            self.first.push(tiling.clone());
            return;
        }
        if let Err(err) = self.draw(puzzle, tiling) {
            self.failed = Some(err);
        }
    }

    fn draw(&mut self, puzzle: &Puzzle, tiling: &tiling::Tiling) -> io::Result<()> {
        // From four tilings on, four to a row, whatever the final count.
        let layout = SvgLayout::new(puzzle, 4);
        let file = match &mut self.file {
            Some(file) => file,
            None => {
                let mut file = BufWriter::new(File::create(&self.path)?);
                file.write_all(padded(&layout.open(), 0).as_bytes())?;
                for (k, t) in self.first.drain(..).enumerate() {
                    file.write_all(layout.tiling(k, &t).as_bytes())?;
                }
                self.file.insert(file)
            }
        };
        file.write_all(layout.tiling(self.count - 1, tiling).as_bytes())
    }

    /// Writes FILE, or finishes it.
    fn finish(mut self, puzzle: &Puzzle) -> Result<()> {
        let result = match (self.failed.take(), self.file.take()) {
            (Some(err), _) => Err(err),
            (None, None) => std::fs::write(&self.path, render_svg(puzzle, &self.first)),
            (None, Some(mut file)) => (|| {
                file.write_all(SvgLayout::CLOSE.as_bytes())?;
                let held = padded(&SvgLayout::new(puzzle, 4).open(), 0).len();
                let open = padded(&SvgLayout::new(puzzle, self.count).open(), held);
                file.seek(SeekFrom::Start(0))?;
                file.write_all(open.as_bytes())?;
                file.flush()
            })(),
        };
        result.map_err(|err| anyhow::anyhow!("cannot write {}: {err}", self.path.display()))
    }
}

/// An opening tag (ending `>` and a line end) with spaces before its `>`: [`SVG_SLACK`] of them,
/// or as many as make it `length` bytes long.
fn padded(open: &str, length: usize) -> String {
    let tag = open.trim_end_matches('\n').trim_end_matches('>');
    let spaces = if length == 0 { SVG_SLACK } else { length.saturating_sub(tag.len() + 2) };
    format!("{tag}{}>\n", " ".repeat(spaces))
}

/// The puzzle, engine and budget the options describe.
fn setup(args: &TilingArgs) -> Result<(Puzzle, Engine, Budget)> {
    let (mut pieces, mut motion) = match &args.pieces_file {
        Some(path) => {
            let input = Input::read_at_most(path, crate::input::TILING_FILE)?;
            let text = text(&input)?;
            (parse_pieces(&text).map_err(|e| bad(&input.name, &e))?, Motion::Free)
        }
        None => builtin(&args.pieces).ok_or_else(|| {
            // A bad flag value, status 1 like any other.
            let names: Vec<&str> = SETS.iter().map(|s| s.0).collect();
            anyhow::anyhow!("--pieces: no built-in set `{}`; there are: {}", args.pieces, names.join(", "))
        })?,
    };
    if let Some(copies) = args.copies {
        pieces = pieces.into_iter().map(|p| p.with_copies(copies)).collect();
    }
    if let Some(m) = args.motion {
        motion = match m {
            MotionArg::Free => Motion::Free,
            MotionArg::Rotations => Motion::Rotations,
            MotionArg::Fixed => Motion::Fixed,
        };
    }
    let board = match &args.board_file {
        Some(path) => {
            let input = Input::read_at_most(path, crate::input::TILING_FILE)?;
            Board::parse(&text(&input)?).map_err(|e| bad(&input.name, &e))?
        }
        None => Board::parse_size(&args.board)
            // A bad flag value, status 1 like any other.
            .map_err(|e| anyhow::anyhow!("--board: {}", without_position(e)))?,
    };
    let engine = match args.engine.engine() {
        SolverArg::Bits => Engine::Bits,
        SolverArg::Xc => Engine::ExactCover,
    };
    if let Some(copies) = args.copies {
        check_copies(&pieces, copies, board.cell_count())?;
    }
    let budget = super::budget(&args.budget);
    let puzzle = Puzzle::new(board, pieces, motion);
    if puzzle.piece_area() > puzzle.cells().len() && !args.output.json() {
        note(&format!(
            "the pieces hold {} cells and the board {}: a tiling uses each piece at most as many times as \
             its copies, and leaves the others out",
            puzzle.piece_area(),
            puzzle.cells().len()
        ));
    }
    Ok((puzzle, engine, budget))
}

/// `--copies N` means every piece is used exactly N times: the pieces' cells must then be the
/// board's, said with the counts before any search (it once meant "at most N" silently, and
/// `--copies 2` on 6x10 searched without end).
fn check_copies(pieces: &[Piece], copies: u32, cells: usize) -> Result<(), BadInput> {
    let once: u64 = pieces.iter().map(|p| p.size() as u64).sum();
    let area = once * u64::from(copies);
    if area == cells as u64 {
        return Ok(());
    }
    let fits = if once > 0 && cells as u64 % once == 0 && cells as u64 >= once {
        format!("--copies {} fits this board", cells as u64 / once)
    } else {
        format!("no number of copies of these pieces ({once} cells each time) fills this board")
    };
    Err(BadInput {
        name: "--copies".into(),
        message: format!(
            "{} pieces x {copies} copies = {area} cells, the board has {cells}: every copy must be used, \
             so the two must be equal; {fits}",
            pieces.len()
        ),
    })
}

fn text(input: &Input) -> Result<String, BadInput> {
    String::from_utf8(input.bytes.clone())
        .map_err(|_| BadInput { name: input.name.clone(), message: "not UTF-8 text".into() })
}

fn bad(name: &str, err: &tessera::Error) -> BadInput {
    BadInput { name: name.into(), message: err.to_string() }
}

/// What is wrong, without the line and column (for a one-line argument).
fn without_position(err: tessera::Error) -> String {
    match err {
        tessera::Error::Parse(err) => err.kind.to_string(),
        err => err.to_string(),
    }
}

/// The query for a search.
fn query(engine: Engine, limit: u64, threads: usize, budget: &Budget) -> tiling::Query {
    tiling::Query::default()
        .with_engine(engine)
        .with_limit(limit)
        .with_threads(threads)
        .with_budget(budget.clone())
}
