//! The ranges, as serde writes them: `Range` and `RangeInclusive` as `{"start":a,"end":b}`,
//! `RangeFrom` as `{"start":a}`, `RangeTo` as `{"end":b}` (read also from `[a, b]`, `[a]`,
//! `[b]`, with serde's field errors).

use std::ops::{Range, RangeFrom, RangeInclusive, RangeTo};

use super::std_struct::{decode_one, decode_two};
use crate::error::Result;
use crate::lexer::Lexer;
use crate::traits::{Decode, Encode};
use crate::writer::{Format, Writer};

const START_END: &[&str; 2] = &["start", "end"];

/// `{"start":start,"end":end}` (either may be absent). The length hints count `{"start":`
/// (9 bytes), `,"end":` or `{"end":` (7) and `}` (1).
fn encode_bounds<T: Encode, F: Format>(w: &mut Writer<'_, F>, start: Option<&T>, end: Option<&T>) {
    w.begin_object();
    let mut first = true;
    if let Some(start) = start {
        w.field_key(first, ",\"start\":");
        first = false;
        start.encode(w);
    }
    if let Some(end) = end {
        w.field_key(first, ",\"end\":");
        end.encode(w);
    }
    w.end_object();
}

impl<T: Encode> Encode for Range<T> {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        encode_bounds(w, Some(&self.start), Some(&self.end));
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        17 + self.start.encoded_len_hint() + self.end.encoded_len_hint()
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Range<T> {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let (start, end) = decode_two(lex, "struct Range", START_END)?;
        Ok(start..end)
    }
}

impl<T: Encode> Encode for RangeInclusive<T> {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        encode_bounds(w, Some(self.start()), Some(self.end()));
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        17 + self.start().encoded_len_hint() + self.end().encoded_len_hint()
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for RangeInclusive<T> {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let (start, end) = decode_two(lex, "struct RangeInclusive", START_END)?;
        Ok(RangeInclusive::new(start, end))
    }
}

impl<T: Encode> Encode for RangeFrom<T> {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        encode_bounds(w, Some(&self.start), None);
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        10 + self.start.encoded_len_hint()
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for RangeFrom<T> {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        decode_one(lex, "struct RangeFrom", &["start"]).map(|start| start..)
    }
}

impl<T: Encode> Encode for RangeTo<T> {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        encode_bounds(w, None, Some(&self.end));
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        8 + self.end.encoded_len_hint()
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for RangeTo<T> {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        decode_one(lex, "struct RangeTo", &["end"]).map(|end| ..end)
    }
}
