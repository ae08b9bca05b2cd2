//! The teaching search against the domain search, the verifier and the seed's own answer, and
//! its events replayed on a board of their own.

use std::ops::ControlFlow;

use super::*;
use crate::hidato::solve::tests::{random_board, xorshift};
use crate::hidato::{count, parse_puzzle, verify, Adjacency, Engine, Query};

/// The answer printed in the seed's slides (004, "Solver — Result") for [`SEED_EXAMPLE`].
const SEED_ANSWER: &str = "10 10
-1 -1 -1 -1 52 53 -1 -1 -1 -1
-1 -1 -1 -1 54 51 -1 -1 -1 -1
-1 -1 56 55 28 50 30 31 -1 -1
-1 -1 26 27 21 29 49 32 -1 -1
-1 25 24 20 22 48 45 44 33 -1
-1 13 19 23 47 46 41 43 34 -1
14 12 11 18 4 2 40 42 35 37
15 16 17 10 5 3 1 39 38 36
-1 -1 -1 -1 9 6 -1 -1 -1 -1
-1 -1 -1 -1 7 8 -1 -1 -1 -1
";

/// Runs the trace, replaying every event on a board of its own and checking it against the
/// search's state: numbers in path order, unplace undoing the last place, a solution a full
/// valid board, the counters those the events imply.
fn replayed(puzzle: &Hidato, options: &TraceOptions) -> (TraceEnd, Vec<TraceEvent>) {
    let mut board = puzzle.clone();
    let mut path: Vec<usize> = Vec::new();
    let mut events = Vec::new();
    let mut expected = TraceCounts::default();
    let end = trace(puzzle, options, |event, counts| {
        match *event {
            TraceEvent::Place { number, cell, given } => {
                assert_eq!(number, path.len() + 1);
                assert_eq!(given, puzzle.get(cell) > 0);
                if let Some(&last) = path.last() {
                    assert!(puzzle.touch(last, cell), "{number} placed apart from {}", number - 1);
                }
                if given {
                    assert_eq!(board.get(cell), number as i32);
                } else {
                    assert_eq!(board.get(cell), EMPTY);
                    board.set(cell, number as i32);
                    expected.updates += 1;
                }
                path.push(cell);
                expected.nodes += 1;
            }
            TraceEvent::Unplace { number, cell, given } => {
                assert_eq!(path.pop(), Some(cell));
                assert_eq!(number, path.len() + 1);
                if !given {
                    board.set(cell, EMPTY);
                    expected.updates += 1;
                }
            }
            TraceEvent::DeadEnd { number, reason } => {
                assert_eq!(number, path.len() + 1);
                if let DeadEnd::TooFar { cell, .. } = reason {
                    assert_eq!(board.get(cell), EMPTY);
                }
            }
            TraceEvent::Solution => {
                assert_eq!(path.len(), puzzle.size());
                assert!(verify(puzzle, &board).is_valid(), "{board}");
                expected.solutions += 1;
            }
        }
        assert_eq!(counts, expected);
        events.push(*event);
        ControlFlow::Continue(())
    });
    (end, events)
}

#[test]
fn four_cells_step_by_step() {
    let puzzle = Hidato::new(3, 2, vec![1, 0, 0, -1, 0, -1], Adjacency::King).unwrap();
    let (end, events) = replayed(&puzzle, &TraceOptions::default());
    // Cells 0 1 2 over 4 (a hole each side): from 1 on cell 0 every order of the other three
    // that keeps neighbours touching is a path (0-1-2-4, 0-1-4-2, 0-4-1-2, 0-4-2-1), found in
    // the order of the king steps, each undone on the way back.
    let names: Vec<String> = events
        .iter()
        .map(|e| match e {
            TraceEvent::Place { number, cell, .. } => format!("+{number}@{cell}"),
            TraceEvent::Unplace { number, cell, .. } => format!("-{number}@{cell}"),
            TraceEvent::DeadEnd { number, reason } => format!("x{number}:{}", reason.name()),
            TraceEvent::Solution => "solution".to_owned(),
        })
        .collect();
    assert_eq!(
        names.join(" "),
        "+1@0 +2@1 +3@2 +4@4 solution -4@4 -3@2 +3@4 +4@2 solution -4@2 -3@4 -2@1 \
         +2@4 +3@1 +4@2 solution -4@2 -3@1 +3@2 +4@1 solution -4@1 -3@2 -2@4 -1@0"
    );
    assert_eq!(end.count.solutions, 4);
    assert_eq!(end.count.outcome, Outcome::Exhausted);
    assert_eq!((end.count.stats.nodes, end.count.stats.updates), (11, 20));
}

