//! Reading back what `sudoku generate --format csv` writes: a header line whose first field is
//! `puzzle` (`puzzle,solution,seed,level,score,se,clues,hardest`), then one row a puzzle, fields
//! quoted by RFC 4180 when they hold a comma, a quote or a line break. The readers of puzzle files
//! ([`super::files::SkipGaveUp`]) turn such a file into one the puzzle parser reads, line for
//! line, so that line numbers in messages stay true: the header becomes a comment, each row its
//! `puzzle` field, and a row of a puzzle given up on (`,,SEED,gave-up,,,,`: no puzzle) a comment
//! with a note. `sudoku verify` takes a file of one row as its puzzle (the `puzzle` field) or its
//! answer (the `solution` field).

/// Whether `line` is the header of a puzzle CSV: its first field is `puzzle`, and it has more.
pub(crate) fn is_header(line: &[u8]) -> bool {
    let line = line.trim_ascii();
    line.starts_with(b"puzzle,") && line.split(|&b| b == b',').all(|field| !field.is_empty())
}

/// The fields of one CSV row (no line break in it): RFC 4180 quoting undone; `None` for a quote
/// that is not closed, or text after a closing quote.
pub(crate) fn fields(row: &str) -> Option<Vec<String>> {
    let mut fields = Vec::new();
    let mut chars = row.trim_end_matches(['\r', '\n']).chars().peekable();
    loop {
        let mut field = String::new();
        if chars.peek() == Some(&'"') {
            chars.next();
            loop {
                match chars.next()? {
                    '"' if chars.peek() == Some(&'"') => {
                        chars.next();
                        field.push('"');
                    }
                    '"' => break,
                    other => field.push(other),
                }
            }
            match chars.next() {
                None => {
                    fields.push(field);
                    return Some(fields);
                }
                Some(',') => {}
                Some(_) => return None,
            }
        } else {
            loop {
                match chars.next() {
                    None => {
                        fields.push(field);
                        return Some(fields);
                    }
                    Some(',') => break,
                    Some(other) => field.push(other),
                }
            }
        }
        fields.push(field);
    }
}

/// What a row of a puzzle CSV becomes for the puzzle parser: the
/// `puzzle` field and a line break; a comment (`#`) for a row given up on (`Err(())`, to be
/// noted). A row that cannot be split is passed on whole, for the parser to report with its line.
/// The `puzzle` column is the first, as `generate` writes it.
pub(crate) fn row_as_line(row: &str) -> Result<String, ()> {
    let ends = if row.ends_with('\n') { "\n" } else { "" };
    let body = row.trim_end_matches(['\r', '\n']);
    if body.trim().is_empty() || body.trim_start().starts_with('#') {
        return Ok(row.to_owned());
    }
    match fields(body) {
        Some(fields) if fields[0].is_empty() && fields.get(3).is_some_and(|level| level == "gave-up") => {
            Err(())
        }
        Some(fields) => Ok(format!("{}{ends}", fields[0])),
        None => Ok(row.to_owned()),
    }
}

/// The one row of a CSV text with a header: the named column of its only row, or `None` when the
/// text is not such a CSV.
pub(crate) fn single_field(text: &str, column: &str) -> Option<String> {
    let mut lines =
        text.lines().filter(|line| !line.trim().is_empty() && !line.trim_start().starts_with('#'));
    let header = lines.next()?;
    if !is_header(header.as_bytes()) {
        return None;
    }
    let row = lines.next()?;
    if lines.next().is_some() {
        return None;
    }
    let index = fields(header)?.iter().position(|name| name == column)?;
    fields(row)?.get(index).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_split_and_quotes_come_off() {
        assert_eq!(fields("a,b,,c"), Some(vec!["a".into(), "b".into(), String::new(), "c".into()]));
        assert_eq!(
            fields("\"x,y\",\"say \"\"hi\"\"\",z\r\n"),
            Some(vec!["x,y".into(), "say \"hi\"".into(), "z".into()])
        );
        assert_eq!(fields("\"open"), None);
        assert_eq!(fields("\"a\"b"), None);
        assert!(is_header(b"puzzle,solution,seed,level,score,se,clues,hardest\n"));
        assert!(!is_header(b"puzzle"));
        assert!(!is_header(b"1.3.......2....4"));
    }

    #[test]
    fn rows_become_lines() {
        assert_eq!(row_as_line("1.3.,1234,7,easy,1,1.0,2,Naked single\n"), Ok("1.3.\n".to_owned()));
        assert_eq!(row_as_line(",,7,gave-up,,,,\n"), Err(()));
        assert_eq!(row_as_line("\n"), Ok("\n".to_owned()));
        let csv = "puzzle,solution,seed\n1.3.,1234,7\n";
        assert_eq!(single_field(csv, "solution").as_deref(), Some("1234"));
        assert_eq!(single_field(csv, "puzzle").as_deref(), Some("1.3."));
        assert_eq!(single_field("1.3.", "puzzle"), None);
    }
}
