//! Maps: `HashMap`/`BTreeMap` with string-like or integer keys (integers quoted, as serde_json
//! does), and maps as flatten targets that capture every key offered to them.
//!
//! Only key types with a JSON form implement `EncodeKey`/`DecodeKey`, so a map keyed by
//! anything else is a compile error, not a runtime one.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;
use std::sync::Arc;

use crate::error::{Error, ErrorCode, Result};
use crate::lexer::Lexer;
use crate::traits::{Decode, DecodeFields, Encode, EncodeFields, IsEmpty};
use crate::writer::{Format, Writer};

/// A type that can be a JSON object key: written as a JSON string. Map types encode their keys
/// with it ([`DecodeKey`] reads them back).
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// use std::borrow::Cow;
/// use std::collections::BTreeMap;
///
/// use fastjson::{DecodeKey, EncodeKey, Format, Lexer, Result, Writer};
///
/// /// A language tag, lower-case ASCII.
/// #[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
/// struct Lang(String);
///
/// impl EncodeKey for Lang {
///     fn encode_key<F: Format>(&self, w: &mut Writer<'_, F>, first: bool) {
///         w.key_str(first, &self.0);
///     }
/// }
///
/// impl<'de> DecodeKey<'de> for Lang {
///     fn from_key(key: &Cow<'de, str>, lex: &Lexer<'de>, _at: usize) -> Result<Self> {
///         if key.bytes().all(|b| b.is_ascii_lowercase()) {
///             Ok(Lang(key.to_string()))
///         } else {
///             Err(lex.err_custom(format!("`{key}` is not a language tag")))
///         }
///     }
/// }
///
/// let names: BTreeMap<Lang, String> = fastjson::from_str(r#"{"fr": "chat", "en": "cat"}"#)?;
/// assert_eq!(fastjson::to_string(&names), r#"{"en":"cat","fr":"chat"}"#);
/// assert!(fastjson::from_str::<BTreeMap<Lang, String>>(r#"{"EN": "cat"}"#).is_err());
/// # Ok::<(), fastjson::Error>(())
/// ```
pub trait EncodeKey {
    /// Writes the key (with the separator before it unless `first`, and the colon after it).
    fn encode_key<F: Format>(&self, w: &mut Writer<'_, F>, first: bool);

    /// The key's length with its quotes, as [`Encode::encoded_len_hint`] estimates; 0 for
    /// "unknown".
    #[inline]
    fn key_len_hint(&self) -> usize {
        0
    }
}

/// A type that can be read from a JSON object key: the other half of [`EncodeKey`] (see its
/// example). Only [`DecodeKey::from_key`] needs writing.
pub trait DecodeKey<'de>: Sized {
    /// Reads the next key of the current object, or `None` after its `}`.
    fn next_key(lex: &mut Lexer<'de>, first: &mut bool) -> Result<Option<Self>> {
        match lex.next_key_cow(first)? {
            Some(key) => {
                let at = lex.last_string_start();
                Self::from_key(&key, lex, at).map(Some)
            }
            None => Ok(None),
        }
    }

    /// Converts key text; `at` is the offset of the key's opening quote, for errors. Takes the
    /// `Cow` itself so that `&'de str` keys can borrow from the input when it is `Borrowed`.
    #[allow(clippy::ptr_arg)]
    fn from_key(key: &Cow<'de, str>, lex: &Lexer<'de>, at: usize) -> Result<Self>;
}

