//! Building an `ExactCover` from Python values (lists of item names, a NumPy 0/1 matrix) and
//! turning its options back into Python values.
//!
//! # Why a NumPy matrix is read in Rust
//!
//! `from_matrix` reads the array through rust-numpy, as a strided view of whatever integer or
//! boolean dtype it has, so a matrix of ten thousand options costs one pass over its entries in
//! Rust and no Python-level loop (or copy to another dtype).

use numpy::ndarray::ArrayView2;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use std::collections::HashMap;

use tessera_xc::{Color, ItemId, ItemKind, OptionId, Problem, ProblemBuilder};

use crate::pickle::{put_str, Field, Reader};

/// The option's items as written in Knuth's format: `name`, or `name:colour`.
pub(crate) fn option_items(problem: &Problem, option: OptionId) -> Vec<String> {
    problem
        .option_items(option)
        .map(|(item, color)| match color {
            Some(color) => format!("{}:{}", problem.item_name(item), problem.color_name(color)),
            None => problem.item_name(item).to_owned(),
        })
        .collect()
}

/// A solution as Python sees it: the option indices in increasing order, or (`names`) each of
/// those options as its list of items.
pub(crate) fn solution_object(
    py: Python<'_>,
    problem: &Problem,
    solution: &[OptionId],
    names: bool,
) -> PyResult<Py<PyAny>> {
    let mut options = solution.to_vec();
    options.sort_unstable();
    if names {
        let lists: Vec<Vec<String>> = options.iter().map(|&option| option_items(problem, option)).collect();
        Ok(lists.into_pyobject(py)?.into_any().unbind())
    } else {
        let indices: Vec<usize> = options.iter().map(|option| option.index()).collect();
        Ok(indices.into_pyobject(py)?.into_any().unbind())
    }
}

/// An item of an option given from Python: its id and colour, or a message.
pub(crate) fn item_of(
    builder: &mut ProblemBuilder,
    entry: &Bound<'_, PyAny>,
) -> Result<(ItemId, Option<Color>), String> {
    let (name, color) = if entry.is_instance_of::<PyString>() {
        let text: String = entry.extract().map_err(|e: PyErr| e.to_string())?;
        // A declared name wins; otherwise `name:colour` as in Knuth's format.
        match text.split_once(':') {
            Some((name, color)) if builder.item_id(&text).is_none() => {
                (name.to_owned(), Some(color.to_owned()))
            }
            _ => (text, None),
        }
    } else if let Ok(pair) = entry.cast::<PyTuple>() {
        let (name, color): (String, String) =
            pair.extract().map_err(|_| "a tuple must be (item name, colour), both strings".to_owned())?;
        (name, Some(color))
    } else {
        return Err(format!("{entry} is not an item name (a string, or a tuple (name, colour))"));
    };
    let item = builder.item_id(&name).ok_or_else(|| format!("item {name:?} was not declared"))?;
    let color = match color {
        Some(color) if color.is_empty() => return Err(format!("item {name:?} has an empty colour")),
        Some(color) => Some(builder.color(&color)),
        None => None,
    };
    Ok((item, color))
}

/// The problem of a 0/1 matrix: a column per item (the last `secondary` secondary), a row per
/// option. An entry other than 0 or 1 is an error.
pub(crate) fn matrix_problem<T: Copy + Into<i128>>(
    view: ArrayView2<'_, T>,
    secondary: usize,
    names: Option<Vec<String>>,
) -> Result<Problem, String> {
    let columns = view.ncols();
    if secondary > columns {
        return Err(format!("secondary is {secondary}, but the matrix has only {columns} columns"));
    }
    let names = match names {
        Some(names) if names.len() != columns => {
            return Err(format!("{} item names for {columns} columns", names.len()));
        }
        Some(names) => names,
        None => (0..columns).map(|c| c.to_string()).collect(),
    };
    let mut builder = ProblemBuilder::new();
    let mut ids = Vec::with_capacity(columns);
    for (c, name) in names.into_iter().enumerate() {
        let id = if c < columns - secondary { builder.primary(name) } else { builder.secondary(name) };
        ids.push(id.map_err(|e| e.to_string())?);
    }
    let mut option = Vec::with_capacity(columns);
    for (r, row) in view.outer_iter().enumerate() {
        option.clear();
        for (c, &value) in row.iter().enumerate() {
            match value.into() {
                0 => {}
                1 => option.push(ids[c]),
                other => return Err(format!("entry ({r}, {c}) is {other}; expected 0 or 1")),
            }
        }
        builder.option(&option).map_err(|e| match e {
            tessera_xc::Error::EmptyOption => format!("row {r} has no 1: every option needs an item"),
            tessera_xc::Error::NoPrimaryItem => {
                format!("row {r} has 1s only in secondary columns: every option needs a primary item")
            }
            other => format!("row {r}: {other}"),
        })?;
    }
    Ok(builder.build())
}

