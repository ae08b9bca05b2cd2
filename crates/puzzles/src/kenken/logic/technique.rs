//! The rater's board (candidates, placed values) and its techniques, each finding one [`Step`].

use crate::common::Step;
use crate::kenken::model::{cell_name, Cage, KenKen, Op};
use crate::kenken::tuples::{Limit, Shape};

/// Nodes one cage's enumeration may visit in the rater (a cage past it is left alone).
const CAGE_LIMIT: Limit = Limit(200_000);

/// Candidates and placed values, as a player's pencil marks.
#[derive(Debug, Clone)]
pub(super) struct Board<'p> {
    puzzle: &'p KenKen,
    n: usize,
    shapes: Vec<Shape>,
    cand: Vec<u32>,
    placed: Vec<u8>,
}

fn cells_named(n: usize, cells: &[usize]) -> String {
    cells.iter().map(|&c| cell_name(n, c)).collect::<Vec<_>>().join(", ")
}

fn values_of(mask: u32) -> Vec<u32> {
    (0..32).filter(|v| mask & (1 << v) != 0).collect()
}

fn set_text(mask: u32) -> String {
    let words: Vec<String> = values_of(mask).iter().map(u32::to_string).collect();
    format!("{{{}}}", words.join(","))
}

impl<'p> Board<'p> {
    pub fn new(puzzle: &'p KenKen) -> Self {
        let n = puzzle.size();
        let all = (((1u64 << (n + 1)) - 2) & u64::from(u32::MAX)) as u32;
        Board {
            puzzle,
            n,
            shapes: puzzle.cages().iter().map(|cage| Shape::new(n, cage)).collect(),
            cand: vec![all; n * n],
            placed: vec![0; n * n],
        }
    }

    pub fn solved(&self) -> bool {
        self.placed.iter().all(|&v| v != 0)
    }

    fn line(&self, line: usize) -> Vec<usize> {
        let n = self.n;
        if line < n {
            (0..n).map(|i| line * n + i).collect()
        } else {
            (0..n).map(|i| i * n + line - n).collect()
        }
    }

    fn line_name(&self, line: usize) -> String {
        if line < self.n {
            format!("row {}", line + 1)
        } else {
            format!("column {}", line - self.n + 1)
        }
    }

    fn cage_name(&self, cage: &Cage) -> String {
        format!("the cage {} at {}", cage.clue(), cells_named(self.n, &cage.cells))
    }

    /// Applies a step; `false` when it leaves a cell without candidates.
    pub fn apply(&mut self, step: &Step) -> bool {
        for &(cell, v) in &step.removed {
            self.cand[cell] &= !(1 << v);
        }
        for &(cell, v) in &step.placed {
            self.cand[cell] = 1 << v;
            self.placed[cell] = v as u8;
        }
        self.cand.iter().all(|&m| m != 0)
    }

    /// Places `v` in `cell` before any step (a player's placement), taking it from the cell's
    /// row and column; nothing when the cell is outside the board, placed, or has no `v` left.
    pub fn place_given(&mut self, cell: usize, v: u32) {
        let open = cell < self.cand.len() && self.placed[cell] == 0;
        if open && v < 32 && self.cand[cell] & (1 << v) != 0 {
            let step = self.place("placed", cell, v, String::new(), vec![cell]);
            self.apply(&step);
        }
    }

    /// The cheapest technique's step, with its weight.
    pub fn next_step(&self) -> Option<(Step, u32)> {
        if let Some(step) = self.single() {
            return Some(step);
        }
        if let Some(step) = self.hidden_single() {
            return Some((step, 2));
        }
        if let Some(step) = self.cage_combination(false) {
            return Some(step);
        }
        if let Some(step) = self.subset(2) {
            return Some((step, 4));
        }
        if let Some(step) = self.cage_combination(true) {
            return Some(step);
        }
        if let Some(step) = self.line_rule() {
            return Some((step, 6));
        }
        self.subset(3).map(|step| (step, 6))
    }

    /// Placing `v` in `cell`: the step, with `v` taken from the cell's row and column.
    fn place(
        &self,
        technique: &'static str,
        cell: usize,
        v: u32,
        explanation: String,
        cells: Vec<usize>,
    ) -> Step {
        let n = self.n;
        let (r, c) = (cell / n, cell % n);
        let mut removed = Vec::new();
        for i in 0..n {
            for peer in [r * n + i, i * n + c] {
                if peer != cell && self.cand[peer] & (1 << v) != 0 && !removed.contains(&(peer, v)) {
                    removed.push((peer, v));
                }
            }
        }
        Step { technique, explanation, placed: vec![(cell, v)], removed, cells }
    }

