//! chrono's dates and times (feature `chrono`), mirroring chrono's own serde impls: `DateTime`
//! (any time zone) as its RFC 3339 text, `NaiveDate`, `NaiveTime` and `NaiveDateTime` as their
//! `Debug` text, each read back with the `FromStr` chrono's visitor calls; `TimeDelta` as its
//! `[secs, nanos]` pair. The text types are map keys too, as serde_json allows them.
//!
//! The text is written from the date and time fields into a stack buffer, digit by digit, as
//! chrono's `write_rfc3339` and `Debug` impls write it (`tests/eco_chrono.rs` compares the two
//! over random values across chrono's whole range); reading calls chrono's own parsers on the
//! borrowed string, so what is accepted is exactly what chrono's visitors accept.

use std::borrow::Cow;

use ::chrono::{
    DateTime, Datelike, FixedOffset, Local, NaiveDate, NaiveDateTime, NaiveTime, Offset,
    ParseError, TimeDelta, TimeZone, Timelike, Utc,
};

use super::map::{DecodeKey, EncodeKey};
use crate::error::Result;
use crate::lexer::Lexer;
use crate::schema::Schema;
use crate::traits::{Decode, Encode};
use crate::writer::{Format, Writer};

/// Room for the longest text and its quotes: a signed six-digit year (7 bytes),
/// `-MM-DDTHH:MM:SS` (15), a point and nine digits (10), an offset `+HH:MM` (6), quotes (2).
const CAPACITY: usize = 40;

/// The quoted text of one value, built on the stack so that encoding allocates nothing.
struct Text {
    bytes: [u8; CAPACITY],
    len: usize,
}

impl Text {
    /// An empty text after its opening quote.
    #[inline]
    fn new() -> Text {
        Text {
            bytes: [b'"'; CAPACITY],
            len: 1,
        }
    }

    #[inline]
    fn push(&mut self, byte: u8) {
        self.bytes[self.len] = byte;
        self.len += 1;
    }

    /// `n` in exactly `count` digits, zero-padded (`n` has at most `count` digits).
    #[inline]
    fn digits(&mut self, mut n: u32, count: usize) {
        let end = self.len + count;
        for slot in self.bytes[self.len..end].iter_mut().rev() {
            *slot = b'0' + (n % 10) as u8;
            n /= 10;
        }
        self.len = end;
    }

    /// `YYYY-MM-DD`; a year outside 0–9999 signed and at least four digits (`-0001`,
    /// `+10000`), as chrono writes `{year:+05}` there.
    #[inline]
    fn date(&mut self, date: NaiveDate) {
        let year = date.year();
        if (0..=9999).contains(&year) {
            self.digits(year as u32, 4);
        } else {
            self.push(if year < 0 { b'-' } else { b'+' });
            let year = year.unsigned_abs();
            let count = if year >= 100_000 {
                6
            } else if year >= 10_000 {
                5
            } else {
                4
            };
            self.digits(year, count);
        }
        self.push(b'-');
        self.digits(date.month(), 2);
        self.push(b'-');
        self.digits(date.day(), 2);
    }

    /// `HH:MM:SS`, a leap second as `:60`, then the fraction in 3, 6 or 9 digits, the fewest
    /// that hold it exactly (none when it is zero): chrono's `AutoSi`.
    #[inline]
    fn time(&mut self, time: NaiveTime) {
        let mut second = time.second();
        let mut nano = time.nanosecond();
        if nano >= 1_000_000_000 {
            second += 1;
            nano -= 1_000_000_000;
        }
        self.digits(time.hour(), 2);
        self.push(b':');
        self.digits(time.minute(), 2);
        self.push(b':');
        self.digits(second, 2);
        if nano == 0 {
            return;
        }
        self.push(b'.');
        if nano.is_multiple_of(1_000_000) {
            self.digits(nano / 1_000_000, 3);
        } else if nano.is_multiple_of(1_000) {
            self.digits(nano / 1_000, 6);
        } else {
            self.digits(nano, 9);
        }
    }

    /// `Z` for a zero offset, else `+HH:MM` with the seconds rounded to the nearest minute (so
    /// `+00:00:20` is `+00:00`, not `Z`), as chrono's RFC 3339 writer does.
    #[inline]
    fn offset(&mut self, offset: FixedOffset) {
        let seconds = offset.local_minus_utc();
        if seconds == 0 {
            self.push(b'Z');
            return;
        }
        self.push(if seconds < 0 { b'-' } else { b'+' });
        let minutes = (seconds.unsigned_abs() + 30) / 60;
        self.digits(minutes / 60, 2);
        self.push(b':');
        self.digits(minutes % 60, 2);
    }

