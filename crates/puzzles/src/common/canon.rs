//! [`grid_key`]: one key for a solved grid and all its disguised copies, so that a front end that
//! gives out an answer can tell which puzzles it has answered, whatever copy it was shown.
//!
//! A script that wants an answer without being seen to ask can rotate, reflect or transpose the
//! puzzle, or relabel its symbols, before asking; the answer it gets back, moved back, answers the
//! original. A key of the answer taken over those moves is the same for every copy: the least,
//! over the grid's eight rotations and reflections (four of which swap width and height), of the
//! grid written out after relabelling ([`Relabel`]). Sudoku's full group (band, stack, row and
//! column moves) is larger: `sudoku::answer_key` uses its exact canonical form where it has one
//! and this key elsewhere.
//!
//! The key is meant to be broad: two different puzzles whose answers are the same grid up to
//! these moves share a key, and knowing one answer is then most of the way to the other.

/// How symbols may be renamed between copies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relabel {
    /// Not at all (Star Battle's stars and blanks).
    None,
    /// Any permutation: symbols are renamed 1, 2, ... in order of first appearance (Sudoku's
    /// digits; for Killer and KenKen broader than their own symmetry, which their sums and
    /// products break, but never narrower).
    Permute,
    /// Numbers `1..=n` may be read backwards, `k` as `n + 1 - k` (a Hidato path walked from its
    /// end); 0 stays 0.
    Reverse,
}

/// The key of the grid `values` (row by row, `width` x `height`) under rotations, reflections
/// and `relabel`: the same for every copy so moved, `WxH:` and the symbols.
///
/// ```
/// use tessera::common::canon::{grid_key, Relabel};
/// let grid = [1, 2, 3, 4, 5, 6];
/// let transposed = [1, 4, 2, 5, 3, 6];
/// assert_eq!(grid_key(&grid, 3, 2, Relabel::None), grid_key(&transposed, 2, 3, Relabel::None));
/// let reversed = [6, 5, 4, 3, 2, 1];
/// assert_eq!(grid_key(&grid, 3, 2, Relabel::Reverse), grid_key(&reversed, 3, 2, Relabel::Reverse));
/// let relabelled = [2, 1, 3, 4, 5, 6];
/// assert_ne!(grid_key(&grid, 3, 2, Relabel::None), grid_key(&relabelled, 3, 2, Relabel::None));
/// assert_eq!(grid_key(&grid, 3, 2, Relabel::Permute), grid_key(&relabelled, 3, 2, Relabel::Permute));
/// ```
pub fn grid_key(values: &[u32], width: usize, height: usize, relabel: Relabel) -> String {
    assert_eq!(values.len(), width * height, "a grid of {width}x{height}");
    let largest = values.iter().copied().max().unwrap_or(0);
    let mut best: Option<(usize, usize, Vec<u32>)> = None;
    for transform in 0..8 {
        let (w, h) = if transform & 4 == 0 { (width, height) } else { (height, width) };
        // Output cell (r, c) of the moved grid reads input cell `at(r, c)`.
        let at = |r: usize, c: usize| {
            let (r, c) = if transform & 4 == 0 { (r, c) } else { (c, r) };
            let r = if transform & 1 == 0 { r } else { height - 1 - r };
            let c = if transform & 2 == 0 { c } else { width - 1 - c };
            values[r * width + c]
        };
        let moved: Vec<u32> =
            (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).map(|(r, c)| at(r, c)).collect();
        let variants = match relabel {
            Relabel::None => vec![moved],
            Relabel::Permute => vec![permuted(&moved)],
            Relabel::Reverse => {
                let back = moved.iter().map(|&v| if v == 0 { 0 } else { largest + 1 - v }).collect();
                vec![moved, back]
            }
        };
        for grid in variants {
            let candidate = (w, h, grid);
            if best.as_ref().is_none_or(|b| candidate < *b) {
                best = Some(candidate);
            }
        }
    }
    let (w, h, grid) = best.unwrap_or((width, height, Vec::new()));
    let cells: Vec<String> = grid.iter().map(u32::to_string).collect();
    format!("{w}x{h}:{}", cells.join(","))
}

/// The symbols renamed 1, 2, ... in order of first appearance (0 stays 0).
fn permuted(values: &[u32]) -> Vec<u32> {
    let mut names = std::collections::HashMap::new();
    values
        .iter()
        .map(|&v| {
            if v == 0 {
                return 0;
            }
            let next = names.len() as u32 + 1;
            *names.entry(v).or_insert(next)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every one of the eight moves of a 3x4 grid, relabelled, has one key; a grid whose values
    /// repeat otherwise has another.
    #[test]
    fn every_move_of_a_grid_has_its_key() {
        let (width, height) = (4, 3);
        let grid: Vec<u32> = vec![1, 2, 1, 3, 2, 2, 3, 1, 3, 1, 1, 2];
        let key = grid_key(&grid, width, height, Relabel::Permute);
        for transform in 0..8 {
            let (w, h) = if transform & 4 == 0 { (width, height) } else { (height, width) };
            let moved: Vec<u32> = (0..h)
                .flat_map(|r| (0..w).map(move |c| (r, c)))
                .map(|(r, c)| {
                    let (r, c) = if transform & 4 == 0 { (r, c) } else { (c, r) };
                    let r = if transform & 1 == 0 { r } else { height - 1 - r };
                    let c = if transform & 2 == 0 { c } else { width - 1 - c };
                    [0, 9, 4, 7][grid[r * width + c] as usize]
                })
                .collect();
            assert_eq!(grid_key(&moved, w, h, Relabel::Permute), key, "move {transform}");
        }
        // Five 1s, four 2s and three 3s; with a 1 made a 3, four of each: no move or relabelling
        // makes one the other.
        let mut other = grid.clone();
        other[0] = 3;
        assert_ne!(grid_key(&other, width, height, Relabel::Permute), key);
    }
}
