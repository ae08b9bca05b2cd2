//! Genres as rules: a pencil genre whose cells hold digits (Skyscrapers, Futoshiki) is a
//! [`Variant`] with no regions (a Latin square) and the genre's kinds of [`Constraint`], plus
//! what makes it a genre of its own for its players: its name, its formats (puzz.link, Tatham's
//! game ids, a text form), and a generator of its clues. [`Genre`] gives any such genre the
//! whole calling convention ([`Puzzle`], [`Readable`], [`Generate`], [`Rate`], [`Draw`],
//! [`Family`]) from the rules model: the one solver, its SAT and exact-cover routes, the
//! verifier, the rater and hints, the picture; a genre adds only a [`Rules`] value (one module
//! of formats and clues) and one registry line per front end.
//!
//! The generator ([`Generator`]):
//! 1. a random Latin square: a search filling cells with the fewest candidates first, digits in
//!    a random order, within the budget;
//! 2. every clue the square has ([`Rules::clues`]): all the skyscraper counts, every inequality
//!    between neighbours;
//! 3. while two solutions remain, a cell where they differ gets its digit as a given; at a
//!    level asked for, random givens until the rater puts the puzzle at that level or below;
//! 4. clues, then givens, in a random order, each removed when the puzzle stays unique and (at a
//!    level asked for) the rater still puts it at that level or below: so an easy puzzle keeps
//!    the clues its techniques need instead of being thrown away;
//! 5. kept when the rater's level is the one asked for.
//!
//! Why removal rather than adding clues to an empty grid: with every clue the puzzle is unique
//! (or nearly so), so each step of the removal starts from a unique puzzle and one count to 2
//! says whether the clue was needed.

pub mod futoshiki;
pub mod skyscrapers;

use std::fmt;
use std::marker::PhantomData;
use std::ops::RangeInclusive;

use rand::seq::{IndexedRandom, SliceRandom};
use rand_pcg::Pcg64Mcg;
use tessera_xc::{Budget, GaveUp, Outcome};

use crate::common::{
    generator_settings, Draw, Family, Generate, Live, Made, Picture, Puzzle, Rate, Rating, Readable,
    Settings, Step,
};
use crate::variant::model::{Constraint, Grid, Meta, Variant, MAX_SIZE, MIN_SIZE};
use crate::variant::{self, Difficulty, Engine, ExactCover, Query, Violation};
use crate::Error;

/// What makes a genre of the rules model a genre: its words, its formats and its clues.
pub trait Rules: fmt::Debug + Clone + Copy + Default + PartialEq + Send + Sync + 'static {
    /// Its name on the command line and in files (`skyscrapers`).
    const NAME: &'static str;
    /// Its name for people.
    const TITLE: &'static str;
    /// Its rules in two short sentences (see [`Family::RULES`]).
    const RULES: &'static str;
    /// The sides its generator takes.
    const SIDES: RangeInclusive<usize>;
    /// The levels the rater can give its puzzles (a level of the model no technique of the
    /// genre reaches is refused as bad input, not searched for until the attempts run out).
    const LEVELS: &'static [Difficulty];

    /// Whether `constraint` is one of the genre's kinds.
    fn admits(constraint: &Constraint) -> bool;

    /// One puzzle from its text (any of the genre's forms but JSON, which [`Genre`] reads for
    /// every genre); `Ok(None)` when `text` starts no puzzle of a form this genre knows.
    /// `lines` are the text's lines from the puzzle's first on; the result says how many it took.
    fn parse(lines: &[&str]) -> Result<Option<(Variant, usize)>, Error>;

    /// The puzzle in the genre's text form (what [`Rules::parse`] reads back).
    fn write(puzzle: &Variant) -> String;

    /// The puzzle as a puzz.link address, when the genre has one.
    fn url(puzzle: &Variant) -> Option<String>;

    /// Where a clue comes in the genre's order (every form writes its clues in that order, so
    /// that a puzzle read from any form is the same value).
    fn rank(constraint: &Constraint, n: usize) -> (u8, i16, i16);

    /// Every clue of the genre that the filled `grid` of side `n` has.
    fn clues(n: usize, grid: &[u8]) -> Vec<Constraint>;
}

