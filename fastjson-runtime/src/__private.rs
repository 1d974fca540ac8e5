//! Items generated code names through `_fj::__private`: std re-exports (so generated code never
//! depends on what the user's scope calls `Option` or `Result`), small helpers, and flatten's
//! key sets and builders (from `crate::flatten`). Not public API.

pub use std::borrow::Cow;
pub use std::clone::Clone;
pub use std::convert::{From, Into, TryFrom};
pub use std::default::Default;
pub use std::marker::PhantomData;
pub use std::option::Option::{self, None, Some};
pub use std::primitive::{bool, str, usize};
pub use std::result::Result::{self, Err, Ok};
pub use std::string::String;
pub use std::sync::OnceLock;
pub use std::vec::Vec;

#[cfg(feature = "serde")]
pub use crate::bridge::generated as bridge;
pub use crate::flatten::{
    flattened_variant, flattened_variant_entry, hides_entry, keys_present, names_contain,
    reread_fork, reread_object_at, AdjacentBuilder, FlattenStop, HideKeys, HideState, MatchHint,
    RereadBuilder, TakenBy, VariantKeyBuilder,
};
pub use crate::key_order::KeyOrder;
pub use crate::writer::F64_RUN_SLACK;

use crate::error::{Error, ErrorCode, Result as FjResult};
use crate::lexer::Lexer;

/// Decodes a string as `Cow`, borrowing from the input when it has no escapes
/// (a `#[serde(borrow)] Cow<'a, str>` field).
#[inline]
pub fn borrow_cow_str<'de>(lex: &mut Lexer<'de>) -> FjResult<Cow<'de, str>> {
    lex.str_cow()
}

/// The value of a missing field without a default: `Option` fields become `None`, any other
/// type is a missing-field error naming the field.
#[inline]
pub fn missing_field<'de, T: crate::Decode<'de>>(lex: &Lexer<'de>, name: &str) -> FjResult<T> {
    T::decode_missing_field(lex, name)
}

/// `#[serde(try_from = "S")]` as a missing field: the conversion of what `S` makes of a missing
/// field (`None` for an `Option`), its refusal a custom error where the missing-field error
/// would be, as serde reports it.
pub fn missing_field_try_from<'de, S, T>(lex: &Lexer<'de>, name: &str) -> FjResult<T>
where
    S: crate::Decode<'de>,
    T: TryFrom<S>,
    T::Error: std::fmt::Display,
{
    let source = S::decode_missing_field(lex, name)?;
    T::try_from(source).map_err(|err| lex.err_custom_at_closing_bracket(err))
}

/// `#[serde(from = "S")]`: decodes an `S` and converts it.
#[inline]
pub fn decode_from<'de, S: crate::Decode<'de>, T: From<S>>(lex: &mut Lexer<'de>) -> FjResult<T> {
    S::decode(lex).map(T::from)
}

/// A field of a `remote` type's foreign value, as the mirror declares its type: a getter may
/// return the value or a reference to it (`&&T` coerces here), and a field of another type is
/// an error at the mirror's field, as with serde.
#[inline]
pub fn constrain<T: ?Sized>(value: &T) -> &T {
    value
}

/// `#[serde(try_from = "S")]`: decodes an `S` and converts it; a refused conversion is a custom
/// error (its `Display` text) at the end of the value, where serde_json reports it.
#[inline]
pub fn decode_try_from<'de, S, T>(lex: &mut Lexer<'de>) -> FjResult<T>
where
    S: crate::Decode<'de>,
    T: TryFrom<S>,
    T::Error: std::fmt::Display,
{
    let source = S::decode(lex)?;
    T::try_from(source).map_err(|err| lex.err_custom(err))
}

/// A custom error at byte `at` (a map key's opening quote), not where the lexer stands.
#[cold]
pub fn err_custom_at(lex: &Lexer<'_>, msg: impl std::fmt::Display, at: usize) -> Error {
    lex.error_at(ErrorCode::Custom(msg.to_string().into_boxed_str()), at)
}

/// A map key read as `S` and converted with `TryFrom` (a `try_from = "S"` type as a key): a
/// refusal is the conversion's message, at the key.
#[allow(clippy::ptr_arg)] // `DecodeKey::from_key` takes the `Cow` itself
pub fn key_try_from<'de, S, T>(key: &Cow<'de, str>, lex: &Lexer<'de>, at: usize) -> FjResult<T>
where
    S: crate::DecodeKey<'de>,
    T: TryFrom<S>,
    T::Error: std::fmt::Display,
{
    let source = S::from_key(key, lex, at)?;
    T::try_from(source).map_err(|err| err_custom_at(lex, err, at))
}

