//! The human-style Hidato rater: a deductive solver that names each step, like Simon Tatham's
//! Signpost and Lennard Sprong's Ascent, whose levels are the rule sets a player needs.
//!
//! # State
//! Every number `k` in `1..=N` keeps a set of candidate cells (a bitset over the grid, holes never
//! set); a placed number's set is its one cell. Rules only remove candidates or place numbers, so
//! every deduction holds in every solution: when the rules finish, the puzzle has exactly one
//! solution (the generator relies on this to skip the counting solver).
//!
//! # Rules, by level (the easiest rule that makes progress is always applied first)
//! - **Easy.** *Only cell*: a number whose placed neighbours (k-1, k+1) leave it one free cell.
//!   *Only number*: a free cell that only one number can still take. Candidates are the free cells
//!   touching the placed k-1 and k+1.
//! - **Medium.** *Distance window*: in a run of missing numbers between placed `a` and `b`, `k` lies
//!   within `k-a` steps of `a` and `b-k` steps of `b`, counted through free cells (breadth-first,
//!   so holes and filled cells are walls; tighter than the king's distance).
//! - **Hard.** *Dead end*: `k` at cell `c` needs `k-1` and `k+1` on two different neighbours of
//!   `c` that can take them. *Region*: each run of missing numbers fills part of one connected
//!   region of free cells, a region must be filled exactly by the runs that can reach it, so a run
//!   is excluded from a region when no choice of runs including it adds up to the region's size.
//! - **Expert.** *Trial*: try each cell of a number with the fewest candidates and drop those that
//!   lead to a contradiction under the hard rules (one level deep, bounded). A puzzle the hard rules
//!   cannot finish is rated expert whether or not the trials finish it.
//!
//! The score adds each step's weight (1, 2, 4, 8, 12, 30 in the order above), so it grows with
//! both the length and the depth of the reasoning.

use std::fmt;
use std::str::FromStr;

use crate::hidato::Hidato;

/// The levels players see, each defined by the rules it allows (see the module header).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// Only cell, only number.
    Easy,
    /// Plus distance windows.
    Medium,
    /// Plus dead ends and region sizes.
    Hard,
    /// Needs trial and error (or more) beyond the hard rules.
    Expert,
}

impl Difficulty {
    /// Every level, easiest first.
    pub const ALL: [Difficulty; 4] =
        [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard, Difficulty::Expert];

    /// The lower-case name: "easy", "medium", "hard", "expert".
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Difficulty {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let lower = text.trim().to_ascii_lowercase();
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == lower)
            .ok_or_else(|| format!("unknown difficulty {text:?}; expected one of easy, medium, hard, expert"))
    }
}

/// A deduction rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// A number with a single possible cell.
    OnlyCell,
    /// A cell that only one number can take.
    OnlyNumber,
    /// Distance windows between placed numbers.
    Window,
    /// A cell without two usable neighbours for `k-1` and `k+1`.
    DeadEnd,
    /// Region sizes against runs of missing numbers.
    Region,
    /// A candidate that leads to a contradiction.
    Trial,
}

impl Technique {
    /// Every rule, easiest first.
    pub const ALL: [Technique; 6] = [
        Technique::OnlyCell,
        Technique::OnlyNumber,
        Technique::Window,
        Technique::DeadEnd,
        Technique::Region,
        Technique::Trial,
    ];

    /// A short name for hints.
    pub fn name(self) -> &'static str {
        match self {
            Technique::OnlyCell => "only cell",
            Technique::OnlyNumber => "only number",
            Technique::Window => "distance window",
            Technique::DeadEnd => "dead end",
            Technique::Region => "region size",
            Technique::Trial => "trial",
        }
    }

    /// The level that allows this rule.
    pub fn level(self) -> Difficulty {
        match self {
            Technique::OnlyCell | Technique::OnlyNumber => Difficulty::Easy,
            Technique::Window => Difficulty::Medium,
            Technique::DeadEnd | Technique::Region => Difficulty::Hard,
            Technique::Trial => Difficulty::Expert,
        }
    }

    /// The weight of one step in the score.
    pub fn weight(self) -> u32 {
        match self {
            Technique::OnlyCell => 1,
            Technique::OnlyNumber => 2,
            Technique::Window => 4,
            Technique::DeadEnd => 8,
            Technique::Region => 12,
            Technique::Trial => 30,
        }
    }
}

