#![cfg(feature = "smol_str")]
//! `smol_str::SmolStr` (feature `smol_str`) against smol_str's own serde impl through serde_json: random strings (around the 23-byte inline limit, with
//! escapes and non-ASCII) encode to the same bytes (compact and pretty) and decode to the same
//! values; escapes, lone surrogates and non-strings get the same decision; map keys, `Option`,
//! `Vec` and a derived struct; short strings decode inline. The tests are shared with the other
//! inline string type: `eco_inline_string/tests.rs`.

use smol_str::SmolStr as Text;

mod same_as_serde;

/// The longest text kept inline (no allocation).
const INLINE_LEN: usize = 23;
/// The name its schema is filed under.
const SCHEMA_NAME: &str = "SmolStr";

include!("eco_inline_string/tests.rs");
