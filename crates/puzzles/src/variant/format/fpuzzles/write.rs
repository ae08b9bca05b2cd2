//! Writing f-puzzles JSON: the grid, the metadata, each constraint as an item of its kind's
//! array, the cosmetics with the fields they were read with, the global rules and the negative list.

use serde_json::{json, Map, Value};

use super::{color_key, GLOBALS};
use crate::variant::model::{default_regions, Cell, Constraint, Negative, Variant};

fn cell_name(cell: Cell) -> Value {
    Value::String(format!("R{}C{}", cell.row + 1, cell.col + 1))
}

fn names(cells: &[Cell]) -> Value {
    Value::Array(cells.iter().copied().map(cell_name).collect())
}

/// Writes f-puzzles JSON (on one line), which f-puzzles, SudokuPad and
/// [`from_fpuzzles`](super::from_fpuzzles) read. Reading it back gives the same puzzle with its
/// constraints grouped by kind (the very same puzzle, for one that was read from f-puzzles JSON).
pub fn to_fpuzzles(puzzle: &Variant) -> String {
    to_value(puzzle).to_string()
}

/// The f-puzzles JSON value of a puzzle.
pub(crate) fn to_value(puzzle: &Variant) -> Value {
    use Constraint as C;
    let n = puzzle.size;
    let boxes = default_regions(n);
    let mut top = Map::new();
    top.insert("size".into(), json!(n));
    let grid: Vec<Value> = (0..n)
        .map(|r| {
            Value::Array(
                (0..n)
                    .map(|c| {
                        let i = r * n + c;
                        let mut cell = Map::new();
                        if puzzle.givens[i] != 0 {
                            cell.insert("value".into(), json!(puzzle.givens[i]));
                            cell.insert("given".into(), json!(true));
                        }
                        if puzzle.regions[i] != boxes[i] {
                            cell.insert("region".into(), json!(puzzle.regions[i]));
                        }
                        Value::Object(cell)
                    })
                    .collect(),
            )
        })
        .collect();
    top.insert("grid".into(), Value::Array(grid));
    if let Some(title) = &puzzle.meta.title {
        top.insert("title".into(), json!(title));
    }
    if let Some(author) = &puzzle.meta.author {
        top.insert("author".into(), json!(author));
    }
    if let Some(rules) = &puzzle.meta.rules {
        top.insert("ruleset".into(), json!(rules));
    }
    if let Some(solution) = &puzzle.solution {
        top.insert("solution".into(), json!(solution));
    }
    let mut push = |key: &str, item: Value| {
        top.entry(key.to_string()).or_insert_with(|| json!([])).as_array_mut().expect("a list").push(item);
    };
    for constraint in &puzzle.constraints {
        match constraint {
            C::DiagonalPositive => {}
            C::DiagonalNegative => {}
            C::AntiKnight | C::AntiKing | C::DisjointGroups | C::NonConsecutive => {}
            C::Cage { cells, sum } => {
                let mut item = json!({ "cells": names(cells) });
                if let Some(sum) = sum {
                    item["value"] = json!(sum.to_string());
                }
                push("killercage", item);
            }
            C::LittleKiller { clue, direction, sum } => push(
                "littlekillersum",
                json!({ "cell": cell_name(*clue), "direction": format!("{direction:?}"), "value": sum.to_string() }),
            ),
            C::Sandwich { clue, sum } => {
                push("sandwichsum", json!({ "cell": cell_name(*clue), "value": sum.to_string() }));
            }
            C::Skyscraper { clue, count } => {
                push("skyscraper", json!({ "cell": cell_name(*clue), "value": count.to_string() }));
            }
            C::Less { cells } => push("less", json!({ "cells": names(cells) })),
            C::Thermometer { cells, slow } => push(
                if *slow { "slowthermometer" } else { "thermometer" },
                json!({ "lines": [names(cells)] }),
            ),
            C::Arrow { circle, lines } => {
                // f-puzzles' lines start in the circle: at its cell next to the line's first.
                let lines: Vec<Value> = lines
                    .iter()
                    .map(|l| {
                        let first = l.first().copied();
                        let next = |c: &&Cell| {
                            first.is_some_and(|f| (f.row - c.row).abs() <= 1 && (f.col - c.col).abs() <= 1)
                        };
                        let start = circle.iter().find(next).or(circle.last()).copied();
                        names(&start.into_iter().chain(l.iter().copied()).collect::<Vec<_>>())
                    })
                    .collect();
                push("arrow", json!({ "cells": names(circle), "lines": lines }));
            }
            C::Difference { cells, value } => {
                let mut item = json!({ "cells": names(cells) });
                if *value != 1 {
                    item["value"] = json!(value.to_string());
                }
                push("difference", item);
            }
            C::Ratio { cells, value } => {
                let mut item = json!({ "cells": names(cells) });
                if *value != 2 {
                    item["value"] = json!(value.to_string());
                }
                push("ratio", item);
            }
            C::Xv { cells, sum } => {
                let value = match sum {
                    10 => "X".to_string(),
                    5 => "V".to_string(),
                    other => other.to_string(),
                };
                push("xv", json!({ "cells": names(cells), "value": value }));
            }
            C::Negative { .. } => {}
            C::Odd { cell } => push("odd", json!({ "cell": cell_name(*cell) })),
            C::Even { cell } => push("even", json!({ "cell": cell_name(*cell) })),
            C::Minimum { cell } => push("minimum", json!({ "cell": cell_name(*cell) })),
            C::Maximum { cell } => push("maximum", json!({ "cell": cell_name(*cell) })),
            C::Quadruple { cells, values } => {
                push("quadruple", json!({ "cells": names(cells), "values": values }));
            }
            C::Palindrome { cells } => push("palindrome", json!({ "lines": [names(cells)] })),
            C::Renban { cells } => push("renban", json!({ "lines": [names(cells)] })),
            C::Whispers { cells, difference } => {
                let mut item = json!({ "lines": [names(cells)] });
                if *difference != 5 {
                    item["value"] = json!(difference.to_string());
                }
                push("whispers", item);
            }
            C::Between { cells } => push("betweenline", json!({ "lines": [names(cells)] })),
            C::RegionSumLine { cells } => push("regionsumline", json!({ "lines": [names(cells)] })),
            C::Clone { cells, clones } => {
                push("clone", json!({ "cells": names(cells), "cloneCells": names(clones) }));
            }
            C::ExtraRegion { cells } => push("extraregion", json!({ "cells": names(cells) })),
        }
    }
    for cosmetic in &puzzle.cosmetics {
        let mut item = cosmetic.extra.as_object().cloned().unwrap_or_default();
        if cosmetic.kind == "line" && !item.contains_key("lines") {
            item.insert("lines".into(), json!([names(&cosmetic.cells)]));
        } else if cosmetic.kind != "line" {
            item.insert("cells".into(), names(&cosmetic.cells));
        }
        if let Some(text) = &cosmetic.text {
            item.insert("value".into(), json!(text));
        }
        if let Some(color) = &cosmetic.color {
            item.insert(color_key(&cosmetic.kind).into(), json!(color));
        }
        push(&cosmetic.kind, Value::Object(item));
    }
    for (key, global) in GLOBALS {
        if puzzle.constraints.contains(global) {
            top.insert(key.to_string(), json!(true));
        }
    }
    let negative: Vec<&str> = puzzle
        .constraints
        .iter()
        .filter_map(|c| match c {
            C::Negative { of } => Some(of),
            _ => None,
        })
        .flatten()
        .map(|kind| match kind {
            Negative::Difference => "difference",
            Negative::Ratio => "ratio",
            Negative::Xv => "xv",
        })
        .collect();
    if !negative.is_empty() {
        top.insert("negative".into(), json!(negative));
    }
    Value::Object(top)
}