    /// The text with its closing quote.
    #[inline]
    fn quoted(&mut self) -> &str {
        self.push(b'"');
        // Only ASCII digits and punctuation were written.
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

/// The text a type's serde impl writes.
trait ChronoText {
    /// The text, after its opening quote.
    fn text(&self) -> Text;
}

impl<Tz: TimeZone> ChronoText for DateTime<Tz> {
    /// chrono's `FormatIso8601`: the local date and time, then the offset (`Z` when zero).
    #[inline]
    fn text(&self) -> Text {
        let mut text = Text::new();
        let local = self.naive_local();
        text.date(local.date());
        text.push(b'T');
        text.time(local.time());
        text.offset(self.offset().fix());
        text
    }
}

impl ChronoText for NaiveDate {
    #[inline]
    fn text(&self) -> Text {
        let mut text = Text::new();
        text.date(*self);
        text
    }
}

impl ChronoText for NaiveTime {
    #[inline]
    fn text(&self) -> Text {
        let mut text = Text::new();
        text.time(*self);
        text
    }
}

impl ChronoText for NaiveDateTime {
    #[inline]
    fn text(&self) -> Text {
        let mut text = Text::new();
        text.date(self.date());
        text.push(b'T');
        text.time(self.time());
        text
    }
}

/// chrono's `DateTimeVisitor`: every `DateTime` is read as `DateTime<FixedOffset>` (its
/// lenient `FromStr`: a space or lower-case `t` between date and time, `z`, offsets without
/// a colon, ...); `Utc` and `Local` then move it into their time zone.
#[inline]
fn parse_date_time(text: &str) -> std::result::Result<DateTime<FixedOffset>, ParseError> {
    text.parse()
}

/// Reads a string (borrowed when it has no escapes) and parses it; a refusal carries chrono's
/// message, as serde_json's does, at the string.
#[inline]
fn decode_text<T>(
    lex: &mut Lexer<'_>,
    parse: impl FnOnce(&str) -> std::result::Result<T, ParseError>,
) -> Result<T> {
    let start = lex.mark();
    let text = lex.str()?;
    match parse(&text) {
        Ok(value) => Ok(value),
        Err(error) => {
            lex.reset(start);
            lex.peek()?;
            Err(lex.err_custom(error))
        }
    }
}

/// A map key: chrono's message at the key, as for a value.
fn decode_key<T>(
    key: &str,
    lex: &Lexer<'_>,
    at: usize,
    parse: impl FnOnce(&str) -> std::result::Result<T, ParseError>,
) -> Result<T> {
    parse(key).map_err(|error| crate::__private::err_custom_at(lex, error, at))
}

macro_rules! encode_text {
    ([$($generics:tt)*] $ty:ty, $max_len:expr) => {
        impl<$($generics)*> Encode for $ty {
            #[inline]
            fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
                w.raw_str(self.text().quoted());
            }

            /// The longest text of the type and its quotes.
            #[inline]
            fn encoded_len_hint(&self) -> usize {
                $max_len
            }
        }

        impl<$($generics)*> EncodeKey for $ty {
            #[inline]
            fn encode_key<F: Format>(&self, w: &mut Writer<'_, F>, first: bool) {
                w.begin_key(first);
                w.raw_str(self.text().quoted());
                w.end_key();
            }

            #[inline]
            fn key_len_hint(&self) -> usize {
                $max_len
            }
        }
    };
}

encode_text!([Tz: TimeZone] DateTime<Tz>, CAPACITY);
encode_text!([] NaiveDate, 15);
encode_text!([] NaiveTime, 20);
encode_text!([] NaiveDateTime, 34);

macro_rules! decode_text {
    ($($ty:ty => $parse:expr;)*) => {$(
        impl<'de> Decode<'de> for $ty {
            #[inline]
            fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
                decode_text(lex, $parse)
            }
        }

        impl<'de> DecodeKey<'de> for $ty {
            fn from_key(key: &Cow<'de, str>, lex: &Lexer<'de>, at: usize) -> Result<Self> {
                decode_key(key, lex, at, $parse)
            }
        }
    )*};
}

