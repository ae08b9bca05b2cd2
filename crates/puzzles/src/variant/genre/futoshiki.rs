//! Futoshiki: a Latin square with inequality signs between some neighbours
//! ([`Constraint::Less`]); givens allowed.
//!
//! pzprjs has no Futoshiki, so there is no puzz.link address. Forms read (one puzzle after
//! another, blank and `#` lines between):
//! - the text form ([`Rules::write`]): 2N-1 lines. Even lines (from 0) are rows: a cell's digit
//!   (`1`-`9`, `A`-`G` for 10 to 16, `.` empty) every other character, with between two cells a
//!   space, `<` or `>`. Odd lines hold, under each cell, `^` (the cell above is the smaller),
//!   `v` (the cell above is the larger) or a space; a line without signs may be blank, since the
//!   board's height is known from its first row:
//!
//! ```text
//! .<. . .>3
//!         ^
//! 2 . .>. .
//! ```
//!
//!   (the first three of a 5x5 board's nine lines);
//! - a game id of Simon Tatham's `unequal` (what `sgt-unequal --generate` prints) on one line:
//!   `N:` then the N*N cells row by row, each its digit (`0` empty) and the letters `U`, `R`, `D`,
//!   `L` of the neighbours it is greater than, separated by commas (`4:0,0R,0,2,0U,...`); the
//!   "adjacent" mode's ids (`a` after the size in his parameters) mark neighbours one apart
//!   instead and are not read;
//! - Tessera's JSON on one line.

use super::{digit, digit_char, side_ok, Genre, Rules};
use crate::variant::model::{Cell, Constraint, Variant};
use crate::variant::Difficulty;
use crate::Error;

/// The genre's rules ([`Rules`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FutoshikiRules;

/// A Futoshiki puzzle.
pub type Futoshiki = Genre<FutoshikiRules>;

impl Rules for FutoshikiRules {
    const NAME: &'static str = "futoshiki";
    const TITLE: &'static str = "Futoshiki";
    const RULES: &'static str = "Fill the grid with the digits 1 to N, each once in every row and column. Every sign between two cells holds: its point is at the smaller digit.";
    const SIDES: std::ops::RangeInclusive<usize> = 4..=9;
    /// Signs and singles; trial (the rater has no chains of signs yet: medium and hard are none).
    const LEVELS: &'static [Difficulty] = &[Difficulty::Easy, Difficulty::Expert];

    fn admits(constraint: &Constraint) -> bool {
        matches!(constraint, Constraint::Less { .. })
    }

    fn parse(lines: &[&str]) -> Result<Option<(Variant, usize)>, Error> {
        match from_game_id(lines[0])? {
            Some(puzzle) => Ok(Some((puzzle, 1))),
            None => from_text(lines),
        }
    }

    fn write(puzzle: &Variant) -> String {
        let n = puzzle.size;
        let mut rows: Vec<Vec<char>> = vec![vec![' '; 2 * n - 1]; 2 * n - 1];
        for (i, &g) in puzzle.givens.iter().enumerate() {
            rows[2 * (i / n)][2 * (i % n)] = digit_char(g);
        }
        for constraint in &puzzle.constraints {
            if let Constraint::Less { cells: [a, b] } = constraint {
                let (top, left) = (a.row.min(b.row) as usize, a.col.min(b.col) as usize);
                let first_smaller = (a.row, a.col) < (b.row, b.col);
                if a.row == b.row {
                    rows[2 * top][2 * left + 1] = if first_smaller { '<' } else { '>' };
                } else {
                    rows[2 * top + 1][2 * left] = if first_smaller { '^' } else { 'v' };
                }
            }
        }
        rows.iter().map(|row| row.iter().collect::<String>().trim_end().to_string() + "\n").collect()
    }

    fn url(_: &Variant) -> Option<String> {
        None
    }

    /// Row by row, each cell's sign to the right before the one below.
    fn rank(constraint: &Constraint, _: usize) -> (u8, i16, i16) {
        match constraint {
            Constraint::Less { cells: [a, b] } => {
                let (r, c) = (a.row.min(b.row), a.col.min(b.col));
                (0, r * 2 + i16::from(a.row != b.row), c)
            }
            _ => (9, 0, 0),
        }
    }

    fn clues(n: usize, grid: &[u8]) -> Vec<Constraint> {
        let mut clues = Vec::new();
        for i in 0..n * n {
            let (r, c) = (i / n, i % n);
            for j in [(c + 1 < n).then_some(i + 1), (r + 1 < n).then_some(i + n)].into_iter().flatten() {
                let (a, b) = if grid[i] < grid[j] { (i, j) } else { (j, i) };
                clues.push(Constraint::Less { cells: [Cell::at(a, n), Cell::at(b, n)] });
            }
        }
        clues
    }
}

