//! A registry of puzzles already published: one canonical form a line in a text file that the
//! generators read at start and append to as they make puzzles, so that no puzzle (up to the
//! puzzle's symmetries) is printed twice across runs, volumes and overlapping seed ranges.
//!
//! # The file
//!
//! ```text
//! # tessera registry 1
//! sudoku 3x3 .........1..2..3...4.5...
//! hidato 7x7 1,.,#,...
//! ```
//!
//! The first line names the format and its version ([`HEADER`]); a file that is empty is given
//! it. Every other line is an [`Entry`]: the puzzle kind, its layout and its canonical form,
//! separated by one space; blank lines and other lines starting with `#` (a publisher's notes)
//! are skipped. The layout is part of the key, so one file serves every size and kind: a 9x9
//! puzzle never matches a 16x16 one, and a registry kept for 9x9 volumes can be given to a 16x16
//! run (which then finds nothing of its own in it) rather than being refused. Each puzzle module
//! says what its layout and form are and checks them when the file is read (the `check`
//! function given to [`Registry::open`]); a line that fails is an error naming the file and the
//! line, since a registry that cannot be trusted cannot promise anything.
//!
//! # Two runs at once
//!
//! Every change is one `write` of one whole line to a file opened with `O_APPEND`, flushed at
//! once (a run killed halfway keeps every line it wrote, and a line is the last thing written
//! before the puzzle is printed, so nothing printed is missing from the file). On Unix each
//! check-and-append holds an exclusive `flock` on the registry file itself: under the lock the
//! lines other runs appended since the last look are read first, so two runs on the same file
//! (even over the same seeds) never both print a puzzle, and the lock is held only for that
//! moment. A lock that stays taken for [`LOCK_WAIT`] is an error rather than a hang. (Without
//! `flock`, on other systems, appends are still whole lines, but two simultaneous runs may both
//! print a puzzle that neither had seen.)

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::Error;

/// The first line of every registry: the format and its version.
pub const HEADER: &str = "# tessera registry 1";

/// How long a check-and-append waits for another run's lock before giving up.
pub const LOCK_WAIT: Duration = Duration::from_secs(30);

/// One line of a registry: a puzzle's kind (`sudoku`, `hidato`, ...), its layout (`3x3` boxes,
/// a `7x7` board, ...) and its canonical form; none holds a space.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The puzzle kind, a lowercase word.
    pub kind: String,
    /// The layout, as the kind writes it.
    pub layout: String,
    /// The canonical form: the same for every puzzle equivalent to this one.
    pub form: String,
}

impl Entry {
    /// The line in the file, without its break.
    pub fn line(&self) -> String {
        format!("{} {} {}", self.kind, self.layout, self.form)
    }

    /// An entry from a line of the file; the message says what is wrong.
    pub fn parse(line: &str) -> Result<Entry, String> {
        let mut fields = line.split(' ');
        let (Some(kind), Some(layout), Some(form), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(format!(
                "expected KIND LAYOUT FORM separated by single spaces (e.g. `sudoku 3x3 1...`), found {:?}",
                shorten(line)
            ));
        };
        if kind.is_empty() || !kind.bytes().all(|b| b.is_ascii_lowercase()) {
            return Err(format!("the kind {:?} is not a lowercase word", shorten(kind)));
        }
        for (what, token) in [("layout", layout), ("form", form)] {
            if token.is_empty() || !token.bytes().all(|b| b.is_ascii_graphic()) {
                return Err(format!("the {what} {:?} is empty or not printable ASCII", shorten(token)));
            }
        }
        Ok(Entry { kind: kind.to_owned(), layout: layout.to_owned(), form: form.to_owned() })
    }
}

/// At most 40 characters of a token, for messages.
fn shorten(text: &str) -> String {
    let mut short: String = text.chars().take(40).collect();
    if short.len() < text.len() {
        short.push('…');
    }
    short
}

