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
}

impl Links {
    /// Lays out the problem's options, each in declaration order, appended to its items' lists.
    /// Also returns, for each node, the option it belongs to (0 for headers and spacers).
    pub(crate) fn new(problem: &Problem) -> (Self, Vec<u32>) {
        let n = problem.item_count();
        let mut left = vec![0u32; n + 1];
        let mut right = vec![0u32; n + 1];
        // The root's ring holds the primaries in declaration order.
        let mut last = 0u32;
        for item in problem.items() {
            let x = item.0 + 1;
            if problem.item_kind(item) == ItemKind::Primary {
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
            nodes.push(Node { up: x, down: x, top: 0, color: 0 });
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
        (Links { left, right, nodes }, node_option)
    }

    /// The length of item `x`'s list.
    #[inline(always)]
    pub(crate) fn len(&self, x: u32) -> u32 {
        self.nodes[x as usize].top
    }

    /// Removes option `p`'s other nodes from their lists (skipping purified ones); returns the
    /// number of nodes removed.
    #[inline(always)]
    fn hide<const COLORED: bool>(&mut self, p: u32) -> u64 {
        let nodes = &mut self.nodes[..];
        let mut removed = 0;
        let mut q = p + 1;
        while q != p {
            let node = nodes[q as usize];
            if node.top == SPACER {
                q = node.up;
                continue;
            }
            if !COLORED || node.color != PURIFIED {
                nodes[node.up as usize].down = node.down;
                nodes[node.down as usize].up = node.up;
                nodes[node.top as usize].top -= 1;
                removed += 1;
            }
            q += 1;
        }
        removed
    }

    /// Undoes [`hide`](Self::hide), walking the option backwards.
    #[inline(always)]
    fn unhide<const COLORED: bool>(&mut self, p: u32) {
        let nodes = &mut self.nodes[..];
        let mut q = p - 1;
        while q != p {
            let node = nodes[q as usize];
            if node.top == SPACER {
                q = node.down;
                continue;
            }
            if !COLORED || node.color != PURIFIED {
                nodes[node.up as usize].down = q;
                nodes[node.down as usize].up = q;
                nodes[node.top as usize].top += 1;
            }
            q -= 1;
        }
    }

    /// Removes item `x` from the active list and hides every option in its list.
    /// Returns the number of updates (Knuth's count: one per node removed, one for the item).
    #[inline(always)]
    pub(crate) fn cover<const COLORED: bool>(&mut self, x: u32) -> u64 {
        let (l, r) = (self.left[x as usize], self.right[x as usize]);
        self.right[l as usize] = r;
        self.left[r as usize] = l;
        let mut updates = 1;
        let mut p = self.nodes[x as usize].down;
        while p != x {
            updates += self.hide::<COLORED>(p);
            p = self.nodes[p as usize].down;
        }
        updates
    }

    /// Undoes [`cover`](Self::cover).
    #[inline(always)]
    pub(crate) fn uncover<const COLORED: bool>(&mut self, x: u32) {
        let mut p = self.nodes[x as usize].up;
        while p != x {
            self.unhide::<COLORED>(p);
            p = self.nodes[p as usize].up;
        }
        let (l, r) = (self.left[x as usize], self.right[x as usize]);
        self.right[l as usize] = x;
        self.left[r as usize] = x;
    }

    /// Keeps only the options that agree with node `p`'s colour on its item: the others are
    /// hidden, the agreeing ones marked [`PURIFIED`] (Knuth's "purify").
    fn purify(&mut self, p: u32) -> u64 {
        let Node { top: x, color, .. } = self.nodes[p as usize];
        let mut updates = 0;
        let mut q = self.nodes[x as usize].down;
        while q != x {
            if self.nodes[q as usize].color == color {
                if q != p {
                    self.nodes[q as usize].color = PURIFIED;
                }
            } else {
                updates += self.hide::<true>(q);
            }
            q = self.nodes[q as usize].down;
        }
        updates
    }

    /// Undoes [`purify`](Self::purify).
    fn unpurify(&mut self, p: u32) {
        let Node { top: x, color, .. } = self.nodes[p as usize];
        let mut q = self.nodes[x as usize].up;
        while q != x {
            let node = &mut self.nodes[q as usize];
            if node.color == PURIFIED {
                node.color = color;
            } else if q != p {
                self.unhide::<true>(q);
            }
            q = self.nodes[q as usize].up;
        }
    }

    /// Covers or purifies the item of node `p`, according to its colour (Knuth's "commit").
    #[inline(always)]
    fn commit<const COLORED: bool>(&mut self, p: u32) -> u64 {
        let Node { top: x, color, .. } = self.nodes[p as usize];
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
        let Node { top: x, color, .. } = self.nodes[p as usize];
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
            let node = self.nodes[q as usize];
            if node.top == SPACER {
                q = node.up;
                continue;
            }
            updates += self.commit::<COLORED>(q);
            q += 1;
        }
        updates
    }

    /// Undoes [`commit_others`](Self::commit_others), right to left.
    #[inline(always)]
    pub(crate) fn uncommit_others<const COLORED: bool>(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let node = self.nodes[q as usize];
            if node.top == SPACER {
                q = node.down;
                continue;
            }
            self.uncommit::<COLORED>(q);
            q -= 1;
        }
    }

    /// Checks every link: each active primary's ring is consistent, each vertical list is a ring
    /// whose length matches its header, and every node's item is its list's header. Returns a
    /// description of the first broken link. Used by tests and the `debug-checks` feature.
    #[cfg_attr(
        not(any(test, feature = "debug-checks")),
        allow(dead_code, reason = "used by tests and debug-checks")
    )]
    pub(crate) fn check(&self) -> Result<(), String> {
        let n = self.left.len() - 1;
        let mut x = self.right[0];
        let mut steps = 0;
        while x != 0 {
            if self.left[self.right[x as usize] as usize] != x {
                return Err(format!("item ring broken after item {x}"));
            }
            steps += 1;
            if steps > n {
                return Err("item ring does not close".into());
            }
            x = self.right[x as usize];
        }
        for x in 1..=n as u32 {
            let mut len = 0;
            let mut p = self.nodes[x as usize].down;
            while p != x {
                let node = self.nodes[p as usize];
                if node.top != x {
                    return Err(format!("node {p} in item {x}'s list belongs to item {}", node.top));
                }
                if self.nodes[node.down as usize].up != p {
                    return Err(format!("node {p}: down.up is not itself"));
                }
                len += 1;
                if len as usize > self.nodes.len() {
                    return Err(format!("item {x}'s list does not close"));
                }
                p = node.down;
            }
            if self.nodes[self.nodes[x as usize].down as usize].up != x {
                return Err(format!("item {x}: header's down.up is not the header"));
            }
            if len != self.len(x) {
                return Err(format!("item {x} has {len} nodes in its list, length says {}", self.len(x)));
            }
        }
        Ok(())
    }
}
