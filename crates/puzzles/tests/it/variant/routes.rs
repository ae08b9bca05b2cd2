//! The two independent routes (CaDiCaL, exact cover) against the propagating search: random
//! small puzzles with random constraints of every kind, the same counts and the same solutions,
//! each valid by the verifier; contradictions with none; budgets that give up, never miscount.

use std::collections::BTreeSet;
use std::time::Duration;

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use tessera::variant::{self, box_shape, Cell, Constraint, Direction, Engine, Negative, Outcome, Variant};
use tessera::xc::Budget;

const LIMIT: u64 = 30;

/// A random solved grid: the box pattern, digits relabelled, rows and columns shuffled within
/// their bands and stacks, bands and stacks shuffled.
fn solution(n: usize, rng: &mut Pcg64) -> Vec<u8> {
    let (h, w) = box_shape(n).expect("a composite side");
    let mut labels: Vec<u8> = (1..=n as u8).collect();
    labels.shuffle(rng);
    let order = |size: usize, group: usize, rng: &mut Pcg64| {
        let mut groups: Vec<usize> = (0..size / group).collect();
        groups.shuffle(rng);
        let mut out = Vec::new();
        for g in groups {
            let mut inner: Vec<usize> = (0..group).collect();
            inner.shuffle(rng);
            out.extend(inner.into_iter().map(|i| g * group + i));
        }
        out
    };
    let rows = order(n, h, rng);
    let cols = order(n, w, rng);
    let mut grid = vec![0; n * n];
    for r in 0..n {
        for c in 0..n {
            let (rr, cc) = (rows[r], cols[c]);
            grid[r * n + c] = labels[(w * (rr % h) + rr / h + cc) % n];
        }
    }
    grid
}

fn cell(i: usize, n: usize) -> Cell {
    Cell::at(i, n)
}

/// A random orthogonal path of up to `len` cells.
fn path(n: usize, len: usize, rng: &mut Pcg64) -> Vec<Cell> {
    let mut at = rng.random_range(0..n * n);
    let mut cells = vec![at];
    while cells.len() < len {
        let (r, c) = ((at / n) as i32, (at % n) as i32);
        let next: Vec<usize> = [(0, 1), (1, 0), (0, -1), (-1, 0)]
            .iter()
            .map(|(dr, dc)| (r + dr, c + dc))
            .filter(|&(r, c)| (0..n as i32).contains(&r) && (0..n as i32).contains(&c))
            .map(|(r, c)| r as usize * n + c as usize)
            .filter(|j| !cells.contains(j))
            .collect();
        let Some(&j) = next.choose(rng) else { break };
        cells.push(j);
        at = j;
    }
    cells.into_iter().map(|i| cell(i, n)).collect()
}

fn sum(s: &[u8], n: usize, cells: &[Cell]) -> u32 {
    cells.iter().map(|c| u32::from(s[c.index(n).unwrap()])).sum()
}

