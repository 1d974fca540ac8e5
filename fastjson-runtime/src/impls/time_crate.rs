//! The `time` crate's dates and times (feature `time`), mirroring time 0.3's serde impls as its
//! `serde` feature writes them (without `serde-human-readable`, whose string forms it only
//! writes when that feature is on): every type as a JSON array of its components, `Date` as
//! `[year, ordinal]`, `Time` as `[hour, minute, second, nanosecond]`, `PrimitiveDateTime` and
//! `UtcDateTime` as `[year, ordinal, hour, minute, second, nanosecond]`, `OffsetDateTime` as those
//! and `[.., offset hours, offset minutes, offset seconds]`, `UtcOffset` as
//! `[hours, minutes, seconds]` and `Duration` as `[seconds, nanoseconds]`.
//!
//! Reading follows time's `visit_seq` as serde_json's `deserialize_tuple` drives it: each
//! component as its integer type (`i32` year, `u16` ordinal, `u8` hour, minute and second, `u32`
//! nanosecond, `i8` offset parts, `i64` seconds and `i32` nanoseconds of a duration), a missing
//! one refused with time's `expected <component>`, the value built by time's own checked
//! constructors (their refusal worded as time's `invalid <component>, expected an in-range
//! value`), and an element after the last refused. `UtcOffset` alone may stop after its hours or
//! minutes, the rest being zero. None of these is a map key: serde_json refuses an array as a key.
//!
//! `Month` and `Weekday` are their numbers (`1` for January, `1` for Monday), read from an
//! unsigned JSON integer as time's `visit_u64` reads them (a negative or fractional number is
//! refused, as serde's default `visit_i64`/`visit_f64` refuse it), and, written as integers,
//! map keys too (`{"3":..}`), as serde_json writes and reads integer keys.

use std::borrow::Cow;

use ::time::error::ComponentRange;
use ::time::{
    Date, Duration, Month, OffsetDateTime, PrimitiveDateTime, Time, UtcDateTime, UtcOffset, Weekday,
};

use super::map::{parse_integer_key, DecodeKey, EncodeKey};
use crate::error::Result;
use crate::lexer::Lexer;
use crate::schema::Schema;
use crate::traits::{Decode, Encode};
use crate::writer::{Format, Writer};

/// The elements of one array as time's visitor takes them: in order, each named for the error
/// when it is missing, then the closing bracket.
struct Components<'a, 'de> {
    lex: &'a mut Lexer<'de>,
    first: bool,
    index: usize,
    /// The closing bracket has been read (`UtcOffset` met it early).
    closed: bool,
}

impl<'a, 'de> Components<'a, 'de> {
    /// Opens the array; anything else is refused as not being `expected`.
    #[inline]
    fn open(lex: &'a mut Lexer<'de>, expected: &'static str) -> Result<Self> {
        lex.begin_array_expecting(expected)?;
        Ok(Components {
            lex,
            first: true,
            index: 0,
            closed: false,
        })
    }

    /// The next element, or `None` after the closing bracket.
    #[inline]
    fn optional<T: Decode<'de>>(&mut self) -> Result<Option<T>> {
        if !self.lex.next_item(&mut self.first)? {
            self.closed = true;
            return Ok(None);
        }
        let value = T::decode(self.lex).map_err(|e| e.at_index(self.index))?;
        self.index += 1;
        Ok(Some(value))
    }

    /// The next element, which must be there: time's `expected <name>` otherwise.
    #[inline]
    fn next<T: Decode<'de>>(&mut self, name: &'static str) -> Result<T> {
        match self.optional()? {
            Some(value) => Ok(value),
            None => Err(self
                .lex
                .err_custom_at_closing_bracket(format_args!("expected {name}"))),
        }
    }

    /// The value time's constructors built from the elements, then the closing bracket: time's
    /// range error comes first, as serde_json reports the visitor's error before looking for
    /// the end of the array.
    #[inline]
    fn finish<T>(mut self, built: std::result::Result<T, ComponentRange>) -> Result<T> {
        let value = match built {
            Ok(value) => value,
            Err(range) => return Err(self.lex.err_custom_at_closing_bracket(out_of_range(range))),
        };
        if !self.closed && self.lex.next_item(&mut self.first)? {
            return Err(crate::__private::err_trailing_elements(self.lex));
        }
        Ok(value)
    }
}

