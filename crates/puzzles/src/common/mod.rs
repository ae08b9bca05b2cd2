//! What every puzzle shares: the shape of a question ([`Query`]) and of its answers ([`Count`],
//! [`Solutions`], [`Verdict`]), the exact-cover reduction trait ([`Reduction`]), and the small
//! helpers of the searches (seeds, budget checks, bitsets).
//!
//! Every puzzle module (`sudoku`, `hidato`, `tiling`, `queens`) offers the same calls, with the same
//! argument order and result types (see docs/ARCHITECTURE.md):
//!
//! | call | result |
//! |---|---|
//! | `solve(&puzzle, &query)` | `Result<Option<Solution>, GaveUp>` |
//! | `count(&puzzle, &query)` | [`Count`]: solutions, and whether that is exact, a limit or a lower bound |
//! | `solutions(&puzzle, &query)` | [`Solutions`]: up to `query.limit` solutions, and their [`Count`] |
//! | `verify(&puzzle, &answer)` | [`Verdict`] of the puzzle's violations |
//!
//! where `query` is the puzzle's `Query` (a [`Query`] over that puzzle's `Engine`).

pub(crate) mod bits;
pub(crate) mod budget;
pub mod canon;
pub(crate) mod family;
mod generate;
pub(crate) mod grid;
pub(crate) mod janko;
pub(crate) mod matching;
mod picture;
mod puzzle;
pub mod puzzlink;
mod query;
mod rating;
mod reduction;
pub mod registry;
pub mod seed;
#[cfg(test)]
pub(crate) mod testing;
mod verdict;

pub use family::{runs_of, Cage, CageOp, Family, Level, Live, Relation};
pub(crate) use generate::{generator_settings, Settings};
pub use picture::{Draw, LineKind, Mark, Picture, PictureCell, Shape, Spot};
pub(crate) use puzzle::{generator, levels_and_generator, puzzle_from_functions, rated};
pub use puzzle::{Generate, Lazy, Named, Puzzle, Rate, Readable, LAZY_BUFFER};
pub use query::{Query, Solutions};
pub use rating::{Made, Rating, Step};
pub(crate) use reduction::{first, grid_digits, too_large};
pub use reduction::{CoverQuery, NotBuilt, Reduction, MAX_OPTIONS};
pub use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};
pub use verdict::{SideDiffers, Verdict};

/// The value of `all` whose `name` is `text` (ignoring case and surrounding spaces), or an
/// [`Error::UnknownName`](crate::Error::UnknownName) that lists `expected`: the `FromStr` of every
/// puzzle's `Engine` and `Difficulty`.
pub(crate) fn from_name<T: Copy>(
    what: &'static str,
    text: &str,
    all: &[T],
    name: fn(T) -> &'static str,
    expected: &'static str,
) -> Result<T, crate::Error> {
    let wanted = text.trim().to_ascii_lowercase();
    all.iter().copied().find(|&value| name(value) == wanted).ok_or_else(|| crate::Error::UnknownName {
        what,
        found: text.to_string(),
        expected,
    })
}

/// A puzzle module's `Query` (a [`Query`] over its `Engine`) and `Verdict` (a [`Verdict`] of its
/// `Violation`s), said once.
macro_rules! query_and_verdict {
    () => {
        /// A question to this puzzle's solvers: a [`crate::Query`] over [`Engine`].
        pub type Query = crate::Query<Engine>;

        /// The verifier's answer: a [`crate::Verdict`] of [`Violation`]s.
        pub type Verdict = crate::Verdict<Violation>;
    };
}
pub(crate) use query_and_verdict;

/// The command-line names of a puzzle's `Engine`: `ALL`, `name`, `Display` and `FromStr` (by
/// [`from_name`], erring with [`Error::UnknownName`](crate::Error::UnknownName)), written once
/// for every puzzle.
macro_rules! engine_names {
    ($ty:ident { $($rest:tt)* }) => {
        crate::common::engine_names!("engine", $ty { $($rest)* });
    };
    ($what:literal, $ty:ident { $first:ident => $first_name:literal $(, $variant:ident => $name:literal)* $(,)? }) => {
        impl $ty {
            /// Every value, in order.
            pub const ALL: [$ty; [$first_name $(, $name)*].len()] = [$ty::$first $(, $ty::$variant)*];

            /// Its name on the command line and in JSON.
            pub fn name(self) -> &'static str {
                match self {
                    $ty::$first => $first_name,
                    $($ty::$variant => $name,)*
                }
            }
        }

        impl crate::common::Named for $ty {
            fn all() -> &'static [Self] {
                &$ty::ALL
            }

            fn name(self) -> &'static str {
                $ty::name(self)
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $ty {
            type Err = crate::Error;

            fn from_str(text: &str) -> Result<Self, crate::Error> {
                crate::common::from_name(
                    $what,
                    text,
                    &$ty::ALL,
                    $ty::name,
                    concat!($first_name $(, ", ", $name)*),
                )
            }
        }
    };
}
pub(crate) use engine_names;

/// A puzzle's `Engine` enum: its docs, `Auto` first (the default), each variant with its
/// command-line name, and the names of [`engine_names!`].
macro_rules! engines {
    (
        $(#[$meta:meta])*
        pub enum $ty:ident {
            $(#[$auto_meta:meta])* Auto => $auto:literal,
            $($(#[$variant_meta:meta])* $variant:ident => $name:literal,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
        #[non_exhaustive]
        pub enum $ty {
            $(#[$auto_meta])*
            #[default]
            Auto,
            $($(#[$variant_meta])* $variant,)*
        }

        crate::common::engine_names!($ty { Auto => $auto $(, $variant => $name)* });
    };
}
pub(crate) use engines;

/// A puzzle's difficulty levels, easiest first, with their names: the enum (ordered, so that
/// `max` is the harder), `ALL`, `name`, `Display` and `FromStr` (erring with the names listed).
/// `Named` comes with [`levels_and_generator!`].
macro_rules! levels {
    (
        $(#[$meta:meta])*
        pub enum $ty:ident {
            $($(#[$variant_meta:meta])* $variant:ident => $name:literal,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $ty {
            $($(#[$variant_meta])* $variant,)+
        }

        crate::common::engine_names!("level", $ty { $($variant => $name),+ });
    };
}
pub(crate) use levels;

/// The four levels of a janko.at family (`easy`, `medium`, `hard`, `expert`) as its
/// `Difficulty`, by [`levels!`], each level with the family's words for what it allows.
macro_rules! family_levels {
    (
        $(#[$meta:meta])*
        easy: $easy:literal,
        medium: $medium:literal,
        hard: $hard:literal,
        expert: $expert:literal $(,)?
    ) => {
        crate::common::levels! {
            $(#[$meta])*
            pub enum Difficulty {
                #[doc = $easy]
                Easy => "easy",
                #[doc = $medium]
                Medium => "medium",
                #[doc = $hard]
                Hard => "hard",
                #[doc = $expert]
                Expert => "expert",
            }
        }
    };
}
pub(crate) use family_levels;
