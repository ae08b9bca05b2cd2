//! What the handlers ask of a request without knowing its kind: the configuration it wants
//! ([`Wanted`]), a puzzle it pasted ([`Pasted`]), and the configurations on offer ([`offered`]).

use std::sync::Arc;

use tessera::Budget;

use super::{hidato, sudoku, Shape};
use crate::api::{FamilyOptions, Options};
use crate::error::AppResult;
use crate::family::{Analyzed, InPlay, FAMILIES};

/// The configuration a request asks for (`POST /api/games`, `GET /api/records`, `GET
/// /api/daily`), before it is checked against the ones offered; a part left out takes its
/// default.
#[derive(Debug, Clone, Copy, Default)]
pub struct Wanted<'a> {
    /// Sudoku and the families: the side.
    pub size: Option<usize>,
    /// Sudoku: `"classic"` or `"x"`.
    pub variant: Option<&'a str>,
    /// Hidato: columns.
    pub width: Option<usize>,
    /// Hidato: rows.
    pub height: Option<usize>,
    /// Hidato: `"hidato"` or `"numbrix"`.
    pub adjacency: Option<&'a str>,
    /// The level's name.
    pub difficulty: Option<&'a str>,
}

/// A puzzle read from a client's text (analyze, verify, a pasted game): what the handlers ask of
/// it without knowing its kind.
pub trait Pasted: Send + 'static {
    /// Its text as the games store it (to find the games in play of it).
    fn stored(&self) -> String;
    /// How many givens it has.
    fn clues(&self) -> usize;
    /// The shape and cells it is played on; a 422 for one the game cannot play.
    fn to_play(&self) -> AppResult<(Shape, Vec<i32>)>;
    /// Counts its solutions up to 2, solves and rates it within `budget` (a compute thread's work).
    fn analyze(&self, budget: &Budget) -> AppResult<Analyzed>;
    /// The rules an answer (in the kind's answer format) breaks; none: it is the solution.
    fn verify(&self, answer: &str) -> AppResult<Vec<String>>;
}

impl Pasted for Arc<dyn InPlay> {
    fn stored(&self) -> String {
        self.text().to_owned()
    }

    fn clues(&self) -> usize {
        self.givens().iter().filter(|&&v| v > 0).count()
    }

    fn to_play(&self) -> AppResult<(Shape, Vec<i32>)> {
        Ok((Shape::of_played(self.clone()), self.givens().to_vec()))
    }

    fn analyze(&self, budget: &Budget) -> AppResult<Analyzed> {
        self.family().analyze(self, budget)
    }

    fn verify(&self, answer: &str) -> AppResult<Vec<String>> {
        self.verify_text(answer)
    }
}

/// The answer of `GET /api/options`: the configurations a new game can ask for, with the
/// library's level names and order (the pages read it from `/options.js` too).
pub fn offered() -> Options {
    let families = FAMILIES
        .iter()
        .map(|family| {
            let options = FamilyOptions {
                difficulties: family.difficulties(),
                entry: family.entry(),
                levels: family.sizes().iter().map(|&size| (size.to_string(), family.levels(size))).collect(),
                sizes: family.sizes().to_vec(),
                title: family.title(),
                rules: family.rules(),
            };
            (family.name(), options)
        })
        .collect();
    Options { families, hidato: hidato::options(), sudoku: sudoku::options() }
}
