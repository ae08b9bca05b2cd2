//! The rater's techniques (see `logic`'s table), each finding one step on the current state.

use tessera_xc::{Budget, GaveUp};

use crate::common::Step;
use crate::starbattle::logic::{Difficulty, Logic};
use crate::starbattle::model::name;

/// The first step of the easiest technique that makes progress, with its level.
pub(crate) fn next(logic: &Logic<'_>, budget: &Budget) -> Result<Option<(Difficulty, Step)>, GaveUp> {
    let found = unit_full(logic)
        .map(|s| (Difficulty::Easy, s))
        .or_else(|| only_cells_left(logic).map(|s| (Difficulty::Easy, s)))
        .or_else(|| squeeze(logic, 1).map(|s| (Difficulty::Medium, s)))
        .or_else(|| would_break(logic, false).map(|s| (Difficulty::Medium, s)))
        .or_else(|| squeeze(logic, logic.layout.n / 2).map(|s| (Difficulty::Hard, s)))
        .or_else(|| would_break(logic, true).map(|s| (Difficulty::Hard, s)));
    if found.is_some() {
        return Ok(found);
    }
    Ok(trial(logic, budget)?.map(|s| (Difficulty::Expert, s)))
}

/// A unit with its K stars: its other cells are empty.
fn unit_full(logic: &Logic<'_>) -> Option<Step> {
    let layout = &logic.layout;
    layout.units().find_map(|unit| {
        let (stars, unknown) = layout.tally(&logic.state, unit);
        (stars == layout.k && unknown > 0).then(|| {
            let cells: Vec<usize> =
                layout.unknown_cells(&logic.state, unit).iter().map(|&(r, c)| logic.cell(r, c)).collect();
            Step {
                technique: "unit full",
                explanation: format!(
                    "{} has its {} star{}, so {} cannot hold one",
                    logic.unit_name(unit),
                    layout.k,
                    if layout.k == 1 { "" } else { "s" },
                    logic.names(&cells)
                ),
                removed: cells.iter().map(|&c| (c, 1)).collect(),
                placed: Vec::new(),
                cells: logic.unit_cells(unit),
            }
        })
    })
}

/// A unit whose unknown cells are exactly the stars it still needs.
fn only_cells_left(logic: &Logic<'_>) -> Option<Step> {
    let layout = &logic.layout;
    layout.units().find_map(|unit| {
        let (stars, unknown) = layout.tally(&logic.state, unit);
        (unknown > 0 && stars + unknown == layout.k).then(|| {
            let cells: Vec<usize> =
                layout.unknown_cells(&logic.state, unit).iter().map(|&(r, c)| logic.cell(r, c)).collect();
            let why = format!(
                "{} needs {} more star{} and has only {} left",
                logic.unit_name(unit),
                unknown,
                if unknown == 1 { "" } else { "s" },
                logic.names(&cells)
            );
            logic.placing("only cells left", why, cells, logic.unit_cells(unit))
        })
    })
}

/// Live (star or unknown) lines of a region: a bitmask of its rows, or of its columns.
fn live_lines(logic: &Logic<'_>, g: usize, columns: bool) -> u64 {
    let state = &logic.state;
    logic.layout.regions[g].iter().fold(0u64, |acc, &(r, m)| {
        let live = (state.unknown[r] | state.stars[r]) & m;
        match (columns, live) {
            (_, 0) => acc,
            (false, _) => acc | 1 << r,
            (true, live) => acc | live,
        }
    })
}

/// Confined regions and covered lines over windows of 1 to `longest` neighbouring lines: `L`
/// regions whose cells lie in `L` lines take all their stars, so the lines' other cells are
/// empty; `L` lines whose cells lie in `L` regions take those regions' stars, so the regions'
/// cells outside the lines are empty.
fn squeeze(logic: &Logic<'_>, longest: usize) -> Option<Step> {
    let n = logic.layout.n;
    let shortest = if longest == 1 { 1 } else { 2 };
    for len in shortest..=longest.min(n - 1) {
        for columns in [false, true] {
            let lines: Vec<u64> = (0..n).map(|g| live_lines(logic, g, columns)).collect();
            for start in 0..=n - len {
                let window = ((1u64 << len) - 1) << start;
                let line_of = |cell: usize| if columns { cell % n } else { cell / n };
                let inside = |cell: usize| window >> line_of(cell) & 1 == 1;
                let word = if columns { "column" } else { "row" };
                let span = if len == 1 {
                    format!("{word} {}", start + 1)
                } else {
                    format!("{word}s {} to {}", start + 1, start + len)
                };
                let confined: Vec<usize> =
                    (0..n).filter(|&g| lines[g] != 0 && lines[g] & !window == 0).collect();
                let touching: Vec<usize> = (0..n).filter(|&g| lines[g] & window != 0).collect();
                let region_of = |cell: usize| logic.board.region_index(cell).unwrap_or(usize::MAX);
                let (chosen, targets, why) = if confined.len() == len {
                    let targets: Vec<usize> = logic
                        .unknown()
                        .into_iter()
                        .filter(|&c| inside(c) && !confined.contains(&region_of(c)))
                        .collect();
                    (confined, targets, "lie within")
                } else if touching.len() == len {
                    let targets: Vec<usize> = logic
                        .unknown()
                        .into_iter()
                        .filter(|&c| !inside(c) && touching.contains(&region_of(c)))
                        .collect();
                    (touching, targets, "cover")
                } else {
                    continue;
                };
                if targets.is_empty() {
                    continue;
                }
                let ids: Vec<String> = chosen.iter().map(|&g| logic.board.region_id(g).to_string()).collect();
                let regions = if len == 1 {
                    format!("region {}", ids[0])
                } else {
                    format!("regions {}", ids.join(", "))
                };
                let explanation = if why == "lie within" {
                    format!(
                        "{regions} {why} {span}, so they take all its stars: {} cannot hold one",
                        logic.names(&targets)
                    )
                } else {
                    format!("the free cells of {span} lie in {regions}, so those regions' stars are all there: {} cannot hold one", logic.names(&targets))
                };
                let cells = (0..n * n).filter(|&c| logic.board.is_open(c) && inside(c)).collect();
                let technique = if len == 1 { "confined region" } else { "squeeze" };
                return Some(Step {
                    technique,
                    explanation,
                    placed: Vec::new(),
                    removed: targets.iter().map(|&c| (c, 1)).collect(),
                    cells,
                });
            }
        }
    }
    None
}

