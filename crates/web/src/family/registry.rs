//! The families the web game serves: one [`Family`] impl each (the sides and levels offered,
//! the generator's settings, which parts of the picture are rules, the answer from a grid) and
//! one line in [`FAMILIES`].
//!
//! The levels offered per side are those the generator makes in a request's budget, measured
//! with `cargo test -p tessera-web --test families -- --ignored --nocapture generation_times`
//! (debug build, 3 seeds, docs/web.md): a level whose attempts run out (the puzzles of that side
//! are never rated so: 4x4 hard Killer or KenKen) or that takes seconds is left out.

use tessera::common::Picture;
use tessera::{kenken, killer, starbattle, variant, Budget};

use super::rules::Pair;
use super::{Family, Reg, Registered, Rules};

/// Every family of the web game, in the order the pages list them.
pub static FAMILIES: &[&dyn Registered] = &[
    &Reg::<killer::Killer>::NEW,
    &Reg::<kenken::KenKen>::NEW,
    &Reg::<starbattle::StarBattle>::NEW,
    &Reg::<variant::Variant>::NEW,
];

/// Digits row by row as the library's `u8` cells.
fn digits(values: &[u32]) -> Option<Vec<u8>> {
    values.iter().map(|&v| u8::try_from(v).ok()).collect()
}

impl Family for killer::Killer {
    const TITLE: &'static str = "Killer Sudoku";
    const SIZES: &'static [usize] = &[4, 6, 9];

    fn levels(size: usize) -> Vec<killer::Difficulty> {
        use killer::Difficulty::{Easy, Expert, Hard, Medium};
        if size < 9 {
            vec![Easy, Medium]
        } else {
            vec![Easy, Medium, Hard, Expert]
        }
    }

    fn spec(
        size: usize,
        level: killer::Difficulty,
        budget: Budget,
    ) -> Result<killer::Generator, tessera::Error> {
        Ok(killer::Generator::new(size)?.difficulty(level).budget(budget))
    }

    fn rules(&self, picture: &Picture) -> Rules {
        let cages: Vec<Option<u32>> = picture.cages.iter().copied().map(Some).collect();
        Rules::latin(picture, self.size() as u32).regions_distinct(picture).cages(picture, &cages, "+", true)
    }

    fn answer(&self, values: &[u32]) -> Option<killer::Grid> {
        killer::Grid::new(self.size(), digits(values)?).ok()
    }

    fn parse_answer(&self, text: &str) -> Result<killer::Grid, tessera::Error> {
        killer::Grid::parse_answer(text)
    }

    fn with_placed(&self, values: &[Option<u32>]) -> Option<Self> {
        let givens = values.iter().map(|v| v.and_then(|v| u8::try_from(v).ok()).unwrap_or(0)).collect();
        self.with_givens(givens).ok()
    }
}

impl Family for kenken::KenKen {
    const TITLE: &'static str = "KenKen";
    const SIZES: &'static [usize] = &[4, 6, 9];

    fn levels(size: usize) -> Vec<kenken::Difficulty> {
        use kenken::Difficulty::{Easy, Expert, Hard, Medium};
        match size {
            4 => vec![Easy, Medium, Expert],
            6 => vec![Easy, Medium, Hard, Expert],
            _ => vec![Medium, Hard, Expert],
        }
    }

    fn spec(
        size: usize,
        level: kenken::Difficulty,
        budget: Budget,
    ) -> Result<kenken::Generator, tessera::Error> {
        Ok(kenken::Generator::new(size).difficulty(level).budget(budget))
    }

    fn rules(&self, picture: &Picture) -> Rules {
        Rules::latin(picture, self.size() as u32).cages(picture, &picture.regions, "?", false)
    }

    fn answer(&self, values: &[u32]) -> Option<kenken::Grid> {
        kenken::Grid::new(self.size(), digits(values)?).ok()
    }

    fn parse_answer(&self, text: &str) -> Result<kenken::Grid, tessera::Error> {
        kenken::KenKen::parse_answer(text)
    }
}

/// Star Battle's stars per unit on a side: one up to 9x9, two from 10x10 (as janko's are).
fn stars_on(size: usize) -> usize {
    if size >= 10 {
        2
    } else {
        1
    }
}

