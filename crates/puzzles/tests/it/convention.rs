//! The [`Puzzle`] trait, checked once for every puzzle: every engine agrees with the exact-cover
//! reduction on the same set of solutions; `solve`, `count`, `collect` and the lazy `solutions`
//! agree; every solution verifies; a node budget of 1 ends in the same words everywhere; and a
//! lazy listing stops its search when it is dropped.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tessera::xc::Budget;
use tessera::{
    akari, hidato, kenken, killer, nonogram, queens, starbattle, sudoku, takuzu, tiling, variant, GaveUp,
    Named, Outcome, Puzzle, Query, Readable, Reduction,
};

/// Every engine of `puzzle` lists the same `total` distinct solutions, each of which verifies,
/// and agrees with the reduction through `tessera-xc`.
fn agrees<P: Puzzle>(puzzle: &P, total: u64) {
    let name = P::NAME;
    let cover = puzzle.exact_cover().count(&tessera::CoverQuery::default());
    assert_eq!((cover.solutions, cover.outcome), (total, Outcome::Exhausted), "{name}: exact cover");
    let mut sets = Vec::new();
    for &engine in P::Engine::all() {
        let query = Query::default().with_engine(engine);
        let count = puzzle.count(&query);
        assert_eq!((count.solutions, count.outcome), (total, Outcome::Exhausted), "{name} {engine}: count");
        let collected = puzzle.collect(&query);
        assert_eq!(collected.count.solutions, total, "{name} {engine}: collect");
        let mut lazy = puzzle.solutions(&query);
        let listed: Vec<P::Solution> = lazy.by_ref().collect();
        assert_eq!(lazy.finish().outcome, Outcome::Exhausted, "{name} {engine}: lazy listing's end");
        assert_eq!(listed.len() as u64, total, "{name} {engine}: lazy listing");
        for solution in &listed {
            assert!(puzzle.verify(solution).is_valid(), "{name} {engine}: {solution:?} verifies");
        }
        let set: BTreeSet<String> = listed.iter().map(|s| format!("{s:?}")).collect();
        let eager: BTreeSet<String> = collected.found.iter().map(|s| format!("{s:?}")).collect();
        assert_eq!(set, eager, "{name} {engine}: lazy and eager listings");
        assert_eq!(set.len() as u64, total, "{name} {engine}: distinct");
        let first = puzzle.solve(&query).expect("no budget").map(|s| format!("{s:?}"));
        assert_eq!(first.is_some(), total > 0, "{name} {engine}: solve");
        assert!(first.is_none_or(|first| set.contains(&first)), "{name} {engine}: solve is one of them");
        sets.push(set);
    }
    assert!(sets.windows(2).all(|pair| pair[0] == pair[1]), "{name}: engines agree");
}

/// A budget of one node gives up with the reason `max-nodes` on every engine that searches.
fn gives_up<P: Puzzle>(puzzle: &P) {
    for &engine in P::Engine::all() {
        let query = Query::default().with_engine(engine).with_budget(Budget::unlimited().with_nodes(1));
        let count = puzzle.count(&query);
        if let Outcome::GaveUp(reason) = count.outcome {
            assert_eq!(reason, GaveUp::NodeLimit, "{} {engine}", P::NAME);
            assert_eq!(reason.name(), "max-nodes");
            assert_eq!(count.outcome.name(), "gave-up");
        }
    }
}

