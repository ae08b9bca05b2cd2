//! The families' classes, each registered with [`family_class!`] and its own `generate`.

use pyo3::prelude::*;
use tessera::akari;
use tessera::kakuro;
use tessera::kenken;
use tessera::killer;
use tessera::nonogram;
use tessera::starbattle;
use tessera::takuzu;
use tessera::variant;

use crate::common::{self, Generated};
use crate::family::{family_class, generated};

family_class!(
    /// A Killer Sudoku: a Sudoku grid (4x4, 6x6, 9x9, ... any side that is not prime, boxes as
    /// in Sudoku) divided into cages, each with a sum; digits do not repeat in a cage.
    ///
    /// ``Killer(text)`` reads one puzzle in the janko.at format (``N N``, N rows of cage sums
    /// written in one cell of each cage, ``-`` elsewhere, then N rows of cage ids);
    /// ``Killer.parse_many(text)`` every puzzle of a text. ``engine`` is ``'auto'``,
    /// ``'propagate'`` or ``'xc'``. Solutions are ``tessera.Answer``.
    ///
    /// >>> puzzle = tessera.Killer('4 4\n9 - 8 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n')
    /// >>> puzzle.solve().rows
    /// [[2, 3, 4, 1], [4, 1, 3, 2], [3, 2, 1, 4], [1, 4, 2, 3]]
    Killer(killer::Killer),
    {
        /// Generates a puzzle with exactly one solution, reproducibly from ``seed``: ``size`` 4,
        /// 6, 8, 9, ... up to 25 (not prime), ``level`` one of the family's levels (``None``:
        /// any). Raises ``tessera.GaveUp`` when ``max_nodes`` or ``timeout`` runs out first.
        #[staticmethod]
        #[pyo3(signature = (*, size = 9, level = None, seed = 0, max_nodes = None, timeout = None))]
        fn generate(
            py: Python<'_>,
            size: usize,
            level: Option<&str>,
            seed: u64,
            max_nodes: Option<i64>,
            timeout: Option<f64>,
        ) -> PyResult<Generated> {
            let mut generator = killer::Generator::new(size).map_err(|err| crate::errors::puzzle_error(py, err))?;
            if let Some(level) = level {
                generator = generator.difficulty(common::level::<killer::Difficulty>(level)?);
            }
            let made = common::within(py, max_nodes, timeout, |budget| generator.clone().budget(budget).generate(seed))?;
            generated(py, made, |puzzle| Killer { puzzle })
        }
    }
);

family_class!(
    /// A KenKen (Calcudoku) puzzle: fill the N x N grid with 1..N, once in every row and column,
    /// so that each cage's cells make its target with its operation (``+ - * /``; a bare number
    /// on a larger cage hides the operation).
    ///
    /// ``KenKen(text)`` reads one puzzle in the janko.at format (``N N``, N rows of clues, N
    /// rows of cage ids); ``KenKen.parse_many(text)`` every puzzle of a text. ``engine`` is
    /// ``'auto'``, ``'propagate'`` or ``'xc'``. Solutions are ``tessera.Answer``.
    ///
    /// >>> made = tessera.KenKen.generate(size=4, seed=1)
    /// >>> made.puzzle.count().solutions
    /// 1
    /// >>> made.puzzle.solve() == made.solution
    /// True
    KenKen(kenken::KenKen),
    {
        /// Generates a puzzle with exactly one solution, reproducibly from ``seed``: ``size``
        /// from 3 to 12, ``level`` one of the family's levels (``None``: any),
        /// ``hidden_operations`` for the form whose cages show their target only. Raises
        /// ``tessera.GaveUp`` when ``max_nodes`` or ``timeout`` runs out first.
        #[staticmethod]
        #[pyo3(signature = (*, size = 6, level = None, seed = 0, hidden_operations = false, max_nodes = None, timeout = None))]
        fn generate(
            py: Python<'_>,
            size: usize,
            level: Option<&str>,
            seed: u64,
            hidden_operations: bool,
            max_nodes: Option<i64>,
            timeout: Option<f64>,
        ) -> PyResult<Generated> {
            let size = <kenken::KenKen as tessera::Family>::side(size).map_err(|err| crate::errors::puzzle_error(py, err))?;
            let mut generator = kenken::Generator::new(size).hidden_operations(hidden_operations);
            if let Some(level) = level {
                generator = generator.difficulty(common::level::<kenken::Difficulty>(level)?);
            }
            let made = common::within(py, max_nodes, timeout, |budget| generator.clone().budget(budget).generate(seed))?;
            generated(py, made, |puzzle| KenKen { puzzle })
        }
    }
);