/// A puzzle of genre `R`: a Latin square of digits 1 to N with the genre's clues.
#[derive(Debug, Clone, PartialEq)]
pub struct Genre<R> {
    variant: Variant,
    rules: PhantomData<R>,
}

impl<R: Rules> Genre<R> {
    /// The puzzle of these rules, checked: a Latin square (no regions), the genre's kinds only.
    pub fn new(mut variant: Variant) -> Result<Self, Error> {
        variant.validate()?;
        let n = variant.size;
        variant.constraints.sort_by_key(|c| R::rank(c, n));
        if variant.regions.iter().any(Option::is_some) {
            return Err(Error::shape(format!("{}: a {} grid has no regions", R::TITLE, R::NAME)));
        }
        if let Some(other) = variant.constraints.iter().find(|c| !R::admits(c)) {
            return Err(Error::shape(format!("{}: a {} rule has no place in it", R::TITLE, other.name())));
        }
        Ok(Genre { variant, rules: PhantomData })
    }

    /// An empty board of side `n`.
    pub fn empty(n: usize) -> Result<Self, Error> {
        variant::model::check_side(n)?;
        let variant = Variant {
            size: n,
            regions: vec![None; n * n],
            givens: vec![0; n * n],
            constraints: Vec::new(),
            cosmetics: Vec::new(),
            meta: Meta::default(),
            solution: None,
        };
        Genre::new(variant)
    }

    /// The rules model underneath.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The side N.
    pub fn size(&self) -> usize {
        self.variant.size
    }

    /// The puzz.link address, when the genre has one.
    pub fn url(&self) -> Option<String> {
        R::url(&self.variant)
    }

    /// Tessera's JSON of the rules model (what `variant` reads too).
    pub fn to_json(&self) -> String {
        variant::to_json(&self.variant)
    }
}

/// Every puzzle of a text: the genre's forms (see each genre), or Tessera's JSON on one line;
/// blank and `#` comment lines between them. Errors carry the line of their puzzle.
pub fn read<R: Rules>(text: &str) -> Box<dyn Iterator<Item = Result<Genre<R>, Error>> + '_> {
    let lines: Vec<&str> = text.lines().collect();
    let mut at = 0;
    Box::new(std::iter::from_fn(move || {
        while at < lines.len() && (lines[at].trim().is_empty() || lines[at].trim_start().starts_with('#')) {
            at += 1;
        }
        if at >= lines.len() {
            return None;
        }
        let start = at;
        let parsed = if lines[at].trim_start().starts_with('{') {
            at += 1;
            variant::parse(lines[start]).and_then(Genre::new)
        } else {
            match R::parse(&lines[at..]) {
                Ok(Some((puzzle, used))) => {
                    at += used.max(1);
                    Genre::new(puzzle)
                }
                Ok(None) => {
                    at = lines.len();
                    Err(Error::parse(1, 1, format!("not a {} puzzle in a form Tessera reads", R::TITLE)))
                }
                Err(e) => {
                    at = lines.len();
                    Err(e)
                }
            }
        };
        Some(parsed.map_err(|e| match e {
            Error::Parse(mut p) => {
                p.line += start;
                Error::Parse(p)
            }
            other => Error::parse(start + 1, 1, other.to_string()),
        }))
    }))
}

impl<R: Rules> Puzzle for Genre<R> {
    const NAME: &'static str = R::NAME;
    const EXACT_COVER: Engine = Engine::ExactCover;
    type Solution = Grid;
    type Engine = Engine;
    type Violation = Violation;
    type Cover = ExactCover;

    fn solve(&self, query: &Query) -> Result<Option<Grid>, GaveUp> {
        variant::solve(&self.variant, query)
    }

    fn count(&self, query: &Query) -> crate::Count {
        variant::count(&self.variant, query)
    }

