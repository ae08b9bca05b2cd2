//! Helpers shared by tessera-xc's test binaries: where the data lives, reading `ANSWERS.tsv`,
//! checking a list of solutions, and small random problems with a brute-force oracle.
#![allow(dead_code, reason = "tests/debug_checks.rs uses only a part of these helpers")]

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use tessera_xc::{Color, Engine, ItemId, OptionId, Problem, ProblemBuilder};

/// Every engine a search can be asked for: each must find the same solutions in the same order.
pub const ENGINES: [Engine; 4] = [Engine::Auto, Engine::Links, Engine::Dlx1, Engine::Bitset];

/// The shared data folder (the one holding `xc/`, `sudoku/`, `hidato/`), from `TESSERA_DATA`.
///
/// Unset: prints a loud SKIPPED message and returns `None`, unless `TESSERA_REQUIRE_DATA=1`, which
/// turns the skip into a failure (CI sets it). Set but wrong: always a failure.
pub fn shared_data(test: &str) -> Option<PathBuf> {
    let required = std::env::var("TESSERA_REQUIRE_DATA").is_ok_and(|v| v == "1");
    match std::env::var_os("TESSERA_DATA") {
        Some(dir) if !dir.is_empty() => {
            let dir = PathBuf::from(dir);
            assert!(
                dir.join("xc").join("ANSWERS.tsv").is_file(),
                "TESSERA_DATA={} has no xc/ANSWERS.tsv: point it at the shared data folder",
                dir.display()
            );
            Some(dir)
        }
        _ => {
            assert!(!required, "TESSERA_REQUIRE_DATA=1 but TESSERA_DATA is not set ({test})");
            // Straight to the stream, not `eprintln!`: the test harness captures that from tests that pass.
            let message = format!(
                "\n*** SKIPPED: TESSERA_DATA not set, so {test} checked nothing. Set TESSERA_DATA to the \
                 shared data folder (the one holding xc/, sudoku/, hidato/), e.g. \
                 TESSERA_DATA=/work/shared/data; set TESSERA_REQUIRE_DATA=1 to make this a failure. ***\n\n"
            );
            let _ = std::io::stderr().write_all(message.as_bytes());
            None
        }
    }
}

/// This crate's own small known-answer files.
pub fn own_data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("data")
}

/// One line of an `ANSWERS.tsv`: `file<TAB>solutions<TAB>what`, after a header line.
#[derive(Debug, Clone)]
pub struct Answer {
    pub file: String,
    pub solutions: u64,
    pub what: String,
}

/// Reads `dir/ANSWERS.tsv`.
pub fn answers(dir: &Path) -> Vec<Answer> {
    let path = dir.join("ANSWERS.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    assert_eq!(lines.next().map(str::trim), Some("file\tsolutions\twhat"), "header of {}", path.display());
    lines
        .map(|line| {
            let mut fields = line.split('\t');
            let (Some(file), Some(solutions)) = (fields.next(), fields.next()) else {
                panic!("{}: bad line {line:?}", path.display());
            };
            let solutions = solutions.parse().unwrap_or_else(|e| panic!("{}: {line:?}: {e}", path.display()));
            Answer { file: file.to_owned(), solutions, what: fields.next().unwrap_or("").to_owned() }
        })
        .collect()
}

/// Reads and parses an instance in Knuth's format.
pub fn load(path: &Path) -> Problem {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    tessera_xc::parse(&text).unwrap_or_else(|e| panic!("parse {}: {e}", path.display()))
}

/// Checks that every solution is an exact cover and that no two are the same set of options.
/// Returns them as sorted sets of option indices, for comparing with other searches.
pub fn check_solutions(problem: &Problem, solutions: &[Vec<OptionId>], what: &str) -> BTreeSet<Vec<usize>> {
    let mut set = BTreeSet::new();
    for solution in solutions {
        assert!(problem.is_solution(solution), "{what}: not an exact cover: {}", lines(problem, solution));
        let mut key: Vec<usize> = solution.iter().map(|o| o.index()).collect();
        key.sort_unstable();
        assert!(set.insert(key), "{what}: solution found twice: {}", lines(problem, solution));
    }
    set
}

/// A solution as Knuth-format lines, sorted, for messages.
pub fn lines(problem: &Problem, solution: &[OptionId]) -> String {
    let mut lines: Vec<String> = solution.iter().map(|&o| problem.option_line(o)).collect();
    lines.sort();
    format!("{{{}}}", lines.join(", "))
}

/// A small random problem, as plain data so that proptest can shrink it and print it.
///
/// Items `0..primary` are primary, `primary..primary + secondary` secondary. An option lists
/// `(item, colour)` pairs; colours are numbered from 1 and only appear on secondary items.
#[derive(Clone)]
pub struct Spec {
    pub primary: usize,
    pub secondary: usize,
    /// Declare the secondary items before the primary ones (the MRV tie-break sees another order).
    pub secondary_first: bool,
    pub options: Vec<Vec<(usize, Option<u32>)>>,
    /// Bounds `(u, v)` of each primary item (Knuth's multiplicities); empty: all `1:1`.
    pub bounds: Vec<(u32, u32)>,
}

impl std::fmt::Debug for Spec {
    /// The problem in Knuth's format, so that a failure can be replayed with `tessera_xc::parse`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "\n{}", self.to_dlx())
    }
}

