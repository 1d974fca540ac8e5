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

use std::borrow::Cow;

use serde::de::{self, Deserialize, DeserializeOwned, Visitor};

use super::de::{fix, Deserializer};
use super::de_key::{key_end, KeyDeserializer};
use crate::error::{Error, Result};
use crate::lexer::Lexer;

/// Decodes a `T: serde::Deserialize` from JSON bytes, accepting what `serde_json::from_slice`
/// accepts (only whitespace may follow the value), with fastjson's errors.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// use std::collections::BTreeMap;
///
/// let map: BTreeMap<u32, Vec<&str>> = fastjson::bridge::from_slice(br#"{"2": ["b"], "1": []}"#)?;
/// assert_eq!(map[&2], ["b"]);
///
/// let err = fastjson::bridge::from_slice::<BTreeMap<u32, u8>>(br#"{"1": 300}"#).unwrap_err();
/// assert_eq!(err.message(), "invalid value: integer `300`, expected u8");
/// assert_eq!((err.path(), err.line(), err.column()), ("$[\"1\"]".to_owned(), 1, 9));
/// # Ok::<(), fastjson::Error>(())
/// ```
pub fn from_slice<'de, T: Deserialize<'de>>(input: &'de [u8]) -> Result<T> {
    let mut lex = Lexer::new(input);
    let value = decode(&mut lex)?;
    lex.end()?;
    Ok(value)
}

/// [`from_slice`] for text (its UTF-8 is not checked again).
pub fn from_str<'de, T: Deserialize<'de>>(input: &'de str) -> Result<T> {
    let mut lex = Lexer::from_text(input);
    let value = decode(&mut lex)?;
    lex.end()?;
    Ok(value)
}

/// Reads `reader` to its end, then decodes the bytes as [`from_slice`] does; a read that fails
/// is an I/O error.
pub fn from_reader<R: std::io::Read, T: DeserializeOwned>(mut reader: R) -> Result<T> {
    let mut input = Vec::new();
    reader.read_to_end(&mut input).map_err(Error::io)?;
    from_slice(&input)
}

/// Decodes the value at the lexer's position with `T`'s serde impl; the lexer is left after it.
/// An error without a position (a `Deserialize` impl's own, which never read) gets the lexer's.
pub fn decode<'de, T: Deserialize<'de>>(lex: &mut Lexer<'de>) -> Result<T> {
    let result = T::deserialize(Deserializer::new(&mut *lex));
    result.map_err(|err| fix(lex, err, lex.position()))
}

/// Decodes the value at the lexer's position with a serde-signature `deserialize_with`
/// function, called as `|d| path(d)`.
pub fn decode_with<'de, T>(
    lex: &mut Lexer<'de>,
    f: impl FnOnce(Deserializer<'_, 'de>) -> Result<T>,
) -> Result<T> {
    let result = f(Deserializer::new(&mut *lex));
    result.map_err(|err| fix(lex, err, lex.position()))
}

/// What serde makes of a field missing from the object just read (its closing bracket the last
/// byte the lexer read): `None` for a type that reads an option, else the missing-field error,
/// at the closing bracket as fastjson's own missing-field errors are.
pub fn decode_missing_field<'de, T: Deserialize<'de>>(lex: &Lexer<'de>, name: &str) -> Result<T> {
    T::deserialize(MissingField { lex, name }).map_err(|err| {
        if err.has_position() || lex.is_speculating() {
            err
        } else {
            let here = lex.err_missing_field(name).offset();
            err.placed_at(lex.input(), here)
        }
    })
}

/// Decodes an object key (read by the lexer; `at` is its opening quote) as serde_json's map-key
/// deserializer reads it: the key string, borrowed if it had no escapes; integers, floats and
/// `true`/`false` read from the key's text (written without escapes); `Option` as `Some`; a
/// newtype as its content; an enum as the unit variant the key names.
#[allow(clippy::ptr_arg)] // the `Cow` itself: `Borrowed` says the key had no escapes
pub fn decode_key<'de, T: Deserialize<'de>>(
    key: &Cow<'de, str>,
    lex: &Lexer<'de>,
    at: usize,
) -> Result<T> {
    T::deserialize(KeyDeserializer::new(key, lex, at))
        .map_err(|err| fix(lex, err, key_end(lex.input(), at)))
}

/// serde's deserializer for a missing field: an option reads `None`, anything else fails
/// with the missing-field error.
struct MissingField<'a, 'de> {
    lex: &'a Lexer<'de>,
    name: &'a str,
}

impl<'de> de::Deserializer<'de> for MissingField<'_, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value> {
        Err(self.lex.err_missing_field(self.name))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_none()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier
        ignored_any
    }
}
