//! The dancing-links arrays and the four operations on them (Knuth's Algorithm C: cover, hide,
//! purify and their inverses).
//!
//! # Layout
//!
//! All links are `u32` indices into two flat arrays rather than pointers: a problem's arrays are
//! one allocation each, copied in a single `memcpy` for every solver (the parallel search gives
//! each subproblem its own copy), half the size of 64-bit pointers (more of the matrix stays in
//! cache), and checked by Rust's indexing instead of trusted blindly.
//!
//! ```text
//!  left/right (items, one entry each; 0 is the root of the circular list of active primaries)
//!     0 <-> 1 <-> 2 <-> ... <-> N1 <-> 0        secondaries link to themselves: never chosen
//!
//!  nodes:   [0]  [1 ... N]          [N+1]   [N+2 .. ]      [ ]     [ ... ]      [ ]
//!           unused  item headers      spacer  option 0's     spacer  option 1's   spacer
//!                 top = list length           nodes                  nodes
//!
//!  an option node:  up/down   neighbours in its item's vertical list (the header closes the ring)
//!                   top       its item, 1..=N
//!                   color     0 = none, c > 0 a colour, PURIFIED while its item is purified
//!  a spacer:        top = SPACER, up = first node of the option before it,
//!                   down = last node of the option after it
//! ```
//!
//! Every node of one option sits in consecutive slots, so "the other items of this option" is a
//! forward scan that wraps around at the spacer (through its `up` link) back to the option's first
//! node. Each node is one 16-byte record (`up`, `down`, `top`, `color`) so that a hide touches one
//! cache line for the node it reads; the lengths live in the header nodes' `top` fields, next to
//! their lists and hot in L1.
//!
//! Item `k` of the problem (its declaration order, from 0) is header node `k + 1`.
//!
//! # Safety
//!
//! This is the crate's one module with `unsafe`: the hide and unhide loops read and write nodes
//! without bounds checks, which removes a quarter of the instructions of a search (measured with
//! cachegrind on pent3x20: 650 M to 497 M). It rests on one invariant: **every index stored in
//! `left`, `right` and in the `up`, `down` and `top` fields of the nodes is in range** (items
//! `< left.len()`, nodes `< nodes.len()`; a spacer's `up`/`down` are nodes). [`Links::new`]
//! establishes it from the problem's validated options, and every operation here only copies
//! values already stored in the links, or node indices read from them, into other links; the
//! arrays never change length after construction. Node indices that enter from outside this
//! module (the search's current option, a parallel prefix) were themselves read from these links.
//! Every access still carries a `debug_assert!` of its bound, so the test profile (debug
//! assertions on) checks each one, and the `debug-checks` feature walks every list after each
//! uncover.

use crate::problem::{ItemKind, Problem};

/// `top` of a spacer node: no item is numbered 0.
pub(crate) const SPACER: u32 = 0;
/// `color` of a node whose item has been purified with that node's colour (Knuth's −1).
pub(crate) const PURIFIED: u32 = u32::MAX;

/// One node: a list link pair, its item (or the list length, for headers) and its colour.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Node {
    pub(crate) up: u32,
    pub(crate) down: u32,
    pub(crate) top: u32,
    pub(crate) color: u32,
}

/// The mutable state of Algorithm C: items' horizontal list and the node array.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Links {
    pub(crate) left: Vec<u32>,
    pub(crate) right: Vec<u32>,
    pub(crate) nodes: Vec<Node>,
    /// Primary items whose lists became empty during the hides since it was last cleared.
    pub(crate) zeros: Vec<u32>,
}

/// `color` of a primary item's header node (secondary headers hold 0).
pub(crate) const PRIMARY_HEADER: u32 = 1;

impl Links {
    /// Node `i`. Every `u32` stored in the links is the index of a node (or of an item, in
    /// `left`/`right`) of these arrays: see the module header's "Safety" section.
    #[inline(always)]
    fn node(&self, i: u32) -> Node {
        debug_assert!((i as usize) < self.nodes.len(), "node {i} out of range");
        // SAFETY: `i` comes from a link, and every link is `< nodes.len()` (module header).
        unsafe { *self.nodes.get_unchecked(i as usize) }
    }

    /// Node `i`, mutably; same contract as [`node`](Self::node).
    #[inline(always)]
    fn node_mut(&mut self, i: u32) -> &mut Node {
        debug_assert!((i as usize) < self.nodes.len(), "node {i} out of range");
        // SAFETY: as in `node`.
        unsafe { self.nodes.get_unchecked_mut(i as usize) }
    }