family_class!(
    /// A Star Battle puzzle: place K stars in every row, column and region of the grid so that
    /// no two stars touch, not even diagonally. Blocked cells (``@`` or ``#``) take no star.
    ///
    /// ``StarBattle(text)`` reads one puzzle in the janko.at format (``W H K``, then H rows of
    /// region ids); ``StarBattle.parse_many(text)`` every puzzle of a text. ``engine`` is
    /// ``'auto'``, ``'bits'`` or ``'xc'`` (exact cover with multiplicities). Solutions are
    /// ``tessera.Answer`` (1 a star, 0 none).
    ///
    /// >>> made = tessera.StarBattle.generate(size=6, stars=1, seed=1)
    /// >>> made.puzzle.count().solutions
    /// 1
    /// >>> sum(map(sum, made.solution.rows))
    /// 6
    StarBattle(starbattle::StarBattle),
    {
        /// Generates a puzzle with exactly one solution, reproducibly from ``seed``: ``size``
        /// from 4 to 30, ``stars`` (K) from 1 to as many as fit without touching, ``level`` one of the family's levels
        /// (``None``: any). Raises ``tessera.GaveUp`` when ``max_nodes`` or ``timeout`` runs out
        /// first.
        #[staticmethod]
        #[pyo3(signature = (*, size = 10, stars = 2, level = None, seed = 0, max_nodes = None, timeout = None))]
        fn generate(
            py: Python<'_>,
            size: usize,
            stars: usize,
            level: Option<&str>,
            seed: u64,
            max_nodes: Option<i64>,
            timeout: Option<f64>,
        ) -> PyResult<Generated> {
            let size = <starbattle::StarBattle as tessera::Family>::side(size).map_err(|err| crate::errors::puzzle_error(py, err))?;
            let mut generator =
                starbattle::Generator::new(size, stars).map_err(|err| crate::errors::puzzle_error(py, err))?;
            if let Some(level) = level {
                generator = generator.difficulty(common::level::<starbattle::Difficulty>(level)?);
            }
            let made = common::within(py, max_nodes, timeout, |budget| generator.clone().budget(budget).generate(seed))?;
            generated(py, made, |puzzle| StarBattle { puzzle })
        }
    }
);

