//! Wings: XY-wing, XYZ-wing and W-wing; and for the SE pass, bent wings of four to six cells.
//!
//! - XY-wing: a pivot `{x,y}` sees pincers `{x,z}` and `{y,z}`. Whatever the pivot is, one
//!   pincer is `z`, so `z` leaves every cell seeing both pincers.
//! - XYZ-wing: a pivot `{x,y,z}` sees pincers `{x,z}` and `{y,z}`: one of the three is `z`, so
//!   `z` leaves every cell seeing all three.
//! - W-wing: two cells `{x,y}` that do not see each other, and a house where `x` has exactly
//!   two places, one seeing each cell. Both cells cannot be `x` (that would leave the house
//!   without `x`), so one of them is `y`, and `y` leaves every cell seeing both.
//! - Bent wings (WXYZ, VWXYZ, UVWXYZ: [`bent_wing`]): the XYZ-wing's argument over `k` cells.
//!   They are SE's (rated 5.5 to 6.6 by size and pivot), not a level pass technique, so their
//!   steps carry no explanation.

use super::candidates::{bit, Candidates};
use super::{explain, subsets, Step, Technique};
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

/// The step of an XY- or XYZ-wing whose `cells` are the pivot and its two pincers: `z` leaves
/// every cell that sees all of `anchors`, `why` being the reason; `None` if no cell does.
fn pivot_wing(
    grid: &Candidates,
    technique: Technique,
    cells: [usize; 3],
    anchors: &[usize],
    z: u8,
    why: &str,
) -> Option<Step> {
    let layout = grid.layout();
    let eliminations = seeing_all(grid, anchors, z);
    if eliminations.is_empty() {
        return None;
    }
    let [pivot, a, b] = cells;
    let explanation = explain::text(grid, || {
        format!(
            "{}: pivot {} with pincers {} and {}: {why} {}, so {}",
            technique.name(),
            named(grid, pivot),
            named(grid, a),
            named(grid, b),
            layout.symbol(z),
            explain::eliminations(layout, &eliminations)
        )
    });
    Some(Step::eliminating(technique, eliminations, cells.to_vec(), Vec::new(), explanation))
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
                let why = "whatever the pivot is, one pincer is";
                if let Some(step) = pivot_wing(grid, Technique::XYWing, [pivot, a, b], &[a, b], zd, why) {
                    return Some(step);
                }
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
                let why = "one of the three is";
                if let Some(step) =
                    pivot_wing(grid, Technique::XYZWing, [pivot, a, b], &[pivot, a, b], z, why)
                {
                    return Some(step);
                }
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

/// A wing of `k` cells (WXYZ-wing for 4, VWXYZ for 5, UVWXYZ for 6): a pivot and `k - 1` of
/// its peers holding `k` digits between them, every digit but one (`z`) restricted (its places
/// among the cells all see each other, so it fills at most one of them). The `k` cells need `k`
/// digits and the restricted ones give at most `k - 1`, so `z` is in one of them: any cell that
/// sees every `z` of the wing loses `z`. When every digit is restricted (doubly linked), each
/// digit fills exactly one of the cells, and any cell that sees all of a digit's places loses
/// it. Returns the step and the pivot's number of candidates
/// (SE rates wings whose pivot has a middling number of candidates a little higher).
pub(crate) fn bent_wing(grid: &Candidates, k: usize) -> Option<(Step, f32)> {
    let layout = grid.layout();
    let cells = layout.cells();
    let fits = |c: usize| grid.digit(c) == 0 && (2..=k as u32).contains(&grid.candidates(c).count_ones());
    for pivot in (0..cells).filter(|&c| fits(c)) {
        let peers: Vec<(usize, u32)> = layout
            .peers(pivot)
            .iter()
            .map(|&p| p as usize)
            .filter(|&p| fits(p))
            .map(|p| (p, grid.candidates(p)))
            .collect();
        // The pivot and `k - 1` of its peers, holding `k` digits between them.
        let found = subsets::choose_within(&peers, k - 1, k, grid.candidates(pivot), &mut |chosen, union| {
            if union.count_ones() as usize != k {
                return None;
            }
            let mut pick = [pivot; 6];
            for (slot, &i) in pick[1..].iter_mut().zip(chosen) {
                *slot = peers[i].0;
            }
            wing_step(grid, &pick[..k], union)
        });
        if let Some(step) = found {
            return Some((step, grid.candidates(pivot).count_ones() as f32));
        }
    }
    None
}

fn wing_step(grid: &Candidates, pick: &[usize], union: u32) -> Option<Step> {
    let mut loose = None;
    let mut all = Vec::new();
    for z in digits_of(union) {
        let places: Vec<usize> = pick.iter().copied().filter(|&c| grid.has(c, z)).collect();
        let restricted =
            places.iter().enumerate().all(|(i, &a)| places[i + 1..].iter().all(|&b| grid.sees(a, b)));
        if !restricted {
            if loose.is_some() {
                return None;
            }
            loose = Some(z);
        }
        all.push((z, places));
    }
    // One loose digit: it is in the wing. None (doubly linked): every digit fills exactly one
    // of the cells, so each is in the wing.
    let eliminations: Vec<(usize, u8)> = all
        .iter()
        .filter(|(z, _)| loose.is_none_or(|l| l == *z))
        .flat_map(|(z, places)| {
            (0..grid.layout().cells())
                .filter(move |&c| grid.digit(c) == 0 && grid.has(c, *z) && !pick.contains(&c))
                .filter(move |&c| places.iter().all(|&p| grid.sees(c, p)))
                .map(move |c| (c, *z))
        })
        .collect();
    (!eliminations.is_empty()).then(|| Step::bare_eliminating(eliminations))
}
