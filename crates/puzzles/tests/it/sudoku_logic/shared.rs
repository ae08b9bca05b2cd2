//! The shared data sets, solved step by step.

use super::*;

#[test]
fn shared_data_sets() {
    let mut shares = BTreeMap::new();
    for file in ["17_clue.txt", "magictour_top1465.txt"] {
        let Some(text) = common::shared_text("sudoku", file) else { return };
        // 200 spread over each file: the first 200 of magictour are not its
        // hardest, so a head sample would not test what the file is.
        let puzzles = read_spread(&text, 200);
        let started = Instant::now();
        let ratings: Vec<Rating> = puzzles.iter().map(logic::rate).collect();
        let seconds = started.elapsed().as_secs_f64();
        let mut levels: BTreeMap<Difficulty, usize> = BTreeMap::new();
        for (puzzle, rating) in puzzles.iter().zip(&ratings) {
            assert!(rating.solved, "{puzzle:?}");
            *levels.entry(rating.difficulty).or_default() += 1;
            let solution = unique_solution(puzzle);
            let (_, steps, _) = logic::solve_logically(puzzle, Technique::Guess);
            check_steps(puzzle, &solution, &steps);
        }
        let guesses: usize = ratings.iter().map(|r| r.guesses).sum();
        eprintln!(
            "{file}: {} puzzles rated in {seconds:.3} s ({:.0}/s, {:.1} µs each), {:.2} guesses/puzzle; {levels:?}",
            puzzles.len(),
            puzzles.len() as f64 / seconds,
            seconds * 1e6 / puzzles.len() as f64,
            guesses as f64 / puzzles.len() as f64
        );
        let hard = levels.range(Difficulty::Extreme..).map(|(_, n)| n).sum::<usize>();
        let easy = levels.range(..Difficulty::Hard).map(|(_, n)| n).sum::<usize>();
        shares.insert(file, (easy as f64 / puzzles.len() as f64, hard as f64 / puzzles.len() as f64));
    }
    let (clue17_easy, _) = shares["17_clue.txt"];
    let (_, magictour_hard) = shares["magictour_top1465.txt"];
    assert!(clue17_easy > 0.5, "17-clue puzzles should be mostly easy or medium: {clue17_easy}");
    assert!(magictour_hard > 0.5, "magictour should be mostly extreme or diabolical: {magictour_hard}");
}
