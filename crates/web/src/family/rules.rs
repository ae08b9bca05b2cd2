//! The rules of a family's board as the page and the server check them while it is played:
//! groups of cells whose digits differ, cages whose digits must make a clue, and units that hold
//! K stars none touching. One [`Rules`] value is built from the library's [`Picture`] (each
//! family says which of its parts are rules, `Family::rules`), sent to the page with the game,
//! and checked here by the same code the page runs in JavaScript (`assets/rules-family.js`).
//!
//! Cells travel as the API's grids: row by row, `-1` a blocked cell, `0` empty, a digit; for stars
//! `1` a star and `2` a cell marked "no star" (a dot).

use serde::Serialize;
use tessera::common::{Mark, Picture};

/// How the player enters values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Entry {
    /// Digits 1 to `max`, with notes (Killer Sudoku, KenKen).
    Digits,
    /// A tap cycles empty, dot (no star), star (Star Battle).
    Stars,
}

/// The wire value of a star.
pub const STAR: i32 = 1;
/// The wire value of a cell marked "no star".
pub const DOT: i32 = 2;
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
}

impl Rules {
    /// Digits 1 to `max` on the picture, differing in every row and column of open cells.
    pub fn latin(picture: &Picture, max: u32) -> Rules {
        Rules {
            entry: Entry::Digits,
            max,
            distinct: lines(picture),
            cages: Vec::new(),
            units: Vec::new(),
            pairs: Vec::new(),
        }
    }

    /// K stars in every row, column and region of the picture, none touching.
    pub fn stars(picture: &Picture, k: u32) -> Rules {
        let mut units = lines(picture);
        units.extend(groups(picture, |i| if picture.cells[i].blocked { None } else { picture.regions[i] }));
        Rules {
            entry: Entry::Stars,
            max: k,
            distinct: Vec::new(),
            cages: Vec::new(),
            units,
            pairs: Vec::new(),
        }
    }

    /// Digits differ in each region of the picture too (Sudoku boxes).
    pub fn regions_distinct(mut self, picture: &Picture) -> Rules {
        self.distinct.extend(groups(picture, |i| picture.regions[i]));
        self
    }

    /// Digits differ along the picture's marked diagonals and in its shaded extra regions too
    /// (variant Sudoku's X and windoku): the groups its marks name, from the description alone.
    pub fn marks_distinct(mut self, picture: &Picture) -> Rules {
        let (w, h) = (picture.width as i32, picture.height as i32);
        let inside = |[r, c]: [i32; 2]| (0..h).contains(&r) && (0..w).contains(&c);
        for mark in &picture.marks {
            let cells: Vec<usize> = match mark {
                Mark::Diagonal { positive } if w == h => {
                    (0..w).map(|k| if *positive { (w - 1 - k) * w + k } else { k * w + k } as usize).collect()
                }
                Mark::Shade { cells, what, .. } if what == "extra-region" => {
                    cells.iter().filter(|&&s| inside(s)).map(|&[r, c]| (r * w + c) as usize).collect()
                }
                _ => continue,
            };
            if cells.len() > 1 {
                self.distinct.push(cells);
            }
        }
        self
    }

    /// Cages: the cells of each value of `cage_of` (the picture's `cages`, or its `regions`),
    /// their clue read from the corner label written in one of them (`17`, `24×`, `2÷`, `3−`,
    /// `7+`). A bare number is `bare` for cages of several cells (`"+"` in Killer, `"?"` for
    /// KenKen's hidden operations) and `"="` for a single cell. `distinct` makes a cage's digits
    /// differ too (Killer).
    pub fn cages(
        mut self,
        picture: &Picture,
        cage_of: &[Option<u32>],
        bare: &'static str,
        distinct: bool,
    ) -> Rules {
        for cells in groups(picture, |i| cage_of.get(i).copied().flatten()) {
            let Some((op, target)) =
                cells.iter().find_map(|&i| picture.cells[i].corner.as_deref().and_then(clue))
            else {
                continue;
            };
            let op = match op {
                Some(op) => op,
                None if cells.len() == 1 => "=",
                None => bare,
            };
            if distinct {
                self.distinct.push(cells.clone());
            }
            self.cages.push(Cage { cells, op, target });
        }
        self
    }

    /// Groups whose digits differ (variant Sudoku's regions, diagonals, cages), given as cells.
    pub fn distinct(mut self, groups: impl IntoIterator<Item = Vec<usize>>) -> Rules {
        self.distinct.extend(groups.into_iter().filter(|g| g.len() > 1));
        self
    }

    /// A cage of cells summing to `target`, given as cells (variant Sudoku's killer cages).
    pub fn sum_cage(mut self, cells: Vec<usize>, target: u64) -> Rules {
        self.cages.push(Cage { cells, op: "+", target });
        self
    }

    /// Pairs of cells in a relation.
    pub fn pairs(mut self, pairs: impl IntoIterator<Item = Pair>) -> Rules {
        self.pairs.extend(pairs);
        self
    }

    /// The wire values a cell may hold besides 0 (and `-1` where blocked): `1..=max`, or a star
    /// and a dot.
    pub fn largest(&self) -> i32 {
        match self.entry {
            Entry::Digits => self.max as i32,
            Entry::Stars => DOT,
        }
    }

    /// Whether every open cell is filled (digits), or every row has its stars (stars).
    pub fn is_complete(&self, cells: &[i32], rows: usize) -> bool {
        match self.entry {
            Entry::Digits => cells.iter().all(|&v| v != 0),
            Entry::Stars => cells.iter().filter(|&&v| v == STAR).count() == self.max as usize * rows,
        }
    }

