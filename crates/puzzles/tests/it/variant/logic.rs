//! The variant human solver: its steps never contradict the solution, hints applied one after
//! another reach it without repeating, texts are short and name cells; classic, killer (the shared
//! janko.at set through the killer parser) and hand-made thermo/arrow/kropki/XV/whispers puzzles.

use tessera::common::Step;
use tessera::variant::{self, count, hint, hint_with, rate, Cell, Constraint, Difficulty, Query, Variant};
use tessera::xc::Budget;

const EASY: &str = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
const MEDIUM: &str = "200080300060070084030500209000105408000000000402706000301007040720040060004010003";

fn solution(p: &Variant) -> Vec<u8> {
    let found = variant::solutions(p, &Query::default().with_limit(2));
    assert_eq!(found.found.len(), 1, "unique");
    found.found[0].digits().to_vec()
}

fn unique(p: &Variant) -> bool {
    count(p, &Query::default().with_limit(2)).solutions == 1
}

/// Givens from `answer` added in a fixed scattered order until `p` has one solution.
fn make_unique(mut p: Variant, answer: &[u8]) -> Variant {
    let n = p.size * p.size;
    let mut i = 0;
    while !unique(&p) {
        let cell = (i * 37 + 11) % n;
        p.givens[cell] = answer[cell];
        i += 1;
    }
    p
}

fn cell(i: usize, n: usize) -> Cell {
    Cell::new((i / n) as i16, (i % n) as i16)
}

/// Hand-made variants over the answer of `EASY`: each kind of mark placed where the answer
/// allows it, then givens until unique.
fn hand_made() -> Vec<(&'static str, Variant)> {
    let base = classic::from_line(EASY);
    let answer = solution(&base);
    let n = 9;
    let mut out = Vec::new();
    let at = |i: usize| u32::from(answer[i]);
    let right = |i: usize| (i % n + 1 < n).then_some(i + 1);
    // Thermometers: increasing runs along rows, length >= 3.
    let mut thermo = Variant::classic(n);
    for r in 0..n {
        let mut run = vec![r * n];
        for c in 1..n {
            let i = r * n + c;
            if at(i) > at(i - 1) {
                run.push(i);
            } else {
                if run.len() >= 3 {
                    thermo.constraints.push(Constraint::Thermometer {
                        cells: run.iter().map(|&i| cell(i, n)).collect(),
                        slow: false,
                    });
                }
                run = vec![i];
            }
        }
        if run.len() >= 3 {
            thermo.constraints.push(Constraint::Thermometer {
                cells: run.iter().map(|&i| cell(i, n)).collect(),
                slow: false,
            });
        }
    }
    out.push(("thermo", thermo));
    // Kropki: every white and black dot (negative constraint on both).
    let mut kropki = Variant::classic(n);
    let mut xv = Variant::classic(n);
    let mut whisper = Variant::classic(n);
    for i in 0..n * n {
        for j in [right(i), (i + n < n * n).then_some(i + n)].into_iter().flatten() {
            let cells = [cell(i, n), cell(j, n)];
            let (a, b) = (at(i), at(j));
            if a.abs_diff(b) == 1 {
                kropki.constraints.push(Constraint::Difference { cells, value: 1 });
            } else if a == 2 * b || b == 2 * a {
                kropki.constraints.push(Constraint::Ratio { cells, value: 2 });
            }
            if a + b == 10 || a + b == 5 {
                xv.constraints.push(Constraint::Xv { cells, sum: a + b });
            }
            if a.abs_diff(b) >= 5 && whisper.constraints.len() < 20 {
                whisper.constraints.push(Constraint::Whispers { cells: cells.to_vec(), difference: 5 });
            }
        }
    }
    kropki
        .constraints
        .push(Constraint::Negative { of: vec![variant::Negative::Difference, variant::Negative::Ratio] });
    out.push(("kropki", kropki));
    xv.constraints.push(Constraint::Negative { of: vec![variant::Negative::Xv] });
    out.push(("xv", xv));
    out.push(("whispers", whisper));
    // Arrows: a circle in each box's centre with its two row neighbours when they add up.
    let mut arrow = Variant::classic(n);
    for i in 0..n * n {
        if i % n >= 2 && at(i - 2) + at(i - 1) == at(i) {
            arrow.constraints.push(Constraint::Arrow {
                circle: vec![cell(i, n)],
                lines: vec![vec![cell(i - 1, n), cell(i - 2, n)]],
            });
        }
    }
    out.push(("arrow", arrow));
    // Killer cages: dominoes along rows.
    let mut cages = Variant::classic(n);
    for r in 0..n {
        for c in (0..n - 1).step_by(2) {
            let i = r * n + c;
            cages.constraints.push(Constraint::Cage {
                cells: vec![cell(i, n), cell(i + 1, n)],
                sum: Some(at(i) + at(i + 1)),
            });
        }
    }
    out.push(("cages", cages));
    out.into_iter().map(|(name, p)| (name, make_unique(p, &answer))).collect()
}

