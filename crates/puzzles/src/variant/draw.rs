//! The picture of a variant puzzle, which the web game and the books draw: digits, regions,
//! killer cages, and a [`Mark`] for every other constraint and cosmetic that is drawn.

use crate::common::{LineKind, Mark, Picture, Shape, Spot};
use crate::variant::model::{Cell, Constraint, Grid, Variant};

fn spot(cell: Cell) -> Spot {
    [i32::from(cell.row), i32::from(cell.col)]
}

fn spots(cells: &[Cell]) -> Vec<Spot> {
    cells.iter().copied().map(spot).collect()
}

fn line(line: LineKind, cells: &[Cell]) -> Mark {
    Mark::Line { line, cells: spots(cells), color: None }
}

/// The region id of the picture's cells that are in no region.
pub const NO_REGION: u32 = u32::MAX;

/// The puzzle (or with `answer` its solution) as a [`Picture`]: digits, regions, killer cages,
/// and the marks of the other constraints and of the cosmetics.
pub(crate) fn picture(puzzle: &Variant, answer: Option<&Grid>) -> Picture {
    let n = puzzle.size;
    let mut picture = Picture::new(n, n);
    for (cell, drawn) in picture.cells.iter_mut().enumerate() {
        let given = puzzle.givens[cell];
        let digit = answer.map_or(given, |a| a.digits().get(cell).copied().unwrap_or(0));
        drawn.put_digit(u32::from(digit));
        drawn.given = given != 0;
        // A cell of no region (a prime side, or a jigsaw with holes) is still a cell: it joins
        // one region id of its own, so no thick line is drawn between two such cells.
        picture.regions[cell] = Some(puzzle.regions[cell].map_or(NO_REGION, u32::from));
    }
    let mut cages = vec![u32::MAX; n * n];
    let (mut extra, mut clones) = (0, 0);
    for (k, constraint) in puzzle.constraints.iter().enumerate() {
        let mark = match constraint {
            Constraint::Cage { cells, sum } => {
                for c in cells {
                    cages[puzzle.index(*c)] = k as u32;
                }
                if let (Some(sum), Some(first)) = (sum, cells.iter().min()) {
                    picture.cells[puzzle.index(*first)].corner = Some(sum.to_string());
                }
                None
            }
            Constraint::ExtraRegion { cells } => {
                extra += 1;
                Some(Mark::Shade { cells: spots(cells), what: "extra-region".into(), group: extra - 1 })
            }
            Constraint::DiagonalPositive => Some(Mark::Diagonal { positive: true }),
            Constraint::DiagonalNegative => Some(Mark::Diagonal { positive: false }),
            Constraint::LittleKiller { clue, direction, sum } => {
                let (dr, dc) = direction.step();
                Some(Mark::LittleKiller {
                    clue: spot(*clue),
                    step: [i32::from(dr), i32::from(dc)],
                    sum: *sum,
                })
            }
            Constraint::Sandwich { clue, sum } => Some(Mark::Outside { clue: spot(*clue), value: *sum }),
            Constraint::Skyscraper { clue, count } => {
                Some(Mark::Outside { clue: spot(*clue), value: *count })
            }
            Constraint::Less { cells: [a, b] } => Some(Mark::EdgeText {
                cells: [spot(*a), spot(*b)],
                // The sign's point is at the smaller digit.
                text: match (b.row - a.row, b.col - a.col) {
                    (0, 1) => "<",
                    (0, _) => ">",
                    (1, _) => "∧",
                    _ => "∨",
                }
                .to_string(),
            }),
            Constraint::Thermometer { cells, slow } => {
                Some(line(if *slow { LineKind::SlowThermometer } else { LineKind::Thermometer }, cells))
            }
            Constraint::Arrow { circle, lines } => {
                Some(Mark::Arrow { circle: spots(circle), lines: lines.iter().map(|l| spots(l)).collect() })
            }
            Constraint::Difference { cells, value } => Some(Mark::Dot {
                cells: [spot(cells[0]), spot(cells[1])],
                black: false,
                value: (*value != 1).then_some(*value),
            }),
            Constraint::Ratio { cells, value } => Some(Mark::Dot {
                cells: [spot(cells[0]), spot(cells[1])],
                black: true,
                value: (*value != 2).then_some(*value),
            }),
            Constraint::Xv { cells, sum } => Some(Mark::EdgeText {
                cells: [spot(cells[0]), spot(cells[1])],
                text: match sum {
                    10 => "X".to_string(),
                    5 => "V".to_string(),
                    other => other.to_string(),
                },
            }),
            Constraint::Odd { cell } => Some(Mark::CellShape { cell: spot(*cell), shape: Shape::Circle }),
            Constraint::Even { cell } => Some(Mark::CellShape { cell: spot(*cell), shape: Shape::Square }),
            Constraint::Minimum { cell } => Some(Mark::Extremum { cell: spot(*cell), maximum: false }),
            Constraint::Maximum { cell } => Some(Mark::Extremum { cell: spot(*cell), maximum: true }),
            Constraint::Quadruple { cells, values } => {
                Some(Mark::Quadruple { cells: spots(cells), values: values.clone() })
            }
            Constraint::Palindrome { cells } => Some(line(LineKind::Palindrome, cells)),
            Constraint::Renban { cells } => Some(line(LineKind::Renban, cells)),
            Constraint::Whispers { cells, .. } => Some(line(LineKind::Whispers, cells)),
            Constraint::Between { cells } => Some(line(LineKind::Between, cells)),
            Constraint::RegionSumLine { cells } => Some(line(LineKind::RegionSum, cells)),
            Constraint::Clone { cells, clones: twins } => {
                clones += 1;
                let group = clones - 1;
                picture.marks.push(Mark::Shade { cells: spots(cells), what: "clone".into(), group });
                Some(Mark::Shade { cells: spots(twins), what: "clone".into(), group })
            }
            // Global rules (anti-knight, anti-king, non-consecutive, disjoint groups, negative)
            // are said in the rules text, not drawn.
            _ => None,
        };
        picture.frame |= matches!(mark, Some(Mark::LittleKiller { .. } | Mark::Outside { .. }));
        picture.marks.extend(mark);
    }
    for (k, cosmetic) in puzzle.cosmetics.iter().enumerate() {
        let cells = spots(&cosmetic.cells);
        let inside: Vec<usize> = cosmetic.cells.iter().filter_map(|c| c.index(n)).collect();
        if cosmetic.kind == "cage" && !inside.is_empty() {
            // A cosmetic cage is drawn as a killer cage is (a dashed outline, its label in the
            // corner of its first cell); what the rules are comes from the constraints alone.
            for &cell in &inside {
                cages[cell] = (puzzle.constraints.len() + k) as u32;
            }
            if let (Some(text), Some(&first)) = (&cosmetic.text, inside.iter().min()) {
                picture.cells[first].corner.get_or_insert_with(|| text.clone());
            }
            continue;
        }
        let mark = match cosmetic.kind.as_str() {
            "line" => Mark::Line { line: LineKind::Cosmetic, cells, color: cosmetic.color.clone() },
            "circle" | "rectangle" => Mark::Cosmetic {
                shape: if cosmetic.kind == "circle" { Shape::Circle } else { Shape::Square },
                cells,
                color: cosmetic.color.clone(),
                text: cosmetic.text.clone(),
            },
            _ => match &cosmetic.text {
                Some(text) => Mark::Text { cells, text: text.clone() },
                None => continue,
            },
        };
        picture.frame |= cosmetic.cells.iter().any(|c| c.index(n).is_none());
        picture.marks.push(mark);
    }
    if cages.iter().any(|&c| c != u32::MAX) {
        picture.cages = cages;
    }
    picture
}
