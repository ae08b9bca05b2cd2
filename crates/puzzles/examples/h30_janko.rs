use std::time::{Duration, Instant};
use tessera::hidato::{parse_puzzles, trace, Adjacency, Budget, TraceOptions};
fn main() {
    let file = std::env::args().nth(1).unwrap();
    let limit: u64 = std::env::args().nth(2).map_or(2, |s| s.parse().unwrap());
    let text = std::fs::read_to_string(&file).unwrap();
    let ps = parse_puzzles(&text, Adjacency::King).unwrap();
    let mut nodes = Vec::new();
    let mut gave = 0;
    for (i, p) in ps.iter().enumerate() {
        let t = Instant::now();
        let o = TraceOptions {
            limit,
            keep: 1,
            budget: Budget::unlimited().with_nodes(50_000_000).with_timeout(Duration::from_secs(20)),
            prune: true,
        };
        let end = trace(p, &o, |_, _| std::ops::ControlFlow::Continue(()));
        let cpu = t.elapsed().as_secs_f64();
        if end.count.gave_up() {
            gave += 1;
            println!(
                "#{} {}x{} gave up {:?} {:.2}s",
                i + 1,
                p.width(),
                p.height(),
                end.count.stats.nodes,
                cpu
            );
            continue;
        }
        nodes.push((end.count.stats.nodes, i + 1, cpu, end.count.solutions));
    }
    nodes.sort_by_key(|x| x.0);
    let n = nodes.len();
    println!(
        "solved {n} gave up {gave}; median {:?} p90 {:?} max {:?}",
        nodes[n / 2],
        nodes[n * 9 / 10],
        nodes[n - 1]
    );
    println!("under 5000 nodes: {}", nodes.iter().filter(|x| x.0 <= 5000).count());
    for x in nodes.iter().rev().take(5) {
        println!("{x:?}");
    }
}