/// The check of each entry read, by kind: `Err(message)` for a line that is not an entry of a
/// known kind.
pub type Check = dyn Fn(&Entry) -> Result<(), String> + Send + Sync;

/// A registry file, open for reading and appending (see the module header).
///
/// ```
/// use tessera::common::registry::{Entry, Registry};
/// let path = std::env::temp_dir().join(format!("tessera-doc-registry-{}", std::process::id()));
/// # let _ = std::fs::remove_file(&path);
/// let mut registry = Registry::open(&path, Box::new(|_| Ok(()))).unwrap();
/// let entry = Entry { kind: "sudoku".into(), layout: "2x2".into(), form: "1.3.".into() };
/// assert!(registry.insert(&entry).unwrap()); // new: appended
/// assert!(!registry.insert(&entry).unwrap()); // already there
/// let again = Registry::open(&path, Box::new(|_| Ok(()))).unwrap();
/// assert_eq!(again.len(), 1);
/// # std::fs::remove_file(&path).unwrap();
/// ```
pub struct Registry {
    path: PathBuf,
    file: File,
    seen: HashSet<Entry>,
    /// Bytes of the file read so far (all whole lines).
    read_to: u64,
    /// Lines read so far.
    lines: usize,
    /// Entries this registry appended.
    added: u64,
    check: Box<Check>,
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Registry")
            .field("path", &self.path)
            .field("entries", &self.seen.len())
            .field("added", &self.added)
            .finish_non_exhaustive()
    }
}

impl Registry {
    /// Opens (or creates, with its header) the registry at `path` and reads every entry,
    /// each checked by `check`. Errors name the file, and the line of a bad line.
    pub fn open(path: &Path, check: Box<Check>) -> Result<Registry, Error> {
        let file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(|err| registry_error(path, None, format!("cannot be opened: {err}")))?;
        let mut registry = Registry {
            path: path.to_owned(),
            file,
            seen: HashSet::new(),
            read_to: 0,
            lines: 0,
            added: 0,
            check,
        };
        registry.locked(|registry| {
            registry.catch_up()?;
            if registry.read_to == 0 {
                registry.append(&format!("{HEADER}\n"))?;
            }
            Ok(())
        })?;
        Ok(registry)
    }

    /// The path it was opened from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Entries known: read from the file and added since.
    pub fn len(&self) -> usize {
        self.seen.len()
    }

