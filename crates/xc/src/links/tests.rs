//! Tests of the operations: every one is undone exactly, and the check finds broken links.

use super::*;
use crate::ProblemBuilder;
use rand::{Rng, SeedableRng};

/// Random problems with colours: 6 primaries, 3 secondaries, 14 options.
fn random_problem(rng: &mut rand_pcg::Pcg64Mcg) -> Problem {
    let mut b = ProblemBuilder::new();
    let primaries: Vec<_> = (0..6).map(|i| b.primary(format!("p{i}")).unwrap()).collect();
    let secondaries: Vec<_> = (0..3).map(|i| b.secondary(format!("s{i}")).unwrap()).collect();
    let colors = [b.color("A"), b.color("B")];
    while b.option_count() < 14 {
        let mut items = vec![(primaries[rng.random_range(0..6)], None)];
        for &p in &primaries {
            if rng.random_bool(0.3) && items.iter().all(|&(q, _)| q != p) {
                items.push((p, None));
            }
        }
        for &s in &secondaries {
            if rng.random_bool(0.4) {
                let color = if rng.random_bool(0.6) { Some(colors[rng.random_range(0..2)]) } else { None };
                items.push((s, color));
            }
        }
        b.colored_option(items).unwrap();
    }
    b.build()
}

/// Covers, commits and purifies along random paths, undoing each step: after every undo the
/// links pass `check` and are bit-for-bit what they were before the step. This exercises
/// every unchecked access of the module under debug assertions.
#[test]
fn every_operation_is_undone_exactly() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
    for _ in 0..200 {
        let problem = random_problem(&mut rng);
        let mut links = problem.links().clone();
        links.check().unwrap();
        let mut history = Vec::new();
        for _ in 0..6 {
            // Pick an active primary with options, and one of its options.
            let mut x = links.right(0);
            let mut candidates = Vec::new();
            while x != 0 {
                if links.len(x) > 0 {
                    candidates.push(x);
                }
                x = links.right(x);
            }
            let Some(&item) = candidates.get(rng.random_range(0..candidates.len().max(1))) else {
                break;
            };
            let before = links.clone();
            links.cover::<true>(item);
            let mut node = links.down(item);
            for _ in 0..rng.random_range(0..links.len(item).max(1)) {
                node = links.down(node);
            }
            if node == item {
                links.uncover::<true>(item);
                assert_eq!(links, before);
                continue;
            }
            links.commit_others::<true>(node);
            links.check().unwrap();
            history.push((before, item, node));
        }
        while let Some((before, item, node)) = history.pop() {
            links.uncommit_others::<true>(node);
            links.uncover::<true>(item);
            links.check().unwrap();
            assert_eq!(links.nodes, before.nodes);
            assert_eq!((&links.left, &links.right), (&before.left, &before.right));
        }
    }
}

/// The checked commit, stopped early, is undone exactly by `uncommit_from`.
#[test]
fn an_abandoned_commit_is_undone_exactly() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(11);
    for _ in 0..300 {
        let problem = random_problem(&mut rng);
        let mut links = problem.links().clone();
        let item = links.right(0);
        if links.len(item) == 0 {
            continue;
        }
        let before = links.clone();
        links.cover::<true>(item);
        let node = links.down(item);
        let after_cover = links.nodes.clone();
        match links.commit_others_checked::<true>(node) {
            (_, Some(last)) => links.uncommit_from::<true>(node, last),
            (_, None) => links.uncommit_others::<true>(node),
        }
        assert_eq!(links.nodes, after_cover);
        links.uncover::<true>(item);
        links.check().unwrap();
        assert_eq!(links.nodes, before.nodes);
    }
}

#[test]
fn check_finds_a_broken_link() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
    let problem = random_problem(&mut rng);
    let mut links = problem.links().clone();
    let first = links.down(1);
    links.nodes[first as usize].up = first;
    assert!(links.check().is_err());
}
