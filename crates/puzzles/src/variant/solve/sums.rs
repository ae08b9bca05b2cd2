//! Reachable-sum tables: which digits of each term of `sum(coefficient * digit) = target` take
//! part in some solution of the equation alone (each cell one of its candidates, repeats
//! allowed). The sums are a 256-bit set shifted by each candidate's contribution: forward (the
//! sums the first terms reach), then backward (the partial sums that can still be completed), so
//! a pass costs two shifts per candidate. Equations whose sums span more than 256 values fall
//! back to interval reasoning (bounds).

/// A set of sums 0..256.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Sums([u64; 4]);

impl Sums {
    fn single(s: usize) -> Self {
        let mut out = Sums::default();
        out.0[s / 64] = 1 << (s % 64);
        out
    }

    fn shl(self, d: usize) -> Self {
        let mut out = [0u64; 4];
        let (w, b) = (d / 64, d % 64);
        #[allow(clippy::needless_range_loop, reason = "two indices into the same words")]
        for i in w..4 {
            let mut v = self.0[i - w] << b;
            if b > 0 && i > w {
                v |= self.0[i - w - 1] >> (64 - b);
            }
            out[i] = v;
        }
        Sums(out)
    }

    fn shr(self, d: usize) -> Self {
        let mut out = [0u64; 4];
        let (w, b) = (d / 64, d % 64);
        #[allow(clippy::needless_range_loop, reason = "two indices into the same words")]
        for i in 0..4 - w.min(4) {
            let mut v = self.0[i + w] >> b;
            if b > 0 && i + w + 1 < 4 {
                v |= self.0[i + w + 1] << (64 - b);
            }
            out[i] = v;
        }
        Sums(out)
    }

    fn or(self, other: Sums) -> Self {
        Sums([self.0[0] | other.0[0], self.0[1] | other.0[1], self.0[2] | other.0[2], self.0[3] | other.0[3]])
    }

    fn and(self, other: Sums) -> Self {
        Sums([self.0[0] & other.0[0], self.0[1] & other.0[1], self.0[2] & other.0[2], self.0[3] & other.0[3]])
    }

    fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }
}

/// Most terms an equation's tables take on the stack.
const MAX_TERMS: usize = 24;

/// For terms `(candidates, coefficient)`, the candidates of each that some solution of
/// `sum = target` uses, or `None` when there is none. Equations too wide for the table (or with
/// more than 24 terms) get bounds only.
pub(crate) fn support(terms: &[(u32, i32)], target: i32) -> Option<Vec<u32>> {
    let mut out = vec![0u32; terms.len()];
    support_into(terms, target, &mut out).then_some(out)
}

/// [`support`] into `out`; false when there is no solution.
pub(crate) fn support_into(terms: &[(u32, i32)], target: i32, out: &mut [u32]) -> bool {
    let k = terms.len();
    // Least contribution of each term, and the span.
    let mut lows = [0i32; MAX_TERMS];
    let mut span = 0i32;
    let mut low_total = 0i32;
    for (i, &(dom, coef)) in terms.iter().enumerate() {
        if dom == 0 {
            return false;
        }
        let (lo_d, hi_d) = (dom.trailing_zeros() as i32, 31 - dom.leading_zeros() as i32);
        let (a, b) = (coef * lo_d, coef * hi_d);
        let (lo, hi) = (a.min(b), a.max(b));
        if i < MAX_TERMS {
            lows[i] = lo;
        }
        low_total += lo;
        span += hi - lo;
    }
    let rest = target - low_total;
    if rest < 0 || rest > span {
        return false;
    }
    if span >= 256 || k > MAX_TERMS {
        return bounds(terms, target, out);
    }
    if span < 128 {
        return narrow(terms, &lows[..k], rest as u32, out);
    }
    let mut forward = [Sums::default(); MAX_TERMS + 1];
    forward[0] = Sums::single(0);
    for (i, &(dom, coef)) in terms.iter().enumerate() {
        let mut next = Sums::default();
        let mut m = dom;
        while m != 0 {
            let d = m.trailing_zeros() as i32;
            m &= m - 1;
            next = next.or(forward[i].shl((coef * d - lows[i]) as usize));
        }
        forward[i + 1] = next;
    }
    let goal = Sums::single(rest as usize);
    if forward[k].and(goal).is_empty() {
        return false;
    }
    let mut need = goal;
    for i in (0..k).rev() {
        let (dom, coef) = terms[i];
        let mut prev = Sums::default();
        let mut keep = 0u32;
        let mut m = dom;
        while m != 0 {
            let d = m.trailing_zeros() as i32;
            m &= m - 1;
            let back = need.shr((coef * d - lows[i]) as usize).and(forward[i]);
            if !back.is_empty() {
                keep |= 1 << d;
                prev = prev.or(back);
            }
        }
        out[i] = keep;
        need = prev;
    }
    true
}

