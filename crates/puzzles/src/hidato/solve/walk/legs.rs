//! The legs: the stretches of the path between consecutive givens (and the tails to 1 and N)
//! that the walker lays one after the other, see the parent module's "The legs".

use super::NONE;

/// A stretch of the path walked from the placed number `from` towards `to`. A gap's `to` is a
/// given; a tail's is 1 or N, free. `from == 0` marks the tail of a board with no givens,
/// whose first number, 1, is itself placed by branching.
#[derive(Debug, Clone, Copy)]
pub(super) struct Leg {
    pub(super) from: u32,
    pub(super) to: u32,
    pub(super) up: bool,
    pub(super) gap: bool,
}

impl Leg {
    /// The next number after `head` along this leg.
    pub(super) fn step(&self, head: u32) -> u32 {
        if self.up {
            head + 1
        } else {
            head - 1
        }
    }

    /// Numbers still to place once `head` is placed.
    pub(super) fn left(&self, head: u32) -> u32 {
        let span = self.to.abs_diff(head);
        if self.gap {
            span - 1
        } else {
            span
        }
    }
}

/// The legs of a puzzle from its givens (number -> cell, NONE when not given): the gaps in
/// increasing order, then the tails, the shorter first; a board with no givens has one tail
/// from 1, whose cell is a branch.
pub(super) fn plan(given: &[u32], n: usize) -> Vec<Leg> {
    let numbers: Vec<u32> = (1..=n as u32).filter(|&k| given[k as usize] != NONE).collect();
    let Some((&low, &high)) = numbers.first().zip(numbers.last()) else {
        return vec![Leg { from: 0, to: n as u32, up: true, gap: false }];
    };
    let mut legs = Vec::new();
    if low > 1 {
        // From 1, whose cell is a branch, to the smallest given.
        legs.push(Leg { from: 0, to: low, up: true, gap: true });
    }
    legs.extend(numbers.windows(2).map(|pair| Leg { from: pair[0], to: pair[1], up: true, gap: true }));
    if high < n as u32 {
        legs.push(Leg { from: high, to: n as u32, up: true, gap: false });
    }
    legs
}
