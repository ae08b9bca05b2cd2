//! Interactive Sudoku Solver's text form (sigh/Interactive-Sudoku-Solver, read from its
//! `js/sudoku_parser.js` and `js/sudoku_constraint.js`; ideas, not code): items separated by
//! `.`, each `Kind~arg~arg...`, an empty kind being givens:
//!
//! ```text
//! .Shape~6x6.~R1C1_5~R1C2_3.Cage~10~R1C1~R1C2.LittleKiller~14~R1C4.Sandwich~8~C1
//! ```
//!
//! Cells are `R<row>C<col>`, one character each (`1`-`9`, then `a`... for 10 and over, as ISS
//! writes them in base 36); `R10C10` style is read too. What the kinds mean, where it is not
//! plain:
//!
//! - `LittleKiller~SUM~CELL` names the diagonal by its *first cell inside the grid*: from the
//!   left column going down-right, from the right column up-left, from the top row down-left,
//!   from the bottom row up-right (ISS's own table). The clue sits one step back, in the frame.
//! - `Sandwich~SUM~R3` or `~C5`: clues on the left of a row or above a column.
//! - `Skyscraper~R3~LEFT~RIGHT` (or `~C5~TOP~BOTTOM`): the counts seen from each end, either
//!   left empty.
//! - `Arrow~CIRCLE~LINE...`: one circle cell, then the line. (ISS's `PillArrow` is not read.)
//! - `Cage~~CELLS` (an empty or 0 sum) is a cage that only forbids repeats.
//! - `Diagonal~1` is `╱` (bottom left to top right), `Diagonal~-1` is `╲`.
//! - `Whisper~CELLS` is German (difference 5); `Whisper~D~CELLS` sets the difference.
//! - `X~A~B~C~D` (and `V`, `WhiteDot`, `BlackDot`): several pairs in one item, A-B and C-D.
//! - `Quad~TOPLEFT~V...`: the 2x2 square from that corner.
//! - `Jigsaw~LAYOUT` (or the older `Jigsaw~SHAPE~LAYOUT`): one character per cell naming its
//!   piece.
//! - `StrictKropki` / `StrictXV`: the negative constraint on dots / on X and V.
//! - `~R1C1_2_4_6_8`, several values for one cell, is a pencilmark; the two that are a rule of
//!   this catalogue (every odd digit, every even digit) become [`Constraint::Odd`] and
//!   [`Constraint::Even`]; others are refused.
//!
//! A kind outside the catalogue (`Lockout`, `XSum`, `Entropic`, ...) is an error naming it.

use crate::variant::model::{Cell, Constraint, Negative, Variant, MAX_SIZE, MIN_SIZE};
use crate::Error;

/// An error at the item that starts at `column` (1-based, in the string as given).
fn err(column: usize, message: impl std::fmt::Display) -> Error {
    Error::parse(1, column, format!("ISS: {message}"))
}

/// Reads ISS's `.`-separated text form.
///
/// ```
/// let puzzle = tessera::variant::from_iss(".Shape~4x4.~R1C1_1.V~R1C2~R1C1")?;
/// assert_eq!(puzzle.size, 4);
/// assert_eq!(puzzle.givens[0], 1);
/// # Ok::<(), tessera::Error>(())
/// ```
pub fn from_iss(text: &str) -> Result<Variant, Error> {
    let text = text.trim();
    if !text.starts_with('.') {
        return Err(err(1, "the text form starts with \".\""));
    }
    // Items with the column each starts at (whitespace is not significant in ISS).
    let mut items = Vec::new();
    let mut column = 1;
    for item in text.split('.').skip(1) {
        column += 1;
        let clean: String = item.chars().filter(|c| !c.is_whitespace()).collect();
        if !clean.is_empty() {
            items.push((column, clean));
        }
        column += item.chars().count();
    }
    let mut n = 9;
    for (column, item) in &items {
        if let Some(shape) = item.strip_prefix("Shape~") {
            n = shape_size(*column, shape)?;
        }
    }
    let mut reader = Reader { n, puzzle: Variant::classic(n) };
    for (column, item) in &items {
        let mut parts = item.split('~');
        let kind = parts.next().unwrap_or("");
        let args: Vec<&str> = parts.collect();
        reader.item(*column, kind, &args)?;
    }
    let mut puzzle = reader.puzzle;
    // ISS keeps the boxes beside jigsaw pieces unless told `NoBoxes`: they become extra regions.
    let jigsaw = items.iter().any(|(_, item)| item.starts_with("Jigsaw"));
    let no_boxes = items.iter().any(|(_, item)| item == "NoBoxes");
    if jigsaw && !no_boxes && crate::variant::model::box_shape(n).is_some() {
        let boxes = crate::variant::model::default_regions(n);
        for b in 0..n as u16 {
            let cells = (0..n * n).filter(|&i| boxes[i] == Some(b)).map(|i| Cell::at(i, n)).collect();
            puzzle.constraints.push(Constraint::ExtraRegion { cells });
        }
    }
    puzzle.validate().map_err(|e| Error::parse(1, 1, format!("ISS: {e}")))?;
    Ok(puzzle)
}

