//! Killer Sudoku in files: janko.at's text (read and written here) and JSON ([`json`]), and the
//! answers in janko's answer format.
//!
//! # The text
//!
//! ```text
//!   4 4          W H (a square side, 4 to 25, not prime)
//!   9 - 8 3      H rows: each cage's sum in one of its cells, `-` (or `.`) elsewhere
//!   - 7 - -
//!   4 - - 9
//!   - - - -
//!   2 2 4 1      H rows: each cell's cage id (any word; janko's are numbers)
//!   2 3 4 1
//!   6 3 4 5
//!   6 3 5 5
//!   - 2 - -      optional, Tessera's own: H rows of givens (digits, `-` for empty)
//! ```
//!
//! The givens block is not janko's; a puzzle without givens is written without it, so janko's
//! files read and print back unchanged. It is told apart from the next puzzle by its width: a
//! header has two words, a row of a grid of side 4 or more has four or more (and a `#` line is
//! never a row of givens). Every mistake is reported at its word's line and column: a cage with
//! two sums at the second, a cage without a sum at its first cell's id, an impossible sum at the
//! sum.

pub(crate) mod json;

use std::collections::HashMap;

use crate::common::janko::{self, Cursor, Header, Token};
use crate::killer::model::{box_shape, sum_range, Cage, Grid, Killer, MAX_SIZE};
use crate::Error;

pub use json::{from_json, to_json};

/// Every puzzle of a text: janko's format, or JSON (one object or an array of them) when its first
/// word starts with `{` or `[`. Reading stops at the first mistake, which is the last item.
///
/// ```
/// use tessera::killer::read;
/// let text = "4 4\n9 - 8 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n";
/// let puzzles: Vec<_> = read(text).collect::<Result<_, _>>()?;
/// assert_eq!(puzzles[0].cages().len(), 6);
/// assert_eq!(puzzles[0].to_string(), text);
/// # Ok::<(), tessera::Error>(())
/// ```
pub fn read(text: &str) -> Box<dyn Iterator<Item = Result<Killer, Error>> + '_> {
    if janko::is_json(text) {
        return match from_json(text) {
            Ok(puzzles) => Box::new(puzzles.into_iter().map(Ok)),
            Err(error) => Box::new(std::iter::once(Err(error))),
        };
    }
    Box::new(janko::each(text, |cursor, header| read_one(cursor, header)))
}

/// The one puzzle of a text (the first, if there are several).
pub fn parse(text: &str) -> Result<Killer, Error> {
    read(text).next().unwrap_or_else(|| Err(Error::parse(1, 1, "no puzzle in the text")))
}

/// The side of a grid from its header: square, supported.
fn side(header: &Header<'_>) -> Result<usize, Error> {
    let numbers = header.numbers(&["width", "height"], MAX_SIZE)?;
    if numbers[0] != numbers[1] {
        return Err(header.tokens[1]
            .error(format!("a Killer Sudoku is square: width {} and height {}", numbers[0], numbers[1])));
    }
    let n = numbers[0];
    if box_shape(n).is_none() {
        return Err(header.tokens[0].error(format!(
            "a Killer Sudoku of side {n} is not supported: the side must be from 4 to {MAX_SIZE} and not prime \
             (boxes as in Sudoku)"
        )));
    }
    Ok(n)
}

fn is_blank(token: &Token<'_>) -> bool {
    matches!(token.text, "-" | ".")
}

fn read_one(cursor: &mut Cursor<'_>, header: &Header<'_>) -> Result<Killer, Error> {
    let n = side(header)?;
    let mut sums = Vec::with_capacity(n * n);
    for row in 1..=n {
        sums.extend(cursor.row(n, &format!("row {row} of the cage sums"))?);
    }
    let mut ids = Vec::with_capacity(n * n);
    for row in 1..=n {
        ids.extend(cursor.row(n, &format!("row {row} of the cage ids"))?);
    }
    let mut probe = cursor.clone();
    let givens_follow =
        probe.row(n, "givens").is_ok_and(|row| row.first().is_some_and(|t| !t.text.starts_with('#')));
    let mut givens = Vec::new();
    if givens_follow {
        for row in 1..=n {
            for token in cursor.row(n, &format!("row {row} of the givens"))? {
                let digit = if is_blank(&token) { 0 } else { token.number::<u8>("a digit or -")? };
                if usize::from(digit) > n || (digit == 0 && !is_blank(&token)) {
                    return Err(
                        token.error(format!("a given is a digit from 1 to {n}, found {}", token.text))
                    );
                }
                givens.push(digit);
            }
        }
    }
    let comments = header.comments.iter().map(ToString::to_string).collect();
    cages(n, &sums, &ids, givens).map(|puzzle| puzzle.with_comments(comments))
}

