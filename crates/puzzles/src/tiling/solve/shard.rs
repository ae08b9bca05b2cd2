//! The bitboard search as a [`Tree`] for sharded counts (`tessera tiling count --shard I/N`):
//! prefixes are the first pieces placed, cut as the parallel count cuts them, measured by
//! Knuth's random probes and counted by the same [`Search`] as [`BitSolver`].
//!
//! # Choices
//!
//! * **The same tree as `tiling count`.** With symmetry (the default) the root tries one
//!   placement of the first piece per class and each tiling found stands for its images (see the
//!   parent module): a prefix starts with such a root placement, and its count delivers the
//!   images too, so the shards add up to every tiling, as `tiling count` prints. Without symmetry
//!   (`--no-symmetry`) it is the plain tree. The two trees differ, so the mode is part of the
//!   instance's canonical text: their shards never merge with each other.
//! * **No `--distinct`.** Classes are counted by Burnside's lemma, a sum of stabiliser sizes
//!   divided by the number of symmetries at the very end; shards add whole numbers, and a
//!   shard's share of classes is not one. The command line refuses `--shard` with `--distinct`.
//! * **Keys are placement indices** ([`Puzzle::placements`]), not the search's table entries:
//!   they depend only on the puzzle. The instance's hash covers the board, the motion, the
//!   pieces and every placement, so a puzzle restricted by hand is another instance.
//! * **Nodes add up to the single count's**: the split counts every node down to the cut, the
//!   prefixes included, and each prefix's count the nodes below it, exactly as the parallel
//!   count divides them, so merged nodes equal `tiling count --threads 1`'s.
//! * **Probes** choose among the placements the search would enter at each node (those that fit,
//!   have copies left and leave no dead square): that count is the branching degree, so the
//!   estimate is of the very nodes the count reports.

use std::fmt::Write as _;

use rand::Rng;
use rand_pcg::Pcg64Mcg;
use tessera_xc::shard::{sha256_hex, Instance, Split, Tree};
use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use super::search::{Search, Shared, Stop};
use super::tables::{box_bits, window, Tables, PATTERNS};
use super::BitSolver;
use crate::tiling::Puzzle;

/// A tiling puzzle's bitboard search, cut into prefixes for shards.
///
/// ```
/// use tessera::tiling::{builtin, Board, Puzzle, ShardTree};
/// use tessera::xc::shard::{merge, run, RunOptions, Shard};
/// let (pieces, motion) = builtin("pentominoes").unwrap();
/// let puzzle = Puzzle::new(Board::parse_size("3x20")?, pieces, motion);
/// let tree = ShardTree::new(&puzzle, true);
/// let manifests: Vec<_> = (0..3)
///     .map(|index| run(&tree, &RunOptions::new(Shard { index, of: 3 })).unwrap())
///     .collect();
/// assert_eq!(merge(&manifests).unwrap().solutions, 8);
/// # Ok::<(), tessera::Error>(())
/// ```
pub struct ShardTree<'p> {
    puzzle: &'p Puzzle,
    symmetry: bool,
    copies: Vec<u32>,
    tables: Widths,
}

/// The tables at the narrowest width that holds the board (as [`BitSolver`] chooses it).
enum Widths {
    /// The pieces hold fewer cells than the board: no tiling, no search.
    Short,
    One(Box<Tables<1>>),
    Two(Box<Tables<2>>),
    Four(Box<Tables<4>>),
}

impl std::fmt::Debug for ShardTree<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ShardTree")
            .field("cells", &self.puzzle.cells().len())
            .field("placements", &self.puzzle.placements().len())
            .field("symmetry", &self.symmetry)
            .finish_non_exhaustive()
    }
}

/// Runs `$body` with `$t` bound to the tables, whatever their width.
macro_rules! with_tables {
    ($tree:expr, $t:ident => $body:expr, short => $short:expr) => {
        match &$tree.tables {
            Widths::Short => $short,
            Widths::One($t) => $body,
            Widths::Two($t) => $body,
            Widths::Four($t) => $body,
        }
    };
}

impl<'p> ShardTree<'p> {
    /// The deepest cut, in pieces (as in [`BitSolver::MAX_SPLIT_DEPTH`]).
    pub const MAX_SPLIT_DEPTH: usize = BitSolver::MAX_SPLIT_DEPTH;

    /// The search of `puzzle`, with the board's symmetries used as `tiling count` uses them
    /// (`symmetry`, see [`BitSolver::symmetry`]) or not.
    pub fn new(puzzle: &'p Puzzle, symmetry: bool) -> Self {
        let copies = puzzle.pieces().iter().map(crate::tiling::Piece::copies).collect();
        let cells = puzzle.cells().len();
        let tables = if puzzle.piece_area() < cells {
            Widths::Short
        } else {
            let bits = if box_bits(puzzle) <= 256 { box_bits(puzzle) } else { cells };
            match bits {
                0..=64 => Widths::One(Box::new(Tables::new(puzzle, symmetry))),
                65..=128 => Widths::Two(Box::new(Tables::new(puzzle, symmetry))),
                _ => Widths::Four(Box::new(Tables::new(puzzle, symmetry))),
            }
        };
        ShardTree { puzzle, symmetry, copies, tables }
    }

