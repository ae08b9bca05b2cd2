//! Reading a problem from a file or standard input, and the error that means "bad input".

use std::fmt;
use std::io::Read;
use std::path::Path;

/// Input that cannot be read or is not valid; the command exits with status 2.
///
/// Displays as `NAME: message`, where the message of a parse error is `line L, column C: ...`.
#[derive(Debug)]
pub struct BadInput {
    /// The file as the user named it, or `<stdin>`.
    pub name: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for BadInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name, self.message)
    }
}

impl std::error::Error for BadInput {}

/// The bytes of a problem and the name to show in messages.
#[derive(Debug)]
pub struct Input {
    /// The file as the user named it, or `<stdin>` for `-`.
    pub name: String,
    /// Its contents, not yet checked to be UTF-8: the parser does that, and reports the line and
    /// column of a bad byte (it tolerates any bytes in comment lines).
    pub bytes: Vec<u8>,
}

/// The most bytes a command reads from one input, and what kind of input that is, for the
/// message that refuses more (docs/cli.md, "Limits").
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    /// The most bytes read.
    pub bytes: u64,
    /// What the input is, as the message names it: "an exact-cover file".
    pub what: &'static str,
    /// Why that is enough, or what to do instead.
    pub why: &'static str,
}

impl Limit {
    const fn new(bytes: u64, what: &'static str, why: &'static str) -> Self {
        Limit { bytes, what, why }
    }
}

/// Exact-cover files: 32 MiB. Memory grows with the nodes (about 35 bytes per byte of input
/// over parsing, building and the solver's copy: a 200 MB file peaked at 7 GB), so this keeps
/// the peak under 2 GiB (docs/performance.md, "Hostile inputs").
pub const XC_FILE: Limit =
    Limit::new(32 << 20, "an exact-cover file", "larger problems would need more than 2 GiB of memory");

/// Hidato files: 32 MiB, several of the largest boards (1000x1000) in text.
pub const HIDATO_FILE: Limit =
    Limit::new(32 << 20, "a Hidato file", "that holds several 1000x1000 boards; split larger files");

/// One Sudoku puzzle or answer (`sudoku verify`, `sudoku hint`): 16 MiB, the longest line that
/// `sudoku solve` and `count` read (the reader's `MAX_LINE`); a 25x25 puzzle is a few kB.
pub const SUDOKU_PUZZLE: Limit = Limit::new(
    16 << 20,
    "a Sudoku puzzle or answer",
    "as solve and count read a line; the largest puzzle is a few kB",
);

/// Tiling boards and piece files: 1 MiB, far more than a board of 256 squares on a side or 62
/// drawn pieces need; reading stops there instead of reading a huge file whole.
pub const TILING_FILE: Limit = Limit::new(
    1 << 20,
    "a tiling board or piece file",
    "a board has at most 256 cells and 256 squares on a side",
);

impl Input {
    /// Reads `path`, or standard input when it is `-`, but stops after `limit.bytes`: a larger
    /// input is refused with a message naming the limit, having read no more than that.
    pub fn read_at_most(path: &Path, limit: Limit) -> Result<Self, BadInput> {
        let stdin = path.as_os_str() == "-";
        let name = if stdin { "<stdin>".to_owned() } else { path.display().to_string() };
        let too_big = |name: String| BadInput {
            name,
            message: format!(
                "{} is read up to {} MiB and this one is larger ({}); nothing was done",
                limit.what,
                limit.bytes >> 20,
                limit.why
            ),
        };
        let mut bytes = Vec::new();
        let read = if stdin {
            std::io::stdin().lock().take(limit.bytes + 1).read_to_end(&mut bytes)
        } else {
            match std::fs::File::open(path) {
                Ok(file) => {
                    if file.metadata().is_ok_and(|m| m.is_file() && m.len() > limit.bytes) {
                        return Err(too_big(name));
                    }
                    file.take(limit.bytes + 1).read_to_end(&mut bytes)
                }
                Err(err) => Err(err),
            }
        };
        match read {
            Ok(_) if bytes.len() as u64 > limit.bytes => Err(too_big(name)),
            Ok(_) => Ok(Input { name, bytes }),
            Err(err) => Err(BadInput { name, message: err.to_string() }),
        }
    }

    /// Parses the bytes as Knuth's DLX format.
    pub fn parse(&self) -> Result<tessera_xc::Problem, BadInput> {
        tessera_xc::parse_bytes(&self.bytes)
            .map_err(|err| BadInput { name: self.name.clone(), message: err.to_string() })
    }
}
