//! The rules of a family's board as the page and the server check them while it is played:
//! groups of cells whose digits differ, cages whose digits must make a clue, units that hold
//! K stars none touching, and lines whose shaded cells make given runs (Nonogram). One [`Rules`] value is built from the library's description of the rules
//! ([`tessera::Family::live`], never from what the picture writes), sent to the page with the
//! game, and checked here by the same code the page runs in JavaScript
//! (`assets/rules-family.js`).
//!
//! Cells travel as the API's grids: row by row, `-1` a blocked cell, `0` empty, a digit; for stars
//! `1` a star and `2` a cell marked "no star" (a dot); for shading `1` shaded and `2` a cell marked
//! empty (a dot).

use serde::Serialize;
use tessera::common::{CageOp, Live, Relation};

/// How the player enters values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Entry {
    /// Digits 1 to `max`, with notes (Killer Sudoku, KenKen).
    Digits,
    /// A tap cycles empty, dot (no star), star (Star Battle).
    Stars,
    /// A tap cycles empty, shaded, dot (marked empty) (Nonogram).
    Shade,
}

impl Entry {
    /// Whether a cell holds one of two values (a star or none, shaded or not), so that a value
    /// ruled out of a cell is the other one placed, and there are no notes.
    pub fn is_binary(self) -> bool {
        matches!(self, Entry::Stars | Entry::Shade)
    }
}

/// The wire value of a star.
pub const STAR: i32 = 1;
/// The wire value of a cell marked "no star", or marked empty where cells are shaded.
pub const DOT: i32 = 2;
/// The wire value of a shaded cell (the star's: a cell holds one of two values).
pub const SHADED: i32 = STAR;
/// The wire value of a blocked cell.
pub const BLOCKED: i32 = -1;

/// A cage with a clue: its cells' digits make `target` by `op`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cage {
    /// Row by row, ascending.
    pub cells: Vec<usize>,
    /// `"+"`, `"−"`, `"×"`, `"÷"`, `"="` (one cell holds the target) or `"?"` (any of the four).
    pub op: &'static str,
    /// The clue's number.
    pub target: u64,
}

/// Two cells whose digits stand in a relation (variant Sudoku's thermometers, kropki dots, X and
/// V, whispers, odd and even cells), checked once both are filled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Pair {
    /// The two cells (the same cell twice for a rule of one cell: odd, even).
    pub cells: [usize; 2],
    /// `"<"` (the first less), `"<="`, `"diff"` (differ by `value`), `"ratio"` (one is `value`
    /// times the other), `"sum"` (add up to `value`), `"apart"` (differ by at least `value`),
    /// `"odd"`, `"even"`.
    pub rel: &'static str,
    /// The relation's number (0 where it has none).
    pub value: u32,
}

impl Pair {
    /// The page's form of a relation of the library.
    pub fn of(a: usize, b: usize, relation: Relation) -> Pair {
        use Relation as R;
        let (rel, value) = match relation {
            R::Less => ("<", 0),
            R::LessOrEqual => ("<=", 0),
            R::Difference(v) => ("diff", v),
            R::Ratio(v) => ("ratio", v),
            R::Sum(v) => ("sum", v),
            R::Apart(v) => ("apart", v),
            R::Equal => ("diff", 0),
            R::Odd => ("odd", 0),
            R::Even => ("even", 0),
        };
        Pair { cells: [a, b], rel, value }
    }

    /// Whether digits `a` and `b` (of the two cells, in order) keep the relation.
    pub fn holds(&self, a: u32, b: u32) -> bool {
        match self.rel {
            "<" => a < b,
            "<=" => a <= b,
            "diff" => a.abs_diff(b) == self.value,
            "ratio" => a.min(b) * self.value == a.max(b),
            "sum" => a + b == self.value,
            "apart" => a.abs_diff(b) >= self.value,
            "odd" => a % 2 == 1,
            "even" => a % 2 == 0,
            _ => true,
        }
    }
}