family_class!(
    /// A variant Sudoku as data: an N x N grid (4 to 16; boxes, jigsaw regions or none), its
    /// givens and a list of constraints (killer cages, thermometers, arrows, kropki dots, XV,
    /// little killers, sandwiches, whispers, renban, ...).
    ///
    /// ``Variant(text)`` reads one puzzle in any format the library reads (Tessera's JSON,
    /// f-puzzles JSON, an f-puzzles or SudokuPad share link, an ISS string);
    /// ``Variant.parse_many(text)`` one puzzle a line; ``Variant.from_fpuzzles(text)`` and
    /// ``Variant.from_link(url)`` one of those forms; ``to_json()`` Tessera's JSON, which the
    /// constructor reads back. Answers are rows of digits (``1``-``9``, then ``A``-``G``).
    /// Solutions are ``tessera.Answer``.
    ///
    /// >>> puzzle = tessera.Variant('{"size":4,"regions":[0,0,1,1,0,0,1,1,2,2,3,3,2,2,3,3],"givens":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"constraints":[{"kind":"thermometer","cells":["r1c1","r1c2","r1c3","r1c4"]},{"kind":"thermometer","cells":["r2c1","r3c1"]},{"kind":"cage","cells":["r3c2","r3c3"],"sum":3},{"kind":"xv","cells":["r4c3","r4c4"],"sum":5}]}')
    /// >>> puzzle.solve().rows
    /// [[1, 2, 3, 4], [3, 4, 1, 2], [4, 1, 2, 3], [2, 3, 4, 1]]
    Variant(variant::Variant),
    {
        /// One puzzle from an f-puzzles JSON text (raises ``tessera.ParseError``).
        #[staticmethod]
        fn from_fpuzzles(py: Python<'_>, text: &str) -> PyResult<Variant> {
            variant::from_fpuzzles(text)
                .map(|puzzle| Variant { puzzle })
                .map_err(|err| crate::errors::puzzle_error(py, err))
        }

        /// One puzzle from an f-puzzles or SudokuPad share link (raises ``tessera.ParseError``).
        #[staticmethod]
        fn from_link(py: Python<'_>, url: &str) -> PyResult<Variant> {
            variant::from_link(url).map(|puzzle| Variant { puzzle }).map_err(|err| crate::errors::puzzle_error(py, err))
        }

        /// The puzzle as f-puzzles JSON (what ``from_fpuzzles`` and f-puzzles read back).
        fn to_fpuzzles(&self) -> String {
            variant::to_fpuzzles(&self.puzzle)
        }

        /// The puzzle as an f-puzzles share link (``https://f-puzzles.com/?load=...``).
        fn to_link(&self) -> String {
            variant::to_link(&self.puzzle)
        }

        /// The puzzle as Tessera's JSON on one line (what the constructor reads back).
        fn to_json(&self) -> String {
            variant::to_json(&self.puzzle)
        }

        /// The side N.
        #[getter]
        fn size(&self) -> usize {
            self.puzzle.size
        }

        /// Generates a puzzle with exactly one solution, reproducibly from ``seed``: ``size`` 4
        /// to 16 (not prime), ``template`` one of the generator's rules templates (``None``:
        /// ``'killer'``), ``level`` one of the levels (``None``: any). Raises ``tessera.GaveUp``
        /// when ``max_nodes`` or ``timeout`` runs out first.
        #[staticmethod]
        #[pyo3(signature = (*, size = 9, template = None, level = None, seed = 0, max_nodes = None, timeout = None))]
        fn generate(
            py: Python<'_>,
            size: usize,
            template: Option<&str>,
            level: Option<&str>,
            seed: u64,
            max_nodes: Option<i64>,
            timeout: Option<f64>,
        ) -> PyResult<Generated> {
            let mut generator = variant::Generator::new(size).map_err(|err| crate::errors::puzzle_error(py, err))?;
            if let Some(template) = template {
                generator = generator.template(common::level::<variant::Template>(template)?);
            }
            if let Some(level) = level {
                generator = generator.difficulty(common::level::<variant::Difficulty>(level)?);
            }
            let made = common::within(py, max_nodes, timeout, |budget| generator.clone().budget(budget).generate(seed))?;
            generated(py, made, |puzzle| Variant { puzzle })
        }
    }
);