    /// A given, or a cell with one candidate left.
    fn single(&self) -> Option<(Step, u32)> {
        for cage in self.puzzle.cages() {
            let cell = cage.cells[0];
            // One cell meets any operation's clue only with the target itself.
            let v = u32::try_from(cage.target).unwrap_or(u32::MAX);
            if cage.cells.len() == 1 && self.placed[cell] == 0 && v < 32 && self.cand[cell] & (1 << v) != 0 {
                let why = format!("{} is a one-cell cage: it holds {v}", cell_name(self.n, cell));
                return Some((self.place("given", cell, v, why, vec![cell]), 1));
            }
        }
        let cell = (0..self.n * self.n).find(|&c| self.placed[c] == 0 && self.cand[c].count_ones() == 1)?;
        let v = self.cand[cell].trailing_zeros();
        let why = format!("{} has one candidate left: {v}", cell_name(self.n, cell));
        Some((self.place("naked single", cell, v, why, vec![cell]), 1))
    }

    /// A value with one place left in a line.
    fn hidden_single(&self) -> Option<Step> {
        for line in 0..2 * self.n {
            let cells = self.line(line);
            for v in 1..=self.n as u32 {
                let mut places = cells.iter().filter(|&&c| self.cand[c] & (1 << v) != 0);
                let (Some(&cell), None) = (places.next(), places.next()) else { continue };
                if self.placed[cell] == 0 {
                    let why = format!(
                        "{v} has one place left in {}: {}",
                        self.line_name(line),
                        cell_name(self.n, cell)
                    );
                    return Some(self.place("hidden single", cell, v, why, cells));
                }
            }
        }
        None
    }

    /// A cage's combinations remove candidates (`hidden`: the cages whose operation is hidden).
    fn cage_combination(&self, hidden: bool) -> Option<(Step, u32)> {
        for (k, cage) in self.puzzle.cages().iter().enumerate() {
            if (cage.op == Op::Hidden) != hidden || cage.cells.len() < 2 {
                continue;
            }
            let shape = &self.shapes[k];
            let domains: Vec<u32> = cage.cells.iter().map(|&c| self.cand[c]).collect();
            let mut combos: Vec<Vec<u8>> = Vec::new();
            let mut seen = vec![0u32; domains.len()];
            let walk = shape.each(&domains, CAGE_LIMIT, &mut |values| {
                for (i, &v) in values.iter().enumerate() {
                    seen[i] |= 1 << v;
                }
                let mut combo = values.to_vec();
                combo.sort_unstable();
                if combos.len() < 64 && !combos.contains(&combo) {
                    combos.push(combo);
                }
                true
            });
            if walk.is_err() {
                continue;
            }
            let removed: Vec<(usize, u32)> = cage
                .cells
                .iter()
                .enumerate()
                .flat_map(|(i, &cell)| values_of(domains[i] & !seen[i]).into_iter().map(move |v| (cell, v)))
                .collect();
            if removed.is_empty() {
                continue;
            }
            let shown: Vec<String> = combos
                .iter()
                .take(6)
                .map(|c| format!("{{{}}}", c.iter().map(u8::to_string).collect::<Vec<_>>().join(",")))
                .collect();
            let more = if combos.len() > 6 { ", ..." } else { "" };
            let what = if hidden {
                format!(
                    "whatever its operation, {} can only be {}{more}",
                    self.cage_name(cage),
                    shown.join(", ")
                )
            } else {
                format!(
                    "the {} of {} is {}: with the candidates left it can only be {}{more}",
                    cage.op.word(),
                    self.cage_name(cage),
                    cage.target,
                    shown.join(", ")
                )
            };
            let why = format!("{what}; so {}", self.removed_text(&removed));
            let (technique, weight) = match (hidden, cage.cells.len()) {
                (true, _) => ("hidden operation", 5),
                (false, 2..=3) => ("cage combination", 2),
                (false, _) => ("cage combination", 3),
            };
            let step =
                Step { technique, explanation: why, placed: Vec::new(), removed, cells: cage.cells.clone() };
            return Some((step, weight));
        }
        None
    }