/// One deduction: a number placed, or candidates removed, with a sentence a player can follow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The rule used.
    pub technique: Technique,
    /// `(cell index, number)` when the step places a number.
    pub placed: Option<(usize, i32)>,
    /// Candidates (number, cell) removed by the step.
    pub eliminated: usize,
    /// For example "7 must go at (3,4): it is the only free cell touching both 6 and 8".
    pub explanation: String,
}

/// What the logical solver did with a puzzle.
#[derive(Debug, Clone)]
pub struct Rating {
    /// The level of the hardest rule used (easy for a full board); expert when the hard rules
    /// could not finish, or the puzzle has no solution.
    pub difficulty: Difficulty,
    /// The sum of the steps' weights (see the module header).
    pub score: u32,
    /// The hardest rule used.
    pub hardest: Option<Technique>,
    /// Every step in order.
    pub steps: Vec<Step>,
    /// Whether the board was completed.
    pub solved: bool,
    /// Whether the rules proved that there is no solution.
    pub contradiction: bool,
    /// The completed board, when solved (the only solution).
    pub solution: Option<Hidato>,
}

/// Rates a puzzle with every rule up to expert.
pub fn rate(puzzle: &Hidato) -> Rating {
    solve_logically(puzzle, Difficulty::Expert)
}

/// Solves with the rules of `cap` and easier only; `solved` says whether they finished.
pub fn solve_logically(puzzle: &Hidato, cap: Difficulty) -> Rating {
    let mut state = State::new(puzzle);
    let mut steps = Vec::new();
    let mut contradiction = !state.consistent;
    let mut trials = TRIAL_LIMIT;
    while !contradiction && state.unplaced > 0 {
        match state.step(cap, Some(&mut steps), &mut trials) {
            Progress::Made => {}
            Progress::Stuck => break,
            Progress::Contradiction => contradiction = true,
        }
    }
    let solved = !contradiction && state.unplaced == 0;
    let hardest = steps.iter().map(|s| s.technique).max();
    let difficulty =
        if solved { hardest.map_or(Difficulty::Easy, Technique::level) } else { Difficulty::Expert };
    let score = steps.iter().map(|s| s.technique.weight()).sum();
    let solution = solved.then(|| state.board());
    Rating { difficulty, score, hardest, steps, solved, contradiction, solution }
}

/// Propagations allowed to the trial rule over one solve, so rating always ends quickly.
const TRIAL_LIMIT: u32 = 4_000;
const NONE: usize = usize::MAX;

enum Progress {
    Made,
    Stuck,
    Contradiction,
}

/// A bitset over the grid's cells.
type Bits = Vec<u64>;

fn has(bits: &[u64], i: usize) -> bool {
    bits[i / 64] >> (i % 64) & 1 == 1
}

fn ones(bits: &[u64]) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(w, &word)| {
        let mut word = word;
        std::iter::from_fn(move || {
            (word != 0).then(|| {
                let b = word.trailing_zeros() as usize;
                word &= word - 1;
                w * 64 + b
            })
        })
    })
}

fn count(bits: &[u64]) -> u32 {
    bits.iter().map(|w| w.count_ones()).sum()
}

#[derive(Clone)]
struct State<'a> {
    puzzle: &'a Hidato,
    n: usize,
    words: usize,
    /// The cell of each number (index 0 unused), or `NONE`.
    at: Vec<usize>,
    /// Each cell's number, 0 when free, `HOLE` for a hole.
    value: Vec<i32>,
    free: Bits,
    /// Candidates of number `k` at `cand[k * words..][..words]`.
    cand: Vec<u64>,
    /// The neighbours of each cell as a bitset, same layout.
    near: std::rc::Rc<Vec<u64>>,
    unplaced: usize,
    consistent: bool,
}