    fn visit(&self, query: &Query, visit: &(dyn Fn(Grid) + Sync)) -> crate::Count {
        variant::visit(&self.variant, query, visit)
    }

    fn verify(&self, answer: &Grid) -> crate::Verdict<Violation> {
        variant::verify(&self.variant, answer)
    }

    fn exact_cover(&self) -> ExactCover {
        ExactCover::new(&self.variant)
    }
}

impl<R: Rules> Readable for Genre<R> {
    type ReadOptions = ();

    fn read<'t>(text: &'t str, _: &()) -> Box<dyn Iterator<Item = Result<Self, Error>> + 't> {
        read::<R>(text)
    }

    fn to_text(&self) -> String {
        R::write(&self.variant)
    }

    fn solution_text(&self, solution: &Grid) -> String {
        solution.to_string()
    }
}

impl<R: Rules> Rate for Genre<R> {
    type Level = Difficulty;
    type Rating = Rating<Difficulty>;
    type Step = Step;

    fn rate(&self, budget: &Budget) -> Result<Rating<Difficulty>, GaveUp> {
        variant::rate(&self.variant, budget)
    }

    fn level(rating: &Rating<Difficulty>) -> Difficulty {
        rating.level
    }

    fn hint(&self) -> Option<Step> {
        variant::hint(&self.variant)
    }
}

impl<R: Rules> Draw for Genre<R> {
    fn picture(&self, answer: Option<&Grid>) -> Picture {
        self.variant.picture(answer)
    }
}

impl<R: Rules> Generate for Genre<R> {
    type Spec = Generator<R>;
    type Made = Made<Genre<R>, Difficulty>;

    fn generate(spec: &Generator<R>, seed: u64) -> Result<Self::Made, GaveUp> {
        spec.generate(seed)
    }
}

impl<R: Rules> Family for Genre<R> {
    const TITLE: &'static str = R::TITLE;
    const RULES: &'static str = R::RULES;
    const SIDES: RangeInclusive<usize> = R::SIDES;

    /// A level outside [`Rules::LEVELS`] is refused.
    fn generator(size: usize, level: Option<Difficulty>, budget: &Budget) -> Result<Generator<R>, Error> {
        if let Some(level) = level.filter(|l| !R::LEVELS.contains(l)) {
            let levels: Vec<&str> = R::LEVELS.iter().map(|l| crate::common::Named::name(*l)).collect();
            return Err(Error::shape(format!(
                "{}: no technique of the genre makes a {} puzzle; its levels are {}",
                R::TITLE,
                crate::common::Named::name(level),
                levels.join(", ")
            )));
        }
        Ok(Generator::new(size)?.level(level).budget(budget.clone()))
    }

    fn read_answer(text: &str) -> Result<Grid, Error> {
        Grid::parse(text)
    }

    /// As Variant Sudoku's answers: rows of digits, no header.
    fn answer_rows(first: &str, next: &[&str]) -> usize {
        <Variant as Family>::answer_rows(first, next)
    }

    fn values(&self, solution: &Grid) -> Vec<u32> {
        self.variant.values(solution)
    }

    fn answer(&self, values: &[u32]) -> Option<Grid> {
        self.variant.answer(values)
    }

    fn with_placed(&self, values: &[Option<u32>]) -> Option<Self> {
        let placed = self.variant.with_placed(values)?;
        Some(Genre { variant: placed, rules: PhantomData })
    }

    fn violation(&self, violation: &Violation) -> (&'static str, Vec<usize>) {
        self.variant.violation(violation)
    }

    fn refusal(&self, engine: Engine) -> Option<String> {
        self.variant.refusal(engine)
    }

    fn live(&self) -> Live {
        self.variant.live()
    }
}

