//! The shape of a Sudoku: its size, its regions (boxes or jigsaw pieces), whether the diagonals
//! count, and the houses (rows, columns, regions, diagonals) every rule is stated over.
//!
//! A grid of size `n` has `n × n` cells numbered row by row from 0, and digits `1..=n`. Classic
//! boxes are `r × c` cells with `r · c = n` (4x4 has 2x2 boxes, 6x6 2x3, 8x8 2x4, 9x9 3x3, 12x12
//! 3x4, 16x16 4x4, 25x25 5x5). Sizes run from 4 to 25, so a cell's candidates fit in a `u32`.

use std::fmt;

use crate::Error;

/// The smallest and largest supported sizes (digits per house).
pub const MIN_SIZE: usize = 4;
/// See [`MIN_SIZE`].
pub const MAX_SIZE: usize = 25;

/// How the regions of a grid are drawn.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Regions {
    /// Boxes of `rows × cols` cells.
    Boxes {
        /// Rows per box.
        rows: usize,
        /// Columns per box.
        cols: usize,
    },
    /// Irregular regions: the region (0-based) of every cell, row by row.
    Jigsaw(Vec<u8>),
}

/// The rules of a grid: size, regions and variant. Shared by every puzzle of that shape.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Layout {
    size: usize,
    regions: Regions,
    diagonals: bool,
    /// Region of each cell.
    region_of: Vec<u8>,
    /// Every house's cells: rows `0..n`, columns `n..2n`, regions `2n..3n`, then the two
    /// diagonals for the X variant.
    houses: Vec<Vec<u16>>,
    /// The houses each cell belongs to.
    cell_houses: Vec<Vec<u16>>,
    /// The other cells that share a house with each cell, sorted.
    peers: Vec<Vec<u16>>,
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layout({})", self.name())
    }
}

