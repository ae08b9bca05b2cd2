//! The command line's convention test: every puzzle it registers, at its smallest, a middle and
//! its largest accepted size, with every engine (issue 38: `kenken solve --engine xc` panicked from
//! size 11 up, and the tests ran only small sizes).
//!
//! Two kinds of size are accepted, and both are run. What `generate --size` takes (the library's
//! `Family::SIDES`, Sudoku's 4 to 25, Hidato's 1 to 1000 a side): a puzzle made with `--seed 1`
//! and a budget is either made (status 0), then solved by every engine, counted unique, verified,
//! rated and hinted, or given up on (status 3) within its budget; a size past the largest is a
//! usage error or bad input, at once. What the readers take, which may be more (KenKen 31,
//! Star Battle 64): a puzzle of that side written here (a Latin square or a pattern with a few
//! cells left to find, unique by construction), run through the same commands. Every run is
//! timed against its `--timeout`: a budget that holds only at small sizes is what broke before.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

use common::{status, stderr, stdout, tessera};
use tessera::akari::Akari;
use tessera::kakuro::Kakuro;
use tessera::kenken::KenKen;
use tessera::killer::Killer;
use tessera::nonogram::Nonogram;
use tessera::starbattle::StarBattle;
use tessera::takuzu::Takuzu;
use tessera::variant::Variant;
use tessera::{Family, Named, Puzzle};

/// The budget of every search here, in seconds.
const BUDGET: &str = "1";
/// What a run with `--timeout 1` may take: the budget and its 10 %, the process's start and the
/// reading of a file of up to 7 MB (Hidato's 1000x1000) in the test profile, on a loaded machine.
const WALL: Duration = Duration::from_millis(3_600);

/// Runs `tessera ARGS`, checking that it ended within [`WALL`].
fn timed(args: &[&str]) -> Output {
    let started = Instant::now();
    let output = tessera(args);
    let took = started.elapsed();
    assert!(took < WALL, "{args:?} took {took:?} with --timeout {BUDGET}: {}", stderr(&output));
    output
}

/// `text` written to `dir/name` (`dir`: the test's own, from `common::scratch`).
fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write a scratch file");
    path
}

fn path(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// The smallest, a middle and the largest of a range of sides, skipping the sides `taken`
/// refuses (Killer's primes, which have no boxes).
fn three(sides: std::ops::RangeInclusive<usize>, taken: impl Fn(usize) -> bool) -> [usize; 3] {
    let (low, high) = (*sides.start(), *sides.end());
    let pick = |from: usize, step: isize| {
        let mut side = from as isize;
        while !taken(side as usize) {
            side += step;
        }
        side as usize
    };
    [pick(low, 1), pick((low + high) / 2, 1), pick(high, -1)]
}

fn not_prime(side: usize) -> bool {
    (2..side).any(|d| side % d == 0)
}

/// A puzzle's commands, run on one file of puzzles: every engine solves it within the budget,
/// its answer verifies, it counts `count` up to 2 (`None`: 1 or 2), and a unique puzzle rates and
/// hints.
fn run_through(puzzle: &str, engines: &[&str], file: &Path, count: Option<&str>) {
    let unique = count == Some("1");
    let answer_path = file.with_extension("answer");
    let file = path(file);
    let mut answer = None;
    for engine in engines {
        let solved = timed(&[puzzle, "solve", file, "--engine", engine, "--timeout", BUDGET]);
        match status(&solved) {
            0 => answer = answer.or(Some(stdout(&solved))),
            3 => assert!(
                stderr(&solved).contains("gave up") || stdout(&solved).contains("gave-up"),
                "{puzzle} {engine}: status 3 without saying so: {}{}",
                stdout(&solved),
                stderr(&solved)
            ),
            // An engine whose reduction would pass its limit refuses the puzzle as bad input.
            2 if stderr(&solved).contains("cannot take it") => {}
            other => panic!("{puzzle} solve --engine {engine} {file}: status {other}: {}", stderr(&solved)),
        }
    }
    let answer = answer.unwrap_or_else(|| panic!("{puzzle} {file}: no engine solved it within {BUDGET} s"));
    std::fs::write(&answer_path, &answer).expect("write the answer");
    let answer_file = answer_path;
    let verified = timed(&[puzzle, "verify", file, path(&answer_file)]);
    assert_eq!(status(&verified), 0, "{puzzle} verify {file}: {}{}", stdout(&verified), stderr(&verified));
    let counted = timed(&[puzzle, "count", file, "--limit", "2", "--timeout", BUDGET]);
    match status(&counted) {
        0 => {
            let found = stdout(&counted);
            let found = found.trim();
            assert!(
                count.map_or(matches!(found, "1" | "2"), |c| c == found),
                "{puzzle} count {file}: {found}"
            );
        }
        3 => {}
        other => panic!("{puzzle} count {file}: status {other}: {}", stderr(&counted)),
    }
    if unique && puzzle != "hidato" {
        for command in ["rate", "hint"] {
            let mut args = vec![puzzle, command, file];
            // Sudoku's hint takes one puzzle and no budget: its steps are each bounded.
            if (puzzle, command) != ("sudoku", "hint") {
                args.extend(["--timeout", BUDGET]);
            }
            let output = timed(&args);
            assert!(
                matches!(status(&output), 0 | 3),
                "{puzzle} {command} {file}: status {}: {}",
                status(&output),
                stderr(&output)
            );
        }
    }
}

/// `generate --size SIZE` (and `extra` flags) with `--seed 1` and the budget: made, then run
/// through every command, or given up on within the budget.
fn generate_at(dir: &Path, puzzle: &str, size: &str, extra: &[&str], engines: &[&str]) {
    let mut args = vec![puzzle, "generate", "--size", size, "--seed", "1", "--timeout", BUDGET];
    args.extend_from_slice(extra);
    let made = timed(&args);
    match status(&made) {
        0 => {
            let name = format!("{puzzle}-{size}{}.txt", extra.join(""));
            let file = write(dir, &name, &stdout(&made));
            run_through(puzzle, engines, &file, Some("1"));
        }
        3 => assert!(stderr(&made).contains("gave up"), "{args:?}: {}", stderr(&made)),
        other => panic!("{args:?}: status {other}: {}", stderr(&made)),
    }
}

/// A size past the largest is refused at once: a usage error (1) or bad input (2), never a
/// search that gives up.
fn refused_at(puzzle: &str, size: &str, extra: &[&str]) {
    let mut args = vec![puzzle, "generate", "--size", size, "--seed", "1"];
    args.extend_from_slice(extra);
    let started = Instant::now();
    let output = tessera(&args);
    assert!(matches!(status(&output), 1 | 2), "{args:?}: status {}: {}", status(&output), stderr(&output));
    assert!(stderr(&output).starts_with("tessera: "), "{args:?}: {}", stderr(&output));
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{args:?}: refused only after {:?}",
        started.elapsed()
    );
}

