//! serde's `Serializer` over fastjson's `Writer`: serde_json's bytes for every case of serde's
//! data model.
//!
//! Each method mirrors serde_json 1.0.154's `Serializer` (`ser.rs`) call for call, with the
//! `Formatter` calls replaced by the [`Writer`]'s: the layout (compact, pretty, HTML-safe) is
//! the writer's, so a serde value inside a derived type's pretty output indents as its
//! neighbours do.

use std::fmt::{self, Display};

use serde::ser::{self, Impossible, Serialize};

use crate::error::{Error, Result};
use crate::writer::{Compact, Format, Writer};

impl ser::Error for Error {
    /// A `Serialize` impl's own error (`S::Error::custom("...")`): a data error with no
    /// position, whose message is `msg`.
    #[cold]
    fn custom<T: Display>(msg: T) -> Self {
        Error::custom(msg)
    }
}

/// serde's `Serializer` writing JSON through a fastjson [`Writer`], byte for byte what
/// `serde_json::Serializer` writes with the same layout.
///
/// It is taken by value, as serde's trait wants: a `serialize_with` function that takes `S`
/// gets one, and each nested value gets a new one over the same writer.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// use fastjson::bridge::Serializer;
/// use fastjson::{Pretty, Writer};
/// use serde::Serialize;
///
/// let mut out = Vec::new();
/// let mut w = Writer::with_format(&mut out, Pretty::default());
/// vec![(1, "a")].serialize(Serializer::new(&mut w))?;
/// assert_eq!(out, b"[\n  [\n    1,\n    \"a\"\n  ]\n]");
/// # Ok::<(), fastjson::Error>(())
/// ```
pub struct Serializer<'a, 'w, F: Format = Compact> {
    w: &'a mut Writer<'w, F>,
}

impl<'a, 'w, F: Format> Serializer<'a, 'w, F> {
    /// A serializer writing at the writer's current position (a whole document, an array
    /// element or an object's value alike).
    #[inline]
    pub fn new(w: &'a mut Writer<'w, F>) -> Self {
        Serializer { w }
    }
}

/// An array or object being written: what [`Serializer`]'s `serialize_seq`, `serialize_map`,
/// `serialize_struct` and the tuple and variant forms return.
pub struct Compound<'a, 'w, F: Format> {
    w: &'a mut Writer<'w, F>,
    state: State,
}

/// Where a container stands. serde_json's three states: one declared empty is closed at once
/// (`Empty`), as serde_json does, so its `end` writes nothing more; `First` until an entry is
/// written, `Rest` after. `Raw` is a serde_json private struct (`RawValue`, or `Number` with
/// `arbitrary_precision`) whose one field is JSON text to copy.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Empty,
    First,
    Rest,
    Raw(RawKind),
}

/// The serde_json types that serialize as a private struct holding their JSON text: serde_json
/// writes that text verbatim instead of the struct. Any build that can make them (serde_json
/// with `raw_value` or `arbitrary_precision`, a feature of the user's build) expects it, so
/// the bridge recognises their names whatever serde_json's features here.
#[derive(Clone, Copy, PartialEq, Eq)]
enum RawKind {
    /// `serde_json::value::RawValue`.
    Value,
    /// `serde_json::Number` with `arbitrary_precision`.
    Number,
}

impl RawKind {
    /// The struct's (and its one field's) name, serde_json's `TOKEN`s.
    const VALUE_TOKEN: &'static str = "$serde_json::private::RawValue";
    const NUMBER_TOKEN: &'static str = "$serde_json::private::Number";

    #[inline]
    fn of_struct(name: &str) -> Option<RawKind> {
        // Only names starting with `$` (no Rust type's) pay for the comparisons.
        if !name.starts_with('$') {
            return None;
        }
        match name {
            RawKind::VALUE_TOKEN => Some(RawKind::Value),
            RawKind::NUMBER_TOKEN => Some(RawKind::Number),
            _ => None,
        }
    }

