//! The puzzle families of the web game that the library serves through its whole convention
//! (`tessera::Puzzle`, `Readable`, `Generate`, `Rate`, `Draw`): Killer Sudoku, KenKen and Star
//! Battle. The server is written once, over [`Family`]; a family is one impl of it
//! (`registry.rs`) and one line in [`FAMILIES`].
//!
//! - [`Family`] is what the web needs of a family beyond the library's traits: its title, the
//!   sizes offered, the generator's settings, its rules as the page checks them ([`Rules`], built
//!   from the library's `Picture`), and how a player's grid becomes the library's solution.
//! - [`Registered`] is a family as a value (`&'static dyn Registered`, wrapped in [`FamilyRef`]):
//!   what the handlers call without knowing the type (options, generate, read a pasted puzzle).
//! - [`InPlay`] is one puzzle being played (`Arc<dyn InPlay>`): its picture, rules and givens,
//!   the library's `verify`, and hints (`hint.rs`).
//!
//! Grids travel as in the rest of the API (row by row, `i32`): `-1` blocked, `0` empty, a digit;
//! for stars `1` a star and `2` a cell the player marked "no star". Stored games keep the
//! puzzle's janko text and the solution as such a grid.

mod hint;
mod registry;
pub mod rules;

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::sync::Arc;

use tessera::common::Picture;
use tessera::{Budget, GaveUp, Named, Outcome, Query};

use crate::api::Hint;
use crate::error::{AppError, AppResult};
pub use registry::FAMILIES;
pub use rules::{Entry, Rules};
use rules::{BLOCKED, DOT, STAR};

pub use tessera::common::Level;

/// What the web game needs of a family beyond the library's [`tessera::Family`]: the sides and
/// levels it offers, how values are entered, and (where it differs from the library's default)
/// the generator of a new game.
pub trait Family: tessera::Family {
    /// The sides of the square boards offered.
    const SIZES: &'static [usize];
    /// How the player enters values.
    const ENTRY: Entry = Entry::Digits;

    /// The levels offered on a side, easiest first (default: every level of the library).
    fn levels(_size: usize) -> Vec<Level<Self>> {
        Level::<Self>::all().to_vec()
    }

    /// The generator's settings for a side and level, within `budget` (default: the library's).
    fn spec(size: usize, level: Level<Self>, budget: Budget) -> Result<Self::Spec, tessera::Error> {
        <Self as tessera::Family>::generator(size, Some(level), &budget)
    }
}

/// A family as a value: what the handlers call without knowing its type.
pub trait Registered: Send + Sync + 'static {
    /// The word in the API and the URL (`"killer"`): the library's `Puzzle::NAME`.
    fn name(&self) -> &'static str;
    /// For players ("Killer Sudoku").
    fn title(&self) -> &'static str;
    /// Its rules in two sentences (the library's `Family::RULES`).
    fn rules(&self) -> &'static str;
    /// How the player enters values.
    fn entry(&self) -> Entry;
    /// The sides offered.
    fn sizes(&self) -> &'static [usize];
    /// Every level of the library, easiest first.
    fn difficulties(&self) -> Vec<&'static str>;
    /// The levels offered on a side, easiest first.
    fn levels(&self, size: usize) -> Vec<&'static str>;
    /// One puzzle of a side and level from `seed`.
    fn generate(&self, size: usize, level: &str, budget: Budget, seed: u64) -> Generated;
    /// A small solved example, drawn, and its solution's cells (as [`Registered::generate`]
    /// gives them): the smallest side and easiest level offered, from seed 1; `None` when it is
    /// not made within `budget`.
    fn example(&self, budget: Budget) -> Option<(Picture, Vec<i32>)>;
    /// The first puzzle of a text (janko's format or JSON); a 400 naming `field` otherwise.
    fn read(&self, text: &str, field: &'static str) -> AppResult<Arc<dyn InPlay>>;
    /// Counts up to 2, solves and rates a puzzle within `budget` (runs on a compute thread).
    fn analyze(&self, puzzle: &Arc<dyn InPlay>, budget: &Budget) -> AppResult<Analyzed>;
}

/// What [`Registered::generate`] made: the puzzle's text and its solution's cells; `Ok(None)`
/// for a level or side the family does not know.
pub type Generated = Result<Option<(String, Vec<i32>)>, GaveUp>;

/// What [`Registered::analyze`] found.
#[derive(Debug)]
pub struct Analyzed {
    /// Counted up to 2.
    pub solutions: u64,
    /// The first solution's cells.
    pub solution: Option<Vec<i32>>,
    /// The level, when unique and rated within budget.
    pub difficulty: Option<&'static str>,
}