/// A line whose shaded cells make `runs`, in order (Nonogram's rows and columns).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Line {
    /// The line's cells in its order (left to right, top to bottom).
    pub cells: Vec<usize>,
    /// The lengths of its runs of shaded cells, in order (empty: no cell shaded).
    pub runs: Vec<u32>,
}

/// The rules of one puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rules {
    /// How values are entered.
    pub entry: Entry,
    /// Digits: the largest (1 to `max`). Stars: the stars of every unit (K).
    pub max: u32,
    /// Digits: groups whose digits differ (rows, columns, boxes, Killer cages).
    pub distinct: Vec<Vec<usize>>,
    /// Digits: cages whose full set of digits must make their clue.
    pub cages: Vec<Cage>,
    /// Stars: units holding exactly `max` stars (rows, columns, regions); no two stars touch.
    pub units: Vec<Vec<usize>>,
    /// Digits: pairs of cells in a relation (variant Sudoku); every other rule of a variant is
    /// the library's verdict on the full grid.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pairs: Vec<Pair>,
    /// Shading: lines whose shaded cells make exactly their runs.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<Line>,
}

impl Rules {
    /// The library's description of a puzzle's rules ([`tessera::Family::live`]) in the page's
    /// form: the same groups, cages, pairs and units, the operations and relations as the
    /// strings `assets/rules-family.js` checks.
    pub fn of(entry: Entry, live: Live) -> Rules {
        let cages = live
            .cages
            .into_iter()
            .map(|cage| Cage { cells: cage.cells, op: sign(cage.op), target: cage.target })
            .collect();
        Rules {
            entry,
            max: live.max,
            distinct: live.distinct.into_iter().filter(|group| group.len() > 1).collect(),
            cages,
            units: live.units,
            pairs: live.pairs.into_iter().map(|(a, b, relation)| Pair::of(a, b, relation)).collect(),
            lines: live.runs.into_iter().map(|(cells, runs)| Line { cells, runs }).collect(),
        }
    }

    /// The wire values a cell may hold besides 0 (and `-1` where blocked): `1..=max`, or a star
    /// (shaded) and a dot.
    pub fn largest(&self) -> i32 {
        match self.entry {
            Entry::Digits => self.max as i32,
            Entry::Stars | Entry::Shade => DOT,
        }
    }

    /// Whether every open cell is filled (digits), every row has its stars (stars), or every
    /// line's shaded cells make its runs (shading; the dots a player left are not asked for).
    pub fn is_complete(&self, cells: &[i32], rows: usize) -> bool {
        match self.entry {
            Entry::Digits => cells.iter().all(|&v| v != 0),
            Entry::Stars => cells.iter().filter(|&&v| v == STAR).count() == self.max as usize * rows,
            Entry::Shade => self.lines.iter().all(|line| shaded_runs(cells, &line.cells) == line.runs),
        }
    }

    /// The cells a player places: for stars every row's, for shading the shaded ones (the sum of
    /// the rows' runs); `None` for digits (the empty cells).
    pub fn to_place(&self, rows: usize) -> Option<usize> {
        match self.entry {
            Entry::Digits => None,
            Entry::Stars => Some(self.max as usize * rows),
            Entry::Shade => {
                // Rows and columns hold the same shaded cells: half the sum over both.
                Some(self.lines.iter().flat_map(|line| &line.runs).map(|&r| r as usize).sum::<usize>() / 2)
            }
        }
    }

