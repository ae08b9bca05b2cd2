//! The dedicated engine against the exact-cover reduction on adversarial grids made here from a seed, the
//! solution limit, and givens.

use super::*;

fn solution_set(puzzle: &Killer, engine: Engine, limit: u64) -> (BTreeSet<Grid>, Outcome) {
    let query = Query::default().with_engine(engine).with_limit(limit);
    let found = killer::solutions(puzzle, &query);
    (found.found.into_iter().collect(), found.count.outcome)
}

fn agree(puzzle: &Killer, limit: u64) -> usize {
    let (dedicated, a) = solution_set(puzzle, Engine::Propagate, limit);
    let (cover, b) = solution_set(puzzle, Engine::ExactCover, limit);
    assert_eq!(a, b, "{puzzle}");
    if a == Outcome::Exhausted {
        assert_eq!(dedicated, cover, "{puzzle}");
    } else {
        assert_eq!(dedicated.len(), cover.len(), "{puzzle}");
    }
    for grid in &dedicated {
        assert!(verify(puzzle, grid).is_valid());
    }
    dedicated.len()
}

#[test]
fn the_engines_agree_on_adversarial_puzzles() {
    let mut rng = Rng(2024);
    let mut seen = [0usize; 3];
    for round in 0..60 {
        let n = [4, 6, 4, 6, 8, 9][round % 6];
        let grid = full_grid(n, &mut rng);
        let max = [2, 3, 4, 5][round % 4];
        let mut cages = random_cages(n, &grid, max, &mut rng);
        if round % 3 == 1 {
            // Contradictory: one sum moved by one (still a possible sum for its size).
            let k = rng.next(cages.len());
            let (cells, sum) = (cages[k].cells().to_vec(), cages[k].sum());
            let moved = if sum > (cells.len() * (cells.len() + 1) / 2) as u32 { sum - 1 } else { sum + 1 };
            cages[k] = Cage::new(cells, moved);
        }
        let Ok(puzzle) = Killer::new(n, cages, vec![]) else { continue };
        let found = agree(&puzzle, 30);
        seen[found.min(2)] += 1;
    }
    assert!(seen.iter().all(|&s| s > 0), "none, one and several solutions all met: {seen:?}");
}

#[test]
fn sparse_cages_have_many_solutions_and_both_engines_stop_at_the_limit() {
    let mut rng = Rng(7);
    let grid = full_grid(6, &mut rng);
    // Whole rows as cages: a Latin-square count, hundreds of solutions.
    let cages = (0..6).map(|r| Cage::new((0..6).map(|c| r * 6 + c).collect(), 21)).collect();
    let puzzle = Killer::new(6, cages, vec![]).expect("rows as cages");
    assert_eq!(agree(&puzzle, 40), 40);
    let _ = grid;
}

#[test]
fn givens_are_kept_and_read_back() {
    let puzzle = parse(SAMPLE).expect("the example");
    let mut givens = vec![0; 16];
    givens[0] = 2;
    let with = puzzle.with_givens(givens).expect("a given");
    let text = with.to_text();
    assert!(text.ends_with("2 - - -\n- - - -\n- - - -\n- - - -\n"), "{text}");
    let back: Vec<Killer> =
        read(&format!("{text}\n{SAMPLE}")).collect::<Result<_, _>>().expect("two puzzles");
    assert_eq!(back, [with.clone(), puzzle.clone()]);
    assert_eq!(killer::from_json(&killer::to_json(&with)).expect("JSON"), std::slice::from_ref(&with));
    let wrong = puzzle.with_givens([vec![3], vec![0; 15]].concat()).expect("a wrong given");
    assert_eq!(count(&wrong, &Query::default()).solutions, 0);
    assert_eq!(count(&wrong, &Query::default().with_engine(Engine::ExactCover)).solutions, 0);
}
