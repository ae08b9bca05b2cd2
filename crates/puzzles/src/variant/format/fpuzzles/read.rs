//! Reading f-puzzles JSON, item by item: the grid's cells, each constraint array's items, the
//! negative list and the cosmetics, each mistake named by its place in the document.

use serde_json::Value;

use super::{color_key, err};
use crate::variant::model::{Cell, Constraint, Cosmetic, Direction, Negative, Variant};
use crate::Error;

/// The puzzle read so far, for a grid of side `n`.
pub(super) struct Reader {
    pub(super) n: usize,
    pub(super) puzzle: Variant,
}

impl Reader {
    pub(super) fn grid(&mut self, grid: Option<&Value>) -> Result<(), Error> {
        let n = self.n;
        let rows = grid.and_then(Value::as_array).ok_or_else(|| err("grid", "missing or not a list"))?;
        if rows.len() != n {
            return Err(err("grid", format!("{} rows for a {n}x{n} grid", rows.len())));
        }
        for (r, row) in rows.iter().enumerate() {
            let row = row
                .as_array()
                .filter(|row| row.len() == n)
                .ok_or_else(|| err(&format!("grid[{r}]"), format!("not a list of {n} cells")))?;
            for (c, cell) in row.iter().enumerate() {
                let path = format!("grid[{r}][{c}]");
                let i = r * n + c;
                let Some(cell) = cell.as_object() else {
                    return Err(err(&path, format!("{cell} is not an object")));
                };
                if cell.get("given").and_then(Value::as_bool) == Some(true) {
                    if let Some(value) = cell.get("value") {
                        let d = number(&format!("{path}.value"), value)?;
                        if d as usize > n {
                            return Err(err(&format!("{path}.value"), format!("{d} is over {n}")));
                        }
                        self.puzzle.givens[i] = d as u8;
                    }
                }
                match cell.get("region") {
                    None => {}
                    Some(Value::Null) => self.puzzle.regions[i] = None,
                    Some(region) => {
                        let k = region.as_u64().filter(|&k| k < 256).ok_or_else(|| {
                            err(&format!("{path}.region"), format!("{region} is not a region number"))
                        })?;
                        self.puzzle.regions[i] = Some(k as u16);
                    }
                }
                let cell_at = Cell::at(i, n);
                match cell.get("parity").and_then(Value::as_str) {
                    Some("Odd") | Some("odd") => {
                        self.puzzle.constraints.push(Constraint::Odd { cell: cell_at });
                    }
                    Some("Even") | Some("even") => {
                        self.puzzle.constraints.push(Constraint::Even { cell: cell_at });
                    }
                    Some(other) => {
                        return Err(err(&format!("{path}.parity"), format!("{other:?} is not Odd or Even")))
                    }
                    None => {}
                }
            }
        }
        Ok(())
    }

    pub(super) fn solution(&mut self, solution: &Value) -> Result<(), Error> {
        let n = self.n;
        let list = solution.as_array().ok_or_else(|| err("solution", "not a list"))?;
        if list.len() != n * n {
            return Err(err("solution", format!("{} digits for a {n}x{n} grid", list.len())));
        }
        let mut digits = Vec::with_capacity(n * n);
        for (i, d) in list.iter().enumerate() {
            let path = format!("solution[{i}]");
            let d = number(&path, d)?;
            if d == 0 || d as usize > n {
                // A partial solution (".", 0) is no solution.
                return Ok(());
            }
            digits.push(d as u8);
        }
        self.puzzle.solution = Some(digits);
        Ok(())
    }

    /// A cell inside the grid.
    fn cell(&self, path: &str, value: &Value) -> Result<Cell, Error> {
        let cell = self.any_cell(path, value)?;
        if cell.index(self.n).is_none() {
            return Err(err(path, format!("{value} is outside the {0}x{0} grid", self.n)));
        }
        Ok(cell)
    }

    /// A cell of the grid or of the frame around it.
    fn any_cell(&self, path: &str, value: &Value) -> Result<Cell, Error> {
        let text = value.as_str().ok_or_else(|| err(path, format!("{value} is not a cell")))?;
        let cell: Cell = text.parse().map_err(|e| err(path, e))?;
        let n = self.n as i16;
        if !(-1..=n).contains(&cell.row) || !(-1..=n).contains(&cell.col) {
            return Err(err(path, format!("{value} is outside the {0}x{0} grid and its frame", self.n)));
        }
        Ok(cell)
    }

