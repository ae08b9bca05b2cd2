//! The book's pages from the puzzles made: each puzzle's label (`--show`, `--first-number`),
//! the printer's options (`--gutter`, `--crop-marks`, `--pdfx`), and the files written.
//!
//! A label is the fields of `--show` joined by ` · `, in the order given: the level, the number
//! (`#12`, counted from `--first-number`), the seed or id, the SE estimate (`SE 3.4`); `stars`
//! draws the level as 1 to 5 stars after the words. The answer key labels every answer by its
//! number alone, whatever `--show` says, so that it always points back at its puzzle.
//!
//! `--pdfx` dates the file from `SOURCE_DATE_EPOCH` when it is set (the reproducible-builds
//! convention), so that the same book can be made byte for byte again; otherwise from the clock.

use std::path::Path;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use anyhow::{bail, Context, Result};
use tessera_print::{Book, Entry, PdfX, Section};

use super::book::{capitalised, Made};
use super::Status;
use crate::args::{BookOutputArgs, LabelField};

/// A book of `entries` with every printing option of `out`.
pub(super) fn book(
    out: &BookOutputArgs,
    title: String,
    entries: Vec<Entry>,
    sections: Vec<Section>,
) -> Result<Book> {
    if out.crop_marks && out.bleed == 0 {
        bail!("--crop-marks: the marks are drawn outside the bleed; give --bleed too, e.g. --bleed 0.125in");
    }
    let pdfx = out.pdfx.then(|| created().map(|created| PdfX { created })).transpose()?;
    Ok(Book {
        title,
        page: out.page,
        bleed_um: out.bleed,
        per_page: out.per_page as usize,
        entries,
        sections,
        gutter_um: out.gutter,
        crop_marks: out.crop_marks,
        pdfx,
    })
}

/// `SOURCE_DATE_EPOCH` (seconds since 1970), or now.
fn created() -> Result<i64> {
    match std::env::var("SOURCE_DATE_EPOCH") {
        Ok(text) => text.trim().parse().with_context(|| {
            format!("SOURCE_DATE_EPOCH={text:?}: expected whole seconds since 1970-01-01 (the PDF/X creation date)")
        }),
        Err(_) => Ok(SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)),
    }
}

/// Refuses `--show se` where the puzzles have no SE estimate.
pub(super) fn check_show(out: &BookOutputArgs, what: &str) -> Result<()> {
    if out.show.contains(&LabelField::Se) {
        bail!("--show se: only Sudoku has an SE estimate; {what} books can show level, number, id and stars");
    }
    Ok(())
}

/// The entry of `made` as puzzle `number`.
pub(super) fn entry(out: &BookOutputArgs, made: &Made, number: u64) -> Entry {
    let mut words = Vec::new();
    let mut stars = 0;
    for field in &out.show {
        match field {
            LabelField::Level if !made.level.is_empty() => words.push(capitalised(made.level)),
            LabelField::Number => words.push(format!("#{number}")),
            LabelField::Id => words.push(made.id.clone()),
            LabelField::Se => words.extend(made.se.map(|se| format!("SE {se:.1}"))),
            LabelField::Stars => stars = level_stars(made.level),
            LabelField::Level | LabelField::None => {}
        }
    }
    Entry {
        puzzle: made.puzzle.clone(),
        key: made.key.clone(),
        label: words.join(" · "),
        key_label: format!("#{number}"),
        stars,
    }
}

/// A level as stars of five: easy 1, medium 2, hard 3, expert 4, anything harder 5.
pub(super) fn level_stars(level: &str) -> u8 {
    match level {
        "" => 0,
        "easy" => 1,
        "medium" => 2,
        "hard" => 3,
        "expert" => 4,
        _ => 5,
    }
}

/// Lays out `made` and writes the book, then says what was written.
pub(super) fn write(
    out: &BookOutputArgs,
    title: String,
    made: &[Made],
    sections: Vec<Section>,
    start: Instant,
) -> Result<Status> {
    let entries = made.iter().zip(out.first_number..).map(|(one, number)| entry(out, one, number)).collect();
    let book = book(out, title, entries, sections)?;
    let pages = if out.svg { write_svg(&book, &out.output)? } else { write_pdf(&book, &out.output)? };
    super::report::note(&format!(
        "wrote {}: {} puzzles on {} pages ({}, {} a page{}) in {:.1} s",
        out.output.display(),
        made.len(),
        pages,
        out.page.name(),
        out.per_page,
        if out.pdfx { ", PDF/X-1a:2003" } else { "" },
        start.elapsed().as_secs_f64()
    ));
    Ok(Status::Done)
}

fn write_pdf(book: &Book, path: &Path) -> Result<usize> {
    let pages = book.pages()?.len();
    let pdf = book.pdf()?;
    std::fs::write(path, pdf).with_context(|| format!("writing {}", path.display()))?;
    Ok(pages)
}

/// Writes `page-001.svg`, ... into the directory `dir` (made if missing), after removing the
/// `page-*.svg` files of an earlier book.
fn write_svg(book: &Book, dir: &Path) -> Result<usize> {
    let pages = book.svg()?;
    if dir.exists() && !dir.is_dir() {
        bail!("{}: with --svg, -o names a directory, and this is a file", dir.display());
    }
    std::fs::create_dir_all(dir).with_context(|| format!("making the directory {}", dir.display()))?;
    for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with("page-") && name.ends_with(".svg") {
            std::fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
        }
    }
    let width = pages.len().to_string().len().max(3);
    for (i, svg) in pages.iter().enumerate() {
        let path = dir.join(format!("page-{:0width$}.svg", i + 1));
        std::fs::write(&path, svg).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(pages.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_one_to_five_stars() {
        let names = ["easy", "medium", "hard", "expert", "extreme", "fiendish", "diabolical"];
        let stars: Vec<u8> = names.iter().map(|n| level_stars(n)).collect();
        assert_eq!(stars, [1, 2, 3, 4, 5, 5, 5]);
        assert_eq!(level_stars(""), 0);
    }
}
