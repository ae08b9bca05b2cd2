//! `POST /api/games/{id}/hint`: the next step on the board as the player sees it (digits and
//! notes), explained, or the next value revealed when the rules are stuck. Refused while the game
//! is paused. `POST /api/games/{id}/mistakes`: the player's values against the solution, for the
//! page's mistake modes (shown at once, or three lives); it marks the game assisted as a hint
//! does, for the same reason.
//!
//! The page sends its notes with the digits (`notes`: per cell, the values pencilled in; the
//! server keeps none, so a hint is always about the state on the player's screen). A cell
//! without notes is one the player has not pencilled: its candidates are those its digits allow
//! (`Candidates::with_notes`). The step is found on those candidates, so a step whose
//! eliminations are all gone from the notes (applied already) is never found again, and each
//! hint's eliminations are only candidates the player still has. Every hint names what it
//! changes (`changes`, in words, beside the technique's `explanation`).
//!
//! A grid with a mistake (a digit against the solution, or the notes of an empty cell that leave
//! out its answer) gets a 409 `{"mistake": true}` that says there is one and nothing more; with
//! `"locate_mistake": true` it names one wrong cell (`"wrong": [cell]`, the first in reading
//! order). Either answer marks the game assisted: whether a grid has a mistake is itself
//! knowledge of the answer (a script could fill one cell at a time and ask).

use axum::extract::{Path, State};
use axum::Json;
use serde::Deserialize;
use serde_json::Value;

use super::games::playing;
use super::Body;
use crate::api::{Hint, Mistakes};
use crate::error::{AppError, AppResult};
use crate::family::rules::{Entry, DOT, SHADED, STAR};
use crate::family::InPlay;
use crate::game::{Game, Source};
use crate::model::Shape;
use crate::state::AppState;
use crate::store::{now_ms, Write};

/// The body of a hint: the player's grid, their notes, and whether to be shown a mistake.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HintBody {
    cells: Vec<i32>,
    /// Per cell, the values pencilled in (`[]` for none); as long as `cells`. Only for puzzles
    /// with notes (Sudoku, Killer, KenKen). Read by `notes_masks`, which names the field in
    /// every error (serde's type errors name none).
    #[serde(default)]
    notes: Option<Value>,
    /// On a grid with a mistake, name one wrong cell (else the answer only says there is one).
    #[serde(default)]
    locate_mistake: Option<Value>,
}

impl HintBody {
    /// `locate_mistake`, checked: `true`, `false` or absent.
    fn locate(&self) -> AppResult<bool> {
        match &self.locate_mistake {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(_) => Err(AppError::bad("locate_mistake", "locate_mistake is true or false")),
        }
    }
}

/// `POST /api/games/{id}/hint`: the next step on the player's grid and notes, explained. The
/// game is then assisted (a 409 for a mistake too).
pub async fn hint(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Body(body): Body<HintBody>,
) -> AppResult<Json<Hint>> {
    let mut game = playing(&state, &id).await?;
    game.shape.validate(&game.puzzle, &body.cells)?;
    let locate = body.locate()?;
    let notes = notes_masks(&game.shape, &body.cells, body.notes.as_ref())?;
    let mistake = first_mistake(&body.cells, &notes, &game.solution);
    if mistake.is_none() && game.shape.is_complete(&body.cells) {
        return Err(AppError::conflict("the grid is already complete"));
    }
    mark_assisted(&state, &mut game).await?;
    if let Some((cell, in_notes)) = mistake {
        return Err(mistake_error(&game.shape, cell, in_notes, locate));
    }
    let (shape, cells, solution) = (game.shape.clone(), body.cells, game.solution.clone());
    let budget = state.budget();
    let step = state
        .compute("finding a hint", move || {
            let step = next_step(&shape, &cells, &notes, &solution, &budget)?;
            Ok::<_, AppError>(named(&shape, step))
        })
        .await??;
    Ok(Json(step))
}

