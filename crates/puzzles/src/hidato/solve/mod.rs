//! The dedicated Hidato / Numbrix solver: depth-first search over *numbers*, most constrained
//! first, with propagation at every node. Two searches share the entry points: a board of at
//! most [`DOMAIN_SEARCH_MAX_BITS`] bits (a padding column per row included: up to 50x50) gets the
//! **domain search** ([`BitSearch`]), a larger one the **gap search** ([`Search`]). Both count
//! the same solutions; the tests cross-check them against each other, against the exact-cover
//! reduction in `exact.rs` and against brute force.
//!
//! # Domain search
//!
//! Each number k keeps its *domain*: the set of cells that may still hold it, a bitset over the
//! board (bit `row * (width + 1) + column`; the padding column stays clear, so shifting a set by
//! one never carries a row's end onto the next row's start, and a neighbourhood is six or four
//! shifts). The bitset is a `u128` when the board fits (every janko.at puzzle, up to 10x10:
//! single-instruction set operations), else [`Wide`] words, 4, 8, 16 or 40 of them, picked by
//! [`domain_search`]. A placed number's domain is its cell. Each node propagates to a fixed
//! point:
//!
//! 1. **Chain arc consistency**: k's domain stays within the neighbourhood of the domains of k - 1
//!    and k + 1 (a worklist holds the numbers whose consecutive numbers' domains shrank). From a
//!    placed a this is the BFS distance window through free cells, from both ends of a gap at
//!    once, and it also cuts a window by what the other numbers' windows have lost; on a Numbrix
//!    board it carries the colour parity.
//! 2. **Singles**: a number with one cell left is placed and its cell leaves every other domain
//!    (a forced move); a free cell in one domain only holds that number (a hidden single); a
//!    free cell in no domain kills the node.
//! 3. At the fixed point of 1-2, the whole-board rules, each of which can shrink domains and
//!    restart 1-2:
//!    - **Dead ends**: a free cell with fewer than two usable neighbours (free, or holding a
//!      number with an unplaced consecutive number) can hold only 1 or N, and there can be no
//!      more such cells than of 1 and N unplaced.
//!    - **Two distinct neighbours**: a middle number k can sit on cell x only if x's
//!      neighbours offer *two different* cells to k - 1 and k + 1 (arc consistency lets the same
//!      single cell support both sides). This one rule took janko #40 from 25,250 to 75 nodes.
//!    - **All different** to arc consistency (Régin): a perfect matching of unplaced numbers to
//!      free cells, warm-started from the previous call (Kuhn's augmenting paths), then Tarjan's
//!      strongly connected components of "k -> the number matched to a cell of k's domain"; k
//!      keeps only the cells matched inside its component. This is every Hall-type check at
//!      once: naked and hidden pairs, a gap's cells that only it can reach, and so on.
//!    - **Runs and components**: a run of consecutive unplaced numbers is a path of free cells,
//!      so it lies in one component of the free cells; it needs as many cells as numbers in the
//!      union of its domains, a component that its two end numbers reach and that is big
//!      enough, is confined to that component when there is one only, and every component must
//!      be filled exactly (the runs confined to it fit, the runs that may enter are enough).
//!
//! It then branches on the unplaced number with the fewest cells, preferring on a tie a number
//! next to a placed one (it extends a path, HoustonWeHaveABug's bidirectional MRV). Going back
//! uses a **trail**: a domain's old value is recorded the first time a branch changes it, so a
//! branch costs what it changes, not a copy of n domains (a 50x50 board would copy 800 KB per
//! level). The search, the augmenting paths and Tarjan's recursion all run on explicit heap
//! stacks, since a 50x50 board nests thousands deep (it overflowed a 2 MB thread stack when
//! recursive). Measured (best of 3, solve + count to 2): janko median 0.05 ms, max 2.2 ms
//! (#395, 1,336 nodes; #40 75 nodes); a 20x20 Hidato giving every 7th number of a serpentine
//! 14 ms, 50x50 2.7 s (the gap search missed 20 s on both).
//!
//! # Gap search
//!
//! A partial answer is the set of placed numbers (givens and guesses). Sorted, consecutive placed
//! numbers `a < b` delimit a *gap* of `b - a - 1` numbers that must form a path of free cells from
//! a neighbour of `a`'s cell to a neighbour of `b`'s; below the smallest placed number and above the
//! largest lie two *tails* (when 1 or N is not placed), paths with one free end. At every node
//! [`Search::check`] recomputes, from scratch:
//!
//! 1. **Components** of the free cells (flood fill). A gap's path is made of free cells that
//!    follow each other, so it lies inside one component: every component's size must be the sum
//!    of the lengths of the gaps put in it. We check the two cheap halves of that: the gaps that
//!    can only go into a component fit in it, and the gaps that can go into it are enough to fill
//!    it (region-size check).
//! 2. **Distance windows** (breadth-first distance *through free cells*, not Chebyshev). For a gap
//!    `(a, b)`, BFS from both ends, bounded by `b - a`; a free cell `c` can hold a number of the gap
//!    only if `dist_a(c) + dist_b(c) <= b - a`. Every free cell must be covered by some gap or tail
//!    (a tail covers the cells within its length of its end). The candidates for `a + 1` are the
//!    free neighbours `x` of `a`'s cell with `dist_b(x) <= b - a - 1`, and symmetrically for `b - 1`;
//!    for `b - a = 2` that is exactly the common free neighbours of both ends.
//! 3. **Dead ends.** A free cell needs two usable neighbours (free, or a placed number with an
//!    unplaced consecutive number) unless it is an end of the path: no more free cells with one
//!    usable neighbour than unplaced numbers among {1, N}. A placed number whose two consecutive
//!    numbers are both unplaced needs two free neighbours (James Clark's "blocked number").
//!
//! The node then branches on the unplaced number with the fewest candidates among the gap and
//! tail ends (HoustonWeHaveABug's MRV over numbers, which makes the search bidirectional): a
//! number with one candidate is a forced move, a number with none a dead node. It recurses once
//! per placement; only boards above 50x50 come here.
//!
//! # Data layout (gap search)
//!
//! ```text
//!   board cell index  ──index──►  compact cell 0..N (holes dropped)
//!   nbr_start[c]..nbr_start[c+1]  slice of the flat `nbrs: Vec<u32>` (≤ 8 neighbours each)
//!   value[c]  0 = free, else the number         pos[k]  the cell of k, or NONE
//!   stamp arrays (component, distances, coverage): reset in O(1) by bumping an epoch
//! ```
//!
//! Why these choices: flat `u32` arrays with no fixed width, so boards of any size work (a 64-bit
//! row mask would cap the board); neighbours precomputed from [`Hidato::neighbours`], so a path
//! never wraps from one row's end to the next row's start; epoch stamps instead of clearing
//! arrays, because the check runs at every node; and recomputing the check from scratch instead
//! of updating it incrementally, because a node places one number and the check is linear in the
//! cells a gap can reach, which keeps the code short and obviously right (the exact-cover route in
//! `exact.rs` cross-checks it).
//!
//! In both searches the budget's node limit counts placements (guesses and forced moves alike);
//! the clock and the cancel flag are read every [`CHECK_EVERY`](gap::CHECK_EVERY) nodes
//! ([`DOMAIN_CHECK_EVERY`](domain::DOMAIN_CHECK_EVERY) in the domain search, whose nodes cost
//! more on big boards).
//!
//! # Modules
//!
//! ```text
//!   mod.rs      the public API (`solve`, `count`, `count_with_stats`) and the choice of search
//!   bits.rs     the bitsets: `Cells` over `u128` or `Wide<W>` words
//!   domain/     the domain search `BitSearch`: search and trail (mod.rs), propagation rules
//!               (propagate.rs), all different by matching and Tarjan (matching.rs)
//!   gap/        the gap search `Search`: search (mod.rs), flood fills (flood.rs), the check
//!               of each node (check.rs)
//! ```

