//! The techniques of the variant human solver over candidate masks: the compiled puzzle
//! ([`Solver`]), one step per constraint (that constraint settled alone over the board's
//! candidates), and trial. The techniques over houses (singles, pointing and claiming, naked
//! pairs) are in `houses.rs`. See the module header of `logic` for the levels.

use std::collections::BTreeMap;

use tessera_xc::{Budget, GaveUp};

use crate::common::Step;
use crate::variant::model::{Cell, Constraint, Variant};
use crate::variant::solve::Settler;

/// Trial candidates tried per step at most (each one a whole propagation).
const TRIALS: usize = 4_000;

/// A group of different digits: its name ("row 3") and cells.
pub(super) struct House {
    pub(super) name: String,
    pub(super) cells: Vec<usize>,
}

/// One constraint as a step of its own.
struct Rule {
    technique: &'static str,
    name: String,
    weight: u32,
    cells: Vec<usize>,
    settler: Settler,
}

/// The compiled puzzle: houses, peers, one rule per constraint, the whole model for trial.
pub(super) struct Solver {
    pub(super) n: usize,
    givens: Vec<u8>,
    pub(super) houses: Vec<House>,
    peers: Vec<Vec<usize>>,
    rules: Vec<Rule>,
    full: Settler,
}

pub(super) fn name(cell: usize, n: usize) -> String {
    Cell::at(cell, n).to_string()
}

pub(super) fn digits_text(mask: u32) -> String {
    (1..32).filter(|d| mask >> d & 1 == 1).map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
}

impl Solver {
    pub(super) fn new(puzzle: &Variant) -> Self {
        let n = puzzle.size;
        let ix = |c: &Cell| puzzle.index(*c);
        let mut houses = Vec::new();
        for r in 0..n {
            houses.push(House { name: format!("row {}", r + 1), cells: (r * n..(r + 1) * n).collect() });
        }
        for c in 0..n {
            houses.push(House {
                name: format!("column {}", c + 1),
                cells: (0..n).map(|r| r * n + c).collect(),
            });
        }
        let mut regions: BTreeMap<u16, Vec<usize>> = BTreeMap::new();
        for (i, region) in puzzle.regions.iter().enumerate() {
            if let Some(region) = region {
                regions.entry(*region).or_default().push(i);
            }
        }
        let boxes: Vec<Vec<usize>> = regions.into_values().collect();
        for (k, cells) in boxes.iter().enumerate() {
            houses.push(House { name: format!("region {}", k + 1), cells: cells.clone() });
        }
        let mut distinct: Vec<Vec<usize>> = Vec::new();
        let mut rules = Vec::new();
        for constraint in &puzzle.constraints {
            use Constraint as C;
            match constraint {
                C::ExtraRegion { cells } => {
                    let cells: Vec<usize> = cells.iter().map(ix).collect();
                    houses.push(House { name: format!("the extra region at {}", name(cells[0], n)), cells });
                }
                C::DiagonalPositive | C::DiagonalNegative => {
                    let positive = matches!(constraint, C::DiagonalPositive);
                    let cells =
                        (0..n).map(|r| if positive { r * n + (n - 1 - r) } else { r * n + r }).collect();
                    let name = if positive { "the positive diagonal" } else { "the negative diagonal" };
                    houses.push(House { name: name.into(), cells });
                }
                C::DisjointGroups => {
                    let size = boxes.first().map_or(0, Vec::len);
                    for pos in 0..size {
                        let cells = boxes.iter().filter_map(|b| b.get(pos).copied()).collect();
                        houses.push(House { name: format!("disjoint group {}", pos + 1), cells });
                    }
                }
                _ => {
                    if let C::Cage { cells, .. } = constraint {
                        distinct.push(cells.iter().map(ix).collect());
                    }
                    if let Some((technique, name, weight, cells)) = describe(puzzle, constraint) {
                        let mut alone = Variant::classic(n);
                        alone.regions = vec![None; n * n];
                        alone.constraints = vec![constraint.clone()];
                        if let C::Skyscraper { clue, .. } = constraint {
                            // A line's two clues are read together.
                            if let Some((far, count)) =
                                crate::variant::rules::skyscraper_opposite(puzzle, *clue)
                            {
                                alone.constraints.push(C::Skyscraper { clue: far, count });
                            }
                        }
                        if matches!(constraint, C::Negative { .. }) {
                            // The negative constraint reads the marks that are given.
                            let marks = puzzle.constraints.iter().filter(|c| {
                                matches!(c, C::Difference { .. } | C::Ratio { .. } | C::Xv { .. })
                            });
                            alone.constraints.extend(marks.cloned());
                        }
                        rules.push(Rule { technique, name, weight, cells, settler: Settler::new(&alone) });
                    }
                }
            }
        }
        rules.sort_by_key(|r| r.weight);
        let mut peers = vec![Vec::new(); n * n];
        for cells in houses.iter().map(|h| &h.cells).chain(&distinct) {
            for &a in cells {
                peers[a].extend(cells.iter().copied().filter(|&b| b != a));
            }
        }
        for p in &mut peers {
            p.sort_unstable();
            p.dedup();
        }
        Solver { n, givens: puzzle.givens.clone(), houses, peers, rules, full: Settler::new(puzzle) }
    }