/// The body of a mistakes question: the player's grid.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MistakesBody {
    cells: Vec<i32>,
}

/// `POST /api/games/{id}/mistakes`: the cells whose value is not the solution's (a given never
/// is; empty cells are not mistakes). The game is then assisted, even when there are none: that
/// a grid has no mistake is knowledge of the answer too (a script could place one value at a time
/// and ask).
pub async fn mistakes(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Body(body): Body<MistakesBody>,
) -> AppResult<Json<Mistakes>> {
    let mut game = playing(&state, &id).await?;
    game.shape.validate(&game.puzzle, &body.cells)?;
    mark_assisted(&state, &mut game).await?;
    Ok(Json(Mistakes { wrong: wrong_cells(&body.cells, &game.solution) }))
}

/// The filled cells whose value is not the solution's, in reading order.
fn wrong_cells(cells: &[i32], solution: &[i32]) -> Vec<usize> {
    cells
        .iter()
        .zip(solution)
        .enumerate()
        .filter(|(_, (&v, &answer))| v > 0 && v != answer)
        .map(|(i, _)| i)
        .collect()
}

/// Marks the game assisted (stored first), once.
async fn mark_assisted(state: &AppState, game: &mut Game) -> AppResult<()> {
    if !game.row.assisted {
        let mut row = game.row.clone();
        row.assisted = true;
        row.touched_at = now_ms();
        state.store.write(Write::UpdateGame(row.clone())).await?;
        game.row = row;
    }
    // A hint on a pasted copy gives out steps of that puzzle: its games in play are assisted too.
    if game.row.source == Source::Pasted {
        let (kind, puzzle, id) = (game.row.kind, game.row.puzzle.clone(), game.row.id.clone());
        // The key stored with the game; computed only for a game stored before keys were.
        let canon = game.row.canon.clone().or_else(|| game.shape.answer_key(&game.solution));
        crate::reveal::revealed(state, kind, puzzle, canon, Some(id)).await?;
    }
    Ok(())
}

/// The notes as masks (bit `v - 1` for value `v`; `0` for no notes), checked: an array of one
/// list per cell, values in range. Notes of filled cells are ignored.
fn notes_masks(shape: &Shape, cells: &[i32], notes: Option<&Value>) -> AppResult<Vec<u32>> {
    let lists = match notes {
        None | Some(Value::Null) => return Ok(vec![0; cells.len()]),
        Some(Value::Array(lists)) => lists,
        Some(_) => return Err(AppError::bad("notes", "notes is an array: per cell, a list of values")),
    };
    if lists.len() != cells.len() {
        return Err(AppError::bad(
            "notes",
            format!(
                "notes has {} cells; the grid has {} (one list per cell, [] for none)",
                lists.len(),
                cells.len()
            ),
        ));
    }
    let max = shape.note_max();
    lists
        .iter()
        .enumerate()
        .map(|(cell, values)| {
            let Some(values) = values.as_array() else {
                return Err(AppError::bad("notes", format!("notes[{cell}] is not a list of values")));
            };
            let mut mask = 0u32;
            for v in values {
                let Some(max) = max else {
                    return Err(AppError::bad("notes", "this puzzle has no notes: send [] for every cell"));
                };
                let v = v.as_i64().filter(|v| (1..=i64::from(max)).contains(v)).ok_or_else(|| {
                    let name = shape.cell_name(cell);
                    AppError::bad(
                        "notes",
                        format!("the note {v} of {name} is not a value from 1 to {max} (notes[{cell}])"),
                    )
                })?;
                mask |= 1 << (v - 1);
            }
            Ok(if cells[cell] == 0 { mask } else { 0 })
        })
        .collect()
}