fn shape_size(column: usize, shape: &str) -> Result<usize, Error> {
    let mut parts = shape.split('~');
    let dims = parts.next().unwrap_or("");
    let values = parts.next().unwrap_or("");
    let bad = || {
        err(column, format!("Shape~{shape}: only square grids of 4x4 to 16x16 with digits 1 to N are read"))
    };
    let (rows, cols) = dims.split_once('x').ok_or_else(bad)?;
    let (rows, cols): (usize, usize) = (rows.parse().map_err(|_| bad())?, cols.parse().map_err(|_| bad())?);
    if rows != cols || !(MIN_SIZE..=MAX_SIZE).contains(&rows) {
        return Err(bad());
    }
    if !(values.is_empty() || values == rows.to_string() || values == format!("1-{rows}"))
        || parts.next().is_some()
    {
        return Err(bad());
    }
    Ok(rows)
}

struct Reader {
    n: usize,
    puzzle: Variant,
}

impl Reader {
    fn cell(&self, column: usize, text: &str) -> Result<Cell, Error> {
        let bad = || err(column, format!("{text:?} is not a cell of the {0}x{0} grid", self.n));
        let chars: Vec<char> = text.chars().collect();
        let (row, col) = if chars.len() == 4 && "Rr".contains(chars[0]) && "Cc".contains(chars[2]) {
            // ISS's own ids: one base-36 character each.
            let digit = |c: char| c.to_digit(36).map(|d| d as i16).ok_or_else(bad);
            (digit(chars[1])?, digit(chars[3])?)
        } else {
            let upper = text.to_ascii_uppercase();
            let rest = upper.strip_prefix('R').ok_or_else(bad)?;
            let (row, col) = rest.split_once('C').ok_or_else(bad)?;
            (row.parse().map_err(|_| bad())?, col.parse().map_err(|_| bad())?)
        };
        let cell = Cell::new(row - 1, col - 1);
        cell.index(self.n).ok_or_else(bad)?;
        Ok(cell)
    }

    fn cells(&self, column: usize, args: &[&str]) -> Result<Vec<Cell>, Error> {
        args.iter().map(|a| self.cell(column, a)).collect()
    }

    /// The pairs of a dot or XV item: ISS lists several pairs in one item, two cells each.
    fn pairs(&self, column: usize, kind: &str, args: &[&str]) -> Result<Vec<[Cell; 2]>, Error> {
        let cells = self.cells(column, args)?;
        if cells.is_empty() || cells.len() % 2 != 0 {
            return Err(err(column, format!("{kind}: {} cells; each mark joins 2", cells.len())));
        }
        Ok(cells.chunks(2).map(|p| [p[0], p[1]]).collect())
    }

    fn number(&self, column: usize, kind: &str, text: &str) -> Result<u32, Error> {
        text.parse().map_err(|_| err(column, format!("{kind}: {text:?} is not a number")))
    }

