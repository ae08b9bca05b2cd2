//! Running one case of the hostile corpus: its files written, the binary started with
//! `--timeout T`, its wall time, exit status, standard error and peak memory.

#![allow(dead_code, reason = "the test and the example each use their own part")]

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::corpus::{Case, Content};

/// What one run did.
#[derive(Debug, Clone)]
pub struct Run {
    pub wall: Duration,
    /// The exit status, or `None` when killed by a signal.
    pub status: Option<i32>,
    /// Peak resident memory, bytes.
    pub peak: u64,
    pub stderr: String,
}

impl Run {
    /// A panic: exit status 101 or "panicked" on standard error; or killed by a signal.
    pub fn crashed(&self) -> bool {
        self.status.is_none_or(|s| s == 101) || self.stderr.contains("panicked")
    }
}

/// Writes the case's files into `dir`.
pub fn write_files(case: &Case, dir: &Path) {
    for (name, content) in &case.files {
        let path = dir.join(name);
        match content {
            Content::Bytes(bytes) => std::fs::write(path, bytes).expect("write a corpus file"),
            Content::Repeat { head, line, times } => {
                let mut out =
                    std::io::BufWriter::new(std::fs::File::create(path).expect("create a corpus file"));
                out.write_all(head).expect("write a corpus file");
                (0..*times).for_each(|_| out.write_all(line).expect("write a corpus file"));
                out.flush().expect("write a corpus file");
            }
        }
    }
}

/// Runs `binary` on the case in `dir` with `--timeout timeout` appended, standard output thrown
/// away; kills it after `kill_after` (then `status` is `None`).
#[allow(unsafe_code, reason = "wait4(2) is the one call that gives one child's peak memory")]
#[allow(clippy::zombie_processes, reason = "the child is reaped by wait4, not Child::wait")]
pub fn run(binary: &Path, case: &Case, dir: &Path, timeout: f64, kill_after: Duration) -> Run {
    let start = Instant::now();
    let mut child = Command::new(binary)
        .args(&case.args)
        .args(["--timeout", &timeout.to_string()])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tessera");
    let pid = child.id() as libc::pid_t;
    let mut pipe = child.stderr.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = pipe.read_to_end(&mut text);
        String::from_utf8_lossy(&text).into_owned()
    });
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let watchdog = {
        let done = done.clone();
        std::thread::spawn(move || {
            let until = Instant::now() + kill_after;
            while Instant::now() < until {
                if done.load(std::sync::atomic::Ordering::Relaxed) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            if !done.load(std::sync::atomic::Ordering::Relaxed) {
                // SAFETY: the child is not reaped until wait4 below returns, so the pid is its own.
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
        })
    };
    let mut status = 0;
    // SAFETY: rusage is plain data, for which all zeros is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: both pointers are to live locals; the pid is our own unreaped child.
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let wall = start.elapsed();
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    let _ = watchdog.join();
    assert_eq!(reaped, pid, "wait4 on the child");
    let stderr = reader.join().unwrap_or_default();
    let status = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    Run { wall, status, peak: usage.ru_maxrss.max(0) as u64 * 1024, stderr }
}
