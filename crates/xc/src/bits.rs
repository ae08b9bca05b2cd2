//! The bitset engine: Algorithm X/C over bit vectors, for problems with few options.
//!
//! Dancing links pay for every option they hide and again for every one they restore, and a node
//! near the top of a pentomino search hides many (docs/performance.md). When the options fit in a
//! few machine words, a different layout wins: the options still alive are one bit vector `A`,
//! and each primary item `x` has the vector `L[x]` of the options that cover it.
//!
//! ```text
//!  options:          0 1 2 3 4 5 6 7 8 ...        (one bit each, 64 to a word)
//!  A (alive)         1 1 0 1 1 0 0 1 1 ...
//!  L[x] (covers x)   0 1 0 0 1 0 0 1 0 ...        |A & L[x]| = options left for x (MRV)
//!  M[o] (conflicts)  the union of its items' masks: every option that shares a primary item
//!                    with o, or one of its secondary items without agreeing on the colour
//!  choosing o:       A' = A & !M[o],  primaries' active set minus o's primaries
//! ```
//!
//! Each level keeps its own copy of `A` and of the active primaries, so undoing a choice costs
//! nothing, and only the words of `A` that are still non-zero (listed per level) are visited: they
//! thin out quickly with depth. The item choice is Knuth's: fewest options, ties to the first
//! primary in declaration order, options tried in declaration order. That is exactly the tree of
//! his DLX1, so node counts match his (updates, a dancing-links notion, are not counted here).
//!
//! The masks take `items × ⌈options / 64⌉` words, so [`BitTables::new`] declines problems where
//! that would be large; [`crate::Engine::Auto`] then uses dancing links.

use crate::problem::{ItemKind, Problem};

/// The immutable tables of the bitset engine, built once per problem.
#[derive(Debug, Clone)]
pub(crate) struct BitTables {
    /// Words per option vector.
    pub(crate) words: usize,
    /// Words per set of primary items.
    pub(crate) primary_words: usize,
    /// Number of primary items (numbered in declaration order among primaries).
    pub(crate) primaries: usize,
    pub(crate) options: usize,
    /// Mask `m` is `masks[m * words..(m + 1) * words]`; masks `0..primaries` are the primaries'
    /// option sets `L[x]`, the rest are secondary items' conflict sets (per colour).
    pub(crate) masks: Vec<u64>,
    /// Each option's whole conflict set, `words` words per option: the union of its masks.
    pub(crate) option_conflicts: Vec<u64>,
    /// The primaries each option covers: `option_primaries[primary_start[o]..primary_start[o + 1]]`.
    pub(crate) option_primaries: Vec<u32>,
    pub(crate) primary_start: Vec<u32>,
}

impl BitTables {
    /// Largest mask table (in words, item masks and option conflict sets) the engine will build:
    /// 4 MiB.
    pub(crate) const MAX_MASK_WORDS: usize = 1 << 19;

    /// Levels of a search: every level covers at least one primary with a new option, so at
    /// most `min(primaries, options) + 1` levels (the primaries alone gave 100,000 levels of
    /// 1,563 words, 1.25 GB, to a problem of one option of 100,000 items).
    pub(crate) fn levels(&self) -> usize {
        self.primaries.min(self.options) + 2
    }