    /// The cells breaking a rule, ascending: a digit twice in a group, a full cage off its clue;
    /// too many stars in a unit, two stars touching; a line whose marks no placement of its runs
    /// keeps (its shaded cells, or where they alone fit, its dots).
    pub fn conflicts(&self, cells: &[i32], width: usize) -> Vec<usize> {
        let mut bad = vec![false; cells.len()];
        let get = |i: usize| cells.get(i).copied().unwrap_or(0);
        for group in &self.distinct {
            for (k, &a) in group.iter().enumerate() {
                if get(a) > 0 && group[k + 1..].iter().any(|&b| get(b) == get(a)) {
                    group.iter().filter(|&&b| get(b) == get(a)).for_each(|&b| bad[b] = true);
                }
            }
        }
        for cage in &self.cages {
            let values: Vec<u64> = cage.cells.iter().map(|&i| get(i).max(0) as u64).collect();
            if values.iter().all(|&v| v > 0) && !holds(cage.op, cage.target, &values) {
                cage.cells.iter().for_each(|&i| bad[i] = true);
            }
        }
        for pair in &self.pairs {
            let [a, b] = pair.cells;
            if get(a) > 0 && get(b) > 0 && !pair.holds(get(a) as u32, get(b) as u32) {
                bad[a] = true;
                bad[b] = true;
            }
        }
        if self.entry == Entry::Stars {
            for unit in &self.units {
                let stars: Vec<usize> = unit.iter().copied().filter(|&i| get(i) == STAR).collect();
                if stars.len() > self.max as usize {
                    stars.iter().for_each(|&i| bad[i] = true);
                }
            }
            let width = width.max(1);
            for (i, _) in cells.iter().enumerate().filter(|(_, &v)| v == STAR) {
                let (r, c) = (i / width, i % width);
                for (dr, dc) in [(0, 1), (1, -1), (1, 0), (1, 1)] {
                    let (r2, c2) = (r as i64 + dr, c as i64 + dc);
                    if c2 < 0 || c2 >= width as i64 {
                        continue;
                    }
                    let j = r2 as usize * width + c2 as usize;
                    if get(j) == STAR {
                        bad[i] = true;
                        bad[j] = true;
                    }
                }
            }
        }
        if self.entry == Entry::Shade {
            for line in &self.lines {
                let marks: Vec<i32> = line.cells.iter().map(|&i| get(i)).collect();
                if fits(&marks, &line.runs) {
                    continue;
                }
                // The shaded cells alone (the dots as unknown) already too many or too long: they
                // are the mistake; else the dots leave no room.
                let shaded: Vec<i32> = marks.iter().map(|&v| if v == SHADED { v } else { 0 }).collect();
                let wrong = if fits(&shaded, &line.runs) { DOT } else { SHADED };
                line.cells.iter().filter(|&&i| get(i) == wrong).for_each(|&i| bad[i] = true);
            }
        }
        bad.iter().enumerate().filter(|(_, &b)| b).map(|(i, _)| i).collect()
    }
}

/// The lengths of the runs of shaded cells along `line`, in order (the library's `runs_of`).
pub fn shaded_runs(cells: &[i32], line: &[usize]) -> Vec<u32> {
    tessera::common::runs_of(line.iter().map(|&i| cells.get(i) == Some(&SHADED)))
}

/// Whether some placement of `runs` along a line keeps its marks: every shaded cell
/// (`SHADED`) in a run, every dot (`DOT`) outside them, other cells either way. Dynamic
/// programming from the line's end: `ok[j][i]` says cells `i..` can hold runs `j..`.
pub fn fits(marks: &[i32], runs: &[u32]) -> bool {
    let (n, k) = (marks.len(), runs.len());
    // dots[i]: dots among cells ..i, so that a run's room is checked at once.
    let mut dots = vec![0usize; n + 1];
    for (i, &v) in marks.iter().enumerate() {
        dots[i + 1] = dots[i] + usize::from(v == DOT);
    }
    let mut ok = vec![vec![false; n + 2]; k + 1];
    ok[k][n] = true;
    ok[k][n + 1] = true;
    for j in (0..=k).rev() {
        for i in (0..n).rev() {
            // Cell i left empty, or run j starting at i (then an empty cell after it, or the end).
            let empty = marks[i] != SHADED && ok[j][i + 1];
            let start = j < k && {
                let end = i + runs[j] as usize;
                end <= n
                    && dots[end] == dots[i]
                    && (end == n || marks[end] != SHADED)
                    && ok[j + 1][(end + 1).min(n)]
            };
            ok[j][i] = empty || start;
        }
    }
    ok[0][0]
}