    fn item(&mut self, column: usize, kind: &str, args: &[&str]) -> Result<(), Error> {
        use Constraint as C;
        let n = self.n;
        let first =
            |what: &str| args.first().copied().ok_or_else(|| err(column, format!("{kind}: no {what}")));
        let push = |this: &mut Self, c: Constraint| this.puzzle.constraints.push(c);
        match kind {
            "" => {
                for given in args {
                    self.given(column, given)?;
                }
            }
            "Shape" => {}
            "Thermo" => push(self, C::Thermometer { cells: self.cells(column, args)?, slow: false }),
            "Renban" => push(self, C::Renban { cells: self.cells(column, args)? }),
            "Palindrome" => push(self, C::Palindrome { cells: self.cells(column, args)? }),
            "Between" => push(self, C::Between { cells: self.cells(column, args)? }),
            "RegionSumLine" => push(self, C::RegionSumLine { cells: self.cells(column, args)? }),
            "AllDifferent" => push(self, C::ExtraRegion { cells: self.cells(column, args)? }),
            "Whisper" => {
                let (difference, cells) = match args.first().and_then(|a| a.parse::<u32>().ok()) {
                    Some(d) => (d, &args[1..]),
                    None => (5, args),
                };
                push(self, C::Whispers { cells: self.cells(column, cells)?, difference });
            }
            "Arrow" => {
                let cells = self.cells(column, args)?;
                if cells.len() < 2 {
                    return Err(err(column, "Arrow: a circle and at least one cell of line"));
                }
                push(self, C::Arrow { circle: vec![cells[0]], lines: vec![cells[1..].to_vec()] });
            }
            "Cage" => {
                let sum = first("sum")?;
                let sum = if sum.is_empty() { 0 } else { self.number(column, kind, sum)? };
                let cells = self.cells(column, &args[1..])?;
                push(self, C::Cage { cells, sum: (sum != 0).then_some(sum) });
            }
            "LittleKiller" => {
                let sum = self.number(column, kind, first("sum")?)?;
                let start =
                    self.cell(column, args.get(1).ok_or_else(|| err(column, "LittleKiller: no cell"))?)?;
                let (r, c, last) = (start.row, start.col, n as i16 - 1);
                use crate::variant::model::Direction as D;
                // ISS's table: left column down-right (not the bottom corner), right column
                // up-left (not the corners), top row down-left (not the left corner), bottom row
                // up-right (not the corners).
                let direction = if c == 0 && r < last {
                    D::DR
                } else if r == 0 && c > 0 {
                    D::DL
                } else if c == last && r > 0 && r < last {
                    D::UL
                } else if r == last && c > 0 && c < last {
                    D::UR
                } else {
                    return Err(err(column, format!("LittleKiller: {start} does not start a diagonal")));
                };
                let (dr, dc) = direction.step();
                push(self, C::LittleKiller { clue: Cell::new(r - dr, c - dc), direction, sum });
            }
            "Sandwich" => {
                let sum = self.number(column, kind, first("sum")?)?;
                let line = args.get(1).ok_or_else(|| err(column, "Sandwich: no row or column"))?;
                let bad = || err(column, format!("Sandwich: {line:?} is not a row (R3) or column (C5)"));
                let index: i16 = line
                    .get(1..)
                    .and_then(|i| i.parse().ok())
                    .filter(|&i| (1..=n as i16).contains(&i))
                    .ok_or_else(bad)?;
                let clue = match line.as_bytes().first() {
                    Some(b'R') | Some(b'r') => Cell::new(index - 1, -1),
                    Some(b'C') | Some(b'c') => Cell::new(-1, index - 1),
                    _ => return Err(bad()),
                };
                push(self, C::Sandwich { clue, sum });
            }
            "Skyscraper" => {
                // `Skyscraper~R3~LEFT~RIGHT` or `~C5~TOP~BOTTOM`, either count empty.
                let line = args.first().ok_or_else(|| err(column, "Skyscraper: no row or column"))?;
                let bad = || err(column, format!("Skyscraper: {line:?} is not a row (R3) or column (C5)"));
                let index: i16 = line
                    .get(1..)
                    .and_then(|i| i.parse().ok())
                    .filter(|&i| (1..=n as i16).contains(&i))
                    .ok_or_else(bad)?;
                let row = match line.as_bytes().first() {
                    Some(b'R') | Some(b'r') => true,
                    Some(b'C') | Some(b'c') => false,
                    _ => return Err(bad()),
                };
                let (k, end) = (index - 1, n as i16);
                let ends = if row {
                    [Cell::new(k, -1), Cell::new(k, end)]
                } else {
                    [Cell::new(-1, k), Cell::new(end, k)]
                };
                for (clue, count) in ends.into_iter().zip(args.iter().skip(1)) {
                    if !count.is_empty() && *count != "0" {
                        let count = self.number(column, kind, count)?;
                        push(self, C::Skyscraper { clue, count });
                    }
                }
            }
            "WhiteDot" | "BlackDot" | "X" | "V" => {
                for cells in self.pairs(column, kind, args)? {
                    push(
                        self,
                        match kind {
                            "WhiteDot" => C::Difference { cells, value: 1 },
                            "BlackDot" => C::Ratio { cells, value: 2 },
                            "X" => C::Xv { cells, sum: 10 },
                            _ => C::Xv { cells, sum: 5 },
                        },
                    );
                }
            }
            "StrictKropki" => push(self, C::Negative { of: vec![Negative::Difference, Negative::Ratio] }),
            "StrictXV" => push(self, C::Negative { of: vec![Negative::Xv] }),
            "AntiKnight" => push(self, C::AntiKnight),
            "AntiKing" => push(self, C::AntiKing),
            "AntiConsecutive" => push(self, C::NonConsecutive),
            "DisjointSets" => push(self, C::DisjointGroups),
            "Diagonal" => match first("direction")? {
                "1" => push(self, C::DiagonalPositive),
                "-1" => push(self, C::DiagonalNegative),
                other => return Err(err(column, format!("Diagonal: {other:?} is not 1 or -1"))),
            },
            "Windoku" => {
                if n != 9 {
                    return Err(err(column, "Windoku: read on 9x9 grids only"));
                }
                for (top, left) in [(1, 1), (1, 5), (5, 1), (5, 5)] {
                    let cells = (0..9).map(|k| Cell::new(top + k / 3, left + k % 3)).collect();
                    push(self, C::ExtraRegion { cells });
                }
            }
            "NoBoxes" => self.puzzle.regions = vec![None; n * n],
            "Jigsaw" => {
                let layout = args.last().ok_or_else(|| err(column, "Jigsaw: no layout"))?;
                let chars: Vec<char> = layout.chars().collect();
                if chars.len() != n * n {
                    return Err(err(
                        column,
                        format!("Jigsaw: {} cells in the layout of a {n}x{n} grid", chars.len()),
                    ));
                }
                let mut names: Vec<char> = Vec::new();
                for (i, ch) in chars.into_iter().enumerate() {
                    let k = names.iter().position(|&c| c == ch).unwrap_or_else(|| {
                        names.push(ch);
                        names.len() - 1
                    });
                    self.puzzle.regions[i] = Some(k as u16);
                }
            }
            "Quad" => {
                let corner = self.cell(column, first("cell")?)?;
                if corner.row + 1 >= n as i16 || corner.col + 1 >= n as i16 {
                    return Err(err(column, format!("Quad: {corner} is not the top left of a 2x2 square")));
                }
                let cells = (0..4).map(|k| Cell::new(corner.row + k / 2, corner.col + k % 2)).collect();
                let values = args[1..]
                    .iter()
                    .map(|v| v.parse::<u8>().map_err(|_| err(column, format!("Quad: {v:?} is not a digit"))))
                    .collect::<Result<_, _>>()?;
                push(self, C::Quadruple { cells, values });
            }
            other => {
                return Err(err(column, format!("{other:?} is a rule Tessera does not solve yet")));
            }
        }
        Ok(())
    }

