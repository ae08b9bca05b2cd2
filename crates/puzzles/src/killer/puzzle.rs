//! Killer Sudoku under the one calling convention ([`crate::Puzzle`], [`Readable`], [`Rate`],
//! `Generate`, [`Draw`]):
//! the module's free functions, gathered where the front ends find them.

use tessera_xc::Budget;

use crate::common::{CageOp, Draw, Family, Live, Picture, Readable};
use crate::killer::{format, logic, Difficulty, Generator, Grid, Killer, Violation, MAX_SIZE};
use crate::Error;

crate::common::puzzle_from_functions!(Killer, "killer", killer, Grid);
crate::common::generator!(Killer, killer);

crate::common::rated!(Killer, Difficulty, logic::rate, logic::hint);

impl Readable for Killer {
    /// Nothing: the text says everything.
    type ReadOptions = ();

    fn read<'t>(text: &'t str, _: &()) -> Box<dyn Iterator<Item = Result<Killer, Error>> + 't> {
        format::read(text)
    }

    fn to_text(&self) -> String {
        format::to_text(self)
    }

    fn solution_text(&self, solution: &Grid) -> String {
        crate::common::janko::comment_lines(self.comments()) + &solution.to_string()
    }
}

impl Draw for Killer {
    fn picture(&self, answer: Option<&Grid>) -> Picture {
        let n = self.size();
        let mut picture = Picture::new(n, n);
        for (cell, drawn) in picture.cells.iter_mut().enumerate() {
            let given = self.givens()[cell];
            let digit = answer.map_or(given, |a| a.digits().get(cell).copied().unwrap_or(0));
            drawn.put_digit(u32::from(digit));
            drawn.given = given != 0;
            picture.regions[cell] = Some(self.box_of(cell) as u32);
        }
        for cage in self.cages() {
            picture.cells[cage.anchor()].corner = Some(cage.sum().to_string());
        }
        picture.cages = (0..n * n).map(|cell| self.cage_of(cell) as u32).collect();
        picture
    }
}

impl Family for Killer {
    const TITLE: &'static str = "Killer Sudoku";
    const RULES: &'static str = "Fill the grid so that every row, column and box holds each digit once, as in Sudoku. The digits in a dashed cage add up to its small number and never repeat in it.";
    const SIDES: std::ops::RangeInclusive<usize> = 4..=MAX_SIZE;

    fn generator(size: usize, level: Option<Difficulty>, budget: &Budget) -> Result<Generator, Error> {
        Ok(Generator::new(size)?.level(level).budget(budget.clone()))
    }

    fn read_answer(text: &str) -> Result<Grid, Error> {
        Grid::parse_answer(text)
    }

    fn values(&self, solution: &Grid) -> Vec<u32> {
        solution.digits().iter().map(|&d| u32::from(d)).collect()
    }

    fn answer(&self, values: &[u32]) -> Option<Grid> {
        Grid::new(self.size(), crate::common::family::digits(values)?).ok()
    }

    fn with_placed(&self, values: &[Option<u32>]) -> Option<Self> {
        self.with_givens(crate::common::family::givens(values)).ok()
    }

    fn violation(&self, violation: &Violation) -> (&'static str, Vec<usize>) {
        use Violation as V;
        let n = self.size();
        let cells = |cells: &[(usize, usize)]| cells.iter().map(|&(r, c)| r * n + c).collect();
        match violation {
            V::Size(_) => ("size-differs", Vec::new()),
            V::Empty { cell: (r, c) } => ("empty", vec![r * n + c]),
            V::Given { cell: (r, c), .. } => ("given-changed", vec![r * n + c]),
            V::Repeated { house: "row", cells: at, .. } => ("repeated-in-row", cells(at)),
            V::Repeated { house: "column", cells: at, .. } => ("repeated-in-column", cells(at)),
            V::Repeated { cells: at, .. } => ("repeated-in-box", cells(at)),
            V::CageRepeat { cells: at, .. } => ("repeated-in-cage", cells(at)),
            V::CageSum { cells: at, .. } => ("cage-sum", cells(at)),
        }
    }

    /// The exact cover is built (and dropped) to know: it stops at [`crate::common::MAX_OPTIONS`].
    fn refusal(&self, engine: crate::killer::Engine) -> Option<String> {
        let exact = engine == crate::killer::Engine::ExactCover;
        exact
            .then(|| {
                crate::common::too_large(crate::killer::ExactCover::with_budget(self, &Budget::unlimited()))
            })
            .flatten()
    }

    /// Rows, columns and boxes; each cage's digits differ and make its sum.
    fn live(&self) -> Live {
        let n = self.size();
        let mut live = Live::latin(n, n, n as u32, |_| true);
        live.distinct.extend(Live::groups(|cell| Some(self.box_of(cell) as u32), n * n));
        for cage in self.cages() {
            if cage.cells().len() > 1 {
                live.distinct.push(cage.cells().to_vec());
            }
            live.cages.push(crate::common::Cage {
                cells: cage.cells().to_vec(),
                op: CageOp::Sum,
                target: u64::from(cage.sum()),
            });
        }
        live
    }
}
