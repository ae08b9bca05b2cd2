//! Cells of a rectangular grid, numbered row by row from 0: their orthogonal neighbours and
//! whether a set of them is one area. Every generator that grows regions or cages, and every
//! connectivity rule, walks the grid the same way; one helper keeps the order (up, down, left,
//! right) the same everywhere, which the seeds' reproducibility depends on.

/// The orthogonal neighbours of `cell` in a grid `width` cells wide and `height` tall: up,
/// down, left, right, those inside the grid.
pub(crate) fn orthogonal(width: usize, height: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / width, cell % width);
    [
        (r > 0).then(|| cell - width),
        (r + 1 < height).then(|| cell + width),
        (c > 0).then(|| cell - 1),
        (c + 1 < width).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// Whether the cells marked `true` in `marked` (a `width x height` grid) are one 4-connected
/// area; no cell marked counts as one (empty) area.
pub(crate) fn connected(marked: &[bool], width: usize, height: usize) -> bool {
    let Some(start) = marked.iter().position(|&x| x) else { return true };
    let mut seen = vec![false; marked.len()];
    seen[start] = true;
    let mut stack = vec![start];
    let mut reached = 1;
    while let Some(cell) = stack.pop() {
        for next in orthogonal(width, height, cell) {
            if marked[next] && !seen[next] {
                seen[next] = true;
                reached += 1;
                stack.push(next);
            }
        }
    }
    reached == marked.iter().filter(|&&x| x).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_stay_inside_a_rectangle() {
        // 3 wide, 2 tall: 0 1 2 / 3 4 5.
        assert_eq!(orthogonal(3, 2, 0).collect::<Vec<_>>(), [3, 1]);
        assert_eq!(orthogonal(3, 2, 4).collect::<Vec<_>>(), [1, 3, 5]);
        assert_eq!(orthogonal(3, 2, 5).collect::<Vec<_>>(), [2, 4]);
        assert_eq!(orthogonal(1, 1, 0).count(), 0);
    }

    #[test]
    fn areas_are_told_apart() {
        let (o, x) = (false, true);
        assert!(connected(&[x, x, o, o, x, x], 3, 2));
        assert!(!connected(&[x, o, x, o, o, o], 3, 2));
        // Diagonal cells are not neighbours.
        assert!(!connected(&[x, o, o, x], 2, 2));
        assert!(connected(&[o; 4], 2, 2));
    }
}
