//! Skyscrapers: a Latin square whose digits are buildings' heights, with clues around it that
//! count the buildings seen from there ([`Constraint::Skyscraper`]); givens allowed.
//!
//! Forms read (one puzzle after another, blank and `#` lines between):
//! - a puzz.link address, `https://puzz.link/p?skyscrapers/N/N/BODY` (pzprjs also says
//!   `building`): the outside clues as number16 over the frame (top, bottom, left, right), then,
//!   only when there are givens, the cells' givens as number16 (see `common::puzzlink`);
//! - the text form ([`Rules::write`]): N+2 lines of N+2 tokens between spaces, the frame's clues
//!   around the grid's digits, `.` for nothing (and in the four corners):
//!
//! ```text
//! . 2 1 . .
//! 3 . . . . 1
//! ```
//!
//! (a 4x4 board takes six such lines); Tessera's JSON on one line.

use super::{digit, digit_char, side_ok, Genre, Rules};
use crate::common::puzzlink::{Clue, Outside, Reader, Url, Writer};
use crate::variant::model::{Cell, Constraint, Variant};
use crate::variant::rules;
use crate::variant::Difficulty;
use crate::Error;

/// The genre's rules ([`Rules`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SkyscrapersRules;

/// A Skyscrapers puzzle.
pub type Skyscrapers = Genre<SkyscrapersRules>;

/// pzprjs's names of the genre.
const GENRES: [&str; 3] = ["skyscrapers", "building", "skyscraper"];

impl Rules for SkyscrapersRules {
    const NAME: &'static str = "skyscrapers";
    const TITLE: &'static str = "Skyscrapers";
    const RULES: &'static str = "Fill the grid with buildings of heights 1 to N, each height once in every row and column. A number outside the grid counts the buildings seen from there: a taller building hides the lower ones behind it.";
    const SIDES: std::ops::RangeInclusive<usize> = 4..=9;
    /// Edge clues and singles; the views of lines; trial (no pair or subset is ever the hardest
    /// step a Latin square of these clues needs, so "hard" is none).
    const LEVELS: &'static [Difficulty] = &[Difficulty::Easy, Difficulty::Medium, Difficulty::Expert];

    fn admits(constraint: &Constraint) -> bool {
        matches!(constraint, Constraint::Skyscraper { .. })
    }

    fn parse(lines: &[&str]) -> Result<Option<(Variant, usize)>, Error> {
        let first = lines[0].trim();
        if first.contains('?') || GENRES.iter().any(|g| first.starts_with(&format!("{g}/"))) {
            return from_url(first).map(|v| Some((v, 1)));
        }
        from_text(lines)
    }

    fn write(puzzle: &Variant) -> String {
        let n = puzzle.size;
        let mut frame = vec![vec![".".to_string(); n + 2]; n + 2];
        for (r, row) in frame.iter_mut().enumerate().skip(1).take(n) {
            for (c, token) in row.iter_mut().enumerate().skip(1).take(n) {
                *token = digit_char(puzzle.givens[(r - 1) * n + c - 1]).to_string();
            }
        }
        for constraint in &puzzle.constraints {
            if let Constraint::Skyscraper { clue, count } = constraint {
                frame[(clue.row + 1) as usize][(clue.col + 1) as usize] = count.to_string();
            }
        }
        frame.iter().map(|row| row.join(" ") + "\n").collect()
    }

    fn url(puzzle: &Variant) -> Option<String> {
        let n = puzzle.size;
        let mut outside =
            Outside { top: vec![None; n], bottom: vec![None; n], left: vec![None; n], right: vec![None; n] };
        for constraint in &puzzle.constraints {
            if let Constraint::Skyscraper { clue, count } = *constraint {
                let (r, c, n16) = (clue.row, clue.col, n as i16);
                let at = Some(Clue::Number(count));
                match () {
                    _ if r == -1 => outside.top[c as usize] = at,
                    _ if r == n16 => outside.bottom[c as usize] = at,
                    _ if c == -1 => outside.left[r as usize] = at,
                    _ => outside.right[r as usize] = at,
                }
            }
        }
        let mut writer = Writer::new();
        writer.outside16(&outside);
        if puzzle.givens.iter().any(|&g| g != 0) {
            let cells: Vec<Option<Clue>> =
                puzzle.givens.iter().map(|&g| (g != 0).then_some(Clue::Number(u32::from(g)))).collect();
            writer.numbers16(&cells);
        }
        Some(Url::new("skyscrapers", n, n, writer.finish()).to_string())
    }

    /// Top, bottom, left, right, as puzz.link writes them.
    fn rank(constraint: &Constraint, n: usize) -> (u8, i16, i16) {
        match constraint {
            Constraint::Skyscraper { clue, .. } => match (clue.row, clue.col) {
                (-1, c) => (0, c, 0),
                (r, c) if r == n as i16 => (1, c, 0),
                (r, -1) => (2, r, 0),
                (r, _) => (3, r, 0),
            },
            _ => (9, 0, 0),
        }
    }