impl<'a> State<'a> {
    fn new(puzzle: &'a Hidato) -> Self {
        let cells = puzzle.cells().len();
        let words = cells.div_ceil(64);
        let n = puzzle.size();
        let mut near = vec![0u64; cells * words];
        let mut free = vec![0u64; words];
        for c in 0..cells {
            if puzzle.is_hole(c) {
                continue;
            }
            for d in puzzle.neighbours(c) {
                near[c * words + d / 64] |= 1 << (d % 64);
            }
            if puzzle.get(c) == 0 {
                free[c / 64] |= 1 << (c % 64);
            }
        }
        let mut at = vec![NONE; n + 2];
        let mut cand = vec![0u64; (n + 2) * words];
        for (c, &v) in puzzle.cells().iter().enumerate() {
            if v > 0 {
                at[v as usize] = c;
            }
        }
        let mut unplaced = 0;
        for k in 1..=n {
            let row = &mut cand[k * words..][..words];
            if at[k] == NONE {
                row.copy_from_slice(&free);
                unplaced += 1;
            } else {
                row[at[k] / 64] |= 1 << (at[k] % 64);
            }
        }
        let mut state = State {
            puzzle,
            n,
            words,
            at,
            value: puzzle.cells().to_vec(),
            free,
            cand,
            near: std::rc::Rc::new(near),
            unplaced,
            consistent: true,
        };
        state.consistent = (1..n).all(|k| {
            let (a, b) = (state.at[k], state.at[k + 1]);
            a == NONE || b == NONE || has(state.near_of(a), b)
        });
        state
    }

    fn near_of(&self, cell: usize) -> &[u64] {
        &self.near[cell * self.words..][..self.words]
    }

    fn cand_of(&self, k: usize) -> &[u64] {
        &self.cand[k * self.words..][..self.words]
    }

    fn pos(&self, cell: usize) -> String {
        let (x, y) = self.puzzle.position(cell);
        format!("({x},{y})")
    }

    fn board(&self) -> Hidato {
        let mut board = self.puzzle.clone();
        for k in 1..=self.n {
            board.set(self.at[k], k as i32);
        }
        board
    }

    fn place(&mut self, k: usize, cell: usize) {
        self.at[k] = cell;
        self.value[cell] = k as i32;
        self.free[cell / 64] &= !(1 << (cell % 64));
        for j in 1..=self.n {
            self.cand[j * self.words + cell / 64] &= !(1 << (cell % 64));
        }
        let row = &mut self.cand[k * self.words..][..self.words];
        row.fill(0);
        row[cell / 64] |= 1 << (cell % 64);
        self.unplaced -= 1;
    }

    /// Applies the easiest rule (up to `cap`) that makes progress.
    fn step(&mut self, cap: Difficulty, mut log: Option<&mut Vec<Step>>, trials: &mut u32) -> Progress {
        let mut record = |technique, placed, eliminated, explanation: &dyn Fn() -> String| {
            if let Some(log) = log.as_deref_mut() {
                log.push(Step { technique, placed, eliminated, explanation: explanation() });
            }
            Progress::Made
        };
        // Easy: restrict to free cells touching placed neighbours, then singles.
        let w = self.words;
        for k in 1..=self.n {
            if self.at[k] != NONE {
                continue;
            }
            for j in 0..w {
                let mut m = self.free[j];
                if k > 1 && self.at[k - 1] != NONE {
                    m &= self.near[self.at[k - 1] * w + j];
                }
                if k < self.n && self.at[k + 1] != NONE {
                    m &= self.near[self.at[k + 1] * w + j];
                }
                self.cand[k * w + j] &= m;
            }
            match count(self.cand_of(k)) {
                0 => return Progress::Contradiction,
                1 => {
                    let cell = ones(self.cand_of(k)).next().unwrap_or(0);
                    self.place(k, cell);
                    let why = || {
                        let lo = (k > 1 && self.at[k - 1] != NONE).then(|| k - 1);
                        let hi = (k < self.n && self.at[k + 1] != NONE).then(|| k + 1);
                        let reason = match (lo, hi) {
                            (Some(a), Some(b)) => {
                                format!("it is the only free cell touching both {a} and {b}")
                            }
                            (Some(a), None) | (None, Some(a)) => {
                                format!("it is the only free cell left for it next to {a}")
                            }
                            (None, None) => "it is the only cell left for it".to_string(),
                        };
                        format!("{k} must go at {}: {reason}", self.pos(cell))
                    };
                    return record(Technique::OnlyCell, Some((cell, k as i32)), 0, &why);
                }
                _ => {}
            }
        }
        let (mut once, mut twice) = (vec![0u64; w], vec![0u64; w]);
        for k in 1..=self.n {
            if self.at[k] == NONE {
                for j in 0..w {
                    let c = self.cand[k * w + j];
                    twice[j] |= once[j] & c;
                    once[j] |= c;
                }
            }
        }
        if (0..w).any(|j| self.free[j] & !once[j] != 0) {
            return Progress::Contradiction;
        }
        let single: Bits = (0..w).map(|j| self.free[j] & once[j] & !twice[j]).collect();
        if let Some(cell) = ones(&single).next() {
            let k = (1..=self.n).find(|&k| self.at[k] == NONE && has(self.cand_of(k), cell)).unwrap_or(0);
            self.place(k, cell);
            let why = || format!("{} must hold {k}: no other number can go there", self.pos(cell));
            return record(Technique::OnlyNumber, Some((cell, k as i32)), 0, &why);
        }
        if cap < Difficulty::Medium {
            return Progress::Stuck;
        }
        let (removed, first) = self.windows();
        if removed > 0 {
            let why = || first.clone();
            return record(Technique::Window, None, removed, &why);
        }
        if cap < Difficulty::Hard {
            return Progress::Stuck;
        }
        let (removed, first) = self.dead_ends();
        if removed > 0 {
            let why = || first.clone();
            return record(Technique::DeadEnd, None, removed, &why);
        }
        match self.regions() {
            Err(()) => return Progress::Contradiction,
            Ok((0, _)) => {}
            Ok((removed, first)) => {
                let why = || first.clone();
                return record(Technique::Region, None, removed, &why);
            }
        }
        if cap < Difficulty::Expert {
            return Progress::Stuck;
        }
        match self.trial(trials) {
            Some((removed, first)) => record(Technique::Trial, None, removed, &|| first.clone()),
            None => Progress::Stuck,
        }
    }

