//! N-queens: place N queens on an NxN board so that no two share a row, a column or a diagonal.
//!
//! A solution is the column of the queen in each row. Two solvers agree on every count: a
//! dedicated bitmask backtracker ([`count`], [`solutions_up_to`]) and the exact-cover reduction
//! ([`ExactCover`]: rows and columns primary, diagonals secondary).
//!
//! ```
//! use tessera::queens::{count, is_solution, solutions_up_to, ExactCover};
//! use tessera::xc::Budget;
//! assert_eq!(count(8, 1, &Budget::unlimited()).solutions, 92);
//! assert_eq!(ExactCover::new(8).count_up_to(u64::MAX, 1, &Budget::unlimited()).solutions, 92);
//! let (first, _) = solutions_up_to(8, 1, &Budget::unlimited());
//! assert_eq!(first[0], [0, 4, 7, 5, 2, 6, 1, 3]);
//! assert!(is_solution(&first[0]));
//! ```

mod exact;
mod solve;

pub use exact::ExactCover;
pub use solve::{count, solutions_up_to, MAX_N};
pub use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

/// Checks a placement independently of the solvers: one queen per row (the index), columns in
/// range and all different, no two on a diagonal.
pub fn is_solution(columns: &[usize]) -> bool {
    let n = columns.len();
    columns.iter().enumerate().all(|(r, &c)| {
        c < n && columns[..r].iter().enumerate().all(|(r2, &c2)| c2 != c && r - r2 != c.abs_diff(c2))
    })
}

/// The board drawn with `Q` for a queen and `.` for an empty square, separated by spaces.
///
/// ```
/// assert_eq!(tessera::queens::render(&[1, 3, 0, 2]), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n");
/// ```
pub fn render(columns: &[usize]) -> String {
    let n = columns.len();
    let mut out = String::with_capacity(n * 2 * n);
    for &c in columns {
        for col in 0..n {
            out.push(if col == c { 'Q' } else { '.' });
            out.push(if col + 1 == n { '\n' } else { ' ' });
        }
    }
    out
}
