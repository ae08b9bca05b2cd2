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

impl Input {
    /// Reads `path`, or standard input when it is `-`.
    pub fn read(path: &Path) -> Result<Self, BadInput> {
        let (name, bytes) = if path.as_os_str() == "-" {
            let mut bytes = Vec::new();
            let read = std::io::stdin().lock().read_to_end(&mut bytes);
            ("<stdin>".to_owned(), read.map(|_| bytes))
        } else {
            (path.display().to_string(), std::fs::read(path))
        };
        match bytes {
            Ok(bytes) => Ok(Input { name, bytes }),
            Err(err) => Err(BadInput { name, message: err.to_string() }),
        }
    }

    /// Parses the bytes as Knuth's DLX format.
    pub fn parse(&self) -> Result<tessera_xc::Problem, BadInput> {
        tessera_xc::parse_bytes(&self.bytes)
            .map_err(|err| BadInput { name: self.name.clone(), message: err.to_string() })
    }
}