/// An unknown cell whose star would leave a unit unable to take its stars: by count alone, or
/// (`blocks`) by the 2x2 bound of a unit or of a pair of neighbouring lines.
fn would_break(logic: &Logic<'_>, blocks: bool) -> Option<Step> {
    let layout = &logic.layout;
    let n = layout.n;
    let k = layout.k;
    for cell in logic.unknown() {
        let mut state = logic.state;
        layout.star(&mut state, cell / n, cell % n);
        let mut broken = None;
        for unit in layout.units() {
            let (stars, unknown) = layout.tally(&state, unit);
            let room = if blocks { layout.capacity(&state, unit) } else { unknown };
            if stars < k && stars + room < k {
                let what = if blocks { "could then fit" } else { "would then have room for" };
                broken = Some((
                    format!(
                        "{} {what} only {} of its {} missing stars",
                        logic.unit_name(unit),
                        room,
                        k - stars
                    ),
                    logic.unit_cells(unit),
                ));
                break;
            }
        }
        if broken.is_none() && blocks {
            for i in 1..n {
                for columns in [false, true] {
                    let (stars, room) = layout.pair_room(&state, i, columns);
                    if stars + room < 2 * k && broken.is_none() {
                        let word = if columns { "columns" } else { "rows" };
                        let cells = (0..n * n).filter(|&c| {
                            logic.board.is_open(c) && {
                                let line = if columns { c % n } else { c / n };
                                line + 1 == i || line == i
                            }
                        });
                        broken = Some((
                            format!(
                                "{word} {} and {} could then fit only {} of their {} missing stars",
                                i,
                                i + 1,
                                room,
                                2 * k - stars
                            ),
                            cells.collect(),
                        ));
                    }
                }
            }
        }
        if let Some((why, cells)) = broken {
            let technique = if blocks { "2x2 blocks" } else { "would break a unit" };
            let explanation = if blocks {
                format!("a 2x2 block holds at most one star; with a star at {}, {why}", name(cell, n))
            } else {
                format!("a star at {} rules out its neighbours, and {why}", name(cell, n))
            };
            return Some(Step {
                technique,
                explanation,
                placed: Vec::new(),
                removed: vec![(cell, 1)],
                cells,
            });
        }
    }
    None
}

/// A cell whose star (or whose emptiness) ends in a contradiction under the solver's
/// propagation: then it is empty (or a star).
fn trial(logic: &Logic<'_>, budget: &Budget) -> Result<Option<Step>, GaveUp> {
    let layout = &logic.layout;
    let n = layout.n;
    for cell in logic.unknown() {
        if let Some(reason) = budget.check_clock() {
            return Err(reason);
        }
        let (r, c) = (cell / n, cell % n);
        let mut with = logic.state;
        if !(layout.star(&mut with, r, c) && layout.propagate(&mut with)) {
            let explanation = format!(
                "a star at {} leads, by full units, last cells and 2x2 blocks, to a contradiction",
                name(cell, n)
            );
            return Ok(Some(Step {
                technique: "trial",
                explanation,
                placed: Vec::new(),
                removed: vec![(cell, 1)],
                cells: vec![cell],
            }));
        }
        let mut without = logic.state;
        layout.clear(&mut without, r, c);
        if !layout.propagate(&mut without) {
            let why = format!(
                "leaving {} empty leads, by full units, last cells and 2x2 blocks, to a contradiction",
                name(cell, n)
            );
            return Ok(Some(logic.placing("trial", why, vec![cell], vec![cell])));
        }
    }
    Ok(None)
}
