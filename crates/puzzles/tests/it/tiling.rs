//! Polyomino tiling: known counts (Haselgrove 1960, Knuth 2000) from both solvers, sequential
//! and parallel; distinct counts checked against canonical forms of every tiling; the parsers'
//! errors.

use std::collections::HashSet;

use tessera::tiling::{
    builtin, canonical, count, count_distinct, parse_pieces, render, render_svg, solutions, verify,
    BitSolver, Board, Engine, ExactCover, Motion, Outcome, Puzzle, Query, Solutions, Style, Symmetry,
};
use tessera::xc::Budget;
use tessera::Reduction;

fn pentominoes(board: Board) -> Puzzle {
    let (pieces, motion) = builtin("pentominoes").unwrap();
    Puzzle::new(board, pieces, motion)
}

fn rect(size: &str) -> Puzzle {
    pentominoes(Board::parse_size(size).unwrap())
}

const HOLED_8X8: &str = "........\n........\n........\n...##...\n...##...\n........\n........\n........\n";

fn all(puzzle: &Puzzle, engine: Engine, threads: usize) -> u64 {
    let c = count(puzzle, &Query::default().with_engine(engine).with_threads(threads));
    assert_eq!(c.outcome, Outcome::Exhausted);
    c.solutions
}

#[test]
fn pentomino_rectangles_with_the_bitboard_solver() {
    for (size, total, distinct) in
        [("6x10", 9356, 2339), ("5x12", 4040, 1010), ("4x15", 1472, 368), ("3x20", 8, 2)]
    {
        let puzzle = rect(size);
        assert_eq!(all(&puzzle, Engine::Bits, 1), total, "{size}");
        assert_eq!(all(&puzzle, Engine::Bits, 2), total, "{size} on 2 threads");
        let d = count_distinct(&puzzle, &Query::default().with_engine(Engine::Bits).with_threads(2));
        assert_eq!((d.count.solutions, d.symmetries), (distinct, 4), "{size}: {}", d.reason);
    }
}

#[test]
fn pentomino_rectangles_with_the_exact_cover_route() {
    for (size, total, distinct) in [("6x10", 9356, 2339), ("3x20", 8, 2), ("4x15", 1472, 368)] {
        let puzzle = rect(size);
        assert_eq!(all(&puzzle, Engine::ExactCover, 2), total, "{size}");
        let d = count_distinct(&puzzle, &Query::default().with_engine(Engine::ExactCover));
        assert_eq!(d.count.solutions, distinct, "{size}: {}", d.reason);
    }
    assert_eq!(all(&rect("5x12"), Engine::ExactCover, 2), 4040);
    assert_eq!(all(&rect("3x20"), Engine::ExactCover, 1), 8);
}

#[test]
fn the_6x10_restriction_is_knuths() {
    let puzzle = rect("6x10");
    assert_eq!(ExactCover::new(&puzzle).problem().option_count(), 2056);
    let d = count_distinct(&puzzle, &Query::default().with_engine(Engine::Bits));
    assert!(d.reason.contains("piece X") && d.reason.contains("8 of its 32 placements"), "{}", d.reason);
}

#[test]
fn eight_by_eight_without_its_centre() {
    let puzzle = pentominoes(Board::parse(HOLED_8X8).unwrap());
    assert_eq!(puzzle.board().cell_count(), 60);
    assert_eq!(all(&puzzle, Engine::Bits, 1), 520);
    assert_eq!(all(&puzzle, Engine::Bits, 2), 520);
    assert_eq!(all(&puzzle, Engine::ExactCover, 2), 520);
    for engine in [Engine::Bits, Engine::ExactCover] {
        let d = count_distinct(&puzzle, &Query::default().with_engine(engine).with_threads(2));
        assert_eq!((d.count.solutions, d.symmetries), (65, 8), "{}", d.reason);
    }
}

/// Distinct counts by an independent method: list every tiling, canonicalise under the board's
/// symmetries, count the classes.
fn classes(puzzle: &Puzzle) -> usize {
    let Solutions { found: tilings, count: c, .. } =
        solutions(puzzle, &Query::default().with_engine(Engine::Bits).with_threads(2));
    assert_eq!(c.outcome, Outcome::Exhausted);
    assert!(tilings.iter().all(|t| verify(puzzle, t).is_valid()));
    let sym = Symmetry::of(puzzle);
    tilings.iter().map(|t| canonical(puzzle, t, &sym, sym.transforms())).collect::<HashSet<_>>().len()
}

