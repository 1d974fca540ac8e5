//! Fuzz target: see `fastjson_fuzz::checks::decode_typed`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fastjson_fuzz::checks::decode_typed(data));
