//! Counting tilings up to the board's symmetries (`--distinct`).
//!
//! # The standard trick
//!
//! Let `G` be the symmetries of the board that the pieces' motion allows (4 for a rectangle,
//! 8 for a square, fewer for a drawn board or one-sided pieces). Pick a piece `P` used exactly
//! once. `G` moves `P`'s placements around in orbits; keep one placement per orbit. If a kept
//! placement `p` is fixed by no symmetry but the identity, every class of tilings whose `P` lies
//! in `p`'s orbit has exactly one member with `P` at `p` (if `g·S` and `S` both put `P` at `p`,
//! then `g` fixes `p`, so `g` is the identity), so counting the tilings with `P` restricted to
//! such representatives counts those classes once each, and such tilings are never symmetric.
//! This is Knuth's X-pentomino restriction on 6x10 (the X in the upper-left quarter: 2339).
//!
//! A kept placement fixed by a subgroup `H` (the X centred on a square board's diagonal, say) is
//! the delicate case: the tilings with `P` at `p` are listed and compared up to `H`
//! ([`canonical`]), which also handles tilings that are themselves symmetric.
//!
//! `P` is the piece with the fewest symmetric representatives, then the fewest orbits (most
//! symmetric pieces, like X, have the fewest placements). When no piece is used exactly once (or
//! pieces may be left out), every tiling is listed and compared instead.
//!
//! # With the bitboard solver
//!
//! [`Engine::Bits`] needs none of the listing: its search already keeps the first piece to one
//! placement per class and stands each tiling found for its images (see `solve.rs`). It weighs
//! each tiling `T` by `|Stab(T)| / |G|`, the share of its class it is (a class has
//! `|G| / |Stab(T)|` members), and sums: Burnside's lemma, exact for symmetric placements and
//! symmetric tilings alike, and as fast as counting every tiling. The route above stays for
//! [`Engine::ExactCover`], so that the two engines' distinct counts are found by different methods.

use std::collections::{BTreeSet, HashSet};

use tessera_xc::{Count, Outcome};

use super::pieces::transform;
use super::{solutions, BitSolver, Engine, Motion, Puzzle, Query, Tiling};
use crate::Solutions;

/// The symmetries of a puzzle's board that its pieces' motion allows, as transform numbers
/// (0..4 rotations by quarter turns, 4..8 reflections), the identity first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symmetry {
    transforms: Vec<u8>,
    width: i32,
    height: i32,
}

impl Symmetry {
    /// The symmetries of `puzzle`'s board (holes included) that its motion allows.
    pub fn of(puzzle: &Puzzle) -> Self {
        let board = puzzle.board();
        let allowed: &[u8] = match puzzle.motion() {
            Motion::Free => &[0, 1, 2, 3, 4, 5, 6, 7],
            Motion::Rotations => &[0, 1, 2, 3],
            Motion::Fixed => &[0],
        };
        let mut sym =
            Symmetry { transforms: vec![0], width: board.width() as i32, height: board.height() as i32 };
        for &t in &allowed[1..] {
            let fits = puzzle.cells().iter().all(|&cell| {
                let (r, c) = sym.map(t, cell);
                board.is_open(r, c)
            });
            if fits {
                sym.transforms.push(t);
            }
        }
        sym
    }

    /// The transforms, identity first.
    pub fn transforms(&self) -> &[u8] {
        &self.transforms
    }

    /// How many symmetries (the identity included).
    pub fn len(&self) -> usize {
        self.transforms.len()
    }

    /// Always false: the identity is a symmetry.
    pub fn is_empty(&self) -> bool {
        self.transforms.is_empty()
    }

    /// The image of square `(row, column)` under transform `t`, moved back onto the board.
    pub fn map(&self, t: u8, cell: (i32, i32)) -> (i32, i32) {
        let corners = [(0, 0), (0, self.width - 1), (self.height - 1, 0), (self.height - 1, self.width - 1)];
        let images = corners.map(|c| transform(t, c));
        let r0 = images.iter().map(|c| c.0).min().unwrap_or(0);
        let c0 = images.iter().map(|c| c.1).min().unwrap_or(0);
        let (r, c) = transform(t, cell);
        (r - r0, c - c0)
    }
}

