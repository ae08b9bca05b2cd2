//! The techniques over houses (rows, columns, regions and the other groups of different
//! digits): naked and hidden singles, pointing and claiming, naked pairs. Apart from the
//! per-constraint steps and trial in `techniques.rs`, which compiles the houses.

use super::techniques::{digits_text, name, House, Solver};
use crate::common::Step;

impl Solver {
    pub(super) fn singles(&self, placed: &[u8], cand: &[u32]) -> Option<Step> {
        let n = self.n;
        for c in 0..n * n {
            if placed[c] == 0 && cand[c].count_ones() == 1 {
                let d = cand[c].trailing_zeros();
                return Some(Step {
                    technique: "naked single",
                    explanation: format!("{} can only hold {d}.", name(c, n)),
                    placed: vec![(c, d)],
                    removed: Vec::new(),
                    cells: vec![c],
                });
            }
        }
        for house in self.houses.iter().filter(|h| h.cells.len() == n) {
            for d in 1..=n as u32 {
                if house.cells.iter().any(|&c| u32::from(placed[c]) == d) {
                    continue;
                }
                let mut spots = house.cells.iter().filter(|&&c| cand[c] >> d & 1 == 1);
                if let (Some(&c), None) = (spots.next(), spots.next()) {
                    return Some(Step {
                        technique: "hidden single",
                        explanation: format!("{d} fits only at {} in {}.", name(c, n), house.name),
                        placed: vec![(c, d)],
                        removed: Vec::new(),
                        cells: house.cells.clone(),
                    });
                }
            }
        }
        None
    }

    pub(super) fn pointing(&self, placed: &[u8], cand: &[u32]) -> Option<Step> {
        let n = self.n;
        let full: Vec<&House> = self.houses.iter().filter(|h| h.cells.len() == n).collect();
        for a in &full {
            for d in 1..=n as u32 {
                let spots: Vec<usize> =
                    a.cells.iter().copied().filter(|&c| placed[c] == 0 && cand[c] >> d & 1 == 1).collect();
                if spots.len() < 2 || a.cells.iter().any(|&c| u32::from(placed[c]) == d) {
                    continue;
                }
                for b in &full {
                    if std::ptr::eq(*a, *b) || !spots.iter().all(|c| b.cells.contains(c)) {
                        continue;
                    }
                    let removed: Vec<(usize, u32)> = b
                        .cells
                        .iter()
                        .filter(|c| !a.cells.contains(c) && placed[**c] == 0 && cand[**c] >> d & 1 == 1)
                        .map(|&c| (c, d))
                        .collect();
                    if !removed.is_empty() {
                        let explanation = format!(
                            "In {}, {d} lies only where it meets {}, so the rest of {} {}.",
                            a.name,
                            b.name,
                            b.name,
                            self.rules_out(&removed)
                        );
                        return Some(Step {
                            technique: "pointing and claiming",
                            explanation,
                            placed: Vec::new(),
                            removed,
                            cells: spots,
                        });
                    }
                }
            }
        }
        None
    }

    pub(super) fn naked_pair(&self, placed: &[u8], cand: &[u32]) -> Option<Step> {
        for house in &self.houses {
            let open: Vec<usize> = house.cells.iter().copied().filter(|&c| placed[c] == 0).collect();
            for (i, &a) in open.iter().enumerate() {
                if cand[a].count_ones() != 2 {
                    continue;
                }
                for &b in &open[i + 1..] {
                    if cand[b] != cand[a] {
                        continue;
                    }
                    let m = cand[a];
                    let removed: Vec<(usize, u32)> = open
                        .iter()
                        .filter(|&&c| c != a && c != b)
                        .flat_map(|&c| {
                            (1..=self.n as u32)
                                .filter(move |d| cand[c] & m >> d & 1 == 1)
                                .map(move |d| (c, d))
                        })
                        .collect();
                    if !removed.is_empty() {
                        let explanation = format!(
                            "{} and {} hold {} between them in {}, which {}.",
                            name(a, self.n),
                            name(b, self.n),
                            digits_text(m),
                            house.name,
                            self.rules_out(&removed)
                        );
                        return Some(Step {
                            technique: "naked pair",
                            explanation,
                            placed: Vec::new(),
                            removed,
                            cells: vec![a, b],
                        });
                    }
                }
            }
        }
        None
    }
}
