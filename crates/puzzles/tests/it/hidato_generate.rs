//! The Hidato generator and rater: generated puzzles are unique (two solvers agree), keep their
//! shape and level, and are reproducible; the rater agrees with janko.at's published solutions.

use crate::common;

use proptest::prelude::*;
use tessera::hidato::{
    count, rate, solve_logically, Adjacency, Budget, Difficulty, Engine, GaveUp, Generator, Hidato, Query,
    EMPTY, HOLE,
};

fn rectangle(width: usize, height: usize) -> Hidato {
    Hidato::new(width, height, vec![EMPTY; width * height], Adjacency::King).unwrap()
}

/// A rectangle with a few holes, each kept only if the board still has a path through every
/// cell by the generator's own static checks (a hole can cut a corner cell off: 5x4 with holes
/// at (3,2), (4,2) and (3,3) strands (4,3), which CI's proptest found).
fn holed(width: usize, height: usize, holes: &[usize]) -> Hidato {
    let mut cells = vec![EMPTY; width * height];
    for &h in holes {
        let (x, y) = (h % width, (h / width) % height);
        // Leave the first column and the first row whole.
        if x > 0 && y > 0 {
            let before = cells[y * width + x];
            cells[y * width + x] = HOLE;
            let shape = Hidato::new(width, height, cells.clone(), Adjacency::King).unwrap();
            if Generator::new(shape).no_path().is_some() {
                cells[y * width + x] = before;
            }
        }
    }
    Hidato::new(width, height, cells, Adjacency::King).unwrap()
}

