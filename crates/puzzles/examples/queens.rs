//! N-queens in a few lines: count, list, verify, and a budget that gives up cleanly.
//! `cargo run --release -p tessera --example queens`

use tessera::queens::{count, render, solutions, verify, Board, Engine, Query};
use tessera::xc::Budget;

fn main() -> Result<(), tessera::Error> {
    let board = Board::new(8)?;
    println!("8 queens: {} solutions", count(&board, &Query::default()).solutions);
    let query = Query::default().with_engine(Engine::ExactCover);
    println!("by exact cover: {}", count(&board, &query).solutions);
    for columns in solutions(&board, &Query::default().with_limit(2)) {
        println!("{}{}", render(&columns), verify(&board, &columns));
    }
    let tight = Query::default().with_budget(Budget::unlimited().with_nodes(1_000));
    println!("20 queens within 1,000 nodes: {:?}", count(&Board::new(20)?, &tight).outcome);
    Ok(())
}
