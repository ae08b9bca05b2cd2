#![no_main]
//! See `tessera_fuzz::checks::tiling_board`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| tessera_fuzz::checks::tiling_board(data));