/// `EncodeKey` and `DecodeKey` for string types (`$ty: Deref<Target = str>`) built from a
/// `&str` by `$from`: the key is the text. Decoding reads the key as a `Str` (borrowed, or
/// unescaped into the lexer's scratch), so the only allocation is the one `$from` makes.
macro_rules! string_keys {
    ($($ty:ty => $from:expr;)*) => {$(
        impl $crate::impls::EncodeKey for $ty {
            #[inline]
            fn encode_key<F: $crate::writer::Format>(
                &self,
                w: &mut $crate::writer::Writer<'_, F>,
                first: bool,
            ) {
                w.key_str(first, self);
            }

            #[inline]
            fn key_len_hint(&self) -> usize {
                self.len() + 2
            }
        }

        impl<'de> $crate::impls::DecodeKey<'de> for $ty {
            #[inline]
            fn next_key(
                lex: &mut $crate::lexer::Lexer<'de>,
                first: &mut bool,
            ) -> $crate::error::Result<Option<Self>> {
                Ok(lex.next_key_str(first)?.map(|key| $from(&*key)))
            }

            #[inline]
            fn from_key(
                key: &::std::borrow::Cow<'de, str>,
                _lex: &$crate::lexer::Lexer<'de>,
                _at: usize,
            ) -> $crate::error::Result<Self> {
                Ok($from(&**key))
            }
        }
    )*};
}
// Used by the feature-gated string types (smol_str, compact_str) besides this file.
#[allow(unused_imports)]
pub(crate) use string_keys;

/// `EncodeKey` and `DecodeKey` for a type whose `Encode` writes exactly one JSON string (a
/// UUID, a URL, a version, a decimal's text): the key is that same string (serde_json's key
/// serializer takes the `serialize_str` or `collect_str` of those serde impls), and a key is
/// read back with `$parse`, a `fn(&str) -> Result<Self, impl Display>` whose error is the
/// message, reported at the key's opening quote. Only feature-gated types use it, hence the
/// allowances for a build without them.
#[allow(unused_macros)]
macro_rules! text_keys {
    ($($ty:ty => $parse:expr;)*) => {$(
        impl $crate::impls::EncodeKey for $ty {
            #[inline]
            fn encode_key<F: $crate::writer::Format>(
                &self,
                w: &mut $crate::writer::Writer<'_, F>,
                first: bool,
            ) {
                w.begin_key(first);
                $crate::traits::Encode::encode(self, w);
                w.end_key();
            }

            #[inline]
            fn key_len_hint(&self) -> usize {
                $crate::traits::Encode::encoded_len_hint(self)
            }
        }

        impl<'de> $crate::impls::DecodeKey<'de> for $ty {
            fn from_key(
                key: &::std::borrow::Cow<'de, str>,
                lex: &$crate::lexer::Lexer<'de>,
                at: usize,
            ) -> $crate::error::Result<Self> {
                $crate::impls::map::parse_key(key, lex, at, $parse)
            }
        }
    )*};
}
#[allow(unused_imports)]
pub(crate) use text_keys;

/// A key's text through `parse`; a refusal is its message, at the key (what [`text_keys`]
/// expands to, out of the macro so that each type's impl stays a call). Unused, like the
/// macro, in a build without those features.
#[allow(dead_code)]
pub(crate) fn parse_key<T, E: std::fmt::Display>(
    key: &str,
    lex: &Lexer<'_>,
    at: usize,
    parse: impl FnOnce(&str) -> std::result::Result<T, E>,
) -> Result<T> {
    parse(key).map_err(|message| crate::__private::err_custom_at(lex, message, at))
}

string_keys! {
    Rc<str> => <Rc<str>>::from;
    Arc<str> => <Arc<str>>::from;
}

/// `&T` and `Box<T>` are keys whenever `T` is, written as `T` (serde's `&T` and `Box<T>` are
/// their contents): `Box<str>`, `Box<Path>`, a boxed integer or derived key.
macro_rules! pointer_keys {
    ($($pointer:ty),*) => {$(
        impl<T: EncodeKey + ?Sized> EncodeKey for $pointer {
            #[inline]
            fn encode_key<F: Format>(&self, w: &mut Writer<'_, F>, first: bool) {
                (**self).encode_key(w, first);
            }

            #[inline]
            fn key_len_hint(&self) -> usize {
                (**self).key_len_hint()
            }
        }
    )*};
}

pointer_keys!(&T, Box<T>);

