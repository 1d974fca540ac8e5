//! The top-level functions: `to_vec`, `encode_into`, `from_slice`, ..., shaped like serde_json's.

use std::io;

use crate::error::{Error, Result};
use crate::lexer::Lexer;
use crate::traits::{Decode, DecodeOwned, Encode};
use crate::writer::{Format, Pretty, Writer};

/// Encodes `value` as compact JSON.
#[inline]
pub fn to_vec<T: Encode + ?Sized>(value: &T) -> Vec<u8> {
    let mut out = output_buffer(value);
    encode_into(value, &mut out);
    out
}

/// A buffer for `value`'s JSON, sized by its own estimate ([`Encode::encoded_len_hint`]) so that
/// small outputs are not grown by doubling, each growth a `realloc` that costs as much as the
/// encode (micro-login and micro-reading `to_vec` a third faster, the large documents tied).
/// At least 128 bytes, serde_json's start, for values that cannot
/// tell; at most [`MAX_UP_FRONT`], past which growth is cheap next to the encode and an
/// estimate gone wrong (floats counted at their longest) must not reserve memory by the
/// gigabyte.
#[inline]
fn output_buffer<T: Encode + ?Sized>(value: &T) -> Vec<u8> {
    Vec::with_capacity(value.encoded_len_hint().clamp(128, MAX_UP_FRONT))
}

/// The most `to_vec` reserves before writing: 1 MiB.
const MAX_UP_FRONT: usize = 1 << 20;

/// Encodes `value` as compact JSON text.
#[inline]
pub fn to_string<T: Encode + ?Sized>(value: &T) -> String {
    into_string(to_vec(value))
}

/// Appends the compact JSON of `value` to `out`. Allocates nothing when `out` has room.
#[inline]
pub fn encode_into<T: Encode + ?Sized>(value: &T, out: &mut Vec<u8>) {
    value.encode(&mut Writer::new(out));
}

/// Appends the pretty JSON of `value` to `out`.
pub fn encode_into_pretty<T: Encode + ?Sized>(value: &T, out: &mut Vec<u8>) {
    value.encode(&mut Writer::with_format(out, Pretty::default()));
}

/// Appends the JSON of `value` to `out` in layout `format`: for example
/// `HtmlSafe(Compact)` to escape `<`, `>`, `&`, U+2028 and U+2029 for embedding in HTML.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// use fastjson::{encode_into_with, Compact, HtmlSafe};
/// let mut out = Vec::new();
/// encode_into_with(&"</script>", &mut out, HtmlSafe(Compact));
/// assert_eq!(out, br#""\u003c/script\u003e""#);
/// ```
pub fn encode_into_with<T: Encode + ?Sized, F: Format>(value: &T, out: &mut Vec<u8>, format: F) {
    value.encode(&mut Writer::with_format(out, format));
}

/// Encodes `value` in layout `format` (see [`encode_into_with`]).
pub fn to_vec_with<T: Encode + ?Sized, F: Format>(value: &T, format: F) -> Vec<u8> {
    let mut out = output_buffer(value);
    encode_into_with(value, &mut out, format);
    out
}

/// Encodes `value` as pretty JSON, laid out exactly as `serde_json::to_vec_pretty`.
pub fn to_vec_pretty<T: Encode + ?Sized>(value: &T) -> Vec<u8> {
    let mut out = output_buffer(value);
    encode_into_pretty(value, &mut out);
    out
}

/// Encodes `value` as pretty JSON text, laid out exactly as `serde_json::to_string_pretty`.
pub fn to_string_pretty<T: Encode + ?Sized>(value: &T) -> String {
    into_string(to_vec_pretty(value))
}

/// Writes the compact JSON of `value` to `writer` (encoded in memory, then written at once).
pub fn to_writer<W: io::Write, T: Encode + ?Sized>(mut writer: W, value: &T) -> io::Result<()> {
    writer.write_all(&to_vec(value))
}

/// Writes the pretty JSON of `value` to `writer`.
pub fn to_writer_pretty<W: io::Write, T: Encode + ?Sized>(
    mut writer: W,
    value: &T,
) -> io::Result<()> {
    writer.write_all(&to_vec_pretty(value))
}