mod bits;
mod domain;
mod gap;

use tessera_xc::{Budget, GaveUp};

use crate::hidato::Hidato;

use bits::{Cells, Wide};
use domain::BitSearch;
use gap::Search;

/// Which solver to use. Both give the same answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Engine {
    /// The dedicated solver.
    #[default]
    Auto,
    /// The exact-cover reduction through `tessera-xc`.
    ExactCover,
}

/// What a dedicated search did: solutions found (up to the limit) and nodes (placements).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SolveStats {
    /// Solutions found, at most the limit asked for.
    pub solutions: u64,
    /// Numbers placed by the search (forced moves included).
    pub nodes: u64,
}

/// The first solution, `None` if there is none, or why the search gave up.
///
/// ```
/// use tessera::hidato::{solve, Adjacency, Budget, Engine, Hidato};
/// let puzzle = Hidato::new(3, 1, vec![1, 0, 3], Adjacency::King).unwrap();
/// let answer = solve(&puzzle, Engine::Auto, &Budget::unlimited()).unwrap().unwrap();
/// assert_eq!(answer.cells(), &[1, 2, 3]);
/// ```
pub fn solve(puzzle: &Hidato, engine: Engine, budget: &Budget) -> Result<Option<Hidato>, GaveUp> {
    match engine {
        Engine::ExactCover => crate::hidato::exact::solve(puzzle, budget),
        _ => {
            if let Some(result) = domain_search(puzzle, 1, true, budget) {
                return result.map(|(_, first)| first);
            }
            let mut search = Search::new(puzzle, 1, true, budget);
            search.run()?;
            Ok(search.first.take())
        }
    }
}

