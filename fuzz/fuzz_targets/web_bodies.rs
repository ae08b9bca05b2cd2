#![no_main]
//! See `tessera_fuzz::checks::web_bodies`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| tessera_fuzz::checks::web_bodies(data));