    fn token(self) -> &'static str {
        match self {
            RawKind::Value => RawKind::VALUE_TOKEN,
            RawKind::Number => RawKind::NUMBER_TOKEN,
        }
    }

    /// serde_json's error for a field other than the token.
    #[cold]
    fn wrong_field(self) -> Error {
        Error::custom(match self {
            RawKind::Value => "expected value",
            RawKind::Number => "invalid number",
        })
    }

    /// serde_json's error for a token field whose value is not a string.
    #[cold]
    fn wrong_value(self) -> Error {
        Error::custom(match self {
            RawKind::Value => "expected RawValue",
            RawKind::Number => "invalid number",
        })
    }
}

impl<'a, 'w, F: Format> Compound<'a, 'w, F> {
    /// Takes the "first entry" flag, leaving "not first" behind.
    #[inline]
    fn take_first(&mut self) -> bool {
        let first = self.state == State::First;
        self.state = State::Rest;
        first
    }
}

impl<'a, 'w, F: Format> ser::Serializer for Serializer<'a, 'w, F> {
    type Ok = ();
    type Error = Error;

    type SerializeSeq = Compound<'a, 'w, F>;
    type SerializeTuple = Compound<'a, 'w, F>;
    type SerializeTupleStruct = Compound<'a, 'w, F>;
    type SerializeTupleVariant = Compound<'a, 'w, F>;
    type SerializeMap = Compound<'a, 'w, F>;
    type SerializeStruct = Compound<'a, 'w, F>;
    type SerializeStructVariant = Compound<'a, 'w, F>;

    #[inline]
    fn serialize_bool(self, value: bool) -> Result<()> {
        self.w.bool(value);
        Ok(())
    }

    #[inline]
    fn serialize_i8(self, value: i8) -> Result<()> {
        self.w.integer(value);
        Ok(())
    }

    #[inline]
    fn serialize_i16(self, value: i16) -> Result<()> {
        self.w.integer(value);
        Ok(())
    }

    #[inline]
    fn serialize_i32(self, value: i32) -> Result<()> {
        self.w.integer(value);
        Ok(())
    }

    #[inline]
    fn serialize_i64(self, value: i64) -> Result<()> {
        self.w.i64(value);
        Ok(())
    }

    #[inline]
    fn serialize_i128(self, value: i128) -> Result<()> {
        self.w.i128(value);
        Ok(())
    }

    #[inline]
    fn serialize_u8(self, value: u8) -> Result<()> {
        self.w.integer(value);
        Ok(())
    }

    #[inline]
    fn serialize_u16(self, value: u16) -> Result<()> {
        self.w.integer(value);
        Ok(())
    }

    #[inline]
    fn serialize_u32(self, value: u32) -> Result<()> {
        self.w.integer(value);
        Ok(())
    }

    #[inline]
    fn serialize_u64(self, value: u64) -> Result<()> {
        self.w.u64(value);
        Ok(())
    }

    #[inline]
    fn serialize_u128(self, value: u128) -> Result<()> {
        self.w.u128(value);
        Ok(())
    }

    /// The `f32`'s own shortest form (`0.1f32` is `0.1`, not the `f64` widening's digits); NaN
    /// and infinities as `null`.
    #[inline]
    fn serialize_f32(self, value: f32) -> Result<()> {
        self.w.f32(value);
        Ok(())
    }

    /// NaN and infinities as `null`, as serde_json writes them.
    #[inline]
    fn serialize_f64(self, value: f64) -> Result<()> {
        self.w.f64(value);
        Ok(())
    }

    #[inline]
    fn serialize_char(self, value: char) -> Result<()> {
        self.w.str(value.encode_utf8(&mut [0; 4]));
        Ok(())
    }

    #[inline]
    fn serialize_str(self, value: &str) -> Result<()> {
        self.w.str(value);
        Ok(())
    }

    /// An array of numbers, as serde_json writes bytes.
    fn serialize_bytes(self, value: &[u8]) -> Result<()> {
        self.w.begin_array();
        for (i, &byte) in value.iter().enumerate() {
            self.w.array_item(i == 0);
            self.w.integer(byte);
        }
        self.w.end_array();
        Ok(())
    }

