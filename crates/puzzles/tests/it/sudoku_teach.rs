//! The teaching engines (`sudoku::teach`): node counts against an independent re-count written
//! here from scratch (plain index arithmetic, no layout), solutions against the verifier, the
//! engines against each other and against the default solver on random puzzles, the budget on a
//! puzzle made against plain backtracking, and the trace replayed onto a grid.
//!
//! The shared puzzle sets come from `$TESSERA_DATA/sudoku/`; without `TESSERA_DATA` those tests
//! say so and pass, unless `TESSERA_REQUIRE_DATA=1`.

use crate::common;

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

use proptest::prelude::*;
use tessera::sudoku::teach::{self, Engine, Event, Method};
use tessera::sudoku::{self, solve_with_seed, verify, Budget, GaveUp, Layout, Outcome, Query, Sudoku};

/// Wikipedia's example puzzle ("Sudoku"), one solution.
const WIKIPEDIA: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// The puzzle of Wikipedia's "Sudoku solving algorithms" made against brute force: its solution's
/// first row is 987654321, the last digits plain backtracking tries.
const AGAINST_BRUTE_FORCE: &str =
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";

/// An independent count: the grid as `n * n` digits with boxes of `br x bc`, the first empty cell
/// (or, with `mrv`, the empty cell with the fewest digits allowed, first on a tie), digits
/// ascending; nodes are the root and every placement made. Returns (solutions, nodes).
fn recount(line: &str, br: usize, bc: usize, mrv: bool, limit: u64) -> (u64, u64) {
    let n = br * bc;
    let mut grid: Vec<u8> = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
    assert_eq!(grid.len(), n * n);
    let allowed = |grid: &[u8], cell: usize, digit: u8| {
        let (r, c) = (cell / n, cell % n);
        let (r0, c0) = (r / br * br, c / bc * bc);
        (0..n).all(|k| grid[r * n + k] != digit && grid[k * n + c] != digit)
            && (0..br).all(|i| (0..bc).all(|j| grid[(r0 + i) * n + c0 + j] != digit))
    };
    fn go(
        grid: &mut Vec<u8>,
        n: usize,
        mrv: bool,
        limit: u64,
        found: &mut (u64, u64),
        allowed: &dyn Fn(&[u8], usize, u8) -> bool,
    ) -> bool {
        let empty: Vec<usize> = (0..n * n).filter(|&c| grid[c] == 0).collect();
        let Some(&first) = empty.first() else {
            found.0 += 1;
            return found.0 >= limit;
        };
        let options = |cell: usize| (1..=n as u8).filter(|&d| allowed(grid, cell, d)).collect::<Vec<u8>>();
        let cell = if mrv { *empty.iter().min_by_key(|&&c| options(c).len()).unwrap() } else { first };
        for digit in options(cell) {
            found.1 += 1;
            grid[cell] = digit;
            if go(grid, n, mrv, limit, found, allowed) {
                return true;
            }
            grid[cell] = 0;
        }
        false
    }
    let mut found = (0, 1);
    go(&mut grid, n, mrv, limit, &mut found, &allowed);
    found
}

fn puzzle(line: &str) -> Sudoku {
    Sudoku::from_line(line).unwrap()
}

/// Checks both searches against [`recount`]; returns the solutions counted.
fn check_against_recount(line: &str, br: usize, bc: usize, limit: u64) -> u64 {
    let p = puzzle(line);
    let mut counted = 0;
    for (method, mrv) in [(Engine::Backtrack, false), (Engine::Mrv, true)] {
        let taught = teach::solve(&p, method, limit, &Budget::unlimited());
        let (solutions, nodes) = recount(line, br, bc, mrv, limit);
        assert_eq!(
            (taught.count.solutions, taught.count.stats.nodes),
            (solutions, nodes),
            "{method} on {line}"
        );
        counted = solutions;
        if let Some(first) = taught.first {
            assert!(verify(&p, &first).is_valid(), "{method} on {line}: {first:?}");
        }
    }
    counted
}

#[test]
fn node_counts_equal_an_independent_recount() {
    assert_eq!(check_against_recount(WIKIPEDIA, 3, 3, 1), 1);
    assert_eq!(check_against_recount(WIKIPEDIA, 3, 3, 2), 1);
    // 4x4 with several solutions, counted to the end, and to a limit.
    assert!(check_against_recount("1...........4...", 2, 2, u64::MAX) > 3);
    assert_eq!(check_against_recount("1...........4...", 2, 2, 3), 3);
    // 6x6 (2x3 boxes), one solution.
    assert_eq!(check_against_recount("..26.....3.2..3..5.5......1..3..61..", 2, 3, 2), 1);
    // Clashing givens: no solution, the root alone.
    let clash = teach::solve(&puzzle("11.............."), Engine::Backtrack, 2, &Budget::unlimited());
    assert_eq!(
        (clash.count.solutions, clash.count.stats.nodes, clash.count.outcome),
        (0, 1, Outcome::Exhausted)
    );
}

