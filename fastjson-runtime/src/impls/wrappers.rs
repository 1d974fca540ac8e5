//! Types serde writes as the value they wrap: the `NonZero` integers (zero refused on decode,
//! as serde does), `Wrapping`, `Saturating` and `Reverse`; each also as a map key.

use std::borrow::Cow;
use std::cmp::Reverse;
use std::num::{
    NonZeroI128, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU128,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize, Saturating, Wrapping,
};

use super::map::{key_error, DecodeKey, EncodeKey};
use crate::error::Result;
use crate::lexer::Lexer;
use crate::traits::{Decode, Encode};
use crate::writer::{Format, Writer};

macro_rules! nonzero {
    ($($ty:ident($int:ident);)*) => {$(
        impl Encode for $ty {
            #[inline]
            fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
                self.get().encode(w);
            }

            #[inline]
            fn encoded_len_hint(&self) -> usize {
                self.get().encoded_len_hint()
            }
        }

        impl<'de> Decode<'de> for $ty {
            fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
                let start = lex.mark();
                let value = $int::decode(lex)?;
                match $ty::new(value) {
                    Some(nonzero) => Ok(nonzero),
                    None => {
                        lex.reset(start);
                        lex.peek()?;
                        Err(lex.err_invalid_value(
                            "integer `0`",
                            concat!("a nonzero ", stringify!($int)),
                        ))
                    }
                }
            }
        }

        impl EncodeKey for $ty {
            #[inline]
            fn encode_key<F: Format>(&self, w: &mut Writer<'_, F>, first: bool) {
                self.get().encode_key(w, first);
            }

            #[inline]
            fn key_len_hint(&self) -> usize {
                self.get().key_len_hint()
            }
        }

        impl<'de> DecodeKey<'de> for $ty {
            fn from_key(key: &Cow<'de, str>, lex: &Lexer<'de>, at: usize) -> Result<Self> {
                let value = $int::from_key(key, lex, at)?;
                $ty::new(value)
                    .ok_or_else(|| key_error(lex, at, concat!("nonzero ", stringify!($int)), key))
            }
        }
    )*};
}

nonzero! {
    NonZeroU8(u8);
    NonZeroU16(u16);
    NonZeroU32(u32);
    NonZeroU64(u64);
    NonZeroU128(u128);
    NonZeroUsize(usize);
    NonZeroI8(i8);
    NonZeroI16(i16);
    NonZeroI32(i32);
    NonZeroI64(i64);
    NonZeroI128(i128);
    NonZeroIsize(isize);
}

macro_rules! transparent {
    ($($wrapper:ident;)*) => {$(
        impl<T: Encode> Encode for $wrapper<T> {
            #[inline]
            fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
                self.0.encode(w);
            }

            #[inline]
            fn encoded_len_hint(&self) -> usize {
                self.0.encoded_len_hint()
            }
        }

        impl<'de, T: Decode<'de>> Decode<'de> for $wrapper<T> {
            const ENDS_WITH_CLOSING_BRACKET: bool = T::ENDS_WITH_CLOSING_BRACKET;

            #[inline]
            fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
                T::decode(lex).map($wrapper)
            }

            #[inline]
            fn decode_missing_field(lex: &Lexer<'de>, name: &str) -> Result<Self> {
                T::decode_missing_field(lex, name).map($wrapper)
            }
        }
    )*};
}

transparent! {
    Wrapping;
    Saturating;
    Reverse;
}

/// Map keys too, as serde_json allows them: the wrapped key's text.
macro_rules! transparent_key {
    ($($wrapper:ident;)*) => {$(
        impl<T: EncodeKey> EncodeKey for $wrapper<T> {
            #[inline]
            fn encode_key<F: Format>(&self, w: &mut Writer<'_, F>, first: bool) {
                self.0.encode_key(w, first);
            }

            #[inline]
            fn key_len_hint(&self) -> usize {
                self.0.key_len_hint()
            }
        }

        impl<'de, T: DecodeKey<'de>> DecodeKey<'de> for $wrapper<T> {
            #[inline]
            fn from_key(key: &Cow<'de, str>, lex: &Lexer<'de>, at: usize) -> Result<Self> {
                T::from_key(key, lex, at).map($wrapper)
            }
        }
    )*};
}

transparent_key! {
    Wrapping;
    Saturating;
    Reverse;
}