#[test]
fn every_puzzle_agrees_with_its_reduction_through_the_trait() {
    let sudoku = sudoku::Sudoku::parse("1...........4...").expect("a 4x4");
    agrees(&sudoku, sudoku::count(&sudoku, &sudoku::Query::default()).solutions);
    let hidato = hidato::parse_puzzle("3 3\n1 0 0\n0 0 0\n0 0 9\n", hidato::Adjacency::King).expect("a 3x3");
    agrees(&hidato, hidato::count(&hidato, &hidato::Query::default()).solutions);
    let (pieces, motion) = tiling::builtin("pentominoes").expect("a built-in set");
    let board = tiling::Board::parse_size("20x3").expect("a board");
    let tiling = tiling::Puzzle::new(board, pieces, motion);
    agrees(&tiling, tiling::count(&tiling, &tiling::Query::default()).solutions);
    let killer =
        killer::parse("4 4\n9 - 8 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n");
    agrees(&killer.expect("a 4x4"), 1);
    agrees(&killer::parse(&killer_rows(4)).expect("a 4x4 of rows"), 288);
    // Variant Sudoku at its smallest: a 4x4 whose first row is a thermometer (1234), so 288 / 24
    // grids; larger sides are cross-checked in tests/variant/routes.rs.
    agrees(&thermo_4x4(), 12);
    // The genres: a 4x4 Skyscrapers whose only clue is a 4 (the first column is 1234: 576 / 24
    // grids) and a 4x4 Futoshiki whose first row rises by signs (the same 24).
    let skyscrapers: variant::Skyscrapers =
        Readable::read(". 4 . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n", &())
            .next()
            .expect("a puzzle")
            .expect("a 4x4");
    agrees(&skyscrapers, 24);
    let futoshiki: variant::Futoshiki = Readable::read(".<.<.<.\n\n. . . .\n\n. . . .\n\n. . . .\n", &())
        .next()
        .expect("a puzzle")
        .expect("a 4x4");
    agrees(&futoshiki, 24);
    agrees(&queens::Board::new(6).expect("a board"), 4);
    agrees(&queens::Board::new(8).expect("a board"), 92);
    let kenken = kenken::KenKen::parse(
        "4 4\n5 . 3 3\n4 2 . .\n7+ . 5 .\n12* . 7+ .\n1 1 2 3\n4 5 5 3\n6 6 7 7\n8 8 9 9\n",
    )
    .expect("a 4x4 with several solutions");
    agrees(&kenken, kenken::count(&kenken, &kenken::Query::default()).solutions);
    let stars: starbattle::StarBattle =
        "6 6 1\n1 1 2 2 3 3\n1 1 2 2 3 3\n4 4 5 5 6 6\n4 4 5 5 6 6\n4 @ 5 # 6 6\n4 4 5 5 6 6\n"
            .parse()
            .expect("a 6x6");
    agrees(&stars, starbattle::count(&stars, &starbattle::Query::default()).solutions);
    // A 4x4 nonogram of one run in every line: the four shadings of a permutation matrix whose
    // runs are all 1 are the 24 permutations; (1) in every row and column.
    let nonogram = nonogram::Nonogram::new(4, 4, vec![vec![1]; 4], vec![vec![1]; 4]).expect("a 4x4");
    agrees(&nonogram, 24);
    // An empty 4x4 Takuzu: the 72 grids of two 1s in every line with no two lines alike.
    agrees(&takuzu::Takuzu::empty(4, 4, true).expect("a 4x4"), 72);
    // A 3x3 Akari whose middle is a 2: a bulb on two of its four neighbours, each pair with a
    // corner that lights what they leave (four ways, all the engines' and the reduction's).
    let akari: akari::Akari = "3 3\n...\n.2.\n...\n".parse().expect("a 3x3");
    agrees(&akari, 4);
}

#[test]
fn one_node_gives_up_in_the_same_words_everywhere() {
    gives_up(
        &sudoku::Sudoku::parse(
            ".................................................................................",
        )
        .expect("empty 9x9"),
    );
    gives_up(
        &hidato::parse_puzzle("4 4\n1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", hidato::Adjacency::King)
            .expect("4x4"),
    );
    gives_up(&queens::Board::new(12).expect("a board"));
    gives_up(&kenken::Generator::new(9).generate(1).expect("a 9x9").puzzle);
    let open = format!("12 12 1\n{}", "1 2 3 4 5 6 7 8 9 10 11 12\n".repeat(12));
    gives_up(&open.parse::<starbattle::StarBattle>().expect("12x12"));
    gives_up(&killer::parse(&killer_rows(9)).expect("a 9x9 of rows"));
    gives_up(&variant::Variant::classic(16));
    gives_up(&variant::Skyscrapers::empty(16).expect("a 16x16"));
    gives_up(&variant::Futoshiki::empty(16).expect("a 16x16"));
    // A 30x30 nonogram of (1) in every line: line logic decides nothing, every engine searches.
    gives_up(&nonogram::Nonogram::new(30, 30, vec![vec![1]; 30], vec![vec![1]; 30]).expect("a 30x30"));
    gives_up(&takuzu::Takuzu::empty(20, 20, true).expect("a 20x20"));
    // An empty 30x30 Akari: every engine has millions of answers to search.
    gives_up(&akari::Akari::new(30, 30, vec![akari::Cell::White; 900]).expect("a 30x30"));
    let (pieces, motion) = tiling::builtin("pentominoes").expect("a built-in set");
    gives_up(&tiling::Puzzle::new(tiling::Board::parse_size("10x6").expect("a board"), pieces, motion));
}

