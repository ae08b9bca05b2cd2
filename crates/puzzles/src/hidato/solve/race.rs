//! The portfolio on two threads (`Query::threads` of 2 or more): the learner alone on one, the
//! depth-first members on the other, and the first to answer wins. Each answer is complete on
//! its own (a count up to the limit, or "no solution"), so nothing is merged; the loser is
//! cancelled through its own flag, and the caller's cancel flag, which the threads' budgets no
//! longer carry, is watched here.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use tessera_xc::{Budget, GaveUp};

use super::learn::MAX_CELLS;
use super::portfolio::{run, Answer, Member};
use crate::hidato::Hidato;

/// How often the caller's cancel flag is read while both threads run.
const WATCH: Duration = Duration::from_millis(5);

/// The depth-first members' head start: most boards are answered within it, and the learner's
/// encoding would cost more than their whole run (a thread started and joined for nothing
/// costs microseconds).
const HEAD_START: Duration = Duration::from_millis(20);

/// The two-thread portfolio: `Member::Learn` against the other members of `members`.
pub(super) fn race(
    puzzle: &Hidato,
    limit: u64,
    keep: u64,
    members: &[Member],
    seed: u64,
    budget: &Budget,
) -> Result<Answer, GaveUp> {
    let rest: Vec<Member> = members.iter().copied().filter(|&m| m != Member::Learn).collect();
    // No race without the learner, or on a board too big for it (its thread would only run the
    // depth-first search a second time).
    if rest.len() == members.len() || rest.is_empty() || puzzle.size() > MAX_CELLS {
        return run(puzzle, limit, keep, members, seed, budget);
    }
    let stop = Arc::new(AtomicBool::new(false));
    let ours = budget.clone().with_cancel(Arc::clone(&stop));
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for side in [vec![Member::Learn], rest] {
            let (tx, ours) = (tx.clone(), ours.clone());
            let stop = Arc::clone(&stop);
            scope.spawn(move || {
                if side == [Member::Learn] {
                    let start = std::time::Instant::now();
                    while start.elapsed() < HEAD_START {
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                        std::thread::sleep(Duration::from_millis(1));
                    }
                }
                // The receiver may be gone once the other side won: nothing to tell then.
                let _ = tx.send(run(puzzle, limit, keep, &side, seed, &ours));
            });
        }
        drop(tx);
        let mut first_error = None;
        loop {
            match rx.recv_timeout(WATCH) {
                Ok(Ok(answer)) => {
                    stop.store(true, Ordering::Relaxed);
                    return Ok(answer);
                }
                Ok(Err(reason)) => {
                    first_error.get_or_insert(reason);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if budget.cancel_flag().is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(first_error.unwrap_or(GaveUp::Cancelled));
                }
            }
        }
    })
}
