//! Polyomino pieces: the built-in sets, drawn in ASCII with their letters, and the parser of piece
//! files, which reads those drawings too.
//!
//! A piece file draws pieces with letters; every cell marked with the same character belongs to
//! the same piece, and that character is its name:
//!
//! ```text
//! # comment lines start with '#'
//! .FF. I L...        '.' and ' ' are empty; pieces may stand side by side
//! FF.. I LLLL
//! .F.. I
//! * L 2              a line "* NAME COUNT": piece NAME is used COUNT times (default once)
//! ```
//!
//! A piece's cells must be connected (edge to edge). Names are ASCII letters and digits.

use std::collections::BTreeMap;

use crate::Error;

/// A 1-based (line, column).
type Position = (usize, usize);

/// The most cells a piece may have.
pub const MAX_PIECE_CELLS: usize = 256;

/// One polyomino: its name (the letter it is drawn with), its cells and how many copies a
/// tiling uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    name: char,
    /// `(row, column)`, normalised: the smallest row and column are 0, sorted.
    cells: Vec<(i32, i32)>,
    copies: u32,
}

impl Piece {
    /// A piece from its cells (any offsets; normalised here), used once. `None` if `cells` is
    /// empty.
    pub fn new(name: char, cells: &[(i32, i32)]) -> Option<Self> {
        if cells.is_empty() {
            return None;
        }
        Some(Piece { name, cells: normalise(cells), copies: 1 })
    }

    /// The letter the piece is drawn with.
    pub fn name(&self) -> char {
        self.name
    }

    /// Its cells, `(row, column)`, normalised and sorted.
    pub fn cells(&self) -> &[(i32, i32)] {
        &self.cells
    }

    /// How many cells it has.
    pub fn size(&self) -> usize {
        self.cells.len()
    }

    /// How many copies a tiling uses (at most, when the pieces hold more cells than the board).
    pub fn copies(&self) -> u32 {
        self.copies
    }

    /// The same piece used `copies` times.
    pub fn with_copies(mut self, copies: u32) -> Self {
        self.copies = copies;
        self
    }

    /// The piece renamed.
    pub fn with_name(mut self, name: char) -> Self {
        self.name = name;
        self
    }

    /// The distinct orientations the motion allows, each normalised, in a fixed order (the piece
    /// as drawn first).
    pub fn orientations(&self, motion: Motion) -> Vec<Vec<(i32, i32)>> {
        let transforms: &[u8] = match motion {
            Motion::Free => &[0, 1, 2, 3, 4, 5, 6, 7],
            Motion::Rotations => &[0, 1, 2, 3],
            Motion::Fixed => &[0],
        };
        let mut seen: Vec<Vec<(i32, i32)>> = Vec::new();
        for &t in transforms {
            let shape = normalise(&self.cells.iter().map(|&c| transform(t, c)).collect::<Vec<_>>());
            if !seen.contains(&shape) {
                seen.push(shape);
            }
        }
        seen
    }
}

/// Which moves turn a piece into its placements besides translation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Motion {
    /// Rotations and reflections (free polyominoes): up to 8 orientations.
    Free,
    /// Rotations only (one-sided polyominoes): up to 4.
    Rotations,
    /// Translations only (fixed polyominoes): the piece as drawn.
    Fixed,
}

/// One of the 8 symmetries of the square applied to `(row, column)`: 0..4 rotate by a quarter
/// turn that many times, 4..8 reflect (transpose) and then rotate.
pub(crate) fn transform(t: u8, (r, c): (i32, i32)) -> (i32, i32) {
    let (r, c) = if t >= 4 { (c, r) } else { (r, c) };
    match t % 4 {
        0 => (r, c),
        1 => (c, -r),
        2 => (-r, -c),
        _ => (-c, r),
    }
}

/// Shifts cells so that the smallest row and column are 0, and sorts them.
pub(crate) fn normalise(cells: &[(i32, i32)]) -> Vec<(i32, i32)> {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut out: Vec<(i32, i32)> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
    out.sort_unstable();
    out
}

