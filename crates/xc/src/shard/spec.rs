//! `I/N`: which shard of how many.

use std::fmt;
use std::str::FromStr;

/// Shard `index` of `of` (`0 <= index < of`), written `I/N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shard {
    /// Which one, from 0.
    pub index: u32,
    /// How many in all (at least 1).
    pub of: u32,
}

impl Shard {
    /// The most shards a count may be split into.
    pub const MAX: u32 = 1_000_000;

    /// The whole count as one shard.
    pub const WHOLE: Shard = Shard { index: 0, of: 1 };

    /// Shard `index` of `of`, if `index < of <= MAX`.
    pub fn new(index: u32, of: u32) -> Result<Shard, ShardSpecError> {
        if of == 0 || of > Self::MAX {
            return Err(ShardSpecError(format!("N must be 1 to {}, not {of}", Self::MAX)));
        }
        if index >= of {
            return Err(ShardSpecError(format!("I must be 0 to {} for N = {of}, not {index}", of - 1)));
        }
        Ok(Shard { index, of })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.of)
    }
}

/// A malformed `I/N`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a shard is I/N, with 0 <= I < N: {0}")]
pub struct ShardSpecError(String);

impl FromStr for Shard {
    type Err = ShardSpecError;

    fn from_str(text: &str) -> Result<Shard, ShardSpecError> {
        let (index, of) =
            text.split_once('/').ok_or_else(|| ShardSpecError(format!("{text:?} has no '/'")))?;
        let number = |part: &str, name: &str| {
            part.parse::<u32>()
                .map_err(|_| ShardSpecError(format!("{name} in {text:?} is not a whole number ({part:?})")))
        };
        Shard::new(number(index, "I")?, number(of, "N")?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_refuses() {
        assert_eq!("3/64".parse(), Ok(Shard { index: 3, of: 64 }));
        assert_eq!("0/1".parse(), Ok(Shard::WHOLE));
        for bad in ["3/3", "a/2", "1/0", "-1/2", "1/2/3", "", "5", "1/1000001"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert_eq!(Shard { index: 5, of: 7 }.to_string(), "5/7");
    }
}
