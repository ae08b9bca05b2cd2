//! Big grids and jigsaw generation (issue 29): the learning engine and the portfolio against the
//! exact-cover reduction (an independent solver) on zero, one and many solutions; the budgets;
//! generated 16x16 and 25x25 puzzles counted by the portfolio where the plain search stalls;
//! and random jigsaw puzzles: unique, reproducible, read back from their text and JSON forms.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tessera::sudoku::logic::Difficulty;
use tessera::sudoku::{
    count, solutions, solve, Budget, Engine, GaveUp, Generator, Layout, Outcome, Query, Regions, Sudoku,
};

fn layouts() -> Vec<Layout> {
    let rows = |n: usize| (0..n * n).map(|c| (c / n) as u8).collect::<Vec<u8>>();
    vec![
        Layout::classic(4).unwrap(),
        Layout::classic(6).unwrap(),
        Layout::boxes(3, 2).unwrap(),
        Layout::classic(6).unwrap().with_diagonals(),
        Layout::classic(8).unwrap(),
        Layout::classic(9).unwrap().with_diagonals(),
        Layout::boxes(2, 5).unwrap(),
        Layout::jigsaw(5, rows(5)).unwrap(),
        Layout::jigsaw(7, rows(7)).unwrap(),
    ]
}

fn counted(puzzle: &Sudoku, engine: Engine, limit: u64) -> (u64, Outcome) {
    let c = count(puzzle, &Query::default().with_limit(limit).with_engine(engine));
    (c.solutions, c.outcome)
}

/// Puzzles with no, one and many solutions: a generated one, the same with clues removed, and
/// the same with a clue changed to clash with a peer's or to a wrong digit.
fn family(made: &Sudoku, solution: &Sudoku) -> Vec<Sudoku> {
    let mut out = vec![made.clone()];
    let givens: Vec<usize> = (0..made.cells().len()).filter(|&c| made.get(c) != 0).collect();
    let mut fewer = made.clone();
    for &cell in givens.iter().step_by(3) {
        fewer.set(cell, 0);
    }
    out.push(fewer);
    let mut wrong = made.clone();
    let empty = (0..made.cells().len()).find(|&c| made.get(c) == 0).unwrap();
    wrong.set(empty, solution.get(empty) % made.layout().size() as u8 + 1);
    out.push(wrong);
    out.push(Sudoku::empty(made.layout_arc().clone()));
    out
}

#[test]
fn learner_and_portfolio_agree_with_exact_cover() {
    for layout in layouts() {
        let jigsaw = matches!(layout.regions(), Regions::Jigsaw(_));
        let generator = Generator::new(Arc::new(layout)).jigsaw(jigsaw);
        for seed in 0..4 {
            let made = generator.generate(seed).unwrap();
            for puzzle in family(&made.puzzle, &made.solution) {
                for limit in [1, 2, 7] {
                    let expected = counted(&puzzle, Engine::ExactCover, limit);
                    for engine in [Engine::Learn, Engine::Auto, Engine::General] {
                        assert_eq!(
                            counted(&puzzle, engine, limit),
                            expected,
                            "{engine:?} {limit} {}",
                            puzzle.to_line()
                        );
                    }
                }
                // Distinct solutions that complete the puzzle.
                let listed = solutions(&puzzle, &Query::default().with_limit(5).with_engine(Engine::Learn));
                let mut lines: Vec<String> = listed.found.iter().map(Sudoku::to_line).collect();
                assert!(listed.found.iter().all(|s| s.is_solved() && puzzle.is_completed_by(s)));
                lines.sort();
                lines.dedup();
                assert_eq!(lines.len(), listed.found.len());
            }
        }
    }
}

/// The generator's 25x25 expert puzzles of seed 1 (the example): the plain search
/// stalls on them, the portfolio hands over and proves them unique within seconds.
#[test]
fn generated_25x25_expert_puzzles_are_counted_quickly() {
    let generator = Generator::new(Arc::new(Layout::classic(25).unwrap())).difficulty(Difficulty::Expert);
    for seed in 1..=2 {
        let made = generator.generate(seed).unwrap();
        let start = Instant::now();
        let budget = Budget::unlimited().with_timeout(Duration::from_secs(60));
        let c = count(&made.puzzle, &Query::default().with_limit(2).with_budget(budget.clone()));
        assert_eq!((c.solutions, c.outcome), (1, Outcome::Exhausted), "seed {seed}");
        let solved = solve(&made.puzzle, &Query::default().with_budget(budget)).unwrap().unwrap();
        assert_eq!(solved, made.solution, "seed {seed}");
        assert!(start.elapsed() < Duration::from_secs(20), "seed {seed}: {:?}", start.elapsed());
    }
}

