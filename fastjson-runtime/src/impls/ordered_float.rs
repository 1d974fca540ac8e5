//! `ordered_float::OrderedFloat<f32|f64>` and `NotNan<f32|f64>` (feature `ordered-float`),
//! mirroring ordered-float's serde impls, which are the float's own: written as serde_json
//! writes the float (shortest round-trip text; NaN and ±inf as `null`), read as serde_json reads
//! it (any JSON number, exactly rounded; `null` refused), `NotNan` then refusing NaN with
//! ordered-float's message (which JSON cannot produce, but a hand-written `Lexer` input could
//! not either: the check is kept for fidelity).
//!
//! Both are map keys, as serde_json 1.0.154 allows float keys: written as the float's text in
//! quotes (a non-finite key panics with serde_json's "float key must be finite" message, where
//! serde_json returns that error: fastjson's encoding is infallible), read from a key whose
//! whole text, without escapes, is a JSON number, as serde_json's `MapKey` reads it.

use std::borrow::Cow;

use ::ordered_float::{NotNan, OrderedFloat};

use super::map::{parse_integer_key, DecodeKey, EncodeKey};
use crate::error::Result;
use crate::lexer::Lexer;
use crate::schema::Schema;
use crate::traits::{Decode, Encode};
use crate::writer::{Format, Writer};

/// serde_json's `FloatKeyMustBeFinite` message, as the panic for a key it refuses.
#[cold]
fn non_finite_key() -> ! {
    panic!("float key must be finite (got NaN or +/-inf)")
}

macro_rules! float_wrappers {
    ($($float:ident: $($wrapper:ident)+;)*) => {$($(
        impl Encode for $wrapper<$float> {
            #[inline]
            fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
                w.$float(self.into_inner());
            }

            #[inline]
            fn encoded_len_hint(&self) -> usize {
                self.into_inner().encoded_len_hint()
            }

            // A tuple of two `f64` wrappers formats its floats as pairs of `f64` do.
            #[inline(always)]
            fn as_f64(&self) -> Option<f64> {
                self.into_inner().as_f64()
            }

            const IS_F64: bool = <$float as Encode>::IS_F64;
        }

        impl EncodeKey for $wrapper<$float> {
            #[inline]
            fn encode_key<F: Format>(&self, w: &mut Writer<'_, F>, first: bool) {
                if !self.into_inner().is_finite() {
                    non_finite_key();
                }
                w.begin_key(first);
                w.raw("\"");
                w.$float(self.into_inner());
                w.raw("\"");
                w.end_key();
            }

            #[inline]
            fn key_len_hint(&self) -> usize {
                self.into_inner().encoded_len_hint() + 2
            }
        }

        impl<'de> DecodeKey<'de> for $wrapper<$float> {
            fn from_key(key: &Cow<'de, str>, lex: &Lexer<'de>, at: usize) -> Result<Self> {
                // A closure, not the path: `Decode<'de>`'s lifetime is early-bound, and the
                // nested lexer borrows the key for a shorter one.
                #[allow(clippy::redundant_closure)]
                let float = parse_integer_key(key, lex, at, stringify!($float), |l| {
                    <$float as Decode>::decode(l)
                })?;
                $wrapper::<$float>::from_float(float)
                    .map_err(|message| crate::__private::err_custom_at(lex, message, at))
            }
        }

        impl<'de> Decode<'de> for $wrapper<$float> {
            #[inline]
            fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
                let start = lex.mark();
                let float = <$float as Decode>::decode(lex)?;
                match $wrapper::<$float>::from_float(float) {
                    Ok(value) => Ok(value),
                    Err(message) => {
                        lex.reset(start);
                        lex.peek()?;
                        Err(lex.err_custom(message))
                    }
                }
            }
        }

        /// The float's number, or `null` for the values JSON has no number for. Named without
        /// the float type, as the derive refers to it (`f32`'s and `f64`'s schemas are one).
        impl Schema for $wrapper<$float> {
            const SCHEMA_NAME: &'static str = stringify!($wrapper);
            fn schema() -> &'static str {
                r#"{"type":["number","null"]}"#
            }
        }
    )+)*};
}

/// The wrapper of a float read from JSON, or the message its serde impl refuses it with.
trait FromFloat<T>: Sized {
    fn from_float(float: T) -> std::result::Result<Self, &'static str>;
}

impl<T> FromFloat<T> for OrderedFloat<T> {
    #[inline]
    fn from_float(float: T) -> std::result::Result<Self, &'static str> {
        Ok(OrderedFloat(float))
    }
}

impl<T: ::ordered_float::FloatCore> FromFloat<T> for NotNan<T> {
    /// ordered-float's `invalid_value(Unexpected::Float(NAN), "float (but not NaN)")`.
    #[inline]
    fn from_float(float: T) -> std::result::Result<Self, &'static str> {
        NotNan::new(float)
            .map_err(|_| "invalid value: floating point `NaN`, expected float (but not NaN)")
    }
}

float_wrappers! {
    f64: OrderedFloat NotNan;
    f32: OrderedFloat NotNan;
}
