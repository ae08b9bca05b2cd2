//! The families the web game serves: one [`Family`] impl each (the sides and levels offered, and
//! a new game's generator where it is not the library's default) and one line in [`FAMILIES`].
//! Everything else (the title, the rules checked while playing, answers) is the library's
//! [`tessera::Family`].
//!
//! The levels offered per side are those the generator makes in a request's budget, measured
//! with `cargo test -p tessera-web --test it families:: -- --ignored --nocapture generation_times`
//! (debug build, 3 seeds, docs/web.md): a level whose attempts run out (the puzzles of that side
//! are never rated so: 4x4 hard Killer or KenKen) or that takes seconds is left out.

use tessera::{kakuro, kenken, killer, nonogram, starbattle, variant, Budget, Named};

use super::{Family, Reg, Registered};

/// Every family of the web game, in the order the pages list them.
pub static FAMILIES: &[&dyn Registered] = &[
    &Reg::<killer::Killer>::NEW,
    &Reg::<kenken::KenKen>::NEW,
    &Reg::<starbattle::StarBattle>::NEW,
    &Reg::<variant::Variant>::NEW,
    &Reg::<variant::Skyscrapers>::NEW,
    &Reg::<variant::Futoshiki>::NEW,
    &Reg::<nonogram::Nonogram>::NEW,
    &Reg::<kakuro::Kakuro>::NEW,
];

/// The genres of the rules model: phone-sized boards, every level their techniques reach.
macro_rules! genre {
    ($genre:ty, $rules:ty) => {
        impl Family for $genre {
            const SIZES: &'static [usize] = &[4, 5, 6];

            fn levels(_: usize) -> Vec<variant::Difficulty> {
                <$rules as variant::genre::Rules>::LEVELS.to_vec()
            }
        }
    };
}
genre!(variant::Skyscrapers, variant::SkyscrapersRules);
genre!(variant::Futoshiki, variant::FutoshikiRules);

impl Family for killer::Killer {
    const SIZES: &'static [usize] = &[4, 6, 9];

    fn levels(size: usize) -> Vec<killer::Difficulty> {
        use killer::Difficulty::{Easy, Expert, Hard, Medium};
        if size < 9 {
            vec![Easy, Medium]
        } else {
            vec![Easy, Medium, Hard, Expert]
        }
    }
}

impl Family for kenken::KenKen {
    const SIZES: &'static [usize] = &[4, 6, 9];

    fn levels(size: usize) -> Vec<kenken::Difficulty> {
        use kenken::Difficulty::{Easy, Expert, Hard, Medium};
        match size {
            4 => vec![Easy, Medium, Expert],
            6 => vec![Easy, Medium, Hard, Expert],
            _ => vec![Medium, Hard, Expert],
        }
    }
}

impl Family for starbattle::StarBattle {
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
}

impl Family for nonogram::Nonogram {
    /// A phone's screen holds 15 columns beside their clues (larger ones are books' and apps').
    const SIZES: &'static [usize] = &[5, 10, 15];
    const ENTRY: super::Entry = super::Entry::Shade;

    /// Every level the generator reaches on the side (expert from 15x15).
    fn levels(size: usize) -> Vec<nonogram::Difficulty> {
        let all = nonogram::Difficulty::all().iter().copied();
        all.filter(|&level| nonogram::Generator::reaches(Some(level), size, size).is_ok()).collect()
    }
}

impl Family for kakuro::Kakuro {
    /// The frame of clues and 5x5, 7x7 or 9x9 white cells at most: a phone's width.
    const SIZES: &'static [usize] = &[6, 8, 10];

    /// Every level the generator reaches on the side, but hard on 10x10 (its attempts take
    /// seconds there).
    fn levels(size: usize) -> Vec<kakuro::Difficulty> {
        let all = kakuro::Difficulty::ALL.into_iter();
        let reached = all.filter(|&level| kakuro::Generator::reaches(Some(level), size, size).is_ok());
        reached.filter(|&level| size < 10 || level < kakuro::Difficulty::Hard).collect()
    }
}

impl Family for variant::Variant {
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
}