fn into_string(bytes: Vec<u8>) -> String {
    // The writer emits only ASCII and whole UTF-8 sequences copied from `&str`s, so this never
    // takes the lossy branch; it stays safe code until a benchmark says otherwise.
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Decodes a `T` from JSON bytes; only whitespace may follow the value.
#[inline]
pub fn from_slice<'de, T: Decode<'de>>(input: &'de [u8]) -> Result<T> {
    decode_all(&mut Lexer::new(input))
}

/// Decodes a `T` from JSON text; only whitespace may follow the value.
#[inline]
pub fn from_str<'de, T: Decode<'de>>(input: &'de str) -> Result<T> {
    decode_all(&mut Lexer::from_text(input))
}

/// Reads `reader` to its end and decodes an owned `T` from it.
pub fn from_reader<R: io::Read, T: DecodeOwned>(mut reader: R) -> Result<T> {
    let mut buf = Vec::new();
    reader.read_to_end(&mut buf).map_err(Error::io)?;
    from_slice(&buf)
}

/// Decodes a whole document. When `T`'s decode ends with a closing bracket, that bracket checks
/// the end of the input, and the decoded `Result` is returned as it came back: nothing between
/// the call and the return, so the value is built in the caller's slot. Checking after the
/// call copied the value twice (unpacked, then rebuilt as `Ok`), and a default build copies a
/// value over 128 bytes by a call to `memcpy`: returning it as built made micro-login and
/// micro-reading decode 8% to 12% faster in both builds.
#[inline]
pub(crate) fn decode_all<'de, T: Decode<'de>>(lex: &mut Lexer<'de>) -> Result<T> {
    if T::ENDS_WITH_CLOSING_BRACKET {
        lex.end_document_at_close();
        return T::decode(lex);
    }
    // Scalars and enums: the check follows the value. Returned as it came back when there is
    // nothing left, so the value is copied once.
    let mut decoded = T::decode(lex);
    if decoded.is_ok() {
        if let Err(trailing) = lex.end() {
            decoded = Err(trailing);
        }
    }
    decoded
}

/// A reusable decoder for servers: keeps the scratch buffer for unescaping strings between
/// documents, so steady-state decoding allocates only what the decoded values own.
///
/// ```
/// # mod fastjson { pub use fastjson_runtime::*; }
/// let mut decoder = fastjson::Decoder::new().with_max_depth(16);
/// for body in [&br#"["a\tb", "c"]"#[..], br#"["d"]"#] {
///     let words: Vec<String> = decoder.decode(body)?;
///     assert!(!words.is_empty());
/// }
/// assert!(decoder.decode::<Vec<String>>(b"[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]").is_err());
/// # Ok::<(), fastjson::Error>(())
/// ```
#[derive(Default)]
pub struct Decoder {
    scratch: Vec<u8>,
    max_depth: Option<u32>,
}

impl Decoder {
    /// A decoder with an empty scratch buffer and the default nesting limit
    /// ([`DEFAULT_MAX_DEPTH`](crate::DEFAULT_MAX_DEPTH)).
    pub fn new() -> Self {
        Decoder::default()
    }

    /// Sets the nesting limit for every document this decoder reads.
    pub fn with_max_depth(mut self, max_depth: u32) -> Self {
        self.max_depth = Some(max_depth);
        self
    }

    /// Decodes one document.
    pub fn decode<'de, T: Decode<'de>>(&mut self, input: &'de [u8]) -> Result<T> {
        let mut lex = Lexer::with_scratch(input, std::mem::take(&mut self.scratch));
        if let Some(depth) = self.max_depth {
            lex = lex.with_max_depth(depth);
        }
        // Called out of line, holding `result` while the buffer moves back copies the value.
        // Inlined into a caller, as servers call it, this form was as fast as a drop guard
        // handing the buffer back after the value, or faster (the guard measured micro-login
        // 4% to 6% slower).
        let result = decode_all(&mut lex);
        self.scratch = lex.into_scratch();
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trailing_garbage_is_an_error() {
        let err = from_slice::<u32>(b"1 2").unwrap_err();
        assert_eq!(err.message(), "trailing characters after the value");
        assert_eq!(err.column(), 3);
        assert!(from_slice::<u32>(b" 1 \n\t\r").is_ok());
    }

    #[test]
    fn empty_input_is_an_eof_error() {
        assert!(from_slice::<u32>(b"").unwrap_err().is_eof());
        assert!(from_slice::<u32>(b"   ").unwrap_err().is_eof());
    }

    #[test]
    fn encode_into_appends_without_allocating_when_there_is_room() {
        let mut out = Vec::with_capacity(64);
        out.extend_from_slice(b"x");
        let ptr = out.as_ptr();
        encode_into(&vec!["a", "b"], &mut out);
        assert_eq!(out, br#"x["a","b"]"#);
        assert_eq!(out.as_ptr(), ptr);
    }

    #[test]
    fn writers_and_readers_round_trip() {
        let mut sink = Vec::new();
        to_writer(&mut sink, &vec![1u8, 2]).unwrap();
        let back: Vec<u8> = from_reader(&sink[..]).unwrap();
        assert_eq!(back, [1, 2]);
    }

    /// The scratch buffer comes back to the decoder after a value and after an error, so a
    /// server's steady state allocates only what the decoded values own.
    #[test]
    fn pooled_decoder_keeps_its_scratch_buffer() {
        let mut decoder = Decoder::new();
        let long_escaped = format!("\"{}\"", "a\\n".repeat(100));
        let text: String = decoder.decode(long_escaped.as_bytes()).unwrap();
        assert_eq!(text, "a\n".repeat(100));
        let buffer = decoder.scratch.as_ptr();
        let capacity = decoder.scratch.capacity();
        assert!(
            capacity >= 200,
            "the unescaped text went through the scratch buffer"
        );

        let text: String = decoder.decode(br#""x\ty""#).unwrap();
        assert_eq!(text, "x\ty");
        assert_eq!(
            (decoder.scratch.as_ptr(), decoder.scratch.capacity()),
            (buffer, capacity)
        );

        assert!(decoder.decode::<String>(br#""x\ty" 1"#).is_err());
        assert_eq!(
            (decoder.scratch.as_ptr(), decoder.scratch.capacity()),
            (buffer, capacity)
        );

        let a: String = decoder.decode(br#""a\nb""#).unwrap();
        let b: String = decoder.decode(br#""c\td""#).unwrap();
        assert_eq!((a.as_str(), b.as_str()), ("a\nb", "c\td"));
        assert!(decoder.decode::<String>(b"1").is_err());
        assert_eq!(
            (decoder.scratch.as_ptr(), decoder.scratch.capacity()),
            (buffer, capacity)
        );
    }
}