impl Family for starbattle::StarBattle {
    const TITLE: &'static str = "Star Battle";
    const SIZES: &'static [usize] = &[6, 8, 10];
    const ENTRY: super::Entry = super::Entry::Stars;

    fn levels(size: usize) -> Vec<starbattle::Difficulty> {
        use starbattle::Difficulty::{Easy, Expert, Hard, Medium};
        if size < 10 {
            vec![Easy, Medium, Hard, Expert]
        } else {
            vec![Hard, Expert]
        }
    }

    fn spec(
        size: usize,
        level: starbattle::Difficulty,
        budget: Budget,
    ) -> Result<starbattle::Generator, tessera::Error> {
        Ok(starbattle::Generator::new(size, stars_on(size))?.difficulty(level).budget(budget))
    }

    fn rules(&self, picture: &Picture) -> Rules {
        Rules::stars(picture, self.stars() as u32)
    }

    fn answer(&self, values: &[u32]) -> Option<starbattle::Stars> {
        let cells = values.iter().map(|&v| v == 1).collect();
        starbattle::Stars::new(self.width(), self.height(), self.stars(), cells).ok()
    }

    fn parse_answer(&self, text: &str) -> Result<starbattle::Stars, tessera::Error> {
        text.parse()
    }
}

impl Family for variant::Variant {
    const TITLE: &'static str = "Variant Sudoku";
    const SIZES: &'static [usize] = &[6, 9];

    /// Every level on 6x6; expert alone on 9x9, the one level the mixed template reaches within
    /// a request's budget there (easy to hard give up after 10 s on most seeds; docs/web.md).
    fn levels(size: usize) -> Vec<variant::Difficulty> {
        use variant::Difficulty::{Easy, Expert, Hard, Medium};
        if size < 9 {
            vec![Easy, Medium, Hard, Expert]
        } else {
            vec![Expert]
        }
    }

    /// A new game's rules are one of the generator's templates, chosen by the seed.
    fn spec(
        size: usize,
        level: variant::Difficulty,
        budget: Budget,
    ) -> Result<variant::Generator, tessera::Error> {
        Ok(variant::Generator::new(size)?.template(variant::Template::Mixed).difficulty(level).budget(budget))
    }

    /// From the library's description of the rules (`variant::live`), not from the picture: the
    /// rows and columns, the regions and every group, cage and pair it lists.
    fn rules(&self, picture: &Picture) -> Rules {
        let live = variant::live(self);
        let mut rules = Rules::latin(picture, self.size() as u32).distinct(live.distinct);
        for (cells, sum) in live.sums {
            rules = rules.sum_cage(cells, u64::from(sum));
        }
        rules.pairs(live.pairs.into_iter().map(|(a, b, relation)| pair(a, b, relation)))
    }

    fn answer(&self, values: &[u32]) -> Option<variant::Grid> {
        variant::Grid::new(self.size(), digits(values)?).ok()
    }

    fn parse_answer(&self, text: &str) -> Result<variant::Grid, tessera::Error> {
        variant::Grid::parse(text)
    }

    fn with_placed(&self, values: &[Option<u32>]) -> Option<Self> {
        let mut placed = self.clone();
        for (given, value) in placed.givens.iter_mut().zip(values) {
            if *given == 0 {
                *given = value.and_then(|v| u8::try_from(v).ok()).unwrap_or(0);
            }
        }
        Some(placed)
    }
}

/// The page's form of a relation of the library.
fn pair(a: usize, b: usize, relation: variant::Relation) -> Pair {
    use variant::Relation as R;
    let (rel, value) = match relation {
        R::Less => ("<", 0),
        R::LessOrEqual => ("<=", 0),
        R::Difference(v) => ("diff", v),
        R::Ratio(v) => ("ratio", v),
        R::Sum(v) => ("sum", v),
        R::Apart(v) => ("apart", v),
        R::Equal => ("diff", 0),
        R::Odd => ("odd", 0),
        R::Even => ("even", 0),
    };
    Pair { cells: [a, b], rel, value }
}
