//! The dancing-links engines' moves: cover the item with the fewest options, commit an option's
//! other items, and undo both on the way back ([`Engine::Links`](super::Engine::Links) and
//! [`Engine::Dlx1`](super::Engine::Dlx1); the links themselves are in [`crate::links`]).
//!
//! In declaration order a level's `choice` is the node it is trying, and the next option is the
//! node below it; with a seed, the item's list is copied into the level's `order`, shuffled, and
//! `choice` is a position in it. `PRUNE` adds the look-ahead of [`Engine::Links`](super::Engine):
//! covering an item records the primary items it leaves with no option (`level_zeros`), and an
//! option that does not cover all of them, or that empties another primary item as it is
//! committed, is passed over before a node is spent on it.

use super::outcome::Stats;
use super::walk::{Levels, Moves, Tried};
use crate::links::Links;

/// The state of a dancing-links search: the solver's own copy of the links, and the look-ahead's
/// record of emptied items.
#[derive(Debug, Clone)]
pub(super) struct Dance {
    pub(super) links: Links,
    /// Whether options are passed over by the look-ahead ([`Engine::Links`](super::Engine)) or
    /// all tried, as in Knuth's DLX1.
    pub(super) prune: bool,
    /// Primary items emptied by covering each level's item (`level_zeros[zeros_start[level]..]`).
    level_zeros: Vec<u32>,
    zeros_start: Vec<u32>,
    /// One slot per item, all false between two look-aheads (see `Links::option_contains_all`).
    mark: Vec<bool>,
}

impl Dance {
    pub(super) fn new(links: Links, prune: bool) -> Self {
        Dance { links, prune, level_zeros: Vec::new(), zeros_start: Vec::new(), mark: Vec::new() }
    }

    /// Covers the item of `node` and commits `node`'s option: a level of a parallel prefix.
    /// Returns the item. Updates are not counted (see `Solver::fix_prefix`).
    pub(super) fn fix(&mut self, node: u32, colored: bool) -> u32 {
        let item = self.links.top(node);
        if colored {
            self.links.cover::<true>(item);
            self.links.commit_others::<true>(node);
        } else {
            self.links.cover::<false>(item);
            self.links.commit_others::<false>(node);
        }
        item
    }

    /// The moves for the search loop; `random`: each level's options are in the level's `order`.
    #[inline(always)]
    pub(super) fn moves<const COLORED: bool, const PRUNE: bool>(
        &mut self,
        random: bool,
    ) -> DanceMoves<'_, COLORED, PRUNE> {
        DanceMoves { dance: self, random }
    }

    /// The primary item with the fewest options; the first such in declaration order. The scan
    /// stops at the first item of length `enough` or less: 0 always (nothing is fewer), and 1
    /// for the look-ahead below the root, where no primary item is ever empty (a commit that
    /// would empty one is passed over), so the first item of length 1 is the one the full scan
    /// would pick. Without that stop, 100,000 items of one option each cost 100,000 scans of
    /// up to 100,000 items (41.6 s for 200,000; issue 14). DLX1 scans as Knuth's program does.
    #[inline(always)]
    fn choose(&self, enough: u32) -> u32 {
        let links = &self.links;
        let mut best = 0;
        let mut best_len = u32::MAX;
        let mut x = links.right(0);
        while x != 0 {
            let len = links.len(x);
            if len < best_len {
                best = x;
                best_len = len;
                if len <= enough {
                    break;
                }
            }
            x = links.right(x);
        }
        best
    }

    fn debug_check(&self) {
        if let Err(broken) = self.links.check() {
            panic!("dancing links broken after an uncover: {broken}");
        }
    }
}

/// [`Dance`] as the loop's [`Moves`], for problems with colours or without (`COLORED`) and with
/// the look-ahead or without (`PRUNE`).
#[derive(Debug)]
pub(super) struct DanceMoves<'a, const COLORED: bool, const PRUNE: bool> {
    dance: &'a mut Dance,
    random: bool,
}

