//! A string's raw bytes, as serde_json's `parse_str_raw` reads them for `deserialize_bytes`:
//! escapes decoded, but the bytes not checked as UTF-8, control characters kept, and a `\u`
//! escape of a lone surrogate kept as its three-byte (WTF-8) form (serde_json documents this as
//! the way to read strings that are not Unicode). What `CString`, `bytes::Bytes` and the serde
//! bridge's `deserialize_bytes` read.

use std::borrow::Cow;

use super::Lexer;
use crate::error::{ErrorCode, Result};

impl<'de> Lexer<'de> {
    /// Reads the string the lexer is on as serde_json's `parse_str_raw` does (see the module
    /// comment), leaving the lexer after its closing quote.
    pub(crate) fn raw_string(&mut self) -> Result<Cow<'de, [u8]>> {
        let lex = self;
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
