//! The hostile corpus (issue 14): the inputs most likely to break a budget or exhaust memory,
//! made from a seed, and the runner that times one case and measures its peak memory.
//!
//! The corpus serves both users: the test `tests/hostile.rs` runs the cases marked `sample`
//! with a small timeout, and `examples/hostile_corpus.rs` (driven by `scripts/hostile-bench.sh`)
//! writes and runs all of them. Each case is a command line over files written into one
//! folder; the runner appends `--timeout T` and reports the wall time, the exit status, a
//! panic, and the peak resident memory from `wait4`'s `ru_maxrss` (exact, per child, without
//! polling `/proc`).
//!
//! What it holds, per command: the largest boards each parser accepts (Hidato 1000x1000,
//! tiling boards of 256 cells, queens 32, Sudoku 25x25), nearly empty and nearly full boards,
//! holes that cut a board apart, contradictory givens, exact-cover files with one huge option,
//! 100,000 tiny ones or 100,000 options of one item, files over each reader's size limit, and
//! `--copies` and `--threads` at and past their limits.

#![allow(dead_code, reason = "the test and the example each use their own part")]

// The cases of each command are in `corpus/`, named by `#[path]` (relative to this file) so that
// the example, which reaches this file by `#[path]` too, finds them in the same place.
#[path = "corpus/hidato.rs"]
mod hidato;
#[path = "corpus/queens.rs"]
mod queens;
#[path = "corpus/sudoku.rs"]
mod sudoku;
#[path = "corpus/tiling.rs"]
mod tiling;
#[path = "corpus/xc.rs"]
mod xc;

/// One command line of the corpus over its files.
#[derive(Debug, Clone)]
pub struct Case {
    /// A short unique name.
    pub name: String,
    /// The command family it exercises, for the report ("hidato solve").
    pub family: String,
    /// The arguments after `tessera`, naming files by their names in the corpus folder.
    pub args: Vec<String>,
    /// The files it reads: name and contents.
    pub files: Vec<(String, Content)>,
    /// Whether the test runs it (quick to generate, and known to hold its budget).
    pub sample: bool,
}

/// A file's contents: bytes, or a head and a line repeated (written as a stream, so that the
/// process that writes a 200 MB file does not hold it: its memory would count in the peak of
/// the children it starts afterwards, since `ru_maxrss` carries over a fork).
#[derive(Debug, Clone)]
pub enum Content {
    Bytes(Vec<u8>),
    Repeat { head: Vec<u8>, line: Vec<u8>, times: usize },
}

/// A small, fast, seeded generator (SplitMix64), so the corpus needs no dependency.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn case(name: &str, family: &str, args: &[&str], files: Vec<(String, Content)>, sample: bool) -> Case {
    Case {
        name: name.to_owned(),
        family: family.to_owned(),
        args: args.iter().map(|a| (*a).to_owned()).collect(),
        files,
        sample,
    }
}

fn file(name: &str, bytes: Vec<u8>) -> (String, Content) {
    (name.to_owned(), Content::Bytes(bytes))
}

fn repeat(name: &str, head: &[u8], line: &[u8], bytes: usize) -> (String, Content) {
    (name.to_owned(), Content::Repeat { head: head.to_vec(), line: line.to_vec(), times: bytes / line.len() })
}

/// The whole corpus from `seed`; `full` adds the cases whose files are hundreds of megabytes.
pub fn corpus(seed: u64, full: bool) -> Vec<Case> {
    let mut rng = Rng::new(seed);
    let mut cases = Vec::new();
    xc::xc_cases(&mut cases, &mut rng, full);
    hidato::hidato_cases(&mut cases, &mut rng, full);
    tiling::tiling_cases(&mut cases, full);
    queens::queens_cases(&mut cases);
    sudoku::sudoku_cases(&mut cases, &mut rng);
    cases
}
