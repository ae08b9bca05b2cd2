//! What is Sudoku's own in the web game, beside the library's `tessera::sudoku`: the layouts
//! offered (built once), the levels the generator reaches in a request's budget, the conflicts
//! of a grid (a digit twice in a house), the hint found on the player's own candidates, and a
//! pasted Sudoku. The registry (`super`) calls these; no handler does.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use tessera::sudoku::logic::{self, Candidates};
use tessera::sudoku::{self, Layout, Sudoku};
use tessera::Budget;

use super::{join_cells, Pasted, Shape, Wanted};
use crate::api::{Hint, SudokuOptions};
use crate::error::{AppError, AppResult};
use crate::family::Analyzed;
use crate::pool::Made;

/// Sudoku sizes the game offers.
pub const SIZES: [usize; 4] = [4, 6, 9, 16];

/// Sudoku layouts by size and diagonals.
type Layouts = HashMap<(usize, bool), Arc<Layout>>;

/// The layout of `size` with the usual boxes, with or without the diagonals. Layouts are built
/// once per size and variant (building one costs more than a check).
pub(super) fn layout(size: usize, diagonals: bool) -> AppResult<Arc<Layout>> {
    static LAYOUTS: OnceLock<Mutex<Layouts>> = OnceLock::new();
    let layouts = LAYOUTS.get_or_init(Mutex::default);
    if let Some(layout) = layouts.lock().ok().and_then(|l| l.get(&(size, diagonals)).cloned()) {
        return Ok(layout);
    }
    let layout = Layout::classic(size).map_err(|err| AppError::unprocessable("size", err.to_string()))?;
    let layout = Arc::new(if diagonals { layout.with_diagonals() } else { layout });
    if let Ok(mut layouts) = layouts.lock() {
        layouts.insert((size, diagonals), layout.clone());
    }
    Ok(layout)
}

/// The layout a request asks for (default 9x9 classic); with `offered`, a 422 for a size the
/// game does not offer.
pub(super) fn wanted(want: &Wanted<'_>, offered: bool) -> AppResult<Arc<Layout>> {
    let size = want.size.unwrap_or(9);
    if offered && !SIZES.contains(&size) {
        return Err(AppError::unprocessable("size", format!("size {size}: the game offers 4, 6, 9 and 16")));
    }
    layout(size, parse_variant(want.variant.unwrap_or("classic"))?)
}

/// The levels the game offers on `layout`, easiest first: those the generator makes there
/// (`sudoku::Generator::levels`, the library's names and order), less those it does not make in
/// a request's budget (measured, docs/web.md "Configurations"): above extreme on 6x6, and medium
/// to expert above 9x9 (not found in 20 s on 16x16).
pub fn levels(layout: &Layout) -> Vec<sudoku::Difficulty> {
    use sudoku::Difficulty::{Expert, Extreme, Medium};
    let too_slow = |level: sudoku::Difficulty| match layout.size() {
        6 => level > Extreme,
        size if size > 9 => (Medium..=Expert).contains(&level),
        _ => false,
    };
    sudoku::Generator::levels(layout).iter().copied().filter(|&level| !too_slow(level)).collect()
}

/// The part of `GET /api/options` for Sudoku.
pub(super) fn options() -> SudokuOptions {
    let names = |size| {
        layout(size, false)
            .map(|l| levels(&l).into_iter().map(sudoku::Difficulty::name).collect())
            .unwrap_or_default()
    };
    SudokuOptions {
        difficulties: sudoku::Difficulty::ALL.map(sudoku::Difficulty::name).to_vec(),
        levels: SIZES.iter().map(|&size| (size.to_string(), names(size))).collect(),
        sizes: SIZES,
        variants: ["classic", "x"],
        rules: sudoku::RULES,
    }
}

/// One puzzle of a layout and level from `seed`, as stored; `Ok(None)` for a level's name the
/// library does not know.
pub(super) fn generate(
    layout: &Arc<Layout>,
    difficulty: &str,
    budget: Budget,
    seed: u64,
) -> Result<Option<Made>, tessera::GaveUp> {
    let Ok(level) = difficulty.parse::<logic::Difficulty>() else { return Ok(None) };
    let made = sudoku::Generator::new(layout.clone()).difficulty(level).budget(budget).generate(seed)?;
    Ok(Some((join_cells(&cells(&made.puzzle)), join_cells(&cells(&made.solution)))))
}

/// Marks the cells of a digit twice in a house.
pub(super) fn conflicts(layout: &Layout, cells: &[i32], bad: &mut [bool]) {
    let mut seen = vec![usize::MAX; layout.size() + 1];
    for house in layout.houses() {
        seen.fill(usize::MAX);
        for &cell in house {
            let cell = usize::from(cell);
            let digit = cells[cell];
            if digit <= 0 {
                continue;
            }
            let digit = digit as usize;
            if seen[digit] == usize::MAX {
                seen[digit] = cell;
            } else {
                bad[seen[digit]] = true;
                bad[cell] = true;
            }
        }
    }
}