    /// The text whose hash names the instance: board, motion, pieces, placements and the mode.
    fn canonical(&self) -> String {
        let p = self.puzzle;
        let mut text = format!("tiling\nboard\n{}motion {:?}\n", p.board().to_text(), p.motion());
        for piece in p.pieces() {
            let _ = write!(text, "piece {} copies {}:", piece.name(), piece.copies());
            for (r, c) in piece.cells() {
                let _ = write!(text, " {r},{c}");
            }
            text.push('\n');
        }
        for placement in p.placements() {
            let _ = write!(text, "placement {}:", placement.piece);
            for c in &placement.cells {
                let _ = write!(text, " {c}");
            }
            text.push('\n');
        }
        text.push_str(if self.symmetry { "search symmetry\n" } else { "search no-symmetry\n" });
        text
    }
}

/// What a count below one prefix shares with nobody: its own budget's limits.
fn shared(budget: &Budget) -> Shared {
    use std::sync::atomic::{AtomicBool, AtomicU64};
    Shared {
        weigh: false,
        weight: AtomicU64::new(0),
        found: AtomicU64::new(0),
        halt: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        limit: u64::MAX,
        max_nodes: budget.nodes(),
        deadline: budget.deadline(),
        cancel: budget.cancel_flag().cloned(),
    }
}

fn gave_up(stop: Option<Stop>) -> Option<GaveUp> {
    match stop {
        Some(Stop::GaveUp(reason)) => Some(reason),
        // Nothing else halts a search without a limit.
        Some(Stop::Limit) => Some(GaveUp::Cancelled),
        None => None,
    }
}

fn split<const W: usize>(
    t: &Tables<W>,
    copies: &[u32],
    target: usize,
    budget: &Budget,
) -> Result<Split<Vec<u32>>, GaveUp> {
    let shared = shared(&budget.without_nodes());
    let visit = |_: &[u32]| {};
    for depth in 1.. {
        shared.found.store(0, std::sync::atomic::Ordering::Relaxed);
        let mut search = Search::new(t, &shared, &visit, copies, depth);
        search.node(t.start, 0);
        if let Some(reason) = gave_up(search.stop) {
            return Err(reason);
        }
        let prefixes = std::mem::take(&mut search.prefixes);
        if prefixes.len() >= target || prefixes.is_empty() || depth >= ShardTree::MAX_SPLIT_DEPTH {
            let top_solutions = shared.found.load(std::sync::atomic::Ordering::Relaxed);
            return Ok(Split { depth, prefixes, top_solutions, top_nodes: search.nodes });
        }
    }
    unreachable!("the loop returns at MAX_SPLIT_DEPTH")
}

fn count<const W: usize>(t: &Tables<W>, copies: &[u32], prefix: &[u32], budget: &Budget) -> Count {
    let shared = shared(budget);
    if let Some(reason) = budget.check_clock() {
        return Count { solutions: 0, outcome: Outcome::GaveUp(reason), stats: Stats::default() };
    }
    let visit = |_: &[u32]| {};
    let (mut search, filled) = Search::at_prefix(t, &shared, &visit, copies, prefix);
    search.expand(filled, prefix.len());
    let solutions = shared.found.load(std::sync::atomic::Ordering::Relaxed);
    let outcome = gave_up(search.stop).map_or(Outcome::Exhausted, Outcome::GaveUp);
    Count { solutions, outcome, stats: Stats { nodes: search.nodes, updates: 0 } }
}

/// Knuth's probe below `prefix`: at each node, the placements the search would enter there are
/// the branching degree; the sum of the products of the degrees down one random path estimates
/// the nodes below the prefix without bias.
fn probe<const W: usize>(t: &Tables<W>, copies: &[u32], prefix: &[u32], rng: &mut Pcg64Mcg) -> f64 {
    let mut remaining = copies.to_vec();
    let mut filled = t.start;
    for &e in prefix {
        let entry = &t.entries[e as usize];
        filled |= entry.mask;
        remaining[entry.piece as usize] -= 1;
    }
    let (mut estimate, mut width) = (0.0, 1.0);
    let mut entered = Vec::new();
    while filled != t.full {
        let cell = filled.first_zero();
        let list = cell * PATTERNS + window(&filled, cell + 1) as usize;
        let (start, end) = (t.pattern_starts[list] as usize, t.pattern_starts[list + 1] as usize);
        entered.clear();
        for &e in &t.by_pattern[start..end] {
            let entry = &t.entries[e as usize];
            if !entry.mask.disjoint(&filled) || remaining[entry.piece as usize] == 0 {
                continue;
            }
            if t.regions.as_ref().is_some_and(|g| g.dead(&(filled | entry.mask))) {
                continue;
            }
            entered.push(e);
        }
        if entered.is_empty() {
            break;
        }
        width *= entered.len() as f64;
        estimate += width;
        let entry = &t.entries[entered[rng.random_range(0..entered.len())] as usize];
        filled |= entry.mask;
        remaining[entry.piece as usize] -= 1;
    }
    estimate
}