/// time's `ComponentRange::into_de_error` message.
#[cold]
fn out_of_range(range: ComponentRange) -> String {
    format!("invalid {}, expected an in-range value", range.name())
}

/// The date of `[year, ordinal, ...]`.
#[inline]
fn date(items: &mut Components<'_, '_>) -> Result<(i32, u16)> {
    Ok((items.next("year")?, items.next("day of year")?))
}

/// The time of day of `[..., hour, minute, second, nanosecond, ...]`.
#[inline]
fn time_of_day(items: &mut Components<'_, '_>) -> Result<(u8, u8, u8, u32)> {
    Ok((
        items.next("hour")?,
        items.next("minute")?,
        items.next("second")?,
        items.next("nanosecond")?,
    ))
}

/// The date and time of day, built as time's visitor builds them.
#[inline]
fn plain(
    items: &mut Components<'_, '_>,
) -> Result<std::result::Result<PrimitiveDateTime, ComponentRange>> {
    let (year, ordinal) = date(items)?;
    let (hour, minute, second, nano) = time_of_day(items)?;
    Ok(Date::from_ordinal_date(year, ordinal)
        .and_then(|date| date.with_hms_nano(hour, minute, second, nano)))
}

impl Encode for Date {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        (self.year(), self.ordinal()).encode(w);
    }

    /// Brackets, a signed year of up to six digits, a comma and three digits.
    #[inline]
    fn encoded_len_hint(&self) -> usize {
        14
    }
}

impl<'de> Decode<'de> for Date {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let mut items = Components::open(lex, "a `Date`")?;
        let (year, ordinal) = date(&mut items)?;
        items.finish(Date::from_ordinal_date(year, ordinal))
    }
}

impl Encode for Time {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        (self.hour(), self.minute(), self.second(), self.nanosecond()).encode(w);
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        24
    }
}

impl<'de> Decode<'de> for Time {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let mut items = Components::open(lex, "a `Time`")?;
        let (hour, minute, second, nano) = time_of_day(&mut items)?;
        items.finish(Time::from_hms_nano(hour, minute, second, nano))
    }
}

/// The six components of a date and time without an offset.
#[inline]
fn encode_plain<F: Format>(value: PrimitiveDateTime, w: &mut Writer<'_, F>) {
    (
        value.year(),
        value.ordinal(),
        value.hour(),
        value.minute(),
        value.second(),
        value.nanosecond(),
    )
        .encode(w);
}

impl Encode for PrimitiveDateTime {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        encode_plain(*self, w);
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        36
    }
}

impl<'de> Decode<'de> for PrimitiveDateTime {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let mut items = Components::open(lex, "a `PlainDateTime`")?;
        let built = plain(&mut items)?;
        items.finish(built)
    }
}

impl Encode for UtcDateTime {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        encode_plain(PrimitiveDateTime::new(self.date(), self.time()), w);
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        36
    }
}

impl<'de> Decode<'de> for UtcDateTime {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let mut items = Components::open(lex, "a `UtcDateTime`")?;
        let built = plain(&mut items)?;
        items.finish(built.map(PrimitiveDateTime::as_utc))
    }
}

impl Encode for OffsetDateTime {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        let offset = self.offset();
        (
            self.year(),
            self.ordinal(),
            self.hour(),
            self.minute(),
            self.second(),
            self.nanosecond(),
            offset.whole_hours(),
            offset.minutes_past_hour(),
            offset.seconds_past_minute(),
        )
            .encode(w);
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        48
    }
}

