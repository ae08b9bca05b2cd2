//! Writing the line and the grid. JSON is written by `serde` (in `json`).

use super::classic_boxes;
use crate::sudoku::{Regions, Sudoku};

/// The line form: cells, then the region line, the box shape or `X` when the layout needs them.
pub(super) fn line(sudoku: &Sudoku) -> String {
    let layout = sudoku.layout();
    let size = layout.size();
    let mut line: String = sudoku.cells().iter().map(|&d| layout.symbol(d)).collect();
    match layout.regions() {
        Regions::Boxes { rows, cols } if classic_boxes(size) != Some((*rows, *cols)) => {
            line += &format!(" {rows}x{cols}");
        }
        Regions::Boxes { .. } => {}
        Regions::Jigsaw(regions) => {
            line.push(' ');
            line.extend(regions.iter().map(|&r| (b'A' + r) as char));
        }
    }
    if layout.has_diagonals() {
        line.push_str(" X");
    }
    line
}

/// The grid form, with box (or region) borders.
pub(super) fn grid(sudoku: &Sudoku) -> String {
    let layout = sudoku.layout();
    let n = layout.size();
    let symbol = |r: usize, c: usize| layout.symbol(sudoku.get(r * n + c));
    let mut out = String::new();
    match *layout.regions() {
        Regions::Boxes { rows, cols } => {
            let mut separator = String::new();
            for r in 0..n {
                let mut line = String::new();
                for c in 0..n {
                    if c > 0 {
                        line += if c % cols == 0 { " | " } else { " " };
                    }
                    line.push(symbol(r, c));
                }
                if r > 0 && r % rows == 0 {
                    if separator.is_empty() {
                        separator = line.chars().map(|c| if c == '|' { '+' } else { '-' }).collect();
                    }
                    out += &separator;
                    out.push('\n');
                }
                out += &line;
                out.push('\n');
            }
        }
        Regions::Jigsaw(_) => {
            let region = |r: usize, c: usize| layout.region_of(r * n + c);
            for r in 0..n {
                for c in 0..n {
                    if c > 0 {
                        out.push(if region(r, c - 1) != region(r, c) { '|' } else { ' ' });
                    }
                    out.push(symbol(r, c));
                }
                out.push('\n');
                if r + 1 == n || (0..n).all(|c| region(r, c) == region(r + 1, c)) {
                    continue;
                }
                let mut line = String::new();
                for c in 0..n {
                    if c > 0 {
                        let vertical =
                            region(r, c - 1) != region(r, c) || region(r + 1, c - 1) != region(r + 1, c);
                        let left = region(r, c - 1) != region(r + 1, c - 1);
                        let right = region(r, c) != region(r + 1, c);
                        line.push(match (vertical, left || right, left && right) {
                            (true, true, _) => '+',
                            (true, false, _) => '|',
                            (false, _, true) => '-',
                            _ => ' ',
                        });
                    }
                    line.push(if region(r, c) != region(r + 1, c) { '-' } else { ' ' });
                }
                out += line.trim_end();
                out.push('\n');
            }
        }
    }
    out
}
