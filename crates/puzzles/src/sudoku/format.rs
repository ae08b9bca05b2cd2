//! Reading and writing puzzles (being written).
