//! `tessera serve` starting up: a busy port leaves no database behind, a file that is not a
//! database is named, and a host name is resolved (issue 14, item 16).

use crate::common;

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::*;

/// A fresh folder of this test's own under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    common::scratch("serve", name)
}

#[test]
fn a_busy_port_creates_no_database() {
    let dir = scratch("busy");
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("bind a port");
    let addr = taken.local_addr().unwrap().to_string();
    let db = dir.join("tessera.db");
    let output = tessera(&["serve", "--addr", &addr, "--db", db.to_str().unwrap()]);
    assert_status(&output, 1);
    assert!(stderr(&output).contains(&format!("listening on {addr}")), "{}", stderr(&output));
    assert!(!db.exists(), "the database was created although the port was busy");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_that_is_not_a_database_is_named() {
    let dir = scratch("notdb");
    let db = dir.join("notes.txt");
    std::fs::write(&db, "these are my notes, not a database\n".repeat(200)).unwrap();
    let output = tessera(&["serve", "--addr", "127.0.0.1:0", "--db", db.to_str().unwrap()]);
    assert_status(&output, 1);
    assert!(stderr(&output).contains("notes.txt"), "{}", stderr(&output));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_host_name_is_resolved() {
    let dir = scratch("localhost");
    let db = dir.join("tessera.db");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["serve", "--addr", "localhost:0", "--db", db.to_str().unwrap()])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start tessera serve");
    let mut line = String::new();
    let stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let _ = BufReader::new(stdout).read_line(&mut line);
        line
    });
    let start = Instant::now();
    while !reader.is_finished() && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
    let line = reader.join().unwrap();
    assert!(line.starts_with("Tessera is running at http://"), "{line:?}");
    let _ = std::fs::remove_dir_all(&dir);

    let output = tessera(&["serve", "--addr", "no-such-host.invalid:8080"]);
    assert_status(&output, 1);
    assert!(stderr(&output).contains("--addr"), "{}", stderr(&output));
}
