//! Decoding serde values: the whole-value functions and what generated code calls for fields,
//! types and keys that go through serde.
//!
//! CONTRACT (the signatures generated code relies on; keep them):
//! - `pub fn from_slice<'de, T: serde::Deserialize<'de>>(input: &'de [u8]) -> crate::Result<T>`,
//!   `from_str`, `from_reader<R: std::io::Read, T: serde::de::DeserializeOwned>`.
//! - `pub fn decode<'de, T: Deserialize<'de>>(lex: &mut Lexer<'de>) -> crate::Result<T>`.
//! - `pub fn decode_with<'de, T>(lex: &mut Lexer<'de>,
//!   f: impl FnOnce(Deserializer<'_, 'de>) -> crate::Result<T>) -> crate::Result<T>`: a
//!   serde-signature `deserialize_with` function, called as `|d| path(d)`.
//! - `pub fn decode_missing_field<'de, T: Deserialize<'de>>(lex: &Lexer<'de>, name: &str) -> crate::Result<T>`:
//!   what serde makes of a missing field (`None` for an `Option`, else a missing-field error).
//! - `pub fn decode_key<'de, T: Deserialize<'de>>(key: &Cow<'de, str>, lex: &Lexer<'de>, at: usize) -> crate::Result<T>`:
//!   an object key as serde_json's map-key deserializer reads it (`DecodeKey::from_key`).
