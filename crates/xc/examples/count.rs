//! Counts the solutions of an instance in Knuth's format: `cargo run --release --example count FILE`.
fn main() {
    let path = std::env::args().nth(1).expect("usage: count FILE");
    let text = std::fs::read_to_string(&path).expect("read the file");
    let problem = tessera_xc::parse(&text).expect("parse");
    let threads: usize = std::env::args().nth(2).map_or(1, |t| t.parse().expect("threads"));
    let start = std::time::Instant::now();
    let count = tessera_xc::ParallelSearch::new(&problem).threads(threads).count_all();
    eprintln!(
        "nodes={} updates={} seconds={:.3}",
        count.stats.nodes,
        count.stats.updates,
        start.elapsed().as_secs_f64()
    );
    println!("{}", count.solutions);
}