#[test]
fn one_empty_cell_costs_two_nodes() {
    let solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let line = format!(".{}", &solved[1..]);
    for engine in [Engine::Backtrack, Engine::Mrv] {
        let taught = teach::solve(&puzzle(&line), engine, 1, &Budget::unlimited());
        assert_eq!(taught.count.stats.nodes, 2, "{engine}");
        assert_eq!(taught.first.unwrap(), puzzle(solved));
    }
}

#[test]
fn outside_puzzles_counted_by_mrv_equal_the_recount() {
    let Some(text) = common::shared_text("sudoku", "magictour_top1465.txt") else { return };
    for line in text.lines().filter(|l| !l.starts_with('#')).take(5) {
        let p = puzzle(line);
        let taught = teach::solve(&p, Engine::Mrv, 2, &Budget::unlimited().with_nodes(5_000_000));
        assert!(!taught.count.gave_up(), "{line}");
        assert_eq!(
            (taught.count.solutions, taught.count.stats.nodes),
            recount(line, 3, 3, true, 2),
            "{line}"
        );
        assert!(verify(&p, &taught.first.unwrap()).is_valid());
    }
}

#[test]
fn the_budget_stops_plain_backtracking_cleanly() {
    let p = puzzle(AGAINST_BRUTE_FORCE);
    let nodes = teach::solve(&p, Engine::Backtrack, 1, &Budget::unlimited().with_nodes(100_000));
    assert_eq!(nodes.count.outcome, Outcome::GaveUp(GaveUp::NodeLimit));
    assert_eq!((nodes.count.stats.nodes, nodes.count.solutions, nodes.first), (100_000, 0, None));
    let timed =
        teach::solve(&p, Engine::Backtrack, 1, &Budget::unlimited().with_timeout(Duration::from_millis(50)));
    assert_eq!(timed.count.outcome, Outcome::GaveUp(GaveUp::Deadline));
    // The same puzzle is easy for the others.
    for engine in [Engine::Mrv, Engine::ExactCover] {
        let taught = teach::solve(&p, engine, 2, &Budget::unlimited().with_nodes(2_000_000));
        assert_eq!((taught.count.solutions, taught.count.outcome), (1, Outcome::Exhausted), "{engine}");
        assert!(taught.first.unwrap().cells().starts_with(&[9, 8, 7, 6, 5, 4, 3, 2, 1]));
    }
}

/// Replays a trace onto the puzzle: every place on an empty cell, every unplace of the digit
/// there, nodes up by one at each place, dead ends on empty cells with every digit blocked by a
/// peer that holds it, and the solution events equal to the grid at that moment.
fn replay(p: &Sudoku, method: Method, limit: u64) -> (Vec<Sudoku>, u64) {
    let mut grid = p.clone();
    let mut solutions = Vec::new();
    let (mut nodes, mut dead_ends) = (1u64, 0u64);
    let layout = p.layout_arc().clone();
    let taught = teach::trace(p, method, limit, &Budget::unlimited(), |event, counters| {
        match event {
            Event::Place { cell, digit } => {
                assert_eq!(grid.get(*cell), 0);
                grid.set(*cell, *digit);
                assert!(grid.is_consistent());
                nodes += 1;
            }
            Event::Unplace { cell, digit } => {
                assert_eq!(grid.get(*cell), *digit);
                grid.set(*cell, 0);
            }
            Event::DeadEnd { cell, blocked } => {
                dead_ends += 1;
                assert_eq!(grid.get(*cell), 0);
                assert_eq!(blocked.len(), layout.size());
                for b in blocked {
                    assert_eq!(grid.get(b.peer), b.digit);
                    assert!(layout.houses()[b.house].contains(&(b.peer as u16)));
                    assert!(layout.houses()[b.house].contains(&(*cell as u16)));
                }
            }
            Event::Reject { cell, digit, peer, .. } => {
                assert_eq!(method, Method::Backtrack);
                assert!(layout.peers(*cell).contains(&(*peer as u16)) && grid.get(*peer) == *digit);
            }
            Event::Choose { cell, candidates } => {
                assert_eq!(method, Method::Mrv);
                assert_eq!(grid.get(*cell), 0);
                assert!(*candidates != 0);
            }
            Event::Solution { cells } => {
                assert_eq!(grid.cells(), *cells);
                solutions.push(grid.clone());
            }
        }
        assert_eq!(counters.nodes, nodes);
        assert_eq!(counters.solutions, solutions.len() as u64);
        ControlFlow::Continue(())
    });
    assert_eq!(taught.count.stats.nodes, nodes);
    (solutions, dead_ends)
}

