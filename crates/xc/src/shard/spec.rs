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
    /// The most shards a count may be split into: far more than any cluster's workers, and small
    /// enough that a typo (a seed where N belongs) is caught.
    pub const MAX: u32 = 1_000_000;

    /// The whole count as one shard.
    pub const WHOLE: Shard = Shard { index: 0, of: 1 };

    /// Shard `index` of `of`, if `index < of <= MAX`.
    pub fn new(index: u32, of: u32) -> Result<Shard, ShardSpecError> {
        if of == 0 {
            return Err(ShardSpecError("N is 0, but a run is at least one shard".to_owned()));
        }
        if of > Self::MAX {
            return Err(ShardSpecError(format!("N is {of}, more shards than the {} accepted", Self::MAX)));
        }
        if index >= of {
            return Err(ShardSpecError(format!(
                "I is {index}, but the shards of {of} go from 0 to {}",
                of - 1
            )));
        }
        Ok(Shard { index, of })
    }

    /// This shard's share of `total` numbered things (the puzzles of a seeded run): positions
    /// `floor(I*total/N) <= k < floor((I+1)*total/N)`. The N shards' ranges follow one another
    /// and cover `0..total` once; their lengths differ by at most one, and a shard is empty when
    /// `total < N` leaves it none.
    pub fn range(self, total: u64) -> std::ops::Range<u64> {
        // In u128: I * total overflows u64 for big counts. The quotient is at most `total`.
        let bound = |i: u32| {
            let k = u128::from(i) * u128::from(total) / u128::from(self.of);
            u64::try_from(k).unwrap_or(total)
        };
        bound(self.index)..bound(self.index + 1)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.of)
    }
}

/// A malformed `I/N`: says what is wrong and what a valid value is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}; give shard I of N as I/N, with 0 <= I < N <= 1000000: 0/4 to 3/4 for four shards")]
pub struct ShardSpecError(String);

impl FromStr for Shard {
    type Err = ShardSpecError;

    fn from_str(text: &str) -> Result<Shard, ShardSpecError> {
        let number =
            |part: &str| part.parse::<u32>().ok().filter(|_| part.bytes().all(|b| b.is_ascii_digit()));
        let parts = text.split_once('/').and_then(|(i, n)| Some((number(i)?, number(n)?)));
        let Some((index, of)) = parts else {
            return Err(ShardSpecError("not two whole numbers I/N".to_owned()));
        };
        Shard::new(index, of)
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
