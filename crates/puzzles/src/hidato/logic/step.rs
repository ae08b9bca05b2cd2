//! The rule ladder: [`State::step`] applies the easiest rule allowed by the cap that makes
//! progress and logs it as a [`Step`]. The easy rules (only cell, only number) are written here
//! inline, as the first rungs; the harder ones live in their own modules.

use super::state::{count, has, ones, Bits, Progress, State, NONE};
use super::technique::{Difficulty, Step, Technique};

impl State<'_> {
    /// Applies the easiest rule (up to `cap`) that makes progress.
    pub(super) fn step(
        &mut self,
        cap: Difficulty,
        mut log: Option<&mut Vec<Step>>,
        trials: &mut u32,
    ) -> Progress {
        let mut record = |technique, placed, eliminated, explanation: &dyn Fn() -> String| {
            if let Some(log) = log.as_deref_mut() {
                log.push(Step { technique, placed, eliminated, explanation: explanation() });
            }
            Progress::Made
        };
        // Easy: restrict to free cells touching placed neighbours, then singles.
        let w = self.words;
        for k in 1..=self.n {
            if self.at[k] != NONE {
                continue;
            }
            for j in 0..w {
                let mut m = self.free[j];
                if k > 1 && self.at[k - 1] != NONE {
                    m &= self.near[self.at[k - 1] * w + j];
                }
                if k < self.n && self.at[k + 1] != NONE {
                    m &= self.near[self.at[k + 1] * w + j];
                }
                self.cand[k * w + j] &= m;
            }
            match count(self.cand_of(k)) {
                0 => return Progress::Contradiction,
                1 => {
                    let cell = ones(self.cand_of(k)).next().unwrap_or(0);
                    self.place(k, cell);
                    let why = || {
                        let lo = (k > 1 && self.at[k - 1] != NONE).then(|| k - 1);
                        let hi = (k < self.n && self.at[k + 1] != NONE).then(|| k + 1);
                        let reason = match (lo, hi) {
                            (Some(a), Some(b)) => {
                                format!("it is the only free cell touching both {a} and {b}")
                            }
                            (Some(a), None) | (None, Some(a)) => {
                                format!("it is the only free cell left for it next to {a}")
                            }
                            (None, None) => "it is the only cell left for it".to_string(),
                        };
                        format!("{k} must go at {}: {reason}", self.pos(cell))
                    };
                    return record(Technique::OnlyCell, Some((cell, k as i32)), 0, &why);
                }
                _ => {}
            }
        }
        let (mut once, mut twice) = (vec![0u64; w], vec![0u64; w]);
        for k in 1..=self.n {
            if self.at[k] == NONE {
                for j in 0..w {
                    let c = self.cand[k * w + j];
                    twice[j] |= once[j] & c;
                    once[j] |= c;
                }
            }
        }
        if (0..w).any(|j| self.free[j] & !once[j] != 0) {
            return Progress::Contradiction;
        }
        let single: Bits = (0..w).map(|j| self.free[j] & once[j] & !twice[j]).collect();
        if let Some(cell) = ones(&single).next() {
            let k = (1..=self.n).find(|&k| self.at[k] == NONE && has(self.cand_of(k), cell)).unwrap_or(0);
            self.place(k, cell);
            let why = || format!("{} must hold {k}: no other number can go there", self.pos(cell));
            return record(Technique::OnlyNumber, Some((cell, k as i32)), 0, &why);
        }
        if cap < Difficulty::Medium {
            return Progress::Stuck;
        }
        let (removed, first) = self.windows();
        if removed > 0 {
            let why = || first.clone();
            return record(Technique::Window, None, removed, &why);
        }
        if cap < Difficulty::Hard {
            return Progress::Stuck;
        }
        let (removed, first) = self.dead_ends();
        if removed > 0 {
            let why = || first.clone();
            return record(Technique::DeadEnd, None, removed, &why);
        }
        match self.regions() {
            Err(()) => return Progress::Contradiction,
            Ok((0, _)) => {}
            Ok((removed, first)) => {
                let why = || first.clone();
                return record(Technique::Region, None, removed, &why);
            }
        }
        if cap < Difficulty::Expert {
            return Progress::Stuck;
        }
        match self.trial(trials) {
            Some((removed, first)) => record(Technique::Trial, None, removed, &|| first.clone()),
            None => Progress::Stuck,
        }
    }
}