#[test]
fn the_trace_replays_onto_the_grid() {
    for method in Method::ALL {
        let (solutions, dead_ends) = replay(&puzzle(WIKIPEDIA), method, 2);
        assert_eq!(solutions.len(), 1);
        assert!(dead_ends > 0 || method == Method::Mrv);
        let (several, _) = replay(&puzzle("1...........4..."), method, u64::MAX);
        assert_eq!(several.len() as u64, recount("1...........4...", 2, 2, false, u64::MAX).0);
    }
    // X and jigsaw layouts: the diagonals and the regions are houses like the rest.
    let x = Arc::new(Layout::classic(9).unwrap().with_diagonals());
    let grid = solve_with_seed(&Sudoku::empty(x.clone()), 3, &Budget::unlimited()).unwrap().unwrap();
    let mut holes = grid.clone();
    (0..81).filter(|c| c % 3 != 0).for_each(|c| holes.set(c, 0));
    for method in Method::ALL {
        let (solutions, _) = replay(&holes, method, 1);
        assert!(verify(&holes, &solutions[0]).is_valid());
    }
}

#[test]
fn the_callback_stops_the_search() {
    let mut events = 0;
    let taught = teach::trace(&puzzle(WIKIPEDIA), Method::Backtrack, 1, &Budget::unlimited(), |_, _| {
        events += 1;
        if events == 10 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!((events, taught.count.outcome), (10, Outcome::GaveUp(GaveUp::Cancelled)));
}

#[test]
fn events_as_json() {
    let layout = Layout::classic(9).unwrap();
    let counters = teach::Counters { nodes: 7, solutions: 0 };
    let place = Event::Place { cell: 10, digit: 5 }.to_json(&layout, counters);
    assert_eq!(
        place,
        serde_json::json!({"event":"place","cell":10,"row":1,"col":1,"name":"r2c2","digit":5,"nodes":7,"solutions":0})
    );
    let reject = Event::Reject { cell: 0, digit: 3, peer: 80, house: 18 }.to_json(&layout, counters);
    assert_eq!((reject["house"].as_str(), reject["peer_name"].as_str()), (Some("box 1"), Some("r9c9")));
}

/// A random puzzle: a random grid of the layout with a random subset of cells emptied, at most
/// `holes` of them (plain backtracking stays within its budget on these).
fn random_puzzle(layout: Layout, seed: u64, keep: &[bool]) -> Sudoku {
    let grid =
        solve_with_seed(&Sudoku::empty(Arc::new(layout)), seed, &Budget::unlimited()).unwrap().unwrap();
    let mut p = grid.clone();
    for (cell, &kept) in keep.iter().enumerate().take(p.cells().len()) {
        if !kept {
            p.set(cell, 0);
        }
    }
    p
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_engines_agree_on_random_puzzles(
        seed in any::<u64>(),
        size in prop::sample::select(vec![4usize, 6, 9]),
        keep in prop::collection::vec(prop::bool::weighted(0.45), 81),
    ) {
        let p = random_puzzle(Layout::classic(size).unwrap(), seed, &keep);
        let budget = Budget::unlimited().with_nodes(300_000);
        let reference = sudoku::count(&p, &Query::default().with_limit(2));
        let first = sudoku::solve(&p, &Query::default()).unwrap();
        for engine in Engine::ALL {
            let taught = teach::solve(&p, engine, 2, &budget);
            if taught.count.gave_up() {
                prop_assert_eq!(engine, Engine::Backtrack, "only plain backtracking may run out");
                continue;
            }
            prop_assert_eq!(taught.count.solutions, reference.solutions, "{} on {:?}", engine, p);
            let found = taught.first.clone();
            prop_assert!(found.as_ref().is_none_or(|s| verify(&p, s).is_valid()));
            // A unique puzzle: every engine finds the one solution the default solver finds.
            if reference.solutions == 1 {
                prop_assert_eq!(&found, &first);
            }
            // Stopping at one solution finds the same first one.
            let one = teach::solve(&p, engine, 1, &budget);
            prop_assert_eq!(one.first, found);
        }
    }
}
