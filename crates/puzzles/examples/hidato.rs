//! Hidato in a few lines: generate from a shape, print, parse back, count, solve, verify, rate.
//! `cargo run -p tessera --example hidato`

use tessera::hidato::{count, parse_puzzle, rate, solve, to_text, verify, Adjacency, Generator, Query};

fn main() -> Result<(), tessera::Error> {
    // A shape: -1 holes, 0 cells.
    let shape = parse_puzzle("5 4\n0 0 0 0 -1\n0 0 0 0 0\n0 0 -1 0 0\n0 0 0 0 0\n", Adjacency::King)?;
    let generated = Generator::new(shape).generate(7).expect("no budget was set");
    let text = to_text(&[generated.puzzle]);
    print!("{text}");
    let puzzle = parse_puzzle(&text, Adjacency::King)?;
    println!("solutions (up to 2): {}", count(&puzzle, &Query::default().with_limit(2)).solutions);
    let answer = solve(&puzzle, &Query::default()).expect("no budget was set").expect("a solution");
    print!("{}", to_text(std::slice::from_ref(&answer)));
    println!("verdict: {}", verify(&puzzle, &answer));
    println!("level: {}", rate(&puzzle).difficulty.name());
    Ok(())
}