    fn all(&self) -> u32 {
        ((1u32 << (self.n + 1)) - 1) & !1
    }

    /// The board's candidates: the player's (or all), narrowed by the placed digits' peers.
    pub(super) fn start(&self, digits: &[u8], candidates: Option<&[u32]>) -> Vec<u32> {
        let all = self.all();
        let mut cand: Vec<u32> = (0..self.n * self.n)
            .map(|i| {
                let d = if digits[i] != 0 { digits[i] } else { self.givens[i] };
                if d != 0 {
                    1 << d
                } else {
                    candidates.map_or(all, |c| c[i] & all)
                }
            })
            .collect();
        let placed: Vec<u8> = (0..cand.len()).map(|i| digits[i].max(self.givens[i])).collect();
        self.tidy(&placed, &mut cand);
        cand
    }

    fn tidy(&self, digits: &[u8], cand: &mut [u32]) {
        for (i, &d) in digits.iter().enumerate() {
            if d != 0 {
                for &p in &self.peers[i] {
                    if digits[p] == 0 {
                        cand[p] &= !(1 << d);
                    }
                }
            }
        }
    }

    /// Applies `step` to the board and tidies the peers of what it placed.
    pub(super) fn apply(&self, digits: &mut [u8], cand: &mut [u32], step: &Step) {
        for &(c, d) in &step.removed {
            cand[c] &= !(1 << d);
        }
        for &(c, d) in &step.placed {
            digits[c] = d as u8;
            cand[c] = 1 << d;
        }
        self.tidy(digits, cand);
    }

    /// The easiest step that changes the board, with its weight.
    pub(super) fn next(
        &self,
        digits: &[u8],
        cand: &[u32],
        budget: &Budget,
    ) -> Result<Option<(Step, u32)>, GaveUp> {
        let placed: Vec<u8> = (0..cand.len()).map(|i| digits[i].max(self.givens[i])).collect();
        if let Some(step) = self.singles(&placed, cand) {
            return Ok(Some((step, 1)));
        }
        for rule in &self.rules {
            if let Some(reason) = budget.check_clock() {
                return Err(reason);
            }
            let Some(after) = rule.settler.settle(cand) else { continue };
            let removed = self.removed_on(&placed, cand, &after, &rule.cells);
            if !removed.is_empty() {
                let explanation = format!("{} {}.", capital(&rule.name), self.rules_out(&removed));
                let step = Step {
                    technique: rule.technique,
                    explanation,
                    placed: Vec::new(),
                    removed,
                    cells: rule.cells.clone(),
                };
                return Ok(Some((step, rule.weight)));
            }
        }
        if let Some(step) = self.pointing(&placed, cand) {
            return Ok(Some((step, 6)));
        }
        if let Some(step) = self.naked_pair(&placed, cand) {
            return Ok(Some((step, 6)));
        }
        Ok(self.trial(&placed, cand, budget)?.map(|s| (s, 20)))
    }

    fn removed_on(&self, placed: &[u8], cand: &[u32], after: &[u32], cells: &[usize]) -> Vec<(usize, u32)> {
        let mut removed = Vec::new();
        for &c in cells {
            if placed[c] != 0 {
                continue;
            }
            let gone = cand[c] & !after[c];
            for d in 1..=self.n as u32 {
                if gone >> d & 1 == 1 {
                    removed.push((c, d));
                }
            }
        }
        removed
    }

