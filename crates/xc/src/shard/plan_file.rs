//! A plan as a file: written by the driver, read by every worker, and checked whole before any
//! counting. Every failure is a [`PlanError`] that says what is wrong (the callers add the file's
//! name); nothing in a plan, however edited, makes a worker panic or count the wrong thing.

use super::plan::split_id;
use super::{Plan, Shard, Tree};

/// Why a plan cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PlanError {
    /// Not JSON, or not a plan's fields.
    #[error("not a plan: {0}")]
    Malformed(String),
    /// Another version of the format.
    #[error("a plan of format {found:?}; this tessera reads {expected:?}")]
    Format {
        /// The file's.
        found: String,
        /// Ours.
        expected: String,
    },
    /// Fields that contradict each other (edited by hand, or cut short).
    #[error("an inconsistent plan: {0}")]
    Inconsistent(String),
    /// A plan of another problem, another kind of count, or another engine.
    #[error("a plan of another count: its {what} is {theirs}, this one's is {ours}")]
    OtherInstance {
        /// What differs.
        what: &'static str,
        /// The plan's.
        theirs: String,
        /// This instance's.
        ours: String,
    },
    /// A part the plan does not have.
    #[error("part {part} is out of range: the plan has parts 0 to {}", parts.saturating_sub(1))]
    Part {
        /// The part asked for.
        part: u64,
        /// The plan's parts.
        parts: u32,
    },
    /// A prefix index the plan does not have, or given twice.
    #[error("prefix {index} {}", if *doubled { "is given twice".to_owned() } else { format!("is out of range: the plan has prefixes 0 to {}", prefixes.saturating_sub(1)) })]
    Index {
        /// The index.
        index: u64,
        /// The plan's prefixes.
        prefixes: u64,
        /// Whether it was given twice rather than out of range.
        doubled: bool,
    },
    /// A key that is not a path of this instance's tree.
    #[error("prefix {index} (key {key:?}) does not fit this instance: {message}")]
    Key {
        /// The prefix's index.
        index: usize,
        /// Its key.
        key: Vec<u32>,
        /// Why.
        message: String,
    },
}

impl Plan {
    /// The plan as JSON text (one line per prefix would be kinder to eyes; one line in all is
    /// kinder to big plans: compact).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a plan serialises") + "\n"
    }

    /// Reads a plan and checks it whole: format, parts, costs, each prefix's part, and the
    /// split's hash against the keys.
    pub fn from_json(text: &str) -> Result<Plan, PlanError> {
        let plan: Plan = serde_json::from_str(text).map_err(|e| {
            // A plan of another version may not parse at all: say so rather than name a field.
            match serde_json::from_str::<serde_json::Value>(text) {
                Ok(value) => match value.get("format").and_then(|f| f.as_str()) {
                    Some(format) if format != Plan::FORMAT => {
                        PlanError::Format { found: format.to_owned(), expected: Plan::FORMAT.to_owned() }
                    }
                    _ => PlanError::Malformed(e.to_string()),
                },
                Err(_) => PlanError::Malformed(e.to_string()),
            }
        })?;
        if plan.format != Plan::FORMAT {
            return Err(PlanError::Format { found: plan.format, expected: Plan::FORMAT.to_owned() });
        }
        let bad = |message: String| Err(PlanError::Inconsistent(message));
        if plan.parts == 0 || plan.parts > Shard::MAX {
            return bad(format!("{} parts (1 to {} are possible)", plan.parts, Shard::MAX));
        }
        if plan.split.prefixes != plan.prefixes.len() as u64 {
            return bad(format!(
                "its split has {} prefixes but it lists {}",
                plan.split.prefixes,
                plan.prefixes.len()
            ));
        }
        for (index, p) in plan.prefixes.iter().enumerate() {
            if p.part >= plan.parts {
                return bad(format!("prefix {index} is dealt to part {}, of {}", p.part, plan.parts));
            }
            if !p.cost.is_finite() || p.cost < 0.0 {
                return bad(format!("prefix {index} costs {}", p.cost));
            }
        }
        if split_id(plan.split.depth, plan.prefixes.iter().map(|p| p.key.as_slice())) != plan.split {
            return bad("the split's hash is not that of its keys (a key was changed)".to_owned());
        }
        Ok(plan)
    }

    /// Checks that the plan is of `tree`'s instance (kind, hash, engine).
    pub fn check<T: Tree>(&self, tree: &T) -> Result<(), PlanError> {
        let ours = tree.instance();
        let short = |hash: &str| hash.get(..16).unwrap_or(hash).to_owned();
        let checks = [
            ("kind", self.kind == ours.kind, self.kind.clone(), ours.kind.clone()),
            ("instance hash", self.instance == ours.hash, short(&self.instance), short(&ours.hash)),
            ("engine", self.engine == ours.engine, self.engine.clone(), ours.engine.clone()),
        ];
        match checks.into_iter().find(|(_, same, _, _)| !same) {
            Some((what, _, theirs, ours)) => Err(PlanError::OtherInstance { what, theirs, ours }),
            None => Ok(()),
        }
    }

    /// Checks `indices` (each in range, none twice) and returns them sorted.
    pub fn checked_indices(&self, indices: &[u64]) -> Result<Vec<usize>, PlanError> {
        let prefixes = self.prefixes.len() as u64;
        let mut sorted = indices.to_vec();
        sorted.sort_unstable();
        for pair in sorted.windows(2) {
            if pair[0] == pair[1] {
                return Err(PlanError::Index { index: pair[0], prefixes, doubled: true });
            }
        }
        if let Some(&index) = sorted.iter().find(|&&i| i >= prefixes) {
            return Err(PlanError::Index { index, prefixes, doubled: false });
        }
        Ok(sorted.into_iter().map(|i| i as usize).collect())
    }

    /// Checks a part's index and returns its prefixes' indices.
    pub fn checked_part(&self, part: u64) -> Result<Vec<usize>, PlanError> {
        match u32::try_from(part) {
            Ok(part) if part < self.parts => Ok(self.prefixes_of(part)),
            _ => Err(PlanError::Part { part, parts: self.parts }),
        }
    }

    /// The prefixes at `indices`, rebuilt from their keys by `tree` (after [`check`](Self::check)).
    pub fn rebuild<T: Tree>(&self, tree: &T, indices: &[usize]) -> Result<Vec<T::Prefix>, PlanError> {
        let keys: Vec<&[u32]> = indices.iter().map(|&i| self.prefixes[i].key.as_slice()).collect();
        tree.prefixes(&keys)
            .into_iter()
            .zip(indices)
            .map(|(prefix, &index)| {
                let key = self.prefixes[index].key.clone();
                prefix.map_err(|message| PlanError::Key { index, key, message })
            })
            .collect()
    }
}