    /// Runs of missing numbers: `(lo, hi)` inclusive, with the placed numbers around them.
    fn gaps(&self) -> Vec<(usize, usize)> {
        let mut gaps = Vec::new();
        let mut k = 1;
        while k <= self.n {
            if self.at[k] != NONE {
                k += 1;
                continue;
            }
            let lo = k;
            while k <= self.n && self.at[k] == NONE {
                k += 1;
            }
            gaps.push((lo, k - 1));
        }
        gaps
    }

    /// Cells within `d` steps of `from` through free cells, for `d` in `0..=max`.
    fn reach(&self, from: usize, max: usize) -> Vec<Bits> {
        let w = self.words;
        let mut layers = Vec::with_capacity(max + 1);
        let mut seen = vec![0u64; w];
        seen[from / 64] |= 1 << (from % 64);
        let mut frontier = seen.clone();
        layers.push(seen.clone());
        for _ in 0..max {
            let mut next = vec![0u64; w];
            for c in ones(&frontier) {
                for j in 0..w {
                    next[j] |= self.near[c * w + j] & self.free[j] & !seen[j];
                }
            }
            for j in 0..w {
                seen[j] |= next[j];
            }
            layers.push(seen.clone());
            frontier = next;
        }
        layers
    }

    fn windows(&mut self) -> (usize, String) {
        let (mut removed, mut first) = (0, String::new());
        for (lo, hi) in self.gaps() {
            let len = hi - lo + 1;
            let below = (lo > 1).then(|| (lo - 1, self.reach(self.at[lo - 1], len)));
            let above = (hi < self.n).then(|| (hi + 1, self.reach(self.at[hi + 1], len)));
            for k in lo..=hi {
                let before = count(self.cand_of(k));
                for j in 0..self.words {
                    let mut m = u64::MAX;
                    if let Some((a, layers)) = &below {
                        m &= layers[k - a][j];
                    }
                    if let Some((b, layers)) = &above {
                        m &= layers[b - k][j];
                    }
                    self.cand[k * self.words + j] &= m;
                }
                let lost = (before - count(self.cand_of(k))) as usize;
                if lost > 0 && removed == 0 {
                    let mut parts = Vec::new();
                    if let Some((a, _)) = &below {
                        parts.push(format!("{} steps of {a}", k - a));
                    }
                    if let Some((b, _)) = &above {
                        parts.push(format!("{} steps of {b}", b - k));
                    }
                    first = format!(
                        "{k} must be within {} through free cells: {lost} cells are too far",
                        parts.join(" and ")
                    );
                }
                removed += lost;
            }
        }
        (removed, first)
    }

