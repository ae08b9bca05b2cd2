//! Cross-checks between the dedicated engines on random small boards: every bitset width of
//! the domain search against the gap search, the walker and the portfolio against the domain
//! search, and the solutions made by reversals.

use super::gap::Search;
use super::*;
use crate::hidato::Adjacency;

fn domain_count<B: BitSet>(puzzle: &Hidato, limit: u64) -> u64 {
    let budget = Budget::unlimited();
    let mut search = BitSearch::<B>::new(puzzle, limit, 0, &budget);
    search.run().unwrap();
    search.tally.solutions
}

fn gap_count(puzzle: &Hidato, limit: u64) -> u64 {
    let budget = Budget::unlimited();
    let mut search = Search::new(puzzle, limit, 0, &budget);
    search.run().unwrap();
    search.tally.solutions
}

/// A random board (holes, givens from a random self-avoiding walk or at random).
pub(super) fn random_board(next: &mut impl FnMut(u64) -> u64, w: usize, h: usize) -> Hidato {
    let adjacency = if next(2) == 0 { Adjacency::King } else { Adjacency::Orthogonal };
    let holes = next(3);
    let mut cells: Vec<i32> = (0..w * h).map(|_| if next(10) < holes { -1 } else { 0 }).collect();
    if cells.iter().all(|&v| v == -1) {
        cells[0] = 0;
    }
    let shape = Hidato::new(w, h, cells.clone(), adjacency).unwrap();
    let open: Vec<usize> = (0..w * h).filter(|&c| cells[c] != -1).collect();
    let mut path = vec![open[next(open.len() as u64) as usize]];
    loop {
        let last = *path.last().unwrap();
        let free: Vec<usize> = shape.neighbours(last).filter(|c| !path.contains(c)).collect();
        if free.is_empty() {
            break;
        }
        path.push(free[next(free.len() as u64) as usize]);
    }
    let density = next(5);
    if path.len() == shape.size() {
        for (k, &c) in path.iter().enumerate() {
            if next(6) < density {
                cells[c] = k as i32 + 1;
            }
        }
    } else {
        for &c in &open {
            if next(10) < density {
                let k = next(shape.size() as u64) as i32 + 1;
                if !cells.contains(&k) {
                    cells[c] = k;
                }
            }
        }
    }
    Hidato::new(w, h, cells, adjacency).unwrap()
}

pub(super) fn xorshift(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut state = seed | 1;
    move |m: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % m
    }
}

/// The domain search in every width and the gap search count the same solutions.
#[test]
fn every_bitset_width_and_the_gap_search_agree() {
    let mut next = xorshift(0x9e37_79b9);
    for _ in 0..1500 {
        let (w, h) = (1 + next(6) as usize, 1 + next(6) as usize);
        let puzzle = random_board(&mut next, w, h);
        let expected = gap_count(&puzzle, 20);
        assert_eq!(domain_count::<u128>(&puzzle, 20), expected, "{puzzle}");
        assert_eq!(domain_count::<Words<4>>(&puzzle, 20), expected, "{puzzle}");
        assert_eq!(domain_count::<Words<40>>(&puzzle, 20), expected, "{puzzle}");
    }
    // Rows longer than a word: shifts by the row stride cross whole words.
    let mut next = xorshift(0x5151);
    for _ in 0..40 {
        let (w, h) = (60 + next(20) as usize, 1 + next(2) as usize);
        let mut puzzle = random_board(&mut next, w, h);
        // Dense givens so the gap search answers quickly: every third number of a
        // serpentine where the board is full.
        if puzzle.cells().iter().all(|&v| v != -1) {
            let mut cells = vec![0; w * h];
            for k in 0..w * h {
                let (row, i) = (k / w, k % w);
                let column = if row % 2 == 0 { i } else { w - 1 - i };
                if k % 3 == 0 || k == w * h - 1 {
                    cells[row * w + column] = k as i32 + 1;
                }
            }
            puzzle = Hidato::new(w, h, cells, puzzle.adjacency()).unwrap();
        }
        let expected = gap_count(&puzzle, 5);
        assert_eq!(domain_count::<Words<4>>(&puzzle, 5), expected, "{puzzle}");
        assert_eq!(domain_count::<Words<40>>(&puzzle, 5), expected, "{puzzle}");
    }
}

