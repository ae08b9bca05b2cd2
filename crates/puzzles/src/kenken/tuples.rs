//! A cage's consistent tuples: the assignments of its cells, within their candidates, that meet
//! its clue and put no value twice in a row or column. The solver's cage propagation, the
//! exact-cover reduction and the rater all enumerate them here.
//!
//! The enumeration is a depth-first search over the cage's cells, fewest candidates first, with
//! bounds that cut it early: a sum must stay reachable from the least and greatest values the
//! remaining cells can take; a product must divide the target and stay reachable likewise. A
//! difference or quotient (and a hidden operation, which may be any of the four) is checked when
//! the tuple is complete: those cages are small in practice (two cells mostly), and the search
//! is capped ([`Limit`]) so that no cage, however large, costs more than the cap at one node.

use crate::kenken::model::{Cage, Op};

/// The cap on a cage's enumeration: the nodes one call may visit.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limit(pub u64);

/// The enumeration visited more nodes than its [`Limit`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TooMany;

/// A cage's cells as the enumeration sees them: for each cell its row and column, so that two
/// cells of one line never take one value.
#[derive(Debug, Clone)]
pub(crate) struct Shape {
    /// The cage's cells.
    pub cells: Vec<usize>,
    rows: Vec<usize>,
    cols: Vec<usize>,
    op: Op,
    target: u64,
}

impl Shape {
    pub fn new(n: usize, cage: &Cage) -> Self {
        Shape {
            cells: cage.cells.clone(),
            rows: cage.cells.iter().map(|&c| c / n).collect(),
            cols: cage.cells.iter().map(|&c| c % n).collect(),
            op: cage.op,
            target: cage.target,
        }
    }

    /// Calls `found(values)` for each consistent tuple (values in the order of `self.cells`)
    /// whose cell `i` takes a value of `domains[i]` (bit `v` for value `v`); `found` returns
    /// `false` to stop. `Err(TooMany)` when the search passed `limit` nodes.
    pub fn each(
        &self,
        domains: &[u32],
        limit: Limit,
        found: &mut dyn FnMut(&[u8]) -> bool,
    ) -> Result<(), TooMany> {
        let k = self.cells.len();
        let mut order: Vec<usize> = (0..k).collect();
        order.sort_by_key(|&i| domains[i].count_ones());
        // rest_min[d], rest_max[d], rest_minprod[d]: over the cells order[d..].
        let mut rest_min = vec![0u64; k + 1];
        let mut rest_max = vec![0u64; k + 1];
        let mut rest_minprod = vec![1u64; k + 1];
        for d in (0..k).rev() {
            let m = domains[order[d]];
            if m == 0 {
                return Ok(());
            }
            let (lo, hi) = (u64::from(m.trailing_zeros()), u64::from(31 - m.leading_zeros()));
            rest_min[d] = rest_min[d + 1] + lo;
            rest_max[d] = rest_max[d + 1] + hi;
            rest_minprod[d] = rest_minprod[d + 1].saturating_mul(lo);
        }
        // A tree far past the cap (the last cell costs nothing: it is computed) is not started.
        let tree = order[..k.saturating_sub(1)]
            .iter()
            .fold(1u64, |t, &i| t.saturating_mul(u64::from(domains[i].count_ones())));
        if tree > limit.0.saturating_mul(4) {
            return Err(TooMany);
        }
        let mut walk = Walk {
            shape: self,
            domains,
            order: &order,
            rest_min: &rest_min,
            rest_max: &rest_max,
            rest_minprod: &rest_minprod,
            values: vec![0u8; k],
            nodes: 0,
            limit: limit.0,
            found,
        };
        walk.go(0, 0, 1, 0).map(|_| ())
    }

    /// For each cell, the values some consistent tuple gives it (bit sets, in the order of
    /// `self.cells`): generalised arc consistency on the cage. Stops early once every candidate
    /// is supported.
    pub fn supports(&self, domains: &[u32], limit: Limit) -> Result<Vec<u32>, TooMany> {
        if let [a, b] = domains {
            return Ok(self.pair_supports(*a, *b));
        }
        let mut seen = vec![0u32; domains.len()];
        let mut open = domains.iter().filter(|&&d| d != 0).count();
        self.each(domains, limit, &mut |values| {
            for (i, &v) in values.iter().enumerate() {
                let bit = 1u32 << v;
                if seen[i] & bit == 0 {
                    seen[i] |= bit;
                    if seen[i] == domains[i] {
                        open -= 1;
                    }
                }
            }
            open > 0
        })?;
        Ok(seen)
    }
}

