//! Tiling in a few lines: the 12 pentominoes on a 6x10 board, counted both ways, one tiling
//! drawn and verified. `cargo run --release -p tessera --example tiling`

use tessera::tiling::{
    builtin, count, count_distinct, render, solve, verify, Board, Engine, Puzzle, Query, Style,
};

fn main() -> Result<(), tessera::Error> {
    let (pieces, motion) = builtin("pentominoes").expect("a built-in set");
    let puzzle = Puzzle::new(Board::parse_size("10x6")?, pieces, motion);
    let query = Query::default().with_threads(2);
    println!("tilings: {}", count(&puzzle, &query).solutions);
    println!("by exact cover: {}", count(&puzzle, &query.clone().with_engine(Engine::ExactCover)).solutions);
    println!("up to symmetry: {}", count_distinct(&puzzle, &query).count.solutions);
    let tiling = solve(&puzzle, &Query::default()).expect("no budget was set").expect("a tiling");
    print!("{}", render(&puzzle, &tiling, Style::Plain));
    println!("verdict: {}", verify(&puzzle, &tiling));
    Ok(())
}