family_class!(
    /// A Skyscrapers puzzle: an N x N Latin square (4 to 16) of building heights, with counts
    /// outside the grid of the buildings seen from there; givens allowed.
    ///
    /// ``Skyscrapers(text)`` reads one puzzle: a puzz.link address
    /// (``https://puzz.link/p?skyscrapers/N/N/...``), the text form (the clues in a frame around
    /// the grid) or Tessera's JSON; ``to_url()`` writes the address back. Solutions are
    /// ``tessera.Answer``.
    ///
    /// >>> puzzle = tessera.Skyscrapers('https://puzz.link/p?skyscrapers/4/4/k13h4j3g')
    /// >>> puzzle.count().solutions
    /// 1
    Skyscrapers(variant::Skyscrapers),
    {
        /// The puzzle as Tessera's JSON on one line (what the constructor reads back).
        fn to_json(&self) -> String {
            self.puzzle.to_json()
        }

        /// The puzzle as a puzz.link address.
        fn to_url(&self) -> String {
            self.puzzle.url().unwrap_or_default()
        }

        /// The side N.
        #[getter]
        fn size(&self) -> usize {
            self.puzzle.size()
        }

        /// Generates a puzzle with exactly one solution, reproducibly from ``seed``: ``size`` 4
        /// to 9, ``level`` one of the levels (``None``: any). Raises ``tessera.GaveUp`` when
        /// ``max_nodes`` or ``timeout`` runs out first.
        #[staticmethod]
        #[pyo3(signature = (*, size = 5, level = None, seed = 0, max_nodes = None, timeout = None))]
        fn generate(
            py: Python<'_>,
            size: usize,
            level: Option<&str>,
            seed: u64,
            max_nodes: Option<i64>,
            timeout: Option<f64>,
        ) -> PyResult<Generated> {
            let mut generator =
                variant::genre::Generator::new(size).map_err(|err| crate::errors::puzzle_error(py, err))?;
            if let Some(level) = level {
                generator = generator.difficulty(common::level::<variant::Difficulty>(level)?);
            }
            let made = common::within(py, max_nodes, timeout, |budget| generator.clone().budget(budget).generate(seed))?;
            generated(py, made, |puzzle| Skyscrapers { puzzle })
        }
    }
);

family_class!(
    /// A Futoshiki puzzle: an N x N Latin square (4 to 16) with inequality signs between some
    /// neighbours; givens allowed.
    ///
    /// ``Futoshiki(text)`` reads one puzzle: the text form (rows of cells with ``<`` and ``>``
    /// between them, lines of ``^`` and ``v`` between the rows) or Tessera's JSON. Solutions are
    /// ``tessera.Answer``.
    ///
    /// >>> made = tessera.Futoshiki.generate(size=5, seed=1)
    /// >>> made.puzzle.count().solutions
    /// 1
    Futoshiki(variant::Futoshiki),
    {
        /// The puzzle as Tessera's JSON on one line (what the constructor reads back).
        fn to_json(&self) -> String {
            self.puzzle.to_json()
        }

        /// The side N.
        #[getter]
        fn size(&self) -> usize {
            self.puzzle.size()
        }

        /// Generates a puzzle with exactly one solution, reproducibly from ``seed``: ``size`` 4
        /// to 9, ``level`` one of the levels (``None``: any). Raises ``tessera.GaveUp`` when
        /// ``max_nodes`` or ``timeout`` runs out first.
        #[staticmethod]
        #[pyo3(signature = (*, size = 5, level = None, seed = 0, max_nodes = None, timeout = None))]
        fn generate(
            py: Python<'_>,
            size: usize,
            level: Option<&str>,
            seed: u64,
            max_nodes: Option<i64>,
            timeout: Option<f64>,
        ) -> PyResult<Generated> {
            let mut generator =
                variant::genre::Generator::new(size).map_err(|err| crate::errors::puzzle_error(py, err))?;
            if let Some(level) = level {
                generator = generator.difficulty(common::level::<variant::Difficulty>(level)?);
            }
            let made = common::within(py, max_nodes, timeout, |budget| generator.clone().budget(budget).generate(seed))?;
            generated(py, made, |puzzle| Futoshiki { puzzle })
        }
    }
);

