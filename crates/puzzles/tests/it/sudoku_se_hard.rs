//! The SE estimate at the hard end (Sudoku Explainer 9.5 to 11.9: dynamic forcing chains (+) and
//! nested forcing chains) against SE's own ratings: the known-answer file
//! `tests/data/sudoku_se_hard.tsv` (puzzle, SE rating, where it comes from; see its header).
//!
//! Bars: every puzzle is rated above 9.5 (before the nested levels every one of them was 9.5, a
//! trial), and the Spearman rank correlation of `se` against SE is at least [`BAR`]. Ties get
//! average ranks. `TESSERA_SE_HARD_FILE` points the test at another file of the same format
//! (to measure a larger set); the figures are printed (`--nocapture`).

use crate::common;

use std::path::PathBuf;
use std::time::Instant;

use common::rank::{ranks, spearman};
use tessera::sudoku::{logic, Sudoku};

/// The lowest Spearman accepted: the bar (0.7, measured on a held-out set in
/// docs/se-rating.md).
const BAR: f64 = 0.7;

#[test]
fn spearman_of_ties() {
    assert_eq!(ranks(&[11.0, 9.6, 11.0]), vec![2.5, 1.0, 2.5]);
    assert!((spearman(&[1.0, 2.0, 3.0], &[9.6, 10.5, 11.9]) - 1.0).abs() < 1e-12);
}

#[test]
fn nested_chains_rank_the_hardest_puzzles() {
    let path = std::env::var_os("TESSERA_SE_HARD_FILE")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/sudoku_se_hard.tsv"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut truth = Vec::new();
    let mut estimate = Vec::new();
    let mut failures = Vec::new();
    let mut slowest = 0.0f64;
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#')) {
        let mut fields = line.split('\t');
        let puzzle: Sudoku = fields
            .next()
            .unwrap_or_default()
            .parse()
            .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), i + 1));
        let se: f64 = fields
            .next()
            .and_then(|f| f.trim().parse().ok())
            .unwrap_or_else(|| panic!("{}:{}: no SE rating", path.display(), i + 1));
        let started = Instant::now();
        let rating = logic::rate(&puzzle);
        slowest = slowest.max(started.elapsed().as_secs_f64());
        assert!(rating.solved, "{}:{}", path.display(), i + 1);
        if rating.se <= 9.5 {
            failures.push(format!("line {}: rated {} (SE {se})", i + 1, rating.se));
        }
        truth.push(se);
        estimate.push(f64::from(rating.se));
    }
    assert!(truth.len() >= 10, "{}: too few puzzles", path.display());
    let rho = spearman(&truth, &estimate);
    let mae = truth.iter().zip(&estimate).map(|(a, b)| (a - b).abs()).sum::<f64>() / truth.len() as f64;
    println!(
        "{}: {} puzzles, Spearman(se, SE) {rho:.3}, MAE {mae:.3}, slowest {slowest:.2} s",
        path.display(),
        truth.len()
    );
    if rho.is_nan() || rho < BAR {
        failures.push(format!("Spearman {rho:.3} < {BAR}"));
    }
    assert!(failures.is_empty(), "{}: {}", path.display(), failures.join("; "));
}