/// A game id of Tatham's `unequal` (see the module header), or `None` when `line` is none.
fn from_game_id(line: &str) -> Result<Option<Variant>, Error> {
    let line = line.trim();
    let Some((size, body)) = line.split_once(':') else { return Ok(None) };
    if size.is_empty() || !size.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    let n: usize = size.parse().map_err(|_| Error::parse(1, 1, format!("the size {size:?} is no number")))?;
    if !side_ok(n) {
        return Err(Error::parse(1, 1, format!("the size {n}: Futoshiki here is 4x4 to 16x16")));
    }
    let cells: Vec<&str> = body.strip_suffix(',').unwrap_or(body).split(',').collect();
    if cells.len() != n * n {
        return Err(Error::parse(
            1,
            size.len() + 2,
            format!("{} cells after `{n}:`, a {n}x{n} board has {}", cells.len(), n * n),
        ));
    }
    let mut puzzle = Genre::<FutoshikiRules>::empty(n)?.variant;
    let mut column = size.len() + 2;
    for (i, cell) in cells.iter().enumerate() {
        let bad = |what: String| Error::parse(1, column, format!("cell {} ({cell:?}): {what}", i + 1));
        let digits = cell.bytes().take_while(u8::is_ascii_digit).count();
        let value: usize = cell[..digits].parse().map_err(|_| bad("expected its digit first".into()))?;
        if value > n {
            return Err(bad(format!("the digit {value} is above {n}")));
        }
        puzzle.givens[i] = value as u8;
        let (r, c) = ((i / n) as i16, (i % n) as i16);
        for flag in cell[digits..].chars() {
            let (dr, dc) = match flag {
                'U' => (-1, 0),
                'D' => (1, 0),
                'L' => (0, -1),
                'R' => (0, 1),
                _ => {
                    return Err(bad(format!(
                        "{flag:?}: expected U, R, D or L (a neighbour it is greater than)"
                    )))
                }
            };
            let (nr, nc) = (r + dr, c + dc);
            if nr < 0 || nc < 0 || nr >= n as i16 || nc >= n as i16 {
                return Err(bad(format!("{flag:?}: no neighbour on that side")));
            }
            puzzle.constraints.push(Constraint::Less { cells: [Cell::new(nr, nc), Cell::new(r, c)] });
        }
        column += cell.len() + 1;
    }
    Ok(Some(puzzle))
}

/// The text form from `lines`, or `None` when the first line is no row of it.
fn from_text(lines: &[&str]) -> Result<Option<(Variant, usize)>, Error> {
    let first: Vec<char> = lines[0].trim_end().chars().collect();
    let cellish = |c: char| digit(c).is_some();
    if first.is_empty() || !first.iter().step_by(2).all(|&c| cellish(c)) {
        return Ok(None);
    }
    let n = first.len().div_ceil(2);
    if !side_ok(n) {
        return Err(Error::parse(
            1,
            1,
            format!("{n} cells in the first row; Futoshiki here is 4x4 to 16x16"),
        ));
    }
    if lines.len() < 2 * n - 1 {
        return Err(Error::parse(
            lines.len(),
            1,
            format!("the board ends after {} of its {} lines", lines.len(), 2 * n - 1),
        ));
    }
    let mut puzzle = Genre::<FutoshikiRules>::empty(n)?.variant;
    for (r, line) in lines.iter().take(2 * n - 1).enumerate() {
        let chars: Vec<char> = line.trim_end().chars().collect();
        if chars.len() > 2 * n - 1 {
            return Err(Error::parse(
                r + 1,
                2 * n,
                format!("the line is longer than the {n} cells of a row"),
            ));
        }
        for (k, &ch) in chars.iter().enumerate() {
            let bad = |what: String| Error::parse(r + 1, k + 1, format!("{ch:?}: {what}"));
            let (row, col) = ((r / 2) as i16, (k / 2) as i16);
            match (r % 2, k % 2) {
                (0, 0) => {
                    let d = digit(ch).filter(|&d| d as usize <= n);
                    puzzle.givens[(r / 2) * n + k / 2] =
                        d.ok_or_else(|| bad(format!("expected a digit 1 to {n} or .")))?;
                }
                (0, _) => {
                    let (a, b) = (Cell::new(row, col), Cell::new(row, col + 1));
                    match ch {
                        ' ' => {}
                        '<' => puzzle.constraints.push(Constraint::Less { cells: [a, b] }),
                        '>' => puzzle.constraints.push(Constraint::Less { cells: [b, a] }),
                        _ => return Err(bad("expected <, > or a space between two cells".into())),
                    }
                }
                (_, 0) => {
                    let (a, b) = (Cell::new(row, col), Cell::new(row + 1, col));
                    match ch {
                        ' ' => {}
                        '^' => puzzle.constraints.push(Constraint::Less { cells: [a, b] }),
                        'v' | 'V' => puzzle.constraints.push(Constraint::Less { cells: [b, a] }),
                        _ => return Err(bad("expected ^, v or a space under a cell".into())),
                    }
                }
                _ if ch == ' ' => {}
                _ => return Err(bad("nothing goes between four cells".into())),
            }
        }
    }
    Ok(Some((puzzle, 2 * n - 1)))
}
