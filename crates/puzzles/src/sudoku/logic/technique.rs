//! The named techniques, in the order the solver tries them, and the levels players see.

use std::fmt;
use std::str::FromStr;

/// A solving technique. The order of the variants is the order of difficulty, and the order in
/// which the solver tries them: `a < b` means `a` is easier and is tried first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Technique {
    /// The last empty cell of a house takes the last digit.
    FullHouse,
    /// A digit that fits in only one cell of a house.
    HiddenSingle,
    /// A cell with one candidate left.
    NakedSingle,
    /// Locked candidates, type 1: in a box, a digit confined to one line leaves the rest of
    /// that line.
    Pointing,
    /// Locked candidates, type 2 (box/line reduction): in a line, a digit confined to one box
    /// leaves the rest of that box.
    Claiming,
    /// Two cells of a house with the same two candidates.
    NakedPair,
    /// Two digits confined to the same two cells of a house.
    HiddenPair,
    /// Three cells of a house holding only three digits between them.
    NakedTriple,
    /// Three digits confined to the same three cells of a house.
    HiddenTriple,
    /// Four cells of a house holding only four digits between them.
    NakedQuad,
    /// Four digits confined to the same four cells of a house.
    HiddenQuad,
    /// A digit in two rows confined to two columns (or the transpose).
    XWing,
    /// An X-wing with fins: extra places of the digit in a base line, all seen by the cells it
    /// clears (sashimi when a base line keeps a single cover cell).
    FinnedXWing,
    /// The same over three rows and three columns.
    Swordfish,
    /// A swordfish with fins (finned or sashimi).
    FinnedSwordfish,
    /// A bivalue pivot and two bivalue pincers sharing a third digit.
    XYWing,
    /// A trivalue pivot and two bivalue pincers sharing a digit with it.
    XYZWing,
    /// Two bivalue cells with the same pair, tied by a strong link on one of the digits.
    WWing,
    /// The fish over four rows and four columns.
    Jellyfish,
    /// A jellyfish with fins (finned or sashimi).
    FinnedJellyfish,
    /// Unique rectangle, type 1: three corners of a deadly rectangle hold only the same pair, so
    /// the fourth is neither (puzzles with one solution only, as for every uniqueness technique).
    UniqueRectangle1,
    /// Unique rectangle, type 2: the two other corners add the same one digit, which leaves
    /// every cell seeing both.
    UniqueRectangle2,
    /// Unique rectangle, type 4: a digit of the pair confined to the other side in a house, so
    /// the other digit leaves that side.
    UniqueRectangle4,
    /// Bivalue universal grave + 1: all cells bivalue but one, which takes the digit that would
    /// otherwise leave a two-solution pattern.
    BugPlusOne,
    /// Two-colouring one digit's conjugate pairs: colour wrap and colour trap.
    SimpleColouring,
    /// An alternating chain on one digit (strong links are conjugate pairs).
    XChain,
    /// An alternating chain through bivalue cells.
    XYChain,
    /// A general alternating inference chain (bivalue cells and conjugate pairs).
    Aic,
    /// Two almost locked sets (`k` cells of a house with `k + 1` digits) sharing a restricted
    /// common digit `X`: any other common digit `Z` is in one of them.
    AlsXz,
    /// Static forcing chains: every candidate of a cell, or every place of a digit in a house,
    /// implies the same; or a candidate and its negation both do; or a candidate implies a
    /// clash. Implications follow bivalue cells and conjugate pairs of the current marks.
    ForcingChain,
    /// Dynamic forcing chains (a forcing net): the same, but the marks are updated as the
    /// assumption spreads, so singles made on the way continue the chains.
    ForcingNet,
    /// Bifurcation: nothing else applies, so one cell is settled by trial and error.
    Guess,
}

