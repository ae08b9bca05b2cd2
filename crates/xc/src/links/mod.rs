//! The dancing-links arrays and the four operations on them (Knuth's Algorithm C: cover, hide,
//! purify and their inverses).
//!
//! The module is split by what may use `unsafe`: this file holds the layout, its construction
//! ([`Links::new`]) and the full check ([`Links::check`]), all with ordinary indexing; the
//! operations that the search runs millions of times live in `ops`, the crate's one module
//! allowed `unsafe` (its header states the invariant they rely on and how it is kept).
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
//! # The invariant
//!
//! Every index stored in `left`, `right` and in the `up`, `down` and `top` fields of the nodes is
//! in range (items `< left.len()`, nodes `< nodes.len()`; a spacer's `up`/`down` are nodes).
//! [`Links::new`] establishes it, the operations in `ops` keep it, and `ops` relies on it for its
//! unchecked accesses.

#[allow(unsafe_code, reason = "unchecked node access in the hot loops; see the module's Safety section")]
mod ops;
#[cfg(test)]
mod tests;

use crate::problem::{ItemKind, OptionId, Problem};

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
    /// Slots of an array indexed by item (the root 0 and the items 1..=n).
    pub(crate) fn item_slots(&self) -> usize {
        self.left.len()
    }

    /// Lays out the problem's options, each in declaration order, appended to its items' lists.
    /// Also returns, for each node, the option it belongs to (0 for headers and spacers).
    pub(crate) fn new(problem: &Problem) -> (Self, Vec<u32>) {
        Self::lay_out(problem, problem.options())
    }

    /// Like [`new`](Self::new), with the options laid out in `order` (a permutation of their
    /// indices): every list then holds its options in that order. The table gives each node's
    /// option in the problem's own numbering.
    pub(crate) fn with_order(problem: &Problem, order: &[u32]) -> (Self, Vec<u32>) {
        Self::lay_out(problem, order.iter().map(|&option| OptionId::from_index(option as usize)))
    }

    fn lay_out(problem: &Problem, options: impl Iterator<Item = OptionId>) -> (Self, Vec<u32>) {
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

        // Headers, the root, every option's nodes and a spacer after each: no regrowth.
        let capacity = n + 2 + problem.node_count() + problem.option_count();
        let mut nodes = Vec::with_capacity(capacity);
        nodes.push(Node::default());
        for x in 1..=n as u32 {
            let color = if primary[x as usize] { PRIMARY_HEADER } else { 0 };
            nodes.push(Node { up: x, down: x, top: 0, color });
        }
        let mut node_option = Vec::with_capacity(capacity);
        node_option.resize(nodes.len(), 0u32);
        let mut spacer = nodes.len();
        nodes.push(Node { top: SPACER, ..Node::default() });
        node_option.push(0);
        for option in options {
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

    /// Checks every link: each active primary's ring is consistent, each vertical list is a ring
    /// whose length matches its header, and every node's item is its list's header. Returns a
    /// description of the first broken link. Used by tests and the `debug-checks` feature.
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
