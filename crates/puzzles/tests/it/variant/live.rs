//! The rules a front end checks while a variant is played (`variant::live`): every published and
//! generated solution keeps all of them (they never refuse a right answer), and a grid that
//! breaks one of them is refused by the verifier, at those cells (they never accept what the
//! library refuses).

use tessera::variant::{self, Generator, Template, Variant};
use tessera::Named;

/// Checks both directions on one puzzle and its solution; returns how many rules were broken on
/// purpose.
fn check(what: &str, puzzle: &Variant, solution: &[u8]) -> usize {
    let live = variant::live(puzzle);
    let d = |i: usize| u32::from(solution[i]);
    for (a, b, relation) in &live.pairs {
        assert!(relation.holds(d(*a), d(*b)), "{what}: the solution breaks {relation:?} at {a}, {b}");
    }
    for (cells, sum) in &live.sums {
        assert_eq!(cells.iter().map(|&i| d(i)).sum::<u32>(), *sum, "{what}: cage {cells:?}");
    }
    for group in &live.distinct {
        let mut seen = std::collections::HashSet::new();
        assert!(group.iter().all(|&i| seen.insert(solution[i])), "{what}: repeat in {group:?}");
    }
    let n = puzzle.size();
    let mut broken = 0;
    for (a, b, relation) in live.pairs.iter().take(40) {
        let Some(bad) = (1..=n as u8).find(|&v| !relation.holds(u32::from(v), d(*b)) && v != solution[*a])
        else {
            continue;
        };
        let mut grid = solution.to_vec();
        grid[*a] = bad;
        let verdict = variant::verify(puzzle, &variant::Grid::new(n, grid).unwrap());
        let at = variant::Cell::at(*a, n);
        assert!(
            verdict.violations().iter().any(|v| v.constraint.is_some() && v.cells.contains(&at)),
            "{what}: {relation:?} broken at {at} and the verifier names no constraint there: {:?}",
            verdict.violations()
        );
        broken += 1;
    }
    broken
}

#[test]
fn live_rules_hold_on_every_published_solution() {
    let text = include_str!("../../data/variant/iss.tsv");
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.starts_with("name\t")) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (name, iss, solution) = (fields[0], fields[2], fields.get(3).copied().unwrap_or(""));
        let Ok(puzzle) = variant::parse(iss) else { continue };
        if solution.len() != puzzle.size() * puzzle.size() || puzzle.size() > 9 {
            continue;
        }
        let digits: Vec<u8> = solution.chars().map(|c| c.to_digit(10).unwrap_or(0) as u8).collect();
        check(name, &puzzle, &digits);
        checked += 1;
    }
    assert!(checked >= 45, "only {checked} ISS puzzles with solutions");
}

#[test]
fn live_rules_are_refused_by_the_verifier_when_broken() {
    let mut broken = 0;
    for &template in Template::all() {
        let made = Generator::new(6).unwrap().template(template).generate(1).unwrap();
        broken += check(template.name(), &made.puzzle, made.solution.digits());
    }
    assert!(broken >= 20, "only {broken} rules broken on purpose");
}
