//! The static checks run once before the walk: a connected board, at most two cells with one
//! neighbour, Numbrix colours that can alternate, givens within reach of each other.

use super::{Walker, NONE};

impl Walker {
    /// Static arguments that the puzzle has no solution, true when none applies: a board in
    /// pieces, too many cells with one neighbour, Numbrix colours that cannot alternate along a
    /// path, two givens farther apart through the free cells than their difference, and the
    /// walker's own check at the root (components, dead ends).
    pub(in crate::hidato::solve) fn precheck(&mut self) -> bool {
        self.reset();
        let cells = self.board.len();
        // Connected board.
        self.epoch += 1;
        let mut reached = 0;
        self.queue.clear();
        self.queue.push(0);
        self.seen[0] = self.epoch;
        while let Some(c) = self.queue.pop() {
            reached += 1;
            for i in self.nb_start[c as usize]..self.nb_start[c as usize + 1] {
                let x = self.nbrs[i as usize];
                if self.seen[x as usize] != self.epoch {
                    self.seen[x as usize] = self.epoch;
                    self.queue.push(x);
                }
            }
        }
        if reached != cells {
            return false;
        }
        if cells > 1 {
            let mut ends = 0;
            for c in 0..cells {
                let degree = self.nb_start[c + 1] - self.nb_start[c];
                if degree == 0 {
                    return false;
                }
                ends += u32::from(degree == 1);
            }
            if ends > 2 {
                return false;
            }
        }
        if self.orthogonal && !self.colours_fit() {
            return false;
        }
        // Consecutive givens: adjacent when next to each other, else within reach.
        for leg in self.legs.clone() {
            if leg.gap && leg.from != 0 {
                let (s, t) = (self.pos[leg.from as usize], self.pos[leg.to as usize]);
                let span = leg.to.abs_diff(leg.from);
                if span == 1 {
                    if !self.touch(s, t) {
                        return false;
                    }
                } else if self.reach(t, s, span) > span {
                    return false;
                }
            }
        }
        self.legs.retain(|leg| !(leg.gap && leg.from != 0 && leg.to.abs_diff(leg.from) == 1));
        self.head.truncate(self.legs.len());
        self.reset();
        self.check(0)
    }

    /// On a chequerboard every orthogonal step changes colour: number k's colour is 1's colour
    /// flipped k - 1 times, so the colours' counts differ by at most one, the majority colour
    /// holds 1 when they differ, and every given agrees.
    fn colours_fit(&self) -> bool {
        let colour = |c: u32| {
            let (x, y) = self.xy[c as usize];
            ((x + y) & 1) as usize
        };
        let mut count = [0usize; 2];
        for c in 0..self.board.len() as u32 {
            count[colour(c)] += 1;
        }
        // The colour of number 1 if forced by the counts.
        let mut one: Option<usize> = match count[0].abs_diff(count[1]) {
            0 => None,
            1 => Some(if count[0] > count[1] { 0 } else { 1 }),
            _ => return false,
        };
        for k in 1..=self.n {
            let c = self.given[k];
            if c != NONE {
                let implied = colour(c) ^ ((k - 1) & 1);
                match one {
                    Some(o) if o != implied => return false,
                    _ => one = Some(implied),
                }
            }
        }
        true
    }
}
