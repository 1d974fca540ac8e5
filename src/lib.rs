//! fastjson: JSON encode/decode of typed data, generated at compile time.
//!
//! This facade re-exports the runtime (`Encode`, `Decode`, `to_vec`, `from_slice`, ...) and the
//! `FastJson` derive.

pub use fastjson_derive::FastJson;
pub use fastjson_runtime::*;