/// The walker alone, the learner alone, the domain search's seeded restarts and the portfolio
/// on one and two threads count what the domain search counts, on boards of every kind (holes,
/// givens or none, both adjacencies), and every solution they give is valid.
#[test]
fn the_walker_and_the_portfolio_agree_with_the_domain_search() {
    let mut next = xorshift(0x2545_f491);
    let budget = Budget::unlimited();
    for _ in 0..600 {
        let (w, h) = (1 + next(6) as usize, 1 + next(6) as usize);
        let puzzle = random_board(&mut next, w, h);
        let limit = 1 + next(12);
        let expected = domain_count::<Words<4>>(&puzzle, limit);
        let seed = next(1 << 20);
        let threads = 1 + next(2) as usize;
        for engine in [Engine::Walk, Engine::Auto, Engine::Learn, Engine::Domain] {
            let query = Query::default()
                .with_engine(engine)
                .with_budget(budget.clone())
                .with_seed(seed)
                .with_threads(threads);
            assert_eq!(
                count(&puzzle, &query.clone().with_limit(limit)).result(),
                Ok(expected),
                "{engine:?} limit {limit} seed {seed} threads {threads}\n{puzzle}"
            );
            let first = solve(&puzzle, &query).unwrap();
            assert_eq!(first.is_some(), expected > 0, "{engine:?}\n{puzzle}");
            if let Some(answer) = first {
                assert!(crate::hidato::verify(&puzzle, &answer).is_valid(), "{engine:?}\n{puzzle}\n{answer}");
            }
        }
    }
}

/// Solutions one reversal away are valid and distinct.
#[test]
fn reversals_give_valid_new_solutions() {
    let mut next = xorshift(0x7f4a_7c15);
    for _ in 0..300 {
        let (w, h) = (2 + next(6) as usize, 2 + next(6) as usize);
        let puzzle = random_board(&mut next, w, h);
        let Ok(Some(answer)) = solve(&puzzle, &Query::default().with_engine(Engine::Domain)) else {
            continue;
        };
        let path = path_of(&answer);
        let given = given_numbers(&puzzle);
        let touch = |a: u32, b: u32| puzzle.touch(a as usize, b as usize);
        moves::reversals(&path, &given, touch, &mut |other| {
            assert_ne!(other, path);
            let other = fill(&puzzle, &other);
            assert!(crate::hidato::verify(&puzzle, &other).is_valid(), "{puzzle}\n{other}");
            true
        });
    }
}

/// The domain search's pruning, apart from restarts: its first (deterministic) order proves
/// the hardest janko.at puzzles unique within a few thousand nodes. Reads
/// `$TESSERA_DATA/hidato/janko.txt` as the integration tests do (skipped without it, a
/// failure under `TESSERA_REQUIRE_DATA=1`).
#[test]
fn first_order_proves_hard_janko_puzzles_within_a_node_budget() {
    let Some(dir) = std::env::var_os("TESSERA_DATA").filter(|dir| !dir.is_empty()) else {
        let required = std::env::var("TESSERA_REQUIRE_DATA").is_ok_and(|v| v == "1");
        assert!(!required, "TESSERA_REQUIRE_DATA=1 but TESSERA_DATA is not set (hidato/janko.txt)");
        return;
    };
    let path = std::path::Path::new(&dir).join("hidato/janko.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let puzzles = crate::hidato::parse_puzzles(&text, Adjacency::King).unwrap();
    for (number, nodes) in [(40, 500), (395, 4_000), (489, 1_000), (365, 1_000), (469, 2_000)] {
        let budget = Budget::unlimited().with_nodes(nodes);
        let (stats, _) = domain_search(&puzzles[number - 1], 2, 0, None, 0, &budget)
            .expect("a janko board fits the domain search")
            .unwrap_or_else(|e| panic!("janko #{number}: {e:?} within {nodes} nodes"));
        assert_eq!(stats.solutions, 1, "janko #{number}");
    }
}
