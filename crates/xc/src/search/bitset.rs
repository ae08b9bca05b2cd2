//! The bitset engine's moves ([`Engine::Bitset`](super::Engine::Bitset); the bit vectors are in
//! [`crate::bits`]): branch on the primary item with the fewest alive options, list them in the
//! level's `order` (shuffled with a seed), and try one by building the next level's vectors.
//! Each level has its own vectors, so going back up undoes nothing: the level just moves on to
//! its next position in `order`, and a level's `choice` is always such a position.

use super::control::Control;
use super::outcome::Stats;
use super::walk::{self, Levels, Moves, Probe, Step, Tried, Walk};
use crate::bits::BitState;

/// Runs the bitset search to its next event, with the loops specialised to the problem's number
/// of option words when it is small.
pub(super) fn run(bits: &mut BitState<'_>, walk: &mut Walk, control: &mut Control) -> Step {
    match bits.tables.words {
        1 => walk::run(&mut BitMoves::<1> { bits }, walk, control),
        2 => walk::run(&mut BitMoves::<2> { bits }, walk, control),
        3 => walk::run(&mut BitMoves::<3> { bits }, walk, control),
        4 => walk::run(&mut BitMoves::<4> { bits }, walk, control),
        _ => walk::run(&mut BitMoves::<0> { bits }, walk, control),
    }
}

/// One random probe below the current level ([`walk::probe`]).
pub(super) fn probe(
    bits: &mut BitState<'_>,
    walk: &mut Walk,
    rng: &mut rand_pcg::Pcg64Mcg,
    budget: &crate::budget::Budget,
) -> Result<Probe, crate::budget::GaveUp> {
    match bits.tables.words {
        1 => walk::probe(&mut BitMoves::<1> { bits }, walk, rng, budget),
        2 => walk::probe(&mut BitMoves::<2> { bits }, walk, rng, budget),
        3 => walk::probe(&mut BitMoves::<3> { bits }, walk, rng, budget),
        4 => walk::probe(&mut BitMoves::<4> { bits }, walk, rng, budget),
        _ => walk::probe(&mut BitMoves::<0> { bits }, walk, rng, budget),
    }
}

/// One child of the current level, entered directly ([`walk::enter_child`]).
pub(super) fn enter_child(
    bits: &mut BitState<'_>,
    walk: &mut Walk,
    wanted: &mut dyn FnMut(u32) -> bool,
) -> Option<u32> {
    match bits.tables.words {
        1 => walk::enter_child(&mut BitMoves::<1> { bits }, walk, true, wanted),
        2 => walk::enter_child(&mut BitMoves::<2> { bits }, walk, true, wanted),
        3 => walk::enter_child(&mut BitMoves::<3> { bits }, walk, true, wanted),
        4 => walk::enter_child(&mut BitMoves::<4> { bits }, walk, true, wanted),
        _ => walk::enter_child(&mut BitMoves::<0> { bits }, walk, true, wanted),
    }
}

/// [`BitState`] as the loop's [`Moves`], for problems of exactly `W` option words (0: any number).
#[derive(Debug)]
struct BitMoves<'a, 't, const W: usize> {
    bits: &'a mut BitState<'t>,
}

impl<const W: usize> Moves for BitMoves<'_, '_, W> {
    #[inline(always)]
    fn all_covered(&self, level: usize) -> bool {
        self.bits.active_count(level) == 0
    }

    #[inline(always)]
    fn branch(&mut self, levels: &mut Levels, _stats: &mut Stats, level: usize) -> bool {
        let (item, count) = self.bits.choose::<W>(level);
        levels.item[level] = item;
        levels.tried[level] = 0;
        levels.width[level] = count;
        if count == 0 {
            return false;
        }
        let start = levels.order.len();
        self.bits.push_candidates::<W>(level, item, &mut levels.order);
        levels.choice[level] = levels.shuffle_from(level, start);
        true
    }

    #[inline(always)]
    fn try_option(&mut self, levels: &mut Levels, _stats: &mut Stats, level: usize) -> Tried {
        match levels.current_in_order(level) {
            Some(option) => {
                self.bits.descend::<W>(level, option);
                Tried::Entered
            }
            None => Tried::NoMore,
        }
    }

    #[inline(always)]
    fn retreat(&mut self, levels: &mut Levels, level: usize) {
        levels.choice[level] += 1;
    }

    /// Every option listed is entered: no look-ahead.
    #[inline(always)]
    fn degree(&self, levels: &Levels, level: usize) -> Option<u32> {
        Some(levels.width[level])
    }

    /// The options are listed: find the one wanted without building the others' levels.
    #[inline(always)]
    fn enter_matching(
        &mut self,
        levels: &mut Levels,
        _stats: &mut Stats,
        level: usize,
        _in_order: bool,
        wanted: &mut dyn FnMut(u32) -> bool,
    ) -> Option<u32> {
        let start = levels.choice[level] as usize;
        let end = levels.order_start[level] as usize + levels.width[level] as usize;
        let at = (start..end).find(|&position| wanted(levels.order[position]))?;
        let option = levels.order[at];
        levels.choice[level] = at as u32;
        self.bits.descend::<W>(level, option);
        Some(option)
    }

    /// Positions are indices into the level's list: no need to step through the others.
    #[inline(always)]
    fn enter_nth(&mut self, levels: &mut Levels, stats: &mut Stats, level: usize, pick: u32) {
        levels.choice[level] += pick;
        self.try_option(levels, stats, level);
    }
}