impl Technique {
    /// Every technique, easiest first.
    pub const ALL: [Technique; 32] = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::XWing,
        Technique::FinnedXWing,
        Technique::Swordfish,
        Technique::FinnedSwordfish,
        Technique::XYWing,
        Technique::XYZWing,
        Technique::WWing,
        Technique::Jellyfish,
        Technique::FinnedJellyfish,
        Technique::UniqueRectangle1,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle4,
        Technique::BugPlusOne,
        Technique::SimpleColouring,
        Technique::XChain,
        Technique::XYChain,
        Technique::Aic,
        Technique::AlsXz,
        Technique::ForcingChain,
        Technique::ForcingNet,
        Technique::Guess,
    ];

    /// The name shown to players: "Hidden single", "X-wing".
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full house",
            Technique::HiddenSingle => "Hidden single",
            Technique::NakedSingle => "Naked single",
            Technique::Pointing => "Pointing",
            Technique::Claiming => "Claiming",
            Technique::NakedPair => "Naked pair",
            Technique::HiddenPair => "Hidden pair",
            Technique::NakedTriple => "Naked triple",
            Technique::HiddenTriple => "Hidden triple",
            Technique::NakedQuad => "Naked quad",
            Technique::HiddenQuad => "Hidden quad",
            Technique::XWing => "X-wing",
            Technique::FinnedXWing => "Finned X-wing",
            Technique::Swordfish => "Swordfish",
            Technique::FinnedSwordfish => "Finned swordfish",
            Technique::XYWing => "XY-wing",
            Technique::XYZWing => "XYZ-wing",
            Technique::WWing => "W-wing",
            Technique::Jellyfish => "Jellyfish",
            Technique::FinnedJellyfish => "Finned jellyfish",
            Technique::UniqueRectangle1 => "Unique rectangle type 1",
            Technique::UniqueRectangle2 => "Unique rectangle type 2",
            Technique::UniqueRectangle4 => "Unique rectangle type 4",
            Technique::BugPlusOne => "BUG+1",
            Technique::SimpleColouring => "Simple colouring",
            Technique::XChain => "X-chain",
            Technique::XYChain => "XY-chain",
            Technique::Aic => "Alternating inference chain",
            Technique::AlsXz => "ALS-XZ",
            Technique::ForcingChain => "Forcing chain",
            Technique::ForcingNet => "Forcing net",
            Technique::Guess => "Guess",
        }
    }

    /// The weight added to a rating's score each time the technique is used (see the module
    /// header). Weights rise with the order of the variants.
    pub fn weight(self) -> u32 {
        match self {
            Technique::FullHouse => 1,
            Technique::HiddenSingle => 2,
            Technique::NakedSingle => 3,
            Technique::Pointing => 10,
            Technique::Claiming => 12,
            Technique::NakedPair => 20,
            Technique::HiddenPair => 25,
            Technique::NakedTriple => 30,
            Technique::HiddenTriple => 35,
            Technique::NakedQuad => 40,
            Technique::HiddenQuad => 45,
            Technique::XWing => 60,
            Technique::FinnedXWing => 65,
            Technique::Swordfish => 70,
            Technique::FinnedSwordfish => 72,
            Technique::XYWing => 75,
            Technique::XYZWing => 80,
            Technique::WWing => 85,
            Technique::Jellyfish => 90,
            Technique::FinnedJellyfish => 95,
            Technique::UniqueRectangle1 => 100,
            Technique::UniqueRectangle2 => 105,
            Technique::UniqueRectangle4 => 110,
            Technique::BugPlusOne => 115,
            Technique::SimpleColouring => 120,
            Technique::XChain => 140,
            Technique::XYChain => 150,
            Technique::Aic => 180,
            Technique::AlsXz => 200,
            Technique::ForcingChain => 250,
            Technique::ForcingNet => 350,
            Technique::Guess => 500,
        }
    }

    /// The rating Sudoku Explainer gives this technique's simplest form (its published weights;
    /// longer chains and harder variants rate higher there). A guess has no SE weight: it stands
    /// for the nets SE would use, rated from 8.5 up.
    pub fn se_weight(self) -> f32 {
        use Technique::*;
        match self {
            FullHouse => 1.0,
            HiddenSingle => 1.5,
            NakedSingle => 2.3,
            Pointing => 2.6,
            Claiming => 2.8,
            NakedPair => 3.0,
            HiddenPair => 3.4,
            NakedTriple => 3.6,
            HiddenTriple => 4.0,
            NakedQuad => 5.0,
            HiddenQuad => 5.4,
            XWing => 3.2,
            FinnedXWing => 3.4,
            Swordfish => 3.8,
            FinnedSwordfish => 4.0,
            XYWing => 4.2,
            XYZWing => 4.4,
            WWing => 4.4,
            Jellyfish => 5.2,
            FinnedJellyfish => 5.4,
            UniqueRectangle1 => 4.5,
            UniqueRectangle2 => 4.6,
            UniqueRectangle4 => 4.6,
            BugPlusOne => 5.6,
            SimpleColouring => 6.5,
            XChain => 6.6,
            XYChain => 6.6,
            Aic => 7.0,
            AlsXz => 7.0,
            ForcingChain => 8.2,
            ForcingNet => 8.8,
            Guess => 8.5,
        }
    }

    /// The level a puzzle gets when this is the hardest technique it needs.
    pub fn difficulty(self) -> Difficulty {
        use Technique::*;
        match self {
            FullHouse | HiddenSingle | NakedSingle => Difficulty::Easy,
            Pointing | Claiming => Difficulty::Medium,
            NakedPair | HiddenPair | NakedTriple | HiddenTriple | NakedQuad | HiddenQuad => Difficulty::Hard,
            XWing | FinnedXWing | Swordfish | FinnedSwordfish | XYWing | XYZWing | WWing | Jellyfish
            | FinnedJellyfish | UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle4 | BugPlusOne => {
                Difficulty::Expert
            }
            SimpleColouring | XChain | XYChain | Aic | AlsXz => Difficulty::Extreme,
            ForcingChain => Difficulty::Fiendish,
            ForcingNet | Guess => Difficulty::Diabolical,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The levels players see, each defined by the techniques it allows (see the module header).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// Full houses, hidden and naked singles.
    Easy,
    /// Plus locked candidates (pointing, claiming).
    Medium,
    /// Plus naked and hidden pairs, triples and quads.
    Hard,
    /// Plus fish (X-wing, swordfish, jellyfish, basic, finned and sashimi), wings (XY, XYZ, W)
    /// and, on puzzles with one solution, unique rectangles (types 1, 2, 4) and BUG+1.
    Expert,
    /// Plus simple colouring, X-chains, XY-chains, alternating inference chains and ALS-XZ.
    Extreme,
    /// Plus static forcing chains.
    Fiendish,
    /// Needs a forcing net (dynamic forcing chains) or guessing (bifurcation).
    Diabolical,
}

impl Difficulty {
    /// Every level, easiest first.
    pub const ALL: [Difficulty; 7] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
        Difficulty::Extreme,
        Difficulty::Fiendish,
        Difficulty::Diabolical,
    ];

    /// The lower-case name: "easy", "medium", "hard", "expert", "extreme", "fiendish",
    /// "diabolical".
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
            Difficulty::Extreme => "extreme",
            Difficulty::Fiendish => "fiendish",
            Difficulty::Diabolical => "diabolical",
        }
    }

    /// The hardest technique this level allows: the cap to pass to
    /// [`solve_logically`](super::solve_logically).
    pub fn max_technique(self) -> Technique {
        match self {
            Difficulty::Easy => Technique::NakedSingle,
            Difficulty::Medium => Technique::Claiming,
            Difficulty::Hard => Technique::HiddenQuad,
            Difficulty::Expert => Technique::BugPlusOne,
            Difficulty::Extreme => Technique::AlsXz,
            Difficulty::Fiendish => Technique::ForcingChain,
            Difficulty::Diabolical => Technique::Guess,
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Difficulty {
    type Err = crate::Error;

    /// Reads a level's name, ignoring case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::common::from_name(
            "difficulty",
            s,
            &Difficulty::ALL,
            Difficulty::name,
            "easy, medium, hard, expert, extreme, fiendish, diabolical",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_weights_and_levels_agree() {
        for pair in Technique::ALL.windows(2) {
            assert!(pair[0] < pair[1]);
            assert!(pair[0].weight() < pair[1].weight());
            assert!(pair[0].difficulty() <= pair[1].difficulty());
        }
        for level in Difficulty::ALL {
            assert_eq!(level.max_technique().difficulty(), level);
            assert_eq!(level.name().parse::<Difficulty>(), Ok(level));
        }
        assert!("nightmare".parse::<Difficulty>().is_err());
    }
}