    /// The tables, or `None` when the masks, or a search's levels of active primaries, would
    /// take more than [`Self::MAX_MASK_WORDS`].
    pub(crate) fn new(problem: &Problem) -> Option<Self> {
        let options = problem.option_count();
        let words = options.div_ceil(64).max(1);
        let mut primary_index = vec![u32::MAX; problem.item_count()];
        let mut primaries: usize = 0;
        for item in problem.items() {
            if problem.item_kind(item) == ItemKind::Primary {
                primary_index[item.index()] = primaries as u32;
                primaries += 1;
            }
        }
        // Secondary masks: one per (item, colour) pair used, colour 0 meaning "no colour".
        let mut secondary_ids: foldhash::HashMap<(usize, u32), u32> = Default::default();
        let mut next_id = primaries as u32;
        for option in problem.options() {
            for (item, color) in problem.option_items(option) {
                if problem.item_kind(item) == ItemKind::Secondary {
                    let key = (item.index(), color.map_or(0, |c| c.0));
                    secondary_ids.entry(key).or_insert_with(|| {
                        next_id += 1;
                        next_id - 1
                    });
                }
            }
        }
        let mask_count = next_id as usize;
        if mask_count.checked_add(options)?.checked_mul(words)? > Self::MAX_MASK_WORDS {
            return None;
        }
        let levels = primaries.min(options) + 2;
        if levels.checked_mul(primaries.div_ceil(64).max(1))? > Self::MAX_MASK_WORDS {
            return None;
        }
        let mut masks = vec![0u64; mask_count * words];
        let set =
            |masks: &mut Vec<u64>, m: u32, o: usize| masks[m as usize * words + o / 64] |= 1 << (o % 64);
        // Secondary uses by item: (option, colour).
        let mut uses: Vec<Vec<(usize, u32)>> = vec![Vec::new(); problem.item_count()];
        let mut conflict_ids = Vec::new();
        let mut conflict_start = vec![0u32];
        let mut option_primaries = Vec::new();
        let mut primary_start = vec![0u32];
        for option in problem.options() {
            let o = option.index();
            for (item, color) in problem.option_items(option) {
                match problem.item_kind(item) {
                    ItemKind::Primary => {
                        let x = primary_index[item.index()];
                        set(&mut masks, x, o);
                        conflict_ids.push(x);
                        option_primaries.push(x);
                    }
                    ItemKind::Secondary => {
                        let color = color.map_or(0, |c| c.0);
                        uses[item.index()].push((o, color));
                        conflict_ids.push(secondary_ids[&(item.index(), color)]);
                    }
                }
            }
            conflict_start.push(conflict_ids.len() as u32);
            primary_start.push(option_primaries.len() as u32);
        }
        // An option using secondary item y with colour c (0: none) conflicts with every other use
        // of y, except uses with the same colour c != 0.
        for (&(y, color), &m) in &secondary_ids {
            for &(o, other) in &uses[y] {
                if color == 0 || other != color {
                    set(&mut masks, m, o);
                }
            }
        }
        // Each row is made in a buffer and appended: the table's fresh pages are only written,
        // never read first (a read of a zeroed page maps it, and the write then faults again).
        let mut option_conflicts = Vec::with_capacity(options * words);
        let mut row = vec![0u64; words];
        for o in 0..options {
            row.fill(0);
            for &m in &conflict_ids[conflict_start[o] as usize..conflict_start[o + 1] as usize] {
                for (t, &bits) in row.iter_mut().zip(&masks[m as usize * words..(m as usize + 1) * words]) {
                    *t |= bits;
                }
            }
            option_conflicts.extend_from_slice(&row);
        }
        Some(BitTables {
            words,
            option_conflicts,
            primary_words: primaries.div_ceil(64).max(1),
            primaries,
            options,
            masks,
            option_primaries,
            primary_start,
        })
    }

    /// The option set of primary `x`.
    #[inline(always)]
    pub(crate) fn mask(&self, m: u32) -> &[u64] {
        &self.masks[m as usize * self.words..(m as usize + 1) * self.words]
    }

    /// Option `o`'s conflict set: every option it excludes, itself included.
    #[inline(always)]
    pub(crate) fn conflicts(&self, o: u32) -> &[u64] {
        &self.option_conflicts[o as usize * self.words..(o as usize + 1) * self.words]
    }

    /// The primaries option `o` covers.
    #[inline(always)]
    pub(crate) fn primaries_of(&self, o: u32) -> &[u32] {
        &self.option_primaries
            [self.primary_start[o as usize] as usize..self.primary_start[o as usize + 1] as usize]
    }