#[test]
fn a_dropped_listing_stops_its_search() {
    // Queens 16 has 14,772,512 solutions: listing them all would take many seconds.
    let board = queens::Board::new(16).expect("a board");
    let started = Instant::now();
    let mut lazy = board.solutions(&Query::default());
    let first = lazy.next().expect("a solution");
    assert!(board.verify(&first).is_valid());
    let count = lazy.finish();
    assert_eq!(count.outcome, Outcome::GaveUp(GaveUp::Cancelled));
    assert!(started.elapsed() < Duration::from_secs(10), "stopped at once: {:?}", started.elapsed());
}

#[test]
fn a_listing_passes_on_the_callers_cancel_flag() {
    let flag = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let board = queens::Board::new(16).expect("a board");
    let query = Query::default().with_budget(Budget::unlimited().with_cancel(flag.clone()));
    let mut lazy = board.solutions(&query);
    assert!(lazy.next().is_some());
    flag.store(true, std::sync::atomic::Ordering::Relaxed);
    // The search stops: the listing ends (after what was already buffered) instead of running on.
    let rest = lazy.by_ref().take(20_000_000).count();
    assert!(rest < 14_772_511, "stopped early, after {rest}");
}

#[test]
fn names_are_listed_in_order() {
    assert_eq!(sudoku::Engine::names(), ["auto", "fast", "general", "xc", "sat"]);
    assert_eq!(<sudoku::Difficulty as Named>::all()[0].name(), "easy");
    assert_eq!(hidato::Difficulty::names(), ["easy", "medium", "hard", "expert"]);
    assert_eq!(<queens::Board as Puzzle>::NAME, "queens");
    assert_eq!(<kenken::KenKen as Puzzle>::NAME, "kenken");
    assert_eq!(kenken::Difficulty::names(), ["easy", "medium", "hard", "expert"]);
    assert_eq!(<killer::Killer as Puzzle>::NAME, "killer");
    assert_eq!(killer::Engine::names(), ["auto", "propagate", "xc"]);
    assert_eq!(<tiling::Puzzle as Puzzle>::NAME, "tiling");
    assert_eq!(<starbattle::StarBattle as Puzzle>::NAME, "starbattle");
    assert_eq!(starbattle::Engine::names(), ["auto", "bits", "xc"]);
    assert_eq!(<variant::Variant as Puzzle>::NAME, "variant");
    assert_eq!(variant::Engine::names(), ["auto", "rules", "sat", "xc"]);
}

/// A 4x4 with a thermometer along its first row.
fn thermo_4x4() -> variant::Variant {
    let mut puzzle = variant::Variant::classic(4);
    let cells = (0..4).map(|c| variant::Cell::new(0, c)).collect();
    puzzle.constraints.push(variant::Constraint::Thermometer { cells, slow: false });
    puzzle
}

/// Every engine's listing of a board with millions of solutions ends within its deadline.
fn listing_keeps_its_deadline<P: Puzzle>(puzzle: &P) {
    for &engine in P::Engine::all() {
        let budget = Budget::unlimited().with_timeout(Duration::from_millis(300));
        let query = Query::default().with_engine(engine).with_budget(budget);
        let started = Instant::now();
        let mut lazy = puzzle.solutions(&query);
        let listed = lazy.by_ref().count();
        let count = lazy.finish();
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{} {engine}: {listed} listed, {:?}, in {:?}",
            P::NAME,
            count.outcome,
            started.elapsed()
        );
    }
}