    fn dead_ends(&mut self) -> (usize, String) {
        let (mut removed, mut first) = (0, String::new());
        let w = self.words;
        for k in 1..=self.n {
            if self.at[k] != NONE {
                continue;
            }
            let cells: Vec<usize> = ones(self.cand_of(k)).collect();
            for c in cells {
                let side = |j: usize| -> Bits {
                    (0..w).map(|i| self.near[c * w + i] & self.cand[j * w + i]).collect()
                };
                let below = (k > 1).then(|| side(k - 1));
                let above = (k < self.n).then(|| side(k + 1));
                let why = match (&below, &above) {
                    (Some(b), _) if count(b) == 0 => Some(format!("no cell next to it can take {}", k - 1)),
                    (_, Some(a)) if count(a) == 0 => Some(format!("no cell next to it can take {}", k + 1)),
                    (Some(b), Some(a)) if count(b) == 1 && b == a => {
                        Some(format!("{} and {} would both need its only usable neighbour", k - 1, k + 1))
                    }
                    _ => None,
                };
                if let Some(why) = why {
                    self.cand[k * w + c / 64] &= !(1 << (c % 64));
                    if removed == 0 {
                        first = format!("{k} cannot go at {}: {why}", self.pos(c));
                    }
                    removed += 1;
                }
            }
        }
        (removed, first)
    }

    /// Region sizes: `Err` when some region cannot be filled.
    fn regions(&mut self) -> Result<(usize, String), ()> {
        let w = self.words;
        let cells = self.value.len();
        let mut comp = vec![NONE; cells];
        let mut regions: Vec<Bits> = Vec::new();
        for start in ones(&self.free.clone()).collect::<Vec<_>>() {
            if comp[start] != NONE {
                continue;
            }
            let id = regions.len();
            let mut bits = vec![0u64; w];
            let mut stack = vec![start];
            comp[start] = id;
            while let Some(c) = stack.pop() {
                bits[c / 64] |= 1 << (c % 64);
                for d in ones(self.near_of(c)) {
                    if comp[d] == NONE && has(&self.free, d) {
                        comp[d] = id;
                        stack.push(d);
                    }
                }
            }
            regions.push(bits);
        }
        let sizes: Vec<usize> = regions.iter().map(|r| count(r) as usize).collect();
        let gaps = self.gaps();
        // fits[g]: the regions run g can go to (reaching its placed ends, room, candidates).
        let mut fits: Vec<Vec<usize>> = gaps
            .iter()
            .map(|&(lo, hi)| {
                (0..regions.len())
                    .filter(|&r| {
                        let touches =
                            |k: usize| (0..w).any(|j| self.near[self.at[k] * w + j] & regions[r][j] != 0);
                        sizes[r] > hi - lo
                            && (lo == 1 || touches(lo - 1))
                            && (hi == self.n || touches(hi + 1))
                            && (lo..=hi).all(|k| (0..w).any(|j| self.cand[k * w + j] & regions[r][j] != 0))
                    })
                    .collect()
            })
            .collect();
        let (mut removed, mut first) = (0, String::new());
        for r in 0..regions.len() {
            let runs: Vec<usize> = (0..gaps.len()).filter(|&g| fits[g].contains(&r)).collect();
            let lens: Vec<usize> = runs.iter().map(|&g| gaps[g].1 - gaps[g].0 + 1).collect();
            let size = sizes[r];
            // prefix[i][s]: some runs among the first i fill s cells; suffix likewise from the end.
            let mut prefix = vec![vec![false; size + 1]; lens.len() + 1];
            prefix[0][0] = true;
            for (i, &l) in lens.iter().enumerate() {
                for s in 0..=size {
                    prefix[i + 1][s] = prefix[i][s] || (s >= l && prefix[i][s - l]);
                }
            }
            if !prefix[lens.len()][size] {
                return Err(());
            }
            let mut suffix = vec![vec![false; size + 1]; lens.len() + 1];
            suffix[lens.len()][0] = true;
            for i in (0..lens.len()).rev() {
                for s in 0..=size {
                    suffix[i][s] = suffix[i + 1][s] || (s >= lens[i] && suffix[i + 1][s - lens[i]]);
                }
            }
            for (i, &g) in runs.iter().enumerate() {
                let rest = size - lens[i];
                let ok = (0..=rest).any(|s| prefix[i][s] && suffix[i + 1][rest - s]);
                if !ok {
                    fits[g].retain(|&x| x != r);
                    if first.is_empty() {
                        let cell = ones(&regions[r]).next().unwrap_or(0);
                        let (lo, hi) = gaps[g];
                        first = format!(
                            "{lo}..{hi} cannot run through the region of {size} free cells at {}: \
                             no set of missing runs that includes it fills the region exactly",
                            self.pos(cell)
                        );
                    }
                }
            }
        }
        for (g, &(lo, hi)) in gaps.iter().enumerate() {
            let mut allowed = vec![0u64; w];
            for &r in &fits[g] {
                for j in 0..w {
                    allowed[j] |= regions[r][j];
                }
            }
            for k in lo..=hi {
                let before = count(self.cand_of(k));
                for (c, a) in self.cand[k * w..][..w].iter_mut().zip(&allowed) {
                    *c &= a;
                }
                let lost = (before - count(self.cand_of(k))) as usize;
                if lost > 0 && first.is_empty() {
                    first = format!("{lo}..{hi} cannot reach some regions: {k} loses {lost} cells");
                }
                removed += lost;
            }
        }
        Ok((removed, first))
    }

