//! Killer, X and jigsaw Sudoku expressed as rules agree with the dedicated solvers: the shared
//! janko.at Killers (with their published answers) and generated Killers, X and jigsaw puzzles,
//! by the rules engine itself and by `auto`.

use std::sync::Arc;

use tessera::killer::{self, Killer};
use tessera::sudoku::{self, Layout, Sudoku};
use tessera::variant::{self, Cell, Constraint, Engine, Variant};
use tessera::xc::Budget;

/// A Killer Sudoku as rules: its cages, its givens.
pub fn from_killer(puzzle: &Killer) -> Variant {
    let n = puzzle.size();
    let mut v = Variant::classic(n);
    v.givens = puzzle.givens().to_vec();
    for cage in puzzle.cages() {
        let cells = cage.cells().iter().map(|&i| Cell::at(i, n)).collect();
        v.constraints.push(Constraint::Cage { cells, sum: Some(cage.sum()) });
    }
    v
}

/// A Sudoku (classic, X or jigsaw) as rules.
pub fn from_sudoku(puzzle: &Sudoku) -> Variant {
    let layout = puzzle.layout();
    let n = layout.size();
    let mut v = Variant::classic(n);
    v.givens = puzzle.cells().to_vec();
    v.regions = (0..n * n).map(|c| Some(layout.region_of(c) as u16)).collect();
    if layout.has_diagonals() {
        v.constraints.push(Constraint::DiagonalPositive);
        v.constraints.push(Constraint::DiagonalNegative);
    }
    v
}

fn two(engine: Engine) -> variant::Query {
    variant::Query::default()
        .with_engine(engine)
        .with_limit(2)
        .with_budget(Budget::unlimited().with_nodes(5_000_000))
}

fn agree_killer(puzzle: &Killer, what: &str) {
    let v = from_killer(puzzle);
    v.validate().unwrap_or_else(|e| panic!("{what}: {e}"));
    let dedicated = killer::solutions(puzzle, &killer::Query::default().with_limit(2));
    for engine in [Engine::Rules, Engine::Auto] {
        let found = variant::solutions(&v, &two(engine));
        assert_eq!(found.count.solutions, dedicated.count.solutions, "{what} ({engine}): counts");
        for grid in &found.found {
            assert!(variant::verify(&v, grid).is_valid(), "{what} ({engine})");
        }
        if dedicated.found.len() == 1 {
            assert_eq!(found.found[0].digits(), dedicated.found[0].digits(), "{what} ({engine}): answers");
        }
    }
}

#[test]
fn the_shared_killers_as_rules_equal_the_killer_solver_and_their_published_answers() {
    let Some(text) = crate::common::shared_text("families", "killer.txt") else { return };
    let Some(answers) = crate::common::shared_text("families", "killer.solutions.txt") else { return };
    let puzzles: Vec<Killer> = killer::read(&text).map(|p| p.expect("a killer")).collect();
    let answers: Vec<killer::Grid> =
        killer::Grid::read_answers(&answers).map(|a| a.expect("an answer")).collect();
    assert_eq!(puzzles.len(), answers.len());
    for (i, (puzzle, answer)) in puzzles.iter().zip(&answers).enumerate() {
        agree_killer(puzzle, &format!("killer #{}", i + 1));
        let v = from_killer(puzzle);
        let found = variant::solve(&v, &two(Engine::Rules)).unwrap().expect("a solution");
        assert_eq!(found.digits(), answer.digits(), "killer #{}: the published answer", i + 1);
    }
}

#[test]
fn generated_killers_as_rules_equal_the_killer_solver() {
    for size in [4, 6, 9] {
        let generator = killer::Generator::new(size).unwrap();
        for seed in 0..8 {
            let made = generator.generate(seed).expect("a killer");
            agree_killer(&made.puzzle, &format!("generated {size}x{size} killer, seed {seed}"));
        }
    }
}

fn agree_sudoku(puzzle: &Sudoku, what: &str) {
    let v = from_sudoku(puzzle);
    let dedicated = sudoku::solutions(puzzle, &sudoku::Query::default().with_limit(2));
    for engine in [Engine::Rules, Engine::Auto] {
        let found = variant::solutions(&v, &two(engine));
        assert_eq!(found.count.solutions, dedicated.count.solutions, "{what} ({engine}): counts");
        if dedicated.found.len() == 1 {
            assert_eq!(found.found[0].digits(), dedicated.found[0].cells(), "{what} ({engine}): answers");
        }
    }
}

#[test]
fn x_and_jigsaw_sudoku_as_rules_equal_the_sudoku_solver() {
    for (size, diagonals, jigsaw) in
        [(9, true, false), (9, false, true), (6, false, true), (8, true, false), (9, true, true)]
    {
        let layout = Layout::classic(size).unwrap();
        let layout = if diagonals { layout.with_diagonals() } else { layout };
        for seed in 0..6 {
            let made = sudoku::Generator::new(Arc::new(layout.clone())).jigsaw(jigsaw).generate(seed);
            let Ok(made) = made else { continue };
            agree_sudoku(&made.puzzle, &format!("{size}x{size} x={diagonals} jigsaw={jigsaw} seed {seed}"));
            // Fewer givens: several solutions, the same count to 2.
            let mut cells = made.puzzle.cells().to_vec();
            for c in cells.iter_mut().filter(|c| **c != 0).take(6) {
                *c = 0;
            }
            let loose = Sudoku::from_digits(made.puzzle.layout_arc().clone(), cells).unwrap();
            agree_sudoku(&loose, &format!("{size}x{size} loose, seed {seed}"));
        }
    }
}