impl Shape {
    /// [`Shape::supports`] of a two-cell cage, without enumeration: each value's partners (at
    /// most two per operation, [`last_values`]) looked up in the other cell's candidates.
    fn pair_supports(&self, a: u32, b: u32) -> Vec<u32> {
        let one_line = self.rows[0] == self.rows[1] || self.cols[0] == self.cols[1];
        let side = |mine: u32, theirs: u32| {
            let mut seen = 0u32;
            let mut left = mine;
            while left != 0 {
                let v = left.trailing_zeros();
                left &= left - 1;
                let v64 = u64::from(v);
                let partners = last_values(self.op, self.target, v64, v64, v64)
                    .iter()
                    .filter(|&&w| (1..32).contains(&w))
                    .fold(0u32, |m, &w| m | 1 << w);
                let mut fits = partners & theirs;
                if one_line {
                    fits &= !(1 << v);
                }
                // The partner formulas assume v is the other cell's only value: confirm exactly.
                let mut check = fits;
                while check != 0 {
                    let w = check.trailing_zeros();
                    check &= check - 1;
                    if self.op.holds(self.target, &[v as u8, w as u8]) {
                        seen |= 1 << v;
                        break;
                    }
                }
            }
            seen
        };
        vec![side(a, b), side(b, a)]
    }

    /// Bounds reasoning, for a cage too large to enumerate at this node: a value stays in a cell
    /// of a `+` cage when the other cells' least and greatest sums (distinctness ignored) leave
    /// room for it, and in a `*` cage when it divides the target and the other cells' least and
    /// greatest products leave room for the quotient. Other operations keep their candidates.
    /// Narrows `domains` in place, to a fixpoint.
    pub fn bounds(&self, domains: &mut [u32]) {
        let lo = |m: u32| u128::from(m.trailing_zeros());
        let hi = |m: u32| u128::from(31 - m.leading_zeros());
        let target = u128::from(self.target);
        loop {
            if domains.contains(&0) {
                return;
            }
            let mut changed = false;
            for i in 0..domains.len() {
                let others = domains.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &m)| m);
                let keep: u32 = match self.op {
                    Op::Add => {
                        let (min, max) = others.fold((0u128, 0u128), |(a, b), m| (a + lo(m), b + hi(m)));
                        (1..32u32)
                            .filter(|&v| {
                                let v = u128::from(v);
                                v + min <= target && v + max >= target
                            })
                            .fold(0, |m, v| m | 1 << v)
                    }
                    Op::Mul => {
                        let (min, max) = others.fold((1u128, 1u128), |(a, b), m| {
                            (a.saturating_mul(lo(m)), b.saturating_mul(hi(m)))
                        });
                        (1..32u32)
                            .filter(|&v| {
                                let v = u128::from(v);
                                target % v == 0 && (min..=max).contains(&(target / v))
                            })
                            .fold(0, |m, v| m | 1 << v)
                    }
                    _ => u32::MAX,
                };
                if domains[i] & !keep != 0 {
                    domains[i] &= keep;
                    changed = true;
                    // An emptied cell has no least or greatest value for its neighbours' bounds.
                    if domains[i] == 0 {
                        return;
                    }
                }
            }
            if !changed {
                return;
            }
        }
    }
}

struct Walk<'a, 'f> {
    shape: &'a Shape,
    domains: &'a [u32],
    order: &'a [usize],
    rest_min: &'a [u64],
    rest_max: &'a [u64],
    rest_minprod: &'a [u64],
    values: Vec<u8>,
    nodes: u64,
    limit: u64,
    found: &'f mut dyn FnMut(&[u8]) -> bool,
}