/// One puzzle being played.
pub trait InPlay: Send + Sync + fmt::Debug {
    /// Its family.
    fn family(&self) -> FamilyRef;
    /// How it is drawn.
    fn picture(&self) -> &Picture;
    /// Its rules.
    fn rules(&self) -> &Rules;
    /// Its cells as the API sends them: `-1` blocked, `0` empty, givens.
    fn givens(&self) -> &[i32];
    /// Its text (janko's format), to store and share.
    fn text(&self) -> &str;
    /// The library's verdict on a full grid: every rule it breaks, in words (none: solved).
    fn violations(&self, cells: &[i32]) -> Vec<String>;
    /// The library's verdict on an answer in the family's answer format.
    fn verify_text(&self, answer: &str) -> AppResult<Vec<String>>;
    /// The next step on a grid without mistakes (`hint.rs`).
    fn hint(&self, cells: &[i32], solution: &[i32], budget: &Budget) -> Hint;
    /// The library's key of a solution (`Family::answer_key`): the same for every disguised copy
    /// of the puzzle; `None` when the grid is no answer of this board.
    fn answer_key(&self, solution: &[i32]) -> Option<String>;
}

/// A registered family, compared and hashed by name.
#[derive(Clone, Copy)]
pub struct FamilyRef(pub &'static dyn Registered);

impl FamilyRef {
    /// The family named exactly `name`.
    pub fn named(name: &str) -> Option<FamilyRef> {
        FAMILIES.iter().find(|f| f.name() == name).map(|&f| FamilyRef(f))
    }
}

impl std::ops::Deref for FamilyRef {
    type Target = dyn Registered;
    fn deref(&self) -> &Self::Target {
        self.0
    }
}

impl PartialEq for FamilyRef {
    fn eq(&self, other: &Self) -> bool {
        self.0.name() == other.0.name()
    }
}

impl Eq for FamilyRef {}

impl Hash for FamilyRef {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.name().hash(state);
    }
}

impl fmt::Debug for FamilyRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.name())
    }
}

/// [`Registered`] for a [`Family`] type: one `static` per family in [`FAMILIES`].
pub struct Reg<P>(PhantomData<fn() -> P>);

impl<P: Family> fmt::Debug for Reg<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Reg({})", P::NAME)
    }
}

impl<P> Reg<P> {
    /// The family as a value.
    pub const NEW: Reg<P> = Reg(PhantomData);
}

impl<P: Family> Registered for Reg<P> {
    fn name(&self) -> &'static str {
        P::NAME
    }

    fn title(&self) -> &'static str {
        P::TITLE
    }

    fn rules(&self) -> &'static str {
        P::RULES
    }

    fn entry(&self) -> Entry {
        P::ENTRY
    }

    fn sizes(&self) -> &'static [usize] {
        P::SIZES
    }

    fn difficulties(&self) -> Vec<&'static str> {
        Level::<P>::names()
    }

    fn levels(&self, size: usize) -> Vec<&'static str> {
        P::levels(size).into_iter().map(Named::name).collect()
    }

    fn generate(&self, size: usize, level: &str, budget: Budget, seed: u64) -> Generated {
        let Some(&level) = Level::<P>::all().iter().find(|l| l.name() == level) else { return Ok(None) };
        if !P::SIZES.contains(&size) {
            return Ok(None);
        }
        let Ok(spec) = P::spec(size, level, budget) else { return Ok(None) };
        let made = P::generate(&spec, seed)?;
        let cells = solution_cells(&made.puzzle, &made.solution);
        Ok(Some((made.puzzle.to_text(), cells)))
    }

    fn example(&self, budget: Budget) -> Option<(Picture, Vec<i32>)> {
        let size = *P::SIZES.first()?;
        let level = *P::levels(size).first()?;
        let made = P::generate(&P::spec(size, level, budget).ok()?, 1).ok()?;
        Some((made.puzzle.picture(Some(&made.solution)), solution_cells(&made.puzzle, &made.solution)))
    }

    fn read(&self, text: &str, field: &'static str) -> AppResult<Arc<dyn InPlay>> {
        let puzzle = P::read(text, &())
            .next()
            .ok_or_else(|| AppError::bad(field, format!("{field}: no puzzle in the text")))?
            .map_err(|err| AppError::bad(field, format!("{field}: {err}")))?;
        Ok(Arc::new(Played::new(puzzle)))
    }

    fn analyze(&self, puzzle: &Arc<dyn InPlay>, budget: &Budget) -> AppResult<Analyzed> {
        let puzzle = P::read(puzzle.text(), &())
            .next()
            .and_then(Result::ok)
            .ok_or_else(|| AppError::Internal(anyhow::anyhow!("a {} that does not read back", P::NAME)))?;
        let query = Query::<P::Engine>::default().with_budget(budget.clone());
        let count = puzzle.count(&query.clone().with_limit(2));
        if let Outcome::GaveUp(_) = count.outcome {
            return Err(AppError::gave_up("counting the solutions"));
        }
        let solution = if count.solutions > 0 {
            puzzle.solve(&query).map_err(|_| AppError::gave_up("solving"))?
        } else {
            None
        };
        // A rating that runs out of budget is left out; the count and solution stand.
        let difficulty = (count.solutions == 1)
            .then(|| puzzle.rate(budget).ok())
            .flatten()
            .filter(|rating| rating.solved)
            .map(|rating| P::level(&rating).name());
        Ok(Analyzed {
            solutions: count.solutions,
            solution: solution.map(|s| solution_cells(&puzzle, &s)),
            difficulty,
        })
    }
}

