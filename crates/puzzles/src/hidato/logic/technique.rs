//! The vocabulary of the rater: the levels players see ([`Difficulty`]), the rules
//! ([`Technique`], with each one's level and weight in the score) and one named deduction
//! ([`Step`]).

use std::fmt;
use std::str::FromStr;

/// The levels players see, each defined by the rules it allows (see the module header).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// Only cell, only number.
    Easy,
    /// Plus distance windows.
    Medium,
    /// Plus dead ends and region sizes.
    Hard,
    /// Needs trial and error (or more) beyond the hard rules.
    Expert,
}

impl Difficulty {
    /// Every level, easiest first.
    pub const ALL: [Difficulty; 4] =
        [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard, Difficulty::Expert];

    /// The lower-case name: "easy", "medium", "hard", "expert".
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Difficulty {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let lower = text.trim().to_ascii_lowercase();
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == lower)
            .ok_or_else(|| format!("unknown difficulty {text:?}; expected one of easy, medium, hard, expert"))
    }
}

/// A deduction rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// A number with a single possible cell.
    OnlyCell,
    /// A cell that only one number can take.
    OnlyNumber,
    /// Distance windows between placed numbers.
    Window,
    /// A cell without two usable neighbours for `k-1` and `k+1`.
    DeadEnd,
    /// Region sizes against runs of missing numbers.
    Region,
    /// A candidate that leads to a contradiction.
    Trial,
}

impl Technique {
    /// Every rule, easiest first.
    pub const ALL: [Technique; 6] = [
        Technique::OnlyCell,
        Technique::OnlyNumber,
        Technique::Window,
        Technique::DeadEnd,
        Technique::Region,
        Technique::Trial,
    ];

    /// A short name for hints.
    pub fn name(self) -> &'static str {
        match self {
            Technique::OnlyCell => "only cell",
            Technique::OnlyNumber => "only number",
            Technique::Window => "distance window",
            Technique::DeadEnd => "dead end",
            Technique::Region => "region size",
            Technique::Trial => "trial",
        }
    }

    /// The level that allows this rule.
    pub fn level(self) -> Difficulty {
        match self {
            Technique::OnlyCell | Technique::OnlyNumber => Difficulty::Easy,
            Technique::Window => Difficulty::Medium,
            Technique::DeadEnd | Technique::Region => Difficulty::Hard,
            Technique::Trial => Difficulty::Expert,
        }
    }

    /// The weight of one step in the score.
    pub fn weight(self) -> u32 {
        match self {
            Technique::OnlyCell => 1,
            Technique::OnlyNumber => 2,
            Technique::Window => 4,
            Technique::DeadEnd => 8,
            Technique::Region => 12,
            Technique::Trial => 30,
        }
    }
}

/// One deduction: a number placed, or candidates removed, with a sentence a player can follow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The rule used.
    pub technique: Technique,
    /// `(cell index, number)` when the step places a number.
    pub placed: Option<(usize, i32)>,
    /// Candidates (number, cell) removed by the step.
    pub eliminated: usize,
    /// For example "7 must go at (3,4): it is the only free cell touching both 6 and 8".
    pub explanation: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for d in Difficulty::ALL {
            assert_eq!(d.name().parse::<Difficulty>(), Ok(d));
        }
        let err = "extreme".parse::<Difficulty>().unwrap_err();
        assert!(err.contains("easy, medium, hard, expert"), "{err}");
    }
}
