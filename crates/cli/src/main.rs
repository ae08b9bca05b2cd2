//! The `tessera` command (being written).
fn main() {}
