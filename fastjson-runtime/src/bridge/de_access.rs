//! The bridge's arrays, objects and enums: serde's `SeqAccess`, `MapAccess`, `EnumAccess` and
//! `VariantAccess` over the lexer, adding the index or key to the path of an error from inside.

use serde::de::{self, DeserializeSeed, Visitor};

use super::de::{fix, Deserializer};
use super::de_key::{key_end, KeyDeserializer};
use crate::error::{Error, ErrorCode, Result};
use crate::lexer::Lexer;

/// Reads the array at the lexer (its `[` next) with `visitor`; after it, the array must be
/// finished (serde_json's `end_seq`: more elements are "trailing characters").
pub(super) fn visit_array<'de, V: Visitor<'de>>(
    lex: &mut Lexer<'de>,
    visitor: V,
) -> Result<V::Value> {
    lex.begin_array()?;
    let mut seq = SeqAccess {
        lex,
        first: true,
        done: false,
        index: 0,
    };
    match visitor.visit_seq(&mut seq) {
        Ok(value) => {
            seq.end()?;
            Ok(value)
        }
        Err(err) => Err(seq.fix(err)),
    }
}

/// Reads the object at the lexer (its `{` next) with `visitor`; after it, the object must be
/// finished (serde_json's `end_map`).
pub(super) fn visit_object<'de, V: Visitor<'de>>(
    lex: &mut Lexer<'de>,
    visitor: V,
) -> Result<V::Value> {
    lex.begin_object()?;
    let mut map = MapAccess {
        lex,
        first: true,
        done: false,
        value_next: false,
        key_at: 0,
    };
    match visitor.visit_map(&mut map) {
        Ok(value) => {
            map.end()?;
            Ok(value)
        }
        Err(err) => Err(map.fix(err)),
    }
}

/// Reads `{"Variant": content}` (its `{` next) with an enum's visitor: exactly one entry.
pub(super) fn visit_enum_object<'de, V: Visitor<'de>>(
    lex: &mut Lexer<'de>,
    visitor: V,
) -> Result<V::Value> {
    lex.begin_object()?;
    let value = visitor.visit_enum(VariantAccess {
        lex: &mut *lex,
        key_at: 0,
    })?;
    if lex.peek()? != b'}' {
        // serde_json's "expected value", at the last byte it read.
        let err = lex.error(ErrorCode::ExpectedValue);
        return Err(fix(lex, err, lex.position()));
    }
    let mut first = false;
    lex.next_key_cow(&mut first)?;
    Ok(value)
}

/// Whitespace ends where a JSON value or separator may start.
fn skip_whitespace(input: &[u8], mut at: usize) -> usize {
    while let Some(b' ' | b'\n' | b'\r' | b'\t') = input.get(at) {
        at += 1;
    }
    at
}

/// The elements of an array, each decoded through a [`Deserializer`] of its own.
struct SeqAccess<'a, 'de> {
    lex: &'a mut Lexer<'de>,
    first: bool,
    /// The closing `]` was read.
    done: bool,
    /// The index of the next element.
    index: usize,
}

impl SeqAccess<'_, '_> {
    /// serde_json's `end_seq` after the visitor returned: only the `]` may follow.
    fn end(&mut self) -> Result<()> {
        if self.done || !self.lex.next_item(&mut self.first)? {
            return Ok(());
        }
        Err(self.lex.error(ErrorCode::TrailingCharacters))
    }

    /// A visitor's error placed where serde_json places it: after its `end_seq` has read on to
    /// the `]` (or past a `,` and its whitespace), since it runs before the error is fixed.
    #[cold]
    fn fix(&self, err: Error) -> Error {
        let input = self.lex.input();
        let consumed = if self.done {
            self.lex.position()
        } else {
            let at = skip_whitespace(input, self.lex.position());
            match input.get(at) {
                Some(b']') => at + 1,
                Some(b',') => skip_whitespace(input, at + 1),
                _ => at,
            }
        };
        fix(self.lex, err, consumed)
    }
}

impl<'de> de::SeqAccess<'de> for SeqAccess<'_, 'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        if self.done {
            return Ok(None);
        }
        if !self.lex.next_item(&mut self.first)? {
            self.done = true;
            return Ok(None);
        }
        let index = self.index;
        self.index += 1;
        match seed.deserialize(Deserializer::new(&mut *self.lex)) {
            Ok(value) => Ok(Some(value)),
            Err(err) => Err(err.at_index(index)),
        }
    }
}

/// The entries of an object: keys through a [`KeyDeserializer`], values through a
/// [`Deserializer`] of their own.
struct MapAccess<'a, 'de> {
    lex: &'a mut Lexer<'de>,
    first: bool,
    /// The closing `}` was read.
    done: bool,
    /// A key was read and its value not yet.
    value_next: bool,
    /// Where the last key read starts (its opening quote): its text, read again from the
    /// input, names the value in an error's path.
    key_at: usize,
}

