//! Hard: dead ends. A number cannot sit on a cell without two different usable neighbours
//! for the numbers before and after it.

use super::state::{count, ones, Bits, State, NONE};

impl State<'_> {
    pub(super) fn dead_ends(&mut self) -> (usize, String) {
        let (mut removed, mut first) = (0, String::new());
        let w = self.words;
        for k in 1..=self.n {
            if self.at[k] != NONE {
                continue;
            }
            let cells: Vec<usize> = ones(self.cand_of(k)).collect();
            for c in cells {
                let side = |j: usize| -> Bits {
                    (0..w).map(|i| self.near[c * w + i] & self.cand[j * w + i]).collect()
                };
                let below = (k > 1).then(|| side(k - 1));
                let above = (k < self.n).then(|| side(k + 1));
                let why = match (&below, &above) {
                    (Some(b), _) if count(b) == 0 => Some(format!("no cell next to it can take {}", k - 1)),
                    (_, Some(a)) if count(a) == 0 => Some(format!("no cell next to it can take {}", k + 1)),
                    (Some(b), Some(a)) if count(b) == 1 && b == a => {
                        Some(format!("{} and {} would both need its only usable neighbour", k - 1, k + 1))
                    }
                    _ => None,
                };
                if let Some(why) = why {
                    self.cand[k * w + c / 64] &= !(1 << (c % 64));
                    if removed == 0 {
                        first = format!("{k} cannot go at {}: {why}", self.pos(c));
                    }
                    removed += 1;
                }
            }
        }
        (removed, first)
    }
}
