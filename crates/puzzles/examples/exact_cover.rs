//! Exact cover in a few lines, with `tessera-xc` directly: Knuth's example, then a problem built
//! item by item. `cargo run -p tessera --example exact_cover`

use tessera::xc::{self, ProblemBuilder};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let problem = xc::parse("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
    let solution = problem.solver().first()?.expect("one solution");
    let lines: Vec<String> = solution.iter().map(|&o| problem.option_line(o)).collect();
    println!("Knuth's example: {lines:?}");

    // Cover 1..=4 with the sets {1,2}, {3,4}, {1,3}, {2,4}, {1,4}: two exact covers.
    let mut b = ProblemBuilder::new();
    let items: Vec<_> = (1..=4).map(|i| b.primary(i.to_string())).collect::<Result<_, _>>()?;
    for set in [[0, 1], [2, 3], [0, 2], [1, 3], [0, 3]] {
        b.option(&[items[set[0]], items[set[1]]])?;
    }
    let count = b.build().solver().count_all();
    println!("covers of 1..=4: {} ({:?}, {} nodes)", count.solutions, count.outcome, count.stats.nodes);
    Ok(())
}
