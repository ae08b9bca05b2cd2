//! [`Verdict`]: what a verifier found wrong with an answer.

use std::fmt;

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