/// The first mistake in reading order: a value against the solution, or the notes of an empty
/// cell leaving out its answer (`true`).
fn first_mistake(cells: &[i32], notes: &[u32], solution: &[i32]) -> Option<(usize, bool)> {
    cells.iter().zip(notes).zip(solution).enumerate().find_map(|(cell, ((&v, &mask), &answer))| {
        if v > 0 && v != answer {
            Some((cell, false))
        } else if v == 0 && mask != 0 && answer > 0 && mask & (1 << (answer - 1)) == 0 {
            Some((cell, true))
        } else {
            None
        }
    })
}

/// The 409 of a grid with a mistake: that there is one, and where only if asked.
fn mistake_error(shape: &Shape, cell: usize, in_notes: bool, locate: bool) -> AppError {
    if !locate {
        return AppError::Mistake {
            message: "the grid has a mistake (a value, or notes that leave out the answer); send \
                      \"locate_mistake\": true to be shown one wrong cell"
                .to_owned(),
            cell: None,
        };
    }
    let name = shape.cell_name(cell);
    let message = if in_notes {
        format!("the notes of {name} leave out its answer")
    } else {
        format!("{name} holds a wrong value")
    };
    AppError::Mistake { message, cell: Some(cell) }
}

/// The next step on a grid without mistakes, reduced to what changes the player's board: the
/// rater's easiest technique on the player's candidates, or the next value revealed.
fn next_step(
    shape: &Shape,
    cells: &[i32],
    notes: &[u32],
    solution: &[i32],
    budget: &tessera::Budget,
) -> AppResult<Hint> {
    let Some(mut hint) = shape.logic_hint(cells, notes, solution, budget)? else {
        return reveal(shape, cells, solution);
    };
    if let Some(played) = shape.played() {
        keep_family_changes(played.as_ref(), cells, notes, &mut hint);
    }
    if hint.placements.is_empty() && hint.eliminations.is_empty() {
        return reveal(shape, cells, solution);
    }
    Ok(hint)
}

/// A family's hint keeps only the eliminations that change the player's notes: the cell is
/// empty and has the value among its notes, or (no notes) no peer holds it.
fn keep_family_changes(played: &dyn InPlay, cells: &[i32], notes: &[u32], hint: &mut Hint) {
    let rules = played.rules();
    let held = |cell: usize, value: i32| {
        rules
            .distinct
            .iter()
            .any(|group| group.contains(&cell) && group.iter().any(|&c| c != cell && cells[c] == value))
    };
    hint.eliminations.retain(|&(cell, value)| {
        let (Some(&v), Some(&mask)) = (cells.get(cell), notes.get(cell)) else { return false };
        v == 0 && value > 0 && if mask == 0 { !held(cell, value) } else { mask & (1 << (value - 1)) != 0 }
    });
    hint.eliminations.sort_unstable();
    hint.eliminations.dedup();
}

/// The first empty cell's value, from the solution.
fn reveal(shape: &Shape, cells: &[i32], solution: &[i32]) -> AppResult<Hint> {
    let cell = cells
        .iter()
        .position(|&v| v == 0)
        .ok_or_else(|| AppError::conflict("the grid is already complete"))?;
    let name = shape.cell_name(cell);
    Ok(Hint {
        cells: vec![cell],
        changes: String::new(),
        eliminations: Vec::new(),
        explanation: format!("No rule finds the next step here; {name} is {}.", solution[cell]),
        placements: vec![(cell, solution[cell])],
        technique: "reveal".to_owned(),
        ..Hint::default()
    })
}

/// The hint with `changes` written: what applying it places and removes, cell by cell.
/// Where to look, when the step names no house: its cells and the ones it places in.
fn named(shape: &Shape, mut hint: Hint) -> Hint {
    hint.changes = changes(shape, &hint.placements, &hint.eliminations);
    if hint.area.is_empty() {
        hint.area = hint.cells.iter().copied().chain(hint.placements.iter().map(|p| p.0)).collect();
        hint.area.sort_unstable();
        hint.area.dedup();
    }
    hint
}