/// The cages from the two grids of words.
fn cages(n: usize, sums: &[Token<'_>], ids: &[Token<'_>], givens: Vec<u8>) -> Result<Killer, Error> {
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut cells: Vec<Vec<usize>> = Vec::new();
    let mut first: Vec<Token<'_>> = Vec::new();
    for (cell, token) in ids.iter().enumerate() {
        let cage = *index.entry(token.text).or_insert_with(|| {
            cells.push(Vec::new());
            first.push(*token);
            cells.len() - 1
        });
        cells[cage].push(cell);
    }
    let mut sum_of: Vec<Option<(u32, usize, Token<'_>)>> = vec![None; cells.len()];
    for (cell, token) in sums.iter().enumerate() {
        if is_blank(token) {
            continue;
        }
        let sum: u32 = token.number("a cage's sum or -")?;
        let cage = index[ids[cell].text];
        if let Some((_, _, earlier)) = sum_of[cage] {
            return Err(token.error(format!(
                "the cage {:?} has a second sum (the first is at line {}, column {})",
                ids[cell].text, earlier.line, earlier.column
            )));
        }
        let k = cells[cage].len();
        let (low, high) = sum_range(k, n);
        if k > n || sum < low || sum > high {
            let can = if k > n { "no sum".to_string() } else { format!("only {low} to {high}") };
            return Err(token.error(format!(
                "the cage {:?} has {k} cells and the sum {sum}: {k} different digits from 1 to {n} make {can}",
                ids[cell].text
            )));
        }
        sum_of[cage] = Some((sum, cell, *token));
    }
    let mut built = Vec::with_capacity(cells.len());
    for (cage, cells) in cells.into_iter().enumerate() {
        let Some((sum, anchor, _)) = sum_of[cage] else {
            return Err(first[cage].error(format!("the cage {:?} has no sum", first[cage].text)));
        };
        built.push(Cage::new(cells, sum).with_text(anchor, first[cage].text));
    }
    Killer::new(n, built, givens).map_err(|err| Error::parse(ids[0].line, ids[0].column, err.to_string()))
}

/// The puzzle in janko's text, after its comment lines (with Tessera's givens block when it has
/// givens).
pub fn to_text(puzzle: &Killer) -> String {
    let n = puzzle.size();
    let mut sums = vec!["-".to_string(); n * n];
    let mut ids = vec![String::new(); n * n];
    for cage in puzzle.cages() {
        sums[cage.anchor()] = cage.sum().to_string();
        for &cell in cage.cells() {
            ids[cell] = cage.label().to_string();
        }
    }
    let mut out = janko::comment_lines(puzzle.comments()) + &format!("{n} {n}\n");
    let mut rows = |words: &[String]| {
        for row in words.chunks(n) {
            out.push_str(&row.join(" "));
            out.push('\n');
        }
    };
    rows(&sums);
    rows(&ids);
    if puzzle.has_givens() {
        let givens: Vec<String> =
            puzzle.givens().iter().map(|&g| if g == 0 { "-".to_string() } else { g.to_string() }).collect();
        rows(&givens);
    }
    out
}

impl std::fmt::Display for Killer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&to_text(self))
    }
}

impl Grid {
    /// The first answer of a text in janko's answer format (`N N`, then N rows of digits; `-` or
    /// `0` for an empty cell).
    ///
    /// ```
    /// use tessera::killer::Grid;
    /// let grid = Grid::parse_answer("4 4\n2 3 4 1\n4 1 3 2\n3 2 1 4\n1 4 2 3\n")?;
    /// assert_eq!(grid.get(1, 0), 4);
    /// assert_eq!(grid.to_string().parse::<Grid>()?, grid);
    /// # Ok::<(), tessera::Error>(())
    /// ```
    pub fn parse_answer(text: &str) -> Result<Grid, Error> {
        Grid::read_answers(text).next().unwrap_or_else(|| Err(Error::parse(1, 1, "no answer in the text")))
    }

    /// Every answer of a text (a solutions file), each with the line and column of a mistake;
    /// reading stops at the first.
    pub fn read_answers(text: &str) -> impl Iterator<Item = Result<Grid, Error>> + '_ {
        janko::each(text, |cursor, header| read_answer(cursor, header))
    }
}

fn read_answer(cursor: &mut Cursor<'_>, header: &Header<'_>) -> Result<Grid, Error> {
    let n = side(header)?;
    let mut digits = Vec::with_capacity(n * n);
    for row in 1..=n {
        for token in cursor.row(n, &format!("row {row} of the answer"))? {
            let digit = if is_blank(&token) { 0 } else { token.number::<u8>("a digit")? };
            if usize::from(digit) > n {
                return Err(token.error(format!("a digit is from 1 to {n}, found {digit}")));
            }
            digits.push(digit);
        }
    }
    Grid::new(n, digits)
}