    /// Whether this engine should beat dancing links on `problem`, judged from its sizes alone
    /// (nothing is built). A dancing-links node commits an option of `s` items, each hiding
    /// about `ℓ` options (the average list length) of `s` nodes: `s²ℓ` updates. A bitset node
    /// runs MRV over every primary item and every option word: `primaries × words` word
    /// operations at the top of the tree.
    ///
    /// With at most 4 words the loops are unrolled and the bitset wins from `s²ℓ ≥ cost / 2`;
    /// with more words it needs `s²ℓ ≥ cost`. Both thresholds were calibrated with cachegrind and
    /// timings on queens, Langford pairs, Latin squares, Shidoku, Sudoku and pentominoes: the
    /// figures are in docs/performance-history.md ("Figures moved out of tessera-xc's comments").
    pub(crate) fn beats_links(problem: &Problem) -> bool {
        let nodes = problem.node_count() as f64;
        let option_size = nodes / problem.option_count().max(1) as f64;
        let list_length = nodes / problem.item_count().max(1) as f64;
        let words = problem.option_count().div_ceil(64).max(1);
        let bitset_cost = (problem.primary_count() * words) as f64;
        let links_cost = option_size * option_size * list_length;
        if words <= 4 {
            2.0 * links_cost >= bitset_cost
        } else {
            links_cost >= bitset_cost
        }
    }
}

/// One search's mutable state over [`BitTables`]: per level, the alive options, the active
/// primaries and the list of non-zero words of the alive options.
#[derive(Debug, Clone)]
pub(crate) struct BitState<'t> {
    pub(crate) tables: &'t BitTables,
    /// Level `l`'s alive options: `alive[l * words..(l + 1) * words]` (only the non-zero words
    /// listed for the level are meaningful).
    alive: Vec<u64>,
    /// Level `l`'s active primaries: `active[l * primary_words..]`.
    active: Vec<u64>,
    active_count: Vec<u32>,
    /// Non-zero words of level `l`: `nonzero[nonzero_start[l]..nonzero_start[l + 1]]`.
    nonzero: Vec<u32>,
    nonzero_start: Vec<u32>,
}

/// `words` words whose first `n` bits are set (a new solver's level 0; filled a word at a time,
/// since probes and shards make thousands of solvers).
fn first_bits(n: usize, words: usize) -> Vec<u64> {
    let mut bits = vec![0u64; words];
    bits[..n / 64].fill(u64::MAX);
    if n % 64 != 0 {
        bits[n / 64] = (1 << (n % 64)) - 1;
    }
    bits
}

impl<'t> BitState<'t> {
    pub(crate) fn new(tables: &'t BitTables) -> Self {
        let (words, primary_words) = (tables.words, tables.primary_words);
        let mut alive = first_bits(tables.options, words);
        let mut active = first_bits(tables.primaries, primary_words);
        let mut nonzero: Vec<u32> = (0..words as u32).filter(|&w| alive[w as usize] != 0).collect();
        let levels = tables.levels();
        alive.resize(levels * words, 0);
        active.resize(levels * primary_words, 0);
        let mut active_count = vec![0; levels];
        active_count[0] = tables.primaries as u32;
        let mut nonzero_start = vec![0; levels + 1];
        nonzero_start[1] = nonzero.len() as u32;
        nonzero.reserve(levels * words);
        BitState { tables, alive, active, active_count, nonzero, nonzero_start }
    }

    /// Number of primaries still to cover at `level`.
    #[inline(always)]
    pub(crate) fn active_count(&self, level: usize) -> u32 {
        self.active_count[level]
    }

    fn nonzero_words(&self, level: usize) -> &[u32] {
        &self.nonzero[self.nonzero_start[level] as usize..self.nonzero_start[level + 1] as usize]
    }

