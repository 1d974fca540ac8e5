//! `Duration` and `SystemTime` in serde's form: the structs `{"secs":u64,"nanos":u32}` and
//! `{"secs_since_epoch":u64,"nanos_since_epoch":u32}`, also read from their sequence form, with
//! serde's errors (unknown, duplicate and missing fields; a `nanos` that overflows `secs` when
//! carried over; a time past what `SystemTime` holds). A `SystemTime` before the epoch has no
//! form: serde_json returns an error for it, and since encoding cannot fail here, fastjson panics.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::error::Result;
use crate::lexer::Lexer;
use crate::traits::{Decode, Encode};
use crate::writer::{Format, Writer};

const DURATION_FIELDS: &[&str; 2] = &["secs", "nanos"];
const SYSTEM_TIME_FIELDS: &[&str; 2] = &["secs_since_epoch", "nanos_since_epoch"];

impl Encode for Duration {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        encode_seconds_and_nanos(w, *self, [",\"secs\":", ",\"nanos\":"]);
    }

    /// `{"secs":` and `,"nanos":` around at most 20 and 9 digits, and the closing brace.
    #[inline]
    fn encoded_len_hint(&self) -> usize {
        8 + 20 + 9 + 9 + 1
    }
}

impl<'de> Decode<'de> for Duration {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        decode_duration(lex, "struct Duration", DURATION_FIELDS, "Duration")
    }
}

impl Encode for SystemTime {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        let Ok(since_epoch) = self.duration_since(UNIX_EPOCH) else {
            before_the_epoch(self)
        };
        let keys = [",\"secs_since_epoch\":", ",\"nanos_since_epoch\":"];
        encode_seconds_and_nanos(w, since_epoch, keys);
    }

    /// The two keys around at most 20 and 9 digits, and the braces.
    #[inline]
    fn encoded_len_hint(&self) -> usize {
        20 + 20 + 21 + 9 + 1
    }
}

impl<'de> Decode<'de> for SystemTime {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let since_epoch = decode_duration(
            lex,
            "struct SystemTime",
            SYSTEM_TIME_FIELDS,
            "SystemTime epoch offset",
        )?;
        UNIX_EPOCH
            .checked_add(since_epoch)
            .ok_or_else(|| lex.err_custom("overflow deserializing SystemTime"))
    }
}

/// `{"<secs>":…,"<nanos>":…}`, the keys fused as `Writer::field_key` takes them.
#[inline]
fn encode_seconds_and_nanos<F: Format>(
    w: &mut Writer<'_, F>,
    duration: Duration,
    keys: [&'static str; 2],
) {
    w.begin_object();
    w.field_key(true, keys[0]);
    w.u64(duration.as_secs());
    w.field_key(false, keys[1]);
    w.u64(u64::from(duration.subsec_nanos()));
    w.end_object();
}

/// Seconds and nanoseconds under `names`; serde carries whole seconds out of the nanoseconds
/// (`Duration::new`) and refuses an overflow ("overflow deserializing" and `what`).
fn decode_duration(
    lex: &mut Lexer<'_>,
    expecting: &'static str,
    names: &'static [&'static str; 2],
    what: &str,
) -> Result<Duration> {
    let (secs, nanos): (u64, u32) = super::std_struct::decode_two(lex, expecting, names)?;
    if secs.checked_add(u64::from(nanos / 1_000_000_000)).is_none() {
        return Err(lex.err_custom(format!("overflow deserializing {what}")));
    }
    Ok(Duration::new(secs, nanos))
}

#[cold]
#[inline(never)]
fn before_the_epoch(time: &SystemTime) -> ! {
    panic!(
        "fastjson cannot encode {time:?}: serde's form of a SystemTime counts from the Unix \
         epoch, and serde_json refuses a time before it too (\"SystemTime must be later than \
         UNIX_EPOCH\")"
    )
}
