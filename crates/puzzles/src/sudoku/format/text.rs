//! Reading the line and the grid, with the line and column of every mistake.

use std::sync::Arc;

use super::{boxes_mismatch, classic_boxes, digit, message_of, parse_error, region_numbers, shown, Layouts};
use crate::sudoku::{Layout, Regions, Sudoku, MAX_SIZE, MIN_SIZE};
use crate::Error;

/// The blank-separated fields of a line, with their 1-based columns, up to a `#` comment.
fn fields(line: &str) -> Vec<(usize, &str)> {
    let mut fields = Vec::new();
    let mut start = None;
    let mut column = 0;
    for (offset, c) in line.char_indices() {
        column += 1;
        match (c.is_whitespace(), start) {
            (false, None) if c == '#' => break,
            (false, None) => start = Some((column, offset)),
            (true, Some((col, from))) => {
                fields.push((col, &line[from..offset]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((col, from)) = start {
        fields.push((col, &line[from..]));
    }
    fields
}

/// Whether a line starts with a field long enough to be a whole puzzle (16 or more characters,
/// none of them a grid's separator).
pub(super) fn is_puzzle_line(line: &str) -> bool {
    fields(line).first().is_some_and(|&(_, field)| {
        field.chars().count() >= MIN_SIZE * MIN_SIZE && !field.chars().any(is_border)
    })
}

/// `3x2`: a box shape.
fn box_shape(field: &str) -> Option<(usize, usize)> {
    let (rows, cols) = field.split_once(['x', 'X'])?;
    let number =
        |s: &str| (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse().ok()).flatten();
    Some((number(rows)?, number(cols)?))
}

/// A puzzle given as a single line (a trailing newline is allowed).
pub(super) fn parse_single_line(
    text: &str,
    given: Option<&Arc<Layout>>,
    layouts: &mut Layouts,
) -> Result<Sudoku, Error> {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let line = text.strip_suffix('\n').unwrap_or(text);
    let line = line.strip_suffix('\r').unwrap_or(line);
    if line.contains('\n') {
        return Err(parse_error(2, 1, "a second line; a puzzle line is one line"));
    }
    parse_line(line, 1, given, layouts)
}

/// One puzzle line: the cells, then optional region line, box shape and `X` (see [`Format`](super::Format)).
pub(super) fn parse_line(
    line: &str,
    line_no: usize,
    given: Option<&Arc<Layout>>,
    layouts: &mut Layouts,
) -> Result<Sudoku, Error> {
    let error = |column: usize, message: String| parse_error(line_no, column, message);
    let fields = fields(line);
    let Some(&(start, cells)) = fields.first() else {
        return Err(error(1, "an empty line; expected a puzzle".to_owned()));
    };
    let count = cells.chars().count();

    // The fields after the cells: region line, box shape, X.
    let mut diagonals = None;
    let mut boxes = None;
    let mut regions = None;
    for &(column, field) in &fields[1..] {
        let slot = if field.eq_ignore_ascii_case("x") {
            diagonals.replace(column)
        } else if let Some(shape) = box_shape(field) {
            boxes.replace((column, shape)).map(|(column, _)| column)
        } else if field.chars().count() == count {
            regions.replace((column, field)).map(|(column, _)| column)
        } else {
            return Err(error(
                column,
                format!(
                    "{} is not a region line ({count} labels, one per cell), a box shape such as \
                     3x3, or X",
                    super::quoted(field)
                ),
            ));
        };
        if slot.is_some() {
            return Err(error(column, format!("{} a second time", super::quoted(field))));
        }
    }

    let size = match given {
        Some(layout) if count != layout.cells() => {
            let column = start + count.min(layout.cells());
            return Err(error(
                column,
                format!("{count} characters; a {} puzzle has {}", layout.name(), layout.cells()),
            ));
        }
        Some(layout) => layout.size(),
        None => size_of_line(count).map_err(|(cells, message)| error(start + count.min(cells), message))?,
    };

    let described = diagonals.is_some() || boxes.is_some() || regions.is_some();
    let layout = match given {
        Some(given) if !described => given.clone(),
        _ => {
            let first_field = fields.get(1).map_or(start, |&(column, _)| column);
            let layout = match (regions, boxes) {
                (Some(_), Some((column, _))) => {
                    return Err(error(column, "a jigsaw has a region line, not boxes".to_owned()))
                }
                (Some((column, field)), None) => {
                    let labels: Vec<char> = field.chars().map(|c| c.to_ascii_uppercase()).collect();
                    if let Some(bad) = labels.iter().position(|c| !c.is_ascii_alphanumeric()) {
                        return Err(error(
                            column + bad,
                            format!(
                                "{} is not a region label; expected letters or digits",
                                shown(labels[bad])
                            ),
                        ));
                    }
                    let numbers =
                        region_numbers(&labels, size).map_err(|(at, message)| error(column + at, message))?;
                    layouts.get(size, Regions::Jigsaw(numbers), diagonals.is_some())
                }
                (None, Some((column, (rows, cols)))) if rows.checked_mul(cols) != Some(size) => {
                    return Err(error(column, boxes_mismatch(rows, cols, size)))
                }
                (None, Some((_, (rows, cols)))) => {
                    layouts.get(size, Regions::Boxes { rows, cols }, diagonals.is_some())
                }
                (None, None) => layouts.classic(size, diagonals.is_some()),
            }
            .map_err(|message| {
                error(if regions.is_some() || boxes.is_some() { first_field } else { start }, message)
            })?;
            if let Some(given) = given {
                if **given != *layout {
                    return Err(error(
                        first_field,
                        format!("the line describes a {} puzzle; expected {}", layout.name(), given.name()),
                    ));
                }
            }
            layout
        }
    };

    let mut digits = Vec::with_capacity(count);
    for (i, c) in cells.chars().enumerate() {
        digits.push(digit(c, size).map_err(|message| error(start + i, message))?);
    }
    // The digits were checked against the size: this cannot fail.
    Sudoku::from_digits(layout, digits).map_err(|err| error(start, message_of(err)))
}

/// The size of a puzzle line of `count` characters, or what is wrong with it and the number of
/// characters it should have had.
fn size_of_line(count: usize) -> Result<usize, (usize, String)> {
    if let Some(size) = (MIN_SIZE..=MAX_SIZE).find(|n| n * n == count) {
        return Ok(size);
    }
    let most = MAX_SIZE * MAX_SIZE;
    if count > most {
        return Err((
            most,
            format!("{count} characters; the largest puzzle, {MAX_SIZE}x{MAX_SIZE}, has {most}"),
        ));
    }
    let nearest = (MIN_SIZE..=MAX_SIZE)
        .filter(|&n| classic_boxes(n).is_some())
        .min_by_key(|n| (n * n).abs_diff(count))
        .unwrap_or(9);
    let cells = nearest * nearest;
    Err((cells, format!("{}; a {nearest}x{nearest} puzzle has {cells}", plural(count, "character"))))
}

/// Characters that draw borders inside a grid's rows: `|` and box-drawing lines.
fn is_border(c: char) -> bool {
    c == '|' || ('\u{2500}'..='\u{257F}').contains(&c)
}

/// A line between bands: only `-`, `+`, `=`, `|`, `*`, box-drawing characters and blanks.
pub(super) fn is_separator(line: &str) -> bool {
    let line = line.trim();
    !line.is_empty()
        && line.chars().all(|c| matches!(c, '-' | '+' | '=' | '*' | ':') || is_border(c) || c.is_whitespace())
}

/// One row of a grid, split both ways: blank- or border-separated tokens, and single characters.
struct Row<'a> {
    line: usize,
    tokens: Vec<(usize, &'a str)>,
    chars: Vec<(usize, char)>,
    /// The column after the last character.
    end: usize,
}

impl<'a> Row<'a> {
    fn new(line: usize, text: &'a str) -> Self {
        let mut tokens = Vec::new();
        let mut chars = Vec::new();
        let mut start = None;
        let mut column = 0;
        for (offset, c) in text.char_indices() {
            column += 1;
            let gap = c.is_whitespace() || is_border(c);
            if !gap {
                chars.push((column, c));
            }
            match (gap, start) {
                (false, None) => start = Some((column, offset)),
                (true, Some((col, from))) => {
                    tokens.push((col, &text[from..offset]));
                    start = None;
                }
                _ => {}
            }
        }
        if let Some((col, from)) = start {
            tokens.push((col, &text[from..]));
        }
        Row { line, tokens, chars, end: column + 1 }
    }

    /// Whether every token can be one cell: one character or a number of at most two digits.
    fn tokens_are_cells(&self) -> bool {
        self.tokens.iter().all(|(_, token)| {
            token.chars().count() == 1 || (token.len() <= 2 && token.bytes().all(|b| b.is_ascii_digit()))
        })
    }

    /// How many cells the row seems to have before the size is known.
    fn width(&self) -> usize {
        if self.tokens.len() > 1 && self.tokens_are_cells() {
            self.tokens.len()
        } else {
            self.chars.len()
        }
    }

    /// The row's digits in a grid of `size`.
    fn digits(&self, size: usize, out: &mut Vec<u8>) -> Result<(), Error> {
        let error = |column: usize, message: String| parse_error(self.line, column, message);
        if self.tokens.len() == size && self.tokens_are_cells() {
            for &(column, token) in &self.tokens {
                let value = match token.parse::<usize>() {
                    Ok(value) if value <= size => value as u8,
                    Ok(_) => {
                        return Err(error(
                            column,
                            format!(
                                "{} is out of range: a {size}x{size} puzzle has digits 1-{size}",
                                super::quoted(token)
                            ),
                        ))
                    }
                    Err(_) => {
                        digit(token.chars().next().unwrap_or('?'), size).map_err(|m| error(column, m))?
                    }
                };
                out.push(value);
            }
        } else if self.chars.len() == size {
            for &(column, c) in &self.chars {
                out.push(digit(c, size).map_err(|m| error(column, m))?);
            }
        } else {
            let found = self.width();
            let column = self.chars.get(size).map_or(self.end, |&(column, _)| column);
            return Err(error(
                column,
                format!("{}; a row of a {size}x{size} grid has {size}", plural(found, "cell")),
            ));
        }
        Ok(())
    }
}

/// A grid given as the whole text: blank lines and `#` comments are skipped.
pub(super) fn parse_single_grid(
    text: &str,
    given: Option<&Arc<Layout>>,
    layouts: &mut Layouts,
) -> Result<Sudoku, Error> {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line))
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .collect();
    parse_grid(&lines, given, layouts)
}

/// The first row's width, as [`parse_grid`] guesses the size before counting rows.
pub(super) fn row_width(line: &str) -> usize {
    Row::new(0, line).width()
}

/// A grid from its lines (no blank or comment lines; separator lines allowed).
pub(super) fn parse_grid(
    lines: &[(usize, &str)],
    given: Option<&Arc<Layout>>,
    layouts: &mut Layouts,
) -> Result<Sudoku, Error> {
    let rows: Vec<Row<'_>> = lines
        .iter()
        .filter(|(_, line)| !is_separator(line))
        .map(|&(line, text)| Row::new(line, text))
        .collect();
    let Some(first) = rows.first() else {
        let line = lines.first().map_or(1, |&(line, _)| line);
        return Err(parse_error(line, 1, "no rows; expected a grid of digits"));
    };
    let after_last = rows.last().map_or(1, |row| row.line + 1);
    let size = match given {
        Some(layout) => layout.size(),
        None => {
            let width = first.width();
            let last_width = rows.last().map_or(0, Row::width);
            if rows.len() < width && width <= MAX_SIZE {
                return Err(parse_error(
                    after_last,
                    1,
                    format!(
                        "the grid ends after {}; a {width}x{width} grid has {width} rows",
                        plural(rows.len(), "row")
                    ),
                ));
            }
            if rows.len() > width && last_width == width && width >= MIN_SIZE {
                return Err(parse_error(
                    rows[width].line,
                    1,
                    format!("row {}; a {width}x{width} grid has {width} rows", width + 1),
                ));
            }
            rows.len()
        }
    };
    if rows.len() != size {
        let (line, message) = if rows.len() < size {
            (
                after_last,
                format!(
                    "the grid ends after {}; a {size}x{size} grid has {size} rows",
                    plural(rows.len(), "row")
                ),
            )
        } else {
            (rows[size].line, format!("row {}; a {size}x{size} grid has {size} rows", size + 1))
        };
        return Err(parse_error(line, 1, message));
    }
    let layout = match given {
        Some(layout) => layout.clone(),
        None => layouts.classic(size, false).map_err(|message| parse_error(first.line, 1, message))?,
    };
    let mut digits = Vec::with_capacity(size * size);
    for row in &rows {
        row.digits(size, &mut digits)?;
    }
    Sudoku::from_digits(layout, digits).map_err(|err| parse_error(first.line, 1, message_of(err)))
}

/// `1 row`, `2 rows`.
fn plural(count: usize, what: &str) -> String {
    if count == 1 {
        format!("1 {what}")
    } else {
        format!("{count} {what}s")
    }
}
