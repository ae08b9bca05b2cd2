//! Simple colouring (single-digit conjugate chains).
//!
//! For one digit, link the two cells of every house where the digit has exactly two places
//! (a conjugate pair: exactly one of them holds it). A connected set of such links splits into
//! two colours, and exactly one colour holds the digit in every one of its cells.
//! - Colour wrap: two cells of one colour share a house, so that colour is false and the digit
//!   leaves all its cells.
//! - Colour trap: a cell outside the set that sees both colours cannot hold the digit.
//!
//! An odd cycle of conjugate pairs would be a contradiction; such a set is skipped (it can only
//! come from a puzzle without solution or from wrong pencil marks).

use super::candidates::Candidates;
use super::{explain, Step, Technique};

const NONE: u32 = u32::MAX;

/// The first colour wrap or trap on any digit.
pub(crate) fn simple_colouring(grid: &Candidates) -> Option<Step> {
    let layout = grid.layout();
    let cells = layout.cells();
    let mut colour = vec![NONE; cells];
    let mut members: Vec<usize> = Vec::with_capacity(cells);
    for d in 1..=grid.n() as u8 {
        colour.iter_mut().for_each(|c| *c = NONE);
        let mut component = 0u32;
        for start in 0..cells {
            if !grid.has(start, d) || colour[start] != NONE {
                continue;
            }
            members.clear();
            members.push(start);
            colour[start] = component * 2;
            let mut odd_cycle = false;
            let mut next = 0;
            while next < members.len() {
                let cell = members[next];
                next += 1;
                for &h in layout.cell_houses(cell) {
                    let positions = grid.positions(h as usize, d);
                    if positions.count_ones() != 2 {
                        continue;
                    }
                    let a = grid.house_cell(h as usize, positions.trailing_zeros() as usize);
                    let other = if a == cell {
                        grid.house_cell(h as usize, 31 - positions.leading_zeros() as usize)
                    } else {
                        a
                    };
                    if colour[other] == NONE {
                        colour[other] = colour[cell] ^ 1;
                        members.push(other);
                    } else if colour[other] == colour[cell] {
                        odd_cycle = true;
                    }
                }
            }
            let this = component;
            component += 1;
            if odd_cycle || members.len() < 3 {
                continue;
            }
            if let Some(step) =
                wrap(grid, d, &members, &colour).or_else(|| trap(grid, d, this, &members, &colour))
            {
                return Some(step);
            }
        }
    }
    None
}

fn sides(members: &[usize], colour: &[u32]) -> (Vec<usize>, Vec<usize>) {
    let mut a: Vec<usize> = members.iter().copied().filter(|&c| colour[c] & 1 == 0).collect();
    let mut b: Vec<usize> = members.iter().copied().filter(|&c| colour[c] & 1 == 1).collect();
    a.sort_unstable();
    b.sort_unstable();
    (a, b)
}

fn wrap(grid: &Candidates, d: u8, members: &[usize], colour: &[u32]) -> Option<Step> {
    let layout = grid.layout();
    for (i, &p) in members.iter().enumerate() {
        for &q in &members[i + 1..] {
            if colour[p] != colour[q] || !grid.sees(p, q) {
                continue;
            }
            let (a, b) = sides(members, colour);
            let wrong = if colour[p] & 1 == 0 { &a } else { &b };
            let eliminations: Vec<(usize, u8)> = wrong.iter().map(|&c| (c, d)).collect();
            let explanation = explain::text(grid, || {
                format!(
                "Simple colouring on {}: its conjugate pairs split {} from {}, and one of the two sets holds \
                 every {}. {} and {} are in the same set and share a house, so that set is wrong: {}",
                layout.symbol(d),
                explain::cells(layout, &a),
                explain::cells(layout, &b),
                layout.symbol(d),
                layout.cell_name(p.min(q)),
                layout.cell_name(p.max(q)),
                explain::eliminations(layout, &eliminations)
            )
            });
            let mut cells = a.clone();
            cells.extend(&b);
            return Some(Step::eliminating(
                Technique::SimpleColouring,
                eliminations,
                cells,
                Vec::new(),
                explanation,
            ));
        }
    }
    None
}

fn trap(grid: &Candidates, d: u8, component: u32, members: &[usize], colour: &[u32]) -> Option<Step> {
    let layout = grid.layout();
    let mut eliminations = Vec::new();
    for cell in 0..layout.cells() {
        if !grid.has(cell, d) || (colour[cell] != NONE && colour[cell] / 2 == component) {
            continue;
        }
        let mut seen = 0u32;
        for &m in members {
            if grid.sees(cell, m) {
                seen |= 1 << (colour[m] & 1);
                if seen == 3 {
                    eliminations.push((cell, d));
                    break;
                }
            }
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let (a, b) = sides(members, colour);
    let targets: Vec<usize> = eliminations.iter().map(|&(c, _)| c).collect();
    let explanation = explain::text(grid, || {
        format!(
        "Simple colouring on {}: its conjugate pairs split {} from {}, and one of the two sets holds every {}. \
         {} {} both sets, so {}",
        layout.symbol(d),
        explain::cells(layout, &a),
        explain::cells(layout, &b),
        layout.symbol(d),
        explain::cells(layout, &targets),
        if targets.len() == 1 { "sees" } else { "each see" },
        explain::eliminations(layout, &eliminations)
    )
    });
    let mut cells = a;
    cells.extend(&b);
    Some(Step::eliminating(Technique::SimpleColouring, eliminations, cells, Vec::new(), explanation))
}