/// A random constraint of kind `kind` (0..27), its numbers read from `s` where it has any.
fn candidate(kind: usize, n: usize, s: &[u8], rng: &mut Pcg64) -> Constraint {
    let d = |c: Cell| s[c.index(n).unwrap()];
    let len = rng.random_range(2..=4.min(n));
    let p = path(n, len, rng);
    let any = |rng: &mut Pcg64| cell(rng.random_range(0..n * n), n);
    let pair = |rng: &mut Pcg64| {
        let p = path(n, 2, rng);
        [p[0], p[1]]
    };
    match kind {
        0 => Constraint::ExtraRegion { cells: p },
        1 => Constraint::DiagonalPositive,
        2 => Constraint::DiagonalNegative,
        3 => Constraint::AntiKnight,
        4 => Constraint::AntiKing,
        5 => Constraint::NonConsecutive,
        6 => Constraint::DisjointGroups,
        7 => Constraint::Cage { sum: rng.random_bool(0.8).then(|| sum(s, n, &p)), cells: p },
        8 => {
            let clue = Cell::new(-1, rng.random_range(0..n as i16 - 1));
            let (mut at, mut cells) = (Cell::new(0, clue.col + 1), Vec::new());
            while at.index(n).is_some() {
                cells.push(at);
                at = Cell::new(at.row + 1, at.col + 1);
            }
            Constraint::LittleKiller { clue, direction: Direction::DR, sum: sum(s, n, &cells) }
        }
        9 => {
            let r = rng.random_range(0..n);
            let row: Vec<u8> = s[r * n..r * n + n].to_vec();
            let a = row.iter().position(|&x| x == 1).unwrap();
            let b = row.iter().position(|&x| x as usize == n).unwrap();
            let between: u32 = row[a.min(b) + 1..a.max(b)].iter().map(|&x| u32::from(x)).sum();
            Constraint::Sandwich { clue: Cell::new(r as i16, -1), sum: between }
        }
        10 => {
            let mut cells = p;
            let slow = rng.random_bool(0.3);
            cells.sort_by_key(|&c| d(c));
            Constraint::Thermometer { cells, slow }
        }
        11 => {
            let circle_len = if n > 4 && rng.random_bool(0.2) { 2 } else { 1 };
            let long = path(n, circle_len + rng.random_range(1..=4), rng);
            let (circle, line) = long.split_at(circle_len.min(long.len() - 1));
            Constraint::Arrow { circle: circle.to_vec(), lines: vec![line.to_vec()] }
        }
        12 => {
            let c = pair(rng);
            Constraint::Difference { cells: c, value: u32::from(d(c[0]).abs_diff(d(c[1]))) }
        }
        13 => Constraint::Ratio { cells: pair(rng), value: 2 },
        14 => {
            let c = pair(rng);
            Constraint::Xv { cells: c, sum: u32::from(d(c[0]) + d(c[1])) }
        }
        15 => {
            let all = [Negative::Difference, Negative::Ratio, Negative::Xv];
            Constraint::Negative { of: vec![*all.choose(rng).unwrap()] }
        }
        16 => Constraint::Odd { cell: any(rng) },
        17 => Constraint::Even { cell: any(rng) },
        18 => Constraint::Minimum { cell: any(rng) },
        19 => Constraint::Maximum { cell: any(rng) },
        20 => {
            let (r, c) = (rng.random_range(0..n - 1) as i16, rng.random_range(0..n - 1) as i16);
            let cells =
                vec![Cell::new(r, c), Cell::new(r, c + 1), Cell::new(r + 1, c), Cell::new(r + 1, c + 1)];
            let mut values: Vec<u8> = cells.iter().map(|&c| d(c)).collect();
            values.shuffle(rng);
            values.truncate(rng.random_range(1..=3));
            Constraint::Quadruple { cells, values }
        }
        21 => Constraint::Palindrome { cells: path(n, 3, rng) },
        22 => Constraint::Renban { cells: p },
        23 => Constraint::Whispers { cells: p, difference: (n / 2) as u32 },
        24 => Constraint::Between { cells: path(n, 3, rng) },
        25 => Constraint::RegionSumLine { cells: path(n, rng.random_range(2..=5), rng) },
        _ => {
            let (a, b) = (any(rng), any(rng));
            Constraint::Clone { cells: vec![a], clones: vec![b] }
        }
    }
}

const KINDS: usize = 27;