impl<'de> Decode<'de> for OffsetDateTime {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let mut items = Components::open(lex, "an `OffsetDateTime`")?;
        let built = plain(&mut items)?;
        let hours: i8 = items.next("offset hours")?;
        let minutes: i8 = items.next("offset minutes")?;
        let seconds: i8 = items.next("offset seconds")?;
        let built = built.and_then(|date_time| {
            UtcOffset::from_hms(hours, minutes, seconds)
                .map(|offset| date_time.assume_offset(offset))
        });
        items.finish(built)
    }
}

impl Encode for UtcOffset {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        (
            self.whole_hours(),
            self.minutes_past_hour(),
            self.seconds_past_minute(),
        )
            .encode(w);
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        14
    }
}

/// time's visitor reads the hours, then the minutes and seconds only while the array goes on
/// (`[5]` is five hours), each absent part zero.
impl<'de> Decode<'de> for UtcOffset {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let mut items = Components::open(lex, "a `UtcOffset`")?;
        let hours: i8 = items.next("offset hours")?;
        let mut minutes = 0;
        let mut seconds = 0;
        if let Some(read) = items.optional()? {
            minutes = read;
            if let Some(read) = items.optional()? {
                seconds = read;
            }
        }
        items.finish(UtcOffset::from_hms(hours, minutes, seconds))
    }
}

/// What time's nanoseconds component (a `RangedI32`) accepts.
const NANOS: std::ops::RangeInclusive<i32> = -999_999_999..=999_999_999;

impl Encode for Duration {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        (self.whole_seconds(), self.subsec_nanoseconds()).encode(w);
    }

    /// Brackets, a comma, a signed 19-digit and a signed 9-digit number.
    #[inline]
    fn encoded_len_hint(&self) -> usize {
        33
    }
}

/// The nanoseconds are a ranged integer in time's impl, refused outside ±999,999,999 with its
/// message; within it `Duration::new` moves them to the sign of the seconds, as time's
/// `new_ranged` does (no carry into the seconds, so no overflow).
impl<'de> Decode<'de> for Duration {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let mut items = Components::open(lex, "a `SignedDuration`")?;
        let seconds: i64 = items.next("seconds")?;
        let start = items.lex.mark();
        let nanos: i32 = items.next("nanoseconds")?;
        if !NANOS.contains(&nanos) {
            items.lex.reset(start);
            items.lex.peek()?;
            // deranged's words as time builds it (without deranged's `alloc`, which would name
            // the bounds): `Unexpected::Other("integer")` and what it expects.
            let error = items
                .lex
                .err_custom("invalid value: integer, expected an integer in the valid range");
            return Err(error.at_index(1));
        }
        items.finish(Ok(Duration::new(seconds, nanos)))
    }
}

/// A `Month` or `Weekday` from its number, or time's message for a number out of its range.
fn numbered<T>(
    number: u64,
    from: impl FnOnce(u8) -> Option<T>,
    range: &str,
) -> std::result::Result<T, String> {
    u8::try_from(number).ok().and_then(from).ok_or_else(|| {
        format!("invalid value: integer `{number}`, expected a value in the range {range}")
    })
}

macro_rules! numbered {
    ($($ty:ident: $number:expr, $from:expr, $range:literal;)*) => {$(
        impl Encode for $ty {
            #[inline]
            fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
                let number: u8 = $number(*self);
                number.encode(w);
            }

            #[inline]
            fn encoded_len_hint(&self) -> usize {
                2
            }
        }

        impl<'de> Decode<'de> for $ty {
            fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
                let start = lex.mark();
                let number = u64::decode(lex)?;
                numbered(number, $from, $range).map_err(|message| {
                    lex.reset(start);
                    match lex.peek() {
                        Ok(_) => lex.err_custom(message),
                        Err(error) => error,
                    }
                })
            }
        }

        impl EncodeKey for $ty {
            #[inline]
            fn encode_key<F: Format>(&self, w: &mut Writer<'_, F>, first: bool) {
                let number: u8 = $number(*self);
                number.encode_key(w, first);
            }

            #[inline]
            fn key_len_hint(&self) -> usize {
                4
            }
        }

        impl<'de> DecodeKey<'de> for $ty {
            fn from_key(key: &Cow<'de, str>, lex: &Lexer<'de>, at: usize) -> Result<Self> {
                // A closure, not the path: `Decode<'de>`'s lifetime is early-bound, and the
                // nested lexer borrows the key for a shorter one.
                #[allow(clippy::redundant_closure)]
                let number = parse_integer_key(key, lex, at, "u64", |l| u64::decode(l))?;
                numbered(number, $from, $range)
                    .map_err(|message| crate::__private::err_custom_at(lex, message, at))
            }
        }
    )*};
}