    /// Whether propagation with the hard rules from this state reaches a contradiction.
    fn fails(&mut self, trials: &mut u32) -> bool {
        loop {
            if self.unplaced == 0 {
                return false;
            }
            match self.step(Difficulty::Hard, None, trials) {
                Progress::Made => {}
                Progress::Stuck => return false,
                Progress::Contradiction => return true,
            }
        }
    }

    /// Tries the candidates of the numbers with fewest candidates first; removes those that fail.
    fn trial(&mut self, trials: &mut u32) -> Option<(usize, String)> {
        let mut order: Vec<(u32, usize)> =
            (1..=self.n).filter(|&k| self.at[k] == NONE).map(|k| (count(self.cand_of(k)), k)).collect();
        order.sort_unstable();
        for (_, k) in order {
            let cells: Vec<usize> = ones(self.cand_of(k)).collect();
            let mut wrong = Vec::new();
            for &c in &cells {
                if *trials == 0 {
                    return None;
                }
                *trials -= 1;
                let mut copy = self.clone();
                copy.place(k, c);
                if copy.fails(trials) {
                    wrong.push(c);
                }
            }
            if !wrong.is_empty() {
                for &c in &wrong {
                    self.cand[k * self.words + c / 64] &= !(1 << (c % 64));
                }
                let why = format!(
                    "{k} cannot go at {}: trying it there leads to a contradiction",
                    wrong.iter().map(|&c| self.pos(c)).collect::<Vec<_>>().join(", ")
                );
                return Some((wrong.len(), why));
            }
        }
        None
    }
}

impl fmt::Debug for State<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("State").field("unplaced", &self.unplaced).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hidato::{Adjacency, HOLE};

    #[test]
    fn names_round_trip() {
        for d in Difficulty::ALL {
            assert_eq!(d.name().parse::<Difficulty>(), Ok(d));
        }
        let err = "extreme".parse::<Difficulty>().unwrap_err();
        assert!(err.contains("easy, medium, hard, expert"), "{err}");
    }

    #[test]
    fn a_forced_chain_is_easy_and_explained() {
        let puzzle = Hidato::new(3, 1, vec![1, 0, 3], Adjacency::King).unwrap();
        let rating = rate(&puzzle);
        assert!(rating.solved);
        assert_eq!(rating.difficulty, Difficulty::Easy);
        assert_eq!(
            rating.steps[0].explanation,
            "2 must go at (2,1): it is the only free cell touching both 1 and 3"
        );
    }

    #[test]
    fn clashing_givens_are_a_contradiction() {
        let puzzle = Hidato::new(3, 1, vec![1, HOLE, 2], Adjacency::King).unwrap();
        let rating = rate(&puzzle);
        assert!(!rating.solved && rating.contradiction);
    }
}