/// The rater's easiest technique on the player's candidates (their notes; a cell without notes
/// has the candidates its digits allow), with only the eliminations still among them; `None`
/// when no technique applies.
pub(super) fn hint(layout: &Arc<Layout>, cells: &[i32], notes: &[u32]) -> AppResult<Option<Hint>> {
    let puzzle = to_sudoku(layout, cells)?;
    let grid =
        Candidates::with_notes(&puzzle, notes).map_err(|err| AppError::bad("notes", err.to_string()))?;
    Ok(logic::hint_with_candidates(&grid).map(|step| {
        let widen = |pairs: Vec<(usize, u8)>| pairs.into_iter().map(|(c, d)| (c, i32::from(d))).collect();
        // The library's steps change the marks they are found on; kept as a guard.
        let eliminations = step.eliminations.into_iter().filter(|&(cell, d)| grid.has(cell, d)).collect();
        let mut area: Vec<usize> =
            step.houses.iter().flat_map(|&h| layout.houses()[h].iter().map(|&c| usize::from(c))).collect();
        area.sort_unstable();
        area.dedup();
        Hint {
            area,
            houses: step.houses.iter().map(|&h| layout.house_name(h)).collect(),
            cells: step.cells,
            changes: String::new(),
            eliminations: widen(eliminations),
            explanation: step.explanation,
            placements: widen(step.placements),
            technique: step.technique.name().to_owned(),
            chain: widen(step.chain),
        }
    }))
}

/// A Sudoku from a layout and a grid of `i32`.
pub(super) fn to_sudoku(layout: &Arc<Layout>, cells: &[i32]) -> AppResult<Sudoku> {
    let digits = cells.iter().map(|&v| v.clamp(0, 255) as u8).collect();
    Sudoku::from_digits(layout.clone(), digits).map_err(|err| AppError::bad("cells", err.to_string()))
}

/// A Sudoku's cells as `i32`.
pub(super) fn cells(sudoku: &Sudoku) -> Vec<i32> {
    sudoku.cells().iter().map(|&d| i32::from(d)).collect()
}

/// A pasted Sudoku (any layout the text gives; `"x"` adds the diagonals).
pub(super) fn read(text: &str, variant: Option<&str>) -> AppResult<Box<dyn Pasted>> {
    Ok(Box::new(crate::text::parse_sudoku(text, variant, "puzzle")?))
}

impl Pasted for Sudoku {
    fn stored(&self) -> String {
        join_cells(&cells(self))
    }

    fn clues(&self) -> usize {
        Sudoku::clues(self)
    }

    fn to_play(&self) -> AppResult<(Shape, Vec<i32>)> {
        let usual = Layout::classic(self.layout().size()).ok().is_some_and(|plain| {
            let plain = if self.layout().has_diagonals() { plain.with_diagonals() } else { plain };
            &plain == self.layout()
        });
        if !usual {
            return Err(AppError::unprocessable(
                "puzzle",
                "only Sudoku with the usual boxes can be played here (analyze and verify take any)",
            ));
        }
        Ok((Shape::of_layout(self.layout_arc().clone()), cells(self)))
    }

    fn analyze(&self, budget: &Budget) -> AppResult<Analyzed> {
        let query = sudoku::Query::default().with_budget(budget.clone());
        let count = sudoku::count(self, &query.clone().with_limit(2));
        if let sudoku::Outcome::GaveUp(_) = count.outcome {
            return Err(AppError::gave_up("counting the solutions"));
        }
        let solution = if count.solutions > 0 {
            sudoku::solve(self, &query).map_err(|_| AppError::gave_up("solving"))?.map(|s| cells(&s))
        } else {
            None
        };
        // A rating that runs out of time is left out; the count and solution stand.
        let difficulty = (count.solutions == 1)
            .then(|| logic::rate_within(self, budget).ok())
            .flatten()
            .filter(|rating| rating.solved)
            .map(|rating| rating.difficulty.name());
        Ok(Analyzed { solutions: count.solutions, solution, difficulty })
    }

    fn verify(&self, answer: &str) -> AppResult<Vec<String>> {
        let mut answer = crate::text::parse_sudoku(answer, None, "answer")?;
        // An answer written as a plain line takes the puzzle's diagonals or regions.
        let plain = Layout::classic(answer.layout().size()).ok();
        if answer.layout() != self.layout()
            && answer.layout().size() == self.layout().size()
            && plain.as_ref() == Some(answer.layout())
        {
            answer = Sudoku::from_digits(self.layout_arc().clone(), answer.cells().to_vec())
                .map_err(|err| AppError::bad("answer", format!("answer: {err}")))?;
        }
        Ok(sudoku::verify(self, &answer).violations().iter().map(ToString::to_string).collect())
    }
}

/// `"classic"` or `"x"`.
pub fn variant_name(diagonals: bool) -> &'static str {
    if diagonals {
        "x"
    } else {
        "classic"
    }
}

/// Whether a variant name asks for the diagonals.
pub fn parse_variant(text: &str) -> AppResult<bool> {
    match text {
        "classic" => Ok(false),
        "x" | "X" => Ok(true),
        other => Err(AppError::bad("variant", format!("unknown variant {other:?}; expected classic or x"))),
    }
}

#[cfg(test)]
mod tests {
    use super::SIZES;
    use crate::model::Shape;

    /// What the game offers per size, the same for both variants (`GET /api/options` lists the
    /// levels per size only).
    #[test]
    fn the_levels_offered_per_size() {
        let expected: [(usize, &[&str]); 4] = [
            (4, &["easy"]),
            (6, &["easy", "medium", "hard", "expert", "extreme"]),
            (9, &["easy", "medium", "hard", "expert", "extreme", "fiendish", "diabolical"]),
            (16, &["easy", "extreme", "diabolical"]),
        ];
        assert_eq!(expected.map(|(size, _)| size), SIZES);
        for (size, offered) in expected {
            for diagonals in [false, true] {
                assert_eq!(Shape::sudoku(size, diagonals).unwrap().levels(), offered, "{size}, {diagonals}");
            }
        }
    }
}
