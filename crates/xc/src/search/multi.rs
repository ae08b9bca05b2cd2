//! Knuth's Algorithm M (TAOCP 7.2.2.1, "exact covering with multiplicities and colors", as his
//! program DLX3 runs it): the moves of the dancing-links engines on a problem whose primary items
//! carry bounds `u:v` (covered at least `u`, at most `v` times).
//!
//! Each primary item `i` has `BOUND(i)`, how many more options may still cover it (`v` at the
//! start), and `SLACK(i) = v - u`, fixed; the item may be left once `BOUND(i) <= SLACK(i)`, that
//! is once it is covered at least `u` times. A level branches on an item `i` and, in order:
//!
//! ```text
//!  branch    pick i (below); BOUND(i) -= 1; if it is 0, cover i (no more options may use it).
//!            The level's first option x is i's first; FT (first tweak) remembers it.
//!  try x     BOUND(i) = SLACK(i) = 0: Algorithm C exactly (i is covered; commit x's others).
//!            Else, if LEN(i) <= BOUND(i) - SLACK(i), too few options are left to reach u: done.
//!            Else tweak x out of i's list (hiding its option, unless i is covered and so hid
//!            it already) and commit x's other items; a primary item j of x is not covered but
//!            has BOUND(j) -= 1, and is covered only when that reaches 0.
//!  leave     when x has come round to i itself (every option tried): choose no more options
//!            for i. It leaves the active list (if still there) and the next level starts.
//!  restore   untweak every node the level tweaked, in order, unhiding their options; uncover i
//!            if the branch covered it; BOUND(i) += 1.
//! ```
//!
//! Tweaking keeps the options of `i` chosen at successive levels in list order, so no set of
//! options is found twice in different orders: below the level that chose `x`, `i`'s list holds
//! only the options after `x`. A problem whose bounds are all `1:1` runs this as Algorithm C, the
//! same tree as DLX1; such problems never come here, though: they keep the plain moves of
//! `dance`, so multiplicities cost them nothing.
//!
//! # Which item
//!
//! Knuth's rule in DLX3: the item with the smallest *branching degree*
//! `θ = LEN(i) + 1 - monus(BOUND(i), SLACK(i))`, the number of branches the level will make
//! (the options that still leave enough after them to reach `u`, plus the "leave" branch once `u`
//! is reached). Ties go to the smaller `min(SLACK(i), BOUND(i))`, then to the longer list, then to
//! the first in declaration order. `θ <= 0` is a dead end: the level is not entered.
//!
//! # Choices
//!
//! A level's `choice` is the option node it is trying, the item's header `i` for the leave
//! branch, and [`DONE`] once that branch is taken back: the next try restores the level. The
//! level's options come in list order; with a seed, the whole problem is laid out once with its
//! options in a random order (per search, not per level: tweaking needs every list in one order).
//! Prefixes of the parallel split are replayed by trying and taking back the options before the
//! prefix's own, which redoes the level's tweaks.
//!
//! There is no look-ahead here: [`Engine::Links`](super::Engine) and
//! [`Engine::Dlx1`](super::Engine) both run this, and their trees are the same.

use super::outcome::Stats;
use super::walk::{Levels, Moves, Tried};
use crate::links::Links;
use crate::problem::{ItemKind, Problem};

/// A level's `choice` after its leave branch was taken back: node 0 is no option and no item.
const DONE: u32 = 0;

/// The state of an Algorithm M search: the links, the bounds, each level's first tweak.
#[derive(Debug, Clone)]
pub(super) struct Multi {
    pub(super) links: Links,
    /// `BOUND(x)` per item slot (root 0 unused; secondaries unused).
    bound: Vec<u32>,
    /// `SLACK(x) = v - u` per item slot.
    slack: Vec<u32>,
    /// The first node of each level's item when the level branched (Knuth's `FT`).
    first_tweak: Vec<u32>,
    /// The option of each node when the links were laid out in a shuffled order (a seed), else
    /// `None`: the problem's own table.
    node_option: Option<Vec<u32>>,
    /// Slots 1..=items are headers; options' nodes come after.
    items: u32,
    /// Whether [`Engine::Dlx1`](super::Engine::Dlx1) was asked for (the same search).
    pub(super) dlx1: bool,
}