/// A tiling's canonical form under `transforms`: the least, over the transforms, of its sorted
/// list of (piece, sorted squares). Two tilings are equivalent exactly when their forms are equal.
pub fn canonical(
    puzzle: &Puzzle,
    tiling: &Tiling,
    symmetry: &Symmetry,
    transforms: &[u8],
) -> Vec<(usize, Vec<(i32, i32)>)> {
    transforms
        .iter()
        .map(|&t| {
            let mut parts: Vec<(usize, Vec<(i32, i32)>)> = tiling
                .placements
                .iter()
                .map(|&p| {
                    let placement = &puzzle.placements()[p];
                    let mut squares: Vec<(i32, i32)> = placement
                        .cells
                        .iter()
                        .map(|&c| symmetry.map(t, puzzle.cells()[c as usize]))
                        .collect();
                    squares.sort_unstable();
                    (placement.piece, squares)
                })
                .collect();
            parts.sort_unstable();
            parts
        })
        .min()
        .unwrap_or_default()
}

/// How the symmetry was removed: the restricted piece and its placements.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restriction {
    /// The piece restricted (index in [`Puzzle::pieces`]).
    pub piece: usize,
    /// Its placements before the restriction.
    pub placements: usize,
    /// The representatives fixed by no symmetry but the identity (placement indices).
    pub kept: Vec<usize>,
    /// The representatives fixed by more, with the transforms that fix them.
    pub symmetric: Vec<(usize, Vec<u8>)>,
}

impl Restriction {
    /// The best piece to restrict, or `None` when no piece is used exactly once in every tiling.
    pub fn choose(puzzle: &Puzzle, symmetry: &Symmetry) -> Option<Self> {
        if !puzzle.uses_every_piece() {
            return None;
        }
        let images = placement_images(puzzle, symmetry)?;
        let mut best: Option<Restriction> = None;
        for (piece, _) in puzzle.pieces().iter().enumerate().filter(|(_, p)| p.copies() == 1) {
            let (mut kept, mut symmetric) = (Vec::new(), Vec::new());
            for (p, _) in orbits(puzzle, &images, piece) {
                let fixing: Vec<u8> = (0..images.len())
                    .filter(|&k| images[k][p] as usize == p)
                    .map(|k| symmetry.transforms()[k])
                    .collect();
                if fixing.len() == 1 {
                    kept.push(p);
                } else {
                    symmetric.push((p, fixing));
                }
            }
            let placements = puzzle.placements().iter().filter(|p| p.piece == piece).count();
            let candidate = Restriction { piece, placements, kept, symmetric };
            let key = |r: &Restriction| (r.symmetric.len(), r.kept.len() + r.symmetric.len());
            if best.as_ref().is_none_or(|b| key(&candidate) < key(b)) {
                best = Some(candidate);
            }
        }
        best
    }
}

/// The image of every placement under every symmetry: `images[k][p]` is the placement that
/// `symmetry.transforms()[k]` makes of placement `p` (the identity's row first). `None` when
/// some image is not a placement of the puzzle (one [`Puzzle::restricted`] by hand).
pub(crate) fn placement_images(puzzle: &Puzzle, symmetry: &Symmetry) -> Option<Vec<Vec<u32>>> {
    let index = puzzle.placement_index();
    symmetry
        .transforms()
        .iter()
        .map(|&t| {
            puzzle
                .placements()
                .iter()
                .map(|placement| {
                    let mut cells: Vec<u16> = placement
                        .cells
                        .iter()
                        .map(|&c| {
                            let (r, col) = symmetry.map(t, puzzle.cells()[c as usize]);
                            puzzle.cell_at(r, col).expect("a symmetry maps cells to cells")
                        })
                        .collect();
                    cells.sort_unstable();
                    index.get(&(placement.piece, cells)).map(|&i| i as u32)
                })
                .collect()
        })
        .collect()
}

/// The classes of `piece`'s placements under the symmetries whose `images` are given: one
/// placement per class, with the symmetries (indices into `images`) that carry it onto each
/// member of its class, one per member, the identity first.
pub(crate) fn orbits(puzzle: &Puzzle, images: &[Vec<u32>], piece: usize) -> Vec<(usize, Vec<u8>)> {
    let mut seen = HashSet::new();
    let mut classes = Vec::new();
    for p in (0..puzzle.placements().len()).filter(|&i| puzzle.placements()[i].piece == piece) {
        if seen.contains(&p) {
            continue;
        }
        let mut carriers = Vec::new();
        for (k, row) in images.iter().enumerate() {
            if seen.insert(row[p] as usize) {
                carriers.push(k as u8);
            }
        }
        classes.push((p, carriers));
    }
    classes
}

/// The number of tilings up to the board's symmetries, and how it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Distinct {
    /// The classes counted (a lower bound if the search gave up), with the work done.
    pub count: Count,
    /// The symmetries of the board that were taken into account.
    pub symmetries: usize,
    /// One sentence saying how the symmetry was removed.
    pub reason: String,
}

