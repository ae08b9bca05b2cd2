//! The marks the families' grids add to cells and lines: Killer cages as dashed outlines inside
//! their cells, and Star Battle's stars.

use crate::grid::Grid;
use crate::layout::Frame;

/// A five-pointed star of outer radius `r` centred on `(cx, cy)`, point up.
pub(crate) fn star(cx: f32, cy: f32, r: f32) -> Vec<[f32; 2]> {
    (0..10)
        .map(|i| {
            let radius = if i % 2 == 0 { r } else { r * 0.4 };
            let angle = std::f32::consts::PI * (i as f32 / 5.0 - 0.5);
            [cx + radius * angle.cos(), cy + radius * angle.sin()]
        })
        .collect()
}

/// The dashed outlines of the cages: each cage's border drawn a little inside its cells (an
/// inset of 12% of a cell), as dashes of 10% of a cell. Where the cage goes on past a side, the
/// line runs to the cell's edge (or past it around an inner corner) so that the outline closes.
pub(crate) fn cage_dashes(grid: &Grid, at: &Frame) -> Vec<[f32; 4]> {
    let (cell, inset) = (at.cell, at.cell * 0.12);
    let mut lines = Vec::new();
    for r in 0..grid.rows() as isize {
        for c in 0..grid.cols() as isize {
            let here = grid.cage(r, c);
            let same = |dr: isize, dc: isize| grid.cage(r + dr, c + dc) == here;
            // The start or end of a side, along it: inset where the cage stops, the cell's edge
            // where it goes on, one inset past the edge around an inner corner.
            let end = |along: bool, diagonal: bool| match (along, diagonal) {
                (false, _) => inset,
                (true, false) => 0.0,
                (true, true) => -inset,
            };
            let (x0, y0) = (at.x + c as f32 * cell, at.y + r as f32 * cell);
            let (x1, y1) = (x0 + cell, y0 + cell);
            if !same(-1, 0) {
                let y = y0 + inset;
                lines.push([x0 + end(same(0, -1), same(-1, -1)), y, x1 - end(same(0, 1), same(-1, 1)), y]);
            }
            if !same(1, 0) {
                let y = y1 - inset;
                lines.push([x0 + end(same(0, -1), same(1, -1)), y, x1 - end(same(0, 1), same(1, 1)), y]);
            }
            if !same(0, -1) {
                let x = x0 + inset;
                lines.push([x, y0 + end(same(-1, 0), same(-1, -1)), x, y1 - end(same(1, 0), same(1, -1))]);
            }
            if !same(0, 1) {
                let x = x1 - inset;
                lines.push([x, y0 + end(same(-1, 0), same(-1, 1)), x, y1 - end(same(1, 0), same(1, 1))]);
            }
        }
    }
    let dash = cell * 0.1;
    lines.into_iter().flat_map(|line| dashes(line, dash)).collect()
}

/// A straight line cut into dashes of `dash` with gaps as long.
fn dashes([x1, y1, x2, y2]: [f32; 4], dash: f32) -> Vec<[f32; 4]> {
    let length = ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt();
    let pieces = ((length / (2.0 * dash)).floor() as usize).max(1);
    let step = length / pieces as f32;
    let (ux, uy) = ((x2 - x1) / length.max(1e-6), (y2 - y1) / length.max(1e-6));
    (0..pieces)
        .map(|i| {
            let from = i as f32 * step + (step - dash).max(0.0) / 2.0;
            let to = from + dash.min(step);
            [x1 + ux * from, y1 + uy * from, x1 + ux * to, y1 + uy * to]
        })
        .collect()
}
