//! Lookup tables for the band bitboards, built at compile time.
//!
//! A band word holds one digit's candidates in three rows of nine cells: bit `9 * row + column`.
//! A *triad* is the three cells where a row meets a box; a band has nine, numbered `3 * row + box`.

/// Bits `c`, `c + 9` and `c + 18`: column `c` across the three rows of a band.
pub(super) const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// All 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// For a row's nine bits, which of its three triads are not empty (three bits).
pub(super) static TRIADS_OF_ROW: [u8; 512] = triads_of_row();

/// For a 9-bit set of non-empty triads, the cells of the union of the ways to put one triad per
/// row and per box inside it (a digit sits in exactly one triad of each row and of each box of a
/// band). Zero when there is no way: the digit cannot be placed in the band. One table for what
/// was two lookups in a row (the triads kept, then their cells): a band update is a chain of
/// dependent loads, and this takes one link out of it.
pub(super) static LOCKED_CELLS: [u32; 512] = locked_cells();

/// For a 9-bit set of triads, the cells of the band in the same row or box as one of them: where
/// a digit given in those triads cannot be too.
pub(super) static TRIAD_PEERS: [u32; 512] = triad_peers();

/// For a band's nine columns (bit set: the digit may be in that column somewhere in the band), the
/// cells of the three bands in the columns a box confines it to (a box whose only column is `c`:
/// the digit of that box is in column `c`, so no other band may have it there).
pub(super) static POINTED: [u32; 512] = pointed();

/// For the columns where a band alone may hold a digit, the columns each box of the band keeps:
/// a box with one such column must put the digit there; a box with two or more has no room
/// (it keeps nothing, which the next band update reports as a contradiction).
pub(super) static CLAIMED: [u16; 512] = claimed();

/// A row's nine bits if exactly one is set, else zero.
pub(super) static ROW_SINGLE: [u16; 512] = row_single();

/// For each cell of a band, the other cells of the band in its row, column or box.
pub(super) static BAND_PEERS: [u32; 27] = band_peers();

const fn triads_of_row() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut row = 0;
    while row < 512 {
        let mut triads = 0;
        let mut t = 0;
        while t < 3 {
            if row >> (3 * t) & 7 != 0 {
                triads |= 1 << t;
            }
            t += 1;
        }
        table[row] = triads;
        row += 1;
    }
    table
}

const fn locked_cells() -> [u32; 512] {
    let locked = locked();
    let cells = triad_cells();
    let mut table = [0u32; 512];
    let mut triads = 0;
    while triads < 512 {
        table[triads] = if locked[triads] == 0 { 0 } else { cells[locked[triads] as usize & 511] };
        triads += 1;
    }
    table
}

const fn locked() -> [u16; 512] {
    // The six permutations of three boxes over three rows.
    const PERMUTATIONS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut table = [0u16; 512];
    let mut set = 0;
    while set < 512 {
        let mut union = 0u16;
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            let triads = (1 << perm[0]) | (1 << (3 + perm[1])) | (1 << (6 + perm[2]));
            if set & triads == triads {
                union |= triads as u16;
            }
            p += 1;
        }
        table[set] = union;
        set += 1;
    }
    table
}

const fn triad_cells() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut set = 0;
    while set < 512 {
        let mut cells = 0u32;
        let mut t = 0;
        while t < 9 {
            if set >> t & 1 != 0 {
                cells |= 7 << (9 * (t / 3) + 3 * (t % 3));
            }
            t += 1;
        }
        table[set] = cells;
        set += 1;
    }
    table
}

const fn triad_peers() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut set = 0;
    while set < 512 {
        let mut cells = 0u32;
        let mut t = 0;
        while t < 9 {
            if set >> t & 1 != 0 {
                let (row, box_) = (t / 3, t % 3);
                cells |= 511 << (9 * row);
                cells |= (7 | 7 << 9 | 7 << 18) << (3 * box_);
            }
            t += 1;
        }
        table[set] = cells;
        set += 1;
    }
    table
}

const fn pointed() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut cells = 0u32;
        let mut b = 0;
        while b < 3 {
            let part = (columns as u32 >> (3 * b)) & 7;
            if part == 1 || part == 2 || part == 4 {
                cells |= COLUMN << (3 * b + part.trailing_zeros() as usize);
            }
            b += 1;
        }
        table[columns] = cells;
        columns += 1;
    }
    table
}

const fn claimed() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut keep = 0u16;
        let mut b = 0;
        while b < 3 {
            let part = (columns as u16 >> (3 * b)) & 7;
            keep |= match part {
                0 => 7,
                1 | 2 | 4 => part,
                _ => 0,
            } << (3 * b);
            b += 1;
        }
        table[columns] = keep;
        columns += 1;
    }
    table
}

const fn row_single() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut row = 0;
    while row < 512 {
        if (row as u32).count_ones() == 1 {
            table[row] = row as u16;
        }
        row += 1;
    }
    table
}

const fn band_peers() -> [u32; 27] {
    let mut table = [0u32; 27];
    let mut cell = 0;
    while cell < 27 {
        let (row, col) = (cell / 9, cell % 9);
        let mut peers = (511 << (9 * row)) | (COLUMN << col);
        let mut r = 0;
        while r < 3 {
            peers |= 7 << (9 * r + 3 * (col / 3));
            r += 1;
        }
        table[cell] = peers & !(1 << cell);
        cell += 1;
    }
    table
}
