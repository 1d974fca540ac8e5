//! Byte strings through serde (`deserialize_bytes`): a JSON string's raw bytes, as serde_json's
//! `parse_str_raw` reads them.
//!
//! Unlike a text string, the bytes are not checked for UTF-8 or control characters, and a `\u`
//! escape of a lone surrogate is written as its WTF-8 bytes: serde_json documents this as the
//! way to read strings that are not Unicode. Escapes are otherwise decoded as in text.

use crate::error::{ErrorCode, Result};
use crate::lexer::Lexer;

/// Where a byte string's bytes are.
pub(super) enum RawStr<'de> {
    /// No escapes: a slice of the input.
    Borrowed(&'de [u8]),
    /// Escapes decoded into the caller's scratch buffer.
    Copied,
}

/// Reads the string whose opening quote is at the lexer's position, leaving the lexer after its
/// closing quote.
pub(super) fn raw_str<'de>(lex: &mut Lexer<'de>, scratch: &mut Vec<u8>) -> Result<RawStr<'de>> {
    let input = lex.input();
    let start = lex.position() + 1;
    // The first byte not yet copied into `scratch`.
    let mut run = start;
    let mut at = start;
    let mut escaped = false;
    loop {
        match input.get(at) {
            None => return Err(lex.error_at(ErrorCode::EofWhileParsing, input.len())),
            Some(b'"') => {
                lex.seek(at + 1);
                if !escaped {
                    return Ok(RawStr::Borrowed(&input[start..at]));
                }
                scratch.extend_from_slice(&input[run..at]);
                return Ok(RawStr::Copied);
            }
            Some(b'\\') => {
                escaped = true;
                scratch.extend_from_slice(&input[run..at]);
                at = escape(lex, at + 1, scratch)?;
                run = at;
            }
            Some(_) => at += 1,
        }
    }
}

/// Decodes the escape whose letter is at `at` (after its backslash) into `scratch`; returns
/// where the string goes on.
fn escape(lex: &Lexer<'_>, at: usize, scratch: &mut Vec<u8>) -> Result<usize> {
    let input = lex.input();
    let byte = match input.get(at) {
        None => return Err(lex.error_at(ErrorCode::EofWhileParsing, input.len())),
        Some(&b) => b,
    };
    let decoded = match byte {
        b'"' => b'"',
        b'\\' => b'\\',
        b'/' => b'/',
        b'b' => b'\x08',
        b'f' => b'\x0c',
        b'n' => b'\n',
        b'r' => b'\r',
        b't' => b'\t',
        b'u' => return unicode_escape(lex, at + 1, scratch),
        _ => return Err(lex.error_at(ErrorCode::InvalidEscape, at)),
    };
    scratch.push(decoded);
    Ok(at + 1)
}

/// `\u` and its four hex digits at `at`, with a following `\uXXXX` when the first is a leading
/// surrogate; a surrogate without its pair is kept, as WTF-8.
fn unicode_escape(lex: &Lexer<'_>, at: usize, scratch: &mut Vec<u8>) -> Result<usize> {
    let input = lex.input();
    let mut n = hex4(lex, at)?;
    let mut at = at + 4;
    loop {
        if !(0xD800..=0xDBFF).contains(&n) {
            push_wtf8(n, scratch);
            return Ok(at);
        }
        // A leading surrogate: its trailing one may follow as `\uXXXX`.
        if input.get(at) != Some(&b'\\') {
            push_wtf8(n, scratch);
            return Ok(at);
        }
        if input.get(at + 1) != Some(&b'u') {
            push_wtf8(n, scratch);
            // The backslash starts another escape, of one letter: no recursion to speak of.
            return escape(lex, at + 1, scratch);
        }
        let next = hex4(lex, at + 2)?;
        at += 6;
        if (0xDC00..=0xDFFF).contains(&next) {
            let c = 0x1_0000 + (((n - 0xD800) << 10) | (next - 0xDC00));
            push_wtf8(c, scratch);
            return Ok(at);
        }
        push_wtf8(n, scratch);
        n = next;
    }
}

/// Four hex digits at `at`.
fn hex4(lex: &Lexer<'_>, at: usize) -> Result<u32> {
    let input = lex.input();
    let mut n = 0;
    for i in at..at + 4 {
        let digit = match input.get(i) {
            None => return Err(lex.error_at(ErrorCode::EofWhileParsing, input.len())),
            Some(&b) => (b as char).to_digit(16),
        };
        match digit {
            Some(d) => n = n * 16 + d,
            None => return Err(lex.error_at(ErrorCode::InvalidEscape, i)),
        }
    }
    Ok(n)
}

/// A code point, surrogates included, in UTF-8's encoding (WTF-8).
fn push_wtf8(n: u32, scratch: &mut Vec<u8>) {
    match n {
        0..=0x7F => scratch.push(n as u8),
        0x80..=0x7FF => {
            scratch.extend_from_slice(&[0xC0 | (n >> 6) as u8, 0x80 | (n & 0x3F) as u8])
        }
        0x800..=0xFFFF => scratch.extend_from_slice(&[
            0xE0 | (n >> 12) as u8,
            0x80 | ((n >> 6) & 0x3F) as u8,
            0x80 | (n & 0x3F) as u8,
        ]),
        _ => scratch.extend_from_slice(&[
            0xF0 | (n >> 18) as u8,
            0x80 | ((n >> 12) & 0x3F) as u8,
            0x80 | ((n >> 6) & 0x3F) as u8,
            0x80 | (n & 0x3F) as u8,
        ]),
    }
}
