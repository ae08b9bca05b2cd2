//! Rule 1 of the check: the unfinished legs share out the components of the free cells exactly
//! (sizes, and dark cells on Numbrix boards), by an exact assignment when both are few.

use super::{Walker, EXACT_ASSIGNMENT, NONE};

impl Walker {
    /// Rule 1 of the check: the unfinished legs can share out the components exactly. On a
    /// Numbrix board a leg's cells alternate colours from the one after its start, so it also
    /// needs a known number of dark cells, and the components' dark cells must be met too.
    pub(super) fn components_fit(&mut self, leg: usize) -> bool {
        let comps = self.comp_size.len();
        let mut legs = std::mem::take(&mut self.leg_comps);
        legs.iter_mut().for_each(Vec::clear);
        let mut lengths = Vec::new();
        let mut covered = vec![false; comps];
        let mut forced = vec![0u32; comps];
        let mut can = vec![0u32; comps];
        let mut ok = true;
        for j in leg..self.legs.len() {
            let l = self.legs[j];
            let left = l.left(self.head[j]);
            if left == 0 {
                continue;
            }
            let idx = lengths.len();
            if legs.len() <= idx {
                legs.push(Vec::new());
            }
            let list = &mut legs[idx];
            // Dark cells among the leg's: the i-th cell after the start (i from 1) has the
            // start's colour flipped i times. NONE: either colour (no start yet).
            let mut dark = NONE;
            if self.head[j] == 0 {
                list.extend(0..comps as u32);
            } else {
                let s = self.pos[self.head[j] as usize];
                if self.orthogonal {
                    dark = if self.colour(s) == 1 { left / 2 } else { left.div_ceil(2) };
                }
                for &x in self.neighbours(s) {
                    if self.value[x as usize] == 0 && !list.contains(&self.comp[x as usize]) {
                        list.push(self.comp[x as usize]);
                    }
                }
            }
            if l.gap {
                let t = self.pos[l.to as usize];
                let near_t: Vec<u32> = self
                    .neighbours(t)
                    .iter()
                    .filter(|&&x| self.value[x as usize] == 0)
                    .map(|&x| self.comp[x as usize])
                    .collect();
                list.retain(|c| near_t.contains(c));
            }
            lengths.push((left, dark));
            match list.len() {
                0 => ok = false,
                1 => forced[list[0] as usize] += left,
                _ => {}
            }
            for &c in list.iter() {
                covered[c as usize] = true;
                can[c as usize] += left;
            }
        }
        if ok {
            ok = (0..comps)
                .all(|c| covered[c] && forced[c] <= self.comp_size[c] && can[c] >= self.comp_size[c]);
        }
        let exact = comps > 1 || (self.orthogonal && comps == 1);
        if ok && exact && lengths.len() <= EXACT_ASSIGNMENT && comps <= EXACT_ASSIGNMENT {
            let mut room: Vec<(u32, u32)> =
                self.comp_size.iter().zip(&self.comp_dark).map(|(&size, &dark)| (size, dark)).collect();
            if !self.orthogonal {
                room.iter_mut().for_each(|r| r.1 = 0);
                lengths.iter_mut().for_each(|l| l.1 = 0);
            }
            ok = assign(&legs[..lengths.len()], &lengths, &mut room, 0);
        }
        self.leg_comps = legs;
        ok
    }
}

/// Whether the legs (each with its candidate components, its length and its dark cells,
/// `NONE` for either colour) can be put one in each of their components so that every
/// component's cells, and dark cells, are used exactly.
fn assign(legs: &[Vec<u32>], lengths: &[(u32, u32)], room: &mut [(u32, u32)], i: usize) -> bool {
    if i == legs.len() {
        // A leg of either colour (no start) left its dark cells open: only sizes must match.
        let free_colour = lengths.iter().any(|l| l.1 == NONE);
        return room.iter().all(|&(size, dark)| size == 0 && (dark == 0 || free_colour));
    }
    let (len, dark) = lengths[i];
    for &c in &legs[i] {
        let c = c as usize;
        let dark_here = if dark == NONE { 0 } else { dark };
        if room[c].0 >= len && room[c].1 >= dark_here {
            room[c].0 -= len;
            room[c].1 -= dark_here;
            let ok = assign(legs, lengths, room, i + 1);
            room[c].0 += len;
            room[c].1 += dark_here;
            if ok {
                return true;
            }
        }
    }
    false
}