    /// "leaves r1c2 without 7, 8 and r1c3 without 9", at most four cells named.
    pub(super) fn rules_out(&self, removed: &[(usize, u32)]) -> String {
        let mut by: BTreeMap<usize, u32> = BTreeMap::new();
        for &(c, d) in removed {
            *by.entry(c).or_default() |= 1 << d;
        }
        let parts: Vec<String> = by
            .iter()
            .take(4)
            .map(|(&c, &m)| format!("{} without {}", name(c, self.n), digits_text(m)))
            .collect();
        let more = by.len().saturating_sub(4);
        let tail = if more > 0 { format!(" and {more} more cells") } else { String::new() };
        format!("leaves {}{tail}", parts.join("; "))
    }

    fn trial(&self, placed: &[u8], cand: &[u32], budget: &Budget) -> Result<Option<Step>, GaveUp> {
        let mut order: Vec<usize> = (0..cand.len()).filter(|&c| placed[c] == 0).collect();
        order.sort_by_key(|&c| cand[c].count_ones());
        let mut tried = 0;
        let mut board = cand.to_vec();
        for c in order {
            for d in 1..=self.n as u32 {
                if cand[c] >> d & 1 == 0 {
                    continue;
                }
                if let Some(reason) = budget.check_clock() {
                    return Err(reason);
                }
                tried += 1;
                if tried > TRIALS {
                    return Ok(None);
                }
                board[c] = 1 << d;
                let fails = self.full.settle(&board).is_none();
                board[c] = cand[c];
                if fails {
                    let explanation = format!(
                        "Putting {d} in {} leads to a contradiction by propagation, so it is not {d}.",
                        name(c, self.n)
                    );
                    return Ok(Some(Step {
                        technique: "trial",
                        explanation,
                        placed: Vec::new(),
                        removed: vec![(c, d)],
                        cells: vec![c],
                    }));
                }
            }
        }
        Ok(None)
    }
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |f| f.to_uppercase().chain(chars).collect())
}

