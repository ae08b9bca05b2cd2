//! The Learn view's teaching search (`hidato::trace`) over a file of puzzles, for
//! docs/learn-hidato.md: how many it answers within a budget, and its node counts.
//!
//! `cargo run --release -p tessera --example hidato_trace_corpus -- FILE [LIMIT] [NODES] [off]`
//! (LIMIT solutions asked, 2 by default; NODES per puzzle, 50,000,000 by default; `off` runs the
//! seed's plain search, without prunes).

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use tessera::hidato::{parse_puzzles, trace, Adjacency, Budget, TraceOptions};

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("a file of puzzles");
    let limit: u64 = args.next().map_or(2, |s| s.parse().expect("LIMIT"));
    let nodes: u64 = args.next().map_or(50_000_000, |s| s.parse().expect("NODES"));
    let prune = args.next().as_deref() != Some("off");
    let text = std::fs::read_to_string(&file).expect("a readable file");
    let puzzles = parse_puzzles(&text, Adjacency::King).expect("puzzles in the seed's format");
    let mut answered = Vec::new();
    let mut gave_up = 0;
    let started = Instant::now();
    for (i, puzzle) in puzzles.iter().enumerate() {
        let budget = Budget::unlimited().with_nodes(nodes).with_timeout(Duration::from_secs(60));
        let options = TraceOptions { limit, keep: 0, budget, prune };
        let clock = Instant::now();
        let end = trace(puzzle, &options, |_, _| ControlFlow::Continue(()));
        let seconds = clock.elapsed().as_secs_f64();
        if end.count.gave_up() {
            gave_up += 1;
            println!(
                "#{} {}x{}: gave up after {} nodes, {seconds:.2} s",
                i + 1,
                puzzle.width(),
                puzzle.height(),
                end.count.stats.nodes
            );
        } else {
            answered.push((end.count.stats.nodes, i + 1, seconds));
        }
    }
    answered.sort_by_key(|a| a.0);
    let n = answered.len();
    if n == 0 {
        println!("answered 0, gave up {gave_up}");
        return;
    }
    let (median, worst) = (answered[n / 2], answered[n - 1]);
    println!(
        "answered {n} of {}, gave up {gave_up}; nodes median {} (#{}), p90 {}, worst {} (#{}, {:.2} s); {:.1} s in all",
        puzzles.len(),
        median.0,
        median.1,
        answered[n * 9 / 10].0,
        worst.0,
        worst.1,
        worst.2,
        started.elapsed().as_secs_f64()
    );
    for bound in [5_000, 20_000, 300_000] {
        println!("within {bound} nodes: {}", answered.iter().filter(|a| a.0 <= bound).count());
    }
}
