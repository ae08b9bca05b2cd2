//! PDF/X-1a:2003 (ISO 15930-4): the exchange format a printer can take without asking
//! questions. Why X-1a rather than X-4: a book is black text and lines with grey fills, and
//! X-1a allows exactly that (DeviceGray is printed on the K plate) with no transparency, and
//! it names its printing condition by a registered characterization (`FOGRA39`, in the ICC's
//! registry at `http://www.color.org`) with no ICC profile in the file. PDF/X-4 requires the
//! output profile embedded (or, as X-4p, referenced), which would mean shipping a licensed
//! profile of half a megabyte for a file that uses no colour at all.
//!
//! What X-1a:2003 asks of the file, and where each is met:
//! - PDF 1.4 at most, no encryption, no transparency, no LZW, no actions, no annotations:
//!   [`crate::pdf`] writes PDF 1.4 through krilla, which draws opaque paths and text only.
//! - Only DeviceGray, DeviceCMYK or spot colours: every fill and stroke is DeviceGray.
//! - Fonts embedded: krilla embeds the Go fonts, subset.
//! - A TrimBox (or ArtBox) on every page, inside the BleedBox, inside the MediaBox:
//!   [`crate::print::Sheet`] with `trim_box`.
//! - Info: Title, CreationDate, ModDate ([`crate::pdf`], the date from [`PdfX::created`]),
//!   `Trapped` True or False (here `/False`: nothing is trapped), `GTS_PDFXVersion`
//!   `(PDF/X-1a:2003)`; the trailer's `/ID` (krilla writes it).
//! - One OutputIntent of subtype `GTS_PDFX` in the Catalog, with an OutputConditionIdentifier;
//!   for a registered condition the RegistryName says where, and the DestOutputProfile may be
//!   left out (the PDF reference's table of output intent entries: "the production software is
//!   responsible for providing the corresponding ICC profile as defined in the registry").
//!
//! krilla writes none of the last two (it knows PDF/A, not PDF/X), so [`PdfX::finish`] rewrites
//! its file: it reads krilla's cross-reference table, copies every object, adds the keys to the
//! Info dictionary and the Catalog, appends the OutputIntent, and writes a new table. A full
//! rewrite, not an incremental update, so that the file has one revision, as a preflight
//! expects. krilla's output is plain (one classic `xref` table, dictionaries not in object
//! streams at PDF 1.4), which is what makes this small; anything else is refused as an error.

use crate::Error;

/// The registered printing condition named by the OutputIntent.
pub const CONDITION: &str = "FOGRA39";
/// Its human-readable description.
pub const CONDITION_INFO: &str = "Coated FOGRA39 (ISO 12647-2:2004)";
/// The registry of [`CONDITION`].
pub const REGISTRY: &str = "http://www.color.org";

/// Write PDF/X-1a:2003, created at `created` (seconds since 1970 UTC; the CLI takes
/// `SOURCE_DATE_EPOCH` when set, so that a build can be reproduced byte for byte).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PdfX {
    /// Creation (and modification) time, in seconds since 1970-01-01 UTC.
    pub created: i64,
}

impl PdfX {
    /// `created` as year, month (1-12), day, hour, minute, second (UTC).
    pub fn civil(&self) -> (u16, u8, u8, u8, u8, u8) {
        // Years 0 to 9999, as a PDF date writes them: 0000-01-01T00:00:00 and 9999-12-31T23:59:59 UTC.
        let created = self.created.clamp(-62_167_219_200, 253_402_300_799);
        let at =
            time::OffsetDateTime::from_unix_timestamp(created).unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
        // In range by the clamp: the year is 0 to 9999.
        let year = u16::try_from(at.year()).unwrap_or(0);
        (year, u8::from(at.month()), at.day(), at.hour(), at.minute(), at.second())
    }

    /// krilla's `pdf` with the PDF/X keys and OutputIntent added (see the module header).
    pub fn finish(&self, pdf: Vec<u8>) -> Result<Vec<u8>, Error> {
        rewrite(&pdf)
            .ok_or_else(|| Error::Pdf("the PDF is not as krilla writes it; cannot make it PDF/X".into()))
    }
}

