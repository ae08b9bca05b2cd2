//! The clauses of the learner (see the parent module): windows, exactly-one by ladders, the
//! chain, and the edges.

use std::collections::VecDeque;

use tessera_xc::{Budget, GaveUp};

use crate::hidato::{Adjacency, Hidato};

/// The window pairs (free cell, missing number) above which no learner is built: every board up
/// to 14x14 whatever its givens (196 cells by 196 numbers), bigger ones where the givens narrow
/// the windows. The clauses number some 20 per pair; on a 20x23 board with 58 givens (some
/// 90,000 pairs) building, solving and freeing the instance overran a half-second budget by a
/// fifth, and there the walker is the member that answers.
pub(crate) const MAX_PAIRS: usize = 40_000;

/// Clauses between two readings of the clock while encoding: a clause costs the solver some
/// hundreds of nanoseconds to take in (more when it grows its arrays), a reading of the clock
/// some twenty; one cell of a wide window can bring thousands of clauses, so the clauses are
/// counted, not the cells.
const CLOCK_EVERY: u32 = 1024;

/// The variable of each (free cell, number) pair: per free cell, the run of numbers
/// `low[c]..low[c] + vars[c].len()`, 0 where the window leaves the number out.
pub(crate) struct Pairs {
    low: Vec<usize>,
    vars: Vec<Vec<i32>>,
}

impl Pairs {
    /// The variable of `k` on `cell`, if its window has it.
    pub(crate) fn var(&self, cell: usize, k: usize) -> Option<i32> {
        let i = k.checked_sub(self.low[cell])?;
        self.vars[cell].get(i).copied().filter(|&v| v != 0)
    }

    /// The numbers `cell` may hold, with their variables.
    pub(crate) fn numbers(&self, cell: usize) -> impl Iterator<Item = (usize, i32)> + '_ {
        let low = self.low[cell];
        self.vars[cell].iter().enumerate().filter(|&(_, &v)| v != 0).map(move |(i, &v)| (low + i, v))
    }
}

/// The variables of the pairs (the clauses are in the solver).
pub(crate) struct Encoded {
    pub(crate) pairs: Pairs,
    /// A free cell or a missing number with no candidate: no solution.
    pub(crate) empty: bool,
}

/// Numbers the variables and hands each clause to the solver at once (a big board's clauses
/// would take hundreds of megabytes as a list).
/// The clock is read every [`CLOCK_EVERY`] clauses; once it has run out, clauses are dropped
/// and the encoding's loops return the reason at their next [`Builder::stopped`].
struct Builder<'a, C: cadical::Callbacks> {
    next: i32,
    solver: &'a mut cadical::Solver<C>,
    budget: &'a Budget,
    added: u32,
    stop: Option<GaveUp>,
}

impl<C: cadical::Callbacks> Builder<'_, C> {
    fn var(&mut self) -> i32 {
        self.next += 1;
        self.next
    }

    /// Counts a clause and reads the clock every [`CLOCK_EVERY`]; false once it has run out.
    fn tick(&mut self) -> bool {
        if self.stop.is_none() {
            self.added += 1;
            if self.added % CLOCK_EVERY == 0 {
                self.stop = self.budget.check_clock();
            }
        }
        self.stop.is_none()
    }

    /// The clock's verdict so far (read at once, too, so that loops with few clauses stop).
    fn stopped(&mut self) -> Result<(), GaveUp> {
        if self.stop.is_none() {
            self.stop = self.budget.check_clock();
        }
        self.stop.map_or(Ok(()), Err)
    }

    fn add(&mut self, clause: &[i32]) {
        if self.tick() {
            self.solver.add_clause(clause.iter().copied());
        }
    }

    /// The clause of `lits`, unless one of them is true.
    fn clause(&mut self, lits: &[Literal]) {
        if lits.iter().all(Option::is_some) && self.tick() {
            self.solver.add_clause(lits.iter().flatten().flatten().copied());
        }
    }

    /// Exactly one of `lits` (not empty): at least one, and at most one pairwise up to five
    /// literals, by the ladder above.
    fn exactly_one(&mut self, lits: &[i32]) {
        self.add(lits);
        if lits.len() <= 5 {
            for (i, &a) in lits.iter().enumerate() {
                for &b in &lits[i + 1..] {
                    self.add(&[-a, -b]);
                }
            }
            return;
        }
        // s_i: one of lits[..=i] is true.
        let mut before = 0;
        for &lit in &lits[..lits.len() - 1] {
            let s = self.var();
            self.add(&[-lit, s]);
            if before != 0 {
                self.add(&[-before, s]);
                self.add(&[-before, -lit]);
            }
            before = s;
        }
        self.add(&[-before, -lits[lits.len() - 1]]);
    }
}

