//! `tessera.Killer`, `tessera.KenKen` and `tessera.StarBattle`: the families in the janko.at
//! text format, every class stamped by one macro ([`family_class!`]) over the library's traits
//! (`Puzzle`, `Readable`, `Rate`, `Draw`), with what they share: `Answer` (a filled grid),
//! `Step` (one step of the human solver) and `Rating`. Each family adds only how its answers are
//! read and its `generate`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tessera::{Rate, Readable};

use crate::common;
use crate::errors::puzzle_error;

/// A solved grid of one of the families: ``rows`` of numbers (the digits; for Star Battle 1 is a
/// star and 0 an empty cell), and ``text``, the answer in the family's answer format (what
/// ``verify`` reads back).
#[pyclass(frozen, eq, get_all, module = "tessera")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    width: usize,
    height: usize,
    rows: Vec<Vec<u32>>,
    text: String,
}

crate::pickle::pickle_fields!(Answer { width, height, rows, text });

crate::class::python_class!(Answer [pickle] {
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("Answer(rows={:?})", self.rows)
    }
});

impl Answer {
    /// The answer `solution` of `puzzle`, its values as the library gives them.
    pub(crate) fn of<P: tessera::Family>(puzzle: &P, solution: &P::Solution) -> Answer {
        let picture = puzzle.picture(Some(solution));
        let values = puzzle.values(solution);
        let rows = values.chunks(picture.width.max(1)).map(<[u32]>::to_vec).collect();
        Answer { width: picture.width, height: picture.height, rows, text: puzzle.solution_text(solution) }
    }

    /// An answer given from Python: an `Answer`, or its text.
    pub(crate) fn text_of(answer: &Bound<'_, PyAny>) -> PyResult<String> {
        match answer.extract::<PyRef<'_, Answer>>() {
            Ok(answer) => Ok(answer.text.clone()),
            Err(_) => answer.extract(),
        }
    }
}

/// One step of the human solver: ``technique`` (its name as players know it), ``explanation``
/// (in words, cells named r1c1), ``placed`` and ``removed`` (``(cell, value)`` pairs, cells
/// numbered row by row from 0) and ``cells`` (the cells it looks at).
#[pyclass(frozen, get_all, module = "tessera")]
#[derive(Debug, Clone)]
pub struct Step {
    technique: &'static str,
    explanation: String,
    placed: Vec<(usize, u32)>,
    removed: Vec<(usize, u32)>,
    cells: Vec<usize>,
}

crate::pickle::pickle_fields!(Step { technique, explanation, placed, removed, cells });

crate::class::python_class!(Step [pickle] {
    fn __str__(&self) -> String {
        format!("{}: {}", self.technique, self.explanation)
    }

    fn __repr__(&self) -> String {
        format!("Step(technique='{}', explanation={:?})", self.technique, self.explanation)
    }
});

impl From<tessera::common::Step> for Step {
    fn from(step: tessera::common::Step) -> Self {
        Step {
            technique: step.technique,
            explanation: step.explanation,
            placed: step.placed,
            removed: step.removed,
            cells: step.cells,
        }
    }
}

/// What the human solver did with a puzzle: ``level`` (the family's level names, easiest
/// first), ``score``, ``hardest`` (the hardest technique used), ``steps`` (every ``Step``),
/// ``solved`` and ``contradiction`` (the techniques proved there is no solution).
#[pyclass(frozen, get_all, module = "tessera")]
#[derive(Debug, Clone)]
pub struct Rating {
    level: &'static str,
    score: u32,
    hardest: Option<&'static str>,
    steps: Vec<Step>,
    solved: bool,
    contradiction: bool,
}

crate::pickle::pickle_fields!(Rating { level, score, hardest, steps, solved, contradiction });

crate::class::python_class!(Rating [pickle] {
    fn __repr__(&self) -> String {
        format!("Rating(level='{}', score={}, steps={})", self.level, self.score, self.steps.len())
    }
});

impl Rating {
    /// The library's rating of `P`.
    pub(crate) fn of<P>(rating: P::Rating) -> Rating
    where
        P: Rate<Rating = tessera::common::Rating<<P as Rate>::Level>, Step = tessera::common::Step>,
    {
        Rating {
            level: tessera::Named::name(P::level(&rating)),
            score: rating.score,
            hardest: rating.hardest,
            solved: rating.solved,
            contradiction: rating.contradiction,
            steps: rating.steps.into_iter().map(Step::from).collect(),
        }
    }
}

/// The one puzzle of `text` (a `ValueError` when it holds none or several).
pub(crate) fn one<P: Readable<ReadOptions = ()>>(py: Python<'_>, text: &str) -> PyResult<P> {
    let mut puzzles = many::<P>(py, text)?;
    match puzzles.len() {
        1 => Ok(puzzles.remove(0)),
        0 => Err(PyValueError::new_err("the text holds no puzzle")),
        n => Err(PyValueError::new_err(format!("the text holds {n} puzzles; read them with parse_many"))),
    }
}

/// Every puzzle of `text`.
pub(crate) fn many<P: Readable<ReadOptions = ()>>(py: Python<'_>, text: &str) -> PyResult<Vec<P>> {
    P::read(text, &()).collect::<Result<Vec<P>, _>>().map_err(|err| puzzle_error(py, err))
}

