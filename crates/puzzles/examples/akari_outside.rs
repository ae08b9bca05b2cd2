//! Akari against an outside generator: every puzzle of stdin (Tatham's `sgt-lightup --generate`
//! game ids, puz.link addresses, text) counted to two by every engine, each answer verified; the
//! figures printed at the end. `sgt-lightup --generate 100 10x10b20s2d2 | cargo run --release
//! -p tessera --example akari_outside`.

use std::io::Read;
use std::time::{Duration, Instant};

use tessera::akari::{self, Engine, Query};

fn main() {
    let mut text = String::new();
    if std::io::stdin().read_to_string(&mut text).is_err() {
        eprintln!("stdin is not text");
        std::process::exit(2);
    }
    let mut worst = vec![(Duration::ZERO, String::new()); Engine::ALL.len()];
    let mut total = vec![Duration::ZERO; Engine::ALL.len()];
    let (mut puzzles, mut unique, mut wrong) = (0, 0, 0);
    let (mut rated, mut worst_rating) = (Duration::ZERO, (Duration::ZERO, String::new()));
    for (k, board) in akari::read(&text).enumerate() {
        let board = match board {
            Ok(board) => board,
            Err(err) => {
                eprintln!("puzzle {}: {err}", k + 1);
                wrong += 1;
                continue;
            }
        };
        puzzles += 1;
        let mut counts = Vec::new();
        for (e, &engine) in Engine::ALL.iter().enumerate() {
            let started = Instant::now();
            let found = akari::solutions(&board, &Query::default().with_engine(engine).with_limit(2));
            let took = started.elapsed();
            total[e] += took;
            if took > worst[e].0 {
                worst[e] = (took, akari::to_url(&board));
            }
            if found.found.iter().any(|a| !akari::verify(&board, a).is_valid()) {
                eprintln!("puzzle {}: {engine} gave an answer that does not verify", k + 1);
                wrong += 1;
            }
            counts.push(found.count.solutions);
        }
        if counts.windows(2).any(|p| p[0] != p[1]) {
            eprintln!("puzzle {}: the engines disagree: {counts:?}", k + 1);
            wrong += 1;
        }
        unique += usize::from(counts[0] == 1);
        let started = Instant::now();
        let rating = akari::rate(&board, &tessera::Budget::unlimited()).map(|r| r.level.name());
        let took = started.elapsed();
        rated += took;
        if took > worst_rating.0 {
            worst_rating = (took, akari::to_url(&board));
        }
        println!("{} {} {}", k + 1, counts[0], rating.unwrap_or("gave-up"));
    }
    println!("{puzzles} puzzles, {unique} with one solution, {wrong} problems");
    for (e, &engine) in Engine::ALL.iter().enumerate() {
        println!("{engine}: total {:?}, worst {:?} ({})", total[e], worst[e].0, worst[e].1);
    }
    println!("rater: total {rated:?}, worst {:?} ({})", worst_rating.0, worst_rating.1);
}
