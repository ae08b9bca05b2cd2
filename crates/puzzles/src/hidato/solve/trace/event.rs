//! The teaching search's events, dead ends and counters, in words and in JSON.

use std::fmt;

use serde_json::{json, Value};

use crate::hidato::Hidato;

/// Why the path cannot go on from here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum DeadEnd {
    /// Number `number - 1`, on `cell`, has no free neighbour left.
    NoFreeNeighbour {
        /// The cell of `number - 1`.
        cell: usize,
    },
    /// `number` is given on `given_cell`, which does not touch `number - 1`'s cell `from`.
    GivenOutOfReach {
        /// The cell of `number - 1`.
        from: usize,
        /// The given's cell.
        given_cell: usize,
    },
    /// `number` on `cell` would leave the next given `given`, on `given_cell`, farther than
    /// `given - number` steps (the distance prune).
    TooFar {
        /// The cell tried for `number`.
        cell: usize,
        /// The next given number.
        given: usize,
        /// Its cell.
        given_cell: usize,
    },
    /// `number` on `cell` would leave the free cell `stranded` with `ways` (0 or 1) ways in
    /// where it needs two (one if it could hold N; the stranded-cell prune).
    Strands {
        /// The cell tried for `number`.
        cell: usize,
        /// The free cell left stranded.
        stranded: usize,
        /// Its ways in: 0, or 1 where N cannot go.
        ways: usize,
    },
}

/// One step of the trace. Cells are indices row by row (`row * width + column`, 0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum TraceEvent {
    /// The path grows: `number` on `cell` (`given`: the path jumped onto a given).
    Place {
        /// The number.
        number: usize,
        /// Its cell.
        cell: usize,
        /// Whether it is a given (nothing is written).
        given: bool,
    },
    /// The path retreats: `number` leaves `cell` (a given stays on the board).
    Unplace {
        /// The number.
        number: usize,
        /// Its cell.
        cell: usize,
        /// Whether it is a given.
        given: bool,
    },
    /// `number` cannot be placed (on one cell, or at all): why.
    DeadEnd {
        /// The number that could not be placed.
        number: usize,
        /// Why.
        reason: DeadEnd,
    },
    /// The path reached N: a solution (the board as the last events left it).
    Solution,
}

/// The counters after an event, cumulative.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TraceCounts {
    /// Placements (see the module header).
    pub nodes: u64,
    /// Cells written (filled or emptied).
    pub updates: u64,
    /// Solutions found.
    pub solutions: u64,
}

/// `(column,row)`, 1-based, as in every Hidato message.
fn at(puzzle: &Hidato, cell: usize) -> String {
    let (column, row) = puzzle.position(cell);
    format!("({column},{row})")
}

impl DeadEnd {
    /// The reason in words, for `number`: "no free neighbour of 12 at (4,3)".
    pub fn describe(&self, puzzle: &Hidato, number: usize) -> String {
        match *self {
            DeadEnd::NoFreeNeighbour { cell } => {
                format!("no free neighbour of {} at {}", number - 1, at(puzzle, cell))
            }
            DeadEnd::GivenOutOfReach { from, given_cell } => format!(
                "given {number} at {} does not touch {} at {}",
                at(puzzle, given_cell),
                number - 1,
                at(puzzle, from)
            ),
            DeadEnd::TooFar { cell, given, given_cell } => {
                let steps = given - number;
                format!(
                    "{number} at {}: cannot reach given {given} at {} in {steps} step{}",
                    at(puzzle, cell),
                    at(puzzle, given_cell),
                    if steps == 1 { "" } else { "s" }
                )
            }
            DeadEnd::Strands { cell, stranded, ways: 0 } => {
                format!("{number} at {} would cut off {}", at(puzzle, cell), at(puzzle, stranded))
            }
            DeadEnd::Strands { cell, stranded, .. } => {
                // One way in: only the path's last number could sit there.
                let n = puzzle.size();
                let why = if puzzle.cells().contains(&(n as i32)) {
                    "given elsewhere"
                } else {
                    "needed by another such cell"
                };
                format!(
                    "{number} at {} would leave {} one way in, a cell only {n} could end on, and {n} is {why}",
                    at(puzzle, cell),
                    at(puzzle, stranded),
                )
            }
        }
    }

    /// Its kind in JSON: `no_free_neighbour`, `given_out_of_reach`, `too_far`, `strands`.
    pub fn name(&self) -> &'static str {
        match self {
            DeadEnd::NoFreeNeighbour { .. } => "no_free_neighbour",
            DeadEnd::GivenOutOfReach { .. } => "given_out_of_reach",
            DeadEnd::TooFar { .. } => "too_far",
            DeadEnd::Strands { .. } => "strands",
        }
    }
}

impl TraceEvent {
    /// The event as one JSON object with the counters after it: `{"event":"place","number":3,
    /// "row":0,"col":2,"given":false,"nodes":3,"updates":2,"solutions":0}` (rows and columns
    /// 0-based); a dead end has `"kind"`, `"reason"` (words, positions 1-based `(column,row)`)
    /// and the cell tried, if one was (`"row"`, `"col"`), with the cell that rules it out
    /// (`"target"`: the given out of reach, or the free cell it would strand).
    pub fn to_json(&self, puzzle: &Hidato, counts: TraceCounts) -> Value {
        let width = puzzle.width();
        let mut value = match *self {
            TraceEvent::Place { number, cell, given } | TraceEvent::Unplace { number, cell, given } => {
                let name = if matches!(self, TraceEvent::Place { .. }) { "place" } else { "unplace" };
                json!({"event": name, "number": number, "row": cell / width, "col": cell % width,
                       "given": given})
            }
            TraceEvent::DeadEnd { number, reason } => {
                let mut value = json!({"event": "dead_end", "number": number, "kind": reason.name(),
                                       "reason": reason.describe(puzzle, number)});
                if let DeadEnd::TooFar { cell, given_cell: other, .. }
                | DeadEnd::Strands { cell, stranded: other, .. } = reason
                {
                    value["row"] = json!(cell / width);
                    value["col"] = json!(cell % width);
                    value["target"] = json!({"row": other / width, "col": other % width});
                }
                value
            }
            TraceEvent::Solution => json!({"event": "solution"}),
        };
        value["nodes"] = json!(counts.nodes);
        value["updates"] = json!(counts.updates);
        value["solutions"] = json!(counts.solutions);
        value
    }
}

impl fmt::Display for TraceCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "nodes={} updates={} solutions={}", self.nodes, self.updates, self.solutions)
    }
}