impl<'de, K: DecodeKey<'de>> DecodeKey<'de> for Box<K> {
    #[inline]
    fn next_key(lex: &mut Lexer<'de>, first: &mut bool) -> Result<Option<Self>> {
        Ok(K::next_key(lex, first)?.map(Box::new))
    }

    fn from_key(key: &Cow<'de, str>, lex: &Lexer<'de>, at: usize) -> Result<Self> {
        K::from_key(key, lex, at).map(Box::new)
    }
}

/// `str` has no `DecodeKey` (a key is read owned or borrowed), so `Box<str>` is not covered by
/// `Box<K>` and reads its text itself.
impl<'de> DecodeKey<'de> for Box<str> {
    #[inline]
    fn from_key(key: &Cow<'de, str>, _lex: &Lexer<'de>, _at: usize) -> Result<Self> {
        Ok(Box::from(&**key))
    }
}

impl EncodeKey for String {
    #[inline]
    fn encode_key<F: Format>(&self, w: &mut Writer<'_, F>, first: bool) {
        w.key_str(first, self);
    }

    #[inline]
    fn key_len_hint(&self) -> usize {
        self.len() + 2
    }
}

impl<'de> DecodeKey<'de> for String {
    #[inline]
    fn next_key(lex: &mut Lexer<'de>, first: &mut bool) -> Result<Option<Self>> {
        Ok(lex.next_key_str(first)?.map(|key| String::from(&*key)))
    }
    fn from_key(key: &Cow<'de, str>, _lex: &Lexer<'de>, _at: usize) -> Result<Self> {
        Ok(String::from(&**key))
    }
}

impl EncodeKey for str {
    #[inline]
    fn encode_key<F: Format>(&self, w: &mut Writer<'_, F>, first: bool) {
        w.key_str(first, self);
    }

    #[inline]
    fn key_len_hint(&self) -> usize {
        self.len() + 2
    }
}

impl<'de: 'a, 'a> DecodeKey<'de> for &'a str {
    fn from_key(key: &Cow<'de, str>, lex: &Lexer<'de>, at: usize) -> Result<Self> {
        match key {
            Cow::Borrowed(s) => Ok(s),
            Cow::Owned(_) => Err(lex.error_at(ErrorCode::BorrowedStringEscaped, at)),
        }
    }
}

impl EncodeKey for Cow<'_, str> {
    #[inline]
    fn encode_key<F: Format>(&self, w: &mut Writer<'_, F>, first: bool) {
        w.key_str(first, self);
    }

    #[inline]
    fn key_len_hint(&self) -> usize {
        self.len() + 2
    }
}

/// Owned, as serde does for `Cow` map keys.
impl<'de> DecodeKey<'de> for Cow<'_, str> {
    fn from_key(key: &Cow<'de, str>, _lex: &Lexer<'de>, _at: usize) -> Result<Self> {
        Ok(Cow::Owned(String::from(&**key)))
    }
}

impl EncodeKey for char {
    #[inline]
    fn encode_key<F: Format>(&self, w: &mut Writer<'_, F>, first: bool) {
        w.key_str(first, self.encode_utf8(&mut [0u8; 4]));
    }

    #[inline]
    fn key_len_hint(&self) -> usize {
        self.len_utf8() + 2
    }
}

impl<'de> DecodeKey<'de> for char {
    fn from_key(key: &Cow<'de, str>, lex: &Lexer<'de>, at: usize) -> Result<Self> {
        let mut chars = key.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(key_error(lex, at, "char", key)),
        }
    }
}

/// `"true"` and `"false"`, as serde_json writes and reads `bool` keys (the word itself, no
/// escapes).
impl EncodeKey for bool {
    #[inline]
    fn encode_key<F: Format>(&self, w: &mut Writer<'_, F>, first: bool) {
        w.key_str(first, if *self { "true" } else { "false" });
    }

    #[inline]
    fn key_len_hint(&self) -> usize {
        7
    }
}

impl<'de> DecodeKey<'de> for bool {
    fn from_key(key: &Cow<'de, str>, lex: &Lexer<'de>, at: usize) -> Result<Self> {
        match key {
            Cow::Borrowed("true") => Ok(true),
            Cow::Borrowed("false") => Ok(false),
            _ => Err(key_error(lex, at, "bool", key)),
        }
    }
}