#[test]
fn dead_ends_say_why() {
    // 3 given out of 1's reach: the prune stops 2 at once, the plain search only at 3.
    let puzzle = Hidato::new(4, 1, vec![1, 0, 0, 3], Adjacency::King).unwrap();
    let reasons = |prune| {
        let mut said = Vec::new();
        trace(&puzzle, &TraceOptions { prune, ..TraceOptions::default() }, |event, _| {
            if let TraceEvent::DeadEnd { number, reason } = event {
                said.push(reason.describe(&puzzle, *number));
            }
            ControlFlow::Continue(())
        });
        said
    };
    assert_eq!(reasons(true), ["2 at (2,1): cannot reach given 3 at (4,1) in 1 step"]);
    assert_eq!(reasons(false), ["given 3 at (4,1) does not touch 2 at (2,1)"]);
    // 1 in a corner walled in by holes: nowhere for 2.
    let puzzle = Hidato::new(3, 1, vec![1, -1, 0], Adjacency::King).unwrap();
    let mut said = Vec::new();
    trace(&puzzle, &TraceOptions::default(), |event, _| {
        if let TraceEvent::DeadEnd { number, reason } = event {
            said.push(reason.describe(&puzzle, *number));
        }
        ControlFlow::Continue(())
    });
    assert_eq!(said, ["no free neighbour of 1 at (1,1)"]);
    // The stranded-cell prune, on the Learn view's small board (`tessera hidato generate --size
    // 5x5 --seed 4 --keep-ends`): 11 in the top right corner would leave (5,3) one way in.
    let puzzle =
        parse_puzzle("5 5\n0 0 0 13 0\n0 5 0 0 0\n0 24 25 0 0\n0 21 0 0 16\n0 19 18 0 1\n", Adjacency::King)
            .unwrap();
    let mut said = Vec::new();
    trace(&puzzle, &TraceOptions::default(), |event, _| {
        if let TraceEvent::DeadEnd { number, reason: reason @ DeadEnd::Strands { .. } } = event {
            said.push(reason.describe(&puzzle, *number));
        }
        ControlFlow::Continue(())
    });
    assert_eq!(
        said[0],
        "11 at (5,1) would leave (5,3) one way in, a cell only 25 could end on, and 25 is given elsewhere"
    );
    assert!(said.contains(&"22 at (3,4) would cut off (1,5)".to_owned()), "{said:?}");
}

#[test]
fn the_seed_example_gives_the_seed_answer_and_is_unique() {
    let puzzle = parse_puzzle(SEED_EXAMPLE, Adjacency::King).unwrap();
    let answer = parse_puzzle(SEED_ANSWER, Adjacency::King).unwrap();
    for prune in [true, false] {
        let (end, _) = replayed(&puzzle, &TraceOptions { prune, ..TraceOptions::default() });
        assert_eq!(end.count.outcome, Outcome::Exhausted);
        assert_eq!(end.count.solutions, 1);
        assert_eq!(end.found, std::slice::from_ref(&answer));
        assert!(verify(&puzzle, &end.found[0]).is_valid());
    }
}

