//! fastjson: JSON encode/decode of typed data, generated at compile time.
//!
//! This facade re-exports the runtime (`Encode`, `Decode`, `to_vec`, `from_slice`, ...) and the
//! derives: `FastJson` (both sides), and `Encode` or `Decode` alone, which share the traits'
//! names as serde's derives do. See the README for the quickstart and the attribute table.

pub use fastjson_derive::{Decode, Encode, FastJson};
pub use fastjson_runtime::*;

/// The README's code blocks run as doc-tests, so the quickstart cannot rot.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
