//! `semver::Version`, `VersionReq` and `Comparator` (feature `semver`), as semver's serde impls
//! write them: their `Display` text as a string (`collect_str`), read back with `FromStr`
//! (strings only); also as map keys.

use std::fmt::Display;
use std::str::FromStr;

use ::semver::{Comparator, Version, VersionReq};

use super::net::with_text;
use crate::error::Result;
use crate::lexer::Lexer;
use crate::schema::Schema;
use crate::traits::{Decode, Encode};
use crate::writer::{Format, Writer};

/// A version's text with its quotes, piece by piece into the output: `major.minor.patch`, then
/// `-pre` and `+build` when present, as semver's `Display` writes it. The identifiers hold only
/// ASCII letters, digits, `-` and `.` (semver refuses anything else), so nothing needs escaping.
#[inline]
fn write_version<F: Format>(version: &Version, w: &mut Writer<'_, F>) {
    w.raw("\"");
    w.u64(version.major);
    w.raw(".");
    w.u64(version.minor);
    w.raw(".");
    w.u64(version.patch);
    if !version.pre.is_empty() {
        w.raw("-");
        w.raw_str(version.pre.as_str());
    }
    if !version.build.is_empty() {
        w.raw("+");
        w.raw_str(version.build.as_str());
    }
    w.raw("\"");
}

/// The longest text of three `u64`s and their dots, with quotes.
const NUMBERS_LEN: usize = 3 * 20 + 2 + 2;

fn version_len(version: &Version) -> usize {
    NUMBERS_LEN + version.pre.as_str().len() + version.build.as_str().len() + 2
}

/// Reads a string and parses it with `FromStr`; a refusal is the parser's message (as semver's
/// visitors report it, through `Error::custom`) at the string.
fn decode_parsed<T>(lex: &mut Lexer<'_>) -> Result<T>
where
    T: FromStr,
    T::Err: Display,
{
    let start = lex.mark();
    let text = lex.str()?;
    match text.parse::<T>() {
        Ok(value) => Ok(value),
        Err(error) => {
            let message = error.to_string();
            lex.reset(start);
            lex.peek()?;
            Err(lex.err_custom(message))
        }
    }
}

impl Encode for Version {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        write_version(self, w);
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        version_len(self)
    }
}

/// Requirements and comparators may hold `<` and `>`, which an HTML-safe format escapes: their
/// `Display` text (on the stack) goes through the string escaper.
macro_rules! displayed {
    ($($ty:ident),*) => {$(
        impl Encode for $ty {
            #[inline]
            fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
                with_text(self, |text| w.str(text));
            }
        }
    )*};
}

displayed!(VersionReq, Comparator);

// Keys are the same strings, read back with `FromStr`.
super::map::text_keys! {
    Version => str::parse::<Version>;
    VersionReq => str::parse::<VersionReq>;
    Comparator => str::parse::<Comparator>;
}

macro_rules! parsed {
    ($($ty:ident, $schema:expr;)*) => {$(
        impl<'de> Decode<'de> for $ty {
            fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
                decode_parsed(lex)
            }
        }

        impl Schema for $ty {
            const SCHEMA_NAME: &'static str = stringify!($ty);

            fn schema() -> &'static str {
                $schema
            }
        }
    )*};
}

parsed! {
    Version, r#"{"type":"string","description":"a semantic version (major.minor.patch[-pre][+build])"}"#;
    VersionReq, r#"{"type":"string","description":"a semantic version requirement"}"#;
    Comparator, r#"{"type":"string","description":"a semantic version comparator"}"#;
}