/// "Place 5 in r4c7. Remove 2 from r5c8 and r6c8." (Star Battle: "Put a star in r1c3. Mark
/// r1c4 as no star."; Nonogram: "Shade r1c3. Mark r1c4 as empty."; Hidato: "Place 12 in (3,4).")
fn changes(shape: &Shape, placements: &[(usize, i32)], eliminations: &[(usize, i32)]) -> String {
    let entry = shape.entry();
    let word = |v: i32| shape.symbol(v);
    let mut sentences = Vec::new();
    // Group by value, in the order values first appear.
    let grouped = |pairs: &[(usize, i32)]| {
        let mut groups: Vec<(i32, Vec<usize>)> = Vec::new();
        for &(cell, v) in pairs {
            match groups.iter_mut().find(|(value, _)| *value == v) {
                Some((_, cells)) => cells.push(cell),
                None => groups.push((v, vec![cell])),
            }
        }
        groups
    };
    for (v, cells) in grouped(placements) {
        let cells = list(&shape.cells_named(&cells));
        sentences.push(match (entry, v) {
            (Some(Entry::Stars), STAR) => format!("Put a star in {cells}."),
            (Some(Entry::Stars), DOT) => format!("Mark {cells} as no star."),
            (Some(Entry::Shade), SHADED) => format!("Shade {cells}."),
            (Some(Entry::Shade), DOT) => format!("Mark {cells} as empty."),
            _ => format!("Place {} in {cells}.", word(v)),
        });
    }
    sentences.extend(removals(shape, placements, eliminations));
    sentences.join(" ")
}

/// The removals a player has to make by hand, in a sentence or two. Left out: the notes of a
/// cell the hint fills and a placed value's notes in the cells it clashes with (placing a value
/// clears both, as typing it does: `edits.js`). The rest grouped by cell, cells with the same
/// values together ("Remove 1, 2 and 3 from the notes of r1c2 and r1c3."); when that is still long,
/// counted instead ("Remove 14 candidates from 9 cells, ringed."), the board rings them: a
/// Killer hint once listed 22 cells of "Remove 5 from the notes of ...", 900 characters.
fn removals(shape: &Shape, placements: &[(usize, i32)], eliminations: &[(usize, i32)]) -> Vec<String> {
    let cells = shape.cells();
    // One empty grid, two cells set and cleared again per question.
    let grid = std::cell::RefCell::new(vec![0; cells]);
    let clashes = |&(cell, value): &(usize, i32)| {
        placements.iter().any(|&(at, placed)| {
            if at == cell {
                return true;
            }
            if placed != value || at >= cells || cell >= cells {
                return false;
            }
            let mut grid = grid.borrow_mut();
            (grid[at], grid[cell]) = (value, value);
            let clash = shape.conflicts(&grid).contains(&cell);
            (grid[at], grid[cell]) = (0, 0);
            clash
        })
    };
    let mut by_cell: Vec<(usize, Vec<i32>)> = Vec::new();
    for pair in eliminations.iter().filter(|p| !clashes(p)) {
        match by_cell.iter_mut().find(|(cell, _)| *cell == pair.0) {
            Some((_, values)) => values.push(pair.1),
            None => by_cell.push((pair.0, vec![pair.1])),
        }
    }
    let mut groups: Vec<(Vec<i32>, Vec<String>)> = Vec::new();
    for (cell, mut values) in by_cell {
        values.sort_unstable();
        values.dedup();
        let name = shape.cell_name(cell);
        match groups.iter_mut().find(|(same, _)| *same == values) {
            Some((_, names)) => names.push(name),
            None => groups.push((values, vec![name])),
        }
    }
    let sentences: Vec<String> = groups
        .iter()
        .map(|(values, names)| {
            let values: Vec<String> = values.iter().map(|&v| shape.symbol(v)).collect();
            format!("Remove {} from the notes of {}.", list(&values), list(names))
        })
        .collect();
    if sentences.iter().map(String::len).sum::<usize>() <= 80 {
        return sentences;
    }
    let candidates: usize = groups.iter().map(|(values, names)| values.len() * names.len()).sum();
    let targets: usize = groups.iter().map(|(_, names)| names.len()).sum();
    vec![format!("Remove {candidates} candidates from {targets} cells, ringed.")]
}