/// A class of one family: the struct, its `Class` and `Answers`, and `python_class!` with the
/// methods every family has (construction, `parse_many`, `width`, `height`, `to_text`, `rate`,
/// `hint`) beside the family's own (`generate`).
macro_rules! family_class {
    ($(#[$doc:meta])* $class:ident($rust:ty), { $($own:tt)* }) => {
        $(#[$doc])*
        #[pyo3::pyclass(frozen, module = "tessera")]
        #[derive(Debug, Clone)]
        pub struct $class {
            puzzle: $rust,
        }

        impl $crate::class::Class for $class {
            type Search = $rust;

            fn search(&self) -> &$rust {
                &self.puzzle
            }

            fn to_python(
                &self,
                py: pyo3::Python<'_>,
                solution: <$rust as tessera::Puzzle>::Solution,
            ) -> pyo3::PyResult<pyo3::Py<pyo3::PyAny>> {
                let answer = $crate::family::Answer::of(&self.puzzle, &solution);
                Ok(pyo3::Py::new(py, answer)?.into_any())
            }
        }

        /// An answer is an `Answer` or its text in the answer format.
        impl $crate::class::Answers for $class {
            fn answer(
                &self,
                py: pyo3::Python<'_>,
                answer: &pyo3::Bound<'_, pyo3::PyAny>,
            ) -> pyo3::PyResult<<$rust as tessera::Puzzle>::Solution> {
                let text = $crate::family::Answer::text_of(answer)?;
                <$rust as tessera::Family>::read_answer(&text).map_err(|err| $crate::errors::puzzle_error(py, err))
            }
        }

        /// Saved as its janko.at text, which the reader reads back.
        impl $crate::pickle::Pickle for $class {
            const NAME: &'static str = stringify!($class);

            fn save(&self, out: &mut Vec<u8>) {
                $crate::pickle::Field::put(&tessera::Readable::to_text(&self.puzzle), out);
            }

            fn load(input: &mut $crate::pickle::Reader<'_>) -> Result<Self, String> {
                let text: String = $crate::pickle::Field::take(input)?;
                let mut puzzles = <$rust as tessera::Readable>::read(&text, &());
                match (puzzles.next(), puzzles.next()) {
                    (Some(Ok(puzzle)), None) => Ok($class { puzzle }),
                    (Some(Err(err)), _) => Err(err.to_string()),
                    _ => Err("not exactly one puzzle".to_owned()),
                }
            }
        }

        $crate::class::python_class!($class [solve count solutions verify pickle] {
            /// One puzzle in the janko.at text format (or the family's JSON).
            #[new]
            fn new(py: pyo3::Python<'_>, text: &str) -> pyo3::PyResult<Self> {
                $crate::family::one(py, text).map(|puzzle| $class { puzzle })
            }

            /// Every puzzle of a text.
            #[staticmethod]
            fn parse_many(py: pyo3::Python<'_>, text: &str) -> pyo3::PyResult<Vec<Self>> {
                Ok($crate::family::many(py, text)?.into_iter().map(|puzzle| $class { puzzle }).collect())
            }

            /// Columns.
            #[getter]
            fn width(&self) -> usize {
                tessera::Draw::picture(&self.puzzle, None).width
            }

            /// Rows.
            #[getter]
            fn height(&self) -> usize {
                tessera::Draw::picture(&self.puzzle, None).height
            }

            /// The puzzle in the janko.at text format (what the constructor reads back).
            fn to_text(&self) -> String {
                tessera::Readable::to_text(&self.puzzle)
            }

            /// Rates the puzzle with the human techniques (see ``Rating``); raises
            /// ``tessera.GaveUp`` when ``max_nodes`` or ``timeout`` runs out first.
            #[pyo3(signature = (*, max_nodes = None, timeout = None))]
            fn rate(
                &self,
                py: pyo3::Python<'_>,
                max_nodes: Option<i64>,
                timeout: Option<f64>,
            ) -> pyo3::PyResult<$crate::family::Rating> {
                let puzzle = &self.puzzle;
                let rating = $crate::common::within(py, max_nodes, timeout, |budget| tessera::Rate::rate(puzzle, &budget))?;
                Ok($crate::family::Rating::of::<$rust>(rating))
            }

            /// The first step a person can take, or ``None`` (solved, or no technique applies).
            fn hint(&self, py: pyo3::Python<'_>) -> Option<$crate::family::Step> {
                let puzzle = &self.puzzle;
                py.detach(|| tessera::Rate::hint(puzzle)).map($crate::family::Step::from)
            }

            fn __str__(&self) -> String {
                self.to_text()
            }

            fn __repr__(&self) -> String {
                format!("{}({:?})", stringify!($class), self.to_text())
            }

            $($own)*
        });
    };
}
pub(crate) use family_class;

/// What a family's generator made, as a `Generated` of the puzzle's class and an `Answer`.
pub(crate) fn generated<P, C>(
    py: Python<'_>,
    made: tessera::common::Made<P, <P as Rate>::Level>,
    wrap: impl FnOnce(P) -> C,
) -> PyResult<common::Generated>
where
    P: tessera::Family,
    C: pyo3::PyClass + Into<PyClassInitializer<C>>,
{
    let answer = Answer::of(&made.puzzle, &made.solution);
    let level = tessera::Named::name(made.level);
    Ok(common::Generated {
        puzzle: Py::new(py, wrap(made.puzzle))?.into_any(),
        solution: Py::new(py, answer)?.into_any(),
        seed: made.seed,
        difficulty: Some(level),
        attempts: made.attempts,
    })
}