/// A puzzle of side `n` that `s` solves (each constraint kept only if `s` keeps it), with
/// `givens` of its cells given; `broken` constraints are added unchecked.
fn puzzle(n: usize, rng: &mut Pcg64, constraints: usize, givens: usize, broken: usize) -> Variant {
    let s = solution(n, rng);
    let mut v = Variant::classic(n);
    let mut cells: Vec<usize> = (0..n * n).collect();
    cells.shuffle(rng);
    for &i in &cells[..givens] {
        v.givens[i] = s[i];
    }
    let grid = variant::Grid::new(n, s.clone()).unwrap();
    let mut added = 0;
    let mut tries = 0;
    while added < constraints && tries < 2000 {
        tries += 1;
        let kind = if tries <= KINDS {
            (rng.random_range(0..KINDS) + tries) % KINDS
        } else {
            rng.random_range(0..KINDS)
        };
        let c = candidate(kind, n, &s, rng);
        let mut with = v.clone();
        with.constraints.push(c);
        if with.validate().is_ok() && variant::verify(&with, &grid).is_valid() {
            v = with;
            added += 1;
        }
    }
    for _ in 0..broken {
        let c = candidate(rng.random_range(0..KINDS), n, &s, rng);
        let mut with = v.clone();
        with.constraints.push(c);
        if with.validate().is_ok() {
            v = with;
        }
    }
    v
}

struct Run {
    outcome: Outcome,
    solutions: BTreeSet<Vec<u8>>,
}

fn run(v: &Variant, engine: Engine, limit: u64, budget: Budget) -> Run {
    let query = variant::Query::default().with_engine(engine).with_limit(limit).with_budget(budget);
    let found = variant::solutions(v, &query);
    for grid in &found.found {
        assert!(variant::verify(v, grid).is_valid(), "{engine:?} gave a wrong solution\n{grid}\n{v:?}");
    }
    let solutions: BTreeSet<Vec<u8>> = found.found.iter().map(|g| g.digits().to_vec()).collect();
    assert_eq!(solutions.len(), found.found.len(), "{engine:?} repeated a solution");
    assert_eq!(found.count.solutions, found.found.len() as u64);
    Run { outcome: found.count.outcome, solutions }
}

/// The three engines agree on `v`; returns the rules engine's count.
fn agree(v: &Variant, what: &str) -> usize {
    let budget = || Budget::unlimited().with_timeout(Duration::from_secs(60));
    let rules = run(v, Engine::Rules, LIMIT, budget());
    assert!(!matches!(rules.outcome, Outcome::GaveUp(_)), "{what}: rules gave up");
    for engine in [Engine::Sat, Engine::ExactCover] {
        let other = run(v, engine, LIMIT, budget());
        if engine == Engine::ExactCover && matches!(other.outcome, Outcome::GaveUp(_)) {
            // Past MAX_OPTIONS (a 9x9 sandwich row): a give-up, with nothing wrong reported.
            continue;
        }
        assert_eq!(other.outcome, rules.outcome, "{what}: {engine:?} ended otherwise\n{v:?}");
        assert_eq!(
            other.solutions.len(),
            rules.solutions.len(),
            "{what}: {engine:?} counted otherwise\n{v:?}"
        );
        if rules.outcome == Outcome::Exhausted {
            assert_eq!(other.solutions, rules.solutions, "{what}: {engine:?} found other solutions\n{v:?}");
        }
    }
    rules.solutions.len()
}

#[test]
fn random_small_puzzles_agree() {
    let mut rng = Pcg64::seed_from_u64(37);
    let mut counts = [0usize; 3];
    for i in 0..120 {
        let n = if i % 3 == 0 { 4 } else { 6 };
        let givens = rng.random_range(0..n * n / 3);
        let constraints = rng.random_range(1..=6);
        let broken = usize::from(rng.random_bool(0.15));
        let v = puzzle(n, &mut rng, constraints, givens, broken);
        let found = agree(&v, &format!("small #{i}"));
        counts[if found == 0 {
            0
        } else if (found as u64) < LIMIT {
            1
        } else {
            2
        }] += 1;
    }
    // Zero, some and many solutions were all met.
    assert!(counts.iter().all(|&c| c > 0), "{counts:?}");
}

