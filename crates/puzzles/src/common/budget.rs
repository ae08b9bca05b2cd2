//! How the searches stop: [`Stop`], and how often each reads its budget's clock.
//!
//! Reading the clock and the cancel flag costs about as much as a cheap node, so each search reads
//! them once every so many nodes, fewer the costlier its nodes: the budget then ends within a
//! small fraction of its deadline whatever the search. The periods live here, side by side, so
//! that they are chosen against each other.

use tessera_xc::GaveUp;

/// Why a search unwinds before it has seen its whole tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The limit of solutions is reached (or another thread says to halt).
    Limit,
    /// The budget ran out.
    GaveUp(GaveUp),
}

/// Nodes between two readings of the clock, by the cost of one node.
pub(crate) mod check_every {
    /// Bitmask searches whose node is a few instructions (N-queens).
    pub(crate) const TINY_NODE: u64 = 1 << 16;
    /// Bitboard searches whose node is a few dozen instructions (9x9 Sudoku, tiling, Hidato's gap
    /// search).
    pub(crate) const SMALL_NODE: u64 = 4096;
    /// Searches that propagate constraints at each node (the general Sudoku solver).
    pub(crate) const PROPAGATING_NODE: u64 = 256;
    /// Searches that match or scan the whole board at each node (Hidato's domain search).
    pub(crate) const BOARD_NODE: u64 = 64;
    /// Searches whose node checks connectivity of the whole board in linear time (Hidato's path
    /// walker); on the largest boards it reads the clock at every node.
    pub(crate) const LINEAR_NODE: u64 = 16;
}

/// CaDiCaL's terminate callback, for every learning engine: it stops the solver once the
/// budget's deadline passes or its cancel flag is raised, and keeps the reason.
pub(crate) struct SatClock {
    pub(crate) budget: tessera_xc::Budget,
    pub(crate) stopped: Option<GaveUp>,
}

impl cadical::Callbacks for SatClock {
    fn terminate(&mut self) -> bool {
        if self.stopped.is_none() {
            self.stopped = self.budget.check_clock();
        }
        self.stopped.is_some()
    }
}