    fn cells(&self, path: &str, value: Option<&Value>) -> Result<Vec<Cell>, Error> {
        let list = value.and_then(Value::as_array).ok_or_else(|| err(path, "missing or not a list"))?;
        list.iter().enumerate().map(|(i, c)| self.cell(&format!("{path}[{i}]"), c)).collect()
    }

    fn lines(&self, path: &str, item: &Value) -> Result<Vec<Vec<Cell>>, Error> {
        let path = format!("{path}.lines");
        let lines =
            item.get("lines").and_then(Value::as_array).ok_or_else(|| err(&path, "missing or not a list"))?;
        lines.iter().enumerate().map(|(i, line)| self.cells(&format!("{path}[{i}]"), Some(line))).collect()
    }

    fn pair(&self, path: &str, item: &Value) -> Result<[Cell; 2], Error> {
        let path = format!("{path}.cells");
        let cells = self.cells(&path, item.get("cells"))?;
        <[Cell; 2]>::try_from(cells).map_err(|c| err(&path, format!("{} cells; a dot joins 2", c.len())))
    }

    pub(super) fn constraint(&mut self, kind: &str, path: &str, item: &Value) -> Result<(), Error> {
        use Constraint as C;
        let value = |default: Option<u32>| -> Result<Option<u32>, Error> {
            match item.get("value") {
                None | Some(Value::Null) => Ok(default),
                Some(Value::String(s)) if s.trim().is_empty() => Ok(default),
                Some(v) => number(&format!("{path}.value"), v).map(Some),
            }
        };
        let needed = |default: Option<u32>| -> Result<u32, Error> {
            value(default)?.ok_or_else(|| err(&format!("{path}.value"), "missing"))
        };
        let one = |this: &Self| this.cell(&format!("{path}.cell"), item.get("cell").unwrap_or(&Value::Null));
        let mut out = Vec::new();
        match kind {
            "killercage" => out.push(C::Cage {
                cells: self.cells(&format!("{path}.cells"), item.get("cells"))?,
                sum: value(None)?,
            }),
            "littlekillersum" => {
                let clue =
                    self.any_cell(&format!("{path}.cell"), item.get("cell").unwrap_or(&Value::Null))?;
                let direction = match item.get("direction").and_then(Value::as_str) {
                    Some("DR") => Direction::DR,
                    Some("DL") => Direction::DL,
                    Some("UR") => Direction::UR,
                    Some("UL") => Direction::UL,
                    _ => {
                        let found = item.get("direction").unwrap_or(&Value::Null);
                        return Err(err(
                            &format!("{path}.direction"),
                            format!("{found} is not DR, DL, UR or UL"),
                        ));
                    }
                };
                // An arrow without a number is drawn, not a rule.
                if let Some(sum) = value(None)? {
                    out.push(C::LittleKiller { clue, direction, sum });
                }
            }
            "sandwichsum" => {
                let clue =
                    self.any_cell(&format!("{path}.cell"), item.get("cell").unwrap_or(&Value::Null))?;
                out.push(C::Sandwich { clue, sum: needed(None)? });
            }
            "skyscraper" => {
                let clue =
                    self.any_cell(&format!("{path}.cell"), item.get("cell").unwrap_or(&Value::Null))?;
                out.push(C::Skyscraper { clue, count: needed(None)? });
            }
            "less" => out.push(C::Less { cells: self.pair(path, item)? }),
            "thermometer" | "slowthermometer" => {
                let slow = kind == "slowthermometer";
                for cells in self.lines(path, item)? {
                    out.push(C::Thermometer { cells, slow });
                }
            }
            "arrow" => {
                let circle = self.cells(&format!("{path}.cells"), item.get("cells"))?;
                let lines = self
                    .lines(path, item)?
                    .into_iter()
                    .map(|line| line.into_iter().filter(|c| !circle.contains(c)).collect::<Vec<_>>())
                    .filter(|line| !line.is_empty())
                    .collect();
                out.push(C::Arrow { circle, lines });
            }
            "difference" => {
                out.push(C::Difference { cells: self.pair(path, item)?, value: needed(Some(1))? });
            }
            "ratio" => out.push(C::Ratio { cells: self.pair(path, item)?, value: needed(Some(2))? }),
            "xv" => {
                let sum = match item.get("value") {
                    Some(Value::String(s)) if s.eq_ignore_ascii_case("x") => 10,
                    Some(Value::String(s)) if s.eq_ignore_ascii_case("v") => 5,
                    _ => needed(None)?,
                };
                out.push(C::Xv { cells: self.pair(path, item)?, sum });
            }
            "odd" => out.push(C::Odd { cell: one(self)? }),
            "even" => out.push(C::Even { cell: one(self)? }),
            "minimum" => out.push(C::Minimum { cell: one(self)? }),
            "maximum" => out.push(C::Maximum { cell: one(self)? }),
            "quadruple" => {
                let cells = self.cells(&format!("{path}.cells"), item.get("cells"))?;
                let vpath = format!("{path}.values");
                let list =
                    item.get("values").and_then(Value::as_array).ok_or_else(|| err(&vpath, "missing"))?;
                let values = list
                    .iter()
                    .enumerate()
                    .map(|(i, v)| {
                        let d = number(&format!("{vpath}[{i}]"), v)?;
                        u8::try_from(d)
                            .map_err(|_| err(&format!("{vpath}[{i}]"), format!("{d} is not a digit")))
                    })
                    .collect::<Result<_, _>>()?;
                out.push(C::Quadruple { cells, values });
            }
            "palindrome" | "renban" | "whispers" | "betweenline" | "regionsumline" => {
                let difference = if kind == "whispers" { needed(Some(5))? } else { 0 };
                for cells in self.lines(path, item)? {
                    out.push(match kind {
                        "palindrome" => C::Palindrome { cells },
                        "renban" => C::Renban { cells },
                        "whispers" => C::Whispers { cells, difference },
                        "betweenline" => C::Between { cells },
                        _ => C::RegionSumLine { cells },
                    });
                }
            }
            "clone" => out.push(C::Clone {
                cells: self.cells(&format!("{path}.cells"), item.get("cells"))?,
                clones: self.cells(&format!("{path}.cloneCells"), item.get("cloneCells"))?,
            }),
            "extraregion" => {
                out.push(C::ExtraRegion { cells: self.cells(&format!("{path}.cells"), item.get("cells"))? });
            }
            _ => unreachable!("a kind of KINDS"),
        }
        self.puzzle.constraints.extend(out);
        Ok(())
    }