/// The counts, with and without the prune, equal the domain search's on random boards of every
/// kind (holes, few or many givens, 1 given or not, Numbrix), and every solution verifies.
#[test]
fn counts_agree_with_the_domain_search() {
    let mut next = xorshift(0x0dd_ba11);
    for _ in 0..600 {
        let (w, h) = (1 + next(5) as usize, 1 + next(5) as usize);
        let puzzle = random_board(&mut next, w, h);
        let limit = 1 + next(30);
        let query = Query::default().with_engine(Engine::Domain).with_limit(limit);
        let expected = count(&puzzle, &query).result().unwrap();
        for prune in [true, false] {
            let options = TraceOptions { limit, keep: limit, prune, ..TraceOptions::default() };
            let (end, _) = replayed(&puzzle, &options);
            assert_eq!(end.count.solutions, expected, "prune {prune}\n{puzzle}");
            let outcome = if expected >= limit { Outcome::LimitReached } else { Outcome::Exhausted };
            assert_eq!(end.count.outcome, outcome);
            assert_eq!(end.found.len() as u64, expected);
            for answer in &end.found {
                assert!(verify(&puzzle, answer).is_valid(), "{puzzle}\n{answer}");
            }
        }
        let by_engine = count(&puzzle, &query.clone().with_engine(Engine::Trace));
        assert_eq!(by_engine.result(), Ok(expected));
    }
}

#[test]
fn budgets_and_the_callback_stop_it_cleanly() {
    // An empty 6x6 board: many thousands of paths.
    let puzzle = Hidato::new(6, 6, vec![0; 36], Adjacency::King).unwrap();
    let options = TraceOptions { budget: Budget::unlimited().with_nodes(5_000), ..TraceOptions::default() };
    let end = trace(&puzzle, &options, |_, _| ControlFlow::Continue(()));
    assert_eq!(end.count.outcome, Outcome::GaveUp(GaveUp::NodeLimit));
    assert_eq!(end.count.stats.nodes, 5_000);
    let options = TraceOptions {
        budget: Budget::unlimited().with_timeout(std::time::Duration::ZERO),
        ..TraceOptions::default()
    };
    let end = trace(&puzzle, &options, |_, _| ControlFlow::Continue(()));
    assert_eq!(end.count.outcome, Outcome::GaveUp(GaveUp::Deadline));
    assert!(end.count.stats.nodes <= Budget::CHECK_INTERVAL);
    let mut seen = 0;
    let end = trace(&puzzle, &TraceOptions::default(), |_, _| {
        seen += 1;
        if seen == 100 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(seen, 100);
    assert_eq!(end.count.outcome, Outcome::GaveUp(GaveUp::Cancelled));
    let end = trace(&puzzle, &TraceOptions { limit: 0, ..TraceOptions::default() }, |_, _| {
        unreachable!("nothing is asked")
    });
    assert_eq!(end.count.outcome, Outcome::LimitReached);
}

/// A path as long as the board: the explicit stack goes a hundred thousand levels deep.
#[test]
fn a_long_snake_needs_no_call_stack() {
    let n = 100_000;
    let mut cells = vec![0; n];
    cells[0] = 1;
    cells[n - 1] = n as i32;
    let puzzle = Hidato::new(n, 1, cells, Adjacency::Orthogonal).unwrap();
    let end = trace(&puzzle, &TraceOptions::default(), |_, _| ControlFlow::Continue(()));
    assert_eq!((end.count.solutions, end.count.outcome), (1, Outcome::Exhausted));
    assert_eq!(end.count.stats.nodes, n as u64);
}

#[test]
fn events_as_json() {
    let puzzle = Hidato::new(4, 1, vec![1, 0, 0, 3], Adjacency::King).unwrap();
    let mut lines = Vec::new();
    trace(&puzzle, &TraceOptions::default(), |event, counts| {
        lines.push(event.to_json(&puzzle, counts).to_string());
        ControlFlow::Continue(())
    });
    assert_eq!(
        lines,
        [
            r#"{"col":0,"event":"place","given":true,"nodes":1,"number":1,"row":0,"solutions":0,"updates":0}"#,
            r#"{"col":1,"event":"dead_end","kind":"too_far","nodes":1,"number":2,"reason":"2 at (2,1): cannot reach given 3 at (4,1) in 1 step","row":0,"solutions":0,"target":{"col":3,"row":0},"updates":0}"#,
            r#"{"col":0,"event":"unplace","given":true,"nodes":1,"number":1,"row":0,"solutions":0,"updates":0}"#,
        ]
    );
}