/// The generator of a genre's puzzles: side, level, attempts, budget.
///
/// ```
/// use tessera::{Generate, Puzzle};
/// use tessera::variant::{Query, Skyscrapers, SkyscrapersGenerator};
/// let made = Skyscrapers::generate(&SkyscrapersGenerator::new(5)?, 1).expect("a puzzle");
/// assert_eq!(made.puzzle.count(&Query::default().with_limit(2)).solutions, 1);
/// # Ok::<(), tessera::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Generator<R> {
    size: usize,
    settings: Settings<Difficulty>,
    rules: PhantomData<R>,
}

/// Attempts before a generator gives up.
const ATTEMPTS: u32 = 50;

/// Nodes the random Latin square may take before the attempt starts over.
const SQUARE_NODES: u64 = 200_000;

impl<R: Rules> Generator<R> {
    /// A generator of `size`x`size` puzzles (one of [`Rules::SIDES`]).
    pub fn new(size: usize) -> Result<Self, Error> {
        <Genre<R> as Family>::side(size)?;
        Ok(Generator { size, settings: Settings::new(ATTEMPTS), rules: PhantomData })
    }

    generator_settings!(Difficulty, "50");

    /// The side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// One puzzle from `seed` (the same seed and settings, the same puzzle).
    pub fn generate(&self, seed: u64) -> Result<Made<Genre<R>, Difficulty>, GaveUp> {
        self.settings.run(seed, |rng| {
            let Some(square) = latin_square(self.size, rng, &self.settings.budget)? else { return Ok(None) };
            let Some(puzzle) = self.carve(&square, rng)? else { return Ok(None) };
            let level = variant::rate(&puzzle, &self.settings.budget)?.level;
            let solution = Grid::new(self.size, square).expect("a full grid");
            let puzzle = Genre::new(puzzle).expect("the generator's puzzle is of its genre");
            Ok(Some((puzzle, solution, level)))
        })
    }

    fn query(&self) -> Query {
        Query::default()
            .with_engine(Engine::Auto)
            .with_limit(2)
            .with_budget(self.settings.search_budget(variant::PORTFOLIO_NODES))
    }

    /// The unique puzzle of `square`'s clues, clues and givens removed while they are not
    /// needed; `None` when a count runs out of nodes (the next attempt).
    fn carve(&self, square: &[u8], rng: &mut Pcg64Mcg) -> Result<Option<Variant>, GaveUp> {
        let n = self.size;
        let mut puzzle = Genre::<R>::empty(n).expect("a side the generator took").variant;
        puzzle.constraints = R::clues(n, square);
        // Repair until unique.
        loop {
            let found = variant::solutions(&puzzle, &self.query());
            match found.count.outcome {
                Outcome::GaveUp(GaveUp::NodeLimit) => return Ok(None),
                Outcome::GaveUp(reason) => return Err(reason),
                _ if found.found.len() < 2 => break,
                _ => {}
            }
            let (a, b) = (found.found[0].digits(), found.found[1].digits());
            let differ: Vec<usize> = (0..n * n).filter(|&c| a[c] != b[c]).collect();
            let &cell = differ.choose(rng).expect("two solutions differ somewhere");
            puzzle.givens[cell] = square[cell];
        }
        // At a level asked for, givens until the rater puts it there or below (every cell given
        // is the easiest of all).
        if let Some(level) = self.settings.difficulty {
            let mut open: Vec<usize> = (0..n * n).filter(|&c| puzzle.givens[c] == 0).collect();
            open.shuffle(rng);
            while variant::rate(&puzzle, &self.settings.budget)?.level > level {
                let Some(cell) = open.pop() else { break };
                puzzle.givens[cell] = square[cell];
            }
        }
        // Clues, then givens, each dropped when not needed.
        let mut clues: Vec<Constraint> = puzzle.constraints.clone();
        clues.shuffle(rng);
        for clue in clues {
            let mut trial = puzzle.clone();
            trial.constraints.retain(|c| *c != clue);
            match self.keeps(&trial)? {
                Some(true) => puzzle = trial,
                Some(false) => {}
                None => return Ok(None),
            }
        }
        let mut givens: Vec<usize> = (0..n * n).filter(|&c| puzzle.givens[c] != 0).collect();
        givens.shuffle(rng);
        for cell in givens {
            let mut trial = puzzle.clone();
            trial.givens[cell] = 0;
            match self.keeps(&trial)? {
                Some(true) => puzzle = trial,
                Some(false) => {}
                None => return Ok(None),
            }
        }
        Ok(Some(puzzle))
    }