#[cold]
pub(super) fn key_error(lex: &Lexer<'_>, at: usize, ty: &str, key: &str) -> Error {
    crate::__private::err_custom_at(
        lex,
        format_args!("expected a {ty} map key, found {key:?}"),
        at,
    )
}

/// Integer keys: the whole key text must be an integer in JSON syntax (no spaces, no `+`),
/// written without escapes (`Cow::Borrowed`): serde_json reads the digits straight from the
/// input and rejects `"\u0031"`.
#[allow(clippy::ptr_arg)] // the `Cow` itself: `Owned` says the key was written with escapes
pub(super) fn parse_integer_key<'de, T>(
    key: &Cow<'_, str>,
    lex: &Lexer<'de>,
    at: usize,
    ty: &str,
    parse: impl FnOnce(&mut Lexer<'_>) -> Result<T>,
) -> Result<T> {
    if matches!(key, Cow::Owned(_)) {
        return Err(key_error(
            lex,
            at,
            &format!("{ty} (digits without escapes)"),
            key,
        ));
    }
    let bytes = key.as_bytes();
    if matches!(bytes.first(), Some(b'0'..=b'9' | b'-')) {
        let mut sub = Lexer::new(bytes);
        if let Ok(v) = parse(&mut sub) {
            if sub.position() == bytes.len() {
                return Ok(v);
            }
        }
    }
    Err(key_error(lex, at, ty, key))
}

macro_rules! integer_keys {
    ($($ty:ident)*) => {$(
        impl EncodeKey for $ty {
            #[inline]
            fn encode_key<F: Format>(&self, w: &mut Writer<'_, F>, first: bool) {
                w.begin_key(first);
                w.quoted_integer(*self);
                w.end_key();
            }

            /// The number's text and the quotes.
            #[inline]
            fn key_len_hint(&self) -> usize {
                Encode::encoded_len_hint(self) + 2
            }
        }
        impl<'de> DecodeKey<'de> for $ty {
            fn from_key(key: &Cow<'de, str>, lex: &Lexer<'de>, at: usize) -> Result<Self> {
                // A closure, not the path: `Decode<'de>`'s lifetime is early-bound, and the
                // nested lexer borrows the key for a shorter one.
                #[allow(clippy::redundant_closure)]
                parse_integer_key(key, lex, at, stringify!($ty), |l| <$ty as Decode>::decode(l))
            }
        }
    )*};
}

integer_keys!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);

/// Writes `(key, value)` pairs as object entries.
#[inline]
pub(super) fn encode_entries<'a, K, V, F, I>(entries: I, w: &mut Writer<'_, F>, first: &mut bool)
where
    K: EncodeKey + 'a,
    V: Encode + 'a,
    F: Format,
    I: IntoIterator<Item = (&'a K, &'a V)>,
{
    for (key, value) in entries {
        key.encode_key(w, *first);
        *first = false;
        value.encode(w);
    }
}

/// The estimate of `(key, value)` entries: each key, colon, value and separator. Out of line
/// for the reason [`seq_len_hint`](super::seq::seq_len_hint) is.
#[inline(never)]
pub(crate) fn entries_len_hint<'a, K, V, I>(entries: I) -> usize
where
    K: EncodeKey + 'a,
    V: Encode + 'a,
    I: IntoIterator<Item = (&'a K, &'a V)>,
    I::IntoIter: ExactSizeIterator,
{
    super::seq::sampled_len_hint(entries.into_iter(), |(key, value)| {
        key.key_len_hint() + value.encoded_len_hint() + 2
    })
}

