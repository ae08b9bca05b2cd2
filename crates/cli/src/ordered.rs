//! Work on several threads, answers in input order, memory bounded: [`map_in_order`].
//!
//! The items come from one iterator (a file read as it goes, or a counter), which the workers
//! take turns to pull from under a lock; each answer goes back over a channel with its index and
//! waits in a reorder buffer until the answers before it are out. A worker does not pull item
//! `i` until item `i - window` has been handed to the sink, so at most `window` items and answers
//! exist at once, whatever the length of the input: `tessera sudoku rate` on millions of puzzles
//! holds a window of them, and its first answer is printed as soon as it is made.
//!
//! On one thread there are no workers: each item is answered and handed over in turn.

use std::collections::BTreeMap;
use std::sync::mpsc;
use std::sync::{Condvar, Mutex};

/// What the workers share: the input and how far the sink has got.
struct Shared<I> {
    items: I,
    /// The index of the next item to pull.
    next: usize,
    /// Answers handed to the sink so far.
    done: usize,
    /// The input is exhausted, or the sink asked to stop.
    stop: bool,
}

/// Answers every item of `items` with `work` on `threads` threads, handing each answer to `sink`
/// in input order as soon as the answers before it are in; at most `window` items are in flight.
/// `sink` returns `Ok(false)` to stop early (nothing more is pulled), or an error, which is
/// returned once the workers have finished their current item.
pub fn map_in_order<I, T, R, E>(
    threads: usize,
    window: usize,
    items: I,
    work: impl Fn(T) -> R + Sync,
    mut sink: impl FnMut(R) -> Result<bool, E>,
) -> Result<(), E>
where
    I: Iterator<Item = T> + Send,
    T: Send,
    R: Send,
{
    if threads <= 1 {
        for item in items {
            if !sink(work(item))? {
                break;
            }
        }
        return Ok(());
    }
    let window = window.max(threads);
    let shared = Mutex::new(Shared { items, next: 0, done: 0, stop: false });
    let room = Condvar::new();
    let (send, receive) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let send = send.clone();
            let (shared, room, work) = (&shared, &room, &work);
            scope.spawn(move || loop {
                let (index, item) = {
                    let mut state = shared.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                    while !state.stop && state.next >= state.done + window {
                        state = room.wait(state).unwrap_or_else(std::sync::PoisonError::into_inner);
                    }
                    if state.stop {
                        return;
                    }
                    let Some(item) = state.items.next() else {
                        state.stop = true;
                        room.notify_all();
                        return;
                    };
                    state.next += 1;
                    (state.next - 1, item)
                };
                if send.send((index, work(item))).is_err() {
                    return;
                }
            });
        }
        drop(send);
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        let mut result = Ok(());
        'receive: for (index, answer) in receive.iter() {
            waiting.insert(index, answer);
            while let Some(answer) = waiting.remove(&next) {
                next += 1;
                let keep_going = sink(answer);
                let mut state = shared.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                state.done = next;
                if !matches!(keep_going, Ok(true)) {
                    state.stop = true;
                    room.notify_all();
                    result = keep_going.map(|_| ());
                    break 'receive;
                }
                room.notify_all();
            }
        }
        // Dropping the receiver makes the workers' next send fail, and `stop` ends their loops.
        drop(receive);
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_come_in_input_order_on_any_number_of_threads() {
        for threads in [1, 2, 3, 8] {
            let mut seen = Vec::new();
            let done: Result<(), ()> = map_in_order(
                threads,
                4,
                0..500u64,
                |i| {
                    // Uneven work, so that answers arrive out of order.
                    std::thread::sleep(std::time::Duration::from_micros((i * 7919) % 300));
                    i * i
                },
                |answer| {
                    seen.push(answer);
                    Ok(true)
                },
            );
            assert!(done.is_ok());
            assert_eq!(seen, (0..500u64).map(|i| i * i).collect::<Vec<_>>(), "{threads} threads");
        }
    }

    #[test]
    fn the_sink_can_stop_early_and_errors_come_back() {
        let mut seen = 0;
        let stopped: Result<(), &str> = map_in_order(
            3,
            6,
            0..,
            |i: u64| i,
            |_| {
                seen += 1;
                Ok(seen < 10)
            },
        );
        assert_eq!((stopped, seen), (Ok(()), 10));
        let failed = map_in_order(2, 4, 0..100, |i: u64| i, |i| if i == 5 { Err("five") } else { Ok(true) });
        assert_eq!(failed, Err("five"));
    }
}