/// An exact-cover problem's pickled form (see `pickle.rs`): its items in declaration order (kind,
/// bounds, name), the colour names, then each option as its items' numbers with a colour number
/// (0: none) and its label. Unlike Knuth's text format it keeps any name, the items' order (so
/// option and item numbers are the same after the round trip), bounds, colours and labels.
pub(crate) fn save_problem(problem: &Problem, out: &mut Vec<u8>) {
    let mut colors: Vec<&str> = Vec::new();
    let mut color_numbers: HashMap<&str, usize> = HashMap::new();
    problem.item_count().put(out);
    for item in problem.items() {
        match problem.item_kind(item) {
            ItemKind::Primary => {
                0u8.put(out);
                problem.bounds(item).put(out);
            }
            ItemKind::Secondary => 1u8.put(out),
        }
        put_str(problem.item_name(item), out);
    }
    let mut options = Vec::with_capacity(problem.option_count());
    for option in problem.options() {
        let items: Vec<(usize, usize)> = problem
            .option_items(option)
            .map(|(item, color)| {
                let color = color.map_or(0, |color| {
                    let name = problem.color_name(color);
                    *color_numbers.entry(name).or_insert_with(|| {
                        colors.push(name);
                        colors.len()
                    })
                });
                (item.index(), color)
            })
            .collect();
        options.push((items, problem.option_label(option).map(str::to_owned)));
    }
    colors.len().put(out);
    for name in colors {
        put_str(name, out);
    }
    options.put(out);
}

/// The problem of [`save_problem`]'s form; `Err` for anything the builder refuses.
pub(crate) fn load_problem(input: &mut Reader<'_>) -> Result<Problem, String> {
    let mut builder = ProblemBuilder::new();
    let items = input.len()?;
    let mut ids = Vec::with_capacity(items);
    for _ in 0..items {
        let kind = match u8::take(input)? {
            0 => Some(<(u32, u32)>::take(input)?),
            1 => None,
            other => return Err(format!("item kind {other}")),
        };
        let name = String::take(input)?;
        let declared = match kind {
            Some((1, 1)) => builder.primary(name),
            Some((min, max)) => builder.primary_bounded(name, min, max),
            None => builder.secondary(name),
        };
        ids.push(declared.map_err(|e| e.to_string())?);
    }
    let colors: Vec<Color> = (0..input.len()?)
        .map(|_| String::take(input).map(|name| builder.color(&name)))
        .collect::<Result<_, _>>()?;
    let options = Vec::<(Vec<(usize, usize)>, Option<String>)>::take(input)?;
    for (i, (entries, label)) in options.into_iter().enumerate() {
        let mut option = Vec::with_capacity(entries.len());
        for (item, color) in entries {
            let item =
                *ids.get(item).ok_or_else(|| format!("option {i} names item {item}; there are {items}"))?;
            let color = match color {
                0 => None,
                c => Some(*colors.get(c - 1).ok_or_else(|| format!("option {i} names colour {c}"))?),
            };
            option.push((item, color));
        }
        let id = builder.colored_option(option).map_err(|e| format!("option {i}: {e}"))?;
        if let Some(label) = label {
            builder.set_label(id, label);
        }
    }
    Ok(builder.build())
}
