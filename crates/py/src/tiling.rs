//! `tessera.TilingPuzzle` (a board and a set of polyominoes, `tessera::tiling::Puzzle`) and
//! `tessera.Tiling` (one way to cover it, `tessera::tiling::Tiling`).
//!
//! A `Tiling` keeps a reference to its puzzle, because a Rust tiling is only a list of placement
//! numbers: the puzzle is what turns them into pieces and squares. `verify` accepts a tiling of
//! another `TilingPuzzle` object too, by matching its placements by piece and squares.

use std::collections::HashMap;
use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tessera::tiling::{self as rust, Board, Motion, Puzzle, Style};

use crate::class::{self, python_class, Answers, Class, Options};
use crate::common::Count;
use crate::errors::puzzle_error;
use crate::pickle::{Field, Pickle, Reader};

/// A polyomino tiling problem: cover a ``board`` with ``pieces``, each used once (or as many
/// times as its piece file says), moved as ``motion`` allows.
///
/// ``board`` is a size ``'WxH'`` (``'6x10'``: 6 wide, 10 high) or a drawing (lines of ``.``
/// for a cell and ``#`` for a hole). ``pieces`` is a built-in set (``'pentominoes'``,
/// ``'tetrominoes'``, ``'hexominoes'``, ``'one-sided-pentominoes'``) or a piece file's text
/// (pieces drawn with letters). ``motion`` is ``'free'`` (turn and flip), ``'rotations'`` or
/// ``'fixed'``; by default the set's own (free for drawn pieces).
///
/// >>> puzzle = tessera.TilingPuzzle('3x20', 'pentominoes')
/// >>> puzzle.count().solutions
/// 8
/// >>> puzzle.count(distinct=True).solutions
/// 2
/// >>> tiling = puzzle.solve()
/// >>> puzzle.verify(tiling).valid
/// True
#[pyclass(frozen, module = "tessera")]
#[derive(Debug, Clone)]
pub struct TilingPuzzle {
    puzzle: Arc<Puzzle>,
}

impl TilingPuzzle {
    /// `count` with ``distinct``: classes up to the board's symmetries.
    fn count_with(&self, py: Python<'_>, options: Options<'_>, distinct: bool) -> PyResult<Count> {
        if distinct && options.limit.is_some() {
            return Err(PyValueError::new_err("distinct=True counts every class: leave limit out"));
        }
        class::count_by(self, py, options, move |puzzle, query| {
            if distinct {
                rust::count_distinct(puzzle, query).count
            } else {
                rust::count(puzzle, query)
            }
        })
    }

    /// The shard tree of `count_shard`, with or without the symmetry reduction.
    fn shard_tree(&self, symmetry: bool) -> PyResult<rust::ShardTree<'_>> {
        Ok(rust::ShardTree::new(&self.puzzle, symmetry))
    }
}

impl Class for TilingPuzzle {
    type Search = Puzzle;

    fn search(&self) -> &Puzzle {
        &self.puzzle
    }

    fn to_python(&self, py: Python<'_>, tiling: rust::Tiling) -> PyResult<Py<PyAny>> {
        Ok(Py::new(py, Tiling { puzzle: self.puzzle.clone(), tiling })?.into_any())
    }
}

/// An answer is a `Tiling`, of this puzzle or of another with the same pieces: its placements
/// are matched by piece and squares.
impl Answers for TilingPuzzle {
    fn answer(&self, _py: Python<'_>, tiling: &Bound<'_, PyAny>) -> PyResult<rust::Tiling> {
        let tiling = tiling.extract::<PyRef<'_, Tiling>>()?;
        Ok(if Arc::ptr_eq(&tiling.puzzle, &self.puzzle) {
            tiling.tiling.clone()
        } else {
            // Match each placement by piece name and squares; one that is not a placement of
            // this puzzle gets a number past the end, which the verifier reports.
            let index: HashMap<(char, Vec<(i32, i32)>), usize> = self
                .puzzle
                .placements()
                .iter()
                .enumerate()
                .map(|(i, _)| (placement_key(&self.puzzle, i), i))
                .collect();
            let unknown = self.puzzle.placements().len();
            rust::Tiling::new(
                (0..tiling.tiling.placements.len())
                    .map(|k| {
                        let key = placement_key(&tiling.puzzle, tiling.tiling.placements[k]);
                        index.get(&key).copied().unwrap_or(unknown + k)
                    })
                    .collect(),
            )
        })
    }
}