/// The 12 pentominoes with their usual (Conway's / Golomb's) letters.
const PENTOMINOES: &str = "\
.FF. I L... NN.. PP TTT U.U V.. W.. .X. ..Y. ZZ.
FF.. I LLLL .NNN PP .T. UUU V.. WW. XXX YYYY .Z.
.F.. I           P. .T.     VVV .WW .X.      .ZZ
     I
     I
";

/// The 5 free tetrominoes.
const TETROMINOES: &str = "\
IIII OO TTT L.. .SS
.... OO .T. LLL SS.
";

/// The names of the built-in sets, for messages and `--help`.
pub const SETS: &[(&str, &str)] = &[
    ("pentominoes", "the 12 pentominoes F I L N P T U V W X Y Z (free)"),
    ("tetrominoes", "the 5 tetrominoes I O T L S (free)"),
    ("hexominoes", "the 35 hexominoes, named A..Z then a..i (free)"),
    (
        "one-sided-pentominoes",
        "the 18 one-sided pentominoes: the 12, plus f l n p y z mirrored (rotations only)",
    ),
];

/// A built-in set by name (see [`SETS`]) and the motion its pieces are meant for.
///
/// ```
/// use tessera::tiling::{builtin, Motion};
/// let (pieces, motion) = builtin("pentominoes").unwrap();
/// assert_eq!(pieces.len(), 12);
/// assert_eq!(motion, Motion::Free);
/// assert_eq!(builtin("hexominoes").unwrap().0.len(), 35);
/// assert_eq!(builtin("one-sided-pentominoes").unwrap().0.len(), 18);
/// ```
pub fn builtin(name: &str) -> Option<(Vec<Piece>, Motion)> {
    let parse = |text: &str| parse_pieces(text).expect("the built-in drawings are valid");
    match name {
        "pentominoes" | "pentomino" | "p5" => Some((parse(PENTOMINOES), Motion::Free)),
        "tetrominoes" | "tetromino" | "p4" => Some((parse(TETROMINOES), Motion::Free)),
        "hexominoes" | "hexomino" | "p6" => Some((hexominoes(), Motion::Free)),
        "one-sided-pentominoes" | "one-sided" => {
            let mut pieces = parse(PENTOMINOES);
            let chiral: Vec<Piece> = pieces
                .iter()
                .filter(|p| p.orientations(Motion::Free).len() > p.orientations(Motion::Rotations).len())
                .map(|p| {
                    let mirror: Vec<(i32, i32)> = p.cells.iter().map(|&(r, c)| (r, -c)).collect();
                    Piece::new(p.name.to_ascii_lowercase(), &mirror).expect("not empty")
                })
                .collect();
            pieces.extend(chiral);
            Some((pieces, Motion::Rotations))
        }
        _ => None,
    }
}

/// The 35 free hexominoes, grown cell by cell from the monomino and kept once per class of
/// the 8 symmetries; sorted by their canonical cells, named `A..Z` then `a..i`.
fn hexominoes() -> Vec<Piece> {
    let canonical = |cells: &[(i32, i32)]| -> Vec<(i32, i32)> {
        (0..8).map(|t| normalise(&cells.iter().map(|&c| transform(t, c)).collect::<Vec<_>>())).min().unwrap()
    };
    let mut shapes: Vec<Vec<(i32, i32)>> = vec![vec![(0, 0)]];
    for _ in 1..6 {
        let mut next = std::collections::BTreeSet::new();
        for shape in &shapes {
            for &(r, c) in shape {
                for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    let cell = (r + dr, c + dc);
                    if !shape.contains(&cell) {
                        let mut grown = shape.clone();
                        grown.push(cell);
                        next.insert(canonical(&grown));
                    }
                }
            }
        }
        shapes = next.into_iter().collect();
    }
    let names = ('A'..='Z').chain('a'..='i');
    shapes.iter().zip(names).map(|(cells, name)| Piece::new(name, cells).expect("not empty")).collect()
}