    /// `R1C1_5`: a given; `R1C1_1_3_5_7_9`: all odd (or all even) digits, a parity rule.
    fn given(&mut self, column: usize, text: &str) -> Result<(), Error> {
        let n = self.n;
        let mut parts = text.split('_');
        let cell = self.cell(column, parts.next().unwrap_or(""))?;
        let values = parts
            .map(|v| v.parse::<u8>().ok().filter(|&d| (1..=n as u8).contains(&d)))
            .collect::<Option<Vec<u8>>>()
            .ok_or_else(|| err(column, format!("{text:?} is not a cell and its digits 1 to {n}")))?;
        let odd: Vec<u8> = (1..=n as u8).filter(|d| d % 2 == 1).collect();
        let even: Vec<u8> = (1..=n as u8).filter(|d| d % 2 == 0).collect();
        let mut sorted = values.clone();
        sorted.sort_unstable();
        sorted.dedup();
        match sorted.as_slice() {
            [d] => {
                let i = self.puzzle.index(cell);
                self.puzzle.givens[i] = *d;
            }
            s if s == odd => self.puzzle.constraints.push(Constraint::Odd { cell }),
            s if s == even => self.puzzle.constraints.push(Constraint::Even { cell }),
            _ => {
                return Err(err(
                    column,
                    format!("{text:?}: pencilmarks other than all odd or all even digits are not read"),
                ))
            }
        }
        Ok(())
    }
}