/// Whether `values` make `target` by `op` (the largest minus, or divided by, the others for `−`
/// and `÷`, as KenKen's rules have it).
pub fn holds(op: &str, target: u64, values: &[u64]) -> bool {
    let sum: u64 = values.iter().sum();
    let max = values.iter().copied().max().unwrap_or(0);
    let product = values.iter().try_fold(1u64, |p, &v| p.checked_mul(v));
    match op {
        "+" => sum == target,
        "−" => 2 * max >= sum && 2 * max - sum == target,
        "×" => product == Some(target),
        "÷" => product.is_some_and(|p| {
            max > 0 && u128::from(max) * u128::from(max) == u128::from(target) * u128::from(p)
        }),
        "=" => values.len() == 1 && sum == target,
        _ => ["+", "−", "×", "÷"].iter().any(|op| holds(op, target, values)),
    }
}

/// The page's sign of a cage's operation.
fn sign(op: CageOp) -> &'static str {
    match op {
        CageOp::Sum => "+",
        CageOp::Difference => "−",
        CageOp::Product => "×",
        CageOp::Quotient => "÷",
        CageOp::Given => "=",
        CageOp::Any => "?",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows and columns of a `n`x`n` board, and these cages.
    fn latin(n: usize, cages: Vec<tessera::common::Cage>) -> Rules {
        Rules::of(Entry::Digits, Live { cages, ..Live::latin(n, n, n as u32, |_| true) })
    }

    fn cage(cells: Vec<usize>, op: CageOp, target: u64) -> tessera::common::Cage {
        tessera::common::Cage { cells, op, target }
    }

    #[test]
    fn pairs_in_a_relation() {
        let pair = |cells, rel, value| Pair { cells, rel, value };
        // The pairs alone (no rows or columns), so that each conflict is the pair's.
        let mut rules = latin(4, Vec::new());
        rules.distinct.clear();
        rules.pairs = vec![
            pair([0, 1], "<", 0),
            pair([4, 5], "diff", 1),
            pair([8, 9], "ratio", 2),
            pair([12, 13], "sum", 5),
            pair([2, 2], "odd", 0),
        ];
        let good = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 1, 2, 3];
        assert!(rules.conflicts(&good, 4).is_empty());
        let mut bad = good;
        bad.swap(0, 1);
        assert_eq!(rules.conflicts(&bad, 4), vec![0, 1]);
        let mut even = good;
        even[2] = 4;
        even[3] = 3;
        assert_eq!(rules.conflicts(&even, 4), vec![2]);
        assert!(pair([0, 1], "apart", 5).holds(1, 6) && !pair([0, 1], "apart", 5).holds(4, 6));
        assert!(pair([0, 1], "ratio", 2).holds(4, 2) && pair([0, 1], "<=", 0).holds(3, 3));
    }

    #[test]
    fn every_relation_holds_on_the_page_as_in_the_library() {
        use Relation as R;
        let relations = [R::Less, R::LessOrEqual, R::Difference(2), R::Ratio(2), R::Sum(7), R::Apart(3)];
        let relations = relations.into_iter().chain([R::Equal, R::Odd, R::Even]);
        for relation in relations {
            for (a, b) in (1..=9).flat_map(|a| (1..=9).map(move |b| (a, b))) {
                assert_eq!(
                    Pair::of(0, 1, relation).holds(a, b),
                    relation.holds(a, b),
                    "{relation:?} {a} {b}"
                );
            }
        }
    }

    #[test]
    fn kenken_cages_and_latin_lines() {
        // 2x2: cages {0,1} "3+", {2} "2", {3} "1".
        let rules = latin(
            2,
            vec![
                cage(vec![0, 1], CageOp::Sum, 3),
                cage(vec![2], CageOp::Given, 2),
                cage(vec![3], CageOp::Given, 1),
            ],
        );
        assert_eq!(rules.cages.len(), 3);
        assert_eq!(rules.cages[1].op, "=");
        assert!(rules.conflicts(&[1, 2, 2, 1], 2).is_empty());
        assert_eq!(rules.conflicts(&[1, 1, 0, 0], 2), vec![0, 1], "a repeat in a row, a wrong sum");
        assert_eq!(rules.conflicts(&[2, 1, 1, 0], 2), vec![2], "a one-cell cage off its target");
        assert!(holds("?", 2, &[4, 2]) && holds("?", 6, &[4, 2]) && !holds("?", 5, &[4, 2]));
    }

    #[test]
    fn stars_touching_or_too_many() {
        let regions = [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3];
        let live = Live::stars(4, 4, 1, |_| true, Live::groups(|i| Some(regions[i]), 16));
        let rules = Rules::of(Entry::Stars, live);
        assert_eq!(rules.units.len(), 12);
        assert!(rules.conflicts(&[0, 1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1, 0], 4).is_empty());
        assert_eq!(rules.conflicts(&[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 4), vec![0, 5]);
        assert_eq!(rules.conflicts(&[1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 4), vec![0, 2]);
        assert!(rules.is_complete(&[0, 1, 2, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1, 0], 4));
    }

    #[test]
    fn shaded_lines_fit_their_runs_or_name_the_mistake() {
        const S: i32 = SHADED;
        // A placement exists: runs 2 1 in five cells, marks kept or not.
        assert!(fits(&[0, 0, 0, 0, 0], &[2, 1]));
        assert!(fits(&[S, S, DOT, S, 0], &[2, 1]));
        assert!(fits(&[0, S, 0, 0, S], &[2, 1]));
        assert!(!fits(&[0, 0, 0, 0], &[2, 2]), "no room for 2 1 2");
        assert!(!fits(&[S, S, S, 0, 0], &[2, 1]), "a run too long");
        assert!(!fits(&[0, DOT, 0, DOT, 0], &[2, 1]), "the dots leave no room for 2");
        assert!(fits(&[DOT, DOT], &[]) && !fits(&[0, S], &[]));
        // Every 0/1/2 line of up to 6 cells against every clue of it: the DP against the runs of
        // every full line the marks allow.
        for n in 0..=6usize {
            let lines: Vec<Vec<i32>> = (0..3usize.pow(n as u32))
                .map(|mut x| {
                    (0..n)
                        .map(|_| {
                            let v = (x % 3) as i32;
                            x /= 3;
                            v
                        })
                        .collect()
                })
                .collect();
            let full: Vec<&Vec<i32>> = lines.iter().filter(|l| !l.contains(&0)).collect();
            for clue in full.iter().map(|l| shaded_runs(l, &(0..n).collect::<Vec<_>>())) {
                for marks in &lines {
                    let keeps = |f: &&Vec<i32>| {
                        f.iter().zip(marks).all(|(&a, &m)| m == 0 || (m == S) == (a == S))
                            && shaded_runs(f, &(0..n).collect::<Vec<_>>()) == clue
                    };
                    assert_eq!(fits(marks, &clue), full.iter().any(keeps), "{marks:?} {clue:?}");
                }
            }
        }
        // A 3x2 board: rows "2", "1"; columns "1", "2", "".
        let line = |cells: Vec<usize>, runs: Vec<u32>| Line { cells, runs };
        let rules = Rules {
            entry: Entry::Shade,
            max: 1,
            distinct: Vec::new(),
            cages: Vec::new(),
            units: Vec::new(),
            pairs: Vec::new(),
            lines: vec![
                line(vec![0, 1, 2], vec![2]),
                line(vec![3, 4, 5], vec![1]),
                line(vec![0, 3], vec![1]),
                line(vec![1, 4], vec![2]),
                line(vec![2, 5], vec![]),
            ],
        };
        assert!(
            rules.is_complete(&[S, S, DOT, 0, S, 0], 2) && rules.conflicts(&[S, S, 0, 0, S, 0], 3).is_empty()
        );
        assert!(!rules.is_complete(&[S, S, 0, 0, 0, 0], 2));
        assert_eq!(rules.to_place(2), Some(3));
        assert_eq!(rules.conflicts(&[0, 0, S, 0, 0, 0], 3), vec![2], "a shaded cell in an empty column");
        assert_eq!(rules.conflicts(&[0, DOT, 0, 0, 0, 0], 3), vec![1], "a dot where a run must be");
        assert_eq!(rules.conflicts(&[S, S, S, 0, 0, 0], 3), vec![0, 1, 2], "a run too long");
    }
}