#[test]
fn every_kind_alone_agrees() {
    let mut rng = Pcg64::seed_from_u64(7);
    for kind in 0..KINDS {
        for n in [4, 6] {
            let s = solution(n, &mut rng);
            let grid = variant::Grid::new(n, s.clone()).unwrap();
            let mut kept = 0;
            for _ in 0..200 {
                let mut v = Variant::classic(n);
                v.constraints.push(candidate(kind, n, &s, &mut rng));
                // A grid-wide kind is kept even when `s` breaks it (then the givens are left out).
                let global = matches!(kind, 1..=6 | 15);
                let kept_by_s = v.validate().is_ok() && variant::verify(&v, &grid).is_valid();
                if v.validate().is_err() || (!global && !kept_by_s) {
                    continue;
                }
                for (i, &d) in s.iter().enumerate() {
                    if kept_by_s && rng.random_bool(0.3) {
                        v.givens[i] = d;
                    }
                }
                agree(&v, &format!("kind {kind} on {n}x{n}"));
                kept += 1;
                if kept == 3 {
                    break;
                }
            }
            assert!(kept > 0, "kind {kind} on {n}x{n}: no candidate kept");
        }
    }
}

#[test]
fn nine_by_nine_with_many_givens_agree() {
    let mut rng = Pcg64::seed_from_u64(99);
    for i in 0..12 {
        let (k, g) = (rng.random_range(2..=6), rng.random_range(30..50));
        let v = puzzle(9, &mut rng, k, g, 0);
        let found = agree(&v, &format!("9x9 #{i}"));
        assert!(found >= 1, "9x9 #{i}: the generating solution is one");
    }
}

#[test]
fn contradictions_have_no_solution() {
    let mut v = Variant::classic(4);
    v.constraints.push(Constraint::Odd { cell: Cell::new(0, 0) });
    v.constraints.push(Constraint::Even { cell: Cell::new(0, 0) });
    assert_eq!(agree(&v, "odd and even"), 0);
    let mut v = Variant::classic(6);
    v.constraints.push(Constraint::Cage { cells: vec![Cell::new(0, 0), Cell::new(0, 1)], sum: Some(2) });
    assert_eq!(agree(&v, "a cage of 2 cells summing to 2"), 0);
    let mut v = Variant::classic(4);
    v.constraints
        .push(Constraint::Thermometer { cells: (0..4).map(|c| Cell::new(0, c)).collect(), slow: false });
    v.constraints.push(Constraint::Thermometer {
        cells: (0..4).rev().map(|c| Cell::new(0, c)).collect(),
        slow: false,
    });
    assert_eq!(agree(&v, "opposite thermometers"), 0);
}

#[test]
fn budgets_give_up_never_miscount() {
    let mut rng = Pcg64::seed_from_u64(5);
    let v = puzzle(6, &mut rng, 3, 0, 0);
    for engine in [Engine::Rules, Engine::Sat, Engine::ExactCover] {
        let zero = run(&v, engine, LIMIT, Budget::unlimited().with_timeout(Duration::ZERO));
        assert!(matches!(zero.outcome, Outcome::GaveUp(_)), "{engine:?} with no time: {:?}", zero.outcome);
        let one = run(&v, engine, LIMIT, Budget::unlimited().with_nodes(1));
        assert!(
            matches!(one.outcome, Outcome::GaveUp(_)) || one.outcome == Outcome::LimitReached,
            "{engine:?} with one node: {:?}",
            one.outcome
        );
        assert!(one.solutions.len() < LIMIT as usize || one.outcome == Outcome::LimitReached);
    }
}

#[test]
fn sat_and_rules_timings_on_nine_by_nine() {
    let mut rng = Pcg64::seed_from_u64(2026);
    for i in 0..4 {
        let v = puzzle(9, &mut rng, 8, 24, 0);
        let mut line = format!("9x9 #{i} ({} constraints):", v.constraints.len());
        for engine in [Engine::Rules, Engine::Sat] {
            let start = std::time::Instant::now();
            let query = variant::Query::default().with_engine(engine).with_limit(2);
            let count = variant::count(&v, &query);
            line += &format!(" {engine:?} {} in {:?};", count.solutions, start.elapsed());
        }
        eprintln!("{line}");
    }
}
