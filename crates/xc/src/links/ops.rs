//! The operations of Algorithm C on the links (cover, hide, purify, commit and their inverses),
//! those Algorithm M adds for multiplicities (tweak, untweak, deactivate, reactivate), and the
//! accessors they use.
//!
//! # Safety
//!
//! This is the crate's one module with `unsafe`: the hide and unhide loops read and write nodes
//! without bounds checks, which cuts the instructions of a search markedly (docs/performance.md,
//! "How we got there", has the counts). It rests on the invariant stated in the parent module's
//! header: **every index stored in `left`, `right` and in the `up`, `down` and `top` fields of the
//! nodes is in range** (items `< left.len()`, nodes `< nodes.len()`; a spacer's `up`/`down` are
//! nodes). [`Links::new`] establishes it from the problem's validated options, and every operation
//! here only copies values already stored in the links, or node indices read from them, into other
//! links; the arrays never change length after construction. Node indices that enter from outside
//! this module (the search's current option, a parallel prefix) were themselves read from these
//! links. The one index computed rather than read is an option node's neighbour `q + 1` or
//! `q - 1` ([`after`](Links::after), [`before`](Links::before), and the straight runs of
//! `hide` and `unhide`), which is a node too: a spacer closes every option on both sides (the
//! parent module's layout), and a walk stops at it. Algorithm M's `untweak` stores a level's first
//! tweaked node, which the search read from these links (`down` of the item) when the level began.
//!
//! Every access still carries a `debug_assert!` of its bound, so the test profile (debug
//! assertions on) checks each one, and the `debug-checks` feature walks every list after each
//! uncover.