impl Walk<'_, '_> {
    /// Ok(false) when `found` asked to stop.
    fn go(&mut self, depth: usize, sum: u64, product: u64, max: u64) -> Result<bool, TooMany> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(TooMany);
        }
        let target = self.shape.target;
        let hopeless = match self.shape.op {
            Op::Add | Op::Given => sum + self.rest_min[depth] > target || sum + self.rest_max[depth] < target,
            Op::Mul => target % product != 0 || product.saturating_mul(self.rest_minprod[depth]) > target,
            _ => false,
        };
        if hopeless {
            return Ok(true);
        }
        if depth == self.order.len() {
            if self.shape.op.holds(target, &self.values) {
                return Ok((self.found)(&self.values));
            }
            return Ok(true);
        }
        let i = self.order[depth];
        let mut free = self.domains[i];
        for d in 0..depth {
            let j = self.order[d];
            if self.shape.rows[j] == self.shape.rows[i] || self.shape.cols[j] == self.shape.cols[i] {
                free &= !(1u32 << self.values[j]);
            }
        }
        // The last cell's value follows from the others: at most two per operation.
        let mut last = [0u64; 8];
        if depth + 1 == self.order.len() {
            last = last_values(self.shape.op, target, sum, product, max);
        }
        while free != 0 {
            let v = free.trailing_zeros();
            free &= free - 1;
            self.values[i] = v as u8;
            let (v64, next) = (u64::from(v), depth + 1);
            if next == self.order.len() && !last.contains(&v64) {
                continue;
            }
            if !self.go(next, sum + v64, product.saturating_mul(v64), max.max(v64))? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// The values `v` that can complete a tuple whose other cells have this sum, product and
/// largest value (0 = none): `+` and `*` one each; `-` and `/` one with `v` the largest and one
/// with it not; a hidden operation all of them. Exact checks follow at the leaf.
fn last_values(op: Op, target: u64, sum: u64, product: u64, max: u64) -> [u64; 8] {
    let mut found = [0u64; 8];
    let add = target.saturating_sub(sum);
    let mul = if product > 0 && target % product == 0 { target / product } else { 0 };
    // v largest: v - sum = t. Else: 2 max - sum - v = t.
    let sub = [target.saturating_add(sum), (2 * max).saturating_sub(sum.saturating_add(target))];
    // v largest: v = t * product. Else: max^2 = t * product * v.
    let tp = target.saturating_mul(product);
    let div = [tp, if tp > 0 && (max * max) % tp == 0 { max * max / tp } else { 0 }];
    match op {
        Op::Add | Op::Given => found[0] = add,
        Op::Mul => found[0] = mul,
        Op::Sub => found[..2].copy_from_slice(&sub),
        Op::Div => found[..2].copy_from_slice(&div),
        Op::Hidden => found[..6].copy_from_slice(&[add, mul, sub[0], sub[1], div[0], div[1]]),
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tuples(cage: &Cage, n: usize, domains: &[u32]) -> Vec<Vec<u8>> {
        let mut all = Vec::new();
        Shape::new(n, cage)
            .each(domains, Limit(u64::MAX), &mut |v| {
                all.push(v.to_vec());
                true
            })
            .unwrap();
        all.sort();
        all
    }

    #[test]
    fn the_operations_of_larger_cages() {
        let full = 0b1111_1110; // 1..=7
                                // An L of three cells: r1c1, r1c2, r2c1 (r1c2 and r2c1 may be equal).
        let minus = Cage::new(vec![0, 1, 7], Op::Sub, 1);
        for t in tuples(&minus, 7, &[full; 3]) {
            let max = *t.iter().max().unwrap();
            assert_eq!(2 * max - t.iter().sum::<u8>(), 1, "{t:?}");
        }
        let divide = Cage::new(vec![0, 1, 7], Op::Div, 2);
        assert!(tuples(&divide, 7, &[full; 3]).contains(&vec![6, 3, 1]));
        assert!(!tuples(&divide, 7, &[full; 3]).contains(&vec![6, 2, 1]));
        let product = Cage::new(vec![0, 1], Op::Mul, 12);
        assert_eq!(tuples(&product, 7, &[full; 2]), [vec![2, 6], vec![3, 4], vec![4, 3], vec![6, 2]]);
        let hidden = Cage::new(vec![0, 1], Op::Hidden, 2);
        let found = tuples(&hidden, 4, &[0b11110; 2]);
        // 1+1 is not allowed in a row; 1x2 (= 2/1), 4-2 (= 4/2) and 3-1 and their reverses are.
        assert_eq!(found, [vec![1, 2], vec![1, 3], vec![2, 1], vec![2, 4], vec![3, 1], vec![4, 2]]);
    }

    #[test]
    fn huge_targets_find_nothing_and_do_not_overflow() {
        for op in [Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Hidden] {
            let cage = Cage::new(vec![0, 1, 2], op, u64::MAX);
            assert!(tuples(&cage, 4, &[0b11110; 3]).is_empty());
            let pair = Cage::new(vec![0, 1], op, u64::MAX);
            assert_eq!(Shape::new(4, &pair).supports(&[0b11110; 2], Limit(100)), Ok(vec![0, 0]));
        }
    }

    #[test]
    fn bounds_that_empty_a_cell_stop_there() {
        // 100 is out of reach of two cells of 1..=2: the first cell empties, and the second's
        // bounds must not read the emptied one (found by `near_valid_text_never_panics` in CI).
        for op in [Op::Add, Op::Mul] {
            let cage = Cage::new(vec![0, 1], op, 100);
            let mut domains = [0b110; 2];
            Shape::new(4, &cage).bounds(&mut domains);
            assert!(domains.contains(&0), "{op:?}: {domains:?}");
        }
    }

    #[test]
    fn a_cap_stops_the_enumeration() {
        let cage = Cage::new((0..9).collect(), Op::Hidden, 9);
        let result = Shape::new(9, &cage).each(&[0b11_1111_1110; 9], Limit(1000), &mut |_| true);
        assert_eq!(result, Err(TooMany));
    }
}
