//! The symmetry of a generated puzzle's clue pattern: [`Symmetry`], and the orbits of cells it
//! groups, which the generator removes an orbit at a time.

use crate::sudoku::Sudoku;

/// The symmetry of the clue pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Symmetry {
    /// Clues anywhere.
    #[default]
    None,
    /// Unchanged by a half turn.
    Rot180,
    /// Unchanged by a quarter turn.
    Rot90,
    /// Unchanged by the left–right mirror.
    Mirror,
    /// Unchanged by reflection in the main diagonal.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry.
    pub const ALL: [Symmetry; 5] =
        [Symmetry::None, Symmetry::Rot180, Symmetry::Rot90, Symmetry::Mirror, Symmetry::Diagonal];

    /// The name used on the command line: none, rot180, rot90, mirror, diagonal.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The image of cell `(r, c)` of a `size × size` grid under one application.
    fn image(self, size: usize, cell: usize) -> usize {
        let (r, c) = (cell / size, cell % size);
        let (r, c) = match self {
            Symmetry::None => (r, c),
            Symmetry::Rot180 => (size - 1 - r, size - 1 - c),
            Symmetry::Rot90 => (c, size - 1 - r),
            Symmetry::Mirror => (r, size - 1 - c),
            Symmetry::Diagonal => (c, r),
        };
        r * size + c
    }

    /// The cells grouped into orbits: clues are removed an orbit at a time.
    pub fn orbits(self, size: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; size * size];
        let mut orbits = Vec::new();
        for start in 0..size * size {
            if seen[start] {
                continue;
            }
            let mut orbit = vec![start];
            seen[start] = true;
            let mut cell = self.image(size, start);
            while !seen[cell] {
                seen[cell] = true;
                orbit.push(cell);
                cell = self.image(size, cell);
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the clue pattern of `puzzle` has this symmetry.
    pub fn holds_for(self, puzzle: &Sudoku) -> bool {
        let size = puzzle.layout().size();
        (0..size * size).all(|cell| (puzzle.get(cell) == 0) == (puzzle.get(self.image(size, cell)) == 0))
    }
}

impl std::str::FromStr for Symmetry {
    type Err = crate::Error;

    fn from_str(text: &str) -> Result<Self, crate::Error> {
        crate::common::from_name(
            "symmetry",
            text,
            &Symmetry::ALL,
            Symmetry::name,
            "none, rot180, rot90, mirror, diagonal",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_cover_every_cell_once() {
        for symmetry in Symmetry::ALL {
            for size in [4, 6, 9, 16] {
                let mut cells: Vec<usize> = symmetry.orbits(size).concat();
                cells.sort_unstable();
                assert_eq!(cells, (0..size * size).collect::<Vec<_>>(), "{symmetry:?} {size}");
            }
        }
        assert_eq!(Symmetry::Rot90.orbits(9).iter().filter(|o| o.len() == 4).count(), 20);
        assert_eq!(Symmetry::Rot180.orbits(9).len(), 41);
    }

    #[test]
    fn symmetry_names_round_trip() {
        for symmetry in Symmetry::ALL {
            assert_eq!(symmetry.name().parse::<Symmetry>(), Ok(symmetry));
        }
        assert!("sideways".parse::<Symmetry>().is_err());
    }
}