/// The engines of a family, as the library names them.
fn engines<P: Puzzle>() -> Vec<&'static str>
where
    P::Engine: Named,
{
    <P::Engine as Named>::names()
}

#[test]
fn every_family_generates_at_its_smallest_middle_and_largest_side() {
    let dir = common::scratch("sizes", "families");
    for side in three(Killer::SIDES, not_prime) {
        generate_at(&dir, "killer", &side.to_string(), &[], &engines::<Killer>());
    }
    refused_at("killer", &(Killer::SIDES.end() + 1).to_string(), &[]);
    refused_at("killer", "7", &[]);
    for side in three(KenKen::SIDES, |_| true) {
        generate_at(&dir, "kenken", &side.to_string(), &[], &engines::<KenKen>());
        generate_at(&dir, "kenken", &side.to_string(), &["--hidden-operations"], &engines::<KenKen>());
    }
    refused_at("kenken", &(KenKen::SIDES.end() + 1).to_string(), &[]);
    for side in three(StarBattle::SIDES, |_| true) {
        let stars = (side / 5).max(1).to_string();
        generate_at(&dir, "starbattle", &side.to_string(), &["--stars", &stars], &engines::<StarBattle>());
    }
    refused_at("starbattle", &(StarBattle::SIDES.end() + 1).to_string(), &[]);
    // Two stars a row cannot fit on 4x4 without touching: an impossible request is bad input.
    refused_at("starbattle", "4", &["--stars", "2"]);
    for side in three(Variant::SIDES, not_prime) {
        generate_at(&dir, "variant", &side.to_string(), &[], &engines::<Variant>());
    }
    refused_at("variant", &(Variant::SIDES.end() + 1).to_string(), &[]);
    for side in three(Nonogram::SIDES, |_| true) {
        generate_at(&dir, "nonogram", &side.to_string(), &[], &engines::<Nonogram>());
    }
    refused_at("nonogram", &(Nonogram::SIDES.end() + 1).to_string(), &[]);
    refused_at("nonogram", &(Nonogram::SIDES.start() - 1).to_string(), &[]);
    for side in three(Kakuro::SIDES, |_| true) {
        generate_at(&dir, "kakuro", &side.to_string(), &[], &engines::<Kakuro>());
    }
    refused_at("kakuro", &(Kakuro::SIDES.end() + 1).to_string(), &[]);
    refused_at("kakuro", &(Kakuro::SIDES.start() - 1).to_string(), &[]);
    // Levels the generator does not reach on a side are refused before any attempt.
    refused_at("kakuro", "9", &["--difficulty", "expert"]);
    refused_at("kakuro", &(tessera::kakuro::HARD_UP_TO + 1).to_string(), &["--difficulty", "hard"]);
    refused_at("kakuro", &(tessera::kakuro::EASY_UP_TO + 1).to_string(), &["--difficulty", "easy"]);
    for side in three(Takuzu::SIDES, |side| side % 2 == 0) {
        generate_at(&dir, "takuzu", &side.to_string(), &[], &engines::<Takuzu>());
    }
    refused_at("takuzu", &(Takuzu::SIDES.end() + 1).to_string(), &[]);
    refused_at("takuzu", &(Takuzu::SIDES.start() - 1).to_string(), &[]);
    // An odd side cannot balance its lines; expert needs room.
    refused_at("takuzu", "7", &[]);
    refused_at("takuzu", "6", &["--difficulty", "expert"]);
    for side in three(Akari::SIDES, |_| true) {
        generate_at(&dir, "akari", &side.to_string(), &[], &engines::<Akari>());
    }
    refused_at("akari", &(Akari::SIDES.end() + 1).to_string(), &[]);
    refused_at("akari", &(Akari::SIDES.start() - 1).to_string(), &[]);
    refused_at("akari", "10", &["--difficulty", "expert"]);
}