    fn removed_text(&self, removed: &[(usize, u32)]) -> String {
        let mut cells: Vec<usize> = removed.iter().map(|&(c, _)| c).collect();
        cells.dedup();
        let parts: Vec<String> = cells
            .iter()
            .map(|&cell| {
                let mask = removed.iter().filter(|&&(c, _)| c == cell).fold(0u32, |m, &(_, v)| m | 1 << v);
                format!("{} cannot be {}", cell_name(self.n, cell), set_text(mask))
            })
            .collect();
        parts.join(", ")
    }

    /// Naked pairs (`size` 2) and triples (3) in a line.
    fn subset(&self, size: usize) -> Option<Step> {
        for line in 0..2 * self.n {
            let cells = self.line(line);
            let open: Vec<usize> = cells.iter().copied().filter(|&c| self.placed[c] == 0).collect();
            let small: Vec<usize> = open
                .iter()
                .copied()
                .filter(|&c| (2..=size as u32).contains(&self.cand[c].count_ones()))
                .collect();
            for group in combinations(&small, size) {
                let union = group.iter().fold(0u32, |m, &c| m | self.cand[c]);
                if union.count_ones() as usize != size {
                    continue;
                }
                let removed: Vec<(usize, u32)> = open
                    .iter()
                    .filter(|c| !group.contains(c))
                    .flat_map(|&c| values_of(self.cand[c] & union).into_iter().map(move |v| (c, v)))
                    .collect();
                if removed.is_empty() {
                    continue;
                }
                let technique = if size == 2 { "naked pair" } else { "naked triple" };
                let why = format!(
                    "in {}, {} hold {} between them; so {}",
                    self.line_name(line),
                    cells_named(self.n, &group),
                    set_text(union),
                    self.removed_text(&removed)
                );
                return Some(Step { technique, explanation: why, placed: Vec::new(), removed, cells: group });
            }
        }
        None
    }

    /// The line-sum (and line-product) rule: a line's values sum to N(N+1)/2 and multiply to
    /// N!; its `+` (`*`) cages lying wholly inside it and its placed cells account for all but one
    /// cell, which is then worked out.
    fn line_rule(&self) -> Option<Step> {
        let n = self.n;
        for line in 0..2 * n {
            let cells = self.line(line);
            for op in [Op::Add, Op::Mul] {
                let mut known: u128 = if op == Op::Add { 0 } else { 1 };
                let mut covered = vec![false; cells.len()];
                let mut cages_used = Vec::new();
                for (k, cage) in self.puzzle.cages().iter().enumerate() {
                    let inside = cage.cells.iter().all(|c| cells.contains(c));
                    let unplaced = cage.cells.iter().any(|&c| self.placed[c] == 0);
                    if inside && unplaced && cage.op == op && cage.cells.len() > 1 {
                        known = if op == Op::Add {
                            known + u128::from(cage.target)
                        } else {
                            known.saturating_mul(u128::from(cage.target))
                        };
                        cages_used.push(k);
                        for c in &cage.cells {
                            covered[cells.iter().position(|x| x == c).expect("inside")] = true;
                        }
                    }
                }
                if cages_used.is_empty() {
                    continue;
                }
                let mut rest = Vec::new();
                for (i, &cell) in cells.iter().enumerate() {
                    match (covered[i], self.placed[cell]) {
                        (true, _) => {}
                        (false, 0) => rest.push(cell),
                        (false, v) => {
                            known = if op == Op::Add {
                                known + u128::from(v)
                            } else {
                                known.saturating_mul(u128::from(v))
                            };
                        }
                    }
                }
                let [cell] = rest[..] else { continue };
                let total: u128 =
                    if op == Op::Add { (n * (n + 1) / 2) as u128 } else { (1..=n as u128).product() };
                let value = if op == Op::Add {
                    total.checked_sub(known)
                } else {
                    (known != 0 && total % known == 0).then(|| total / known)
                };
                let Some(v) = value.filter(|&v| v >= 1 && v <= n as u128).map(|v| v as u32) else { continue };
                if self.cand[cell] & (1 << v) == 0 {
                    continue;
                }
                let (word, sign, whole) = if op == Op::Add {
                    ("sum", "+", format!("sums to {total}"))
                } else {
                    ("product", "*", format!("multiplies to {total}"))
                };
                let clues: Vec<String> = cages_used.iter().map(|&k| self.puzzle.cages()[k].clue()).collect();
                let why = format!(
                    "{} {whole}; its {sign} cages {} and its known cells make {known} of that {word}, so the one cell left, {}, is {v}",
                    self.line_name(line),
                    clues.join(", "),
                    cell_name(n, cell)
                );
                return Some(self.place("line sum", cell, v, why, cells));
            }
        }
        None
    }
}