    #[inline]
    fn serialize_unit(self) -> Result<()> {
        self.w.null();
        Ok(())
    }

    #[inline]
    fn serialize_unit_struct(self, _name: &'static str) -> Result<()> {
        self.serialize_unit()
    }

    #[inline]
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _variant_index: u32,
        variant: &'static str,
    ) -> Result<()> {
        self.serialize_str(variant)
    }

    #[inline]
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<()> {
        value.serialize(self)
    }

    /// `{"variant":value}`.
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _variant_index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<()> {
        self.w.begin_object();
        self.w.key_str(true, variant);
        value.serialize(Serializer::new(&mut *self.w))?;
        self.w.end_object();
        Ok(())
    }

    #[inline]
    fn serialize_none(self) -> Result<()> {
        self.serialize_unit()
    }

    #[inline]
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<()> {
        value.serialize(self)
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<Self::SerializeSeq> {
        self.w.begin_array();
        let state = if len == Some(0) {
            self.w.end_array();
            State::Empty
        } else {
            State::First
        };
        Ok(Compound { w: self.w, state })
    }

    #[inline]
    fn serialize_tuple(self, len: usize) -> Result<Self::SerializeTuple> {
        self.serialize_seq(Some(len))
    }

    #[inline]
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleStruct> {
        self.serialize_seq(Some(len))
    }

    /// `{"variant":[...]}`; the compound's `end` closes both.
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _variant_index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        self.w.begin_object();
        self.w.key_str(true, variant);
        self.serialize_seq(Some(len))
    }

    fn serialize_map(self, len: Option<usize>) -> Result<Self::SerializeMap> {
        self.w.begin_object();
        let state = if len == Some(0) {
            self.w.end_object();
            State::Empty
        } else {
            State::First
        };
        Ok(Compound { w: self.w, state })
    }

    /// An object, except for serde_json's private raw-text structs (see `RawKind`).
    #[inline]
    fn serialize_struct(self, name: &'static str, len: usize) -> Result<Self::SerializeStruct> {
        if let Some(kind) = RawKind::of_struct(name) {
            return Ok(Compound {
                w: self.w,
                state: State::Raw(kind),
            });
        }
        self.serialize_map(Some(len))
    }

    /// `{"variant":{...}}`; the compound's `end` closes both.
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _variant_index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStructVariant> {
        self.w.begin_object();
        self.w.key_str(true, variant);
        self.serialize_map(Some(len))
    }

    /// The `Display` text as a JSON string, escaped. Text that fits a stack buffer (timestamps,
    /// ids, addresses) costs no allocation; longer text spills to one `String`. A `Display`
    /// impl that fails on its own (not a write error: writing to memory cannot fail) is a
    /// custom error here, where serde_json panics.
    fn collect_str<T: ?Sized + Display>(self, value: &T) -> Result<()> {
        let mut text = DisplayText::new();
        if fmt::write(&mut text, format_args!("{value}")).is_err() {
            return Err(display_failed());
        }
        self.w.str(text.as_str());
        Ok(())
    }
}

/// A `Display` impl that failed on its own: writing to memory cannot fail.
#[cold]
fn display_failed() -> Error {
    Error::custom("a Display implementation returned an error unexpectedly")
}

/// Bytes of `Display` text kept on the stack before spilling to the heap: the longest
/// timestamps and ids fit, and zeroing it costs a few stores.
const DISPLAY_STACK: usize = 256;

/// A `fmt::Write` collecting text on the stack, then in a `String` once it outgrows it.
struct DisplayText {
    stack: [u8; DISPLAY_STACK],
    len: usize,
    heap: Option<String>,
}

impl DisplayText {
    #[inline]
    fn new() -> Self {
        DisplayText {
            stack: [0; DISPLAY_STACK],
            len: 0,
            heap: None,
        }
    }

