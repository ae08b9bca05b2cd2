//! Helpers shared by the puzzle crate's test binaries: reading the shared data sets.

pub mod hidato_corpus;
pub mod rank;

use std::io::Write;
use std::path::PathBuf;

use tessera::hidato::{parse_puzzles, Adjacency, Hidato};

/// The text of `$TESSERA_DATA/<folder>/<file>` (the shared data folder holds `sudoku/` and
/// `hidato/`).
///
/// With `TESSERA_DATA` unset it prints a loud SKIPPED note and returns `None`, unless
/// `TESSERA_REQUIRE_DATA=1` (CI), which makes the missing data a failure. A file that cannot be
/// read is always a failure.
pub fn shared_text(folder: &str, file: &str) -> Option<String> {
    let Some(dir) = std::env::var_os("TESSERA_DATA").filter(|dir| !dir.is_empty()) else {
        if std::env::var("TESSERA_REQUIRE_DATA").is_ok_and(|v| v == "1") {
            panic!("TESSERA_REQUIRE_DATA=1 but TESSERA_DATA is not set ({folder}/{file})");
        }
        // Straight to the stream, not `eprintln!`: the harness captures that from passing tests.
        let note = format!(
            "\n*** SKIPPED: TESSERA_DATA not set, so nothing was checked against {folder}/{file} ***\n"
        );
        let _ = std::io::stderr().write_all(note.as_bytes());
        return None;
    };
    let path = PathBuf::from(dir).join(folder).join(file);
    Some(std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// The puzzles of a shared Hidato file, read by the library's own parser.
pub fn shared_hidato(file: &str) -> Option<Vec<Hidato>> {
    let text = shared_text("hidato", file)?;
    Some(parse_puzzles(&text, Adjacency::King).unwrap_or_else(|e| panic!("hidato/{file}: {e}")))
}