/// Reads an object's entries into `insert` (a repeated key keeps the last value, as serde_json).
#[inline]
pub(super) fn decode_entries<'de, K: DecodeKey<'de>, V: Decode<'de>>(
    lex: &mut Lexer<'de>,
    mut insert: impl FnMut(K, V),
) -> Result<()> {
    lex.begin_object()?;
    let mut first = true;
    while let Some(key) = K::next_key(lex, &mut first)? {
        // Where the key's text starts: an error in its value names the key as the document
        // writes it, read again from the input (error path only), whatever `K` made of it.
        let key_start = lex.last_string_start();
        let value = V::decode(lex).map_err(|e| e.at_field(&lex.string_text_at(key_start)))?;
        insert(key, value);
    }
    Ok(())
}

/// One entry offered to a flattened map: the key converted, the value decoded.
#[allow(clippy::ptr_arg)] // the `Cow` itself: `&'de str` keys borrow when it is `Borrowed`
pub(super) fn decode_flattened_entry<'de, K: DecodeKey<'de>, V: Decode<'de>>(
    key: &Cow<'de, str>,
    lex: &mut Lexer<'de>,
) -> Result<(K, V)> {
    let at = lex.position();
    let k = K::from_key(key, lex, at)?;
    let value = V::decode(lex).map_err(|e| e.at_field(key))?;
    Ok((k, value))
}

/// Every impl of a hashed map type (`$map<K, V, S>` with `with_hasher`, `insert` and
/// `Default`): `HashMap` here, `IndexMap` behind its feature (whose `insert` keeps a repeated
/// key's first position, as indexmap's serde visitor does). An object both ways, flattenable.
macro_rules! hashed_maps {
    ($($map:ident),*) => {$(
        impl<K: $crate::impls::EncodeKey, V: $crate::traits::Encode, S> $crate::traits::Encode for $map<K, V, S> {
            #[inline]
            fn encode<F: $crate::writer::Format>(&self, w: &mut $crate::writer::Writer<'_, F>) {
                w.begin_object();
                $crate::impls::map::encode_entries(self, w, &mut true);
                w.end_object();
            }

            #[inline]
            fn encoded_len_hint(&self) -> usize {
                2 + $crate::impls::map::entries_len_hint(self)
            }
        }

        impl<K: $crate::impls::EncodeKey, V: $crate::traits::Encode, S> $crate::traits::EncodeFields for $map<K, V, S> {
            #[inline]
            fn encode_fields<F: $crate::writer::Format>(
                &self,
                w: &mut $crate::writer::Writer<'_, F>,
                first: &mut bool,
            ) {
                $crate::impls::map::encode_entries(self, w, first);
            }

            #[inline]
            fn encoded_fields_len_hint(&self) -> usize {
                $crate::impls::map::entries_len_hint(self)
            }
        }

        impl<'de, K, V, S> $crate::traits::Decode<'de> for $map<K, V, S>
        where
            K: $crate::impls::DecodeKey<'de> + Eq + std::hash::Hash,
            V: $crate::traits::Decode<'de>,
            S: std::hash::BuildHasher + Default,
        {
            const ENDS_WITH_CLOSING_BRACKET: bool = true;

            #[inline]
            fn decode(lex: &mut $crate::lexer::Lexer<'de>) -> $crate::error::Result<Self> {
                let mut map = $map::with_hasher(S::default());
                $crate::impls::map::decode_entries(lex, |k, v| {
                    map.insert(k, v);
                })?;
                Ok(map)
            }
        }

        impl<'de, K, V, S> $crate::traits::DecodeFields<'de> for $map<K, V, S>
        where
            K: $crate::impls::DecodeKey<'de> + Eq + std::hash::Hash,
            V: $crate::traits::Decode<'de>,
            S: std::hash::BuildHasher + Default,
        {
            type Builder = Self;
            const LEAVES_KEYS: bool = true;

            fn decode_field(
                map: &mut Self,
                key: &std::borrow::Cow<'de, str>,
                lex: &mut $crate::lexer::Lexer<'de>,
            ) -> $crate::error::Result<bool> {
                let (k, value) = $crate::impls::map::decode_flattened_entry(key, lex)?;
                map.insert(k, value);
                Ok(true)
            }

            fn finish(map: &mut Self, _lex: &$crate::lexer::Lexer<'de>) -> $crate::error::Result<Self> {
                Ok(std::mem::take(map))
            }
        }

        impl<K, V, S> $crate::traits::IsEmpty for $map<K, V, S> {
            fn is_empty_value(&self) -> bool {
                self.is_empty()
            }
        }

    )*};
}
#[cfg(feature = "indexmap")]
pub(super) use hashed_maps;

