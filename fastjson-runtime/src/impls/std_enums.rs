//! `Result` and `std::ops::Bound`: std enums serde writes externally tagged, as the derive
//! writes a user's enum (`{"Ok":v}`, `{"Included":v}`, `"Unbounded"`), read back with the
//! derive's errors.

use std::ops::Bound;

use crate::error::Result;
use crate::lexer::Lexer;
use crate::traits::{Decode, Encode};
use crate::writer::{Format, Writer};

/// `{"<variant>":value}`: `fused` is the variant's key as `Writer::field_key` takes it.
#[inline]
pub(super) fn encode_newtype_variant<T: Encode + ?Sized, F: Format>(
    w: &mut Writer<'_, F>,
    fused: &'static str,
    value: &T,
) {
    w.begin_object();
    w.field_key(true, fused);
    value.encode(w);
    w.end_object();
}

/// Which variant an externally tagged value names.
pub(super) enum Tag {
    /// A unit variant named by a string.
    Unit,
    /// The variant named by an object's single key; its value comes next.
    Keyed(usize),
}

/// Reads a string (naming a unit variant, whose flags `unit` holds) or an object's `{` and
/// first key, as the derive's externally tagged decoder does.
pub(super) fn read_tag(
    lex: &mut Lexer<'_>,
    expecting: &'static str,
    variants: &'static [&'static str],
    unit: &[bool],
) -> Result<Tag> {
    if lex.peek()? == b'"' {
        let name = lex.str_bytes_value()?;
        return match variants.iter().position(|v| v.as_bytes() == name) {
            Some(index) if unit[index] => Ok(Tag::Unit),
            Some(_) => Err(lex.err_custom("invalid type: unit variant, expected newtype variant")),
            None => {
                let name = name.to_vec();
                Err(lex.err_unknown_variant(&name, variants))
            }
        };
    }
    let b = lex.peek()?;
    if b != b'{' {
        return Err(lex.not_an_enum(b, expecting));
    }
    lex.begin_object()?;
    let mut first = true;
    let Some(key) = lex.next_key(&mut first)? else {
        return Err(crate::__private::err_enum_object(lex));
    };
    match variants.iter().position(|v| v.as_bytes() == key) {
        Some(index) => Ok(Tag::Keyed(index)),
        None => {
            let key = key.to_vec();
            Err(lex.err_unknown_variant(&key, variants))
        }
    }
}

/// After a keyed variant's value: the object must end there.
pub(super) fn end_tag(lex: &mut Lexer<'_>) -> Result<()> {
    let mut first = false;
    if lex.next_key(&mut first)?.is_some() {
        return Err(crate::__private::err_enum_object(lex));
    }
    Ok(())
}

impl<T: Encode, E: Encode> Encode for std::result::Result<T, E> {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        match self {
            Ok(value) => encode_newtype_variant(w, ",\"Ok\":", value),
            Err(error) => encode_newtype_variant(w, ",\"Err\":", error),
        }
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        match self {
            Ok(value) => 7 + value.encoded_len_hint(),
            Err(error) => 8 + error.encoded_len_hint(),
        }
    }
}

impl<'de, T: Decode<'de>, E: Decode<'de>> Decode<'de> for std::result::Result<T, E> {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        const VARIANTS: &[&str] = &["Ok", "Err"];
        let value = match read_tag(lex, "enum Result", VARIANTS, &[false, false])? {
            Tag::Keyed(0) => Ok(T::decode(lex).map_err(|e| e.at_field("Ok"))?),
            Tag::Keyed(_) => Err(E::decode(lex).map_err(|e| e.at_field("Err"))?),
            // No variant of `Result` is a unit variant, so `read_tag` never says so.
            Tag::Unit => {
                return Err(lex.err_custom("invalid type: unit variant, expected newtype variant"))
            }
        };
        end_tag(lex)?;
        Ok(value)
    }
}

impl<T: Encode> Encode for Bound<T> {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        match self {
            Bound::Unbounded => w.str("Unbounded"),
            Bound::Included(value) => encode_newtype_variant(w, ",\"Included\":", value),
            Bound::Excluded(value) => encode_newtype_variant(w, ",\"Excluded\":", value),
        }
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        match self {
            Bound::Unbounded => 11,
            Bound::Included(value) | Bound::Excluded(value) => 13 + value.encoded_len_hint(),
        }
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Bound<T> {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        const VARIANTS: &[&str] = &["Unbounded", "Included", "Excluded"];
        let tag = read_tag(lex, "enum Bound", VARIANTS, &[true, false, false])?;
        let value = match tag {
            Tag::Unit => return Ok(Bound::Unbounded),
            Tag::Keyed(0) => {
                lex.null().map_err(|e| e.at_field("Unbounded"))?;
                Bound::Unbounded
            }
            Tag::Keyed(1) => Bound::Included(T::decode(lex).map_err(|e| e.at_field("Included"))?),
            Tag::Keyed(_) => Bound::Excluded(T::decode(lex).map_err(|e| e.at_field("Excluded"))?),
        };
        end_tag(lex)?;
        Ok(value)
    }
}
