//! Sudoku in a few lines: parse, count, solve, verify, rate, hint and generate.
//! `cargo run -p tessera --example sudoku`

use std::sync::Arc;

use tessera::sudoku::{count, logic, solve, verify, Generator, Layout, Query, Sudoku};

fn main() -> Result<(), tessera::Error> {
    let puzzle =
        Sudoku::parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")?;
    let unique = count(&puzzle, &Query::default().with_limit(2)).solutions == 1;
    let solution = solve(&puzzle, &Query::default()).expect("no budget was set").expect("a solution");
    println!("unique: {unique}\n{}", solution.to_grid());
    println!("verdict: {}", verify(&puzzle, &solution));
    let rating = logic::rate(&puzzle);
    println!("level: {}, hardest step: {}", rating.difficulty, rating.hardest.map_or("none", |t| t.name()));
    if let Some(hint) = logic::hint(&puzzle) {
        println!("hint: {}", hint.explanation);
    }
    let generated = Generator::new(Arc::new(Layout::classic(9)?)).generate(7).expect("no budget was set");
    println!("generated with {} givens:\n{}", generated.puzzle.clues(), generated.puzzle.to_grid());
    Ok(())
}
