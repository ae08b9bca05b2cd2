//! Listings that stream: each solution goes to standard output as soon as it is found, and
//! nothing is kept, so a listing of any length runs in the memory of its search.
//!
//! A [`Stream`] is shared by the search's threads (its callback may run on any of them). Each
//! solution is written into a buffer under a lock; the buffer goes out when it holds
//! [`FLUSH_AT`] bytes, and a thread of ours sends whatever is waiting every [`TICK`], so a
//! solution found after a long silence shows within that time without a system call per
//! solution (`queens 16 --all` prints 14.8 million). Writing happens on the search's time:
//! the search reads its clock as usual, so `--timeout` covers the printing.
//!
//! When a write fails (a closed pipe: `| head -1`), the budget's cancel flag is raised, which
//! stops the search at its next look at the budget, and nothing more is written;
//! [`Stream::finish`] returns the error, which `main` turns into a quiet exit with status 0 for
//! a closed pipe.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

/// Bytes buffered before they are written.
const FLUSH_AT: usize = 64 * 1024;
/// The longest a found solution waits in the buffer.
const TICK: Duration = Duration::from_millis(20);

/// Standard output shared by a search's threads (see the module documentation).
#[derive(Debug)]
pub struct Stream {
    shared: Arc<Shared>,
    ticker: Option<(Sender<()>, JoinHandle<()>)>,
}

#[derive(Debug)]
struct Shared {
    out: Mutex<Out>,
    /// The budget's cancel flag, raised when a write fails.
    cancel: Arc<AtomicBool>,
}

#[derive(Debug)]
struct Out {
    buffer: Vec<u8>,
    /// Solutions written so far.
    items: u64,
    failed: Option<io::Error>,
}

impl Out {
    /// Writes the buffer out; on failure keeps the error and raises `cancel`.
    fn flush(&mut self, cancel: &AtomicBool) {
        if self.buffer.is_empty() || self.failed.is_some() {
            self.buffer.clear();
            return;
        }
        let mut stdout = io::stdout().lock();
        let result = stdout.write_all(&self.buffer).and_then(|()| stdout.flush());
        self.buffer.clear();
        if let Err(err) = result {
            self.failed = Some(err);
            cancel.store(true, Ordering::Relaxed);
        }
    }
}

impl Stream {
    /// A stream that raises `cancel` (the search's budget's flag) when output fails.
    pub fn new(cancel: Arc<AtomicBool>) -> Self {
        let out = Out { buffer: Vec::with_capacity(FLUSH_AT * 2), items: 0, failed: None };
        let shared = Arc::new(Shared { out: Mutex::new(out), cancel });
        let (stop, stopped) = mpsc::channel::<()>();
        let ticking = shared.clone();
        let ticker = std::thread::spawn(move || {
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(TICK) {
                let mut out = ticking.out.lock().unwrap_or_else(PoisonError::into_inner);
                out.flush(&ticking.cancel);
            }
        });
        Stream { shared, ticker: Some((stop, ticker)) }
    }

    /// Appends one solution: `write` gets the buffer and the solution's number from 0. Does
    /// nothing once output has failed.
    pub fn item(&self, write: impl FnOnce(&mut Vec<u8>, u64)) {
        let mut out = self.shared.out.lock().unwrap_or_else(PoisonError::into_inner);
        if out.failed.is_some() {
            return;
        }
        let index = out.items;
        write(&mut out.buffer, index);
        out.items += 1;
        if out.buffer.len() >= FLUSH_AT {
            out.flush(&self.shared.cancel);
        }
    }

    /// Stops the ticking thread and writes what is left; the first write error, if any.
    pub fn finish(mut self) -> io::Result<u64> {
        self.stop_ticker();
        let mut out = self.shared.out.lock().unwrap_or_else(PoisonError::into_inner);
        out.flush(&self.shared.cancel);
        match out.failed.take() {
            Some(err) => Err(err),
            None => Ok(out.items),
        }
    }

    fn stop_ticker(&mut self) {
        if let Some((stop, thread)) = self.ticker.take() {
            // Dropping the sender wakes the thread at once.
            drop(stop);
            let _ = thread.join();
        }
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        self.stop_ticker();
    }
}

/// Listing item `index` (from 0) made of `lines`: in text, the lines (each ending in a newline)
/// after a blank line for all but the first; under `--json`, one line `{"index":..,"KEY":[lines]}`.
/// The one shape of `xc solve`'s and `tiling solve`'s items.
pub fn write_lines<'a>(
    buffer: &mut Vec<u8>,
    index: u64,
    key: &str,
    lines: impl IntoIterator<Item = &'a str>,
    json: bool,
) {
    if json {
        // Writing to a Vec cannot fail.
        let _ = write!(buffer, "{{\"index\":{},\"{key}\":[", index + 1);
        for (i, line) in lines.into_iter().enumerate() {
            if i > 0 {
                buffer.push(b',');
            }
            json_string(buffer, line);
        }
        buffer.extend_from_slice(b"]}\n");
    } else {
        if index > 0 {
            buffer.push(b'\n');
        }
        for line in lines {
            buffer.extend_from_slice(line.as_bytes());
            buffer.push(b'\n');
        }
    }
}

/// Appends `text` as a JSON string (quotes and escapes): for the rows of a board, which hold
/// only letters, digits, dots and spaces, but escaped all the same.
pub fn json_string(buffer: &mut Vec<u8>, text: &str) {
    // Serialising a string into a Vec cannot fail.
    let _ = serde_json::to_writer(&mut *buffer, text);
}
