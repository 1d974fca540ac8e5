//! Encoding serde values: the whole-value functions and what generated code calls for fields,
//! types and keys that go through serde.
//!
//! CONTRACT (the signatures generated code relies on; keep them):
//! - `pub fn to_vec<T: ?Sized + serde::Serialize>(value: &T) -> crate::Result<Vec<u8>>`,
//!   `to_vec_pretty`, `to_string`, `to_string_pretty` (same, `String`),
//!   `to_writer<W: std::io::Write, T: ?Sized + Serialize>(writer: W, value: &T) -> crate::Result<()>`.
//! - `pub fn encode<T: ?Sized + Serialize, F: Format>(value: &T, w: &mut Writer<'_, F>)`:
//!   `Encode` is infallible, so a `Serialize` impl that fails panics with serde_json's message.
//! - `pub fn encode_with<F: Format>(w: &mut Writer<'_, F>,
//!   f: impl FnOnce(Serializer<'_, '_, F>) -> crate::Result<()>)`: a serde-signature
//!   `serialize_with` function, called as `|s| path(&value, s)`; panics on error likewise.
//! - `pub fn encode_key<T: ?Sized + Serialize, F: Format>(value: &T, w: &mut Writer<'_, F>, first: bool)`:
//!   writes the key as serde_json's map-key serializer does (separator unless `first`, colon after).