/// Finds `needle` in `haystack` from `from`.
fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    haystack.get(from..)?.windows(needle.len()).position(|w| w == needle).map(|at| at + from)
}

/// The number after `key` in `text` (`/Size 12`, `/Root 11 0 R`).
fn number_after(text: &str, key: &str) -> Option<usize> {
    let rest = text[text.find(key)? + key.len()..].trim_start();
    let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    rest[..digits].parse().ok()
}

fn rewrite(pdf: &[u8]) -> Option<Vec<u8>> {
    let startxref = pdf.windows(9).rposition(|w| w == b"startxref")?;
    let xref_at: usize =
        std::str::from_utf8(&pdf[startxref + 9..]).ok()?.split_whitespace().next()?.parse().ok()?;
    let trailer_at = find(pdf, b"trailer", xref_at)?;
    let trailer = std::str::from_utf8(&pdf[trailer_at..startxref]).ok()?;
    let size = number_after(trailer, "/Size")?;
    let root = number_after(trailer, "/Root")?;
    let info = number_after(trailer, "/Info")?;
    let id = &trailer[trailer.find("/ID")?..];
    let id = &id[..id.find(']')? + 1];
    // The table: `xref`, `0 SIZE`, then SIZE entries `OFFSET GEN n|f`.
    let table = std::str::from_utf8(&pdf[xref_at..trailer_at]).ok()?;
    let mut words = table.split_whitespace();
    if words.next()? != "xref" || words.next()? != "0" || words.next()?.parse::<usize>().ok()? != size {
        return None;
    }
    let mut offsets = Vec::with_capacity(size);
    for _ in 0..size {
        let (offset, _generation, kind) = (words.next()?, words.next()?, words.next()?);
        offsets.push((kind == "n").then(|| offset.parse::<usize>()).transpose().ok()?);
    }
    // Each object runs from its offset to the next object's, the last to the table.
    let mut starts: Vec<usize> = offsets.iter().flatten().copied().collect();
    starts.sort_unstable();
    let first = *starts.first()?;
    let end_of = |start: usize| starts.iter().find(|&&s| s > start).copied().unwrap_or(xref_at);
    let mut out = Vec::with_capacity(pdf.len() + 1024);
    out.extend_from_slice(&pdf[..first]);
    let intent = size;
    let mut new_offsets = vec![None; size + 1];
    for (number, offset) in offsets.iter().enumerate() {
        let Some(start) = *offset else { continue };
        let object = &pdf[start..end_of(start)];
        if !object.starts_with(format!("{number} 0 obj").as_bytes()) {
            return None;
        }
        new_offsets[number] = Some(out.len());
        let extra = if number == info {
            "/GTS_PDFXVersion(PDF/X-1a:2003)/Trapped/False".to_string()
        } else if number == root {
            format!("/OutputIntents[{intent} 0 R]")
        } else {
            out.extend_from_slice(object);
            continue;
        };
        let open = find(object, b"<<", 0)? + 2;
        out.extend_from_slice(&object[..open]);
        out.extend_from_slice(extra.as_bytes());
        out.extend_from_slice(&object[open..]);
    }
    new_offsets[intent] = Some(out.len());
    out.extend_from_slice(
        format!(
            "{intent} 0 obj\n<</Type/OutputIntent/S/GTS_PDFX/OutputConditionIdentifier({CONDITION})\
             /OutputCondition({})/RegistryName({REGISTRY})/Info({})>>\nendobj\n\n",
            escape(CONDITION_INFO),
            escape(CONDITION_INFO)
        )
        .as_bytes(),
    );
    let xref = out.len();
    out.extend_from_slice(format!("xref\n0 {}\n", size + 1).as_bytes());
    for offset in &new_offsets {
        match offset {
            Some(offset) => out.extend_from_slice(format!("{offset:010} 00000 n\r\n").as_bytes()),
            None => out.extend_from_slice(b"0000000000 65535 f\r\n"),
        }
    }
    out.extend_from_slice(
        format!(
            "trailer\n<</Size {}/Root {root} 0 R/Info {info} 0 R{id}>>\nstartxref\n{xref}\n%%EOF",
            size + 1
        )
        .as_bytes(),
    );
    Some(out)
}

