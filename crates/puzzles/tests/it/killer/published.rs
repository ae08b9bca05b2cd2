//! The issue's example, the shared samples and the extra collection, solved to their published answers and
//! proven unique.

use super::*;

#[test]
fn the_issue_example() {
    let puzzle = parse(SAMPLE).expect("the example");
    assert_eq!(puzzle.to_text(), SAMPLE);
    check_published(&puzzle, &Grid::parse_answer(ANSWER).expect("its answer"), true);
}

#[test]
fn the_shared_samples_are_solved_to_their_published_answers() {
    let (Some(puzzles), Some(answers)) = (
        common::shared_text("families", "killer.txt"),
        common::shared_text("families", "killer.solutions.txt"),
    ) else {
        return;
    };
    let all = pairs(&puzzles, &answers);
    assert_eq!(all.len(), 25);
    for (puzzle, answer) in &all {
        check_published(puzzle, answer, true);
    }
}

/// More public puzzles with answers (not in the repository): `KILLER_EXTRA=puzzles.txt` with its
/// answers in `puzzles.solutions.txt` beside it; each within 1 s solved, 2 s proven unique.
#[test]
fn extra_collection_when_given() {
    let Some(path) = std::env::var_os("KILLER_EXTRA") else { return };
    let path = std::path::PathBuf::from(path);
    let puzzles = std::fs::read_to_string(&path).expect("KILLER_EXTRA reads");
    let answers = std::fs::read_to_string(path.with_extension("solutions.txt")).expect("the answers read");
    let mut times = Vec::new();
    let mut wrong = Vec::new();
    for (i, (puzzle, answer)) in pairs(&puzzles, &answers).into_iter().enumerate() {
        let started = Instant::now();
        let query = Query::default().with_budget(Budget::unlimited().with_timeout(Duration::from_secs(1)));
        let found = solve(&puzzle, &query).expect("within 1 s").expect("a solution");
        let solved = started.elapsed();
        let query = Query::default()
            .with_limit(2)
            .with_budget(Budget::unlimited().with_timeout(Duration::from_secs(2)));
        let unique = count(&puzzle, &query);
        assert!(unique.outcome != Outcome::GaveUp(tessera::GaveUp::Deadline), "puzzle {}: {unique:?}", i + 1);
        // A published answer that is not the only one, or that breaks a rule, is the data's fault:
        // listed, not failed, when the verifier says so.
        let published = verify(&puzzle, &answer);
        if found != answer || unique.solutions != 1 || !published.is_valid() {
            wrong.push(format!(
                "puzzle {}: {} solutions; published answer: {published}",
                i + 1,
                unique.solutions
            ));
            assert!(!published.is_valid() || unique.solutions > 1, "puzzle {}", i + 1);
        }
        times.push((solved, started.elapsed(), i + 1, unique.stats.nodes));
    }
    times.sort_by_key(|t| t.1);
    eprintln!("slowest: {:?}", &times[times.len().saturating_sub(5)..]);
    times.sort();
    let worst = times.iter().map(|t| t.1).max().unwrap_or_default();
    eprintln!(
        "{} puzzles: median solve {:?}, worst solve + uniqueness {worst:?}",
        times.len(),
        times[times.len() / 2].0
    );
    eprintln!("not as published ({}):\n{}", wrong.len(), wrong.join("\n"));
}