hashed_maps!(HashMap);

impl<K: EncodeKey, V: Encode> Encode for BTreeMap<K, V> {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.begin_object();
        encode_entries(self, w, &mut true);
        w.end_object();
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        2 + entries_len_hint(self)
    }
}

impl<K: EncodeKey, V: Encode> EncodeFields for BTreeMap<K, V> {
    #[inline]
    fn encode_fields<F: Format>(&self, w: &mut Writer<'_, F>, first: &mut bool) {
        encode_entries(self, w, first);
    }

    #[inline]
    fn encoded_fields_len_hint(&self) -> usize {
        entries_len_hint(self)
    }
}

impl<'de, K: DecodeKey<'de> + Ord, V: Decode<'de>> Decode<'de> for BTreeMap<K, V> {
    const ENDS_WITH_CLOSING_BRACKET: bool = true;

    #[inline]
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let mut map = BTreeMap::new();
        decode_entries(lex, |k, v| {
            map.insert(k, v);
        })?;
        Ok(map)
    }
}

impl<'de, K: DecodeKey<'de> + Ord, V: Decode<'de>> DecodeFields<'de> for BTreeMap<K, V> {
    type Builder = Self;
    const LEAVES_KEYS: bool = true;

    fn decode_field(map: &mut Self, key: &Cow<'de, str>, lex: &mut Lexer<'de>) -> Result<bool> {
        let (k, value) = decode_flattened_entry(key, lex)?;
        map.insert(k, value);
        Ok(true)
    }

    fn finish(map: &mut Self, _lex: &Lexer<'de>) -> Result<Self> {
        Ok(std::mem::take(map))
    }
}

impl<K, V> IsEmpty for BTreeMap<K, V> {
    fn is_empty_value(&self) -> bool {
        self.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, HashMap};

    use crate::{from_slice, to_vec};

    #[test]
    fn integer_keys_are_quoted_both_ways() {
        let map: BTreeMap<i32, bool> = [(-1, true), (10, false)].into();
        let bytes = to_vec(&map);
        assert_eq!(bytes, serde_json::to_vec(&map).unwrap());
        assert_eq!(from_slice::<BTreeMap<i32, bool>>(&bytes).unwrap(), map);
    }

    #[test]
    fn integer_keys_must_be_plain_integers() {
        for bad in [
            r#"{" 1":0}"#,
            r#"{"+1":0}"#,
            r#"{"1.5":0}"#,
            r#"{"":0}"#,
            r#"{"300":0}"#,
            // Digits written as escapes: serde_json reads a key's digits straight from the
            // input, so it rejects these.
            r#"{"\u0031":0}"#,
            r#"{"1\u0030":0}"#,
        ] {
            assert!(
                from_slice::<HashMap<u8, u8>>(bad.as_bytes()).is_err(),
                "{bad}"
            );
            assert!(
                serde_json::from_str::<HashMap<u8, u8>>(bad).is_err(),
                "{bad}"
            );
        }
        let err = from_slice::<HashMap<i32, u8>>(br#"{"-\u0031":0}"#).unwrap_err();
        assert!(err.message().contains("without escapes"), "{err}");
    }

    #[test]
    fn repeated_map_keys_keep_the_last_value() {
        let map: HashMap<String, u8> = from_slice(br#"{"a":1,"a":2}"#).unwrap();
        assert_eq!(map["a"], 2);
    }

    #[test]
    fn value_errors_name_the_key() {
        let err = from_slice::<HashMap<String, u8>>(br#"{"ok":1,"bad key":"x"}"#).unwrap_err();
        assert_eq!(err.path(), "$[\"bad key\"]");
    }
}