#[test]
fn distinct_counts_agree_with_canonical_forms() {
    assert_eq!(classes(&rect("3x20")), 2);
    assert_eq!(classes(&rect("4x15")), 368);
    assert_eq!(classes(&pentominoes(Board::parse(HOLED_8X8).unwrap())), 65);
    // Tetrominoes with copies on a square: symmetric tilings exist, and pieces repeat.
    let (pieces, _) = builtin("tetrominoes").unwrap();
    let pieces: Vec<_> =
        pieces.into_iter().filter(|p| "LT".contains(p.name())).map(|p| p.with_copies(2)).collect();
    let puzzle = Puzzle::new(Board::parse_size("4x4").unwrap(), pieces, Motion::Free);
    let d = count_distinct(&puzzle, &Query::default().with_engine(Engine::Bits));
    assert_eq!(d.count.solutions as usize, classes(&puzzle), "{}", d.reason);
}

#[test]
fn both_solvers_list_the_same_tilings() {
    for puzzle in [rect("3x20"), rect("20x3")] {
        let Solutions { found: mut a, .. } = solutions(&puzzle, &Query::default().with_engine(Engine::Bits));
        let Solutions { found: mut b, .. } =
            solutions(&puzzle, &Query::default().with_engine(Engine::ExactCover).with_threads(2));
        a.sort();
        b.sort();
        assert_eq!(a, b);
        assert_eq!(a.len(), 8);
    }
}

/// Every tiling of `puzzle`, sorted, from the bitboard solver with or without its symmetry
/// shortcut, checked for validity and duplicates.
fn bit_tilings(puzzle: &Puzzle, symmetry: bool, threads: usize) -> Vec<tessera::tiling::Tiling> {
    let (mut tilings, c) =
        BitSolver::new(puzzle).symmetry(symmetry).threads(threads).solutions_up_to(u64::MAX);
    assert_eq!(c.outcome, Outcome::Exhausted);
    assert_eq!(c.solutions, tilings.len() as u64);
    assert!(tilings.iter().all(|t| verify(puzzle, t).is_valid()));
    tilings.sort();
    let before = tilings.len();
    tilings.dedup();
    assert_eq!(tilings.len(), before, "no tiling delivered twice");
    tilings
}

#[test]
fn the_symmetry_shortcut_lists_exactly_the_tilings_of_the_plain_searches() {
    let (one_sided, rotations) = builtin("one-sided-pentominoes").unwrap();
    let mut puzzles = vec![
        (rect("6x10"), 9356),
        // X centred on the middle row: classes of 2 placements, each fixed by a reflection.
        (rect("5x12"), 4040),
        // A square: 8 symmetries, X on a diagonal is fixed by one.
        (pentominoes(Board::parse(HOLED_8X8).unwrap()), 520),
        // Rotations only: the one-sided pieces on 3x30 (two words), half turns only.
        (Puzzle::new(Board::parse_size("30x3").unwrap(), one_sided, rotations), 0),
        // A hole off the centre: no symmetry left.
        (
            pentominoes(
                Board::parse(
                    "........\n........\n.#......\n........\n........\n.....#..\n....##..\n........\n",
                )
                .unwrap(),
            ),
            0,
        ),
    ];
    // A 3x20 strip in a 20x13 box (over 256 squares): the packed layout, without the region cut.
    let sparse = format!("{}{}", "....................\n".repeat(3), "####################\n".repeat(10));
    puzzles.push((pentominoes(Board::parse(&sparse).unwrap()), 8));
    for (puzzle, known) in &puzzles {
        let plain = bit_tilings(puzzle, false, 1);
        let exact = {
            let Solutions { found: mut t, .. } =
                solutions(puzzle, &Query::default().with_engine(Engine::ExactCover).with_threads(2));
            t.sort();
            t
        };
        assert_eq!(plain, exact, "{}", puzzle.board().to_text());
        assert_eq!(bit_tilings(puzzle, true, 1), plain, "{}", puzzle.board().to_text());
        assert_eq!(bit_tilings(puzzle, true, 2), plain, "{}", puzzle.board().to_text());
        if *known > 0 {
            assert_eq!(plain.len(), *known);
        }
    }
}