#[test]
fn every_listing_keeps_its_deadline() {
    let mut board = String::from("10 10\n1");
    board.push_str(&" 0".repeat(9));
    board.push('\n');
    for _ in 1..10 {
        board.push_str(&"0 ".repeat(9));
        board.push_str("0\n");
    }
    listing_keeps_its_deadline(&hidato::parse_puzzle(&board, hidato::Adjacency::King).expect("10x10"));
    listing_keeps_its_deadline(&sudoku::Sudoku::parse(&".".repeat(81)).expect("empty 9x9"));
    listing_keeps_its_deadline(&queens::Board::new(20).expect("a board"));
    listing_keeps_its_deadline(&kenken::KenKen::parse(&loose_kenken(12)).expect("a 12x12 of pairs"));
    // Columns as regions: every one-star placement of 20 queen-like stars that do not touch.
    let columns: String = (1..=20).map(|c| format!("{c} ")).collect::<String>() + "\n";
    let stars = format!("20 20 1\n{}", columns.repeat(20)).parse::<starbattle::StarBattle>().expect("20x20");
    listing_keeps_its_deadline(&stars);
    listing_keeps_its_deadline(&killer::parse(&killer_rows(9)).expect("a 9x9 of rows"));
    let mut anti_knight = variant::Variant::classic(16);
    anti_knight.constraints.push(variant::Constraint::AntiKnight);
    listing_keeps_its_deadline(&anti_knight);
    listing_keeps_its_deadline(&variant::Skyscrapers::empty(16).expect("a 16x16"));
    let (pieces, motion) = tiling::builtin("pentominoes").expect("a built-in set");
    listing_keeps_its_deadline(&tiling::Puzzle::new(
        tiling::Board::parse_size("10x6").expect("a board"),
        pieces,
        motion,
    ));
}

