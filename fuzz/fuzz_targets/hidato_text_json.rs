#![no_main]
//! See `tessera_fuzz::checks::hidato_text_json`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| tessera_fuzz::checks::hidato_text_json(data));
