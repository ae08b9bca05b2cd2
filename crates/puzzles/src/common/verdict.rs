//! [`Verdict`]: what a verifier found wrong with an answer.

use std::fmt;

/// An answer whose side is not its puzzle's, the first thing the verifiers of the square grid
/// families (KenKen, Killer) check: then no rule is checked.
///
/// ```
/// let wrong = tessera::SideDiffers { expected: 4, found: 3 };
/// assert_eq!(wrong.to_string(), "the answer is 3x3, the puzzle 4x4");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SideDiffers {
    /// The puzzle's side.
    pub expected: usize,
    /// The answer's side.
    pub found: usize,
}

impl SideDiffers {
    /// The verdict of an answer of side `found` to a puzzle of side `expected` when they differ
    /// (one violation, `size`), `None` when they agree.
    pub(crate) fn verdict<V>(
        expected: usize,
        found: usize,
        size: fn(SideDiffers) -> V,
    ) -> Option<Verdict<V>> {
        (expected != found).then(|| Verdict::new(vec![size(SideDiffers { expected, found })]))
    }
}

impl fmt::Display for SideDiffers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let SideDiffers { expected, found } = self;
        write!(f, "the answer is {found}x{found}, the puzzle {expected}x{expected}")
    }
}

/// The violations a verifier found, in the order it checks (empty: the answer is correct). Each
/// puzzle has its own `Violation` type; `Verdict<Violation>` is that puzzle's `Verdict`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict<V> {
    violations: Vec<V>,
}

impl<V> Default for Verdict<V> {
    fn default() -> Self {
        Verdict { violations: Vec::new() }
    }
}

impl<V> Verdict<V> {
    /// A verdict of these violations (none: the answer is correct), for a verifier outside this
    /// crate (an exact-cover problem's, say).
    pub fn new(violations: Vec<V>) -> Self {
        Verdict { violations }
    }

    /// Whether the answer is correct.
    pub fn is_valid(&self) -> bool {
        self.violations.is_empty()
    }

    /// Everything wrong, in the order the verifier checks.
    pub fn violations(&self) -> &[V] {
        &self.violations
    }

    /// The violations, owned.
    pub fn into_violations(self) -> Vec<V> {
        self.violations
    }
}

/// One line per violation, or "the answer is correct".
impl<V: fmt::Display> fmt::Display for Verdict<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.violations.is_empty() {
            return f.write_str("the answer is correct");
        }
        for (i, violation) in self.violations.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{violation}")?;
        }
        Ok(())
    }
}
