//! `std::time::Duration` in serde's form: the struct `{"secs":u64,"nanos":u32}`, also read from
//! its sequence form `[secs, nanos]`, with serde's errors (unknown, duplicate and missing
//! fields; a `nanos` that overflows `secs` when carried over).

use std::time::Duration;

use crate::error::Result;
use crate::lexer::Lexer;
use crate::traits::{Decode, Encode};
use crate::writer::{Format, Writer};

/// What serde's visitor says it expects.
const EXPECTING: &str = "struct Duration";
const FIELDS: &[&str] = &["secs", "nanos"];

impl Encode for Duration {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.begin_object();
        w.field_key(true, ",\"secs\":");
        w.u64(self.as_secs());
        w.field_key(false, ",\"nanos\":");
        w.u64(u64::from(self.subsec_nanos()));
        w.end_object();
    }

    /// `{"secs":` and `,"nanos":` around at most 20 and 9 digits, and the closing brace.
    #[inline]
    fn encoded_len_hint(&self) -> usize {
        8 + 20 + 9 + 9 + 1
    }
}

impl<'de> Decode<'de> for Duration {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let (secs, nanos) = if lex.peek()? == b'[' {
            decode_sequence(lex)?
        } else {
            decode_object(lex)?
        };
        // serde carries whole seconds out of `nanos` (`Duration::new`) and refuses an overflow.
        if secs.checked_add(u64::from(nanos / 1_000_000_000)).is_none() {
            return Err(lex.err_custom("overflow deserializing Duration"));
        }
        Ok(Duration::new(secs, nanos))
    }
}

fn decode_object(lex: &mut Lexer<'_>) -> Result<(u64, u32)> {
    lex.begin_object_expecting(EXPECTING)?;
    let mut first = true;
    let mut secs: Option<u64> = None;
    let mut nanos: Option<u32> = None;
    loop {
        let is_secs = match lex.next_key(&mut first)? {
            None => break,
            Some(b"secs") => true,
            Some(b"nanos") => false,
            Some(other) => {
                let other = other.to_vec();
                return Err(lex.err_unknown_field(&other, FIELDS));
            }
        };
        if is_secs {
            if secs.is_some() {
                return Err(lex.err_duplicate_field("secs"));
            }
            secs = Some(u64::decode(lex).map_err(|e| e.at_field("secs"))?);
        } else {
            if nanos.is_some() {
                return Err(lex.err_duplicate_field("nanos"));
            }
            nanos = Some(u32::decode(lex).map_err(|e| e.at_field("nanos"))?);
        }
    }
    let secs = secs.ok_or_else(|| lex.err_missing_field("secs"))?;
    let nanos = nanos.ok_or_else(|| lex.err_missing_field("nanos"))?;
    Ok((secs, nanos))
}

fn decode_sequence(lex: &mut Lexer<'_>) -> Result<(u64, u32)> {
    lex.begin_array_expecting(EXPECTING)?;
    let mut first = true;
    if !lex.next_item(&mut first)? {
        return Err(lex.err_invalid_length(0, EXPECTING));
    }
    let secs = u64::decode(lex).map_err(|e| e.at_index(0))?;
    if !lex.next_item(&mut first)? {
        return Err(lex.err_invalid_length(1, EXPECTING));
    }
    let nanos = u32::decode(lex).map_err(|e| e.at_index(1))?;
    if lex.next_item(&mut first)? {
        return Err(crate::__private::err_trailing_elements(lex));
    }
    Ok((secs, nanos))
}