/// An n x n KenKen of 1x2 cages whose hidden targets allow almost anything: millions of solutions.
fn loose_kenken(n: usize) -> String {
    let mut text = format!("{n} {n}\n");
    for _ in 0..n {
        let row: Vec<&str> = (0..n).map(|c| if c % 2 == 0 { "1" } else { "." }).collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    for r in 0..n {
        let row: Vec<String> = (0..n).map(|c| format!("{}", r * n + c / 2)).collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    text
}

/// A Killer Sudoku of side `n` whose cages are its rows: as many solutions as Sudoku grids.
fn killer_rows(n: usize) -> String {
    let sum = n * (n + 1) / 2;
    let mut text = format!("{n} {n}\n");
    for _ in 0..n {
        text.push_str(&format!("{sum}{}\n", " -".repeat(n - 1)));
    }
    for r in 1..=n {
        text.push_str(&vec![r.to_string(); n].join(" "));
        text.push('\n');
    }
    text
}

/// A KenKen of side `n` whose cages are single cells holding a cyclic Latin square: one solution.
fn given_kenken(n: usize) -> kenken::KenKen {
    let mut text = format!("{n} {n}\n");
    for r in 0..n {
        let row: Vec<String> = (0..n).map(|c| ((r + c) % n + 1).to_string()).collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    for r in 0..n {
        let row: Vec<String> = (0..n).map(|c| (r * n + c).to_string()).collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    kenken::KenKen::parse(&text).unwrap_or_else(|e| panic!("a {n}x{n} of givens: {e}"))
}

/// Every KenKen engine, the exact-cover route included, at the smallest, a middle and the
/// largest side the front ends accept (3, 7, 12): the exact cover's item names once collided
/// from 11 up (`c111` was row 1 column 11 and row 11 column 1).
#[test]
fn kenken_engines_at_the_smallest_a_middle_and_the_largest_side() {
    for n in [3, 7, 11, 12] {
        let puzzle = given_kenken(n);
        for &engine in kenken::Engine::all() {
            let count = puzzle.count(&Query::default().with_engine(engine).with_limit(2));
            assert_eq!((count.solutions, count.outcome), (1, Outcome::Exhausted), "{n}x{n} {engine}");
        }
        let cover = puzzle.exact_cover().count(&tessera::CoverQuery::default());
        assert_eq!(cover.solutions, 1, "{n}x{n}: exact cover");
    }
}

/// The smallest, a middle and the largest side a family's generator takes
/// ([`tessera::Family::SIDES`]), and the sides just outside, which it refuses.
fn sides<P: tessera::Family>() -> [usize; 3] {
    let (low, high) = (*P::SIDES.start(), *P::SIDES.end());
    [low, (low + high) / 2, high]
}

/// Every family at the smallest, a middle and the largest side its generator takes: a side
/// outside them is bad input; inside, a puzzle is made within a short budget or the generator
/// gives up within it (never a panic, never far past the deadline); and a puzzle made reads back
/// from its text, has one solution, and its answer goes through every form the front ends use
/// (text, values, `read_answer`, `answer`), its violations none, and its live rules hold on it.
fn family_at_every_side<P: tessera::Family>() {
    let outside = [*P::SIDES.start() - 1, *P::SIDES.end() + 1];
    for side in outside {
        assert!(P::generator(side, None, &Budget::unlimited()).is_err(), "{}: side {side}", P::NAME);
    }
    for side in sides::<P>() {
        let deadline = Duration::from_secs(3);
        let budget = Budget::unlimited().with_timeout(deadline);
        let Ok(spec) = P::generator(side, None, &budget) else {
            // Killer's prime sides have no boxes: the middle of 4..=25 is 14, not prime.
            panic!("{}: side {side} is one of SIDES but refused", P::NAME);
        };
        let started = Instant::now();
        let made = P::generate(&spec, 1);
        let took = started.elapsed();
        assert!(took < deadline + deadline / 2, "{} {side}: {took:?} for a {deadline:?} budget", P::NAME);
        let Ok(made) = made else { continue };
        let (puzzle, solution) = (&made.puzzle, &made.solution);
        let again = P::read(&puzzle.to_text(), &()).next().expect("a puzzle").expect("it reads back");
        assert_eq!(again.to_text(), puzzle.to_text(), "{} {side}", P::NAME);
        let count = puzzle.count(&Query::default().with_limit(2));
        assert_eq!(count.solutions, 1, "{} {side}: unique", P::NAME);
        assert!(puzzle.verify(solution).is_valid(), "{} {side}", P::NAME);
        let values = puzzle.values(solution);
        let back = puzzle.answer(&values).expect("the values are an answer");
        assert_eq!(puzzle.values(&back), values, "{} {side}", P::NAME);
        let text = puzzle.solution_text(solution);
        let read = P::read_answer(&text).unwrap_or_else(|e| panic!("{} {side}: {e}\n{text}", P::NAME));
        assert_eq!(puzzle.values(&read), values, "{} {side}", P::NAME);
        let live = puzzle.live();
        for group in &live.distinct {
            let mut seen: Vec<u32> = group.iter().map(|&c| values[c]).collect();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), group.len(), "{} {side}: a live group repeats", P::NAME);
        }
        for &(a, b, relation) in &live.pairs {
            assert!(relation.holds(values[a], values[b]), "{} {side}: {relation:?}", P::NAME);
        }
        for unit in &live.units {
            let stars = unit.iter().filter(|&&c| values[c] == 1).count();
            assert_eq!(stars as u32, live.max, "{} {side}: a unit's stars", P::NAME);
        }
        // What a hint rests on, from a half-played board (every other cell of the answer
        // placed): it ends within its budget, and every value it places is the answer's.
        let half: Vec<Option<u32>> =
            values.iter().enumerate().map(|(i, &v)| (i % 2 == 0).then_some(v)).collect();
        let budget = Budget::unlimited().with_timeout(deadline);
        let started = Instant::now();
        let rating = puzzle.rate_placed(&half, &budget);
        let took = started.elapsed();
        assert!(took < deadline + deadline / 2, "{} {side}: rate_placed took {took:?}", P::NAME);
        for step in rating.map(|r| r.steps).unwrap_or_default() {
            for &(cell, v) in &step.placed {
                assert_eq!(
                    values[cell],
                    v,
                    "{} {side}: {} placed a value not the answer's",
                    P::NAME,
                    step.technique
                );
            }
        }
    }
}

#[test]
fn every_family_at_its_smallest_a_middle_and_its_largest_side() {
    family_at_every_side::<killer::Killer>();
    family_at_every_side::<kenken::KenKen>();
    family_at_every_side::<starbattle::StarBattle>();
    family_at_every_side::<variant::Variant>();
    family_at_every_side::<variant::Skyscrapers>();
    family_at_every_side::<variant::Futoshiki>();
    family_at_every_side::<nonogram::Nonogram>();
    family_at_every_side::<takuzu::Takuzu>();
    family_at_every_side::<akari::Akari>();
}