impl MapAccess<'_, '_> {
    /// serde_json's `end_map` after the visitor returned: only the `}` may follow.
    fn end(&mut self) -> Result<()> {
        if self.done {
            return Ok(());
        }
        match self.lex.peek()? {
            b'}' => {}
            b',' => return Err(self.lex.error(ErrorCode::TrailingComma)),
            _ => return Err(self.lex.error(ErrorCode::TrailingCharacters)),
        }
        if self.value_next {
            return Err(self.lex.error(ErrorCode::TrailingCharacters));
        }
        let mut first = false;
        self.lex.next_key_cow(&mut first)?;
        Ok(())
    }

    /// A visitor's error placed where serde_json places it: serde_json has read a key up to its
    /// closing quote (not the colon), and its `end_map` reads on to a `}` before the error is
    /// fixed.
    #[cold]
    fn fix(&self, err: Error) -> Error {
        let input = self.lex.input();
        let consumed = if self.done {
            self.lex.position()
        } else {
            let from = if self.value_next {
                key_end(input, self.key_at)
            } else {
                self.lex.position()
            };
            let at = skip_whitespace(input, from);
            match input.get(at) {
                Some(b'}') => at + 1,
                _ => at,
            }
        };
        fix(self.lex, err, consumed)
    }
}

impl<'de> de::MapAccess<'de> for MapAccess<'_, 'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if self.done {
            return Ok(None);
        }
        let Some(key) = self.lex.next_key_cow(&mut self.first)? else {
            self.done = true;
            return Ok(None);
        };
        self.key_at = self.lex.last_string_start();
        self.value_next = true;
        seed.deserialize(KeyDeserializer::new(&key, self.lex, self.key_at))
            .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        self.value_next = false;
        match seed.deserialize(Deserializer::new(&mut *self.lex)) {
            Ok(value) => Ok(value),
            Err(err) => Err(err.at_field(&self.lex.string_text_at(self.key_at))),
        }
    }
}

/// `{"Variant": content}`: the key names the variant, the value is its content.
struct VariantAccess<'a, 'de> {
    lex: &'a mut Lexer<'de>,
    /// Where the variant's key starts: it names the content in an error's path.
    key_at: usize,
}

impl<'de> VariantAccess<'_, 'de> {
    /// The content's result, an error named after the variant in the path.
    fn content<T>(&self, result: Result<T>) -> Result<T> {
        result.map_err(|err| err.at_field(&self.lex.string_text_at(self.key_at)))
    }
}

impl<'de> de::EnumAccess<'de> for VariantAccess<'_, 'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(mut self, seed: V) -> Result<(V::Value, Self)> {
        let mut first = true;
        let Some(key) = self.lex.next_key_cow(&mut first)? else {
            // `{}`: serde_json's "expected value", at the `}`.
            let close = self.lex.position() - 1;
            return Err(self.lex.error_at(ErrorCode::ExpectedValue, close));
        };
        self.key_at = self.lex.last_string_start();
        let input = self.lex.input();
        let variant = seed
            .deserialize(KeyDeserializer::new(&key, self.lex, self.key_at))
            .map_err(|err| fix(self.lex, err, key_end(input, self.key_at)))?;
        Ok((variant, self))
    }
}

impl<'de> de::VariantAccess<'de> for VariantAccess<'_, 'de> {
    type Error = Error;

    /// A unit variant's content is `null`, as serde_json reads `{"Unit": null}`.
    fn unit_variant(self) -> Result<()> {
        let result = <() as de::Deserialize>::deserialize(Deserializer::new(&mut *self.lex));
        self.content(result)
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        let result = seed.deserialize(Deserializer::new(&mut *self.lex));
        self.content(result)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        let result = de::Deserializer::deserialize_seq(Deserializer::new(&mut *self.lex), visitor);
        self.content(result)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let result = de::Deserializer::deserialize_struct(
            Deserializer::new(&mut *self.lex),
            "",
            fields,
            visitor,
        );
        self.content(result)
    }
}

/// A variant written as a string: a unit variant, and only that.
pub(super) struct UnitVariantAccess<'a, 'de> {
    lex: &'a mut Lexer<'de>,
}

impl<'a, 'de> UnitVariantAccess<'a, 'de> {
    pub(super) fn new(lex: &'a mut Lexer<'de>) -> Self {
        UnitVariantAccess { lex }
    }
}

impl<'de> de::EnumAccess<'de> for UnitVariantAccess<'_, 'de> {
    type Error = Error;
    type Variant = UnitOnly;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, UnitOnly)> {
        let variant = seed.deserialize(Deserializer::new(self.lex))?;
        Ok((variant, UnitOnly))
    }
}

/// What follows a variant named by a string (a value or a map key): nothing, so only a unit
/// variant fits; the others are serde_json's invalid-type errors.
pub(super) struct UnitOnly;

impl<'de> de::VariantAccess<'de> for UnitOnly {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, _seed: T) -> Result<T::Value> {
        Err(de::Error::invalid_type(
            de::Unexpected::UnitVariant,
            &"newtype variant",
        ))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _visitor: V) -> Result<V::Value> {
        Err(de::Error::invalid_type(
            de::Unexpected::UnitVariant,
            &"tuple variant",
        ))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value> {
        Err(de::Error::invalid_type(
            de::Unexpected::UnitVariant,
            &"struct variant",
        ))
    }
}
