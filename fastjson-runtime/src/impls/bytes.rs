//! `bytes::Bytes` and `BytesMut` (feature `bytes`), as bytes' serde impls write them through
//! serde_json: `serialize_bytes`, which serde_json writes as an array of numbers (`[104,105]`).
//!
//! Their visitor takes a sequence, bytes or a string, through `deserialize_byte_buf`, for which
//! serde_json hands it either an array (each element read as a `u8`) or a string's raw bytes
//! (`parse_str_raw`): escapes decoded, but the bytes not checked as UTF-8, control characters
//! kept, and a lone surrogate escape kept as its three-byte (WTF-8) form. Both are mirrored here;
//! anything else is refused.
//!
//! As map keys: read only (`DecodeKey`), the key's raw bytes as above, since serde_json's key
//! deserializer forwards `deserialize_bytes` to the string; not written (no `EncodeKey`), since
//! serde_json refuses to write bytes as a key ("key must be a string").

use std::borrow::Cow;

use ::bytes::{Bytes, BytesMut};

use super::map::DecodeKey;
use crate::error::Result;
use crate::lexer::Lexer;
use crate::schema::Schema;
use crate::traits::{Decode, Encode, IsEmpty};
use crate::writer::{Format, Writer};

/// What the visitor says it expects.
const EXPECTED: &str = "byte array";

/// The value's bytes: borrowed from the input for an escape-free string, else a new buffer
/// (which the value then takes over without a copy).
fn decode_bytes<'de>(lex: &mut Lexer<'de>) -> Result<Cow<'de, [u8]>> {
    match lex.peek()? {
        b'"' => lex.raw_string(),
        b'[' => Vec::<u8>::decode(lex).map(Cow::Owned),
        _ => Err(lex.err_invalid_type_here(EXPECTED)),
    }
}

macro_rules! byte_buffers {
    ($($ty:ident, $from_slice:expr, $from_vec:expr;)*) => {$(
        impl Encode for $ty {
            /// An array of numbers, as `[u8]` (serde_json's `serialize_bytes`).
            #[inline]
            fn encode<F: Format>(&self, w: &mut Writer<'_, F>) {
                <[u8]>::encode(self, w);
            }

            #[inline]
            fn encoded_len_hint(&self) -> usize {
                <[u8]>::encoded_len_hint(self)
            }
        }

        impl<'de> Decode<'de> for $ty {
            fn decode(lex: &mut Lexer<'de>) -> Result<Self> {
                Ok(match decode_bytes(lex)? {
                    Cow::Borrowed(bytes) => $from_slice(bytes),
                    Cow::Owned(bytes) => $from_vec(bytes),
                })
            }
        }

        impl<'de> DecodeKey<'de> for $ty {
            /// The key's raw bytes, read as a string value's are.
            fn next_key(lex: &mut Lexer<'de>, first: &mut bool) -> Result<Option<Self>> {
                lex.next_key_with(first, |lex| {
                    Ok(match lex.raw_string()? {
                        Cow::Borrowed(bytes) => $from_slice(bytes),
                        Cow::Owned(bytes) => $from_vec(bytes),
                    })
                })
            }

            /// Text already read (a key offered to a flattened map): its UTF-8 bytes, as
            /// the visitor's `visit_str` takes them.
            fn from_key(key: &Cow<'de, str>, _lex: &Lexer<'de>, _at: usize) -> Result<Self> {
                Ok($from_slice(key.as_bytes()))
            }
        }

        impl IsEmpty for $ty {
            #[inline]
            fn is_empty_value(&self) -> bool {
                self.is_empty()
            }
        }

        impl Schema for $ty {
            const SCHEMA_NAME: &'static str = stringify!($ty);

            fn schema() -> &'static str {
                r#"{"type":"array","items":{"type":"integer","minimum":0,"maximum":255}}"#
            }
        }
    )*};
}

// A new buffer becomes the value as it is (`BytesMut` through a unique `Bytes`, which it takes
// over without a copy); borrowed bytes are copied once.
byte_buffers! {
    Bytes, Bytes::copy_from_slice, Bytes::from;
    BytesMut, BytesMut::from, |bytes: Vec<u8>| BytesMut::from(Bytes::from(bytes));
}