/// A constraint's technique, its name in words, its weight and its cells; `None` for houses.
fn describe(puzzle: &Variant, constraint: &Constraint) -> Option<(&'static str, String, u32, Vec<usize>)> {
    use Constraint as C;
    let n = puzzle.size;
    let ix = |c: &Cell| puzzle.index(*c);
    let list = |cells: &[Cell]| cells.iter().map(ix).collect::<Vec<_>>();
    let whole: Vec<usize> = (0..n * n).collect();
    let pair = |cells: &[Cell; 2]| format!("between {} and {}", cells[0], cells[1]);
    Some(match constraint {
        C::Cage { cells, sum } => {
            let what = match sum {
                Some(s) => format!("the killer cage at {} (sum {s})", cells[0]),
                None => format!("the cage at {}", cells[0]),
            };
            ("cage combination", what, 3, list(cells))
        }
        C::Thermometer { cells, .. } => {
            ("thermometer range", format!("the thermometer from {}", cells[0]), 3, list(cells))
        }
        C::Arrow { circle, lines } => {
            let mut cells = list(circle);
            cells.extend(lines.iter().flat_map(|l| list(l)));
            ("arrow range", format!("the arrow from {}", circle[0]), 3, cells)
        }
        C::Difference { cells, value } => {
            let what = if *value == 1 {
                format!("the white dot {}", pair(cells))
            } else {
                format!("the white dot (difference {value}) {}", pair(cells))
            };
            ("kropki pair", what, 2, list(cells))
        }
        C::Ratio { cells, value } => {
            let what = if *value == 2 {
                format!("the black dot {}", pair(cells))
            } else {
                format!("the black dot (ratio {value}) {}", pair(cells))
            };
            ("kropki pair", what, 2, list(cells))
        }
        C::Xv { cells, sum } => {
            let mark = match sum {
                10 => "X".to_string(),
                5 => "V".to_string(),
                s => format!("sum {s}"),
            };
            ("XV pair", format!("the {mark} {}", pair(cells)), 2, list(cells))
        }
        C::Negative { .. } => {
            ("negative constraint", "the rule that every dot or mark is given".into(), 2, whole)
        }
        C::Odd { cell } => ("odd/even", format!("the odd circle at {cell}"), 2, vec![ix(cell)]),
        C::Even { cell } => ("odd/even", format!("the even square at {cell}"), 2, vec![ix(cell)]),
        C::Minimum { cell } | C::Maximum { cell } => {
            let kind = if matches!(constraint, C::Minimum { .. }) { "minimum" } else { "maximum" };
            let mut cells = vec![ix(cell)];
            cells.extend(crate::variant::rules::neighbours(ix(cell), n));
            ("minimum/maximum", format!("the {kind} at {cell}"), 3, cells)
        }
        C::Quadruple { cells, values } => {
            let v = values.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
            ("quadruple digits", format!("the quadruple at {} ({v})", cells[0]), 3, list(cells))
        }
        C::Palindrome { cells } => {
            ("palindrome mirror", format!("the palindrome from {}", cells[0]), 2, list(cells))
        }
        C::Clone { cells, clones } => {
            let mut all = list(cells);
            all.extend(list(clones));
            ("clone copy", format!("the clone of {} at {}", cells[0], clones[0]), 2, all)
        }
        C::Renban { cells } => ("renban run", format!("the renban line from {}", cells[0]), 3, list(cells)),
        C::Whispers { cells, difference } => {
            let what = match difference {
                5 => "German whispers",
                4 => "Dutch whispers",
                _ => "whispers",
            };
            ("whispers difference", format!("the {what} line from {}", cells[0]), 3, list(cells))
        }
        C::Between { cells } => {
            ("between line", format!("the between line from {}", cells[0]), 3, list(cells))
        }
        C::RegionSumLine { cells } => {
            ("region-sum line", format!("the region-sum line from {}", cells[0]), 3, list(cells))
        }
        C::LittleKiller { clue, direction, sum } => {
            let (dr, dc) = direction.step();
            let mut cells = Vec::new();
            let mut at = Cell::new(clue.row + dr, clue.col + dc);
            while let Some(i) = at.index(n) {
                cells.push(i);
                at = Cell::new(at.row + dr, at.col + dc);
            }
            ("little killer sum", format!("the little killer at {clue} (sum {sum})"), 5, cells)
        }
        C::Sandwich { clue, sum } => {
            let (what, cells): (String, Vec<usize>) = if clue.col < 0 || clue.col >= n as i16 {
                let r = clue.row as usize;
                (format!("row {}", r + 1), (r * n..(r + 1) * n).collect())
            } else {
                let c = clue.col as usize;
                (format!("column {}", c + 1), (0..n).map(|r| r * n + c).collect())
            };
            ("sandwich total", format!("the sandwich clue of {what} (sum {sum})"), 5, cells)
        }
        C::Skyscraper { clue, count } => {
            let what = if clue.col < 0 || clue.col >= n as i16 {
                format!("row {}", clue.row + 1)
            } else {
                format!("column {}", clue.col + 1)
            };
            let cells = crate::variant::rules::skyscraper_cells(n, *clue);
            let far = crate::variant::rules::skyscraper_opposite(puzzle, *clue);
            let name = match far {
                Some((_, other)) => format!("the skyscraper clues {count} and {other} of {what}"),
                None => format!("the skyscraper clue {count} at {clue} ({what})"),
            };
            // A 1 or an N alone says one thing at once (N beside a 1, 1 to N in order beside an
            // N): an edge clue; any other count asks for the view worked out.
            if far.is_none() && (*count == 1 || *count == n as u32) {
                ("skyscraper edge clue", name, 2, cells)
            } else {
                ("skyscraper view", name, 3, cells)
            }
        }
        C::Less { cells } => {
            ("inequality", format!("the sign: {} is less than {}", cells[0], cells[1]), 2, list(cells))
        }
        C::AntiKnight => ("anti-knight elimination", "the anti-knight rule".into(), 2, whole),
        C::AntiKing => ("anti-king elimination", "the anti-king rule".into(), 2, whole),
        C::NonConsecutive => ("non-consecutive elimination", "the non-consecutive rule".into(), 2, whole),
        _ => return None,
    })
}