family_class!(
    /// A Nonogram: shade cells so that every row and column shows runs of shaded cells of the
    /// lengths its clue gives, in order, with an empty cell between two runs.
    ///
    /// ``Nonogram(text)`` reads one puzzle: the ``.non`` text of nonogram-db and webpbn
    /// (``width``, ``height``, ``rows``, ``columns``), a puzz.link address
    /// (``https://puzz.link/p?nonogram/W/H/...``) or Tessera's JSON; ``to_url()`` writes the
    /// address back. ``engine`` is ``'auto'``, ``'lines'`` (line logic and search), ``'sat'``
    /// (CaDiCaL) or ``'xc'`` (exact cover with colours). Solutions are ``tessera.Answer`` (1
    /// shaded, 0 empty).
    ///
    /// >>> puzzle = tessera.Nonogram('https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h')
    /// >>> puzzle.count().solutions
    /// 1
    Nonogram(nonogram::Nonogram),
    {
        /// The puzzle as Tessera's JSON on one line (what the constructor reads back).
        fn to_json(&self) -> String {
            nonogram::to_json(&self.puzzle).to_string()
        }

        /// The puzzle as a puzz.link address.
        fn to_url(&self) -> String {
            nonogram::to_url(&self.puzzle)
        }

        /// Each row's runs, top to bottom.
        #[getter]
        fn row_clues(&self) -> Vec<Vec<u32>> {
            self.puzzle.rows().to_vec()
        }

        /// Each column's runs, left to right.
        #[getter]
        fn column_clues(&self) -> Vec<Vec<u32>> {
            self.puzzle.columns().to_vec()
        }

        /// Generates a puzzle with exactly one solution, reproducibly from ``seed``: ``size`` 5
        /// to 40 (square), ``level`` one of the levels (``None``: any). Raises ``tessera.GaveUp``
        /// when ``max_nodes`` or ``timeout`` runs out first.
        #[staticmethod]
        #[pyo3(signature = (*, size = 10, level = None, seed = 0, max_nodes = None, timeout = None))]
        fn generate(
            py: Python<'_>,
            size: usize,
            level: Option<&str>,
            seed: u64,
            max_nodes: Option<i64>,
            timeout: Option<f64>,
        ) -> PyResult<Generated> {
            let size = <nonogram::Nonogram as tessera::Family>::side(size).map_err(|err| crate::errors::puzzle_error(py, err))?;
            let mut generator =
                nonogram::Generator::new(size, size).map_err(|err| crate::errors::puzzle_error(py, err))?;
            if let Some(level) = level {
                let level = common::level::<nonogram::Difficulty>(level)?;
                nonogram::Generator::reaches(Some(level), size, size).map_err(|err| crate::errors::puzzle_error(py, err))?;
                generator = generator.difficulty(level);
            }
            let made = common::within(py, max_nodes, timeout, |budget| generator.clone().budget(budget).generate(seed))?;
            generated(py, made, |puzzle| Nonogram { puzzle })
        }
    }
);