/// Parses a piece file (see the module documentation). Pieces come in the order their names
/// first appear, reading line by line.
///
/// ```
/// let pieces = tessera::tiling::parse_pieces("AAB\n.BB\n* A 3\n").unwrap();
/// assert_eq!(pieces.len(), 2);
/// assert_eq!((pieces[0].name(), pieces[0].size(), pieces[0].copies()), ('A', 2, 3));
/// let err = tessera::tiling::parse_pieces("A.A\n").unwrap_err();
/// assert_eq!(err.position(), Some((1, 3)));
/// ```
pub fn parse_pieces(text: &str) -> Result<Vec<Piece>, Error> {
    // name -> (cells, first position)
    let mut cells: BTreeMap<char, (Vec<(i32, i32)>, Position)> = BTreeMap::new();
    let mut order: Vec<char> = Vec::new();
    let mut copies: BTreeMap<char, (u32, (usize, usize))> = BTreeMap::new();
    for (row, line) in text.lines().enumerate() {
        let line_no = row + 1;
        if line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix('*') {
            let words: Vec<&str> = rest.split_whitespace().collect();
            let err = |message: String| Err(Error::parse(line_no, 1, message));
            let [name, count] = words[..] else {
                return err("a count line is `* NAME COUNT`, e.g. `* L 2`".into());
            };
            let mut chars = name.chars();
            let (Some(name), None) = (chars.next(), chars.next()) else {
                return err(format!("`{name}` is not a piece name (one letter or digit)"));
            };
            let column = line.find(name).map_or(1, |i| line[..i].chars().count() + 1);
            let count: u32 = match count.parse() {
                Ok(n) if n <= 1000 => n,
                _ => {
                    let column = line.rfind(count).map_or(1, |i| line[..i].chars().count() + 1);
                    return Err(Error::parse(
                        line_no,
                        column,
                        format!("`{count}` is not a count of copies (0 to 1000)"),
                    ));
                }
            };
            if copies.insert(name, (count, (line_no, column))).is_some() {
                return Err(Error::parse(line_no, column, format!("piece {name} is counted twice")));
            }
            continue;
        }
        for (col, ch) in line.chars().enumerate() {
            match ch {
                '.' | ' ' | '\t' | '\r' => {}
                ch if ch.is_ascii_alphanumeric() => {
                    let entry = cells.entry(ch).or_insert_with(|| {
                        order.push(ch);
                        (Vec::new(), (line_no, col + 1))
                    });
                    if entry.0.len() >= MAX_PIECE_CELLS {
                        return Err(Error::parse(
                            line_no,
                            col + 1,
                            format!("piece {ch} has more than {MAX_PIECE_CELLS} cells"),
                        ));
                    }
                    entry.0.push((row as i32, col as i32));
                }
                other => {
                    return Err(Error::parse(
                        line_no,
                        col + 1,
                        format!(
                            "unexpected {other:?}: pieces are drawn with letters or digits, '.' or ' ' \
                             for empty"
                        ),
                    ))
                }
            }
        }
    }
    if let Some((&name, &(_, (line, column)))) = copies.iter().find(|(name, _)| !cells.contains_key(name)) {
        return Err(Error::parse(line, column, format!("piece {name} is counted but never drawn")));
    }
    let mut pieces = Vec::with_capacity(order.len());
    for name in order {
        let (piece_cells, (line, column)) = &cells[&name];
        if let Some(&(r, c)) = disconnected_cell(piece_cells) {
            return Err(Error::parse(
                r as usize + 1,
                c as usize + 1,
                format!("piece {name} (first drawn at line {line}, column {column}) is not connected here"),
            ));
        }
        let copies = copies.get(&name).map_or(1, |c| c.0);
        pieces.push(Piece::new(name, piece_cells).expect("not empty").with_copies(copies));
    }
    if pieces.is_empty() {
        return Err(Error::parse(1, 1, "no piece is drawn"));
    }
    Ok(pieces)
}

/// A cell not reached from the first by steps between edge-adjacent cells, if any.
fn disconnected_cell(cells: &[(i32, i32)]) -> Option<&(i32, i32)> {
    let mut reached = vec![false; cells.len()];
    let mut stack = vec![0];
    reached[0] = true;
    while let Some(i) = stack.pop() {
        let (r, c) = cells[i];
        for (j, &(r2, c2)) in cells.iter().enumerate() {
            if !reached[j] && (r - r2).abs() + (c - c2).abs() == 1 {
                reached[j] = true;
                stack.push(j);
            }
        }
    }
    cells.iter().zip(&reached).find(|(_, &r)| !r).map(|(c, _)| c)
}
