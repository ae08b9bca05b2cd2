//! A progress bar on standard error for long searches, fed from [`tessera_xc::Progress`].
//!
//! The search publishes its counters every 1024 nodes; a thread of ours polls them every
//! [`POLL`] and redraws. Nothing is drawn for the first [`DELAY`], so quick runs stay silent, and
//! nothing at all unless standard error is a terminal (the caller checks). A sequential search
//! reports Knuth's estimate of the fraction of the tree explored; a parallel one, how many of its
//! subproblems are done. [`Indicator::counting`] shows how many things of a known number are done
//! (the puzzles of `sudoku generate`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use tessera_xc::Progress;

/// How often the counters are read.
const POLL: Duration = Duration::from_millis(100);
/// How long a search runs before the bar appears.
const DELAY: Duration = Duration::from_millis(500);
/// Steps of the sequential bar (its position is the estimated fraction in thousandths).
const PERMILLE: u64 = 1000;

/// A running progress bar; stopping it (or dropping it) clears the bar.
#[derive(Debug)]
pub struct Indicator {
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Indicator {
    /// Starts polling `progress`, which a sequential (`parallel == false`) or parallel search updates.
    pub fn start(progress: Arc<Progress>, parallel: bool) -> Self {
        Self::poll(
            move || new_bar(parallel),
            move |bar| {
                if parallel {
                    let (done, total) = progress.subproblems();
                    if total > 0 {
                        bar.set_length(total);
                        bar.set_position(done);
                        bar.set_message(format!("{done}/{total} subproblems"));
                    } else {
                        bar.set_message("splitting the search tree");
                    }
                } else {
                    bar.set_position((progress.fraction() * PERMILLE as f64) as u64);
                    bar.set_message(format!(
                        "{}, {} nodes",
                        crate::commands::report::plural(progress.solutions(), "solution", "solutions"),
                        progress.nodes()
                    ));
                }
            },
        )
    }

    /// Starts showing `done` out of `total` (`what` names them, e.g. "puzzles"), with the time
    /// spent on the current one: for commands that make or answer one thing after another.
    pub fn counting(done: Arc<AtomicU64>, total: u64, what: String) -> Self {
        Self::poll(
            move || {
                ProgressBar::new(total).with_style(style("[{elapsed_precise}] {wide_bar} {pos}/{len} {msg}"))
            },
            move |bar| {
                bar.set_position(done.load(Ordering::Relaxed));
                bar.set_message(what.clone());
            },
        )
    }

    /// Starts a bar that `update` sets (length, position, message) at every poll: a sharded
    /// count, whose number of prefixes is known once its plan is made.
    pub fn shard(update: impl FnMut(&ProgressBar) + Send + 'static) -> Self {
        Self::poll(
            || ProgressBar::no_length().with_style(style("[{elapsed_precise}] {wide_bar} {pos}/{len} {msg}")),
            update,
        )
    }

    /// The drawing thread: every [`POLL`] after the first [`DELAY`], `update` the bar (made by
    /// `make` the first time), until stopped; then clear it.
    fn poll(
        make: impl FnOnce() -> ProgressBar + Send + 'static,
        mut update: impl FnMut(&ProgressBar) + Send + 'static,
    ) -> Self {
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::spawn(move || {
            let start = Instant::now();
            let mut make = Some(make);
            let mut bar: Option<ProgressBar> = None;
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(POLL) {
                if start.elapsed() < DELAY {
                    continue;
                }
                if bar.is_none() {
                    bar = make.take().map(|make| make().with_elapsed(start.elapsed()));
                }
                if let Some(bar) = &bar {
                    update(bar);
                }
            }
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
        });
        Indicator { stop: Some(stop), thread: Some(thread) }
    }

    /// Stops the thread and clears the bar.
    pub fn stop(mut self) {
        self.shut_down();
    }

    fn shut_down(&mut self) {
        // Dropping the sender wakes the thread at once.
        self.stop.take();
        if let Some(thread) = self.thread.take() {
            // A panic in the drawing thread must not take the answer down with it.
            let _ = thread.join();
        }
    }
}

impl Drop for Indicator {
    fn drop(&mut self) {
        self.shut_down();
    }
}

fn new_bar(parallel: bool) -> ProgressBar {
    // A parallel search learns its number of subproblems only after splitting.
    let bar = if parallel { ProgressBar::no_length() } else { ProgressBar::new(PERMILLE) };
    bar.with_style(style("[{elapsed_precise}] {wide_bar} {percent:>3}% {msg}"))
}

fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
}