/// Sudoku's engines on the command line (`--engine`), the teaching ones included.
const SUDOKU_ENGINES: [&str; 8] = ["auto", "fast", "general", "xc", "sat", "backtrack", "mrv", "dlx1"];
/// Hidato's.
const HIDATO_ENGINES: [&str; 6] = ["auto", "domain", "walk", "learn", "xc", "trace"];

#[test]
fn sudoku_and_hidato_generate_at_their_smallest_middle_and_largest_size() {
    let dir = common::scratch("sizes", "sudoku-hidato");
    for size in ["4", "9", "25"] {
        generate_at(&dir, "sudoku", size, &[], &SUDOKU_ENGINES);
    }
    refused_at("sudoku", "26", &[]);
    refused_at("sudoku", "7", &[]);
    for size in ["1x1", "2x3", "7x7", "1000x1000"] {
        generate_at(&dir, "hidato", size, &[], &HIDATO_ENGINES);
    }
    refused_at("hidato", "1001x1", &[]);
    refused_at("hidato", "0x3", &[]);
}

/// A Latin square of side `n` whose boxes (`box_rows` x `n / box_rows`) hold every digit once:
/// the usual pattern grid. `box_rows = 1` gives a plain Latin square.
fn pattern(n: usize, box_rows: usize) -> Vec<Vec<usize>> {
    let box_cols = n / box_rows;
    (0..n).map(|r| (0..n).map(|c| (box_cols * (r % box_rows) + r / box_rows + c) % n + 1).collect()).collect()
}

/// The cells left to find: a horizontal pair in row i at columns 2i and 2i+1, for as many rows
/// as fit. Every column then has one cell or none to find, so its givens force it: unique.
fn pairs(n: usize) -> Vec<(usize, usize)> {
    (0..n / 2).map(|i| (i, 2 * i)).collect()
}

