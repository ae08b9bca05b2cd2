// The SIMD engine's search: DPLL over band configurations (see the header of `simd`). Included
// once per instruction set by `simd/mod.rs`.

use tessera_xc::{Budget, Count, Outcome, Stats};

use super::engine::State;
use crate::common::budget::{check_every, Stop};
use crate::sudoku::fast9::simd::lanes::V8;
use crate::sudoku::fast9::simd::tables::{ALL, ONE_CONFIG};

struct Search<'a> {
    limit: u64,
    count: u64,
    /// Decisions: each branching point counts one, whichever of its two sides is searched.
    guesses: u64,
    budget: &'a Budget,
    keep_first: bool,
    first: Option<[u8; 81]>,
    /// For the internal check of each solution (`tessera_xc::debug_checks`).
    givens: [u8; 81],
}

simd_fn! {
    /// Counts the solutions of `cells` up to `limit` (keeping the first with `keep_first`).
    ///
    /// # Safety (of calling it)
    /// The processor must have this instantiation's features; `lanes::enter` checks.
    pub(crate) fn run(cells: &[u8; 81], limit: u64, budget: &Budget, keep_first: bool) -> (Count, Option<[u8; 81]>) {
        let done = |solutions, outcome, guesses| Count { solutions, outcome, stats: Stats { nodes: guesses, updates: 0 } };
        if limit == 0 {
            return (done(0, Outcome::LimitReached, 0), None);
        }
        if cells.iter().any(|&value| value > 9) {
            return (done(0, Outcome::Exhausted, 0), None);
        }
        // The givens as a bit set first, then visited bit by bit: one branch per given instead of
        // an unpredictable one per cell.
        let given = cells.iter().enumerate().fold(0u128, |set, (cell, &value)| set | u128::from(value != 0) << cell);
        let mut state = State::new();
        let mut rest = given;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            state.give(cell, usize::from(cells[cell] - 1));
        }
        if !state.start() {
            return (done(0, Outcome::Exhausted, 0), None);
        }
        let mut search = Search {
            limit,
            count: 0,
            guesses: 0,
            budget,
            keep_first,
            first: None,
            givens: *cells,
        };
        let outcome = match search.descend(&mut state) {
            Ok(()) => Outcome::Exhausted,
            Err(Stop::Limit) => Outcome::LimitReached,
            Err(Stop::GaveUp(reason)) => Outcome::GaveUp(reason),
        };
        (done(search.count, outcome, search.guesses), search.first)
    }
}

impl Search<'_> {
    simd_fn! {
        /// Searches below a propagated state, which it uses up. DPLL: the branch assigns a
        /// digit's first open configuration in a band (on a copy), then, back from it, takes that
        /// configuration out and propagates (on the state itself) before choosing again.
        fn descend(&mut self, state: &mut State) -> Result<(), Stop> {
            loop {
                let Some((band, digit)) = choose(state) else {
                    return self.solved(state);
                };
                let bit = 1u16 << digit;
                let configs = state.configs[band].to_array();
                let first = configs[..6].iter().position(|&lane| lane & bit != 0).unwrap_or(0);
                let open = state.configs[band].and(V8::splat(bit));
                let chosen = V8::load(&ONE_CONFIG[first]);
                self.guess()?;
                let mut child = *state;
                child.elims[band] = child.elims[band].or(open.and_not(chosen));
                if child.update_band(band) {
                    self.descend(&mut child)?;
                }
                state.elims[band] = state.elims[band].or(open.and(chosen));
                if !state.update_band(band) {
                    return Ok(());
                }
            }
        }

        /// A state whose bands are all settled: a solution when every digit has exactly one
        /// configuration in each band and every cell one digit (otherwise a dead end that the
        /// propagation did not see as one).
        fn solved(&mut self, state: &State) -> Result<(), Stop> {
            for configs in state.configs {
                let lanes = configs.to_array();
                if configs.popcount() != 9 || lanes.iter().fold(0, |all, &lane| all | lane) != ALL {
                    return Ok(());
                }
            }
            if !state.cells_single() {
                return Ok(());
            }
            if tessera_xc::debug_checks() {
                check_solution(&self.givens, &digits(state));
            }
            self.count += 1;
            if self.keep_first && self.first.is_none() {
                self.first = Some(digits(state));
            }
            if self.count >= self.limit {
                Err(Stop::Limit)
            } else {
                Ok(())
            }
        }
    }

    /// Counts a guess against the budget.
    #[inline]
    fn guess(&mut self) -> Result<(), Stop> {
        self.guesses += 1;
        self.budget.spend(self.guesses, check_every::SMALL_NODE).map_err(Stop::GaveUp)
    }
}

simd_fn! {
    /// The band with the fewest open configurations among those not settled (a settled band
    /// has one per digit: nine), and in it a digit with two configurations left, else three,
    /// else the fewest; `None` when every band is settled.
    fn choose(state: &State) -> Option<(usize, usize)> {
        let mut best: Option<(u32, usize)> = None;
        for (band, configs) in state.configs.iter().enumerate() {
            let count = configs.popcount();
            if count >= 10 && best.is_none_or(|(fewest, _)| count < fewest) {
                best = Some((count, band));
            }
        }
        let (_, band) = best?;
        let (mut one, mut two, mut three, mut four) = (0u16, 0u16, 0u16, 0u16);
        for lane in &state.configs[band].to_array()[..6] {
            four |= three & lane;
            three |= two & lane;
            two |= one & lane;
            one |= lane;
        }
        let pick = [two & !three, three & !four, four].into_iter().find(|&digits| digits != 0).unwrap_or(one);
        Some((band, pick.trailing_zeros() as usize))
    }

    /// The grid of a settled state whose cells have one digit each.
    fn digits(state: &State) -> [u8; 81] {
        let mut grid = [0u8; 81];
        for (index, cells) in state.boxes.iter().enumerate() {
            let lanes = cells.to_array();
            for r in 0..3 {
                for c in 0..3 {
                    let cell = (3 * (index / 3) + r) * 9 + 3 * (index % 3) + c;
                    grid[cell] = lanes[4 * r + c].trailing_zeros() as u8 + 1;
                }
            }
        }
        grid
    }
}

/// Under the internal checks: every solution keeps the givens and is a Sudoku grid.
fn check_solution(givens: &[u8; 81], grid: &[u8; 81]) {
    for cell in 0..81 {
        assert!(givens[cell] == 0 || givens[cell] == grid[cell], "solution loses the given at {cell}");
    }
    for unit in 0..9 {
        let (mut row, mut col, mut square) = (0u16, 0u16, 0u16);
        for i in 0..9 {
            row |= 1 << grid[9 * unit + i];
            col |= 1 << grid[9 * i + unit];
            square |= 1 << grid[(3 * (unit / 3) + i / 3) * 9 + 3 * (unit % 3) + i % 3];
        }
        assert!(row == 0x3fe && col == 0x3fe && square == 0x3fe, "solution breaks unit {unit}");
    }
}