#[test]
fn copies_and_motions_agree_between_solvers() {
    // Every piece twice, rotations only, a partly filled board, no solution: the solvers agree.
    let text = "AA\n.A\n\nBB\n\n* A 4\n* B 2\n";
    let pieces = parse_pieces(text).unwrap();
    for motion in [Motion::Free, Motion::Rotations, Motion::Fixed] {
        for size in ["4x4", "4x3", "2x8", "3x3"] {
            let puzzle = Puzzle::new(Board::parse_size(size).unwrap(), pieces.clone(), motion);
            let bits = all(&puzzle, Engine::Bits, 1);
            assert_eq!(bits, all(&puzzle, Engine::ExactCover, 1), "{size} {motion:?}");
            assert_eq!(bits, all(&puzzle, Engine::Bits, 2), "{size} {motion:?}");
            let Solutions { found: tilings, .. } =
                solutions(&puzzle, &Query::default().with_engine(Engine::Bits));
            assert_eq!(tilings.len() as u64, bits);
            assert_eq!(tilings.iter().collect::<HashSet<_>>().len(), tilings.len(), "no duplicates");
            assert!(tilings.iter().all(|t| verify(&puzzle, t).is_valid()));
        }
    }
    // More pieces than the board needs: each used at most once, or at most its copies (the
    // reduction's piece items then carry multiplicities 0..k); a piece of no copies is never used.
    let (tets, _) = builtin("tetrominoes").unwrap();
    let puzzle = Puzzle::new(Board::parse_size("4x2").unwrap(), tets.clone(), Motion::Free);
    assert_eq!(all(&puzzle, Engine::Bits, 1), all(&puzzle, Engine::ExactCover, 1));
    let spare: Vec<_> = tets.iter().enumerate().map(|(i, p)| p.clone().with_copies(i as u32 % 3)).collect();
    for size in ["4x2", "4x4", "5x4"] {
        let puzzle = Puzzle::new(Board::parse_size(size).unwrap(), spare.clone(), Motion::Free);
        let bits = all(&puzzle, Engine::Bits, 1);
        assert_eq!(bits, all(&puzzle, Engine::ExactCover, 1), "{size}: spare copies");
        assert_eq!(bits, all(&puzzle, Engine::ExactCover, 2), "{size}: spare copies, two threads");
    }
}