impl Spec {
    /// The bounds of primary item `item`.
    pub fn bound(&self, item: usize) -> (u32, u32) {
        self.bounds.get(item).copied().unwrap_or((1, 1))
    }

    fn item_name(&self, item: usize) -> String {
        if item < self.primary {
            format!("p{item}")
        } else {
            format!("s{}", item - self.primary)
        }
    }

    /// Knuth's text format (items in declaration order).
    pub fn to_dlx(&self) -> String {
        let primary: Vec<String> = (0..self.primary)
            .map(|i| match self.bound(i) {
                (1, 1) => self.item_name(i),
                (u, v) if u == v => format!("{v}|{}", self.item_name(i)),
                (u, v) => format!("{u}:{v}|{}", self.item_name(i)),
            })
            .collect();
        let secondary: Vec<String> =
            (self.primary..self.primary + self.secondary).map(|i| self.item_name(i)).collect();
        let mut text = if self.secondary_first && self.secondary > 0 {
            // Knuth's format puts primaries first; say so instead of pretending.
            format!("| declared secondaries first\n{} | {}\n", primary.join(" "), secondary.join(" "))
        } else if self.secondary > 0 {
            format!("{} | {}\n", primary.join(" "), secondary.join(" "))
        } else {
            format!("{}\n", primary.join(" "))
        };
        for option in &self.options {
            let words: Vec<String> = option
                .iter()
                .map(|&(item, color)| match color {
                    Some(c) => format!("{}:{}", self.item_name(item), color_name(c)),
                    None => self.item_name(item),
                })
                .collect();
            text.push_str(&words.join(" "));
            text.push('\n');
        }
        text
    }

    /// Builds the problem with [`ProblemBuilder`]; option `k` of the spec is `OptionId` `k`.
    pub fn build(&self) -> Problem {
        let mut b = ProblemBuilder::new();
        let mut ids = vec![None; self.primary + self.secondary];
        let declare = |b: &mut ProblemBuilder, ids: &mut Vec<Option<ItemId>>, item: usize| {
            ids[item] = Some(if item < self.primary {
                let (u, v) = self.bound(item);
                b.primary_bounded(self.item_name(item), u, v).unwrap()
            } else {
                b.secondary(self.item_name(item)).unwrap()
            });
        };
        let secondaries = self.primary..self.primary + self.secondary;
        if self.secondary_first {
            secondaries.clone().for_each(|i| declare(&mut b, &mut ids, i));
        }
        (0..self.primary).for_each(|i| declare(&mut b, &mut ids, i));
        if !self.secondary_first {
            secondaries.for_each(|i| declare(&mut b, &mut ids, i));
        }
        for (k, option) in self.options.iter().enumerate() {
            let items: Vec<(ItemId, Option<Color>)> = option
                .iter()
                .map(|&(item, color)| (ids[item].unwrap(), color.map(|c| b.color(color_name(c)))))
                .collect();
            let id = b.colored_option(items).unwrap_or_else(|e| panic!("option {k} rejected: {e}"));
            assert_eq!(id.index(), k);
        }
        b.build()
    }

