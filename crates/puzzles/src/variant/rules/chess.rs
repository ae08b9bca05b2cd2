//! Anti-knight and anti-king: no two cells a knight's (a king's) move apart hold the same digit.
//! Compiled as pair relations "differ" (the king's orthogonal steps are already in a row or
//! column, so only its diagonal steps are added).

use super::Broken;
use crate::variant::model::{Cell, Variant};
use crate::variant::solve::Builder;

/// A knight's moves.
pub(super) const KNIGHT: &[(isize, isize)] = &[(1, 2), (2, 1), (1, -2), (2, -1)];
/// A king's diagonal moves (its orthogonal ones are a row's or a column's).
pub(super) const KING: &[(isize, isize)] = &[(1, 1), (1, -1)];

/// Pairs `(a, b)` a move apart, each once.
pub(super) fn pairs(n: usize, moves: &'static [(isize, isize)]) -> impl Iterator<Item = (usize, usize)> {
    (0..n * n).flat_map(move |a| {
        let (r, c) = ((a / n) as isize, (a % n) as isize);
        moves.iter().filter_map(move |&(dr, dc)| {
            let (rr, cc) = (r + dr, c + dc);
            ((0..n as isize).contains(&rr) && (0..n as isize).contains(&cc))
                .then(|| (a, rr as usize * n + cc as usize))
        })
    })
}

pub(super) fn check(puzzle: &Variant, moves: &'static [(isize, isize)], what: &str, digits: &[u8]) -> Broken {
    let n = puzzle.size;
    pairs(n, moves)
        .filter(|&(a, b)| digits[a] == digits[b])
        .map(|(a, b)| {
            let (ca, cb) = (Cell::at(a, n), Cell::at(b, n));
            (vec![ca, cb], format!("{ca} and {cb}, {what} apart, both hold {}", digits[a]))
        })
        .collect()
}

pub(super) fn compile(puzzle: &Variant, moves: &'static [(isize, isize)], builder: &mut Builder) {
    for (a, b) in pairs(puzzle.size, moves) {
        builder.differ(a, b);
    }
}
