//! `tessera tiling count` and `tessera tiling solve`: pieces (a built-in set or a file) on a
//! board (`WxH` or a file), through the bitboard solver or exact cover. Bad files are bad input
//! (status 2) with their line and column; budgets give up with status 3.

use std::collections::{BTreeSet, HashSet};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::time::Instant;

use anyhow::Result;
use tessera::tiling::{
    self, builtin, canonical, count_distinct, parse_pieces, render, render_svg, BitSolver, Board, Budget,
    Engine, Motion, Piece, Puzzle, Restriction, ShardTree, Style, Symmetry, SETS,
};

use super::report::{note, report, Found};
use super::Status;
use crate::args::{ColorArg, MotionArg, SolverArg, TilingArgs, TilingCountArgs, TilingSolveArgs};
use crate::input::{BadInput, Input};

/// `tessera tiling count`
pub fn count(args: &TilingCountArgs) -> Result<Status> {
    let (puzzle, engine, budget) = setup(&args.tiling)?;
    let threads = args.tiling.threads.count();
    let json = args.tiling.output.json();
    let name = args.tiling.engine.name();
    let start = Instant::now();
    if args.shard.sharded() {
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
    let threads = args.tiling.threads.count();
    let limit = if args.all { u64::MAX } else { args.limit };
    let start = Instant::now();
    let (tilings, count) = if args.distinct {
        // One per class: the symmetry-restricted puzzle, then canonical forms to drop the
        // repeats that symmetric placements of the restricted piece can leave.
        let symmetry = Symmetry::of(&puzzle);
        let restricted = match Restriction::choose(&puzzle, &symmetry) {
            Some(r) => {
                let reps: BTreeSet<usize> =
                    r.kept.iter().copied().chain(r.symmetric.iter().map(|s| s.0)).collect();
                puzzle.restricted(|i| puzzle.placements()[i].piece != r.piece || reps.contains(&i))
            }
            None => puzzle.clone(),
        };
        let tiling::Solutions { found, count, .. } =
            tiling::solutions(&restricted, &query(engine, limit, threads, &budget));
        let mut seen = HashSet::new();
        let found: Vec<_> = found
            .into_iter()
            .filter(|t| seen.insert(canonical(&restricted, t, &symmetry, symmetry.transforms())))
            .collect();
        let puzzle = restricted;
        return finish(args, &puzzle, &found, &count, start, threads);
    } else if engine == Engine::Bits && args.tiling.no_symmetry {
        BitSolver::new(&puzzle).symmetry(false).threads(threads).budget(budget).solutions_up_to(limit)
    } else {
        let found = tiling::solutions(&puzzle, &query(engine, limit, threads, &budget));
        (found.found, found.count)
    };
    finish(args, &puzzle, &tilings, &count, start, threads)
}

fn finish(
    args: &TilingSolveArgs,
    puzzle: &Puzzle,
    tilings: &[tiling::Tiling],
    count: &tiling::Count,
    start: Instant,
    threads: usize,
) -> Result<Status> {
    let seconds = start.elapsed().as_secs_f64();
    let style = match args.color {
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
    let json = args.tiling.output.json();
    let mut found = Found::default();
    if json {
        found.boards = Some(
            tilings
                .iter()
                .map(|t| render(puzzle, t, Style::Plain).lines().map(str::to_owned).collect())
                .collect(),
        );
    } else {
        let mut out = BufWriter::new(io::stdout().lock());
        for (i, t) in tilings.iter().enumerate() {
            if i > 0 {
                writeln!(out)?;
            }
            write!(out, "{}", render(puzzle, t, style))?;
        }
        out.flush()?;
        if tilings.is_empty() && !count.gave_up() {
            note("no tiling");
        }
    }
    if let Some(path) = &args.svg {
        std::fs::write(path, render_svg(puzzle, tilings))
            .map_err(|err| anyhow::anyhow!("cannot write {}: {err}", path.display()))?;
    }
    let limit = (!args.all).then_some(args.limit);
    report(count, &args.tiling.output, &args.tiling.engine.name(), seconds, threads, limit, found)
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