/// The table entries of the prefix whose placements are `key`: at each depth, the placements the
/// search would enter there (the root's one per class first, then those covering the first
/// empty square that fit, have copies left and leave no dead square), and the one named next.
fn rebuild<const W: usize>(t: &Tables<W>, copies: &[u32], key: &[u32]) -> Result<Vec<u32>, String> {
    let mut remaining = copies.to_vec();
    let mut filled = t.start;
    let mut prefix = Vec::with_capacity(key.len());
    for (depth, &placement) in key.iter().enumerate() {
        if filled == t.full {
            return Err(format!("the board is full after {depth} pieces, but the key goes on"));
        }
        let fits = |e: u32| {
            let entry = &t.entries[e as usize];
            entry.index == placement
                && entry.mask.disjoint(&filled)
                && remaining[entry.piece as usize] > 0
                && !t.regions.as_ref().is_some_and(|g| g.dead(&(filled | entry.mask)))
        };
        let found = if depth == 0 && !t.roots.is_empty() {
            t.roots.iter().map(|root| root.entry).find(|&e| fits(e))
        } else {
            let cell = filled.first_zero();
            let list = cell * PATTERNS + window(&filled, cell + 1) as usize;
            let (start, end) = (t.pattern_starts[list] as usize, t.pattern_starts[list + 1] as usize);
            t.by_pattern[start..end].iter().copied().find(|&e| fits(e))
        };
        let Some(e) = found else {
            return Err(format!("the search places no placement {placement} after {:?}", &key[..depth]));
        };
        let entry = &t.entries[e as usize];
        filled |= entry.mask;
        remaining[entry.piece as usize] -= 1;
        prefix.push(e);
    }
    if filled == t.full {
        return Err(format!("{key:?} is a whole tiling, not a prefix"));
    }
    Ok(prefix)
}