/// Saved as its board's drawing, its motion and its pieces (name, copies, cells); `Puzzle::new`
/// makes the same placements, in the same order, from them.
impl Pickle for TilingPuzzle {
    const NAME: &'static str = "TilingPuzzle";

    fn save(&self, out: &mut Vec<u8>) {
        save_puzzle(&self.puzzle, out);
    }

    fn load(input: &mut Reader<'_>) -> Result<Self, String> {
        Ok(TilingPuzzle { puzzle: Arc::new(load_puzzle(input)?) })
    }
}

/// A piece as saved: its name, copies and cells.
type SavedPiece = (char, u32, Vec<(i32, i32)>);

fn save_puzzle(puzzle: &Puzzle, out: &mut Vec<u8>) {
    puzzle.board().to_text().put(out);
    let motion: u8 = match puzzle.motion() {
        Motion::Free => 0,
        Motion::Rotations => 1,
        Motion::Fixed => 2,
    };
    motion.put(out);
    let pieces: Vec<SavedPiece> =
        puzzle.pieces().iter().map(|piece| (piece.name(), piece.copies(), piece.cells().to_vec())).collect();
    pieces.put(out);
}

fn load_puzzle(input: &mut Reader<'_>) -> Result<Puzzle, String> {
    let board = Board::parse(&String::take(input)?).map_err(|e| e.to_string())?;
    let motion = match u8::take(input)? {
        0 => Motion::Free,
        1 => Motion::Rotations,
        2 => Motion::Fixed,
        other => return Err(format!("motion {other}")),
    };
    let mut pieces = Vec::new();
    for (name, copies, cells) in Vec::<SavedPiece>::take(input)? {
        // As the piece reader allows: the limits keep every offset and count small.
        let side = rust::MAX_PIECE_CELLS as i32;
        if cells.len() > rust::MAX_PIECE_CELLS
            || cells.iter().any(|&(r, c)| !(0..side).contains(&r) || !(0..side).contains(&c))
        {
            return Err(format!("piece {name:?} has cells out of range"));
        }
        if copies > 1000 {
            return Err(format!("piece {name:?} has {copies} copies; at most 1000"));
        }
        let piece = rust::Piece::new(name, &cells).ok_or_else(|| format!("piece {name:?} has no cells"))?;
        pieces.push(piece.with_copies(copies));
    }
    Ok(Puzzle::new(board, pieces, motion))
}

python_class!(TilingPuzzle [solve count(distinct: bool = false) solutions verify count_shard(symmetry: bool = true) pickle] {
    /// TilingPuzzle(board='6x10', pieces='pentominoes', motion=None)
    /// --
    ///
    /// The problem of tiling ``board`` with ``pieces`` (see the class documentation).
    #[new]
    #[pyo3(signature = (board = "6x10", pieces = "pentominoes", motion = None))]
    fn new(py: Python<'_>, board: &str, pieces: &str, motion: Option<&str>) -> PyResult<Self> {
        let board = if board.trim().contains('\n') || !board.contains(['x', 'X']) {
            Board::parse(board)
        } else {
            Board::parse_size(board)
        }
        .map_err(|e| puzzle_error(py, e))?;
        let (pieces, default_motion) = match rust::builtin(pieces.trim()) {
            Some(set) => set,
            None if pieces.contains('\n') => {
                (rust::parse_pieces(pieces).map_err(|e| puzzle_error(py, e))?, Motion::Free)
            }
            None => {
                let names: Vec<&str> = rust::SETS.iter().map(|(name, _)| *name).collect();
                return Err(PyValueError::new_err(format!(
                    "unknown piece set {pieces:?}; expected one of {}, or a piece file's text",
                    names.join(", ")
                )));
            }
        };
        let motion = match motion.map(|m| m.trim().to_ascii_lowercase()) {
            None => default_motion,
            Some(m) if m == "free" => Motion::Free,
            Some(m) if m == "rotations" => Motion::Rotations,
            Some(m) if m == "fixed" => Motion::Fixed,
            Some(m) => {
                return Err(PyValueError::new_err(format!(
                    "unknown motion {m:?}; expected 'free', 'rotations' or 'fixed'"
                )))
            }
        };
        Ok(TilingPuzzle { puzzle: Arc::new(Puzzle::new(board, pieces, motion)) })
    }

    /// The board's width (columns).
    #[getter]
    fn width(&self) -> usize {
        self.puzzle.board().width()
    }

    /// The board's height (rows).
    #[getter]
    fn height(&self) -> usize {
        self.puzzle.board().height()
    }

    /// The pieces' names (one letter each).
    #[getter]
    fn pieces(&self) -> Vec<char> {
        self.puzzle.pieces().iter().map(rust::Piece::name).collect()
    }

    /// The number of placements (one piece in one position): the options of the exact cover.
    #[getter]
    fn placement_count(&self) -> usize {
        self.puzzle.placements().len()
    }

    fn __repr__(&self) -> String {
        let board = self.puzzle.board();
        format!(
            "TilingPuzzle({}x{} board, {} pieces, {} placements)",
            board.width(),
            board.height(),
            self.puzzle.pieces().len(),
            self.puzzle.placements().len()
        )
    }
});