    pub(super) fn negative(&mut self, negative: &Value) -> Result<(), Error> {
        let list = negative.as_array().ok_or_else(|| err("negative", "not a list"))?;
        let mut of = Vec::new();
        for (i, kind) in list.iter().enumerate() {
            of.push(match kind.as_str() {
                Some("ratio") => Negative::Ratio,
                Some("difference") => Negative::Difference,
                Some("xv") => Negative::Xv,
                _ => {
                    return Err(err(
                        &format!("negative[{i}]"),
                        format!("{kind} is not ratio, difference or xv"),
                    ))
                }
            });
        }
        if !of.is_empty() {
            self.puzzle.constraints.push(Constraint::Negative { of });
        }
        Ok(())
    }

    pub(super) fn cosmetic(&self, kind: &str, path: &str, item: &Value) -> Result<Cosmetic, Error> {
        let mut extra = item.as_object().cloned().ok_or_else(|| err(path, "not an object"))?;
        let color_key = color_key(kind);
        let mut cells = Vec::new();
        let single_line =
            kind == "line" && extra.get("lines").and_then(Value::as_array).is_some_and(|l| l.len() == 1);
        if single_line {
            let line = extra.remove("lines").expect("a line");
            cells = self.frame_cells(&format!("{path}.lines[0]"), &line[0])?;
        } else if kind == "line" {
            for (i, line) in extra.get("lines").and_then(Value::as_array).into_iter().flatten().enumerate() {
                cells.extend(self.frame_cells(&format!("{path}.lines[{i}]"), line)?);
            }
        } else if let Some(list) = extra.remove("cells") {
            cells = self.frame_cells(&format!("{path}.cells"), &list)?;
        }
        let text = match extra.get("value") {
            Some(Value::String(s)) => Some(s.clone()),
            _ => None,
        };
        if text.is_some() {
            extra.remove("value");
        }
        let color = match extra.get(color_key) {
            Some(Value::String(s)) => Some(s.clone()),
            _ => None,
        };
        if color.is_some() {
            extra.remove(color_key);
        }
        let extra = if extra.is_empty() { Value::Null } else { Value::Object(extra) };
        Ok(Cosmetic { kind: kind.to_string(), cells, text, color, extra })
    }

    fn frame_cells(&self, path: &str, list: &Value) -> Result<Vec<Cell>, Error> {
        let list = list.as_array().ok_or_else(|| err(path, "not a list"))?;
        list.iter().enumerate().map(|(i, c)| self.any_cell(&format!("{path}[{i}]"), c)).collect()
    }
}

/// A non-negative whole number, written as a number or a string.
fn number(path: &str, value: &Value) -> Result<u32, Error> {
    let found = match value {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    found
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| err(path, format!("{value} is not a whole number")))
}