decode_text! {
    DateTime<FixedOffset> => parse_date_time;
    DateTime<Utc> => |text| parse_date_time(text).map(|at| at.with_timezone(&Utc));
    DateTime<Local> => |text| parse_date_time(text).map(|at| at.with_timezone(&Local));
    NaiveDate => str::parse;
    NaiveTime => str::parse;
    NaiveDateTime => str::parse;
}

/// chrono's `TimeDelta` serde impl writes its two fields, `(secs, nanos)` with `nanos` in
/// `0..1_000_000_000` (so -1.5 s is `[-2,500000000]`), and reads them as `(i64, i32)`, the
/// pair then checked by `TimeDelta::new` (a negative `nanos` wraps to a large `u32` there and
/// is refused, as in chrono).
impl Encode for TimeDelta {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        time_delta_parts(self).encode(w);
    }

    /// The brackets, the comma and at most 20 and 9 digits.
    #[inline]
    fn encoded_len_hint(&self) -> usize {
        32
    }
}

/// The fields chrono keeps: whole seconds rounded down and the nanoseconds above them.
#[inline]
fn time_delta_parts(delta: &TimeDelta) -> (i64, i32) {
    let (secs, nanos) = (delta.num_seconds(), delta.subsec_nanos());
    if nanos < 0 {
        (secs - 1, nanos + 1_000_000_000)
    } else {
        (secs, nanos)
    }
}

impl<'de> Decode<'de> for TimeDelta {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let start = lex.mark();
        let (secs, nanos) = <(i64, i32)>::decode(lex)?;
        match TimeDelta::new(secs, nanos as u32) {
            Some(delta) => Ok(delta),
            None => {
                lex.reset(start);
                lex.peek()?;
                Err(lex.err_custom("TimeDelta out of bounds"))
            }
        }
    }
}

/// `DateTime` of any time zone: RFC 3339 date-time text (for years 0–9999; chrono writes a
/// signed year outside them).
impl<Tz: TimeZone> Schema for DateTime<Tz> {
    const SCHEMA_NAME: &'static str = "DateTime";
    fn schema() -> &'static str {
        r#"{"type":"string","format":"date-time"}"#
    }
}

/// RFC 3339 full-date text (for years 0–9999).
impl Schema for NaiveDate {
    const SCHEMA_NAME: &'static str = "NaiveDate";
    fn schema() -> &'static str {
        r#"{"type":"string","format":"date"}"#
    }
}

/// `HH:MM:SS` and an optional fraction: not RFC 3339's `time`, which has an offset.
impl Schema for NaiveTime {
    const SCHEMA_NAME: &'static str = "NaiveTime";
    fn schema() -> &'static str {
        r#"{"type":"string","pattern":"^[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{3}|\\.[0-9]{6}|\\.[0-9]{9})?$"}"#
    }
}

/// A date and time without an offset: not RFC 3339's `date-time`, which has one.
impl Schema for NaiveDateTime {
    const SCHEMA_NAME: &'static str = "NaiveDateTime";
    fn schema() -> &'static str {
        r#"{"type":"string"}"#
    }
}

/// `[secs, nanos]`.
impl Schema for TimeDelta {
    const SCHEMA_NAME: &'static str = "TimeDelta";
    fn schema() -> &'static str {
        r#"{"type":"array","prefixItems":[{"type":"integer"},{"type":"integer","minimum":0,"maximum":999999999}],"items":false,"minItems":2,"maxItems":2}"#
    }
}

#[cfg(test)]
mod tests {
    use ::chrono::{FixedOffset, NaiveDate, NaiveTime, SecondsFormat, TimeZone};

    use super::ChronoText;

    /// The longest texts fit: the widest years, a leap second with nine fraction digits and
    /// the widest offsets (chosen so that the UTC time stays in range).
    #[test]
    fn the_longest_texts_fit_on_the_stack() {
        let time = NaiveTime::from_hms_nano_opt(23, 59, 59, 1_999_999_999).unwrap();
        let widest = [
            (NaiveDate::MIN, FixedOffset::west_opt(86_399).unwrap()),
            (NaiveDate::MAX, FixedOffset::east_opt(86_399).unwrap()),
        ];
        for (date, offset) in widest {
            let date_time = offset.from_local_datetime(&date.and_time(time)).unwrap();
            let mut text = date_time.text();
            let quoted = text.quoted().to_owned();
            let chrono = date_time.to_rfc3339_opts(SecondsFormat::AutoSi, true);
            assert_eq!(quoted, format!("\"{chrono}\""));
            assert_eq!(quoted.len(), super::CAPACITY, "{quoted}");
        }
    }
}