/// Counts tilings up to the board's symmetries (see the module documentation), with the query's
/// engine, threads and budget (its limit does not apply: every class is counted).
///
/// ```
/// use tessera::tiling::{builtin, count_distinct, Board, Puzzle, Query};
/// let (pieces, motion) = builtin("pentominoes").unwrap();
/// let puzzle = Puzzle::new(Board::parse_size("3x20").unwrap(), pieces, motion);
/// let distinct = count_distinct(&puzzle, &Query::default());
/// assert_eq!((distinct.count.solutions, distinct.symmetries), (2, 4));
/// ```
pub fn count_distinct(puzzle: &Puzzle, query: &Query) -> Distinct {
    let query = &query.clone().with_limit(u64::MAX);
    let symmetry = Symmetry::of(puzzle);
    let n = symmetry.len();
    if n == 1 {
        let count = super::count(puzzle, query);
        let reason =
            "the board has no symmetry that the pieces' motion allows: every tiling is distinct".into();
        return Distinct { count, symmetries: 1, reason };
    }
    if query.engine != Engine::ExactCover {
        let solver = BitSolver::new(puzzle).threads(query.threads).budget(query.budget.clone());
        if let Some(found) = solver.classes() {
            let reason = match found.piece {
                Some(piece) => {
                    let name = puzzle.pieces()[piece].name();
                    let placements = puzzle.placements().iter().filter(|p| p.piece == piece).count();
                    let reps = found.representatives;
                    let mut reason = format!(
                        "counted up to the board's {n} symmetries by keeping piece {name} in one placement of \
                         each of its {reps} classes under them ({reps} of its {placements} placements)"
                    );
                    if found.symmetric == 0 {
                        reason.push_str(&format!(
                            "; no kept placement is itself symmetric, so each class of {n} tilings is counted \
                             exactly once"
                        ));
                    } else {
                        reason.push_str(&format!(
                            "; {} of them are symmetric, so each tiling found counts as 1/k of a class, \
                             k being the size of its class (Burnside's lemma)",
                            found.symmetric
                        ));
                    }
                    reason
                }
                None => format!(
                    "counted up to the board's {n} symmetries by weighing every tiling by the symmetries \
                     that fix it (Burnside's lemma; no piece is used exactly once in every tiling, so none \
                     can be restricted)"
                ),
            };
            let count = Count { solutions: found.classes, ..found.count };
            return Distinct { count, symmetries: n, reason };
        }
    }
    let Some(restriction) = Restriction::choose(puzzle, &symmetry) else {
        let (count, classes) = classes(puzzle, query, &symmetry, symmetry.transforms());
        let reason = format!(
            "counted up to the board's {n} symmetries by listing every tiling and comparing their \
             canonical forms (no piece is used exactly once in every tiling, so no piece can be restricted)"
        );
        return Distinct { count: Count { solutions: classes, ..count }, symmetries: n, reason };
    };
    let piece = restriction.piece;
    let kept: BTreeSet<usize> = restriction.kept.iter().copied().collect();
    let restricted = puzzle.restricted(|i| puzzle.placements()[i].piece != piece || kept.contains(&i));
    let mut count = super::count(&restricted, query);
    for (p, fixing) in &restriction.symmetric {
        if count.gave_up() {
            break;
        }
        let only = puzzle.restricted(|i| puzzle.placements()[i].piece != piece || i == *p);
        let (part, classes) = classes(&only, query, &symmetry, fixing);
        count.solutions += classes;
        count.stats += part.stats;
        if part.gave_up() {
            count.outcome = part.outcome;
        }
    }
    let name = puzzle.pieces()[piece].name();
    let orbits = restriction.kept.len() + restriction.symmetric.len();
    let mut reason = format!(
        "counted up to the board's {n} symmetries by keeping piece {name} in one placement of each of \
         its {orbits} classes under them ({orbits} of its {} placements)",
        restriction.placements
    );
    if restriction.symmetric.is_empty() {
        reason.push_str(&format!(
            "; no kept placement is itself symmetric, so each class of {n} tilings is counted exactly once"
        ));
    } else {
        reason.push_str(&format!(
            "; {} of them are symmetric, and the tilings with {name} there were listed and compared \
             up to the symmetries that fix it",
            restriction.symmetric.len()
        ));
    }
    Distinct { count, symmetries: n, reason }
}

/// Lists every tiling of `puzzle` and counts their classes under `transforms`.
fn classes(puzzle: &Puzzle, query: &Query, symmetry: &Symmetry, transforms: &[u8]) -> (Count, u64) {
    let Solutions { found: tilings, count, .. } = solutions(puzzle, query);
    let forms: HashSet<_> = tilings.iter().map(|t| canonical(puzzle, t, symmetry, transforms)).collect();
    let outcome = if count.gave_up() { count.outcome } else { Outcome::Exhausted };
    (Count { outcome, ..count }, forms.len() as u64)
}