/// Solutions counted up to `limit`, or why the search gave up.
pub fn count(puzzle: &Hidato, limit: u64, engine: Engine, budget: &Budget) -> Result<u64, GaveUp> {
    match engine {
        Engine::ExactCover => crate::hidato::exact::count(puzzle, limit, budget),
        _ => count_with_stats(puzzle, limit, budget).map(|stats| stats.solutions),
    }
}

/// [`count`] with the dedicated solver, also reporting its node count.
pub fn count_with_stats(puzzle: &Hidato, limit: u64, budget: &Budget) -> Result<SolveStats, GaveUp> {
    if let Some(result) = domain_search(puzzle, limit, false, budget) {
        return result.map(|(stats, _)| stats);
    }
    let mut search = Search::new(puzzle, limit, false, budget);
    search.run()?;
    Ok(SolveStats { solutions: search.solutions, nodes: search.nodes })
}

/// The domain search on boards it takes (see the module header), as the count, the node count
/// and the first solution when `keep_first`; `None` for a board too big for its widest bitset.
fn domain_search(
    puzzle: &Hidato,
    limit: u64,
    keep_first: bool,
    budget: &Budget,
) -> Option<Result<(SolveStats, Option<Hidato>), GaveUp>> {
    // Bits for the cells (one padding column per row) and for the numbers 0..=n+1.
    let need = (puzzle.height() * (puzzle.width() + 1)).max(puzzle.size() + 2);
    Some(if need <= 128 {
        run_domain_search::<u128>(puzzle, limit, keep_first, budget)
    } else if need <= 256 {
        run_domain_search::<Wide<4>>(puzzle, limit, keep_first, budget)
    } else if need <= 512 {
        run_domain_search::<Wide<8>>(puzzle, limit, keep_first, budget)
    } else if need <= 1024 {
        run_domain_search::<Wide<16>>(puzzle, limit, keep_first, budget)
    } else if need <= DOMAIN_SEARCH_MAX_BITS {
        run_domain_search::<Wide<40>>(puzzle, limit, keep_first, budget)
    } else {
        return None;
    })
}

/// The widest board (bits, padding included) for the domain search: 50x50. Its whole-board
/// rules cost some n sets of `words` words per node, so beyond this the gap search.
const DOMAIN_SEARCH_MAX_BITS: usize = 2560;

fn run_domain_search<B: Cells>(
    puzzle: &Hidato,
    limit: u64,
    keep_first: bool,
    budget: &Budget,
) -> Result<(SolveStats, Option<Hidato>), GaveUp> {
    let mut search = BitSearch::<B>::new(puzzle, limit, keep_first, budget);
    search.run()?;
    Ok((SolveStats { solutions: search.solutions, nodes: search.nodes }, search.first.take()))
}

/// No cell or number: the "unset" value of the searches' `u32` index arrays.
const NONE: u32 = u32::MAX;