    /// `right[x]` for an item `x` (0 is the root).
    #[inline(always)]
    pub(crate) fn right(&self, x: u32) -> u32 {
        debug_assert!((x as usize) < self.right.len(), "item {x} out of range");
        // SAFETY: item links hold item indices `< right.len() == left.len()` (module header).
        unsafe { *self.right.get_unchecked(x as usize) }
    }

    #[inline(always)]
    fn left(&self, x: u32) -> u32 {
        debug_assert!((x as usize) < self.left.len(), "item {x} out of range");
        // SAFETY: as in `right`.
        unsafe { *self.left.get_unchecked(x as usize) }
    }

    #[inline(always)]
    fn set_right(&mut self, x: u32, to: u32) {
        debug_assert!((x as usize) < self.right.len(), "item {x} out of range");
        // SAFETY: as in `right`.
        unsafe { *self.right.get_unchecked_mut(x as usize) = to }
    }

    #[inline(always)]
    fn set_left(&mut self, x: u32, to: u32) {
        debug_assert!((x as usize) < self.left.len(), "item {x} out of range");
        // SAFETY: as in `right`.
        unsafe { *self.left.get_unchecked_mut(x as usize) = to }
    }

    /// The node below `p` in its list (the first option of item `p`, for a header).
    #[inline(always)]
    pub(crate) fn down(&self, p: u32) -> u32 {
        self.node(p).down
    }

    /// The item of option node `p`.
    #[inline(always)]
    pub(crate) fn top(&self, p: u32) -> u32 {
        self.node(p).top
    }

    /// Lays out the problem's options, each in declaration order, appended to its items' lists.
    /// Also returns, for each node, the option it belongs to (0 for headers and spacers).
    pub(crate) fn new(problem: &Problem) -> (Self, Vec<u32>) {
        let n = problem.item_count();
        let mut left = vec![0u32; n + 1];
        let mut right = vec![0u32; n + 1];
        // The root's ring holds the primaries in declaration order.
        let mut last = 0u32;
        let mut primary = vec![false; n + 1];
        for item in problem.items() {
            let x = item.0 + 1;
            if problem.item_kind(item) == ItemKind::Primary {
                primary[x as usize] = true;
                right[last as usize] = x;
                left[x as usize] = last;
                last = x;
            } else {
                left[x as usize] = x;
                right[x as usize] = x;
            }
        }
        right[last as usize] = 0;
        left[0] = last;

        let mut nodes = Vec::with_capacity(n + 2 + problem.option_count() * 2);
        nodes.push(Node::default());
        for x in 1..=n as u32 {
            let color = if primary[x as usize] { PRIMARY_HEADER } else { 0 };
            nodes.push(Node { up: x, down: x, top: 0, color });
        }
        let mut node_option = vec![0u32; nodes.len()];
        let mut spacer = nodes.len();
        nodes.push(Node { top: SPACER, ..Node::default() });
        node_option.push(0);
        for option in problem.options() {
            let first = nodes.len() as u32;
            for (item, color) in problem.option_items(option) {
                let x = item.0 + 1;
                let node = nodes.len() as u32;
                let tail = nodes[x as usize].up;
                nodes.push(Node { up: tail, down: x, top: x, color: color.map_or(0, |c| c.0) });
                node_option.push(option.0);
                nodes[tail as usize].down = node;
                nodes[x as usize].up = node;
                nodes[x as usize].top += 1;
            }
            let last = nodes.len() as u32 - 1;
            nodes[spacer].down = last;
            spacer = nodes.len();
            nodes.push(Node { top: SPACER, up: first, down: 0, color: 0 });
            node_option.push(0);
        }
        debug_assert_eq!(node_option.len(), nodes.len());
        (Links { left, right, nodes, zeros: Vec::new() }, node_option)
    }

    /// The length of item `x`'s list.
    #[inline(always)]
    pub(crate) fn len(&self, x: u32) -> u32 {
        self.node(x).top
    }

    /// Removes option `p`'s other nodes from their lists (skipping purified ones); returns the
    /// number of nodes removed.
    #[inline(always)]
    fn hide<const COLORED: bool>(&mut self, p: u32) -> u64 {
        // Two straight runs, `p+1` up to the spacer, then the option's first node up to `p`:
        // each node pays one loop test instead of a spacer test and a loop test.
        let mut removed = 0;
        let mut q = p + 1;
        loop {
            let node = self.node(q);
            if node.top == SPACER {
                q = node.up;
                break;
            }
            removed += self.unlink::<COLORED>(node);
            q += 1;
        }
        while q != p {
            let node = self.node(q);
            removed += self.unlink::<COLORED>(node);
            q += 1;
        }
        removed
    }

