//! Counts the solutions of an instance in Knuth's format:
//! `cargo run --release --example count FILE [THREADS] [auto|links|dlx1|bitset]`.
fn main() {
    let path = std::env::args().nth(1).expect("usage: count FILE");
    let text = std::fs::read_to_string(&path).expect("read the file");
    let problem = tessera_xc::parse(&text).expect("parse");
    let threads: usize = std::env::args().nth(2).map_or(1, |t| t.parse().expect("threads"));
    let engine = match std::env::args().nth(3).as_deref() {
        None | Some("auto") => tessera_xc::Engine::Auto,
        Some("links") => tessera_xc::Engine::Links,
        Some("dlx1") => tessera_xc::Engine::Dlx1,
        Some("bitset") => tessera_xc::Engine::Bitset,
        Some(other) => panic!("unknown engine {other}"),
    };
    let start = std::time::Instant::now();
    let count =
        tessera_xc::ParallelSearch::new(&problem).with_threads(threads).with_engine(engine).count_all();
    eprintln!(
        "nodes={} updates={} seconds={:.3}",
        count.stats.nodes,
        count.stats.updates,
        start.elapsed().as_secs_f64()
    );
    println!("{}", count.solutions);
}