fn killers() -> Vec<Variant> {
    let Some(text) = crate::common::shared_text("families", "killer.txt") else { return Vec::new() };
    tessera::killer::read(&text)
        .map(|k| {
            let k = k.expect("a killer");
            let n = k.size();
            let mut v = Variant::classic(n);
            v.givens = k.givens().to_vec();
            for cage in k.cages() {
                let cells = cage.cells().iter().map(|&i| cell(i, n)).collect();
                v.constraints.push(Constraint::Cage { cells, sum: Some(cage.sum()) });
            }
            v
        })
        .collect()
}

fn all_puzzles() -> Vec<(String, Variant)> {
    let mut all = vec![
        ("easy".to_string(), classic::from_line(EASY)),
        ("medium".to_string(), classic::from_line(MEDIUM)),
    ];
    all.extend(hand_made().into_iter().map(|(n, p)| (n.to_string(), p)));
    all.extend(killers().into_iter().enumerate().map(|(i, p)| (format!("killer {}", i + 1), p)));
    all
}

fn check_text(name: &str, step: &Step) {
    let text = step.to_string();
    assert!(text.len() < 280, "{name}: too long: {text}");
    let names_cell = text
        .as_bytes()
        .windows(4)
        .any(|w| w[0] == b'r' && w[1].is_ascii_digit() && (w[2] == b'c' || w[3] == b'c'));
    assert!(names_cell, "{name}: names no cell: {text}");
    assert!(!step.explanation.contains(step.technique), "{name}: technique twice: {text}");
    assert!(!step.cells.is_empty(), "{name}: no cells: {text}");
}

fn check_sound(name: &str, step: &Step, answer: &[u8]) {
    for &(c, d) in &step.removed {
        assert_ne!(u32::from(answer[c]), d, "{name}: {step} removes the answer at {c}");
    }
    for &(c, d) in &step.placed {
        assert_eq!(u32::from(answer[c]), d, "{name}: {step} places a wrong digit at {c}");
    }
}

/// Hints applied one after another from the givens: each changes the board, none is wrong, and
/// they reach the answer (or stop). Returns (hints, trial hints, solved).
fn play(name: &str, p: &Variant, answer: &[u8]) -> (usize, usize, bool) {
    let n = p.size;
    let all = ((1u32 << (n + 1)) - 1) & !1;
    let mut digits = p.givens.clone();
    let mut cand: Vec<u32> = digits.iter().map(|&d| if d != 0 { 1 << d } else { all }).collect();
    let (mut hints, mut trials) = (0, 0);
    let mut seen: Vec<Step> = Vec::new();
    while let Some(step) = hint_with(p, &digits, Some(&cand)) {
        check_text(name, &step);
        check_sound(name, &step, answer);
        assert!(!seen.contains(&step), "{name}: {step} repeated");
        let mut changed = false;
        for &(c, d) in &step.removed {
            changed |= cand[c] >> d & 1 == 1 && digits[c] == 0;
            cand[c] &= !(1 << d);
        }
        for &(c, d) in &step.placed {
            changed |= digits[c] == 0;
            digits[c] = d as u8;
            cand[c] = 1 << d;
        }
        assert!(changed, "{name}: {step} changes nothing");
        hints += 1;
        trials += usize::from(step.technique == "trial");
        seen.push(step);
        assert!(hints < 3 * n * n * n, "{name}: too many hints");
    }
    (hints, trials, digits == answer)
}

