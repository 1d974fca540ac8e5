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

use std::io;

use serde::Serialize;

use super::ser::{MapKeySerializer, Serializer};
use crate::error::{Error, Result};
use crate::writer::{Format, Pretty, Writer};

/// serde_json's first allocation for a whole value: most documents fit, and a value gives no
/// size estimate through serde.
const INITIAL_CAPACITY: usize = 128;

/// Serializes `value` as compact JSON, the bytes `serde_json::to_vec` returns (and its errors:
/// a `Serialize` impl's own, or a map key with no string form).
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// use std::collections::BTreeMap;
///
/// let value = BTreeMap::from([(1, vec![Some(1.5), None])]);
/// assert_eq!(fastjson::bridge::to_vec(&value)?, br#"{"1":[1.5,null]}"#);
/// assert!(fastjson::bridge::to_vec(&BTreeMap::from([((), 1)])).is_err());
/// # Ok::<(), fastjson::Error>(())
/// ```
pub fn to_vec<T: ?Sized + Serialize>(value: &T) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(INITIAL_CAPACITY);
    value.serialize(Serializer::new(&mut Writer::new(&mut out)))?;
    Ok(out)
}

/// Serializes `value` as pretty JSON (two-space indent), the bytes `serde_json::to_vec_pretty`
/// returns.
pub fn to_vec_pretty<T: ?Sized + Serialize>(value: &T) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(INITIAL_CAPACITY);
    value.serialize(Serializer::new(&mut Writer::with_format(
        &mut out,
        Pretty::default(),
    )))?;
    Ok(out)
}

/// [`to_vec`] as a `String`, as `serde_json::to_string`.
pub fn to_string<T: ?Sized + Serialize>(value: &T) -> Result<String> {
    to_vec(value).map(into_string)
}

/// [`to_vec_pretty`] as a `String`, as `serde_json::to_string_pretty`.
pub fn to_string_pretty<T: ?Sized + Serialize>(value: &T) -> Result<String> {
    to_vec_pretty(value).map(into_string)
}

/// Writes the compact JSON of `value` to `writer`, as `serde_json::to_writer`. The text is
/// made in memory first and written with one `write_all` (wrap a slow sink in a `BufWriter`
/// all the same: `write_all` may call `write` many times). Nothing is written when the value
/// fails to serialize; a failed write is an I/O error ([`Error::is_io`]).
pub fn to_writer<W: io::Write, T: ?Sized + Serialize>(mut writer: W, value: &T) -> Result<()> {
    writer.write_all(&to_vec(value)?).map_err(Error::io)
}

/// Writes the pretty JSON of `value` to `writer`, as `serde_json::to_writer_pretty`; see
/// [`to_writer`].
pub fn to_writer_pretty<W: io::Write, T: ?Sized + Serialize>(
    mut writer: W,
    value: &T,
) -> Result<()> {
    writer.write_all(&to_vec_pretty(value)?).map_err(Error::io)
}

fn into_string(bytes: Vec<u8>) -> String {
    // The serializer writes only ASCII and whole `&str`s, so this never fails.
    String::from_utf8(bytes).expect("the serializer writes UTF-8")
}

/// Generated-code helper: writes a serde value at the writer's position (a derived type's field
/// with `#[fastjson(serde)]`, or a whole type that goes through serde), in the writer's layout.
/// Hand-written [`Encode`](crate::Encode) impls may call it too.
///
/// # Panics
///
/// When `value`'s `Serialize` impl fails (its own error, or a map key with no string form),
/// with a message naming the error: [`Encode::encode`](crate::Encode::encode) cannot fail, so
/// there is no error to return. The whole-value functions ([`to_vec`], ...) return it.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// use fastjson::{Pretty, Writer};
///
/// let mut out = Vec::new();
/// let mut w = Writer::with_format(&mut out, Pretty::default());
/// w.begin_object();
/// w.key(true, "\"pair\"");
/// fastjson::bridge::encode(&(1, "a"), &mut w);
/// w.end_object();
/// assert_eq!(out, b"{\n  \"pair\": [\n    1,\n    \"a\"\n  ]\n}");
/// ```
#[inline]
#[track_caller]
pub fn encode<T: ?Sized + Serialize, F: Format>(value: &T, w: &mut Writer<'_, F>) {
    if let Err(err) = value.serialize(Serializer::new(w)) {
        serialize_failed(err);
    }
}

/// Generated-code helper for `#[serde(serialize_with = "path")]` (and `with`) naming a
/// serde-signature function: calls `f` (`|s| path(&value, s)`) with a [`Serializer`] at the
/// writer's position.
///
/// # Panics
///
/// When `f` returns an error, with a message naming it; see [`encode`] for why.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// use fastjson::Writer;
///
/// fn as_text<S: serde::Serializer>(value: &u32, s: S) -> Result<S::Ok, S::Error> {
///     s.collect_str(value)
/// }
///
/// let mut out = Vec::new();
/// fastjson::bridge::encode_with(&mut Writer::new(&mut out), |s| as_text(&7, s));
/// assert_eq!(out, br#""7""#);
/// ```
#[inline]
#[track_caller]
pub fn encode_with<F: Format>(
    w: &mut Writer<'_, F>,
    f: impl FnOnce(Serializer<'_, '_, F>) -> Result<()>,
) {
    if let Err(err) = f(Serializer::new(w)) {
        serialize_failed(err);
    }
}

/// Generated-code helper for map keys that go through serde: writes the separator (unless
/// `first`), the key as serde_json's map-key serializer writes it (strings, chars and unit
/// variants as strings; bools, integers and finite floats in quotes; newtype structs as their
/// contents), then the colon; as [`EncodeKey::encode_key`](crate::EncodeKey::encode_key) does.
///
/// # Panics
///
/// When the key has no string form (a sequence, a map, unit, `None`, bytes, a variant with
/// data: "key must be a string"), is a NaN or infinite float, or its `Serialize` impl fails,
/// with a message naming the error; see [`encode`] for why.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// use fastjson::Writer;
///
/// let mut out = Vec::new();
/// let mut w = Writer::new(&mut out);
/// w.begin_object();
/// fastjson::bridge::encode_key(&1.5, &mut w, true);
/// w.bool(true);
/// fastjson::bridge::encode_key(&'c', &mut w, false);
/// w.null();
/// w.end_object();
/// assert_eq!(out, br#"{"1.5":true,"c":null}"#);
/// ```
#[inline]
#[track_caller]
pub fn encode_key<T: ?Sized + Serialize, F: Format>(value: &T, w: &mut Writer<'_, F>, first: bool) {
    w.begin_key(first);
    if let Err(err) = value.serialize(MapKeySerializer { w: &mut *w }) {
        serialize_failed(err);
    }
    w.end_key();
}

/// The panic of the infallible helpers: out of line, so that the success path stays small.
#[cold]
#[inline(never)]
#[track_caller]
fn serialize_failed(err: Error) -> ! {
    panic!(
        "a serde Serialize impl failed while encoding (Encode cannot return an error; \
         fastjson::serde::to_vec returns it): {}",
        err.message()
    )
}