    /// Takes one option node out of its item's list (unless purified); returns 1 if it did.
    #[inline(always)]
    fn unlink<const COLORED: bool>(&mut self, node: Node) -> u64 {
        if COLORED && node.color == PURIFIED {
            return 0;
        }
        self.node_mut(node.up).down = node.down;
        self.node_mut(node.down).up = node.up;
        let header = self.node_mut(node.top);
        header.top -= 1;
        if header.top == 0 && header.color == PRIMARY_HEADER {
            self.zeros.push(node.top);
        }
        1
    }

    /// Puts option node `q` back into its item's list (unless purified).
    #[inline(always)]
    fn relink<const COLORED: bool>(&mut self, q: u32, node: Node) {
        if COLORED && node.color == PURIFIED {
            return;
        }
        self.node_mut(node.up).down = q;
        self.node_mut(node.down).up = q;
        self.node_mut(node.top).top += 1;
    }

    /// Undoes [`hide`](Self::hide), walking the option backwards.
    #[inline(always)]
    fn unhide<const COLORED: bool>(&mut self, p: u32) {
        let mut q = p - 1;
        loop {
            let node = self.node(q);
            if node.top == SPACER {
                q = node.down;
                break;
            }
            self.relink::<COLORED>(q, node);
            q -= 1;
        }
        while q != p {
            let node = self.node(q);
            self.relink::<COLORED>(q, node);
            q -= 1;
        }
    }

    /// Removes item `x` from the active list and hides every option in its list.
    /// Returns the number of updates (Knuth's count: one per node removed, one for the item).
    #[inline(always)]
    pub(crate) fn cover<const COLORED: bool>(&mut self, x: u32) -> u64 {
        let (l, r) = (self.left(x), self.right(x));
        self.set_right(l, r);
        self.set_left(r, l);
        let mut updates = 1;
        let mut p = self.node(x).down;
        while p != x {
            // Load the next option before hiding this one: hide never changes `p`'s own links,
            // and reading ahead keeps the walk down the list off the critical path.
            let next = self.node(p).down;
            updates += self.hide::<COLORED>(p);
            p = next;
        }
        updates
    }

    /// Undoes [`cover`](Self::cover).
    #[inline(always)]
    pub(crate) fn uncover<const COLORED: bool>(&mut self, x: u32) {
        let mut p = self.node(x).up;
        while p != x {
            let next = self.node(p).up;
            self.unhide::<COLORED>(p);
            p = next;
        }
        let (l, r) = (self.left(x), self.right(x));
        self.set_right(l, x);
        self.set_left(r, x);
    }

    /// Keeps only the options that agree with node `p`'s colour on its item: the others are
    /// hidden, the agreeing ones marked [`PURIFIED`] (Knuth's "purify").
    fn purify(&mut self, p: u32) -> u64 {
        let Node { top: x, color, .. } = self.node(p);
        let mut updates = 0;
        let mut q = self.node(x).down;
        while q != x {
            if self.node(q).color == color {
                if q != p {
                    self.node_mut(q).color = PURIFIED;
                }
            } else {
                updates += self.hide::<true>(q);
            }
            q = self.node(q).down;
        }
        updates
    }

    /// Undoes [`purify`](Self::purify).
    fn unpurify(&mut self, p: u32) {
        let Node { top: x, color, .. } = self.node(p);
        let mut q = self.node(x).up;
        while q != x {
            let node = self.node_mut(q);
            if node.color == PURIFIED {
                node.color = color;
            } else if q != p {
                self.unhide::<true>(q);
            }
            q = self.node(q).up;
        }
    }

    /// Covers or purifies the item of node `p`, according to its colour (Knuth's "commit").
    #[inline(always)]
    fn commit<const COLORED: bool>(&mut self, p: u32) -> u64 {
        let Node { top: x, color, .. } = self.node(p);
        if !COLORED || color == 0 {
            self.cover::<COLORED>(x)
        } else if color != PURIFIED {
            self.purify(p)
        } else {
            0
        }
    }