use super::{Links, Node, PRIMARY_HEADER, PURIFIED, SPACER};

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

    /// The length of item `x`'s list.
    #[inline(always)]
    pub(crate) fn len(&self, x: u32) -> u32 {
        self.node(x).top
    }

    /// The node after `q` in its option, going round: the spacer after the option's last node
    /// links back (`up`) to its first. The walks over an option's other nodes go through this
    /// and [`before`](Self::before), but for [`hide`](Self::hide) and [`unhide`](Self::unhide),
    /// which split the walk at the spacer into two straight runs. `q + 1` is a node: the
    /// spacer after an option is the last one it can be.
    #[inline(always)]
    pub(crate) fn after(&self, q: u32) -> u32 {
        let next = self.node(q + 1);
        if next.top == SPACER {
            next.up
        } else {
            q + 1
        }
    }

    /// The node before `q` in its option, going round: the spacer before the option's first
    /// node links on (`down`) to its last. `q - 1` is a node: the spacer before an option is
    /// the first one it can be.
    #[inline(always)]
    pub(crate) fn before(&self, q: u32) -> u32 {
        let previous = self.node(q - 1);
        if previous.top == SPACER {
            previous.down
        } else {
            q - 1
        }
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
    pub(crate) fn commit<const COLORED: bool>(&mut self, p: u32) -> u64 {
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
    pub(crate) fn uncommit<const COLORED: bool>(&mut self, p: u32) {
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
        let mut q = self.after(p);
        while q != p {
            updates += self.commit::<COLORED>(q);
            q = self.after(q);
        }
        updates
    }

    /// Like [`commit_others`](Self::commit_others), but stops as soon as a primary item outside
    /// the option is left with no options: returns the updates and, if it stopped, the last node
    /// committed (undo with [`uncommit_from`](Self::uncommit_from)).
    #[inline(always)]
    pub(crate) fn commit_others_checked<const COLORED: bool>(&mut self, p: u32) -> (u64, Option<u32>) {
        let mut updates = 0;
        let mut q = self.after(p);
        self.zeros.clear();
        while q != p {
            updates += self.commit::<COLORED>(q);
            if !self.zeros.is_empty() {
                if self.zeros.iter().any(|&y| !self.option_has_item_after(p, q, y)) {
                    return (updates, Some(q));
                }
                self.zeros.clear();
            }
            q = self.after(q);
        }
        (updates, None)
    }

    /// Whether `p`'s option covers item `y`.
    pub(crate) fn option_contains(&self, p: u32, y: u32) -> bool {
        self.top(p) == y || self.option_has_item_after(p, p, y)
    }

    /// Whether `p`'s option covers every item of `ys` (distinct items), in one pass over the
    /// option: the items of `ys` are marked in `mark` (one slot per item, all false on entry and
    /// again on return) and the option's marked items counted. Calling
    /// [`option_contains`](Self::option_contains) per item instead costs `|ys| x |option|`: with
    /// one option of 100,000 items, whose cover empties all the others, that was 10^10 steps.
    pub(crate) fn option_contains_all(&self, p: u32, ys: &[u32], mark: &mut [bool]) -> bool {
        for &y in ys {
            mark[y as usize] = true;
        }
        let mut found = usize::from(mark[self.top(p) as usize]);
        let mut r = self.after(p);
        while r != p {
            found += usize::from(mark[self.top(r) as usize]);
            r = self.after(r);
        }
        for &y in ys {
            mark[y as usize] = false;
        }
        found == ys.len()
    }

    /// Whether item `y` is among the nodes after `q` (exclusive) and before `p` in `p`'s option.
    fn option_has_item_after(&self, p: u32, q: u32, y: u32) -> bool {
        let mut r = self.after(q);
        while r != p {
            if self.top(r) == y {
                return true;
            }
            r = self.after(r);
        }
        false
    }

    /// Undoes a commit that stopped at node `q` of `p`'s option: uncommits `q` and the nodes
    /// before it, back to (and not including) `p`.
    pub(crate) fn uncommit_from<const COLORED: bool>(&mut self, p: u32, q: u32) {
        let mut q = q;
        while q != p {
            self.uncommit::<COLORED>(q);
            q = self.before(q);
        }
    }

    /// Undoes [`commit_others`](Self::commit_others), right to left.
    #[inline(always)]
    pub(crate) fn uncommit_others<const COLORED: bool>(&mut self, p: u32) {
        let last = self.before(p);
        self.uncommit_from::<COLORED>(p, last);
    }

    // Algorithm M (Knuth's multiplicities; the search is `search::multi`).

    /// Whether item `x` is primary (its header is marked so).
    #[inline(always)]
    pub(crate) fn is_primary(&self, x: u32) -> bool {
        self.node(x).color == PRIMARY_HEADER
    }

    /// Takes item `x` out of the active list, its options left in place.
    #[inline(always)]
    pub(crate) fn deactivate(&mut self, x: u32) {
        let (l, r) = (self.left(x), self.right(x));
        self.set_right(l, r);
        self.set_left(r, l);
    }

    /// Undoes [`deactivate`](Self::deactivate).
    #[inline(always)]
    pub(crate) fn reactivate(&mut self, x: u32) {
        let (l, r) = (self.left(x), self.right(x));
        self.set_right(l, x);
        self.set_left(r, x);
    }

    /// Knuth's tweak: takes option node `x`, the first of its item's list, out of that list, and
    /// with `block` hides the option's other nodes too (when the item is covered, `block` is
    /// false: its cover hid them). Returns the updates.
    #[inline(always)]
    pub(crate) fn tweak<const COLORED: bool>(&mut self, x: u32, block: bool) -> u64 {
        let removed = if block { self.hide::<COLORED>(x) } else { 0 };
        let node = self.node(x);
        removed + self.unlink::<COLORED>(node)
    }

    /// Knuth's untweak: puts back into item `c`'s list, first to last, the nodes a level tweaked
    /// out of it, from `first` (the node that was `c`'s first when the level began) up to the
    /// current first; with `unblock`, also unhides each one's option. Each tweaked node still
    /// links down to the node after it, so the run is walked forward and the `up` links rebuilt.
    /// The options are unhidden first to last (Knuth's order, not the reverse of the tweaks): a
    /// run of nodes taken out of a list in list order may be put back in the same order.
    pub(crate) fn untweak<const COLORED: bool>(&mut self, c: u32, first: u32, unblock: bool) {
        let end = self.node(c).down;
        self.node_mut(c).down = first;
        let (mut above, mut x, mut count) = (c, first, 0);
        while x != end {
            self.node_mut(x).up = above;
            count += 1;
            if unblock {
                self.unhide::<COLORED>(x);
            }
            above = x;
            x = self.node(x).down;
        }
        self.node_mut(end).up = above;
        self.node_mut(c).top += count;
    }
}