    /// The cells breaking a rule, ascending: a digit twice in a group, a full cage off its clue;
    /// too many stars in a unit, two stars touching.
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
        bad.iter().enumerate().filter(|(_, &b)| b).map(|(i, _)| i).collect()
    }
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

/// A corner label as a clue: the operation (none for a bare number) and the target.
fn clue(label: &str) -> Option<(Option<&'static str>, u64)> {
    let label = label.trim();
    let digits = label.find(|c: char| !c.is_ascii_digit()).unwrap_or(label.len());
    let target = label[..digits].parse().ok()?;
    let op = match label[digits..].trim() {
        "" => None,
        "+" => Some("+"),
        "−" | "-" => Some("−"),
        "×" | "x" | "*" => Some("×"),
        "÷" | "/" | ":" => Some("÷"),
        _ => return None,
    };
    Some((op, target))
}

/// The rows and the columns, open cells only (a blocked or hole cell is in none).
fn lines(picture: &Picture) -> Vec<Vec<usize>> {
    let (w, h) = (picture.width, picture.height);
    let open = |i: usize| !picture.cells[i].blocked && picture.regions[i].is_some();
    let rows = (0..h).map(|r| (0..w).map(|c| r * w + c).filter(|&i| open(i)).collect());
    let cols = (0..w).map(|c| (0..h).map(|r| r * w + c).filter(|&i| open(i)).collect());
    rows.chain(cols).filter(|line: &Vec<usize>| !line.is_empty()).collect()
}

/// The cells of each value of `of`, in order of first appearance.
fn groups(picture: &Picture, of: impl Fn(usize) -> Option<u32>) -> Vec<Vec<usize>> {
    let mut order: Vec<u32> = Vec::new();
    let mut cells: Vec<Vec<usize>> = Vec::new();
    for i in 0..picture.width * picture.height {
        let Some(id) = of(i) else { continue };
        match order.iter().position(|&known| known == id) {
            Some(k) => cells[k].push(i),
            None => {
                order.push(id);
                cells.push(vec![i]);
            }
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(regions: &[u32], corners: &[(usize, &str)]) -> Picture {
        let n = (regions.len() as f64).sqrt() as usize;
        let mut p = Picture::new(n, n);
        p.regions = regions.iter().map(|&r| Some(r)).collect();
        for &(i, label) in corners {
            p.cells[i].corner = Some(label.to_owned());
        }
        p
    }

    #[test]
    fn marked_diagonals_and_extra_regions_are_distinct_groups() {
        let mut picture = Picture::new(4, 4);
        picture.marks = vec![
            Mark::Diagonal { positive: true },
            Mark::Shade { cells: vec![[0, 0], [1, 1]], what: "extra-region".into(), group: 0 },
            Mark::Shade { cells: vec![[0, 0], [3, 3]], what: "clone".into(), group: 0 },
        ];
        let rules = Rules::latin(&picture, 4).marks_distinct(&picture);
        assert_eq!(rules.distinct.len(), 8 + 2);
        assert_eq!(rules.distinct[8], vec![12, 9, 6, 3]);
        assert_eq!(rules.distinct[9], vec![0, 5]);
    }

    #[test]
    fn pairs_in_a_relation() {
        let picture = Picture::new(4, 4);
        let pair = |cells, rel, value| Pair { cells, rel, value };
        // The pairs alone (no rows or columns), so that each conflict is the pair's.
        let mut rules = Rules::latin(&picture, 4);
        rules.distinct.clear();
        let rules = rules.pairs([
            pair([0, 1], "<", 0),
            pair([4, 5], "diff", 1),
            pair([8, 9], "ratio", 2),
            pair([12, 13], "sum", 5),
            pair([2, 2], "odd", 0),
        ]);
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
    fn clues_are_read_from_corner_labels() {
        assert_eq!(clue("17"), Some((None, 17)));
        assert_eq!(clue("24×"), Some((Some("×"), 24)));
        assert_eq!(clue("2÷"), Some((Some("÷"), 2)));
        assert_eq!(clue("3−"), Some((Some("−"), 3)));
        assert_eq!(clue("7+"), Some((Some("+"), 7)));
        assert_eq!(clue("★"), None);
    }

    #[test]
    fn kenken_cages_and_latin_lines() {
        // 2x2: cages {0,1} "3+", {2} "2", {3} "1".
        let p = picture(&[0, 0, 1, 2], &[(0, "3+"), (2, "2"), (3, "1")]);
        let regions = p.regions.clone();
        let rules = Rules::latin(&p, 2).cages(&p, &regions, "?", false);
        assert_eq!(rules.cages.len(), 3);
        assert_eq!(rules.cages[1].op, "=");
        assert!(rules.conflicts(&[1, 2, 2, 1], 2).is_empty());
        assert_eq!(rules.conflicts(&[1, 1, 0, 0], 2), vec![0, 1], "a repeat in a row, a wrong sum");
        assert_eq!(rules.conflicts(&[2, 1, 1, 0], 2), vec![2], "a one-cell cage off its target");
        assert!(holds("?", 2, &[4, 2]) && holds("?", 6, &[4, 2]) && !holds("?", 5, &[4, 2]));
    }

    #[test]
    fn stars_touching_or_too_many() {
        let p = picture(&[0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3], &[]);
        let rules = Rules::stars(&p, 1);
        assert_eq!(rules.units.len(), 12);
        assert!(rules.conflicts(&[0, 1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1, 0], 4).is_empty());
        assert_eq!(rules.conflicts(&[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 4), vec![0, 5]);
        assert_eq!(rules.conflicts(&[1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 4), vec![0, 2]);
        assert!(rules.is_complete(&[0, 1, 2, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1, 0], 4));
    }
}
