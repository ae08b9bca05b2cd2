//! The rater and the hints: the techniques players use, easiest first, each step explained in
//! words with the cells named r1c1-style.
//!
//! | level | techniques |
//! |---|---|
//! | easy | a full unit's other cells are empty ("unit full"); a unit whose free cells are exactly the stars it still needs ("only cells left"); every star rules out its 8 neighbours (part of the step that places it) |
//! | medium | a region confined to one row or column rules out that line's other cells, and a line whose free cells lie in one region rules out the region's other cells ("confined region"); a star that would leave a unit too few free cells ("would break a unit") |
//! | hard | the same with 2..N-1 lines ("squeeze": N regions confined to N rows, or N rows covered by N regions); a star that would leave a unit, or a pair of neighbouring lines, unable to fit its stars because a 2x2 block holds at most one ("2x2 blocks") |
//! | expert | a star, or an empty cell, whose consequences under the solver's propagation end in a contradiction ("trial") |
//!
//! The rater takes the first technique that makes progress, in that order, and applies it; the
//! level is the hardest technique used, or expert when they stop before the grid is complete.
//! Weights for the score: 1, 3, 8 and 20 a step. Every technique is polynomial; the budget is
//! read between steps and between the trials of a step.

use tessera_xc::{Budget, GaveUp};

use crate::common::{Rating, Step};
use crate::starbattle::model::name;
use crate::starbattle::solve::{Layout, State, Unit};
use crate::starbattle::StarBattle;

crate::common::family_levels! {
    /// A level, easiest first.
    #[non_exhaustive]
    easy: "Full units, last cells, neighbours of stars.",
    medium: "Confined regions and lines, stars that would break a unit by count.",
    hard: "The squeeze over several lines, the 2x2 bound.",
    expert: "Trial and contradiction, or more than these techniques.",
}

impl Difficulty {
    fn weight(self) -> u32 {
        match self {
            Difficulty::Easy => 1,
            Difficulty::Medium => 3,
            Difficulty::Hard => 8,
            Difficulty::Expert => 20,
        }
    }
}

/// What the rater found.
pub type StarRating = Rating<Difficulty>;

/// The logic solver's view: the board, its layout, what is known.
pub(crate) struct Logic<'b> {
    pub(crate) board: &'b StarBattle,
    pub(crate) layout: Layout,
    pub(crate) state: State,
}

impl<'b> Logic<'b> {
    /// `None` for a board that the static checks refuse.
    pub(crate) fn new(board: &'b StarBattle) -> Option<Self> {
        if board.impossible().is_some() {
            return None;
        }
        let layout = Layout::new(board);
        let state = layout.start();
        Some(Logic { board, layout, state })
    }

    pub(crate) fn cell(&self, r: usize, c: usize) -> usize {
        r * self.layout.n + c
    }

    /// A unit in words: "row 3", "column 2", "region 7".
    pub(crate) fn unit_name(&self, unit: Unit) -> String {
        match unit {
            Unit::Row(r) => format!("row {}", r + 1),
            Unit::Column(c) => format!("column {}", c + 1),
            Unit::Region(g) => format!("region {}", self.board.region_id(g)),
        }
    }

    /// A unit's open cells (stars and unknown), row by row.
    pub(crate) fn unit_cells(&self, unit: Unit) -> Vec<usize> {
        let n = self.layout.n;
        (0..n * n)
            .filter(|&cell| {
                self.board.is_open(cell)
                    && match unit {
                        Unit::Row(r) => cell / n == r,
                        Unit::Column(c) => cell % n == c,
                        Unit::Region(g) => self.board.region_index(cell) == Some(g),
                    }
            })
            .collect()
    }

    pub(crate) fn is_unknown(&self, cell: usize) -> bool {
        let n = self.layout.n;
        self.state.unknown[cell / n] >> (cell % n) & 1 == 1
    }

    pub(crate) fn unknown(&self) -> Vec<usize> {
        let n = self.layout.n;
        (0..n * n).filter(|&cell| self.is_unknown(cell)).collect()
    }

    pub(crate) fn names(&self, cells: &[usize]) -> String {
        let names: Vec<String> = cells.iter().map(|&c| name(c, self.layout.n)).collect();
        names.join(", ")
    }