family_class!(
    /// A Kakuro: fill the white cells with digits 1 to 9 so that each run of white cells across
    /// or down adds up to the clue in the block before it, no digit twice in a run.
    ///
    /// ``Kakuro(text)`` reads one puzzle: the text form of janko.at's puzzles (a ``ROWS COLS``
    /// line, then a line a row: ``0`` white, ``-`` a block, ``D,R`` a clue block), a puzz.link
    /// address (``https://puzz.link/p?kakuro/COLS/ROWS/...``, the size inside the frame of
    /// clues) or Tessera's JSON; ``to_url()`` writes the address back. ``engine`` is ``'auto'``
    /// (the propagating search) or ``'xc'`` (exact cover). Solutions are ``tessera.Answer`` (a
    /// digit a white cell, 0 a block).
    ///
    /// >>> puzzle = tessera.Kakuro('https://puzz.link/p?kakuro/6/5/Dclh4t9fl3-p-gl-alJeC3BgG')
    /// >>> puzzle.count().solutions
    /// 1
    Kakuro(kakuro::Kakuro),
    {
        /// The puzzle as Tessera's JSON on one line (what the constructor reads back).
        fn to_json(&self) -> String {
            kakuro::to_json(&self.puzzle)
        }

        /// The puzzle as a puzz.link address; ``ValueError`` when its first row or column
        /// holds a white cell (a puzz.link Kakuro's frame is clue cells).
        fn to_url(&self, py: Python<'_>) -> PyResult<String> {
            kakuro::to_url(&self.puzzle).map_err(|err| crate::errors::puzzle_error(py, err))
        }

        /// Generates a puzzle with exactly one solution, reproducibly from ``seed``: ``size`` 4
        /// to 24 (square, the frame of clues included), ``level`` one of the levels (``None``:
        /// any). Raises ``tessera.GaveUp`` when ``max_nodes`` or ``timeout`` runs out first.
        #[staticmethod]
        #[pyo3(signature = (*, size = 10, level = None, seed = 0, max_nodes = None, timeout = None))]
        fn generate(
            py: Python<'_>,
            size: usize,
            level: Option<&str>,
            seed: u64,
            max_nodes: Option<i64>,
            timeout: Option<f64>,
        ) -> PyResult<Generated> {
            let size = <kakuro::Kakuro as tessera::Family>::side(size).map_err(|err| crate::errors::puzzle_error(py, err))?;
            let mut generator =
                kakuro::Generator::new(size, size).map_err(|err| crate::errors::puzzle_error(py, err))?;
            if let Some(level) = level {
                let level = common::level::<kakuro::Difficulty>(level)?;
                kakuro::Generator::reaches(Some(level), size, size).map_err(|err| crate::errors::puzzle_error(py, err))?;
                generator = generator.difficulty(level);
            }
            let made = common::within(py, max_nodes, timeout, |budget| generator.clone().budget(budget).generate(seed))?;
            generated(py, made, |puzzle| Kakuro { puzzle })
        }
    }
);

family_class!(
    /// A Takuzu (Binairo): fill every cell with 0 or 1 so that no three alike sit side by side in
    /// a row or column, every row and column holds as many 0s as 1s, and (unless the puzzle says
    /// ``repeat``) no two rows and no two columns are alike.
    ///
    /// ``Takuzu(text)`` reads one puzzle: Tessera's text (a ``W H`` line, ``W H repeat`` when
    /// lines may be alike, then a line a row of ``0``, ``1`` and ``.``), a game id of Tatham's
    /// ``unruly`` (``8x8u:...``) or Tessera's JSON; ``to_game_id()`` writes the id (puzz.link has
    /// no Takuzu genre). ``engine`` is ``'auto'``, ``'lines'`` (exact line solving and search),
    /// ``'sat'`` (CaDiCaL) or ``'xc'`` (exact cover with colours). Solutions are
    /// ``tessera.Answer`` (the digits 0 and 1).
    ///
    /// >>> puzzle = tessera.Takuzu('6x6de:abBfCFACgf')
    /// >>> puzzle.count().solutions
    /// 1
    Takuzu(takuzu::Takuzu),
    {
        /// The puzzle as Tessera's JSON on one line (what the constructor reads back).
        fn to_json(&self) -> String {
            takuzu::to_json(&self.puzzle).to_string()
        }

        /// The puzzle as a game id of Tatham's ``unruly``.
        fn to_game_id(&self) -> String {
            takuzu::to_game_id(&self.puzzle)
        }

        /// Whether no two rows and no two columns may be alike.
        #[getter]
        fn distinct(&self) -> bool {
            self.puzzle.distinct()
        }

        /// Generates a puzzle with exactly one solution, reproducibly from ``seed``: ``size`` 4
        /// to 20 and even (square), ``level`` one of the levels (``None``: any), ``distinct``
        /// ``False`` for Tatham's rules (lines may be alike). Raises ``tessera.GaveUp`` when
        /// ``max_nodes`` or ``timeout`` runs out first.
        #[staticmethod]
        #[pyo3(signature = (*, size = 8, level = None, seed = 0, distinct = true, max_nodes = None, timeout = None))]
        fn generate(
            py: Python<'_>,
            size: usize,
            level: Option<&str>,
            seed: u64,
            distinct: bool,
            max_nodes: Option<i64>,
            timeout: Option<f64>,
        ) -> PyResult<Generated> {
            let size = <takuzu::Takuzu as tessera::Family>::side(size).map_err(|err| crate::errors::puzzle_error(py, err))?;
            let mut generator = takuzu::Generator::new(size, size)
                .map_err(|err| crate::errors::puzzle_error(py, err))?
                .distinct(distinct);
            if let Some(level) = level {
                let level = common::level::<takuzu::Difficulty>(level)?;
                takuzu::Generator::reaches(Some(level), size, size).map_err(|err| crate::errors::puzzle_error(py, err))?;
                generator = generator.difficulty(level);
            }
            let made = common::within(py, max_nodes, timeout, |budget| generator.clone().budget(budget).generate(seed))?;
            generated(py, made, |puzzle| Takuzu { puzzle })
        }
    }
);