    /// Whether it holds no entry.
    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }

    /// Entries this run appended.
    pub fn added(&self) -> u64 {
        self.added
    }

    /// Whether `entry` is in the file, lines other runs appended since the last look included.
    pub fn contains(&mut self, entry: &Entry) -> Result<bool, Error> {
        self.locked(|registry| {
            registry.catch_up()?;
            Ok(registry.seen.contains(entry))
        })
    }

    /// Appends `entry` unless it is there already (other runs' lines included): `true` when it
    /// was new and is now written through to the file.
    pub fn insert(&mut self, entry: &Entry) -> Result<bool, Error> {
        (self.check)(entry)
            .map_err(|message| registry_error(&self.path, None, format!("new entry: {message}")))?;
        self.locked(|registry| {
            registry.catch_up()?;
            if registry.seen.contains(entry) {
                return Ok(false);
            }
            registry.append(&format!("{}\n", entry.line()))?;
            registry.seen.insert(entry.clone());
            registry.added += 1;
            Ok(true)
        })
    }

    /// Reads the lines appended since the last look (by this run or another).
    fn catch_up(&mut self) -> Result<(), Error> {
        let mut text = Vec::new();
        self.file
            .seek(SeekFrom::Start(self.read_to))
            .and_then(|_| self.file.read_to_end(&mut text))
            .map_err(|err| registry_error(&self.path, None, format!("cannot be read: {err}")))?;
        // A last line without its break (a write cut short by a crash) is read too; the next
        // append starts on a new line.
        let mut start = 0;
        while start < text.len() {
            let end = text[start..].iter().position(|&b| b == b'\n').map_or(text.len(), |i| start + i + 1);
            let number = self.lines + 1;
            let raw = &text[start..end];
            let line = std::str::from_utf8(raw)
                .map_err(|_| registry_error(&self.path, Some(number), "not UTF-8 text".to_owned()))?;
            let line = line.trim_end_matches(['\n', '\r']);
            self.read_line(number, line)?;
            self.lines += 1;
            self.read_to += raw.len() as u64;
            start = end;
        }
        Ok(())
    }

    /// One line of the file, numbered from 1.
    fn read_line(&mut self, number: usize, line: &str) -> Result<(), Error> {
        if number == 1 {
            if line != HEADER {
                return Err(registry_error(
                    &self.path,
                    Some(1),
                    format!(
                        "expected the header {HEADER:?}, found {:?}; not a Tessera registry (give a new \
                         or empty file to start one)",
                        shorten(line)
                    ),
                ));
            }
            return Ok(());
        }
        if line.trim().is_empty() || line.starts_with('#') {
            return Ok(());
        }
        let entry = Entry::parse(line).and_then(|entry| (self.check)(&entry).map(|()| entry));
        match entry {
            Ok(entry) => {
                self.seen.insert(entry);
                Ok(())
            }
            Err(message) => Err(registry_error(&self.path, Some(number), message)),
        }
    }

    /// Writes `text` (whole lines) in one call at the end of the file, on a new line.
    fn append(&mut self, text: &str) -> Result<(), Error> {
        let mut bytes = Vec::with_capacity(text.len() + 1);
        if self.read_to > 0 && !self.ends_with_break()? {
            bytes.push(b'\n');
        }
        bytes.extend_from_slice(text.as_bytes());
        self.file
            .write_all(&bytes)
            .and_then(|()| self.file.flush())
            .map_err(|err| registry_error(&self.path, None, format!("cannot be written: {err}")))?;
        // Our own line, read back as the others' are: the next look starts after it.
        self.catch_up()
    }

    /// Whether the file's last byte is a line break.
    fn ends_with_break(&mut self) -> Result<bool, Error> {
        let mut last = [0u8];
        self.file
            .seek(SeekFrom::Start(self.read_to - 1))
            .and_then(|_| self.file.read_exact(&mut last))
            .map_err(|err| registry_error(&self.path, None, format!("cannot be read: {err}")))?;
        Ok(last[0] == b'\n')
    }

    /// Runs `work` holding the file's exclusive lock.
    fn locked<T>(&mut self, work: impl FnOnce(&mut Self) -> Result<T, Error>) -> Result<T, Error> {
        lock::acquire(&self.file, &self.path)?;
        let result = work(self);
        lock::release(&self.file);
        result
    }
}

/// An error about the registry at `path`.
fn registry_error(path: &Path, line: Option<usize>, message: String) -> Error {
    Error::Registry { path: path.display().to_string(), line, message }
}

#[cfg(unix)]
mod lock {
    //! `flock` through rustix (no `unsafe` here), polled without blocking so that a lock held
    //! too long is an error, not a hang.
    use super::{registry_error, Error, File, Instant, Path, LOCK_WAIT};
    use rustix::fs::{flock, FlockOperation};

