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
use crate::error::{ErrorCode, Result};
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
        b'"' => raw_string(lex),
        b'[' => Vec::<u8>::decode(lex).map(Cow::Owned),
        _ => Err(lex.err_invalid_type_here(EXPECTED)),
    }
}

/// Reads the string the lexer is on as serde_json's `parse_str_raw` does (see the module
/// comment), leaving the lexer after its closing quote.
fn raw_string<'de>(lex: &mut Lexer<'de>) -> Result<Cow<'de, [u8]>> {
    let input = lex.input();
    let quote = lex.position();
    lex.set_string_start(quote);
    let mut copied: Option<Vec<u8>> = None;
    let mut chunk = quote + 1;
    let mut pos = chunk;
    loop {
        let (end, _) = crate::simd::find_string_end(input, pos);
        match input.get(end) {
            Some(b'"') => {
                lex.seek(end + 1);
                return Ok(match copied {
                    None => Cow::Borrowed(&input[chunk..end]),
                    Some(mut out) => {
                        out.extend_from_slice(&input[chunk..end]);
                        Cow::Owned(out)
                    }
                });
            }
            Some(b'\\') => {
                let out = copied.get_or_insert_with(Vec::new);
                out.extend_from_slice(&input[chunk..end]);
                pos = raw_escape(lex, input, end + 1, out)?;
                chunk = pos;
            }
            // A control character: serde_json's raw read keeps it.
            Some(_) => pos = end + 1,
            None => return Err(lex.error_at(ErrorCode::EofWhileParsing, end)),
        }
    }
}

/// Decodes the escape whose backslash is just before `pos` into `out`; returns the position
/// after it.
fn raw_escape(lex: &Lexer<'_>, input: &[u8], pos: usize, out: &mut Vec<u8>) -> Result<usize> {
    let byte = match input.get(pos) {
        Some(b'"') => b'"',
        Some(b'\\') => b'\\',
        Some(b'/') => b'/',
        Some(b'b') => 0x08,
        Some(b'f') => 0x0C,
        Some(b'n') => b'\n',
        Some(b'r') => b'\r',
        Some(b't') => b'\t',
        Some(b'u') => return raw_unicode_escape(lex, input, pos + 1, out),
        Some(_) => return Err(lex.error_at(ErrorCode::InvalidEscape, pos - 1)),
        None => return Err(lex.error_at(ErrorCode::EofWhileParsing, pos)),
    };
    out.push(byte);
    Ok(pos + 1)
}

/// `XXXX` after `\u` at `pos`, as serde_json's `parse_unicode_escape` without validation: a
/// high surrogate followed by `\u` and a low one is their character; a surrogate without its
/// partner is written alone (and an escape after it decoded in turn).
fn raw_unicode_escape(
    lex: &Lexer<'_>,
    input: &[u8],
    mut pos: usize,
    out: &mut Vec<u8>,
) -> Result<usize> {
    let mut code = hex4(lex, input, pos)?;
    pos += 4;
    loop {
        if !(0xD800..=0xDBFF).contains(&code) {
            push_wtf8(code, out);
            return Ok(pos);
        }
        let high = code;
        if input.get(pos) != Some(&b'\\') {
            push_wtf8(high, out);
            return Ok(pos);
        }
        if input.get(pos + 1) != Some(&b'u') {
            push_wtf8(high, out);
            return raw_escape(lex, input, pos + 1, out);
        }
        let low = hex4(lex, input, pos + 2)?;
        pos += 6;
        if !(0xDC00..=0xDFFF).contains(&low) {
            // Not a pair: the high surrogate alone, then `low` read afresh (it may be a high
            // surrogate starting a pair).
            push_wtf8(high, out);
            code = low;
            continue;
        }
        push_wtf8(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00), out);
        return Ok(pos);
    }
}

/// Four hex digits at `pos`; a bad digit is reported at the `\u` before them.
fn hex4(lex: &Lexer<'_>, input: &[u8], pos: usize) -> Result<u32> {
    let Some(digits) = input.get(pos..pos + 4) else {
        return Err(lex.error_at(ErrorCode::EofWhileParsing, input.len()));
    };
    let mut value = 0;
    for &b in digits {
        let digit = match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'f' => b - b'a' + 10,
            b'A'..=b'F' => b - b'A' + 10,
            _ => return Err(lex.error_at(ErrorCode::InvalidEscape, pos - 2)),
        };
        value = value * 16 + u32::from(digit);
    }
    Ok(value)
}

/// A code point in UTF-8's byte layout, surrogates included (WTF-8), as serde_json's
/// `push_wtf8_codepoint`.
fn push_wtf8(code: u32, out: &mut Vec<u8>) {
    // The casts keep the low bits on purpose: each byte is masked to its payload first.
    match code {
        0..=0x7F => out.push(code as u8),
        0x80..=0x7FF => {
            out.extend_from_slice(&[0xC0 | (code >> 6) as u8, 0x80 | (code & 0x3F) as u8])
        }
        0x800..=0xFFFF => out.extend_from_slice(&[
            0xE0 | (code >> 12) as u8,
            0x80 | ((code >> 6) & 0x3F) as u8,
            0x80 | (code & 0x3F) as u8,
        ]),
        _ => out.extend_from_slice(&[
            0xF0 | (code >> 18) as u8,
            0x80 | ((code >> 12) & 0x3F) as u8,
            0x80 | ((code >> 6) & 0x3F) as u8,
            0x80 | (code & 0x3F) as u8,
        ]),
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
                    Ok(match raw_string(lex)? {
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
