//! Tilings under the one calling convention ([`crate::Puzzle`]): the module's free functions.

use crate::tiling::{Puzzle, Tiling};

crate::common::puzzle_from_functions!(Puzzle, "tiling", tiling, Tiling);