/// A placement as its piece's name and its squares `(row, column)`, sorted.
fn placement_key(puzzle: &Puzzle, placement: usize) -> (char, Vec<(i32, i32)>) {
    let placement = &puzzle.placements()[placement];
    let mut squares: Vec<(i32, i32)> = placement.cells.iter().map(|&c| puzzle.cells()[c as usize]).collect();
    squares.sort_unstable();
    (puzzle.pieces()[placement.piece].name(), squares)
}

/// One tiling of a ``TilingPuzzle``: ``placements`` lists each piece put down, as its name and
/// its squares ``(row, column)``; ``str(tiling)`` draws it with one letter per square.
///
/// >>> print(tessera.TilingPuzzle('20x3').solve())
/// UUXIIIIINNNFTWYYYYZV
/// UXXXPPLNNFFFTWWYZZZV
/// UUXPPPLLLLFTTTWWZVVV
/// <BLANKLINE>
#[pyclass(frozen, module = "tessera")]
#[derive(Debug, Clone)]
pub struct Tiling {
    puzzle: Arc<Puzzle>,
    tiling: rust::Tiling,
}

/// Saved as its puzzle and its placements' numbers.
impl Pickle for Tiling {
    const NAME: &'static str = "Tiling";

    fn save(&self, out: &mut Vec<u8>) {
        save_puzzle(&self.puzzle, out);
        self.tiling.placements.put(out);
    }

    fn load(input: &mut Reader<'_>) -> Result<Self, String> {
        let puzzle = load_puzzle(input)?;
        let placements = Vec::<usize>::take(input)?;
        if let Some(bad) = placements.iter().find(|&&p| p >= puzzle.placements().len()) {
            return Err(format!("placement {bad}; the puzzle has {}", puzzle.placements().len()));
        }
        Ok(Tiling { puzzle: Arc::new(puzzle), tiling: rust::Tiling::new(placements) })
    }
}

python_class!(Tiling [pickle] {
    /// Each piece put down: ``(name, [(row, column), ...])``, squares sorted.
    #[getter]
    fn placements(&self) -> Vec<(char, Vec<(i32, i32)>)> {
        self.tiling.placements.iter().map(|&p| placement_key(&self.puzzle, p)).collect()
    }

    /// The board drawn with one character per square (the piece's letter; ``.`` for a hole),
    /// with ANSI background colours when ``color`` is true.
    #[pyo3(signature = (color = false))]
    fn render(&self, color: bool) -> String {
        let style = if color { Style::Color } else { Style::Plain };
        rust::render(&self.puzzle, &self.tiling, style)
    }

    fn __str__(&self) -> String {
        self.render(false)
    }

    fn __repr__(&self) -> String {
        format!("Tiling({} pieces)", self.tiling.placements.len())
    }

    fn __len__(&self) -> usize {
        self.tiling.placements.len()
    }
});