impl<const COLORED: bool, const PRUNE: bool> DanceMoves<'_, COLORED, PRUNE> {
    /// The links as they are (for a trace's observer).
    pub(super) fn links(&self) -> &Links {
        &self.dance.links
    }

    /// The choice after `choice`, whose node is `node`.
    #[inline(always)]
    fn next(&self, choice: u32, node: u32) -> u32 {
        if self.random {
            choice + 1
        } else {
            self.dance.links.down(node)
        }
    }

    /// Pushes `item`'s options on the level's `order`, shuffled; returns the position of the
    /// first.
    fn shuffled_list(&self, levels: &mut Levels, level: usize, item: u32) -> u32 {
        let links = &self.dance.links;
        let start = levels.order.len();
        let mut p = links.down(item);
        while p != item {
            levels.order.push(p);
            p = links.down(p);
        }
        levels.shuffle_from(level, start)
    }
}

impl<const COLORED: bool, const PRUNE: bool> Moves for DanceMoves<'_, COLORED, PRUNE> {
    #[inline(always)]
    fn all_covered(&self, _level: usize) -> bool {
        self.dance.links.right(0) == 0
    }

    #[inline(always)]
    fn branch(&mut self, levels: &mut Levels, stats: &mut Stats, level: usize) -> bool {
        let dance = &mut *self.dance;
        let item = dance.choose(u32::from(PRUNE && level > 0));
        dance.links.zeros.clear();
        stats.updates += dance.links.cover::<COLORED>(item);
        // Items left with no option by covering `item` can only be covered by the option chosen
        // here: an option without them is skipped untried.
        if dance.zeros_start.len() <= level {
            dance.zeros_start.resize(level + 1, 0);
        }
        dance.zeros_start[level] = dance.level_zeros.len() as u32;
        dance.level_zeros.extend_from_slice(&dance.links.zeros);
        levels.item[level] = item;
        levels.tried[level] = 0;
        levels.width[level] = dance.links.len(item);
        levels.choice[level] =
            if self.random { self.shuffled_list(levels, level, item) } else { self.dance.links.down(item) };
        // An item with no option is uncovered again by the first try.
        true
    }

    #[inline(always)]
    fn try_option(&mut self, levels: &mut Levels, stats: &mut Stats, level: usize) -> Tried {
        let item = levels.item[level];
        let node =
            if self.random { levels.current_in_order(level).unwrap_or(item) } else { levels.choice[level] };
        let dance = &mut *self.dance;
        if node == item {
            dance.level_zeros.truncate(dance.zeros_start[level] as usize);
            dance.links.uncover::<COLORED>(item);
            if crate::debug_checks() {
                dance.debug_check();
            }
            return Tried::NoMore;
        }
        if !PRUNE {
            stats.updates += dance.links.commit_others::<COLORED>(node);
            return Tried::Entered;
        }
        let zeros = &dance.level_zeros[dance.zeros_start[level] as usize..];
        // A few items are looked up one by one; many in one pass over the option.
        let lacks = if zeros.len() <= 8 {
            zeros.iter().any(|&y| !dance.links.option_contains(node, y))
        } else {
            if dance.mark.is_empty() {
                dance.mark = vec![false; dance.links.item_slots()];
            }
            !dance.links.option_contains_all(node, zeros, &mut dance.mark)
        };
        if lacks {
            levels.choice[level] = self.next(levels.choice[level], node);
            levels.tried[level] += 1;
            return Tried::Skipped;
        }
        let (updates, stopped) = dance.links.commit_others_checked::<COLORED>(node);
        stats.updates += updates;
        if let Some(last) = stopped {
            dance.links.uncommit_from::<COLORED>(node, last);
            levels.choice[level] = self.next(levels.choice[level], node);
            levels.tried[level] += 1;
            return Tried::Skipped;
        }
        Tried::Entered
    }

    #[inline(always)]
    fn retreat(&mut self, levels: &mut Levels, level: usize) {
        let choice = levels.choice[level];
        let node = if self.random { levels.order[choice as usize] } else { choice };
        self.dance.links.uncommit_others::<COLORED>(node);
        if crate::debug_checks() {
            self.dance.debug_check();
        }
        levels.choice[level] = self.next(choice, node);
    }
}