/// Breadth-first distances from `from` through the cells where `free` holds (`from` itself
/// need not), `u32::MAX` where unreached.
fn distances(puzzle: &Hidato, from: usize, free: &[bool], near: &[Vec<usize>]) -> Vec<u32> {
    let mut dist = vec![u32::MAX; puzzle.cells().len()];
    dist[from] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        for &d in &near[c] {
            if free[d] && dist[d] == u32::MAX {
                dist[d] = dist[c] + 1;
                queue.push_back(d);
            }
        }
    }
    dist
}

/// The encoding of `puzzle`, `Ok(None)` when its windows exceed [`MAX_PAIRS`].
pub(crate) fn encode<C: cadical::Callbacks>(
    puzzle: &Hidato,
    solver: &mut cadical::Solver<C>,
    budget: &Budget,
) -> Result<Option<Encoded>, GaveUp> {
    let n = puzzle.size();
    let cells = puzzle.cells().len();
    let near: Vec<Vec<usize>> = (0..cells)
        .map(|c| if puzzle.is_hole(c) { Vec::new() } else { puzzle.neighbours(c).collect() })
        .collect();
    let free: Vec<bool> = puzzle.cells().iter().map(|&v| v == 0).collect();
    let mut at = vec![usize::MAX; n + 2];
    for (c, &v) in puzzle.cells().iter().enumerate() {
        if v > 0 {
            at[v as usize] = c;
        }
    }
    let givens: Vec<usize> = (1..=n).filter(|&k| at[k] != usize::MAX).collect();
    let mut from_given = Vec::with_capacity(givens.len());
    for &g in &givens {
        if let Some(reason) = budget.check_clock() {
            return Err(reason);
        }
        from_given.push(distances(puzzle, at[g], &free, &near));
    }
    let bipartite = puzzle.adjacency() == Adjacency::Orthogonal;
    // The window of each free cell: the missing numbers its distances to the givens allow.
    let fits = |c: usize, k: usize| -> bool {
        let i = givens.partition_point(|&g| g < k);
        let below = i == 0 || {
            let d = from_given[i - 1][c];
            let steps = (k - givens[i - 1]) as u32;
            d <= steps && (!bipartite || (steps - d) % 2 == 0)
        };
        let above = i == givens.len() || {
            let d = from_given[i][c];
            let steps = (givens[i] - k) as u32;
            d <= steps && (!bipartite || (steps - d) % 2 == 0)
        };
        below && above
    };
    let mut b = Builder { next: 0, solver, budget, added: 0, stop: None };
    let mut low = vec![0; cells];
    let mut vars: Vec<Vec<i32>> = vec![Vec::new(); cells];
    let mut total = 0;
    for c in (0..cells).filter(|&c| free[c]) {
        if c % 4 == 0 {
            b.stopped()?;
        }
        let ks: Vec<usize> = (1..=n).filter(|&k| at[k] == usize::MAX && fits(c, k)).collect();
        total += ks.len();
        if total > MAX_PAIRS {
            return Ok(None);
        }
        if let (Some(&first), Some(&last)) = (ks.first(), ks.last()) {
            low[c] = first;
            vars[c] = vec![0; last - first + 1];
            for k in ks {
                vars[c][k - first] = b.var();
            }
        }
    }
    let pairs = Pairs { low, vars };
    let empty = |pairs| Ok(Some(Encoded { pairs, empty: true }));
    // Exactly one number per free cell, one cell per missing number.
    let mut cells_of: Vec<Vec<i32>> = vec![Vec::new(); n + 1];
    for c in (0..cells).filter(|&c| free[c]) {
        let lits: Vec<i32> = pairs
            .numbers(c)
            .map(|(k, v)| {
                cells_of[k].push(v);
                v
            })
            .collect();
        if lits.is_empty() {
            return empty(pairs);
        }
        b.exactly_one(&lits);
        b.stopped()?;
    }
    for k in (1..=n).filter(|&k| at[k] == usize::MAX) {
        if cells_of[k].is_empty() {
            return empty(pairs);
        }
        b.exactly_one(&cells_of[k]);
        b.stopped()?;
    }
    // The literal "cell c holds k": a variable, always (given there), or never.
    let holds = |c: usize, k: usize| -> Holds {
        match puzzle.get(c) {
            0 => pairs.var(c, k).map_or(Holds::Never, Holds::Var),
            v if v as usize == k => Holds::Always,
            _ => Holds::Never,
        }
    };
    // The chain: a free cell holding k has k - 1 and k + 1 next to it (a given one by its window).
    for c in (0..cells).filter(|&c| free[c]) {
        b.stopped()?;
        for (k, v) in pairs.numbers(c) {
            for other in [k - 1, k + 1] {
                if other == 0 || other > n || at[other] != usize::MAX {
                    continue;
                }
                let mut clause = vec![-v];
                clause.extend(near[c].iter().filter_map(|&d| pairs.var(d, other).filter(|_| free[d])));
                b.add(&clause);
            }
        }
    }
    // The edges.
    let mut edge = vec![Vec::new(); cells];
    for c in (0..cells).filter(|&c| !puzzle.is_hole(c)) {
        edge[c] = near[c].iter().map(|_| b.var()).collect();
    }
    let edge_of = |c: usize, d: usize| edge[c][near[c].iter().position(|&x| x == d).expect("touching cells")];
    for c in (0..cells).filter(|&c| !puzzle.is_hole(c)) {
        b.stopped()?;
        let outs = edge[c].clone();
        let ins: Vec<i32> = near[c].iter().map(|&d| edge_of(d, c)).collect();
        for (lits, end) in [(&outs, n), (&ins, 1)] {
            // One edge out unless c holds N, one in unless it holds 1.
            match holds(c, end) {
                Holds::Always => lits.iter().for_each(|&e| b.add(&[-e])),
                other => {
                    let mut clause = lits.clone();
                    if let Holds::Var(v) = other {
                        clause.push(v);
                    }
                    b.add(&clause);
                    for (i, &x) in lits.iter().enumerate() {
                        for &y in &lits[i + 1..] {
                            b.add(&[-x, -y]);
                        }
                    }
                }
            }
        }
        for (j, &d) in near[c].iter().enumerate() {
            let e = edge[c][j];
            if c < d {
                b.add(&[-e, -edge_of(d, c)]);
            }
            // x(c, k) ∧ e → x(d, k + 1), x(c, k) ∧ x(d, k + 1) → e, over the k c may hold.
            let ks: Vec<usize> = match puzzle.get(c) {
                0 => pairs.numbers(c).map(|(k, _)| k).collect(),
                v => vec![v as usize],
            };
            for k in ks.into_iter().filter(|&k| k < n) {
                let (here, there) = (holds(c, k), holds(d, k + 1));
                b.clause(&[here.negative(), Some(Some(-e)), there.positive()]);
                b.clause(&[here.negative(), there.negative(), Some(Some(e))]);
            }
        }
    }
    b.stopped()?;
    Ok(Some(Encoded { pairs, empty: false }))
}

/// Whether a cell holds a number: a variable, or known.
#[derive(Clone, Copy)]
enum Holds {
    Var(i32),
    Always,
    Never,
}

/// A literal of a clause: `Some(Some(l))` the literal `l`, `Some(None)` one that is false (left
/// out), `None` one that is true (the clause holds and is left out).
type Literal = Option<Option<i32>>;

impl Holds {
    fn positive(self) -> Literal {
        match self {
            Holds::Var(v) => Some(Some(v)),
            Holds::Always => None,
            Holds::Never => Some(None),
        }
    }

    fn negative(self) -> Literal {
        match self {
            Holds::Var(v) => Some(Some(-v)),
            Holds::Always => Some(None),
            Holds::Never => None,
        }
    }
}
