//! `rust_decimal::Decimal` (feature `rust_decimal`) in the form of rust_decimal's default serde
//! impl (features `serde`, without `serde-float`, `serde-str` or `serde-arbitrary-precision`):
//! written as its text in a string (`"-1.50"`: every digit of its scale, the sign of a negative
//! zero kept); read from a string (`FromStr`, then scientific notation) or from any JSON number
//! as serde_json's `deserialize_any` hands it over: integers exactly, other numbers through
//! their `f64`'s `Display` text. Also a map key (a string, read as a string value is).

use std::fmt;
use std::str::FromStr;

use ::rust_decimal::Decimal;

use super::net::with_text;
use crate::error::{Error, Result};
use crate::lexer::{Lexer, Number};
use crate::schema::Schema;
use crate::traits::{Decode, Encode};
use crate::writer::{Format, Writer};

/// What rust_decimal's visitor says it expects.
const EXPECTED: &str = "a Decimal type representing a fixed-point number";

/// Zeros between the point and the first digit: at most the largest scale, 28.
const ZEROS: &str = "0000000000000000000000000000";

/// The longest text (a sign, 29 digits or `0.` and 28, a point) and the quotes.
const MAX_QUOTED_LEN: usize = 34;

/// The text rust_decimal's serde impl writes, with quotes, from the mantissa's digits (no
/// `String`): the digits, padded with zeros to the scale, with the point `scale` digits from the
/// end and a `0` before it when nothing else is; a `-` when the sign is negative, zero included.
/// Nothing in it needs escaping.
#[inline]
fn write_quoted<F: Format>(value: &Decimal, w: &mut Writer<'_, F>) {
    let mut buffer = itoa::Buffer::new();
    let mantissa = value.mantissa().unsigned_abs();
    // A zero mantissa has no digits of its own: only the scale's zeros (or a lone `0`).
    let digits = if mantissa == 0 {
        ""
    } else {
        buffer.format(mantissa)
    };
    let scale = value.scale() as usize;
    w.raw("\"");
    if value.is_sign_negative() {
        w.raw("-");
    }
    if scale == 0 {
        w.raw_str(if digits.is_empty() { "0" } else { digits });
    } else if digits.len() > scale {
        let (whole, fraction) = digits.split_at(digits.len() - scale);
        w.raw_str(whole);
        w.raw(".");
        w.raw_str(fraction);
    } else {
        w.raw("0.");
        w.raw_str(&ZEROS[..scale - digits.len()]);
        w.raw_str(digits);
    }
    w.raw("\"");
}

/// rust_decimal's `visit_str`: plain text, then scientific notation.
fn parse_text(text: &str) -> Option<Decimal> {
    Decimal::from_str(text)
        .or_else(|_| Decimal::from_scientific(text))
        .ok()
}

/// rust_decimal's `visit_f64`: the float's `Display` text (on the stack when short), parsed.
fn from_float(value: f64) -> Option<Decimal> {
    with_text(&value, |text| Decimal::from_str(text).ok())
}

/// A refused float as serde_json words it (its own `Unexpected::Float`, in zmij's shortest
/// form: `7.922816251426434e+28`).
struct UnexpectedFloat(f64);

impl fmt::Display for UnexpectedFloat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "floating point `{}`", zmij::Buffer::new().format(self.0))
    }
}

/// serde_json's invalid-value message, word for word (fastjson's own leaves out the colon).
#[cold]
fn refused(lex: &Lexer<'_>, found: impl fmt::Display) -> Error {
    lex.err_custom(format_args!("invalid value: {found}, expected {EXPECTED}"))
}

impl Encode for Decimal {
    #[inline]
    fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
        write_quoted(self, w);
    }

    #[inline]
    fn encoded_len_hint(&self) -> usize {
        MAX_QUOTED_LEN
    }
}

impl<'de> Decode<'de> for Decimal {
    fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
        let start = lex.mark();
        match lex.peek()? {
            b'"' => {
                let text = lex.str()?;
                if let Some(value) = parse_text(&text) {
                    return Ok(value);
                }
                let text = text.to_string();
                lex.reset(start);
                lex.peek()?;
                Err(refused(lex, format_args!("string {text:?}")))
            }
            b'-' | b'0'..=b'9' => match lex.number()? {
                // Any `u64` and `i64` fits (the mantissa has 96 bits).
                Number::U64(value) => Ok(Decimal::from(value)),
                Number::I64(value) => Ok(Decimal::from(value)),
                Number::F64(value) => from_float(value).ok_or_else(|| {
                    lex.reset(start);
                    match lex.peek() {
                        Ok(_) => refused(lex, UnexpectedFloat(value)),
                        Err(error) => error,
                    }
                }),
            },
            _ => Err(lex.err_invalid_type_here(EXPECTED)),
        }
    }
}

super::map::text_keys! {
    Decimal => |text| {
        parse_text(text)
            .ok_or_else(|| format!("invalid value: string {text:?}, expected {EXPECTED}"))
    };
}

impl Schema for Decimal {
    const SCHEMA_NAME: &'static str = "Decimal";

    fn schema() -> &'static str {
        r#"{"type":"string","pattern":"^-?[0-9]+(\\.[0-9]+)?$"}"#
    }
}

#[cfg(test)]
mod tests {
    use super::{Decimal, MAX_QUOTED_LEN};

    /// The widest texts stay within the length hint.
    #[test]
    fn the_longest_texts_fit_the_hint() {
        let widest = [
            Decimal::MIN,
            Decimal::new(-1, 28),
            Decimal::from_i128_with_scale(-(1 << 95), 28),
        ];
        for value in widest {
            assert!(crate::to_vec(&value).len() <= MAX_QUOTED_LEN, "{value}");
        }
    }
}
