//! The load balance of a sharded exact-cover count, simulated in one process: the plan made
//! once (as every shard makes it), then every shard of N counted one after another on one
//! thread, and the shards' counting times and nodes compared. `scripts/shard-balance.sh` does
//! the same with one process per shard (start-up and planning included, for any count command);
//! this is the quick way for large N, where planning N times dominates.
//!
//! ```text
//! cargo run --release -p tessera-xc --example shard_balance -- FILE.dlx 16 64 256
//! ```
//!
//! Prints one Markdown table line per N: prefixes, max/mean of the shards' counting seconds and
//! of their nodes, the slowest and mean shard, the plan's seconds, the projected wall time on N
//! workers (plan + slowest shard), the single count on one thread, and the speed-up.

use std::time::Instant;

use tessera_xc::shard::{self, CoverTree, Plan, RunOptions, Shard};
use tessera_xc::{Budget, Engine, Solver};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: shard_balance FILE.dlx N...");
        std::process::exit(1);
    };
    let counts: Vec<u32> = args.map(|n| n.parse().expect("N is a number")).collect();
    let text = std::fs::read_to_string(&path).expect("read the file");
    let problem = tessera_xc::parse(&text).expect("a problem in Knuth's format");
    let start = Instant::now();
    let single = Solver::new(&problem).count_all();
    let single_seconds = start.elapsed().as_secs_f64();
    let tree = CoverTree::new(&problem, Engine::Auto);
    println!(
        "{path}: {} solutions, {} nodes, engine {}",
        single.solutions,
        single.stats.nodes,
        tree.engine().name()
    );
    println!("| N | prefixes | max/mean s | max/mean nodes | max shard s | mean shard s | plan s | projected wall s | single s | speed-up |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for n in counts {
        let start = Instant::now();
        let plan = Plan::new(&tree, n, 1, &Budget::unlimited()).expect("no budget");
        let plan_seconds = start.elapsed().as_secs_f64();
        let manifests: Vec<_> = (0..n)
            .map(|i| {
                let options = RunOptions::new(Shard::new(i, n).expect("valid"));
                shard::run_planned(&tree, &plan, &options).expect("no checkpoint")
            })
            .collect();
        let merged = shard::merge(&manifests).expect("the shards merge");
        assert_eq!((merged.solutions, merged.nodes), (single.solutions, single.stats.nodes));
        let seconds: Vec<f64> = manifests.iter().map(|m| m.seconds).collect();
        let nodes: Vec<f64> = manifests.iter().map(|m| (m.nodes - m.top_nodes) as f64).collect();
        let ratio =
            |v: &[f64]| v.iter().copied().fold(0.0, f64::max) * v.len() as f64 / v.iter().sum::<f64>();
        let max = seconds.iter().copied().fold(0.0, f64::max);
        let mean = seconds.iter().sum::<f64>() / f64::from(n);
        let wall = plan_seconds + max;
        println!(
            "| {n} | {} | {:.2} | {:.2} | {max:.4} | {mean:.4} | {plan_seconds:.3} | {wall:.3} | {single_seconds:.3} | {:.1} |",
            merged.prefixes,
            ratio(&seconds),
            ratio(&nodes),
            single_seconds / wall
        );
    }
}