/// "a", "a and b", "a, b and c".
fn list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_mistake_is_a_value_or_notes_without_the_answer() {
        let solution = [1, 2, 3, 4];
        assert_eq!(first_mistake(&[1, 0, 0, 0], &[0, 0b10, 0, 0], &solution), None);
        assert_eq!(first_mistake(&[1, 0, 0, 0], &[0, 0b1, 0, 0], &solution), Some((1, true)));
        assert_eq!(first_mistake(&[1, 0, 4, 0], &[0, 0b1, 0, 0], &solution), Some((1, true)));
        assert_eq!(first_mistake(&[2, 0, 4, 0], &[0, 0, 0, 0], &solution), Some((0, false)));
    }

    #[test]
    fn the_wrong_cells_are_the_filled_ones_against_the_solution() {
        let solution = [1, 2, 3, 4, 5];
        assert_eq!(wrong_cells(&[1, 0, 4, 0, 1], &solution), vec![2, 4]);
        assert_eq!(wrong_cells(&[0, 0, 0, 0, 0], &solution), Vec::<usize>::new());
        assert_eq!(wrong_cells(&[1, 2, 3, 4, 5], &solution), Vec::<usize>::new());
        // Holes (-1) are never mistakes.
        assert_eq!(wrong_cells(&[-1, 2, 0, 4, 5], &[-1, 2, 3, 4, 5]), Vec::<usize>::new());
    }

    #[test]
    fn changes_are_named_cell_by_cell() {
        let shape = Shape::sudoku(9, false).unwrap();
        let text = changes(&shape, &[(0, 5)], &[(44, 2), (53, 2), (53, 7)]);
        assert_eq!(
            text,
            "Place 5 in r1c1. Remove 2 from the notes of r5c9. Remove 2 and 7 from the notes of r6c9."
        );
        assert_eq!(list(&["a".into(), "b".into(), "c".into()]), "a, b and c");
        // What placing does by itself is not told: the placed cell's other notes, and the value's
        // notes in its row, column and box (r1c9, r9c1, r3c3); 5 in r5c5 is not a peer's.
        let text = changes(&shape, &[(0, 5)], &[(0, 3), (8, 5), (72, 5), (20, 5), (40, 5), (40, 6)]);
        assert_eq!(text, "Place 5 in r1c1. Remove 5 and 6 from the notes of r5c5.");
        // Many removals are counted, not listed (the board rings them).
        let many: Vec<(usize, i32)> = (30..81).step_by(2).flat_map(|c| [(c, 1), (c, 8)]).collect();
        let text = changes(&shape, &[], &many);
        assert_eq!(text, "Remove 52 candidates from 26 cells, ringed.");
    }

    #[test]
    fn a_family_s_cells_side_by_side_are_named_as_ranges() {
        let family = crate::family::FamilyRef::named("nonogram").unwrap();
        let shape = Shape::Family { family, width: 5, height: 5, played: None };
        // r1c1-r1c3 in a row; r1c5-r4c5 down a column (a row's end does not run on into the
        // next row: r1c5 and r2c1 are no range); r2c1 and r5c4 alone.
        let cells = [2, 0, 1, 4, 9, 14, 19, 5, 23];
        assert_eq!(shape.cells_named(&cells), ["r1c1-r1c3", "r1c5-r4c5", "r2c1", "r5c4"]);
        let text = changes(&shape, &cells.map(|c| (c, 1)), &[]);
        assert_eq!(text, "Place 1 in r1c1-r1c3, r1c5-r4c5, r2c1 and r5c4.");
        // Elsewhere, one name a cell, in the order given.
        let sudoku = Shape::sudoku(9, false).unwrap();
        assert_eq!(sudoku.cells_named(&[1, 0]), ["r1c2", "r1c1"]);
    }
}