/// The table in one `u128` (spans under 128, nearly every equation of a 9x9 or 16x16 grid).
fn narrow(terms: &[(u32, i32)], lows: &[i32], rest: u32, out: &mut [u32]) -> bool {
    let k = terms.len();
    let mut forward = [0u128; MAX_TERMS + 1];
    forward[0] = 1;
    for (i, &(dom, coef)) in terms.iter().enumerate() {
        let mut next = 0u128;
        let mut m = dom;
        while m != 0 {
            let d = m.trailing_zeros() as i32;
            m &= m - 1;
            next |= forward[i] << (coef * d - lows[i]) as u32;
        }
        forward[i + 1] = next;
    }
    if forward[k] >> rest & 1 == 0 {
        return false;
    }
    let mut need = 1u128 << rest;
    for i in (0..k).rev() {
        let (dom, coef) = terms[i];
        let mut prev = 0u128;
        let mut keep = 0u32;
        let mut m = dom;
        while m != 0 {
            let d = m.trailing_zeros() as i32;
            m &= m - 1;
            let back = (need >> (coef * d - lows[i]) as u32) & forward[i];
            if back != 0 {
                keep |= 1 << d;
                prev |= back;
            }
        }
        out[i] = keep;
        need = prev;
    }
    true
}

/// Interval reasoning: each term's candidates within what the others' bounds leave, repeated
/// until nothing narrows (one pass leaves `100 a - b = 891` at `b` in 1..9; the second sees `a = 9`).
fn bounds(terms: &[(u32, i32)], target: i32, out: &mut [u32]) -> bool {
    let range = |dom: u32, coef: i32| {
        let (lo_d, hi_d) = (dom.trailing_zeros() as i32, 31 - dom.leading_zeros() as i32);
        let (a, b) = (coef * lo_d, coef * hi_d);
        (a.min(b), a.max(b))
    };
    for (o, &(dom, _)) in out.iter_mut().zip(terms) {
        *o = dom;
    }
    loop {
        let (mut lo, mut hi) = (0i32, 0i32);
        for (&dom, &(_, coef)) in out.iter().zip(terms) {
            let (a, b) = range(dom, coef);
            lo += a;
            hi += b;
        }
        if target < lo || target > hi {
            return false;
        }
        let mut changed = false;
        for i in 0..terms.len() {
            let (dom, coef) = (out[i], terms[i].1);
            let (a, b) = range(dom, coef);
            let (others_lo, others_hi) = (lo - a, hi - b);
            let mut keep = 0;
            let mut m = dom;
            while m != 0 {
                let d = m.trailing_zeros() as i32;
                m &= m - 1;
                let v = coef * d;
                if v + others_lo <= target && v + others_hi >= target {
                    keep |= 1 << d;
                }
            }
            if keep == 0 {
                return false;
            }
            if keep != dom {
                out[i] = keep;
                changed = true;
                // The totals move with this term's range; the next terms read the new ones.
                let (na, nb) = range(keep, coef);
                lo += na - a;
                hi += nb - b;
            }
        }
        if !changed {
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(digits: &[u32]) -> u32 {
        digits.iter().fold(0, |m, d| m | 1 << d)
    }

    #[test]
    fn a_pair_summing_to_ten_keeps_partners() {
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let s = support(&[(mask(&[1, 2]), 1), (all, 1)], 10).unwrap();
        assert_eq!(s, vec![mask(&[1, 2]), mask(&[8, 9])]);
    }

    #[test]
    fn an_arrow_with_a_two_digit_circle() {
        // a + b + c = 10 x + y with b in {1, 2}, c = 1, x = 1: a + b + 1 is 11 to 19.
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let s = support(&[(all, 1), (mask(&[1, 2]), 1), (mask(&[1]), 1), (mask(&[1]), -10), (all, -1)], 0)
            .unwrap();
        assert_eq!(s[0], mask(&[8, 9]));
        assert_eq!(s[4], mask(&[1, 2]));
        assert!(support(&[(mask(&[1]), 1), (mask(&[9]), -1)], 0).is_none());
    }

    #[test]
    fn wide_sums_fall_back_to_bounds() {
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let s = support(&[(all, 100), (all, -1)], 891).unwrap();
        assert_eq!(s, vec![mask(&[9]), mask(&[9])]);
    }
}