    /// Undoes [`commit`](Self::commit).
    #[inline(always)]
    fn uncommit<const COLORED: bool>(&mut self, p: u32) {
        let Node { top: x, color, .. } = self.node(p);
        if !COLORED || color == 0 {
            self.uncover::<COLORED>(x);
        } else if color != PURIFIED {
            self.unpurify(p);
        }
    }

    /// Commits every item of the option of node `p` except `p`'s own, left to right.
    #[inline(always)]
    pub(crate) fn commit_others<const COLORED: bool>(&mut self, p: u32) -> u64 {
        let mut updates = 0;
        let mut q = p + 1;
        while q != p {
            let node = self.node(q);
            if node.top == SPACER {
                q = node.up;
                continue;
            }
            updates += self.commit::<COLORED>(q);
            q += 1;
        }
        updates
    }

    /// Like [`commit_others`](Self::commit_others), but stops as soon as a primary item outside
    /// the option is left with no options: returns the updates and, if it stopped, the last node
    /// committed (undo with [`uncommit_from`](Self::uncommit_from)).
    #[inline(always)]
    pub(crate) fn commit_others_checked<const COLORED: bool>(&mut self, p: u32) -> (u64, Option<u32>) {
        let mut updates = 0;
        let mut q = p + 1;
        self.zeros.clear();
        while q != p {
            let node = self.node(q);
            if node.top == SPACER {
                q = node.up;
                continue;
            }
            updates += self.commit::<COLORED>(q);
            if !self.zeros.is_empty() {
                if self.zeros.iter().any(|&y| !self.option_has_item_after(p, q, y)) {
                    return (updates, Some(q));
                }
                self.zeros.clear();
            }
            q += 1;
        }
        (updates, None)
    }

    /// Whether `p`'s option covers item `y`.
    pub(crate) fn option_contains(&self, p: u32, y: u32) -> bool {
        self.top(p) == y || self.option_has_item_after(p, p, y)
    }

    /// Whether item `y` is among the nodes after `q` (exclusive) and before `p` in `p`'s option.
    fn option_has_item_after(&self, p: u32, q: u32, y: u32) -> bool {
        let mut r = q + 1;
        loop {
            let node = self.node(r);
            if node.top == SPACER {
                r = node.up;
                continue;
            }
            if r == p {
                return false;
            }
            if node.top == y {
                return true;
            }
            r += 1;
        }
    }

    /// Undoes a commit that stopped at node `q`: uncommits `q` and the nodes before it, back to
    /// (and not including) `p`.
    pub(crate) fn uncommit_from<const COLORED: bool>(&mut self, p: u32, q: u32) {
        let mut q = q;
        while q != p {
            let node = self.node(q);
            if node.top == SPACER {
                q = node.down;
                continue;
            }
            self.uncommit::<COLORED>(q);
            q -= 1;
        }
    }

    /// Undoes [`commit_others`](Self::commit_others), right to left.
    #[inline(always)]
    pub(crate) fn uncommit_others<const COLORED: bool>(&mut self, p: u32) {
        // Node `p - 1` is the option's last other node, or the spacer before it, which
        // `uncommit_from` steps over to the option's last node.
        self.uncommit_from::<COLORED>(p, p - 1);
    }