/// Decodes a struct field's value into its slot, rejecting a second occurrence of the key and
/// adding the field's name to the path of an error, or its position when the struct is read in
/// serde's sequence form (`element`). One instance per field type in a crate (shared by every
/// struct's fields of that type), instead of this code inline per field.
pub fn decode_slot<'de, T: crate::Decode<'de>>(
    slot: &mut Option<T>,
    lex: &mut Lexer<'de>,
    name: &'static str,
    element: Option<usize>,
) -> FjResult<()> {
    if slot.is_some() {
        return Err(lex.err_duplicate_field(name));
    }
    *slot = Some(T::decode(lex).map_err(|e| in_field(e, name, element))?);
    Ok(())
}

/// Adds a struct field to an error's path: its name, or its position in the sequence form.
#[cold]
pub fn in_field(error: Error, name: &'static str, element: Option<usize>) -> Error {
    match element {
        Some(position) => error.at_index(position),
        None => error.at_field(name),
    }
}

/// An array holds more elements than the type reads (serde_json's "trailing characters").
#[cold]
pub fn err_trailing_elements(lex: &Lexer<'_>) -> Error {
    lex.error(ErrorCode::TrailingCharacters)
}

/// An externally tagged enum's object has no key or more than one (serde_json's "expected value").
#[cold]
pub fn err_enum_object(lex: &Lexer<'_>) -> Error {
    lex.error(ErrorCode::ExpectedValue)
}

/// A struct's schema refers to a type it flattens as `<Name>` or, when that type has a
/// flattened form (`Schema::flattened_schema`), `<Name>.flattened`: generated code asks
/// `(&&SchemaProbe::<T>::NEW).flattened_suffix()`, which finds [`SchemaOf`] when `T` has a
/// schema and [`NoSchema`] (no suffix) when it does not, so that flattening a type without one
/// still compiles (its reference then dangles, as any reference to a type without a schema).
pub struct SchemaProbe<T: ?Sized>(PhantomData<T>);

impl<T: ?Sized> SchemaProbe<T> {
    pub const NEW: Self = SchemaProbe(PhantomData);
}

pub trait SchemaOf {
    fn flattened_suffix(&self) -> &'static str;
}

impl<T: crate::Schema + ?Sized> SchemaOf for &SchemaProbe<T> {
    fn flattened_suffix(&self) -> &'static str {
        match T::flattened_schema() {
            Some(_) => crate::FLATTENED_SUFFIX,
            None => "",
        }
    }
}

pub trait NoSchema {
    fn flattened_suffix(&self) -> &'static str;
}

impl<T: ?Sized> NoSchema for SchemaProbe<T> {
    fn flattened_suffix(&self) -> &'static str {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::{NoSchema as _, SchemaOf as _, SchemaProbe};
    use crate::{Schema, SchemaDocument};

    struct Plain;
    impl Schema for Plain {
        const SCHEMA_NAME: &'static str = "Plain";
        fn schema() -> &'static str {
            r#"{"type":"object"}"#
        }
    }

    struct Entries;
    impl Schema for Entries {
        const SCHEMA_NAME: &'static str = "Entries";
        fn schema() -> &'static str {
            r#"{"const":"a"}"#
        }
        fn flattened_schema() -> Option<&'static str> {
            Some(r#"{"type":"object","required":["a"]}"#)
        }
    }

    struct NoSchemaAtAll;

    /// The probe finds the type's own answer where it has a schema, and no suffix (no
    /// compile error) where it has none. (The double borrow is the probe, as generated code
    /// writes it.)
    #[test]
    #[allow(clippy::needless_borrow)]
    fn the_probe_names_the_flattened_form_only_where_there_is_one() {
        assert_eq!(
            (&&SchemaProbe::<Entries>::NEW).flattened_suffix(),
            ".flattened"
        );
        assert_eq!((&&SchemaProbe::<Plain>::NEW).flattened_suffix(), "");
        assert_eq!((&&SchemaProbe::<NoSchemaAtAll>::NEW).flattened_suffix(), "");
        let document = SchemaDocument::new()
            .with::<Entries>()
            .with::<Plain>()
            .with::<Entries>()
            .to_json();
        assert!(
            document.ends_with(concat!(
                r#""$defs":{"Entries":{"const":"a"},"#,
                r#""Entries.flattened":{"type":"object","required":["a"]},"#,
                r#""Plain":{"type":"object"}}}"#
            )),
            "{document}"
        );
    }
}