#[test]
fn rating_an_easy_classic_finishes_easy() {
    let p = classic::from_line(EASY);
    let rating = rate(&p, &Budget::unlimited()).unwrap();
    assert!(rating.solved, "{rating:?}");
    assert_eq!(rating.level, Difficulty::Easy);
    assert!(rating.score >= rating.steps.len() as u32);
    assert!(hint(&p).is_some());
}

#[test]
fn steps_are_sound_and_hints_reach_the_answer() {
    for (name, p) in all_puzzles() {
        let answer = solution(&p);
        let rating = rate(&p, &Budget::unlimited().with_timeout(std::time::Duration::from_secs(30))).unwrap();
        for step in &rating.steps {
            check_sound(&name, step, &answer);
            check_text(&name, step);
        }
        let (hints, _, solved) = play(&name, &p, &answer);
        assert!(solved, "{name}: {hints} hints did not reach the answer");
        assert!(rating.solved, "{name}: the rating did not finish");
    }
}

#[test]
fn hand_made_kinds_are_used_by_name() {
    // Givens are added until each puzzle is unique, so some need no more than singles.
    let mut used = 0;
    for (name, p) in hand_made() {
        let rating = rate(&p, &Budget::unlimited()).unwrap();
        let techniques: Vec<&str> = rating.steps.iter().map(|s| s.technique).collect();
        let want = match name {
            "thermo" => "thermometer range",
            "kropki" => "kropki pair",
            "xv" => "XV pair",
            "whispers" => "whispers difference",
            "arrow" => "arrow range",
            _ => "cage combination",
        };
        used += usize::from(techniques.contains(&want));
    }
    assert!(used >= 3, "{used} of the hand-made kinds were used by name");
}

#[test]
fn a_hint_on_a_board_in_play_changes_it() {
    let p = classic::from_line(EASY);
    let answer = solution(&p);
    let first = hint(&p).unwrap();
    let mut digits = p.givens.clone();
    for &(c, d) in &first.placed {
        digits[c] = d as u8;
    }
    let next = hint_with(&p, &digits, None).unwrap();
    assert_ne!(next, first);
    assert!(hint_with(&p, &answer, None).is_none());
    assert!(hint_with(&p, &digits[..5], None).is_none());
}

#[test]
fn a_big_puzzle_stops_within_its_budget() {
    let mut p = Variant::classic(16);
    for r in 0..16i16 {
        p.constraints
            .push(Constraint::Thermometer { cells: (0..5).map(|c| Cell::new(r, c)).collect(), slow: false });
        p.constraints
            .push(Constraint::Whispers { cells: (8..12).map(|c| Cell::new(r, c)).collect(), difference: 5 });
    }
    p.constraints.push(Constraint::AntiKnight);
    let started = std::time::Instant::now();
    let result = rate(&p, &Budget::unlimited().with_timeout(std::time::Duration::from_millis(500)));
    assert!(started.elapsed() < std::time::Duration::from_secs(3), "{:?}", started.elapsed());
    let _ = result;
}

#[test]
fn fraction_of_trial_hints_on_killers() {
    let (mut hints, mut trials) = (0, 0);
    for (i, p) in killers().iter().enumerate() {
        let answer = solution(p);
        let (h, t, _) = play(&format!("killer {}", i + 1), p, &answer);
        hints += h;
        trials += t;
    }
    if hints > 0 {
        let note = format!(
            "\ntrial hints on the shared killers: {trials} of {hints} ({:.1}%)\n",
            100.0 * trials as f64 / hints as f64
        );
        let _ = std::io::Write::write_all(&mut std::io::stderr(), note.as_bytes());
        assert!(trials * 2 < hints, "{note}");
    }
}

use super::classic;