    fn as_str(&self) -> &str {
        match &self.heap {
            Some(text) => text,
            // Only whole `&str`s were copied in, so the bytes are UTF-8; checked anyway, as
            // this module has no `unsafe`.
            None => std::str::from_utf8(&self.stack[..self.len])
                .expect("Display text is copied from whole strs"),
        }
    }
}

impl fmt::Write for DisplayText {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if let Some(text) = &mut self.heap {
            text.push_str(s);
        } else if let Some(room) = self.stack.get_mut(self.len..self.len + s.len()) {
            room.copy_from_slice(s.as_bytes());
            self.len += s.len();
        } else {
            self.spill(s);
        }
        Ok(())
    }
}

impl DisplayText {
    #[cold]
    fn spill(&mut self, s: &str) {
        let mut text = String::with_capacity(2 * (self.len + s.len()));
        text.push_str(self.as_str());
        text.push_str(s);
        self.heap = Some(text);
    }
}

impl<'a, 'w, F: Format> ser::SerializeSeq for Compound<'a, 'w, F> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        let first = self.take_first();
        self.w.array_item(first);
        value.serialize(Serializer::new(&mut *self.w))
    }

    #[inline]
    fn end(self) -> Result<()> {
        if self.state != State::Empty {
            self.w.end_array();
        }
        Ok(())
    }
}

impl<'a, 'w, F: Format> ser::SerializeTuple for Compound<'a, 'w, F> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    #[inline]
    fn end(self) -> Result<()> {
        ser::SerializeSeq::end(self)
    }
}

impl<'a, 'w, F: Format> ser::SerializeTupleStruct for Compound<'a, 'w, F> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    #[inline]
    fn end(self) -> Result<()> {
        ser::SerializeSeq::end(self)
    }
}

impl<'a, 'w, F: Format> ser::SerializeTupleVariant for Compound<'a, 'w, F> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    /// Closes the array, then the `{"variant":` object around it.
    #[inline]
    fn end(self) -> Result<()> {
        if self.state != State::Empty {
            self.w.end_array();
        }
        self.w.end_object();
        Ok(())
    }
}

impl<'a, 'w, F: Format> ser::SerializeMap for Compound<'a, 'w, F> {
    type Ok = ();
    type Error = Error;

    /// The key as serde_json's map-key serializer writes it (strings, and numbers, bools and
    /// unit variants in quotes), between the separator and the colon.
    #[inline]
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<()> {
        let first = self.take_first();
        self.w.begin_key(first);
        key.serialize(MapKeySerializer { w: &mut *self.w })?;
        self.w.end_key();
        Ok(())
    }

    #[inline]
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        value.serialize(Serializer::new(&mut *self.w))
    }

    #[inline]
    fn end(self) -> Result<()> {
        if self.state != State::Empty {
            self.w.end_object();
        }
        Ok(())
    }
}

impl<'a, 'w, F: Format> ser::SerializeStruct for Compound<'a, 'w, F> {
    type Ok = ();
    type Error = Error;

    /// A field's key is a `&'static str`: written as the string key serde_json's map-key
    /// serializer would make of it, without going through that serializer.
    #[inline]
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        if let State::Raw(kind) = self.state {
            return raw_field(kind, &mut *self.w, key, value);
        }
        let first = self.take_first();
        self.w.key_str(first, key);
        value.serialize(Serializer::new(&mut *self.w))
    }

    #[inline]
    fn end(self) -> Result<()> {
        if let State::Raw(_) = self.state {
            return Ok(());
        }
        ser::SerializeMap::end(self)
    }
}

impl<'a, 'w, F: Format> ser::SerializeStructVariant for Compound<'a, 'w, F> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        ser::SerializeStruct::serialize_field(self, key, value)
    }

    /// Closes the fields' object, then the `{"variant":` object around it.
    #[inline]
    fn end(self) -> Result<()> {
        if self.state != State::Empty {
            self.w.end_object();
        }
        self.w.end_object();
        Ok(())
    }
}