#[test]
fn budgets_end_the_learner_cleanly() {
    let generator = Generator::new(Arc::new(Layout::classic(16).unwrap()));
    let made = generator.generate(1).unwrap();
    let mut sparse = made.puzzle.clone();
    for cell in 0..256 {
        if cell % 2 == 0 {
            sparse.set(cell, 0);
        }
    }
    let past = Budget::unlimited().with_deadline(Instant::now());
    for engine in [Engine::Learn, Engine::Auto] {
        let c = count(
            &sparse,
            &Query::default().with_limit(1_000_000).with_engine(engine).with_budget(past.clone()),
        );
        assert_eq!(c.outcome, Outcome::GaveUp(GaveUp::Deadline), "{engine:?}");
        let few = Budget::unlimited().with_nodes(3);
        let c = count(&sparse, &Query::default().with_limit(1_000_000).with_engine(engine).with_budget(few));
        assert_eq!(c.outcome, Outcome::GaveUp(GaveUp::NodeLimit), "{engine:?}");
    }
    let c = count(
        &Sudoku::empty(Arc::new(Layout::classic(25).unwrap())),
        &Query::default().with_limit(1).with_engine(Engine::Learn),
    );
    assert_eq!((c.solutions, c.outcome), (1, Outcome::LimitReached));
}

#[test]
fn jigsaw_puzzles_are_unique_reproducible_and_read_back() {
    for size in 4..=9 {
        for diagonals in [false, true] {
            if diagonals && size < 6 {
                continue;
            }
            let rows = (0..size * size).map(|c| (c / size) as u8).collect();
            let mut layout = Layout::jigsaw(size, rows).unwrap();
            if diagonals {
                layout = layout.with_diagonals();
            }
            let generator = Generator::new(Arc::new(layout)).jigsaw(true);
            for seed in 0..3 {
                let made = generator.generate(seed).unwrap();
                let again = generator.generate(seed).unwrap();
                assert_eq!(made.puzzle, again.puzzle, "size {size}, seed {seed}");
                let layout = made.puzzle.layout();
                assert!(matches!(layout.regions(), Regions::Jigsaw(_)));
                assert_eq!(layout.has_diagonals(), diagonals);
                assert!(made.solution.is_solved() && made.puzzle.is_completed_by(&made.solution));
                assert_eq!(counted(&made.puzzle, Engine::ExactCover, 2), (1, Outcome::Exhausted));
                for text in [made.puzzle.to_line(), made.puzzle.to_json()] {
                    let back = Sudoku::parse(&text).unwrap();
                    assert_eq!(back.cells(), made.puzzle.cells(), "{text}");
                    assert_eq!(back.layout(), made.puzzle.layout(), "{text}");
                }
            }
        }
    }
}

/// A slice of the generator-driven corpus (the whole one is `scripts/big-grids.py`, figures in
/// docs/performance.md): every level each of these layouts offers, seed 1. The default engine
/// proves each puzzle unique (and the exact cover agrees) and the rater grades it, each within
/// a budget far above what they take.
#[test]
fn generated_puzzles_of_every_level_are_counted_and_rated_within_budget() {
    let rows = |n: usize| (0..n * n).map(|c| (c / n) as u8).collect::<Vec<u8>>();
    let layouts = [
        (Layout::classic(8).unwrap(), false),
        (Layout::classic(9).unwrap().with_diagonals(), false),
        (Layout::boxes(2, 5).unwrap(), false),
        (Layout::classic(12).unwrap(), false),
        (Layout::classic(16).unwrap(), false),
        (Layout::jigsaw(8, rows(8)).unwrap(), true),
    ];
    for (layout, jigsaw) in layouts {
        let name = layout.name();
        let layout = Arc::new(layout);
        for &level in Generator::levels(&layout) {
            let generator = Generator::new(layout.clone())
                .jigsaw(jigsaw)
                .difficulty(level)
                .budget(Budget::unlimited().with_timeout(Duration::from_secs(120)));
            let made = generator.generate(1).unwrap();
            let budget = Budget::unlimited().with_timeout(Duration::from_secs(10));
            let c = count(&made.puzzle, &Query::default().with_limit(2).with_budget(budget.clone()));
            assert_eq!((c.solutions, c.outcome), (1, Outcome::Exhausted), "{name} {level}");
            assert_eq!(
                counted(&made.puzzle, Engine::ExactCover, 2),
                (1, Outcome::Exhausted),
                "{name} {level}"
            );
            let rating = tessera::sudoku::logic::rate_within(&made.puzzle, &budget).unwrap();
            assert_eq!(rating.difficulty, level, "{name}");
        }
    }
}
