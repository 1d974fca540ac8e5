//! Object keys through serde: serde_json's `MapKey` deserializer over a key the lexer has read.
//!
//! serde_json reads a key as a string, or, when the type asks for a number or a bool, reads the
//! number or the word straight from the input between the quotes: a key written with escapes
//! (`"\u0031"`) is never a number. A key the lexer returned owned had escapes, so it is refused
//! for those types here too.

use std::borrow::Cow;

use serde::de::{self, DeserializeSeed, Unexpected, Visitor};

use super::de::{fix, number_f32};
use super::de_access::UnitOnly;
use crate::error::{Error, ErrorCode, Result};
use crate::lexer::{Lexer, Number};

/// Where the string whose opening quote is at `quote` ends (after its closing quote), as
/// serde_json has read a key when a visitor's error about it is fixed; `quote` itself if no
/// string starts there.
pub(super) fn key_end(input: &[u8], quote: usize) -> usize {
    if input.get(quote) != Some(&b'"') {
        return quote;
    }
    let mut at = quote + 1;
    while let Some(&b) = input.get(at) {
        match b {
            b'"' => return at + 1,
            b'\\' => at += 2,
            _ => at += 1,
        }
    }
    input.len()
}

/// One object key, already read and unescaped by the lexer (`Borrowed` when it had no escapes),
/// as a serde deserializer.
#[derive(Clone, Copy)]
pub(super) struct KeyDeserializer<'k, 'a, 'de> {
    key: &'k Cow<'de, str>,
    lex: &'a Lexer<'de>,
    /// The key's opening quote in the lexer's input.
    at: usize,
}

impl<'k, 'a, 'de> KeyDeserializer<'k, 'a, 'de> {
    pub(super) fn new(key: &'k Cow<'de, str>, lex: &'a Lexer<'de>, at: usize) -> Self {
        KeyDeserializer { key, lex, at }
    }

    /// An error made over the key's text (a parse of its digits) moved to the key in the
    /// document.
    #[cold]
    fn moved(&self, err: Error) -> Error {
        if self.lex.is_speculating() {
            err
        } else {
            let offset = self.at + 1 + err.offset();
            err.placed_at(self.lex.input(), offset)
        }
    }

    /// serde_json's numeric keys: the whole key is one JSON number, no escapes, no whitespace.
    fn number<V: Visitor<'de>>(self, visitor: V, how: NumberKey) -> Result<V::Value> {
        let text = match self.key {
            Cow::Borrowed(text) if matches!(text.as_bytes().first(), Some(b'0'..=b'9' | b'-')) => {
                *text
            }
            _ => {
                let msg = "invalid value: expected key to be a number in quotes";
                return Err(self.lex.error_at(ErrorCode::Custom(msg.into()), self.at));
            }
        };
        let mut sub = Lexer::new(text.as_bytes());
        let read = match how {
            NumberKey::Any => sub.number().map(Wide::Number),
            NumberKey::F32 => number_f32(&mut sub).map(Wide::Number),
            NumberKey::I128 => sub.i128().map(Wide::I128),
            NumberKey::U128 => sub.u128().map(Wide::U128),
        };
        let n = read.map_err(|err| self.moved(err))?;
        let consumed = self.at + 1 + sub.position();
        let value = match n {
            Wide::Number(Number::U64(v)) => visitor.visit_u64(v),
            Wide::Number(Number::I64(v)) => visitor.visit_i64(v),
            Wide::Number(Number::F64(v)) => visitor.visit_f64(v),
            Wide::I128(v) => visitor.visit_i128(v),
            Wide::U128(v) => visitor.visit_u128(v),
        }
        .map_err(|err| fix(self.lex, err, consumed))?;
        if sub.position() != text.len() {
            let msg = "expected `\"`";
            return Err(self.lex.error_at(ErrorCode::Custom(msg.into()), consumed));
        }
        Ok(value)
    }
}

/// Which number a numeric key is read as.
#[derive(Clone, Copy)]
enum NumberKey {
    /// serde_json's `deserialize_number`: `u64`, `i64` or `f64`.
    Any,
    /// The same, with fractions rounded straight to `f32`.
    F32,
    I128,
    U128,
}

/// A number read from a key.
enum Wide {
    Number(Number),
    I128(i128),
    U128(u128),
}

macro_rules! number_keys {
    ($($method:ident => $how:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            self.number(visitor, NumberKey::$how)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for KeyDeserializer<'_, '_, 'de> {
    type Error = Error;

    /// The key as a string, borrowed when it had no escapes.
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.key {
            Cow::Borrowed(s) => visitor.visit_borrowed_str(s),
            Cow::Owned(s) => visitor.visit_str(s),
        }
    }

    number_keys! {
        deserialize_i8 => Any
        deserialize_i16 => Any
        deserialize_i32 => Any
        deserialize_i64 => Any
        deserialize_u8 => Any
        deserialize_u16 => Any
        deserialize_u32 => Any
        deserialize_u64 => Any
        deserialize_f64 => Any
        deserialize_f32 => F32
        deserialize_i128 => I128
        deserialize_u128 => U128
    }

    /// `"true"` and `"false"`, written as such.
    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let end = key_end(self.lex.input(), self.at);
        let result = match self.key {
            Cow::Borrowed("true") => visitor.visit_bool(true),
            Cow::Borrowed("false") => visitor.visit_bool(false),
            Cow::Borrowed(word) if word.starts_with(['t', 'f']) => {
                // serde_json reads the word and fails where it stops matching.
                let wanted: &[u8] = if word.starts_with('t') {
                    b"true"
                } else {
                    b"false"
                };
                let same = word
                    .bytes()
                    .zip(wanted)
                    .take_while(|(a, b)| a == *b)
                    .count();
                return Err(self
                    .lex
                    .error_at(ErrorCode::InvalidLiteral, self.at + 1 + same));
            }
            key => {
                // serde_json has read the key's first byte as it looked for the word, and names
                // the rest of the key, unescaped.
                let input = self.lex.input();
                let rest = match input.get(self.at..self.at + 2) {
                    Some(&[b'"', first]) if first.is_ascii() && first != b'"' => {
                        Cow::Owned(self.lex.string_text_at(self.at + 1))
                    }
                    _ => Cow::Borrowed(key.char_indices().nth(1).map_or("", |(i, _)| &key[i..])),
                };
                Err(de::Error::invalid_type(Unexpected::Str(&rest), &visitor))
            }
        };
        result.map_err(|err| fix(self.lex, err, end))
    }

    /// Keys are never `null`.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    /// A key names a unit variant.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_enum(self)
    }

    /// The key's bytes, borrowed when it had no escapes.
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.key {
            Cow::Borrowed(s) => visitor.visit_borrowed_bytes(s.as_bytes()),
            Cow::Owned(s) => visitor.visit_bytes(s.as_bytes()),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    serde::forward_to_deserialize_any! {
        char str string unit unit_struct seq tuple tuple_struct map struct identifier
        ignored_any
    }
}

impl<'de> de::EnumAccess<'de> for KeyDeserializer<'_, '_, 'de> {
    type Error = Error;
    type Variant = UnitOnly;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, UnitOnly)> {
        Ok((seed.deserialize(self)?, UnitOnly))
    }
}