/// A Killer or KenKen text of side `n`: one-cell cages given, the pairs as two-cell sum cages.
fn cage_text(n: usize, box_rows: usize, kenken: bool) -> String {
    let grid = pattern(n, box_rows);
    let mut cage = vec![vec![0usize; n]; n];
    for (r, row) in cage.iter_mut().enumerate() {
        for (c, id) in row.iter_mut().enumerate() {
            *id = r * n + c + 1;
        }
    }
    let mut clue: Vec<Vec<String>> =
        grid.iter().map(|row| row.iter().map(usize::to_string).collect()).collect();
    for (r, c) in pairs(n) {
        cage[r][c + 1] = cage[r][c];
        clue[r][c] = format!("{}{}", grid[r][c] + grid[r][c + 1], if kenken { "+" } else { "" });
        clue[r][c + 1] = if kenken { ".".into() } else { "-".into() };
    }
    let mut text = format!("{n} {n}\n");
    for row in &clue {
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    for row in &cage {
        text.push_str(&row.iter().map(usize::to_string).collect::<Vec<_>>().join(" "));
        text.push('\n');
    }
    text
}

/// A Star Battle of side `n` (even) with one star: every row open at one cell only, the cells of
/// a permutation no two of which touch (odd columns down the top half, even ones down the
/// bottom: 1, 3, ..., n - 1, 0, 2, ...), each cell its own region.
fn star_text(n: usize) -> String {
    let half = n / 2;
    let column = |r: usize| if r < half { 2 * r + 1 } else { 2 * (r - half) };
    let mut text = format!("{n} {n} 1\n");
    for r in 0..n {
        let row: Vec<String> =
            (0..n).map(|c| if c == column(r) { r.to_string() } else { "@".into() }).collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    text
}

/// A Hidato of `width` x `height`, the path row by row in alternating directions, with every
/// 7th number left to find in every 4th row, away from the row's ends: each blank lies between
/// its two neighbours on the path, and no other blank touches them, so the puzzle is unique.
fn hidato_text(width: usize, height: usize) -> String {
    let last = width * height;
    let mut text = format!("1\n{width} {height}\n");
    for r in 0..height {
        let row: Vec<String> = (0..width)
            .map(|c| {
                let along = if r % 2 == 0 { c } else { width - 1 - c };
                let number = r * width + along + 1;
                let blank = r % 4 == 0 && number % 7 == 0 && c > 0 && c + 1 < width && number != last;
                if blank {
                    "0".into()
                } else {
                    number.to_string()
                }
            })
            .collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    text
}

/// A Sudoku of side `n` on one line (digits, then letters from A for 10), with every third
/// cell of the pattern grid left empty.
fn sudoku_line(n: usize, box_rows: usize, empty: bool) -> String {
    let grid = pattern(n, box_rows);
    let symbol =
        |v: usize| if v < 10 { char::from(b'0' + v as u8) } else { char::from(b'A' + (v - 10) as u8) };
    let mut line: String = grid
        .iter()
        .flatten()
        .enumerate()
        .map(|(i, &v)| if empty || i % 3 == 0 { '.' } else { symbol(v) })
        .collect();
    line.push('\n');
    line
}

#[test]
fn the_readers_largest_boards_are_solved_verified_and_counted_within_the_budget() {
    let dir = common::scratch("sizes", "readers");
    // KenKen's readers take sides to 31 (the generator to 12): a 31x31 Latin square.
    for n in [3, 12, tessera::kenken::MAX_SIDE] {
        let file = write(&dir, &format!("kenken-{n}.txt"), &cage_text(n, 1, true));
        run_through("kenken", &engines::<KenKen>(), &file, Some("1"));
    }
    // Killer's to 25, with boxes: the pattern grid of 5x5 boxes.
    for (n, box_rows) in [(4, 2), (12, 3), (tessera::killer::MAX_SIZE, 5)] {
        let file = write(&dir, &format!("killer-{n}.txt"), &cage_text(n, box_rows, false));
        run_through("killer", &engines::<Killer>(), &file, Some("1"));
    }
    // Star Battle's to 64 (the generator to 30).
    for n in [4, 30, tessera::starbattle::MAX_SIDE] {
        let file = write(&dir, &format!("starbattle-{n}.txt"), &star_text(n));
        run_through("starbattle", &engines::<StarBattle>(), &file, Some("1"));
    }
    // Sudoku to 25: a third of the pattern grid to find (one solution or more), and the empty grid.
    for (n, box_rows) in [(4, 2), (9, 3), (tessera::sudoku::MAX_SIZE, 5)] {
        for empty in [false, true] {
            let file = write(&dir, &format!("sudoku-{n}-{empty}.txt"), &sudoku_line(n, box_rows, empty));
            run_through("sudoku", &SUDOKU_ENGINES, &file, if empty { Some("2") } else { None });
        }
    }
    // Takuzu's to 64 (the generator to 20): a grid the solver fills, every third cell open.
    for n in [2, 30, tessera::takuzu::MAX_SIDE] {
        let empty = Takuzu::empty(n, n, true).expect("a side it reads");
        let grid = tessera::takuzu::solve(&empty, &Default::default()).expect("no budget").expect("a grid");
        let mut text = format!("{n} {n}\n");
        for (i, &one) in grid.cells().iter().enumerate() {
            text.push(if i % 3 == 0 {
                '.'
            } else if one {
                '1'
            } else {
                '0'
            });
            if i % n == n - 1 {
                text.push('\n');
            }
        }
        let file = write(&dir, &format!("takuzu-{n}.txt"), &text);
        run_through("takuzu", &engines::<Takuzu>(), &file, None);
    }
    // Akari's to 60 (the generator to 25): a checkerboard of white cells and walls, each white
    // cell its own only lighter.
    for n in [1, 30, tessera::akari::MAX_SIDE] {
        let mut text = format!("{n} {n}\n");
        for r in 0..n {
            text.extend((0..n).map(|c| if (r + c) % 2 == 0 { '.' } else { 'X' }));
            text.push('\n');
        }
        let file = write(&dir, &format!("akari-{n}.txt"), &text);
        run_through("akari", &engines::<Akari>(), &file, Some("1"));
    }
    // Hidato to 1000 a side.
    for (width, height) in [(1, 2), (30, 20), (tessera::hidato::MAX_SIDE, tessera::hidato::MAX_SIDE)] {
        let file = write(&dir, &format!("hidato-{width}x{height}.txt"), &hidato_text(width, height));
        run_through("hidato", &HIDATO_ENGINES, &file, Some("1"));
    }
}