    pub(super) fn acquire(file: &File, path: &Path) -> Result<(), Error> {
        let start = Instant::now();
        let mut pause = std::time::Duration::from_micros(200);
        loop {
            match flock(file, FlockOperation::NonBlockingLockExclusive) {
                Ok(()) => return Ok(()),
                Err(err) if err == rustix::io::Errno::WOULDBLOCK || err == rustix::io::Errno::INTR => {}
                Err(err) => return Err(registry_error(path, None, format!("cannot be locked: {err}"))),
            }
            if start.elapsed() >= LOCK_WAIT {
                return Err(registry_error(
                    path,
                    None,
                    format!(
                        "locked by another run for {} s; is one stopped (Ctrl-Z) while writing?",
                        LOCK_WAIT.as_secs()
                    ),
                ));
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(std::time::Duration::from_millis(50));
        }
    }

    pub(super) fn release(file: &File) {
        // Closing the file releases it too; an unlock that fails leaves it to that.
        let _ = flock(file, FlockOperation::Unlock);
    }
}

#[cfg(not(unix))]
mod lock {
    //! No `flock`: appends are still whole lines (see the module header).
    use super::{Error, File, Path};

    pub(super) fn acquire(_file: &File, _path: &Path) -> Result<(), Error> {
        Ok(())
    }

    pub(super) fn release(_file: &File) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("tessera-registry-{name}-{}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        path
    }

    fn entry(form: &str) -> Entry {
        Entry { kind: "sudoku".into(), layout: "2x2".into(), form: form.into() }
    }

    fn any() -> Box<Check> {
        Box::new(|_| Ok(()))
    }

    #[test]
    fn a_new_file_gets_the_header_and_entries_read_back() {
        let path = temp("new");
        let mut registry = Registry::open(&path, any()).unwrap();
        assert!(registry.is_empty());
        assert!(registry.insert(&entry("1...")).unwrap());
        assert!(registry.insert(&entry("2...")).unwrap());
        assert!(!registry.insert(&entry("1...")).unwrap());
        assert_eq!(registry.added(), 2);
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text, format!("{HEADER}\nsudoku 2x2 1...\nsudoku 2x2 2...\n"));
        let again = Registry::open(&path, any()).unwrap();
        assert_eq!(again.len(), 2);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn two_handles_see_each_others_lines() {
        let path = temp("two");
        let mut a = Registry::open(&path, any()).unwrap();
        let mut b = Registry::open(&path, any()).unwrap();
        assert!(a.insert(&entry("1...")).unwrap());
        assert!(b.contains(&entry("1...")).unwrap());
        assert!(!b.insert(&entry("1...")).unwrap());
        assert!(b.insert(&entry("3...")).unwrap());
        assert!(!a.insert(&entry("3...")).unwrap());
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().count(), 3, "{text}");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn bad_lines_are_named() {
        let path = temp("bad");
        std::fs::write(&path, "puzzle,solution\n").unwrap();
        let err = Registry::open(&path, any()).unwrap_err().to_string();
        assert!(err.contains("line 1") && err.contains("header"), "{err}");
        std::fs::write(&path, format!("{HEADER}\n# a note\n\nsudoku 2x2 1...\nsudoku 2x2\n")).unwrap();
        let err = Registry::open(&path, any()).unwrap_err().to_string();
        assert!(err.contains("line 5") && err.contains("KIND LAYOUT FORM"), "{err}");
        std::fs::write(&path, format!("{HEADER}\nsudoku 2x2 1...\nkakuro 2x2 1...\n")).unwrap();
        let picky: Box<Check> =
            Box::new(|e| if e.kind == "sudoku" { Ok(()) } else { Err(format!("unknown kind {}", e.kind)) });
        let err = Registry::open(&path, picky).unwrap_err().to_string();
        assert!(err.contains("line 3") && err.contains("unknown kind kakuro"), "{err}");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_cut_last_line_is_read_and_the_next_starts_anew() {
        let path = temp("cut");
        std::fs::write(&path, format!("{HEADER}\nsudoku 2x2 1...")).unwrap();
        let mut registry = Registry::open(&path, any()).unwrap();
        assert!(registry.contains(&entry("1...")).unwrap());
        assert!(registry.insert(&entry("4...")).unwrap());
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text, format!("{HEADER}\nsudoku 2x2 1...\nsudoku 2x2 4...\n"));
        std::fs::remove_file(&path).unwrap();
    }
}
