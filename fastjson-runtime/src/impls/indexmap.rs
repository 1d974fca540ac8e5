//! `indexmap::IndexMap<K, V, S>` and `IndexSet<T, S>` (feature `indexmap`), mirroring
//! indexmap's serde impls: a map is a JSON object in the map's order, a set an array in the
//! set's order, read back in the document's order. A repeated key keeps its first position and
//! takes the last value (the map's `insert`), a repeated set element is kept once at its first
//! position, as indexmap's visitors insert them. Keys go through [`EncodeKey`]/[`DecodeKey`]
//! and everything else through the std maps' and sets' code (`map.rs`, `seq.rs`), flatten
//! included: a flattened `IndexMap` collects the entries no other field takes, in order.

use std::hash::{BuildHasher, Hash};

use ::indexmap::{IndexMap, IndexSet};

use super::seq::{decode_seq, encode_seq, seq_len_hint};
use crate::error::Result;
use crate::lexer::Lexer;
use crate::traits::{Decode, Encode, IsEmpty};
use crate::writer::{Format, Writer};

super::map::hashed_maps!(IndexMap);

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

impl<T, S> IsEmpty for IndexSet<T, S> {
    fn is_empty_value(&self) -> bool {
        self.is_empty()
    }
}
