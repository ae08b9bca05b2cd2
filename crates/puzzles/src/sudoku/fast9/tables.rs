//! Lookup tables for the band bitboards, built at compile time.
//!
//! A band word holds one digit's candidates in three rows of nine cells: bit `9 * row + column`.
//! A *triad* is the three cells where a row meets a box; a band has nine, numbered `3 * row + box`.
//!
//! Each table is its entry function applied to every index (`table!`): the entry functions say
//! what a table holds, one index at a time.

/// The table of `$len` entries whose entry `i` is `$entry(i)`. A `const fn` cannot call a
/// function it is given, so the loop every table needs is written once here instead.
macro_rules! table {
    ($ty:ty; $len:expr, $entry:ident) => {{
        let mut table: [$ty; $len] = [0; $len];
        let mut i = 0;
        while i < $len {
            table[i] = $entry(i);
            i += 1;
        }
        table
    }};
}

/// Bits `c`, `c + 9` and `c + 18`: column `c` across the three rows of a band.
pub(super) const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// All 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// For a row's nine bits, which of its three triads are not empty (three bits).
pub(super) static TRIADS_OF_ROW: [u8; 512] = table!(u8; 512, triads_of_row);

/// For a 9-bit set of non-empty triads, the cells of the union of the ways to put one triad per
/// row and per box inside it (a digit sits in exactly one triad of each row and of each box of a
/// band). Zero when there is no way: the digit cannot be placed in the band. One table for what
/// was two lookups in a row (the triads kept, then their cells): a band update is a chain of
/// dependent loads, and this takes one link out of it.
pub(super) static LOCKED_CELLS: [u32; 512] = table!(u32; 512, locked_cells);

/// For a 9-bit set of triads, the cells of the band in the same row or box as one of them: where
/// a digit given in those triads cannot be too.
pub(super) static TRIAD_PEERS: [u32; 512] = table!(u32; 512, triad_peers);

/// For a band's nine columns (bit set: the digit may be in that column somewhere in the band), the
/// cells of the three bands in the columns a box confines it to (a box whose only column is `c`:
/// the digit of that box is in column `c`, so no other band may have it there).
pub(super) static POINTED: [u32; 512] = table!(u32; 512, pointed);

/// For the columns where a band alone may hold a digit, the columns each box of the band keeps:
/// a box with one such column must put the digit there; a box with two or more has no room
/// (it keeps nothing, which the next band update reports as a contradiction).
pub(super) static CLAIMED: [u16; 512] = table!(u16; 512, claimed);

/// A row's nine bits if exactly one is set, else zero.
pub(super) static ROW_SINGLE: [u16; 512] = table!(u16; 512, row_single);

/// For each cell of a band, the other cells of the band in its row, column or box.
pub(super) static BAND_PEERS: [u32; 27] = table!(u32; 27, band_peers);

/// The cells of row `row` of a band.
const fn row_cells(row: usize) -> u32 {
    511 << (9 * row)
}

/// The cells of box `b` of a band.
const fn box_cells(b: usize) -> u32 {
    (7 * COLUMN) << (3 * b)
}

/// The three columns of box `b` in a band's nine column bits.
const fn box_columns(columns: usize, b: usize) -> u32 {
    (columns as u32 >> (3 * b)) & 7
}

const fn triads_of_row(row: usize) -> u8 {
    let mut triads = 0;
    let mut t = 0;
    while t < 3 {
        if row >> (3 * t) & 7 != 0 {
            triads |= 1 << t;
        }
        t += 1;
    }
    triads
}

const fn locked_cells(triads: usize) -> u32 {
    let locked = locked(triads);
    if locked == 0 {
        0
    } else {
        over_triads(locked as usize & 511, false)
    }
}

/// The union of the ways to put one triad per row and per box inside the triads `set`.
const fn locked(set: usize) -> u16 {
    // The six permutations of three boxes over three rows.
    const PERMUTATIONS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
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
    union
}

const fn triad_peers(set: usize) -> u32 {
    over_triads(set, true)
}

/// Over the triads in `set`: the union of their cells (where their row meets their box), or with
/// `peers` of their whole rows and boxes.
const fn over_triads(set: usize, peers: bool) -> u32 {
    let mut cells = 0u32;
    let mut t = 0;
    while t < 9 {
        if set >> t & 1 != 0 {
            let (row, box_) = (row_cells(t / 3), box_cells(t % 3));
            cells |= if peers { row | box_ } else { row & box_ };
        }
        t += 1;
    }
    cells
}

const fn pointed(columns: usize) -> u32 {
    let mut cells = 0u32;
    let mut b = 0;
    while b < 3 {
        let part = box_columns(columns, b);
        if part.is_power_of_two() {
            cells |= COLUMN << (3 * b + part.trailing_zeros() as usize);
        }
        b += 1;
    }
    cells
}

const fn claimed(columns: usize) -> u16 {
    let mut keep = 0u16;
    let mut b = 0;
    while b < 3 {
        let part = box_columns(columns, b);
        let kept = if part == 0 {
            7
        } else if part.is_power_of_two() {
            part
        } else {
            0
        };
        keep |= (kept as u16) << (3 * b);
        b += 1;
    }
    keep
}

const fn row_single(row: usize) -> u16 {
    if (row as u32).count_ones() == 1 {
        row as u16
    } else {
        0
    }
}

const fn band_peers(cell: usize) -> u32 {
    let (row, col) = (cell / 9, cell % 9);
    (row_cells(row) | COLUMN << col | box_cells(col / 3)) & !(1 << cell)
}