#[test]
fn builtin_sets() {
    let count_cells = |name: &str| -> (usize, usize) {
        let (pieces, _) = builtin(name).unwrap();
        (pieces.len(), pieces.iter().map(tessera::tiling::Piece::size).sum())
    };
    assert_eq!(count_cells("pentominoes"), (12, 60));
    assert_eq!(count_cells("tetrominoes"), (5, 20));
    assert_eq!(count_cells("hexominoes"), (35, 210));
    assert_eq!(count_cells("one-sided-pentominoes"), (18, 90));
    let (pieces, _) = builtin("pentominoes").unwrap();
    let orientations: Vec<usize> = pieces.iter().map(|p| p.orientations(Motion::Free).len()).collect();
    // F I L N P T U V W X Y Z: 63 orientations in all.
    assert_eq!(orientations, [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
    assert!(builtin("heptominoes").is_none());
}

#[test]
fn limits_and_budgets() {
    let puzzle = rect("6x10");
    for engine in [Engine::Bits, Engine::ExactCover] {
        for threads in [1, 2] {
            let c =
                count(&puzzle, &Query::default().with_engine(engine).with_limit(10).with_threads(threads));
            assert_eq!((c.solutions, c.outcome), (10, Outcome::LimitReached));
            let Solutions { found: t, count: c, .. } =
                solutions(&puzzle, &Query::default().with_engine(engine).with_limit(3).with_threads(threads));
            assert_eq!((t.len(), c.outcome), (3, Outcome::LimitReached));
            assert!(t.iter().all(|t| verify(&puzzle, t).is_valid()));
            let c = count(
                &puzzle,
                &Query::default()
                    .with_engine(engine)
                    .with_threads(threads)
                    .with_budget(Budget::unlimited().with_nodes(1000)),
            );
            assert!(c.gave_up(), "{engine:?} {threads}: {c:?}");
        }
    }
    let none = pentominoes(Board::parse_size("7x9").unwrap());
    assert_eq!(BitSolver::new(&none).count_up_to(u64::MAX).solutions, 0);
}

#[test]
fn parse_errors_have_positions() {
    let err = parse_pieces("AB\nA?\n").unwrap_err();
    assert_eq!(err.position(), Some((2, 2)));
    let err = parse_pieces("A.A\n").unwrap_err();
    assert_eq!(err.position(), Some((1, 3)));
    assert!(err.to_string().contains("not connected"), "{err}");
    let err = parse_pieces("AA\n* B 2\n").unwrap_err();
    assert_eq!(err.position(), Some((2, 3)));
    let err = parse_pieces("AA\n* A two\n").unwrap_err();
    assert_eq!(err.position(), Some((2, 5)));
    assert!(parse_pieces("# nothing\n").is_err());
    let err = Board::parse("...\n.a.\n").unwrap_err();
    assert_eq!(err.position(), Some((2, 2)));
    assert_eq!(
        err.to_string(),
        "line 2, column 2: unexpected 'a': a board is drawn with '.' for a cell, '#' or ' ' for a hole"
    );
    assert!(Board::parse("###\n").is_err());
    assert!(Board::parse_size("17x17").is_err(), "289 cells is more than 256");
    assert_eq!(Board::parse_size("6x").unwrap_err().position(), Some((1, 3)));
    assert_eq!(Board::parse_size("16x16").unwrap().cell_count(), 256);
}

#[test]
fn pictures() {
    let puzzle = rect("10x6");
    let (t, _) = BitSolver::new(&puzzle).solutions_up_to(1);
    let plain = render(&puzzle, &t[0], Style::Plain);
    assert_eq!(plain.lines().count(), 6);
    for letter in "FILNPTUVWXYZ".chars() {
        assert_eq!(plain.matches(letter).count(), 5, "{plain}");
    }
    let color = render(&puzzle, &t[0], Style::Color);
    assert!(color.contains("\x1b[30;48;5;"));
    let svg = render_svg(&puzzle, &t);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<rect").count(), 60);
    assert_eq!(svg.matches("<text").count(), 12);
    let holed = pentominoes(Board::parse(HOLED_8X8).unwrap());
    let (t, _) = BitSolver::new(&holed).solutions_up_to(1);
    assert_eq!(render(&holed, &t[0], Style::Plain).matches('.').count(), 4);
}

#[test]
fn wide_boards_use_wider_masks() {
    // 90 cells: two words. The 18 one-sided pentominoes on 3x30, both solvers.
    let (pieces, motion) = builtin("one-sided-pentominoes").unwrap();
    let puzzle = Puzzle::new(Board::parse_size("30x3").unwrap(), pieces, motion);
    let bits = all(&puzzle, Engine::Bits, 2);
    assert_eq!(bits, all(&puzzle, Engine::ExactCover, 2));
    assert!(bits > 0);
    // 136 and 256 cells: four words; 2x2 squares tile a 4x34 strip and a 16x16 square one way.
    let squares = parse_pieces("OO\nOO\n* O 34\n").unwrap();
    let puzzle = Puzzle::new(Board::parse_size("4x34").unwrap(), squares.clone(), Motion::Free);
    assert_eq!(all(&puzzle, Engine::Bits, 1), 1);
    assert_eq!(all(&puzzle, Engine::Bits, 2), 1);
    let squares: Vec<_> = squares.into_iter().map(|p| p.with_copies(64)).collect();
    let puzzle = Puzzle::new(Board::parse_size("16x16").unwrap(), squares, Motion::Free);
    assert_eq!(all(&puzzle, Engine::Bits, 1), 1);
}

/// Timings for docs/performance.md (`--ignored --nocapture`); the benches measure the same.
#[test]
#[ignore = "a timing probe, not a test"]
fn timing_probe() {
    for size in ["6x10", "10x6", "5x12", "4x15", "3x20"] {
        let puzzle = rect(size);
        for (engine, threads) in
            [(Engine::Bits, 1), (Engine::Bits, 2), (Engine::ExactCover, 1), (Engine::ExactCover, 2)]
        {
            let best = (0..3)
                .map(|_| {
                    let start = std::time::Instant::now();
                    let c = count(&puzzle, &Query::default().with_engine(engine).with_threads(threads));
                    (start.elapsed().as_secs_f64(), c.solutions, c.stats.nodes)
                })
                .min_by(|a, b| a.0.total_cmp(&b.0))
                .unwrap();
            println!("{size} {engine:?} threads={threads}: {best:?}");
        }
    }
}