    fn clues(n: usize, grid: &[u8]) -> Vec<Constraint> {
        let n16 = n as i16;
        let mut clues = Vec::new();
        for k in 0..n16 {
            for clue in [Cell::new(-1, k), Cell::new(n16, k), Cell::new(k, -1), Cell::new(k, n16)] {
                let line = rules::skyscraper_cells(n, clue);
                let count = rules::skyscrapers_seen(line.iter().map(|&i| grid[i]));
                clues.push(Constraint::Skyscraper { clue, count });
            }
        }
        clues
    }
}

/// A board of side `n` with no clues.
fn board(n: usize) -> Variant {
    Skyscrapers::empty(n).map(|g| g.variant).unwrap_or_else(|_| Variant::classic(n))
}

/// A puzz.link address.
pub(crate) fn from_url(text: &str) -> Result<Variant, Error> {
    let url = Url::parse(text)?;
    if !GENRES.contains(&url.genre.as_str()) {
        return Err(Error::parse(1, 1, format!("a {:?} address is not Skyscrapers", url.genre)));
    }
    let n = url.cols;
    if url.rows != n || !side_ok(n) {
        return Err(Error::parse(
            1,
            1,
            format!("a {}x{} board: Skyscrapers here is square, 4x4 to 16x16", url.cols, url.rows),
        ));
    }
    let mut reader: Reader<'_> = url.reader();
    let outside = reader.outside16(n, n)?;
    let givens = if reader.rest().is_empty() { vec![None; n * n] } else { reader.numbers16(n * n)? };
    reader.finish()?;
    let mut puzzle = board(n);
    let n16 = n as i16;
    let sides = [&outside.top, &outside.bottom, &outside.left, &outside.right];
    for (side, clues) in sides.into_iter().enumerate() {
        for (k, clue) in clues.iter().enumerate() {
            let k = k as i16;
            let at = [Cell::new(-1, k), Cell::new(n16, k), Cell::new(k, -1), Cell::new(k, n16)][side];
            match clue {
                Some(Clue::Number(count)) => {
                    puzzle.constraints.push(Constraint::Skyscraper { clue: at, count: *count });
                }
                Some(Clue::Unknown) => return Err(reader.error(format!("the clue at {at} has no number"))),
                None => {}
            }
        }
    }
    for (i, given) in givens.iter().enumerate() {
        match given {
            Some(Clue::Number(d)) if (1..=n as u32).contains(d) => puzzle.givens[i] = *d as u8,
            Some(other) => {
                return Err(
                    reader.error(format!("the given at {} is {other:?}, not 1 to {n}", Cell::at(i, n)))
                );
            }
            None => {}
        }
    }
    Ok(puzzle)
}

/// The text form from `lines`, or `None` when the first line is no row of it.
fn from_text(lines: &[&str]) -> Result<Option<(Variant, usize)>, Error> {
    let tokens: Vec<Vec<&str>> = lines.iter().map(|l| l.split_whitespace().collect()).collect();
    let width = tokens[0].len();
    let looks = |t: &str| {
        t == "."
            || t.parse::<u32>().is_ok()
            || (t.len() == 1 && digit(t.chars().next().unwrap_or('x')).is_some())
    };
    if width < 3 || !tokens[0].iter().all(|t| looks(t)) {
        return Ok(None);
    }
    let n = width - 2;
    if !side_ok(n) {
        return Err(Error::parse(
            1,
            1,
            format!("{width} tokens: a board of side {n}; Skyscrapers here is 4x4 to 16x16"),
        ));
    }
    if tokens.len() < n + 2 {
        return Err(Error::parse(
            tokens.len(),
            1,
            format!("the board ends after {} of its {} lines", tokens.len(), n + 2),
        ));
    }
    let mut puzzle = board(n);
    for (r, row) in tokens.iter().take(n + 2).enumerate() {
        if row.len() != width {
            return Err(Error::parse(r + 1, 1, format!("{} tokens; the first line has {width}", row.len())));
        }
        for (c, &token) in row.iter().enumerate() {
            let bad = |what: &str| Error::parse(r + 1, 1, format!("token {} is {token:?}: {what}", c + 1));
            let frame_row = r == 0 || r == n + 1;
            let frame_col = c == 0 || c == n + 1;
            if token == "." {
                continue;
            }
            if frame_row && frame_col {
                return Err(bad("a corner holds no clue"));
            }
            let cell = Cell::new(r as i16 - 1, c as i16 - 1);
            if frame_row || frame_col {
                let count: u32 = token.parse().map_err(|_| bad("expected a count or ."))?;
                puzzle.constraints.push(Constraint::Skyscraper { clue: cell, count });
            } else {
                let d = token
                    .parse::<u8>()
                    .ok()
                    .or_else(|| token.chars().next().and_then(digit).filter(|_| token.len() == 1))
                    .filter(|&d| (1..=n as u8).contains(&d))
                    .ok_or_else(|| bad(&format!("expected a digit 1 to {n} or .")))?;
                puzzle.givens[(r - 1) * n + c - 1] = d;
            }
        }
    }
    Ok(Some((puzzle, n + 2)))
}
