#![no_main]
//! See `tessera_fuzz::checks::xc_knuth`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| tessera_fuzz::checks::xc_knuth(data));
