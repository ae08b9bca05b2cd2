//! Expert: trial. A candidate whose placement leads the hard rules to a contradiction is
//! removed, one level deep, within a budget of propagations shared by the whole solve.

use super::state::{count, ones, Progress, State, NONE};
use super::technique::Difficulty;

impl State<'_> {
    /// Whether propagation with the hard rules from this state reaches a contradiction.
    fn fails(&mut self, trials: &mut u32) -> bool {
        loop {
            if self.unplaced == 0 {
                return false;
            }
            match self.step(Difficulty::Hard, None, trials) {
                Progress::Made => {}
                Progress::Stuck => return false,
                Progress::Contradiction => return true,
            }
        }
    }

    /// Tries the candidates of the numbers with fewest candidates first; removes those that fail.
    pub(super) fn trial(&mut self, trials: &mut u32) -> Option<(usize, String)> {
        let mut order: Vec<(u32, usize)> =
            (1..=self.n).filter(|&k| self.at[k] == NONE).map(|k| (count(self.cand_of(k)), k)).collect();
        order.sort_unstable();
        for (_, k) in order {
            let cells: Vec<usize> = ones(self.cand_of(k)).collect();
            let mut wrong = Vec::new();
            for &c in &cells {
                if *trials == 0 {
                    return None;
                }
                *trials -= 1;
                let mut copy = self.clone();
                copy.place(k, c);
                if copy.fails(trials) {
                    wrong.push(c);
                }
            }
            if !wrong.is_empty() {
                for &c in &wrong {
                    self.cand[k * self.words + c / 64] &= !(1 << (c % 64));
                }
                let why = format!(
                    "{k} cannot go at {}: trying it there leads to a contradiction",
                    wrong.iter().map(|&c| self.pos(c)).collect::<Vec<_>>().join(", ")
                );
                return Some((wrong.len(), why));
            }
        }
        None
    }
}
