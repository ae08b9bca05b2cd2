//! What runs beside a sharded count: the signals that stop it cleanly, and its progress.
//!
//! # Signals
//!
//! A preempted Slurm task gets SIGTERM (then SIGKILL after `KillWait`, 30 s by default); Ctrl-C
//! sends SIGINT. Either one raises the atomic flag that is the count's [`Budget`] cancel flag:
//! every search reads it with its clock, every [`Budget::CHECK_INTERVAL`] nodes, so the prefixes
//! in flight give up within microseconds, unrecorded (a prefix is counted whole or not at all),
//! and the shard's driver saves the checkpoint with every prefix finished before it returns. The
//! command then says what was kept and exits with `128 + the signal's number` (130 for SIGINT,
//! 143 for SIGTERM), as a shell reports a process the signal ended. A second signal ends the
//! process at once with the same status (the last periodic checkpoint stays whole: it is
//! renamed into place), for whoever does not want to wait for the save.
//!
//! The handlers come from `signal-hook` (vorner's, the crate tokio's own signal support is built
//! on, so already audited in this workspace): `flag::register` sets an `AtomicBool` from the
//! handler with nothing but async-signal-safe atomics, and `register_conditional_shutdown` is the
//! documented double-signal exit. `ctrlc` covers SIGINT alone unless its `termination` feature is
//! chosen, and runs a user closure on a thread of its own; a flag is all a budget needs.
//!
//! # Progress
//!
//! A thread polls the shard's [`RunProgress`]: a bar when standard error is a terminal (unless
//! `--no-progress`), else, with `--progress`, one line a second (`shard 0/4: 12 of 256 prefixes,
//! 1234 solutions so far, 3.0 s`) for the logs of cluster jobs; the first line as soon as the
//! plan is made, so a log shows when counting began, and one when the shard stops.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use indicatif::ProgressBar;
use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::SigId;
use tessera::xc::shard::{RunProgress, Shard};
#[cfg(doc)]
use tessera::xc::Budget;

use super::report::note;
use crate::progress::Indicator;

/// SIGTERM and SIGINT turned into a cancel flag while it lives.
#[derive(Debug)]
pub struct Interrupt {
    cancel: Arc<AtomicBool>,
    signal: Arc<AtomicUsize>,
    ids: Vec<SigId>,
}

impl Interrupt {
    /// Installs the handlers (they are removed when the value is dropped).
    pub fn install() -> std::io::Result<Self> {
        let cancel = Arc::new(AtomicBool::new(false));
        let signal = Arc::new(AtomicUsize::new(0));
        let mut ids = Vec::new();
        for number in [SIGTERM, SIGINT] {
            // The exit first: it acts only if the flag was raised by an earlier signal.
            let status = 128 + number;
            ids.push(signal_hook::flag::register_conditional_shutdown(number, status, cancel.clone())?);
            ids.push(signal_hook::flag::register_usize(number, signal.clone(), number as usize)?);
            ids.push(signal_hook::flag::register(number, cancel.clone())?);
        }
        Ok(Interrupt { cancel, signal, ids })
    }

    /// The flag the signals raise, for the budget.
    pub fn flag(&self) -> Arc<AtomicBool> {
        self.cancel.clone()
    }

    /// The signal received, if one was: its name and the exit status it calls for.
    pub fn received(&self) -> Option<(&'static str, u8)> {
        match self.signal.load(Ordering::Relaxed) as i32 {
            SIGTERM => Some(("SIGTERM", 128 + SIGTERM as u8)),
            SIGINT => Some(("SIGINT", 128 + SIGINT as u8)),
            _ => None,
        }
    }
}

impl Drop for Interrupt {
    fn drop(&mut self) {
        for id in self.ids.drain(..) {
            signal_hook::low_level::unregister(id);
        }
    }
}

/// How often the lines of `--progress` are written when standard error is not a terminal.
const LINE_EVERY: Duration = Duration::from_secs(1);

/// A running display of a shard's progress (a bar, lines, or nothing); dropping it stops it.
#[derive(Debug, Default)]
pub struct Watch {
    bar: Option<Indicator>,
    stop: Option<mpsc::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Watch {
    /// Starts showing `progress` of `shard` as the flags and standard error call for.
    pub fn start(progress: &Arc<RunProgress>, shard: Shard, asked: bool, refused: bool) -> Self {
        let terminal = std::io::stderr().is_terminal();
        let started = Instant::now();
        if terminal && (asked || !refused) {
            let progress = progress.clone();
            let bar = Indicator::shard(move |bar: &ProgressBar| {
                let (done, total) = progress.prefixes();
                if progress.planned() {
                    bar.set_length(total);
                    bar.set_position(done);
                    bar.set_message(format!("prefixes of shard {shard}, {} solutions", progress.solutions()));
                } else {
                    bar.set_message("splitting the search tree");
                }
            });
            return Watch { bar: Some(bar), stop: None, thread: None };
        }
        if !asked {
            return Watch::default();
        }
        let progress = progress.clone();
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::spawn(move || {
            let mut last: Option<Instant> = None;
            let mut was_planned = false;
            loop {
                let planned = progress.planned();
                let due = last.is_none_or(|at| at.elapsed() >= LINE_EVERY) || planned != was_planned;
                if due && (planned || started.elapsed() >= LINE_EVERY) {
                    note(&line(&progress, shard, started.elapsed()));
                    last = Some(Instant::now());
                    was_planned = planned;
                }
                match stopped.recv_timeout(Duration::from_millis(50)) {
                    Err(RecvTimeoutError::Timeout) => {}
                    // Stopped: the last figures, so that a log ends with them.
                    _ => {
                        if progress.planned() {
                            note(&line(&progress, shard, started.elapsed()));
                        }
                        break;
                    }
                }
            }
        });
        Watch { bar: None, stop: Some(stop), thread: Some(thread) }
    }
}

/// One line of `--progress`.
fn line(progress: &RunProgress, shard: Shard, elapsed: Duration) -> String {
    let seconds = elapsed.as_secs_f64();
    if !progress.planned() {
        return format!("shard {shard}: splitting the search tree, {seconds:.1} s");
    }
    let (done, total) = progress.prefixes();
    format!(
        "shard {shard}: {done} of {total} prefixes, {} solutions so far, {seconds:.1} s",
        progress.solutions()
    )
}

impl Drop for Watch {
    fn drop(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.stop();
        }
        // Dropping the sender wakes the thread at once.
        self.stop.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