    /// Checks every link: each active primary's ring is consistent, each vertical list is a ring
    /// whose length matches its header, and every node's item is its list's header. Returns a
    /// description of the first broken link. Used by tests and the `debug-checks` feature.
    #[cfg_attr(
        not(any(test, feature = "debug-checks")),
        allow(dead_code, reason = "used by tests and debug-checks")
    )]
    pub(crate) fn check(&self) -> Result<(), String> {
        // Plain indexing here: this is the check that the unchecked accesses rely on.
        let n = self.left.len() - 1;
        let node =
            |i: u32| self.nodes.get(i as usize).copied().ok_or(format!("link to node {i} out of range"));
        let item = |links: &[u32], x: u32| {
            links.get(x as usize).copied().ok_or(format!("link to item {x} out of range"))
        };
        let mut x = item(&self.right, 0)?;
        let mut steps = 0;
        while x != 0 {
            if item(&self.left, item(&self.right, x)?)? != x {
                return Err(format!("item ring broken after item {x}"));
            }
            steps += 1;
            if steps > n {
                return Err("item ring does not close".into());
            }
            x = item(&self.right, x)?;
        }
        for x in 1..=n as u32 {
            let mut len = 0;
            let mut p = node(x)?.down;
            while p != x {
                let here = node(p)?;
                if here.top != x {
                    return Err(format!("node {p} in item {x}'s list belongs to item {}", here.top));
                }
                if node(here.down)?.up != p {
                    return Err(format!("node {p}: down.up is not itself"));
                }
                len += 1;
                if len as usize > self.nodes.len() {
                    return Err(format!("item {x}'s list does not close"));
                }
                p = here.down;
            }
            if node(node(x)?.down)?.up != x {
                return Err(format!("item {x}: header's down.up is not the header"));
            }
            if len != node(x)?.top {
                return Err(format!("item {x} has {len} nodes in its list, length says {}", node(x)?.top));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ProblemBuilder;
    use rand::{Rng, SeedableRng};

    /// Random problems with colours: 6 primaries, 3 secondaries, 14 options.
    fn random_problem(rng: &mut rand_pcg::Pcg64Mcg) -> Problem {
        let mut b = ProblemBuilder::new();
        let primaries: Vec<_> = (0..6).map(|i| b.primary(format!("p{i}")).unwrap()).collect();
        let secondaries: Vec<_> = (0..3).map(|i| b.secondary(format!("s{i}")).unwrap()).collect();
        let colors = [b.color("A"), b.color("B")];
        while b.option_count() < 14 {
            let mut items = vec![(primaries[rng.random_range(0..6)], None)];
            for &p in &primaries {
                if rng.random_bool(0.3) && items.iter().all(|&(q, _)| q != p) {
                    items.push((p, None));
                }
            }
            for &s in &secondaries {
                if rng.random_bool(0.4) {
                    let color =
                        if rng.random_bool(0.6) { Some(colors[rng.random_range(0..2)]) } else { None };
                    items.push((s, color));
                }
            }
            b.colored_option(items).unwrap();
        }
        b.build()
    }

    /// Covers, commits and purifies along random paths, undoing each step: after every undo the
    /// links pass `check` and are bit-for-bit what they were before the step. This exercises
    /// every unchecked access of the module under debug assertions.
    #[test]
    fn every_operation_is_undone_exactly() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
        for _ in 0..200 {
            let problem = random_problem(&mut rng);
            let mut links = problem.links.clone();
            links.check().unwrap();
            let mut history = Vec::new();
            for _ in 0..6 {
                // Pick an active primary with options, and one of its options.
                let mut x = links.right(0);
                let mut candidates = Vec::new();
                while x != 0 {
                    if links.len(x) > 0 {
                        candidates.push(x);
                    }
                    x = links.right(x);
                }
                let Some(&item) = candidates.get(rng.random_range(0..candidates.len().max(1))) else {
                    break;
                };
                let before = links.clone();
                links.cover::<true>(item);
                let mut node = links.down(item);
                for _ in 0..rng.random_range(0..links.len(item).max(1)) {
                    node = links.down(node);
                }
                if node == item {
                    links.uncover::<true>(item);
                    assert_eq!(links, before);
                    continue;
                }
                links.commit_others::<true>(node);
                links.check().unwrap();
                history.push((before, item, node));
            }
            while let Some((before, item, node)) = history.pop() {
                links.uncommit_others::<true>(node);
                links.uncover::<true>(item);
                links.check().unwrap();
                assert_eq!(links.nodes, before.nodes);
                assert_eq!((&links.left, &links.right), (&before.left, &before.right));
            }
        }
    }

    /// The checked commit, stopped early, is undone exactly by `uncommit_from`.
    #[test]
    fn an_abandoned_commit_is_undone_exactly() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(11);
        for _ in 0..300 {
            let problem = random_problem(&mut rng);
            let mut links = problem.links.clone();
            let item = links.right(0);
            if links.len(item) == 0 {
                continue;
            }
            let before = links.clone();
            links.cover::<true>(item);
            let node = links.down(item);
            let after_cover = links.nodes.clone();
            match links.commit_others_checked::<true>(node) {
                (_, Some(last)) => links.uncommit_from::<true>(node, last),
                (_, None) => links.uncommit_others::<true>(node),
            }
            assert_eq!(links.nodes, after_cover);
            links.uncover::<true>(item);
            links.check().unwrap();
            assert_eq!(links.nodes, before.nodes);
        }
    }

    #[test]
    fn check_finds_a_broken_link() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
        let problem = random_problem(&mut rng);
        let mut links = problem.links.clone();
        let first = links.down(1);
        links.nodes[first as usize].up = first;
        assert!(links.check().is_err());
    }
}
