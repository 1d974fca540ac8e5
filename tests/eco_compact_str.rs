#![cfg(feature = "compact_str")]
//! `compact_str::CompactString` (feature `compact_str`) against compact_str's own serde
//! impl through serde_json: random strings (around the 24-byte inline limit, with
//! escapes and non-ASCII) encode to the same bytes (compact and pretty) and decode to the same
//! values; escapes, lone surrogates and non-strings get the same decision; map keys, `Option`,
//! `Vec` and a derived struct; short strings decode inline. The tests are shared with the other
//! inline string type: `eco_inline_string/tests.rs`.

use compact_str::CompactString as Text;

mod same_as_serde;

/// The longest text kept inline (no allocation).
const INLINE_LEN: usize = 24;
/// The name its schema is filed under.
const SCHEMA_NAME: &str = "CompactString";

include!("eco_inline_string/tests.rs");
