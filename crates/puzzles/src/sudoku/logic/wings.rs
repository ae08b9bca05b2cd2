//! Wings: XY-wing, XYZ-wing and W-wing.
//!
//! - XY-wing: a pivot `{x,y}` sees pincers `{x,z}` and `{y,z}`. Whatever the pivot is, one
//!   pincer is `z`, so `z` leaves every cell seeing both pincers.
//! - XYZ-wing: a pivot `{x,y,z}` sees pincers `{x,z}` and `{y,z}`: one of the three is `z`, so
//!   `z` leaves every cell seeing all three.
//! - W-wing: two cells `{x,y}` that do not see each other, and a house where `x` has exactly
//!   two places, one seeing each cell. Both cells cannot be `x` (that would leave the house
//!   without `x`), so one of them is `y`, and `y` leaves every cell seeing both.

use super::candidates::{bit, Candidates};
use super::{explain, Step, Technique};
use crate::common::bits::digits_of;

/// Cells seeing all of `anchors` that still have `d`, as eliminations.
fn seeing_all(grid: &Candidates, anchors: &[usize], d: u8) -> Vec<(usize, u8)> {
    grid.layout()
        .peers(anchors[0])
        .iter()
        .map(|&p| p as usize)
        .filter(|&p| grid.has(p, d) && anchors[1..].iter().all(|&a| grid.sees(p, a)))
        .map(|p| (p, d))
        .collect()
}

fn named(grid: &Candidates, cell: usize) -> String {
    format!("{} {}", grid.layout().cell_name(cell), explain::set(grid.layout(), grid.candidates(cell)))
}

/// XY-wing.
pub(crate) fn xy_wing(grid: &Candidates) -> Option<Step> {
    let layout = grid.layout();
    for pivot in 0..layout.cells() {
        let pm = grid.candidates(pivot);
        if pm.count_ones() != 2 {
            continue;
        }
        for &a in layout.peers(pivot) {
            let a = a as usize;
            let am = grid.candidates(a);
            if am.count_ones() != 2 || (am & pm).count_ones() != 1 {
                continue;
            }
            let z = am & !pm;
            let bm = (pm & !am) | z;
            for &b in layout.peers(pivot) {
                let b = b as usize;
                if b == a || grid.candidates(b) != bm {
                    continue;
                }
                let zd = z.trailing_zeros() as u8 + 1;
                let eliminations = seeing_all(grid, &[a, b], zd);
                if eliminations.is_empty() {
                    continue;
                }
                let explanation = explain::text(grid, || {
                    format!(
                    "XY-wing: pivot {} with pincers {} and {}: whatever the pivot is, one pincer is {}, so {}",
                    named(grid, pivot),
                    named(grid, a),
                    named(grid, b),
                    layout.symbol(zd),
                    explain::eliminations(layout, &eliminations)
                )
                });
                return Some(Step::eliminating(
                    Technique::XYWing,
                    eliminations,
                    vec![pivot, a, b],
                    Vec::new(),
                    explanation,
                ));
            }
        }
    }
    None
}

/// XYZ-wing.
pub(crate) fn xyz_wing(grid: &Candidates) -> Option<Step> {
    let layout = grid.layout();
    for pivot in 0..layout.cells() {
        let pm = grid.candidates(pivot);
        if pm.count_ones() != 3 {
            continue;
        }
        for &a in layout.peers(pivot) {
            let a = a as usize;
            let am = grid.candidates(a);
            if am.count_ones() != 2 || am & !pm != 0 {
                continue;
            }
            for &b in layout.peers(pivot) {
                let b = b as usize;
                let bm = grid.candidates(b);
                if b <= a || bm.count_ones() != 2 || bm & !pm != 0 || am | bm != pm {
                    continue;
                }
                let z = (am & bm).trailing_zeros() as u8 + 1;
                let eliminations = seeing_all(grid, &[pivot, a, b], z);
                if eliminations.is_empty() {
                    continue;
                }
                let explanation = explain::text(grid, || {
                    format!(
                        "XYZ-wing: pivot {} with pincers {} and {}: one of the three is {}, so {}",
                        named(grid, pivot),
                        named(grid, a),
                        named(grid, b),
                        layout.symbol(z),
                        explain::eliminations(layout, &eliminations)
                    )
                });
                return Some(Step::eliminating(
                    Technique::XYZWing,
                    eliminations,
                    vec![pivot, a, b],
                    Vec::new(),
                    explanation,
                ));
            }
        }
    }
    None
}

/// W-wing.
pub(crate) fn w_wing(grid: &Candidates) -> Option<Step> {
    let layout = grid.layout();
    let cells = layout.cells();
    for c1 in 0..cells {
        let m = grid.candidates(c1);
        if m.count_ones() != 2 {
            continue;
        }
        for c2 in c1 + 1..cells {
            if grid.candidates(c2) != m || grid.sees(c1, c2) {
                continue;
            }
            for x in digits_of(m) {
                let y = (m & !bit(x)).trailing_zeros() as u8 + 1;
                let eliminations = seeing_all(grid, &[c1, c2], y);
                if eliminations.is_empty() {
                    continue;
                }
                for h in grid.house_order() {
                    let positions = grid.positions(h, x);
                    if positions.count_ones() != 2 {
                        continue;
                    }
                    let p = grid.house_cell(h, positions.trailing_zeros() as usize);
                    let q = grid.house_cell(h, 31 - positions.leading_zeros() as usize);
                    if [p, q].iter().any(|&e| e == c1 || e == c2) {
                        continue;
                    }
                    let (p, q) = if grid.sees(p, c1) && grid.sees(q, c2) {
                        (p, q)
                    } else if grid.sees(q, c1) && grid.sees(p, c2) {
                        (q, p)
                    } else {
                        continue;
                    };
                    let (xs, ys) = (layout.symbol(x), layout.symbol(y));
                    let explanation = explain::text(grid, || {
                        format!(
                        "W-wing: {} and {} can only be {ys} or {xs}, and {} must have its {xs} in {} or {}, which see \
                         one each: they cannot both be {xs}, so one is {ys}, and {}",
                        layout.cell_name(c1),
                        layout.cell_name(c2),
                        explain::house(layout, h),
                        layout.cell_name(p),
                        layout.cell_name(q),
                        explain::eliminations(layout, &eliminations)
                    )
                    });
                    return Some(Step::eliminating(
                        Technique::WWing,
                        eliminations,
                        vec![c1, c2, p, q],
                        vec![h],
                        explanation,
                    ));
                }
            }
        }
    }
    None
}