/// The one field of a serde_json raw-text struct: its string, copied verbatim.
#[cold]
fn raw_field<F: Format, T: ?Sized + Serialize>(
    kind: RawKind,
    w: &mut Writer<'_, F>,
    key: &'static str,
    value: &T,
) -> Result<()> {
    if key != kind.token() {
        return Err(kind.wrong_field());
    }
    value.serialize(RawText { kind, w })
}

/// Takes a raw-text struct's field value: a string (the JSON text) or `Display` text, anything
/// else is serde_json's error for the kind.
struct RawText<'a, 'w, F: Format> {
    kind: RawKind,
    w: &'a mut Writer<'w, F>,
}

/// Every `Serializer` method of `RawText` but `serialize_str`: the kind's error.
macro_rules! refuse {
    ($($method:ident($($arg:ty),*) -> $ok:ty;)*) => {$(
        fn $method(self, $(_: $arg),*) -> Result<$ok> {
            Err(self.kind.wrong_value())
        }
    )*};
}

impl<F: Format> ser::Serializer for RawText<'_, '_, F> {
    type Ok = ();
    type Error = Error;

    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    fn serialize_str(self, value: &str) -> Result<()> {
        // Verbatim, as serde_json writes it; under `HtmlSafe`, with `<`, `>`, `&`, U+2028 and
        // U+2029 escaped, as fastjson's own `RawValue` is, so that layout's promise holds.
        self.w.json_text(value);
        Ok(())
    }