    /// Every solution, by trying every subset of the options against the definition: each primary
    /// item used within its bounds (exactly once, unless given others); each secondary item unused, used once, or used only with one colour
    /// by every option that names it. Independent of the engine (and of `Problem::is_solution`).
    pub fn brute_force(&self) -> BTreeSet<Vec<usize>> {
        let n = self.options.len();
        assert!(n < 24, "brute force over 2^{n} subsets");
        let items = self.primary + self.secondary;
        let mut solutions = BTreeSet::new();
        // Per item: uses so far, and the colour of the first use (None: uncoloured).
        let mut uses = vec![0u32; items];
        let mut first_color = vec![None; items];
        'subsets: for mask in 0u32..1 << n {
            uses.iter_mut().for_each(|u| *u = 0);
            for (k, option) in self.options.iter().enumerate() {
                if mask & (1 << k) == 0 {
                    continue;
                }
                for &(item, color) in option {
                    uses[item] += 1;
                    if uses[item] == 1 {
                        first_color[item] = color;
                    } else if item < self.primary {
                        if uses[item] > self.bound(item).1 {
                            continue 'subsets;
                        }
                    } else if color.is_none() || first_color[item] != color {
                        continue 'subsets;
                    }
                }
            }
            if (0..self.primary).all(|i| uses[i] >= self.bound(i).0) {
                solutions.insert((0..n).filter(|&k| mask & (1 << k) != 0).collect());
            }
        }
        solutions
    }
}

fn color_name(c: u32) -> &'static str {
    ["A", "B", "C"][c as usize - 1]
}

/// Random small problems: 1–8 primary items, 0–3 secondary items (each allowing 0–2 colours), 0–14
/// options. Every option has 1–3 distinct primary items and each secondary item with probability
/// 1/2, uncoloured or with one of that item's colours; never an item twice.
pub fn spec_strategy(max_primary: usize, max_options: usize) -> impl Strategy<Value = Spec> {
    (1..=max_primary, 0..=3usize, any::<bool>())
        .prop_flat_map(move |(primary, secondary, secondary_first)| {
            let colors = prop::collection::vec(0..=2u32, secondary);
            (Just(primary), Just(secondary), Just(secondary_first), colors)
        })
        .prop_flat_map(move |(primary, secondary, secondary_first, colors)| {
            let option = (
                prop::collection::vec(0..primary, 1..=3.min(primary)),
                prop::collection::vec(0..8u32, secondary),
                0..4usize,
            );
            let options = prop::collection::vec(option, 0..=max_options);
            (Just(primary), Just(secondary), Just(secondary_first), Just(colors), options)
        })
        .prop_map(|(primary, secondary, secondary_first, colors, raw)| {
            let options = raw
                .into_iter()
                .map(|(mut primaries, picks, rotate)| {
                    primaries.sort_unstable();
                    primaries.dedup();
                    let mut option: Vec<(usize, Option<u32>)> =
                        primaries.into_iter().map(|p| (p, None)).collect();
                    for (s, pick) in picks.into_iter().enumerate() {
                        // 0..=3: absent; 4: uncoloured; 5..=7: one of the item's colours, if it has any.
                        let color = match (pick, colors[s]) {
                            (0..=3, _) => continue,
                            (4, _) | (_, 0) => None,
                            (_, k) => Some(1 + (pick - 5) % k),
                        };
                        option.push((primary + s, color));
                    }
                    // Not always primaries first: the links start each option at its first item.
                    let len = option.len();
                    option.rotate_left(rotate % len);
                    option
                })
                .collect();
            Spec { primary, secondary, secondary_first, options, bounds: Vec::new() }
        })
}

/// Random small problems with multiplicities: those of [`spec_strategy`], each primary item given
/// bounds `u:v` with `0 <= u <= v <= 3`, `v >= 1` (a third of them `1:1`).
pub fn bounded_spec_strategy(max_primary: usize, max_options: usize) -> impl Strategy<Value = Spec> {
    spec_strategy(max_primary, max_options).prop_flat_map(|spec| {
        let bound = prop_oneof![Just((1, 1)), (1..=3u32).prop_flat_map(|v| (0..=v, Just(v)))];
        (Just(spec.clone()), prop::collection::vec(bound, spec.primary))
            .prop_map(|(spec, bounds)| Spec { bounds, ..spec })
    })
}
