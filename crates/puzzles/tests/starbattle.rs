//! Star Battle: the shared samples solved to their published answers and proven unique, the
//! bitboard search against the exact-cover reduction on samples and adversarial boards, the
//! verifier's words, the reader's places, the generator and the rater.

mod common;

use std::time::{Duration, Instant};

use proptest::prelude::*;
use tessera::starbattle::{
    self, count, read, read_answers, solve, verify, Cell, Engine, ExactCover, Query, StarBattle, Stars,
    Violation,
};
use tessera::xc::Budget;
use tessera::{CoverQuery, GaveUp, Outcome, Reduction};

/// The shared samples and their answers, or `None` (a loud skip) without `TESSERA_DATA`.
fn samples() -> Option<Vec<(StarBattle, Stars)>> {
    let puzzles = common::shared_text("families", "starbattle.txt")?;
    let answers = common::shared_text("families", "starbattle.solutions.txt")?;
    let puzzles: Vec<StarBattle> = read(&puzzles).map(|p| p.expect("a sample reads")).collect();
    let answers: Vec<Stars> = read_answers(&answers).map(|a| a.expect("an answer reads")).collect();
    assert_eq!(puzzles.len(), answers.len());
    assert!(puzzles.len() >= 25, "{} samples", puzzles.len());
    Some(puzzles.into_iter().zip(answers).collect())
}

fn bits(limit: u64) -> Query {
    Query::default().with_limit(limit)
}

/// The bitboard search and the reduction count the same, with no budget.
fn engines_agree(board: &StarBattle, limit: u64) -> u64 {
    let ours = count(board, &bits(limit));
    assert_ne!(ours.outcome, Outcome::GaveUp(GaveUp::NodeLimit));
    let cover = ExactCover::new(board).count(&CoverQuery::default().with_limit(limit));
    assert_eq!(ours.solutions, cover.solutions, "bits and xc disagree on\n{board}");
    ours.solutions
}

#[test]
fn samples_solve_to_their_published_answers_and_are_unique() {
    let Some(samples) = samples() else { return };
    for (i, (board, answer)) in samples.iter().enumerate() {
        assert!(verify(board, answer).is_valid(), "sample {}: {}", i + 1, verify(board, answer));
        let found = solve(board, &Query::default()).unwrap().expect("a solution");
        assert_eq!(&found, answer, "sample {}", i + 1);
        assert_eq!(count(board, &bits(2)).solutions, 1, "sample {}", i + 1);
        let text = tessera::Readable::to_text(board);
        assert_eq!(read(&text).next().unwrap().as_ref(), Ok(board), "sample {} reads back", i + 1);
        assert_eq!(answer.to_string().parse::<Stars>().as_ref(), Ok(answer));
    }
}

#[test]
fn samples_agree_with_the_reduction() {
    let Some(samples) = samples() else { return };
    for (board, _) in samples.iter().filter(|(b, _)| b.stars() == 1 || xc_has_multiplicities()) {
        assert_eq!(engines_agree(board, 2), 1);
    }
}

/// Whether `tessera-xc`'s search takes multiplicities yet (K > 1 through the reduction).
fn xc_has_multiplicities() -> bool {
    let board: StarBattle = "4 4 2\n1 1 1 1\n1 1 1 1\n2 2 2 2\n2 2 2 2\n".parse().unwrap();
    std::panic::catch_unwind(|| ExactCover::new(&board).count(&CoverQuery::default())).is_ok()
}