/// A puzzle of a family being played, with what is drawn and checked of it computed once.
#[derive(Debug)]
struct Played<P> {
    puzzle: P,
    picture: Picture,
    rules: Rules,
    givens: Vec<i32>,
    text: String,
}

impl<P: Family> Played<P> {
    fn new(puzzle: P) -> Self {
        let picture = puzzle.picture(None);
        let rules = Rules::of(P::ENTRY, puzzle.live());
        let givens = picture
            .cells
            .iter()
            .zip(&picture.regions)
            .map(|(cell, region)| match cell.value {
                _ if cell.blocked || region.is_none() => BLOCKED,
                Some(value) if cell.given => wire_value(P::ENTRY, value),
                _ => 0,
            })
            .collect();
        let text = puzzle.to_text();
        Played { puzzle, picture, rules, givens, text }
    }

    /// The library's values of a grid of the API (empty cells and dots 0).
    fn values(cells: &[i32]) -> Vec<u32> {
        cells.iter().map(|&v| value_of(P::ENTRY, v).unwrap_or(0)).collect()
    }
}

impl<P: Family> InPlay for Played<P> {
    fn family(&self) -> FamilyRef {
        FamilyRef::named(P::NAME).expect("a family in FAMILIES")
    }

    fn picture(&self) -> &Picture {
        &self.picture
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn givens(&self) -> &[i32] {
        &self.givens
    }

    fn text(&self) -> &str {
        &self.text
    }

    fn violations(&self, cells: &[i32]) -> Vec<String> {
        match self.puzzle.answer(&Self::values(cells)) {
            Some(answer) => {
                self.puzzle.verify(&answer).violations().iter().map(ToString::to_string).collect()
            }
            None => vec!["the grid is not an answer of this board".to_owned()],
        }
    }

    fn answer_key(&self, solution: &[i32]) -> Option<String> {
        self.puzzle.answer(&Self::values(solution)).map(|answer| self.puzzle.answer_key(&answer))
    }

    fn verify_text(&self, answer: &str) -> AppResult<Vec<String>> {
        let answer =
            P::read_answer(answer).map_err(|err| AppError::bad("answer", format!("answer: {err}")))?;
        Ok(self.puzzle.verify(&answer).violations().iter().map(ToString::to_string).collect())
    }

    fn hint(&self, cells: &[i32], solution: &[i32], budget: &Budget) -> Hint {
        hint::next_step(&self.puzzle, P::ENTRY, self.picture.width, cells, solution, budget)
    }
}

/// A solution's cells as the API sends grids: digits; for stars 1 a star, 2 none; -1 blocked.
fn solution_cells<P: Family>(puzzle: &P, solution: &P::Solution) -> Vec<i32> {
    let picture = puzzle.picture(None);
    let open =
        picture.cells.iter().zip(&picture.regions).map(|(cell, region)| !cell.blocked && region.is_some());
    open.zip(puzzle.values(solution))
        .map(|(open, value)| if open { wire_value(P::ENTRY, value) } else { BLOCKED })
        .collect()
}

/// The library's value of a value of the API (`None` for an empty or blocked cell): for stars
/// and shading 1 (a star, shaded) or 0 (a dot).
pub(crate) fn value_of(entry: Entry, wire: i32) -> Option<u32> {
    match (entry.is_binary(), wire) {
        (true, STAR) => Some(1),
        (true, DOT) => Some(0),
        (true, _) => None,
        (false, v) if v > 0 => Some(v as u32),
        _ => None,
    }
}

/// The value of the API of the library's value.
pub(crate) fn wire_value(entry: Entry, value: u32) -> i32 {
    match (entry.is_binary(), value) {
        (true, 0) => DOT,
        (true, _) => STAR,
        (false, v) => v as i32,
    }
}