/// Why the search stopped early.
enum Stop {
    /// Enough solutions.
    Limit,
    /// The budget ran out.
    GaveUp(GaveUp),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hidato::Adjacency;

    fn domain_count<B: Cells>(puzzle: &Hidato, limit: u64) -> u64 {
        let budget = Budget::unlimited();
        let mut search = BitSearch::<B>::new(puzzle, limit, false, &budget);
        search.run().unwrap();
        search.solutions
    }

    fn gap_count(puzzle: &Hidato, limit: u64) -> u64 {
        let budget = Budget::unlimited();
        let mut search = Search::new(puzzle, limit, false, &budget);
        search.run().unwrap();
        search.solutions
    }

    /// A random board (holes, givens from a random self-avoiding walk or at random).
    fn random_board(next: &mut impl FnMut(u64) -> u64, w: usize, h: usize) -> Hidato {
        let adjacency = if next(2) == 0 { Adjacency::King } else { Adjacency::Orthogonal };
        let holes = next(3);
        let mut cells: Vec<i32> = (0..w * h).map(|_| if next(10) < holes { -1 } else { 0 }).collect();
        if cells.iter().all(|&v| v == -1) {
            cells[0] = 0;
        }
        let shape = Hidato::new(w, h, cells.clone(), adjacency).unwrap();
        let open: Vec<usize> = (0..w * h).filter(|&c| cells[c] != -1).collect();
        let mut path = vec![open[next(open.len() as u64) as usize]];
        loop {
            let last = *path.last().unwrap();
            let free: Vec<usize> = shape.neighbours(last).filter(|c| !path.contains(c)).collect();
            if free.is_empty() {
                break;
            }
            path.push(free[next(free.len() as u64) as usize]);
        }
        let density = next(5);
        if path.len() == shape.size() {
            for (k, &c) in path.iter().enumerate() {
                if next(6) < density {
                    cells[c] = k as i32 + 1;
                }
            }
        } else {
            for &c in &open {
                if next(10) < density {
                    let k = next(shape.size() as u64) as i32 + 1;
                    if !cells.contains(&k) {
                        cells[c] = k;
                    }
                }
            }
        }
        Hidato::new(w, h, cells, adjacency).unwrap()
    }

    pub(super) fn xorshift(seed: u64) -> impl FnMut(u64) -> u64 {
        let mut state = seed | 1;
        move |m: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % m
        }
    }

    /// The domain search in every width and the gap search count the same solutions.
    #[test]
    fn every_bitset_width_and_the_gap_search_agree() {
        let mut next = xorshift(0x9e37_79b9);
        for _ in 0..1500 {
            let (w, h) = (1 + next(6) as usize, 1 + next(6) as usize);
            let puzzle = random_board(&mut next, w, h);
            let expected = gap_count(&puzzle, 20);
            assert_eq!(domain_count::<u128>(&puzzle, 20), expected, "{puzzle}");
            assert_eq!(domain_count::<Wide<4>>(&puzzle, 20), expected, "{puzzle}");
            assert_eq!(domain_count::<Wide<40>>(&puzzle, 20), expected, "{puzzle}");
        }
        // Rows longer than a word: shifts by the row stride cross whole words.
        let mut next = xorshift(0x5151);
        for _ in 0..40 {
            let (w, h) = (60 + next(20) as usize, 1 + next(2) as usize);
            let mut puzzle = random_board(&mut next, w, h);
            // Dense givens so the gap search answers quickly: every third number of a
            // serpentine where the board is full.
            if puzzle.cells().iter().all(|&v| v != -1) {
                let mut cells = vec![0; w * h];
                for k in 0..w * h {
                    let (row, i) = (k / w, k % w);
                    let column = if row % 2 == 0 { i } else { w - 1 - i };
                    if k % 3 == 0 || k == w * h - 1 {
                        cells[row * w + column] = k as i32 + 1;
                    }
                }
                puzzle = Hidato::new(w, h, cells, puzzle.adjacency()).unwrap();
            }
            let expected = gap_count(&puzzle, 5);
            assert_eq!(domain_count::<Wide<4>>(&puzzle, 5), expected, "{puzzle}");
            assert_eq!(domain_count::<Wide<40>>(&puzzle, 5), expected, "{puzzle}");
        }
    }
}