family_class!(
    /// An Akari (Light Up): place bulbs in white cells so that every white cell is lit (a bulb
    /// lights its row and column up to the walls), no bulb lights another, and a numbered wall
    /// has exactly that many bulbs beside it.
    ///
    /// ``Akari(text)`` reads one puzzle: the text form (a ``W H`` line, then a line a row:
    /// ``.`` white, ``X`` a wall, ``0``-``4`` a numbered wall), a puzz.link address
    /// (``https://puzz.link/p?lightup/W/H/...``), a game id of Tatham's ``lightup`` or Tessera's
    /// JSON; ``to_url()`` writes the address back. ``engine`` is ``'auto'``, ``'search'``,
    /// ``'sat'`` (CaDiCaL) or ``'xc'`` (exact cover). Solutions are ``tessera.Answer`` (1 a
    /// bulb, 0 none).
    ///
    /// >>> puzzle = tessera.Akari('3 3\n...\n.2.\n...\n')
    /// >>> puzzle.count().solutions
    /// 4
    Akari(akari::Akari),
    {
        /// The puzzle as Tessera's JSON on one line (what the constructor reads back).
        fn to_json(&self) -> String {
            akari::to_json(&self.puzzle).to_string()
        }

        /// The puzzle as a puzz.link address.
        fn to_url(&self) -> String {
            akari::to_url(&self.puzzle)
        }

        /// Generates a puzzle with exactly one solution, reproducibly from ``seed``: ``size`` 5
        /// to 25 (square), ``level`` one of the levels (``None``: any). Raises
        /// ``tessera.GaveUp`` when ``max_nodes`` or ``timeout`` runs out first.
        #[staticmethod]
        #[pyo3(signature = (*, size = 10, level = None, seed = 0, max_nodes = None, timeout = None))]
        fn generate(
            py: Python<'_>,
            size: usize,
            level: Option<&str>,
            seed: u64,
            max_nodes: Option<i64>,
            timeout: Option<f64>,
        ) -> PyResult<Generated> {
            let size = <akari::Akari as tessera::Family>::side(size).map_err(|err| crate::errors::puzzle_error(py, err))?;
            let mut generator =
                akari::Generator::new(size, size).map_err(|err| crate::errors::puzzle_error(py, err))?;
            if let Some(level) = level {
                let level = common::level::<akari::Difficulty>(level)?;
                akari::Generator::reaches(Some(level), size, size).map_err(|err| crate::errors::puzzle_error(py, err))?;
                generator = generator.difficulty(level);
            }
            let made = common::within(py, max_nodes, timeout, |budget| generator.clone().budget(budget).generate(seed))?;
            generated(py, made, |puzzle| Akari { puzzle })
        }
    }
);