fn check(made: &tessera::hidato::Generated, shape: &Hidato, level: Option<Difficulty>) {
    let (puzzle, solution) = (&made.puzzle, &made.solution);
    assert_eq!(puzzle.shape(), shape.shape(), "the shape is kept");
    assert!(solution.is_filled());
    for c in 0..puzzle.cells().len() {
        assert!(puzzle.get(c) == EMPTY || puzzle.get(c) == solution.get(c));
    }
    let budget = Budget::unlimited().with_nodes(5_000_000);
    assert_eq!(
        count(puzzle, &Query::default().with_limit(2).with_budget(budget.clone())).result(),
        Ok(1),
        "unique (Auto):\n{puzzle}"
    );
    if puzzle.size() <= 36 {
        assert_eq!(
            count(
                puzzle,
                &Query::default().with_limit(2).with_engine(Engine::ExactCover).with_budget(budget.clone())
            )
            .result(),
            Ok(1),
            "unique (ExactCover):\n{puzzle}"
        );
    }
    if let Some(level) = level {
        assert_eq!(made.difficulty, level);
    }
    let rating = rate(puzzle);
    if made.difficulty < Difficulty::Expert {
        assert_eq!(rating.difficulty, made.difficulty);
        assert!(rating.solved);
        assert_eq!(rating.solution.as_ref(), Some(solution));
        assert!(solve_logically(puzzle, made.difficulty).solved, "its own rules solve it");
        if made.difficulty > Difficulty::Easy {
            let easier = Difficulty::ALL[made.difficulty as usize - 1];
            assert!(!solve_logically(puzzle, easier).solved, "it needs a {} rule", made.difficulty);
        }
    } else {
        assert!(!solve_logically(puzzle, Difficulty::Hard).solved, "expert needs more than the hard rules");
    }
    let ends_hidden = [1, puzzle.size() as i32].iter().any(|&v| !puzzle.cells().contains(&v));
    if made.difficulty < Difficulty::Hard && puzzle.size() > 1 {
        assert!(!ends_hidden, "1 and N stay given below hard");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn generated_rectangles_are_unique_and_at_level(
        width in 3usize..=8, height in 3usize..=8, seed in any::<u64>(), level in 0usize..3,
    ) {
        let shape = rectangle(width, height);
        let level = Difficulty::ALL[level];
        let made = Generator::new(shape.clone()).difficulty(level).attempts(200).generate(seed);
        // Tiny boards may have no puzzle that needs a medium or hard rule.
        if let Ok(made) = made {
            check(&made, &shape, Some(level));
        } else {
            prop_assert!(level > Difficulty::Easy && width * height <= 16, "{level:?} {width}x{height}");
        }
    }

    #[test]
    fn generated_holed_shapes_are_unique(
        width in 4usize..=7, height in 4usize..=7, holes in proptest::collection::vec(0usize..64, 0..5),
        seed in any::<u64>(),
    ) {
        let shape = holed(width, height, &holes);
        let made = Generator::new(shape.clone()).generate(seed).unwrap();
        check(&made, &shape, None);
    }
}

#[test]
fn expert_puzzles_are_unique_and_beyond_the_hard_rules() {
    for seed in 1..=4 {
        let shape = rectangle(6, 6);
        let made = Generator::new(shape.clone()).difficulty(Difficulty::Expert).generate(seed).unwrap();
        check(&made, &shape, Some(Difficulty::Expert));
    }
}

#[test]
fn hard_puzzles_may_hide_the_ends() {
    let shape = rectangle(7, 7);
    for seed in 1..=3 {
        let made = Generator::new(shape.clone()).difficulty(Difficulty::Hard).generate(seed).unwrap();
        check(&made, &shape, Some(Difficulty::Hard));
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzle() {
    let shape = holed(8, 8, &[9, 18, 27, 45]);
    for level in [None, Some(Difficulty::Medium)] {
        let mut generator = Generator::new(shape.clone());
        if let Some(level) = level {
            generator = generator.difficulty(level);
        }
        let a = generator.generate(42).unwrap();
        let b = generator.generate(42).unwrap();
        assert_eq!(a.puzzle, b.puzzle);
        assert_eq!((a.seed, a.attempts, a.difficulty), (b.seed, b.attempts, b.difficulty));
        assert_ne!(generator.generate(43).unwrap().puzzle, a.puzzle);
    }
}

#[test]
fn givens_in_the_shape_are_ignored() {
    let mut shape = rectangle(4, 4);
    shape.set(0, 5);
    let made = Generator::new(shape.clone()).generate(1).unwrap();
    check(&made, &shape, None);
}

#[test]
fn impossible_shapes_give_up_cleanly() {
    // Two halves with a column of holes between them.
    let split = Hidato::new(3, 3, vec![0, -1, 0, 0, -1, 0, 0, -1, 0], Adjacency::King).unwrap();
    assert_eq!(Generator::new(split).generate(1).unwrap_err(), GaveUp::NodeLimit);
    // A Numbrix plus sign: four dead ends.
    let plus = Hidato::new(3, 3, vec![-1, 0, -1, 0, 0, 0, -1, 0, -1], Adjacency::Orthogonal).unwrap();
    assert!(Generator::new(plus).generate(1).is_err());
    // A Numbrix 3x3 ring round a hole: 8 cells, a cycle, so it has a path; a 2x2 block of holes in
    // a 4x4 Numbrix leaves a ring of 12: fine too. A connected king shape with three leaves is not.
    let claw = Hidato::new(5, 3, vec![0, -1, 0, -1, 0, -1, 0, -1, 0, -1, -1, -1, 0, -1, -1], Adjacency::King)
        .unwrap();
    assert!(Generator::new(claw).generate(1).is_err());
}

#[test]
fn a_single_cell_and_a_strip() {
    let made = Generator::new(rectangle(1, 1)).generate(3).unwrap();
    assert_eq!(made.solution.cells(), &[1]);
    let made = Generator::new(rectangle(9, 1)).generate(3).unwrap();
    check(&made, &rectangle(9, 1), None);
}

#[test]
fn an_exhausted_deadline_gives_up() {
    let budget = Budget::unlimited().with_deadline(std::time::Instant::now());
    let generator = Generator::new(rectangle(8, 8)).budget(budget);
    assert_eq!(generator.generate(1).unwrap_err(), GaveUp::Deadline);
}

#[test]
fn janko_puzzles_are_rated_and_solved_right() {
    let (Some(puzzles), Some(solutions)) =
        (common::shared_hidato("janko.txt"), common::shared_hidato("janko.solutions.txt"))
    else {
        return;
    };
    assert_eq!(puzzles.len(), 510);
    assert_eq!(solutions.len(), 510);
    let mut levels = [0usize; 4];
    let mut unsolved = 0;
    for (n, (puzzle, solution)) in puzzles.iter().zip(&solutions).enumerate() {
        let rating = rate(puzzle);
        levels[rating.difficulty as usize] += 1;
        assert!(!rating.contradiction, "janko #{n}: a contradiction in a valid puzzle");
        match &rating.solution {
            Some(found) => assert_eq!(found, solution, "janko #{n}"),
            None => unsolved += 1,
        }
        assert_eq!(rating.solved, rating.solution.is_some());
    }
    eprintln!("janko levels (easy, medium, hard, expert): {levels:?}; unsolved by the rater: {unsolved}");
    assert!(unsolved < 510);
}

#[test]
fn a_stranded_corner_is_no_path_not_a_search() {
    // The shape CI's proptest once made: (4,3) touches only holes.
    let mut cells = vec![EMPTY; 20];
    for (x, y) in [(3, 2), (4, 2), (3, 3)] {
        cells[y * 5 + x] = HOLE;
    }
    let shape = Hidato::new(5, 4, cells, Adjacency::King).unwrap();
    assert!(Generator::new(shape).no_path().is_some());
}
