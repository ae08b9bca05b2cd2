//! Budgets on the largest sizes, and the trait.

use super::*;

/// A 25x25 puzzle of cages of up to `max` cells from a random grid.
fn large(n: usize, max: usize, seed: u64) -> (Killer, Vec<u8>) {
    let mut rng = Rng(seed);
    let grid = full_grid(n, &mut rng);
    let cages = random_cages(n, &grid, max, &mut rng);
    (Killer::new(n, cages, vec![]).expect("a puzzle"), grid)
}

#[test]
fn every_search_keeps_its_budget_on_the_largest_grids() {
    for (n, max) in [(25, 12), (16, 25), (25, 25)] {
        let (puzzle, _) = large(n, max, 99);
        for engine in Engine::ALL {
            let started = Instant::now();
            let budget = Budget::unlimited().with_timeout(Duration::from_millis(300));
            let count =
                count(&puzzle, &Query::default().with_engine(engine).with_limit(2).with_budget(budget));
            assert!(
                started.elapsed() < Duration::from_secs(2),
                "{n} {engine}: {:?} {:?}",
                count,
                started.elapsed()
            );
            let budget = Budget::unlimited().with_nodes(50);
            let count = killer::count(&puzzle, &Query::default().with_engine(engine).with_budget(budget));
            assert!(
                count.outcome != Outcome::Exhausted || count.solutions > 0 || engine == Engine::ExactCover,
                "{n} {engine}"
            );
        }
    }
    // An empty 25x25 (one cage per row): many solutions, the limit or the deadline ends it.
    let cages = (0..25).map(|r| Cage::new((0..25).map(|c| r * 25 + c).collect(), 325)).collect();
    let empty = Killer::new(25, cages, vec![]).expect("rows as cages");
    let started = Instant::now();
    let budget = Budget::unlimited().with_timeout(Duration::from_millis(500));
    let found = count(&empty, &Query::default().with_limit(2).with_budget(budget));
    assert!(started.elapsed() < Duration::from_secs(2), "{found:?}");
}

/// Timing of generated hard instances: the worst solve and uniqueness proof over many 9x9, 16x16
/// and 25x25 puzzles (cages of up to 4 to 6 cells). `cargo test --release -- --ignored`.
#[test]
#[ignore = "a timing run"]
fn worst_case_of_generated_large_puzzles() {
    for (n, max, count_of) in [(9, 5, 200), (16, 5, 50), (25, 4, 30), (25, 6, 30)] {
        let mut times = Vec::new();
        let mut unique = 0;
        for seed in 0..count_of {
            let (puzzle, grid) = large(n, max, seed);
            let started = Instant::now();
            let query = Query::default()
                .with_limit(2)
                .with_budget(Budget::unlimited().with_timeout(Duration::from_secs(2)));
            let found = killer::solutions(&puzzle, &query);
            times.push(started.elapsed());
            assert!(
                found.count.outcome != Outcome::GaveUp(tessera::GaveUp::Deadline),
                "{n} seed {seed}: {:?}",
                found.count
            );
            assert!(found.found.iter().any(|g| g.digits() == grid.as_slice()) || found.found.len() >= 2);
            unique += usize::from(found.count.solutions == 1);
        }
        times.sort();
        eprintln!(
            "{n}x{n} cages <= {max}: {unique}/{count_of} unique, median {:?}, worst {:?}",
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
}

#[test]
fn through_the_trait() {
    let puzzle = parse(SAMPLE).expect("the example");
    assert_eq!(<Killer as Puzzle>::NAME, "killer");
    assert_eq!(Engine::ALL.map(Engine::name), ["auto", "propagate", "xc"]);
    let answer = Puzzle::solve(&puzzle, &Query::default()).expect("no budget").expect("a solution");
    assert!(Puzzle::verify(&puzzle, &answer).is_valid());
}