impl Tree for ShardTree<'_> {
    /// The table entries of the pieces placed, in order.
    type Prefix = Vec<u32>;

    fn instance(&self) -> Instance {
        Instance {
            kind: "tiling".to_owned(),
            hash: sha256_hex(self.canonical().as_bytes()),
            engine: "bits".to_owned(),
        }
    }

    fn split(&self, target: usize, budget: &Budget) -> Result<Split<Vec<u32>>, GaveUp> {
        with_tables!(self, t => split(t, &self.copies, target, budget), short => Ok(Split {
            depth: 0,
            prefixes: Vec::new(),
            top_solutions: 0,
            top_nodes: 0,
        }))
    }

    fn key(&self, prefix: &Vec<u32>) -> Vec<u32> {
        with_tables!(self, t => prefix.iter().map(|&e| t.entries[e as usize].index).collect(), short => Vec::new())
    }

    fn prefix(&self, key: &[u32]) -> Result<Vec<u32>, String> {
        let none = if key.is_empty() {
            Ok(Vec::new())
        } else {
            Err("the pieces cannot cover the board: no prefix".to_owned())
        };
        with_tables!(self, t => rebuild(t, &self.copies, key), short => none)
    }

    fn probe(&self, prefix: &Vec<u32>, rng: &mut Pcg64Mcg) -> f64 {
        with_tables!(self, t => probe(t, &self.copies, prefix, rng), short => 0.0)
    }

    fn count(&self, prefix: &Vec<u32>, budget: &Budget) -> Count {
        let none = Count { solutions: 0, outcome: Outcome::Exhausted, stats: Stats::default() };
        with_tables!(self, t => count(t, &self.copies, prefix, budget), short => none)
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use tessera_xc::shard::{merge, run, RunOptions, Shard};

    use super::*;
    use crate::tiling::{builtin, BitSolver, Board};

    fn pentominoes(size: &str) -> Puzzle {
        let (pieces, motion) = builtin("pentominoes").unwrap();
        Puzzle::new(Board::parse_size(size).unwrap(), pieces, motion)
    }

    fn merged(tree: &ShardTree<'_>, of: u32) -> (u64, u64) {
        let manifests: Vec<_> =
            (0..of).map(|index| run(tree, &RunOptions::new(Shard { index, of })).unwrap()).collect();
        let merged = merge(&manifests).unwrap();
        (merged.solutions, merged.nodes)
    }

    #[test]
    fn shards_add_up_to_the_single_count_in_both_modes() {
        for size in ["3x20", "4x15", "5x12"] {
            let puzzle = pentominoes(size);
            for symmetry in [true, false] {
                let single = BitSolver::new(&puzzle).symmetry(symmetry).count_up_to(u64::MAX);
                let tree = ShardTree::new(&puzzle, symmetry);
                for of in [1, 7] {
                    assert_eq!(
                        merged(&tree, of),
                        (single.solutions, single.stats.nodes),
                        "{size} symmetry={symmetry} of={of}"
                    );
                }
            }
        }
    }

    #[test]
    fn copies_holes_and_spare_pieces_shard_exactly_too() {
        let (pieces, motion) = builtin("tetrominoes").unwrap();
        let twice: Vec<_> = pieces.iter().cloned().map(|p| p.with_copies(2)).collect();
        let holed =
            Board::parse("........\n........\n........\n...##...\n...##...\n........\n........\n........\n")
                .unwrap();
        for puzzle in [
            Puzzle::new(Board::parse_size("5x8").unwrap(), twice, motion),
            Puzzle::new(holed, builtin("pentominoes").unwrap().0, motion),
            // More cells in the pieces than on the board: each used at most once, no root piece.
            pentominoes("5x6"),
            // Fewer cells in the pieces than on the board: no tiling, and no prefix.
            Puzzle::new(Board::parse_size("6x10").unwrap(), pieces, motion),
        ] {
            let single = BitSolver::new(&puzzle).count_up_to(u64::MAX);
            assert_eq!(single.solutions > 0, puzzle.piece_area() >= puzzle.cells().len());
            let tree = ShardTree::new(&puzzle, true);
            for of in [1, 3] {
                assert_eq!(merged(&tree, of), (single.solutions, single.stats.nodes), "{tree:?} of={of}");
            }
        }
    }

    #[test]
    fn modes_and_puzzles_are_other_instances() {
        let puzzle = pentominoes("3x20");
        let on = ShardTree::new(&puzzle, true).instance();
        assert_eq!((on.kind.as_str(), on.engine.as_str()), ("tiling", "bits"));
        assert_ne!(on, ShardTree::new(&puzzle, false).instance());
        assert_ne!(on, ShardTree::new(&pentominoes("20x3"), true).instance());
        assert_eq!(on, ShardTree::new(&pentominoes("3x20"), true).instance());
    }

    #[test]
    fn the_probe_is_unbiased() {
        let puzzle = pentominoes("5x12");
        let tree = ShardTree::new(&puzzle, true);
        let split = tree.split(20, &Budget::unlimited()).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(11);
        for prefix in split.prefixes.iter().step_by(split.prefixes.len() / 5) {
            let exact = tree.count(prefix, &Budget::unlimited()).stats.nodes as f64;
            let (mean, error) =
                crate::common::testing::mean_and_error(20_000, || tree.probe(prefix, &mut rng));
            assert!((mean - exact).abs() <= 4.0 * error, "{prefix:?}: {mean} ± {error} vs {exact}");
            assert!(error < exact, "too few probes to tell: {mean} ± {error} vs {exact}");
        }
    }

    #[test]
    fn prefixes_are_rebuilt_from_their_keys_and_bad_keys_refused() {
        for symmetry in [true, false] {
            let puzzle = pentominoes("5x12");
            let tree = ShardTree::new(&puzzle, symmetry);
            let split = tree.split(300, &Budget::unlimited()).unwrap();
            for prefix in &split.prefixes {
                assert_eq!(&tree.prefix(&tree.key(prefix)).unwrap(), prefix);
            }
            let key = tree.key(&split.prefixes[0]);
            let placements = puzzle.placements().len() as u32;
            for bad in [vec![placements], vec![key[0], key[0]], [key.clone(), vec![u32::MAX]].concat()] {
                assert!(tree.prefix(&bad).is_err(), "{bad:?}");
            }
        }
    }

    #[test]
    fn keys_are_placement_indices() {
        let puzzle = pentominoes("6x10");
        let tree = ShardTree::new(&puzzle, true);
        let split = tree.split(100, &Budget::unlimited()).unwrap();
        assert!(split.prefixes.len() >= 100);
        for prefix in &split.prefixes {
            let key = tree.key(prefix);
            assert_eq!(key.len(), split.depth);
            let mut cells: Vec<u16> =
                key.iter().flat_map(|&p| puzzle.placements()[p as usize].cells.clone()).collect();
            let all = cells.len();
            cells.sort_unstable();
            cells.dedup();
            assert_eq!(cells.len(), all, "the prefix's placements overlap");
        }
    }
}
