//! `indexmap::IndexMap<K, V, S>` and `IndexSet<T, S>` (feature `indexmap`), mirroring
//! indexmap's serde impls: a map is a JSON object in the map's order, a set an array in the
//! set's order, read back in the document's order. A repeated key keeps its first position and
//! takes the last value (the map's `insert`), a repeated set element is kept once at its first
//! position, as indexmap's visitors insert them. Keys go through [`EncodeKey`]/[`DecodeKey`]
//! and everything else through the std maps' and sets' code (`map.rs`, `seq.rs`), flatten
//! included: a flattened `IndexMap` collects the entries no other field takes, in order.

use std::borrow::Cow;
use std::hash::{BuildHasher, Hash};

use ::indexmap::{IndexMap, IndexSet};

use super::map::{
    decode_entries, decode_flattened_entry, encode_entries, entries_len_hint, DecodeKey, EncodeKey,
};
use super::seq::{decode_seq, encode_seq, seq_len_hint};
use crate::error::Result;
use crate::lexer::Lexer;
use crate::traits::{Decode, DecodeFields, Encode, EncodeFields, IsEmpty};
use crate::writer::{Format, Writer};

impl<K: EncodeKey, V: Encode, S> Encode for IndexMap<K, V, S> {
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

impl<K: EncodeKey, V: Encode, S> EncodeFields for IndexMap<K, V, S> {
    #[inline]
    fn encode_fields<F: Format>(&self, w: &mut Writer<'_, F>, first: &mut bool) {
        encode_entries(self, w, first);
    }

    #[inline]
    fn encoded_fields_len_hint(&self) -> usize {
        entries_len_hint(self)
    }
}

impl<'de, K, V, S> Decode<'de> for IndexMap<K, V, S>
where
    K: DecodeKey<'de> + Eq + Hash,
    V: Decode<'de>,
    S: BuildHasher + Default,
{
    const ENDS_WITH_CLOSING_BRACKET: bool = true;

    #[inline]
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let mut map = IndexMap::with_hasher(S::default());
        decode_entries(lex, |k, v| {
            map.insert(k, v);
        })?;
        Ok(map)
    }
}

impl<'de, K, V, S> DecodeFields<'de> for IndexMap<K, V, S>
where
    K: DecodeKey<'de> + Eq + Hash,
    V: Decode<'de>,
    S: BuildHasher + Default,
{
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

impl<T: Encode, S> Encode for IndexSet<T, S> {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        encode_seq(self, w);
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        seq_len_hint(self)
    }
}

impl<'de, T, S> Decode<'de> for IndexSet<T, S>
where
    T: Decode<'de> + Eq + Hash,
    S: BuildHasher + Default,
{
    #[inline]
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let mut set = IndexSet::with_hasher(S::default());
        decode_seq(lex, |item| {
            set.insert(item);
        })?;
        Ok(set)
    }
}

impl<K, V, S> IsEmpty for IndexMap<K, V, S> {
    fn is_empty_value(&self) -> bool {
        self.is_empty()
    }
}

impl<T, S> IsEmpty for IndexSet<T, S> {
    fn is_empty_value(&self) -> bool {
        self.is_empty()
    }
}
