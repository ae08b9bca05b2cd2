//! N-queens under the one calling convention ([`crate::Puzzle`]): the module's free functions.

use crate::queens::Board;

crate::common::puzzle_from_functions!(Board, "queens", queens, Vec<usize>);