impl Multi {
    /// The search's state for `problem`, its options laid out in `order` (a permutation of the
    /// options) or in declaration order.
    pub(super) fn new(problem: &Problem, order: Option<&[u32]>, dlx1: bool) -> Self {
        let (links, node_option) = match order {
            None => (problem.links().clone(), None),
            Some(order) => {
                let (links, node_option) = Links::with_order(problem, order);
                (links, Some(node_option))
            }
        };
        let slots = problem.item_count() + 1;
        let (mut bound, mut slack) = (vec![0; slots], vec![0; slots]);
        for item in problem.items() {
            if problem.item_kind(item) == ItemKind::Primary {
                let (u, v) = problem.bounds(item);
                bound[item.index() + 1] = v;
                slack[item.index() + 1] = v - u;
            }
        }
        let items = problem.item_count() as u32;
        Multi { links, bound, slack, first_tweak: Vec::new(), node_option, items, dlx1 }
    }

    /// Whether `node` is an option's node (not an item's header: a leave branch).
    pub(super) fn is_option(&self, node: u32) -> bool {
        node > self.items
    }

    /// The option of an option's node, in the problem's numbering.
    pub(super) fn option_of(&self, problem: &Problem, node: u32) -> u32 {
        match &self.node_option {
            Some(table) => table[node as usize],
            None => problem.node_option(node).0,
        }
    }

    /// The moves for the search loop.
    #[inline(always)]
    pub(super) fn moves<const COLORED: bool>(&mut self) -> MultiMoves<'_, COLORED> {
        MultiMoves { multi: self }
    }

    /// The active item of smallest branching degree, by Knuth's rule (module header), and that
    /// degree; `(0, i64::MAX)` when no item is active.
    fn choose(&self) -> (u32, i64) {
        let links = &self.links;
        let (mut best, mut score, mut best_slack, mut best_len) = (0, i64::MAX, 0, 0);
        let mut x = links.right(0);
        while x != 0 {
            let (bound, len) = (self.bound[x as usize], links.len(x));
            let slack = self.slack[x as usize].min(bound);
            let theta = i64::from(len) + i64::from(slack) - i64::from(bound) + 1;
            if theta < score
                || (theta == score && (slack < best_slack || (slack == best_slack && len > best_len)))
            {
                (best, score, best_slack, best_len) = (x, theta, slack, len);
            }
            x = links.right(x);
        }
        (best, score)
    }

    /// Commits the items of `p`'s option other than `p`'s own, left to right: a primary item's
    /// bound goes down, and the item is covered when it reaches 0; a secondary one is committed
    /// (covered or purified) as in Algorithm C.
    #[inline(always)]
    fn commit_others<const COLORED: bool>(&mut self, p: u32) -> u64 {
        let mut updates = 0;
        let mut q = self.links.after(p);
        while q != p {
            let j = self.links.top(q);
            if self.links.is_primary(j) {
                self.bound[j as usize] -= 1;
                if self.bound[j as usize] == 0 {
                    updates += self.links.cover::<COLORED>(j);
                }
            } else {
                updates += self.links.commit::<COLORED>(q);
            }
            q = self.links.after(q);
        }
        updates
    }

    /// Undoes [`commit_others`](Self::commit_others), right to left.
    #[inline(always)]
    fn uncommit_others<const COLORED: bool>(&mut self, p: u32) {
        let mut q = self.links.before(p);
        while q != p {
            let j = self.links.top(q);
            if self.links.is_primary(j) {
                if self.bound[j as usize] == 0 {
                    self.links.uncover::<COLORED>(j);
                }
                self.bound[j as usize] += 1;
            } else {
                self.links.uncommit::<COLORED>(q);
            }
            q = self.links.before(q);
        }
    }

    /// Restores the level that branched on `item` (Knuth's M8): untweaks, uncovers, gives the
    /// bound back.
    fn restore<const COLORED: bool>(&mut self, level: usize, item: u32) {
        let bound = self.bound[item as usize];
        if bound == 0 && self.slack[item as usize] == 0 {
            self.links.uncover::<COLORED>(item);
        } else {
            self.links.untweak::<COLORED>(item, self.first_tweak[level], bound != 0);
            if bound == 0 {
                // Covered by the branch, and left active-less by it: the leave branch, always
                // taken when the bound is 0 and the slack is not, did not reactivate it.
                self.links.uncover::<COLORED>(item);
            }
        }
        self.bound[item as usize] += 1;
        if crate::debug_checks() {
            self.debug_check();
        }
    }

    fn debug_check(&self) {
        if let Err(broken) = self.links.check() {
            panic!("dancing links broken under Algorithm M: {broken}");
        }
    }
}