/// The weekday numbered from Monday (1) to Sunday (7).
#[inline]
fn weekday_from_monday(number: u8) -> Option<Weekday> {
    (1..=7)
        .contains(&number)
        .then(|| Weekday::Sunday.nth_next(number))
}

numbered! {
    Month: u8::from, |n| Month::try_from(n).ok(), "1..=12";
    Weekday: Weekday::number_from_monday, weekday_from_monday, "1..=7";
}

macro_rules! schema {
    ($($ty:ty => $name:literal, $schema:literal;)*) => {$(
        impl Schema for $ty {
            const SCHEMA_NAME: &'static str = $name;
            fn schema() -> &'static str {
                $schema
            }
        }
    )*};
}

schema! {
    Date => "Date",
        r#"{"type":"array","prefixItems":[{"type":"integer"},{"type":"integer","minimum":1,"maximum":366}],"items":false,"minItems":2,"maxItems":2}"#;
    Time => "Time",
        r#"{"type":"array","prefixItems":[{"type":"integer","minimum":0,"maximum":23},{"type":"integer","minimum":0,"maximum":59},{"type":"integer","minimum":0,"maximum":59},{"type":"integer","minimum":0,"maximum":999999999}],"items":false,"minItems":4,"maxItems":4}"#;
    PrimitiveDateTime => "PrimitiveDateTime",
        r#"{"type":"array","prefixItems":[{"type":"integer"},{"type":"integer","minimum":1,"maximum":366},{"type":"integer","minimum":0,"maximum":23},{"type":"integer","minimum":0,"maximum":59},{"type":"integer","minimum":0,"maximum":59},{"type":"integer","minimum":0,"maximum":999999999}],"items":false,"minItems":6,"maxItems":6}"#;
    UtcDateTime => "UtcDateTime",
        r#"{"type":"array","prefixItems":[{"type":"integer"},{"type":"integer","minimum":1,"maximum":366},{"type":"integer","minimum":0,"maximum":23},{"type":"integer","minimum":0,"maximum":59},{"type":"integer","minimum":0,"maximum":59},{"type":"integer","minimum":0,"maximum":999999999}],"items":false,"minItems":6,"maxItems":6}"#;
    OffsetDateTime => "OffsetDateTime",
        r#"{"type":"array","prefixItems":[{"type":"integer"},{"type":"integer","minimum":1,"maximum":366},{"type":"integer","minimum":0,"maximum":23},{"type":"integer","minimum":0,"maximum":59},{"type":"integer","minimum":0,"maximum":59},{"type":"integer","minimum":0,"maximum":999999999},{"type":"integer","minimum":-25,"maximum":25},{"type":"integer","minimum":-59,"maximum":59},{"type":"integer","minimum":-59,"maximum":59}],"items":false,"minItems":9,"maxItems":9}"#;
    UtcOffset => "UtcOffset",
        r#"{"type":"array","prefixItems":[{"type":"integer","minimum":-25,"maximum":25},{"type":"integer","minimum":-59,"maximum":59},{"type":"integer","minimum":-59,"maximum":59}],"items":false,"minItems":1,"maxItems":3}"#;
    Month => "Month",
        r#"{"type":"integer","minimum":1,"maximum":12}"#;
    Weekday => "Weekday",
        r#"{"type":"integer","minimum":1,"maximum":7,"description":"1 is Monday"}"#;
    Duration => "Duration",
        r#"{"type":"array","prefixItems":[{"type":"integer"},{"type":"integer","minimum":-999999999,"maximum":999999999}],"items":false,"minItems":2,"maxItems":2}"#;
}