impl Layout {
    /// Classic boxes of `box_rows × box_cols` cells.
    pub fn boxes(box_rows: usize, box_cols: usize) -> Result<Self, Error> {
        let size = box_rows * box_cols;
        if box_rows == 0 || box_cols == 0 || !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(Error::shape(format!(
                "boxes of {box_rows}x{box_cols} make a {size}x{size} grid; sizes run from {MIN_SIZE} to {MAX_SIZE}"
            )));
        }
        let region_of = (0..size * size)
            .map(|cell| ((cell / size) / box_rows * (size / box_cols) + (cell % size) / box_cols) as u8)
            .collect();
        Ok(Self::build(size, Regions::Boxes { rows: box_rows, cols: box_cols }, region_of, false))
    }

    /// The classic shape of a size: the squarest boxes with more columns than rows (9: 3x3,
    /// 6: 2x3, 8: 2x4, 12: 3x4).
    pub fn classic(size: usize) -> Result<Self, Error> {
        let rows = (1..=size).filter(|r| size % r == 0 && r * r <= size).max().unwrap_or(1);
        if rows == 1 {
            return Err(Error::shape(format!(
                "a {size}x{size} grid has no boxes (its size is prime or out of range {MIN_SIZE}..={MAX_SIZE})"
            )));
        }
        Self::boxes(rows, size / rows)
    }

    /// Irregular regions, given as the region of every cell (row by row). Each region must hold
    /// `n` cells.
    pub fn jigsaw(size: usize, regions: Vec<u8>) -> Result<Self, Error> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(Error::shape(format!("sizes run from {MIN_SIZE} to {MAX_SIZE}, not {size}")));
        }
        if regions.len() != size * size {
            return Err(Error::shape(format!(
                "a {size}x{size} jigsaw needs {} region marks, not {}",
                size * size,
                regions.len()
            )));
        }
        let mut counts = vec![0usize; size];
        for (cell, &region) in regions.iter().enumerate() {
            match counts.get_mut(region as usize) {
                Some(count) => *count += 1,
                None => {
                    return Err(Error::shape(format!(
                        "cell r{}c{} is in region {}, but there are only {size} regions",
                        cell / size + 1,
                        cell % size + 1,
                        region + 1
                    )))
                }
            }
        }
        if let Some(region) = counts.iter().position(|&c| c != size) {
            return Err(Error::shape(format!(
                "region {} has {} cells; every region needs {size}",
                region + 1,
                counts[region]
            )));
        }
        Ok(Self::build(size, Regions::Jigsaw(regions.clone()), regions, false))
    }

    /// The same shape with both main diagonals as extra houses (Sudoku X).
    pub fn with_diagonals(self) -> Self {
        Self::build(self.size, self.regions, self.region_of, true)
    }

    fn build(size: usize, regions: Regions, region_of: Vec<u8>, diagonals: bool) -> Self {
        let cells = size * size;
        let mut houses: Vec<Vec<u16>> = Vec::with_capacity(3 * size + 2);
        for r in 0..size {
            houses.push((0..size).map(|c| (r * size + c) as u16).collect());
        }
        for c in 0..size {
            houses.push((0..size).map(|r| (r * size + c) as u16).collect());
        }
        for g in 0..size {
            houses.push(
                (0..cells).filter(|&cell| region_of[cell] as usize == g).map(|cell| cell as u16).collect(),
            );
        }
        if diagonals {
            houses.push((0..size).map(|i| (i * size + i) as u16).collect());
            houses.push((0..size).map(|i| (i * size + size - 1 - i) as u16).collect());
        }
        let mut cell_houses = vec![Vec::new(); cells];
        for (h, house) in houses.iter().enumerate() {
            for &cell in house {
                cell_houses[cell as usize].push(h as u16);
            }
        }
        let peers = (0..cells)
            .map(|cell| {
                let mut peers: Vec<u16> = cell_houses[cell]
                    .iter()
                    .flat_map(|&h| houses[h as usize].iter().copied())
                    .filter(|&other| other as usize != cell)
                    .collect();
                peers.sort_unstable();
                peers.dedup();
                peers
            })
            .collect();
        Layout { size, regions, diagonals, region_of, houses, cell_houses, peers }
    }

    /// Digits per house: the grid is `size × size`.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.size * self.size
    }

    /// How the regions are drawn.
    pub fn regions(&self) -> &Regions {
        &self.regions
    }

    /// Whether the two main diagonals are houses too (Sudoku X).
    pub fn has_diagonals(&self) -> bool {
        self.diagonals
    }

    /// Whether this is the classic 9x9 with 3x3 boxes and no extra houses.
    pub fn is_classic_9x9(&self) -> bool {
        self.size == 9 && !self.diagonals && self.regions == Regions::Boxes { rows: 3, cols: 3 }
    }

    /// The region of a cell.
    pub fn region_of(&self, cell: usize) -> usize {
        self.region_of[cell] as usize
    }

    /// All houses: rows, then columns, then regions, then (X) the two diagonals.
    pub fn houses(&self) -> &[Vec<u16>] {
        &self.houses
    }

    /// The houses a cell belongs to.
    pub fn cell_houses(&self, cell: usize) -> &[u16] {
        &self.cell_houses[cell]
    }

    /// The cells sharing a house with `cell`.
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell]
    }

    /// What kind of house `house` is, and its 1-based number: ("row", 4), ("box", 2), ...
    pub fn house_name(&self, house: usize) -> (&'static str, usize) {
        let n = self.size;
        match house / n {
            0 => ("row", house + 1),
            1 => ("column", house - n + 1),
            2 if matches!(self.regions, Regions::Jigsaw(_)) => ("region", house - 2 * n + 1),
            2 => ("box", house - 2 * n + 1),
            _ if house == 3 * n => ("main diagonal", 1),
            _ => ("anti-diagonal", 1),
        }
    }

    /// A short name of the shape: "9x9", "6x6 (2x3 boxes)", "9x9 X", "9x9 jigsaw".
    pub fn name(&self) -> String {
        let n = self.size;
        let mut name = match &self.regions {
            Regions::Boxes { rows, cols } if rows * rows == n => format!("{n}x{n}"),
            Regions::Boxes { rows, cols } => format!("{n}x{n} ({rows}x{cols} boxes)"),
            Regions::Jigsaw(_) => format!("{n}x{n} jigsaw"),
        };
        if self.diagonals {
            name.push_str(" X");
        }
        name
    }

    /// The digit's symbol: `1`–`9`, then `A`, `B`, ... for 10 and up.
    pub fn symbol(&self, digit: u8) -> char {
        match digit {
            0 => '.',
            1..=9 => (b'0' + digit) as char,
            _ => (b'A' + digit - 10) as char,
        }
    }

    /// The cell's name, `r4c7` (1-based).
    pub fn cell_name(&self, cell: usize) -> String {
        format!("r{}c{}", cell / self.size + 1, cell % self.size + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_shapes() {
        for (n, rows, cols) in
            [(4, 2, 2), (6, 2, 3), (8, 2, 4), (9, 3, 3), (12, 3, 4), (16, 4, 4), (25, 5, 5)]
        {
            let layout = Layout::classic(n).unwrap();
            assert_eq!(layout.regions(), &Regions::Boxes { rows, cols });
            assert_eq!(layout.houses().len(), 3 * n);
            assert!(layout.houses().iter().all(|h| h.len() == n));
            // Every cell has (n-1) row + (n-1) column peers and the box's others not in its line.
            let expected = 2 * (n - 1) + (rows - 1) * (cols - 1);
            assert!((0..n * n).all(|cell| layout.peers(cell).len() == expected));
        }
        assert!(Layout::classic(7).is_err());
        assert!(Layout::classic(3).is_err());
        assert!(Layout::boxes(6, 5).is_err());
    }

    #[test]
    fn diagonals_and_names() {
        let x = Layout::classic(9).unwrap().with_diagonals();
        assert_eq!(x.houses().len(), 29);
        assert_eq!(x.peers(0).len(), 20 + 8 - 2);
        assert_eq!(x.name(), "9x9 X");
        assert_eq!(x.house_name(27), ("main diagonal", 1));
        assert_eq!(Layout::classic(6).unwrap().name(), "6x6 (2x3 boxes)");
        assert_eq!(x.cell_name(30), "r4c4");
        assert_eq!(Layout::classic(16).unwrap().symbol(16), 'G');
    }

    #[test]
    fn jigsaw_regions_are_checked() {
        let rows: Vec<u8> = (0..16).map(|cell| (cell / 4) as u8).collect();
        let layout = Layout::jigsaw(4, rows).unwrap();
        assert_eq!(layout.region_of(5), 1);
        assert!(Layout::jigsaw(4, vec![0; 16]).is_err());
        assert!(Layout::jigsaw(4, vec![9; 16]).is_err());
        assert!(Layout::jigsaw(4, vec![0; 15]).is_err());
    }
}