    /// Whether `trial` is unique and, at a level asked for, no harder; `None` out of nodes.
    fn keeps(&self, trial: &Variant) -> Result<Option<bool>, GaveUp> {
        let count = variant::count(trial, &self.query());
        match count.outcome {
            Outcome::GaveUp(GaveUp::NodeLimit) => return Ok(None),
            Outcome::GaveUp(reason) => return Err(reason),
            _ if count.solutions != 1 => return Ok(Some(false)),
            _ => {}
        }
        match self.settings.difficulty {
            None => Ok(Some(true)),
            Some(level) => Ok(Some(variant::rate(trial, &self.settings.budget)?.level <= level)),
        }
    }
}

/// A random Latin square of side `n` (digits 1 to n), or `None` past [`SQUARE_NODES`].
fn latin_square(n: usize, rng: &mut Pcg64Mcg, budget: &Budget) -> Result<Option<Vec<u8>>, GaveUp> {
    let full = ((1u32 << n) - 1) << 1;
    let mut grid = vec![0u8; n * n];
    let (mut rows, mut cols) = (vec![0u32; n], vec![0u32; n]);
    let mut nodes = 0u64;
    // Each level: the cell filled, the digits still to try there.
    let mut stack: Vec<(usize, Vec<u8>)> = Vec::new();
    loop {
        nodes += 1;
        if nodes % 1024 == 0 {
            if let Some(reason) = budget.check_clock() {
                return Err(reason);
            }
        }
        if nodes > SQUARE_NODES {
            return Ok(None);
        }
        // The empty cell with the fewest candidates.
        let mut best: Option<(usize, u32)> = None;
        for cell in (0..n * n).filter(|&c| grid[c] == 0) {
            let free = full & !rows[cell / n] & !cols[cell % n];
            if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
                best = Some((cell, free));
            }
        }
        let next = match best {
            None => return Ok(Some(grid)),
            Some((cell, free)) => {
                let mut digits: Vec<u8> = (1..=n as u8).filter(|&d| free >> d & 1 == 1).collect();
                digits.shuffle(rng);
                Some((cell, digits))
            }
        };
        stack.extend(next);
        // Place the next digit of the top level, backtracking over exhausted ones.
        loop {
            let Some((cell, digits)) = stack.last_mut() else { return Ok(None) };
            let cell = *cell;
            if grid[cell] != 0 {
                let d = grid[cell];
                rows[cell / n] &= !(1 << d);
                cols[cell % n] &= !(1 << d);
                grid[cell] = 0;
            }
            match digits.pop() {
                Some(d) => {
                    grid[cell] = d;
                    rows[cell / n] |= 1 << d;
                    cols[cell % n] |= 1 << d;
                    break;
                }
                None => {
                    stack.pop();
                }
            }
        }
    }
}

/// A digit of a text form: `1`-`9`, then `A`-`G` for 10 to 16; `.` or `0` for none.
pub(crate) fn digit(c: char) -> Option<u8> {
    match c {
        '.' | '0' => Some(0),
        '1'..='9' => Some(c as u8 - b'0'),
        'a'..='g' | 'A'..='G' => Some(c.to_ascii_uppercase() as u8 - b'A' + 10),
        _ => None,
    }
}

/// A digit as a text form writes it.
pub(crate) fn digit_char(d: u8) -> char {
    match d {
        0 => '.',
        1..=9 => (b'0' + d) as char,
        _ => (b'A' + d - 10) as char,
    }
}

/// Whether `n` is a side the rules model takes.
pub(crate) fn side_ok(n: usize) -> bool {
    (MIN_SIZE..=MAX_SIZE).contains(&n)
}
