//! `tessera sudoku solve --engine backtrack|mrv|xc` and their node counts: the library's teaching
//! engines (themselves checked against an independent re-count in the library's tests), exact
//! cover equal to `tessera xc count --engine dlx1` on the exported reduction, answers checked by
//! the verifier, and the budget's clean "gave up".

use crate::common;

use common::{assert_status, json, stderr, tessera_with_stdin};
use tessera::sudoku::teach::{self, Engine};
use tessera::sudoku::{verify, Budget, ExactCover, Sudoku};
use tessera::Reduction;

const CLASSIC: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// Wikipedia's puzzle made against brute force ("Sudoku solving algorithms").
const AGAINST_BRUTE_FORCE: &str =
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";
/// A 6x6 (2x3 boxes) with one solution.
const SIX: &str = "..26.....3.2..3..5.5......1..3..61..";

/// The `nodes=N` of a `--stats` line.
fn stats_nodes(stderr: &str) -> u64 {
    let word = stderr
        .split_whitespace()
        .find_map(|w| w.strip_prefix("nodes="))
        .unwrap_or_else(|| panic!("{stderr}"));
    word.parse().unwrap()
}

#[test]
fn solve_prints_the_nodes_of_each_teaching_engine() {
    for line in [CLASSIC, SIX] {
        let puzzle = Sudoku::from_line(line).unwrap();
        for engine in Engine::ALL {
            let output = tessera_with_stdin(
                &["sudoku", "solve", "--engine", engine.name(), "--json", "--stats"],
                line.as_bytes(),
            );
            assert_status(&output, 0);
            let report = json(&output);
            let expected = teach::solve(&puzzle, engine, 1, &Budget::unlimited());
            assert_eq!(report["nodes"], expected.count.stats.nodes, "{engine} on {line}");
            assert_eq!(stats_nodes(&stderr(&output)), expected.count.stats.nodes, "{engine}");
            let answer = Sudoku::from_line(report["solution"].as_str().unwrap()).unwrap();
            assert!(verify(&puzzle, &answer).is_valid(), "{engine}: {answer:?}");
        }
    }
}

#[test]
fn exact_cover_nodes_equal_xc_count_under_dlx1() {
    let dir = std::env::temp_dir().join(format!("tessera-teach-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for line in [CLASSIC, SIX, AGAINST_BRUTE_FORCE] {
        let path = dir.join("puzzle.dlx");
        std::fs::write(
            &path,
            tessera_xc::to_text(ExactCover::new(&Sudoku::from_line(line).unwrap()).problem()),
        )
        .unwrap();
        let path = path.to_str().unwrap();
        let xc =
            tessera_with_stdin(&["xc", "count", path, "--engine", "dlx1", "--limit", "1", "--stats"], b"");
        assert_status(&xc, 0);
        let solve = tessera_with_stdin(&["sudoku", "solve", "--engine", "dlx1", "--stats"], line.as_bytes());
        assert_status(&solve, 0);
        assert_eq!(stats_nodes(&stderr(&solve)), stats_nodes(&stderr(&xc)), "{line}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn count_with_a_teaching_engine_counts_to_the_limit() {
    let output = tessera_with_stdin(
        &["sudoku", "count", "--engine", "mrv", "--json", "--limit", "3"],
        b"1...........4...\n",
    );
    assert_status(&output, 0);
    let report = json(&output);
    assert_eq!((report["solutions"].as_u64(), report["outcome"].as_str()), (Some(3), Some("limit-reached")));
    assert_eq!(report["engine"], "mrv");
}

#[test]
fn plain_backtracking_gives_up_cleanly_on_the_puzzle_made_against_it() {
    let args = ["sudoku", "solve", "--engine", "backtrack", "--max-nodes", "20000", "--json"];
    let output = tessera_with_stdin(&args, AGAINST_BRUTE_FORCE.as_bytes());
    assert_status(&output, 3);
    let report = json(&output);
    assert_eq!((report["outcome"].as_str(), report["reason"].as_str()), (Some("gave-up"), Some("max-nodes")));
    assert_eq!(report["nodes"], 20_000);
    // The fewest-candidates rule solves it within the same kind of budget.
    let output = tessera_with_stdin(
        &["sudoku", "solve", "--engine", "mrv", "--max-nodes", "200000"],
        AGAINST_BRUTE_FORCE.as_bytes(),
    );
    assert_status(&output, 0);
    assert!(common::stdout(&output).starts_with("987654321"));
}