    /// The active primary with the fewest alive options (the first such in declaration order),
    /// and that number. Stops at the first primary with none.
    ///
    /// `W` is the number of option words when it is small (1..=4), so that the loops unroll and
    /// skip the list of non-zero words; 0 means "any", using that list.
    pub(crate) fn choose<const W: usize>(&self, level: usize) -> (u32, u32) {
        let t = self.tables;
        let words = t.words;
        let alive = &self.alive[level * words..(level + 1) * words];
        let nonzero = if W == 0 { self.nonzero_words(level) } else { &[] };
        let active = &self.active[level * t.primary_words..(level + 1) * t.primary_words];
        let (mut best, mut best_count) = (0, u32::MAX);
        for (aw, &bits) in active.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let x = (aw * 64) as u32 + bits.trailing_zeros();
                bits &= bits - 1;
                let mask = t.mask(x);
                let mut count = 0;
                if W > 0 {
                    for w in 0..W {
                        count += (alive[w] & mask[w]).count_ones();
                    }
                } else {
                    for &w in nonzero {
                        count += (alive[w as usize] & mask[w as usize]).count_ones();
                        if count >= best_count {
                            break;
                        }
                    }
                }
                if count < best_count {
                    best = x;
                    best_count = count;
                    if count == 0 {
                        return (best, 0);
                    }
                }
            }
        }
        (best, best_count)
    }

    /// Appends the alive options covering primary `x` at `level`, in declaration order.
    pub(crate) fn push_candidates<const W: usize>(&self, level: usize, x: u32, out: &mut Vec<u32>) {
        let words = self.tables.words;
        let alive = &self.alive[level * words..(level + 1) * words];
        let mask = self.tables.mask(x);
        let all: [u32; 4] = [0, 1, 2, 3];
        let nonzero = if W > 0 { &all[..W] } else { self.nonzero_words(level) };
        for &w in nonzero {
            let mut bits = alive[w as usize] & mask[w as usize];
            while bits != 0 {
                out.push(w * 64 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
    }

    /// [`descend`](Self::descend) with the word count the search loop uses for these tables.
    pub(crate) fn descend_any(&mut self, level: usize, o: u32) {
        match self.tables.words {
            1 => self.descend::<1>(level, o),
            2 => self.descend::<2>(level, o),
            3 => self.descend::<3>(level, o),
            4 => self.descend::<4>(level, o),
            _ => self.descend::<0>(level, o),
        }
    }

    /// Builds level `level + 1` from `level` by choosing option `o`.
    pub(crate) fn descend<const W: usize>(&mut self, level: usize, o: u32) {
        let t = self.tables;
        let primary_words = t.primary_words;
        if W > 0 {
            let (below, above) = self.alive.split_at_mut((level + 1) * W);
            let (current, next) = (&below[level * W..], &mut above[..W]);
            let conflicts = t.conflicts(o);
            for w in 0..W {
                next[w] = current[w] & !conflicts[w];
            }
        } else {
            self.descend_words(level, o);
        }
        let (below, above) = self.active.split_at_mut((level + 1) * primary_words);
        let (current, next) = (&below[level * primary_words..], &mut above[..primary_words]);
        for (n, &c) in next.iter_mut().zip(current) {
            *n = c;
        }
        let covered = t.primaries_of(o);
        for &x in covered {
            next[x as usize / 64] &= !(1 << (x % 64));
        }
        self.active_count[level + 1] = self.active_count[level] - covered.len() as u32;
    }

    /// The alive options of level `level + 1`, visiting only `level`'s non-zero words.
    fn descend_words(&mut self, level: usize, o: u32) {
        let t = self.tables;
        let words = t.words;
        // Level `level + 1`'s non-zero words go right after `level`'s.
        let from = self.nonzero_start[level] as usize;
        let to = self.nonzero_start[level + 1] as usize;
        self.nonzero.truncate(to);
        let (below, above) = self.alive.split_at_mut((level + 1) * words);
        let current = &below[level * words..];
        let next = &mut above[..words];
        let conflicts = t.conflicts(o);
        for i in from..to {
            let w = self.nonzero[i] as usize;
            let bits = current[w] & !conflicts[w];
            next[w] = bits;
            if bits != 0 {
                self.nonzero.push(w as u32);
            }
        }
        self.nonzero_start[level + 2] = self.nonzero.len() as u32;
    }
}
