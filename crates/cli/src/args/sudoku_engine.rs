//! `--engine` of `tessera sudoku solve` and `count`: the library's solvers and the teaching
//! engines of the Learn view.

/// The Sudoku solvers, as named on the command line (the first is the default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SudokuEngineArg {
    /// The dedicated 9x9 solver for classic 9x9 puzzles; otherwise the general one, handing over
    /// to the learning engine (sat) when it stalls.
    Auto,
    /// The dedicated bitboard solver (classic 9x9; other puzzles fall back to `general`).
    Fast,
    /// Constraint propagation and backtracking, any size and variant.
    General,
    /// The exact-cover reduction (dancing links), any size and variant.
    Xc,
    /// Conflict-driven clause learning (CaDiCaL) over the Boolean encoding, any size and variant.
    Sat,
    /// For teaching (the Learn view's race), slow: plain backtracking, the first empty cell in
    /// reading order, digits ascending, each checked against its row, column and box.
    Backtrack,
    /// For teaching, slow: backtracking on the cell with the fewest candidates, no other pruning.
    Mrv,
    /// For teaching: the exact-cover reduction under Knuth's DLX1 (no look-ahead), whose nodes
    /// are those of `tessera xc count --engine dlx1` on the reduction and of the Learn view's race.
    Dlx1,
}

/// What a `--engine` runs: one of the library's solvers, or a teaching engine
/// (`tessera::sudoku::teach`), whose node counts are those of the Learn view's race.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SudokuEngine {
    /// `sudoku::solve` and `sudoku::count` with this engine.
    Solver(tessera::sudoku::Engine),
    /// `sudoku::teach::solve` with this engine.
    Teach(tessera::sudoku::teach::Engine),
}

impl SudokuEngineArg {
    /// What the engine runs, for `sudoku solve` and `sudoku count` alike.
    pub fn resolve(self) -> SudokuEngine {
        use tessera::sudoku::teach::Engine as Teach;
        use tessera::sudoku::Engine;
        match self {
            SudokuEngineArg::Auto => SudokuEngine::Solver(Engine::Auto),
            SudokuEngineArg::Fast => SudokuEngine::Solver(Engine::Fast),
            SudokuEngineArg::General => SudokuEngine::Solver(Engine::General),
            SudokuEngineArg::Xc => SudokuEngine::Solver(Engine::ExactCover),
            SudokuEngineArg::Sat => SudokuEngine::Solver(Engine::Learn),
            SudokuEngineArg::Backtrack => SudokuEngine::Teach(Teach::Backtrack),
            SudokuEngineArg::Mrv => SudokuEngine::Teach(Teach::Mrv),
            SudokuEngineArg::Dlx1 => SudokuEngine::Teach(Teach::ExactCover),
        }
    }
}