/// Steps a trial follows from its candidate before it lets the candidate be.
const TRIAL_STEPS: usize = 4 * 31;

/// Placements of a trial's chain told in its explanation (the rest are "...").
const CHAIN_TOLD: usize = 3;

impl Board<'_> {
    /// A line that has no place left for some value: the line and the value.
    fn starved_line(&self) -> Option<(usize, u32)> {
        (0..2 * self.n).find_map(|line| {
            let union = self.line(line).iter().fold(0u32, |m, &c| m | self.cand[c]);
            (1..=self.n as u32).find(|&v| union & (1 << v) == 0).map(|v| (line, v))
        })
    }

    /// Trial: a candidate that, placed, leads by singles, hidden singles and cage combinations
    /// to a cell with no value or a line with no place for one is removed, and the chain that
    /// shows it is told. Cells with the fewest candidates first; `probes` counts down the
    /// candidates tried (none left: nothing found), and `budget`'s clock is read before each.
    pub fn trial(
        &self,
        budget: &tessera_xc::Budget,
        probes: &mut usize,
    ) -> Result<Option<Step>, tessera_xc::GaveUp> {
        let n = self.n;
        for width in 2..=n as u32 {
            for cell in (0..n * n).filter(|&c| self.placed[c] == 0 && self.cand[c].count_ones() == width) {
                for v in values_of(self.cand[cell]) {
                    if let Some(reason) = budget.check_clock() {
                        return Err(reason);
                    }
                    if *probes == 0 {
                        return Ok(None);
                    }
                    *probes -= 1;
                    if let Some(why) = self.follow(cell, v) {
                        let explanation = format!(
                            "if {} were {v}: {why}; so {} is not {v}",
                            cell_name(n, cell),
                            cell_name(n, cell)
                        );
                        return Ok(Some(Step {
                            technique: "trial",
                            explanation,
                            placed: Vec::new(),
                            removed: vec![(cell, v)],
                            cells: vec![cell],
                        }));
                    }
                }
            }
        }
        Ok(None)
    }

    /// Places `v` in `cell` on a copy of the board and follows the cheap techniques: the chain
    /// and the contradiction it meets, in words, or `None` when it meets none.
    fn follow(&self, cell: usize, v: u32) -> Option<String> {
        let n = self.n;
        let mut board = self.clone();
        let mut chain: Vec<String> = Vec::new();
        let mut step = board.place("trial", cell, v, String::new(), vec![cell]);
        for _ in 0..TRIAL_STEPS {
            let whole = board.apply(&step);
            for &(c, value) in &step.placed {
                if c != cell {
                    chain.push(format!("{} {value}", cell_name(n, c)));
                }
            }
            let broken = if !whole {
                let empty = (0..n * n).find(|&c| board.cand[c] == 0).unwrap_or(cell);
                Some(format!("{} would have no value left", cell_name(n, empty)))
            } else {
                board
                    .starved_line()
                    .map(|(line, value)| format!("{} would have no place for {value}", board.line_name(line)))
            };
            if let Some(broken) = broken {
                let told: Vec<&str> = chain.iter().take(CHAIN_TOLD).map(String::as_str).collect();
                let more = if chain.len() > CHAIN_TOLD { ", ..." } else { "" };
                return Some(if told.is_empty() {
                    broken
                } else {
                    format!("then {}{more}, and {broken}", told.join(", "))
                });
            }
            step = board
                .single()
                .map(|(s, _)| s)
                .or_else(|| board.hidden_single())
                .or_else(|| board.cage_combination(false).map(|(s, _)| s))
                .or_else(|| board.cage_combination(true).map(|(s, _)| s))?;
        }
        None
    }
}

/// The subsets of `size` elements of `items`, in order.
fn combinations(items: &[usize], size: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let mut pick = Vec::with_capacity(size);
    fn go(items: &[usize], size: usize, from: usize, pick: &mut Vec<usize>, all: &mut Vec<Vec<usize>>) {
        if pick.len() == size {
            all.push(pick.clone());
            return;
        }
        for i in from..items.len() {
            pick.push(items[i]);
            go(items, size, i + 1, pick, all);
            pick.pop();
        }
    }
    go(items, size, 0, &mut pick, &mut all);
    all
}