/// [`Multi`] as the loop's [`Moves`], for problems with colours or without.
#[derive(Debug)]
pub(super) struct MultiMoves<'a, const COLORED: bool> {
    multi: &'a mut Multi,
}

impl<const COLORED: bool> Moves for MultiMoves<'_, COLORED> {
    #[inline(always)]
    fn all_covered(&self, _level: usize) -> bool {
        self.multi.links.right(0) == 0
    }

    #[inline(always)]
    fn branch(&mut self, levels: &mut Levels, stats: &mut Stats, level: usize) -> bool {
        let multi = &mut *self.multi;
        // `unlink` notes emptied items for the look-ahead, which this search does not use.
        multi.links.zeros.clear();
        let (item, theta) = multi.choose();
        if theta <= 0 {
            return false;
        }
        let first = multi.links.down(item);
        multi.bound[item as usize] -= 1;
        if multi.bound[item as usize] == 0 {
            stats.updates += multi.links.cover::<COLORED>(item);
        }
        if multi.first_tweak.len() <= level {
            multi.first_tweak.resize(level + 1, 0);
        }
        multi.first_tweak[level] = first;
        levels.item[level] = item;
        levels.choice[level] = first;
        levels.tried[level] = 0;
        levels.width[level] = u32::try_from(theta).unwrap_or(u32::MAX);
        true
    }

    #[inline(always)]
    fn try_option(&mut self, levels: &mut Levels, stats: &mut Stats, level: usize) -> Tried {
        let multi = &mut *self.multi;
        let (item, x) = (levels.item[level], levels.choice[level]);
        let (bound, slack) = (multi.bound[item as usize], multi.slack[item as usize]);
        if x == DONE || (bound == 0 && slack == 0 && x == item) {
            multi.restore::<COLORED>(level, item);
            return Tried::NoMore;
        }
        if bound == 0 && slack == 0 {
            stats.updates += multi.commit_others::<COLORED>(x);
            return Tried::Entered;
        }
        if i64::from(multi.links.len(item)) <= i64::from(bound) - i64::from(slack) {
            multi.restore::<COLORED>(level, item);
            return Tried::NoMore;
        }
        if x != item {
            stats.updates += multi.links.tweak::<COLORED>(x, bound != 0);
            stats.updates += multi.commit_others::<COLORED>(x);
        } else if bound != 0 {
            multi.links.deactivate(item);
        }
        Tried::Entered
    }

    #[inline(always)]
    fn retreat(&mut self, levels: &mut Levels, level: usize) {
        let multi = &mut *self.multi;
        let (item, x) = (levels.item[level], levels.choice[level]);
        if x == item {
            if multi.bound[item as usize] != 0 {
                multi.links.reactivate(item);
            }
            levels.choice[level] = DONE;
        } else {
            multi.uncommit_others::<COLORED>(x);
            levels.choice[level] = multi.links.down(x);
        }
    }
}

/// Replays a prefix of the parallel split (choices at levels `0..prefix.len()`, as the search
/// made them): each level branches, then tries and takes back the options before the prefix's
/// own, redoing the tweaks those left behind, and enters the prefix's. Updates are the caller's
/// to discard.
pub(super) fn replay<M: Moves>(moves: &mut M, levels: &mut Levels, prefix: &[u32]) {
    let mut stats = Stats::default();
    for (level, &choice) in prefix.iter().enumerate() {
        levels.grow(level);
        let branched = moves.branch(levels, &mut stats, level);
        debug_assert!(branched, "a prefix's level always branches");
        loop {
            let here = levels.choice[level];
            let tried = moves.try_option(levels, &mut stats, level);
            debug_assert_eq!(tried, Tried::Entered, "a prefix's option comes before the level ends");
            if here == choice {
                break;
            }
            moves.retreat(levels, level);
        }
        levels.width[level] = 1;
        levels.tried[level] = 0;
    }
}