    refuse! {
        serialize_bool(bool) -> ();
        serialize_i8(i8) -> ();
        serialize_i16(i16) -> ();
        serialize_i32(i32) -> ();
        serialize_i64(i64) -> ();
        serialize_i128(i128) -> ();
        serialize_u8(u8) -> ();
        serialize_u16(u16) -> ();
        serialize_u32(u32) -> ();
        serialize_u64(u64) -> ();
        serialize_u128(u128) -> ();
        serialize_f32(f32) -> ();
        serialize_f64(f64) -> ();
        serialize_char(char) -> ();
        serialize_bytes(&[u8]) -> ();
        serialize_none() -> ();
        serialize_unit() -> ();
        serialize_unit_struct(&'static str) -> ();
        serialize_unit_variant(&'static str, u32, &'static str) -> ();
        serialize_seq(Option<usize>) -> Self::SerializeSeq;
        serialize_tuple(usize) -> Self::SerializeTuple;
        serialize_tuple_struct(&'static str, usize) -> Self::SerializeTupleStruct;
        serialize_tuple_variant(&'static str, u32, &'static str, usize) -> Self::SerializeTupleVariant;
        serialize_map(Option<usize>) -> Self::SerializeMap;
        serialize_struct(&'static str, usize) -> Self::SerializeStruct;
        serialize_struct_variant(&'static str, u32, &'static str, usize) -> Self::SerializeStructVariant;
    }

    fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<()> {
        Err(self.kind.wrong_value())
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, _: &T) -> Result<()> {
        Err(self.kind.wrong_value())
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<()> {
        Err(self.kind.wrong_value())
    }

    /// The `Display` text, verbatim (serde_json takes it as `serialize_str` of the text).
    fn collect_str<T: ?Sized + Display>(self, value: &T) -> Result<()> {
        let mut text = DisplayText::new();
        if fmt::write(&mut text, format_args!("{value}")).is_err() {
            return Err(display_failed());
        }
        self.w.raw_str(text.as_str());
        Ok(())
    }
}

/// serde_json's message for a map key that has no string form (a sequence, a map, `None`,
/// unit, bytes, a variant with data).
#[cold]
fn key_must_be_a_string() -> Error {
    Error::custom("key must be a string")
}

/// serde_json's message for a NaN or infinite float map key.
#[cold]
fn float_key_must_be_finite() -> Error {
    Error::custom("float key must be finite (got NaN or +/-inf)")
}

/// serde_json's `MapKeySerializer`: writes an object key's text (the caller writes the
/// separator before it and the colon after it). Strings, chars and unit variants as strings;
/// bools, integers and finite floats in quotes; newtype structs and `Some` as their contents;
/// anything else is the "key must be a string" error.
pub(crate) struct MapKeySerializer<'a, 'w, F: Format> {
    pub(crate) w: &'a mut Writer<'w, F>,
}

impl<'a, 'w, F: Format> MapKeySerializer<'a, 'w, F> {
    #[inline]
    fn quoted_float(self, write: impl FnOnce(&mut Writer<'w, F>)) -> Result<()> {
        self.w.raw("\"");
        write(self.w);
        self.w.raw("\"");
        Ok(())
    }
}

impl<'a, 'w, F: Format> ser::Serializer for MapKeySerializer<'a, 'w, F> {
    type Ok = ();
    type Error = Error;

    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    #[inline]
    fn serialize_str(self, value: &str) -> Result<()> {
        self.w.str(value);
        Ok(())
    }

    #[inline]
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _variant_index: u32,
        variant: &'static str,
    ) -> Result<()> {
        self.w.str(variant);
        Ok(())
    }

    #[inline]
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<()> {
        value.serialize(self)
    }

    fn serialize_bool(self, value: bool) -> Result<()> {
        self.w.raw(if value { "\"true\"" } else { "\"false\"" });
        Ok(())
    }

    fn serialize_i8(self, value: i8) -> Result<()> {
        self.w.quoted_integer(value);
        Ok(())
    }

    fn serialize_i16(self, value: i16) -> Result<()> {
        self.w.quoted_integer(value);
        Ok(())
    }

    fn serialize_i32(self, value: i32) -> Result<()> {
        self.w.quoted_integer(value);
        Ok(())
    }

    fn serialize_i64(self, value: i64) -> Result<()> {
        self.w.quoted_integer(value);
        Ok(())
    }

    fn serialize_i128(self, value: i128) -> Result<()> {
        self.w.quoted_integer(value);
        Ok(())
    }

    fn serialize_u8(self, value: u8) -> Result<()> {
        self.w.quoted_integer(value);
        Ok(())
    }

    fn serialize_u16(self, value: u16) -> Result<()> {
        self.w.quoted_integer(value);
        Ok(())
    }

    fn serialize_u32(self, value: u32) -> Result<()> {
        self.w.quoted_integer(value);
        Ok(())
    }

    fn serialize_u64(self, value: u64) -> Result<()> {
        self.w.quoted_integer(value);
        Ok(())
    }

    fn serialize_u128(self, value: u128) -> Result<()> {
        self.w.quoted_integer(value);
        Ok(())
    }

    fn serialize_f32(self, value: f32) -> Result<()> {
        if !value.is_finite() {
            return Err(float_key_must_be_finite());
        }
        self.quoted_float(|w| w.f32(value))
    }

    fn serialize_f64(self, value: f64) -> Result<()> {
        if !value.is_finite() {
            return Err(float_key_must_be_finite());
        }
        self.quoted_float(|w| w.f64(value))
    }

    fn serialize_char(self, value: char) -> Result<()> {
        self.w.str(value.encode_utf8(&mut [0; 4]));
        Ok(())
    }

    fn serialize_bytes(self, _value: &[u8]) -> Result<()> {
        Err(key_must_be_a_string())
    }

    fn serialize_unit(self) -> Result<()> {
        Err(key_must_be_a_string())
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<()> {
        Err(key_must_be_a_string())
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _variant_index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<()> {
        Err(key_must_be_a_string())
    }

    fn serialize_none(self) -> Result<()> {
        Err(key_must_be_a_string())
    }

    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<()> {
        value.serialize(self)
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq> {
        Err(key_must_be_a_string())
    }

    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple> {
        Err(key_must_be_a_string())
    }

    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct> {
        Err(key_must_be_a_string())
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _variant_index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        Err(key_must_be_a_string())
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap> {
        Err(key_must_be_a_string())
    }

    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeStruct> {
        Err(key_must_be_a_string())
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _variant_index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant> {
        Err(key_must_be_a_string())
    }

    fn collect_str<T: ?Sized + Display>(self, value: &T) -> Result<()> {
        ser::Serializer::collect_str(Serializer::new(self.w), value)
    }
}