    /// Applies a step: stars (with their neighbours), then removals.
    fn apply(&mut self, step: &Step) {
        let n = self.layout.n;
        for &(cell, _) in &step.placed {
            if self.is_unknown(cell) {
                self.layout.star(&mut self.state, cell / n, cell % n);
            }
        }
        for &(cell, _) in &step.removed {
            self.layout.clear(&mut self.state, cell / n, cell % n);
        }
    }

    /// A step placing stars on `cells`: their unknown neighbours are removed with them.
    pub(crate) fn placing(
        &self,
        technique: &'static str,
        why: String,
        stars: Vec<usize>,
        looked: Vec<usize>,
    ) -> Step {
        let n = self.layout.n;
        let mut removed = Vec::new();
        for &cell in &stars {
            let (r, c) = (cell / n, cell % n);
            for rr in r.saturating_sub(1)..(r + 2).min(n) {
                for cc in c.saturating_sub(1)..(c + 2).min(n) {
                    let near = self.cell(rr, cc);
                    if near != cell
                        && self.is_unknown(near)
                        && !stars.contains(&near)
                        && !removed.contains(&(near, 1))
                    {
                        removed.push((near, 1));
                    }
                }
            }
        }
        let explanation = if removed.is_empty() {
            why
        } else {
            format!(
                "{why}; a star rules out its neighbours {}",
                self.names(&removed.iter().map(|r| r.0).collect::<Vec<_>>())
            )
        };
        Step {
            technique,
            explanation,
            placed: stars.into_iter().map(|c| (c, 1)).collect(),
            removed,
            cells: looked,
        }
    }

    /// Whether the state breaks a count: some unit over K or unable to reach it.
    pub(crate) fn broken(&self) -> bool {
        let k = self.layout.k;
        self.layout.units().any(|unit| {
            let (stars, unknown) = self.layout.tally(&self.state, unit);
            stars > k || stars + unknown < k
        })
    }

    /// Whether every unit has its K stars.
    fn solved(&self) -> bool {
        self.layout.units().all(|unit| self.layout.tally(&self.state, unit).0 == self.layout.k)
    }
}

/// The rating of a board within `budget`.
pub fn rate(board: &StarBattle, budget: &Budget) -> Result<StarRating, GaveUp> {
    rate_from(board, &[], budget)
}

/// The rating from a partly played board: `values` (row by row; `Some(1)` a star, `Some(0)` a
/// cell without one, `None` or past the end unknown) taken as known first, then the steps from
/// there. What a hint on a played board rests on: a Star Battle has no givens, so a rating of the
/// printed board would walk past what the player has and, once stalled, stay stalled however
/// many cells were revealed since. A star where the board has no room for one any more is left
/// out rather than placed.
pub(crate) fn rate_from(
    board: &StarBattle,
    values: &[Option<u32>],
    budget: &Budget,
) -> Result<StarRating, GaveUp> {
    let mut rating = Rating::start(Difficulty::Easy);
    let Some(mut logic) = Logic::new(board) else {
        rating.contradiction = true;
        rating.level = Difficulty::Expert;
        return Ok(rating);
    };
    for (cell, value) in values.iter().enumerate().take(logic.layout.n * logic.layout.n) {
        let (placed, removed) = match value {
            Some(1) if logic.is_unknown(cell) => (vec![(cell, 1)], Vec::new()),
            Some(0) if logic.is_unknown(cell) => (Vec::new(), vec![(cell, 1)]),
            _ => continue,
        };
        let technique = "placed";
        logic.apply(&Step { technique, explanation: String::new(), placed, removed, cells: vec![cell] });
    }
    let mut hardest = Difficulty::Easy;
    loop {
        if let Some(reason) = budget.check_clock() {
            return Err(reason);
        }
        if logic.broken() {
            rating.contradiction = true;
            break;
        }
        if logic.solved() {
            rating.solved = true;
            break;
        }
        let Some((level, step)) = crate::starbattle::techniques::next(&logic, budget)? else { break };
        if level >= hardest {
            hardest = level;
            rating.hardest = Some(step.technique);
        }
        rating.score += level.weight();
        logic.apply(&step);
        rating.steps.push(step);
    }
    rating.level = if rating.solved { hardest } else { Difficulty::Expert };
    Ok(rating)
}

/// The first step a player could take, or `None` when the techniques find none.
pub fn hint(board: &StarBattle) -> Option<Step> {
    let logic = Logic::new(board)?;
    if logic.broken() {
        return None;
    }
    crate::starbattle::techniques::next(&logic, &Budget::unlimited()).ok().flatten().map(|(_, step)| step)
}
