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
const FIELDS: &[&str; 2] = &["secs", "nanos"];

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
        let (secs, nanos): (u64, u32) = super::std_struct::decode_two(lex, EXPECTING, FIELDS)?;
        // serde carries whole seconds out of `nanos` (`Duration::new`) and refuses an overflow.
        if secs.checked_add(u64::from(nanos / 1_000_000_000)).is_none() {
            return Err(lex.err_custom("overflow deserializing Duration"));
        }
        Ok(Duration::new(secs, nanos))
    }
}