/// A PDF literal string's body: parentheses and backslashes escaped.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('(', "\\(").replace(')', "\\)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(PdfX { created: 0 }.civil(), (1970, 1, 1, 0, 0, 0));
        assert_eq!(PdfX { created: 951_782_400 }.civil(), (2000, 2, 29, 0, 0, 0));
        assert_eq!(PdfX { created: 1_700_000_000 }.civil(), (2023, 11, 14, 22, 13, 20));
        assert_eq!(PdfX { created: -1 }.civil(), (1969, 12, 31, 23, 59, 59));
        assert_eq!(PdfX { created: i64::MIN }.civil(), (0, 1, 1, 0, 0, 0), "clamped to a PDF date");
        assert_eq!(PdfX { created: i64::MAX }.civil(), (9999, 12, 31, 23, 59, 59), "clamped to a PDF date");
    }

    #[test]
    fn what_is_not_a_krilla_pdf_is_refused() {
        assert!(PdfX { created: 0 }.finish(b"%PDF-1.4\nnothing".to_vec()).is_err());
    }

    /// Checks the cross-reference table of `pdf` on its own: `startxref` points at `xref`, and
    /// every entry in use at `N 0 obj` of its own number. Gives the number of objects.
    fn objects_where_the_table_says(pdf: &[u8]) -> usize {
        let startxref = pdf.windows(9).rposition(|w| w == b"startxref").unwrap();
        let tail = String::from_utf8_lossy(&pdf[startxref + 9..]).into_owned();
        let at: usize = tail.split_whitespace().next().unwrap().parse().unwrap();
        // From `xref` on, the file is ASCII.
        let table = std::str::from_utf8(&pdf[at..]).unwrap();
        assert!(table.starts_with("xref\n0 "));
        let mut lines = table.lines().skip(1);
        let size: usize = lines.next().unwrap().split_whitespace().nth(1).unwrap().parse().unwrap();
        for (number, line) in lines.take(size).enumerate() {
            let fields: Vec<&str> = line.split_whitespace().collect();
            if fields[2] == "n" {
                let offset: usize = fields[0].parse().unwrap();
                let object = format!("{number} 0 obj");
                assert!(pdf[offset..].starts_with(object.as_bytes()), "object {number} at {offset}");
            }
        }
        assert!(table.contains(&format!("/Size {size}/")));
        size
    }

    #[test]
    fn the_rewritten_file_has_one_table_that_finds_every_object() {
        use crate::{Book, Entry};
        for (count, bleed_um, crop_marks) in [(1, 0, false), (7, 3175, true), (30, 3000, false)] {
            let entry = Entry::empty_9x9(2);
            let book = |pdfx| Book {
                title: "T (1)".into(),
                bleed_um,
                crop_marks,
                entries: vec![entry.clone(); count],
                per_page: 4,
                pdfx,
                ..Book::default()
            };
            let plain = book(None).pdf().unwrap();
            let x = book(Some(PdfX { created: 0 })).pdf().unwrap();
            assert_eq!(String::from_utf8_lossy(&x).matches("startxref").count(), 1, "one revision");
            // One object more than krilla wrote: the OutputIntent, which the Catalog names.
            let size = objects_where_the_table_says(&x);
            assert!(size > 3);
            let text = String::from_utf8_lossy(&x);
            assert!(text.contains(&format!("/OutputIntents[{} 0 R]", size - 1)));
            assert!(text.contains(&format!("{} 0 obj\n<</Type/OutputIntent/S/GTS_PDFX", size - 1)));
            assert!(text.starts_with("%PDF-1.4") && String::from_utf8_lossy(&plain).starts_with("%PDF-1.7"));
        }
    }
}
