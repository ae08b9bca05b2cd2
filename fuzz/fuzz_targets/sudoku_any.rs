#![no_main]
//! See `tessera_fuzz::checks::sudoku_any`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| tessera_fuzz::checks::sudoku_any(data));
