//! Strings: borrowed from the input when escape-free, unescaped into the scratch buffer otherwise;
//! every `\u` form and surrogate pair, lone surrogates rejected, raw UTF-8 validated.

use std::borrow::Cow;
use std::ops::Deref;

use super::Lexer;
use crate::error::{Error, ErrorCode, Result};
use crate::simd;

/// Where the bytes of a scanned string are: in the input, or in the lexer's scratch buffer.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Scanned {
    Input(usize, usize),
    Scratch,
}

/// A decoded string: borrowed from the input (no escapes) or from the lexer's scratch buffer.
#[derive(Debug)]
pub enum Str<'de, 's> {
    /// The string had no escapes: a slice of the input, which lives as long as the input does.
    Borrowed(&'de str),
    /// The string had escapes: unescaped into the lexer's scratch buffer, valid until the next
    /// string is read.
    Copied(&'s str),
}

impl Deref for Str<'_, '_> {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        match self {
            Str::Borrowed(s) => s,
            Str::Copied(s) => s,
        }
    }
}

impl<'de> Lexer<'de> {
    /// Decodes a string value (after whitespace), borrowed when it has no escapes.
    #[inline]
    pub fn str(&mut self) -> Result<Str<'de, '_>> {
        let b = self.peek()?;
        if b != b'"' {
            return Err(self.invalid_type(b, "a string"));
        }
        self.string_start = self.pos;
        self.pos += 1;
        let scanned = self.scan_str()?;
        Ok(self.str_of(scanned))
    }

    /// Decodes a string value as `Cow`: borrowed from the input when it has no escapes.
    #[inline]
    pub fn str_cow(&mut self) -> Result<Cow<'de, str>> {
        let b = self.peek()?;
        if b != b'"' {
            return Err(self.invalid_type(b, "a string"));
        }
        self.string_start = self.pos;
        self.pos += 1;
        let scanned = self.scan_str()?;
        Ok(self.str_cow_of(scanned))
    }

    /// Decodes a string value into the raw, unescaped bytes (borrowed or scratch).
    #[inline]
    pub fn str_bytes_value(&mut self) -> Result<&[u8]> {
        let b = self.peek()?;
        if b != b'"' {
            return Err(self.invalid_type(b, "a string"));
        }
        self.string_start = self.pos;
        self.pos += 1;
        let scanned = self.scan_str()?;
        Ok(self.str_bytes(scanned))
    }

    #[inline]
    pub(crate) fn str_bytes(&self, scanned: Scanned) -> &[u8] {
        match scanned {
            Scanned::Input(start, end) => &self.input[start..end],
            Scanned::Scratch => &self.scratch,
        }
    }

    #[inline]
    pub(crate) fn str_of(&self, scanned: Scanned) -> Str<'de, '_> {
        match scanned {
            // SAFETY: `scan_str` validated these bytes as UTF-8 (or the input came from a
            // `&str`, and the span lies between two ASCII quotes, so on char boundaries).
            Scanned::Input(start, end) => {
                Str::Borrowed(unsafe { std::str::from_utf8_unchecked(&self.input[start..end]) })
            }
            // SAFETY: the scratch holds validated UTF-8 chunks and chars encoded by `char::encode_utf8`.
            Scanned::Scratch => {
                Str::Copied(unsafe { std::str::from_utf8_unchecked(&self.scratch) })
            }
        }
    }

    #[inline]
    pub(crate) fn str_cow_of(&self, scanned: Scanned) -> Cow<'de, str> {
        match self.str_of(scanned) {
            Str::Borrowed(s) => Cow::Borrowed(s),
            Str::Copied(s) => Cow::Owned(s.to_owned()),
        }
    }

    /// Scans a string whose opening quote was consumed; leaves the lexer after the closing quote.
    #[inline]
    pub(crate) fn scan_str(&mut self) -> Result<Scanned> {
        self.scan_str_with::<true>()
    }

    /// Skips a string whose opening quote was consumed, validating it without copying.
    #[inline]
    pub(crate) fn skip_str(&mut self) -> Result<()> {
        self.scan_str_with::<false>().map(|_| ())
    }

    /// The one string scanner: escape-free strings stay in the input; with `COPY`, an escaped one
    /// is unescaped into the scratch buffer, without it only validated.
    #[inline(always)]
    fn scan_str_with<const COPY: bool>(&mut self) -> Result<Scanned> {
        let start = self.pos;
        let (end, non_ascii) = simd::find_string_end(self.input, start);
        match self.input.get(end) {
            Some(b'"') => {
                if non_ascii && self.validate_utf8 {
                    self.validate_utf8_span(start, end)?;
                }
                self.pos = end + 1;
                Ok(Scanned::Input(start, end))
            }
            _ => self.scan_str_slow::<COPY>(start, end, non_ascii),
        }
    }

    /// The string has an escape (or is malformed) at `end`. With `COPY`, builds the unescaped
    /// text in the scratch buffer.
    #[cold]
    fn scan_str_slow<const COPY: bool>(
        &mut self,
        start: usize,
        mut end: usize,
        mut non_ascii: bool,
    ) -> Result<Scanned> {
        if COPY {
            self.scratch.clear();
        }
        let mut chunk_start = start;
        loop {
            // An unterminated string is "more input needed" whatever it holds, as serde_json
            // says: a multi-byte character cut at the end must not read as invalid UTF-8, or
            // a stream reader could not tell a short read from broken input.
            if end >= self.input.len() {
                return Err(self.error_at(ErrorCode::EofWhileParsing, end));
            }
            if non_ascii && self.validate_utf8 {
                self.validate_utf8_span(chunk_start, end)?;
            }
            if COPY {
                self.scratch
                    .extend_from_slice(&self.input[chunk_start..end]);
            }
            match self.input.get(end) {
                Some(b'"') => {
                    self.pos = end + 1;
                    return Ok(Scanned::Scratch);
                }
                Some(b'\\') => {
                    self.pos = end + 1;
                    self.unescape::<COPY>()?;
                }
                Some(_) => return Err(self.error_at(ErrorCode::ControlCharacterInString, end)),
                None => return Err(self.error_at(ErrorCode::EofWhileParsing, end)),
            }
            chunk_start = self.pos;
            (end, non_ascii) = simd::find_string_end(self.input, chunk_start);
        }
    }

    #[inline(never)]
    fn validate_utf8_span(&self, start: usize, end: usize) -> Result<()> {
        if simd::span_is_utf8(self.input, start, end) {
            return Ok(());
        }
        let span = &self.input[start..end];
        // The error path: std's validator says where the first bad byte is.
        match std::str::from_utf8(span) {
            Ok(_) => Ok(()),
            Err(err) => Err(self.error_at(ErrorCode::InvalidUtf8, start + err.valid_up_to())),
        }
    }

    /// Decodes the escape after a `\` (the lexer is on the byte after it).
    fn unescape<const COPY: bool>(&mut self) -> Result<()> {
        let Some(&b) = self.input.get(self.pos) else {
            return Err(self.error(ErrorCode::EofWhileParsing));
        };
        let byte = match b {
            b'"' => b'"',
            b'\\' => b'\\',
            b'/' => b'/',
            b'b' => 0x08,
            b'f' => 0x0C,
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'u' => {
                self.pos += 1;
                let c = self.unicode_escape()?;
                if COPY {
                    let mut buf = [0u8; 4];
                    self.scratch
                        .extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                return Ok(());
            }
            _ => return Err(self.error_at(ErrorCode::InvalidEscape, self.pos - 1)),
        };
        self.pos += 1;
        if COPY {
            self.scratch.push(byte);
        }
        Ok(())
    }

    /// Reads `XXXX` (after `\u`), and a following `\uXXXX` low surrogate when the first is a
    /// high one.
    fn unicode_escape(&mut self) -> Result<char> {
        let escape_start = self.pos - 2;
        let first = self.hex4(escape_start)?;
        let code = match first {
            0xD800..=0xDBFF => {
                let rest = &self.input[self.pos.min(self.input.len())..];
                if !rest.starts_with(b"\\u") {
                    // The pair cut after its first half (`"\uD83C`, `"\uD83C\`) may be
                    // completed by more input: end of input, not a lone surrogate.
                    if b"\\u".starts_with(rest) {
                        return Err(self.error_at(ErrorCode::EofWhileParsing, self.input.len()));
                    }
                    return Err(self.lone_surrogate(escape_start));
                }
                self.pos += 2;
                let second = self.hex4(self.pos - 2)?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return Err(self.lone_surrogate(escape_start));
                }
                0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err(self.lone_surrogate(escape_start)),
            _ => first,
        };
        Ok(char::from_u32(code).expect("surrogates were excluded above"))
    }

    #[cold]
    fn lone_surrogate(&self, at: usize) -> Error {
        self.error_at(ErrorCode::LoneSurrogate, at)
    }

    /// Four hex digits; a bad digit is reported at `escape_start` (the backslash).
    fn hex4(&mut self, escape_start: usize) -> Result<u32> {
        let mut value = 0u32;
        for _ in 0..4 {
            let Some(&b) = self.input.get(self.pos) else {
                return Err(self.error(ErrorCode::EofWhileParsing));
            };
            let digit = match b {
                b'0'..=b'9' => b - b'0',
                b'a'..=b'f' => b - b'a' + 10,
                b'A'..=b'F' => b - b'A' + 10,
                _ => return Err(self.error_at(ErrorCode::InvalidEscape, escape_start)),
            };
            value = value * 16 + digit as u32;
            self.pos += 1;
        }
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Category;

    fn decode(input: &[u8]) -> Result<String> {
        let mut lex = Lexer::new(input);
        let s = lex.str()?.to_string();
        lex.end()?;
        Ok(s)
    }

    #[test]
    fn escape_free_strings_are_borrowed() {
        let mut lex = Lexer::new(br#""hello, world""#);
        assert!(matches!(lex.str().unwrap(), Str::Borrowed("hello, world")));
    }

    #[test]
    fn every_escape_decodes() {
        assert_eq!(
            decode(br#""\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC\ud83d\ude00x""#).unwrap(),
            "\"\\/\u{8}\u{c}\n\r\tAé€😀x"
        );
    }

    #[test]
    fn lone_surrogates_are_rejected() {
        for bad in [
            &br#""\ud800""#[..],
            br#""\ud800x""#,
            br#""\udc00""#,
            br#""\ud800\u0041""#,
            br#""\ud800\ud800""#,
        ] {
            let err = decode(bad).unwrap_err();
            assert!(err.message().contains("surrogate"), "{err}");
            assert_eq!(err.column(), 2);
        }
    }

    #[test]
    fn invalid_utf8_is_rejected_where_it_is() {
        for (bad, column) in [
            (&b"\"ab\xC0\xAF\""[..], 4), // overlong
            (b"\"\xED\xA0\x80\"", 2),    // surrogate encoded in UTF-8
            (b"\"abc\xE2\x82\"", 5),     // truncated
            (b"\"x\\n\xFF\"", 5),        // after an escape
        ] {
            let err = decode(bad).unwrap_err();
            assert_eq!(err.message(), "invalid UTF-8 in string");
            assert_eq!(err.column(), column, "{err}");
        }
        assert_eq!(decode("\"é😀\"".as_bytes()).unwrap(), "é😀");
    }

    #[test]
    fn controls_bad_escapes_and_eof_are_errors() {
        assert_eq!(
            decode(b"\"a\x01\"").unwrap_err().message(),
            "control character (U+0000 to U+001F) in string"
        );
        assert_eq!(decode(br#""\x""#).unwrap_err().message(), "invalid escape");
        assert_eq!(
            decode(br#""\u12G4""#).unwrap_err().message(),
            "invalid escape"
        );
        assert_eq!(decode(br#""abc"#).unwrap_err().classify(), Category::Eof);
        assert_eq!(decode(br#""\u12"#).unwrap_err().classify(), Category::Eof);
        assert_eq!(decode(br#""\"#).unwrap_err().classify(), Category::Eof);
        // A surrogate pair cut after its first half may still be completed.
        assert_eq!(decode(br#""\uD83C"#).unwrap_err().classify(), Category::Eof);
        assert_eq!(
            decode(br#""\uD83C\"#).unwrap_err().classify(),
            Category::Eof
        );
        assert_eq!(
            decode(br#""\uD83C\u"#).unwrap_err().classify(),
            Category::Eof
        );
        assert_eq!(
            decode(br#""\uD83Cx"#).unwrap_err().message(),
            "lone surrogate in \\u escape"
        );
    }

    #[test]
    fn an_earlier_invalid_byte_is_reported_before_a_later_fault() {
        // A fault after an escape (a control byte, a bad escape, the end of input) yields to
        // an invalid byte that precedes it, as the document reads (a scanner that validates
        // the raw text once, at the closing quote, must keep this order too).
        for (bad, column) in [
            (&b"\"a\\n\xFF\x01\""[..], 5),
            (b"\"\xFF\\n\\q\"", 2),
            (b"\"\\n\xE6\x97\\n\"", 4),
            (b"\"\\t\xC0\xAF\\ud800\"", 4),
        ] {
            let err = decode(bad).unwrap_err();
            assert_eq!(err.message(), "invalid UTF-8 in string", "{bad:?}");
            assert_eq!(err.column(), column, "{bad:?}");
        }
        // Except the end of input: an unterminated string may be completed by more input, so
        // whatever it holds is "more input needed", as serde_json says (a stream reader asks
        // for more on it). The last character may be cut anywhere.
        for bad in [&b"\"\\n\xE6\x97"[..], b"\"\xE6\x97", b"\"\xFF"] {
            assert!(decode(bad).unwrap_err().is_eof(), "{bad:?}");
            assert!(
                serde_json::from_slice::<String>(bad).unwrap_err().is_eof(),
                "{bad:?}"
            );
        }
        // With valid text before it, the later fault is the one reported.
        assert_eq!(
            decode("\"\\né\x01\"".as_bytes()).unwrap_err().message(),
            "control character (U+0000 to U+001F) in string"
        );
    }

    #[test]
    fn escaped_strings_decode_at_every_run_length() {
        // Runs of 0 to 40 characters (1 to 4 bytes each: either side of the kernels' 16- and
        // 32-byte blocks) between escapes, checked against the text they encode; the scratch
        // buffer is reused from string to string, as in a document.
        let mut next = crate::test_rng::xorshift(0x51A7_E5C0_0000_0001);
        let mut lex_scratch = Vec::new();
        for _ in 0..crate::test_rng::iterations(3_000) {
            let mut json = String::from("\"");
            let mut expected = String::new();
            for _ in 0..(next() % 6) {
                for _ in 0..(next() % 41) {
                    let c = match next() % 10 {
                        0 => '\u{e9}',
                        1 => '\u{65e5}',
                        2 => '\u{1f600}',
                        r => (b'a' + r as u8) as char,
                    };
                    json.push(c);
                    expected.push(c);
                }
                let (escape, decoded) = match next() % 5 {
                    0 => ("\\n", '\n'),
                    1 => ("\\\"", '"'),
                    2 => ("\\u00e9", '\u{e9}'),
                    3 => ("\\ud83d\\ude00", '\u{1f600}'),
                    _ => ("\\\\", '\\'),
                };
                json.push_str(escape);
                expected.push(decoded);
            }
            json.push('"');
            let mut lex = Lexer::with_scratch(json.as_bytes(), lex_scratch);
            assert_eq!(&*lex.str().unwrap(), expected, "{json}");
            lex.end().unwrap();
            lex_scratch = lex.into_scratch();
            let mut skipper = Lexer::new(json.as_bytes());
            skipper.skip_value().unwrap();
            skipper.end().unwrap();
        }
    }

    #[test]
    fn skipping_validates_like_decoding() {
        for input in [&b"\"a\\q\""[..], b"\"\\ud800\"", b"\"\xC0\"", b"\"\x1f\""] {
            let mut lex = Lexer::new(input);
            assert!(lex.skip_value().is_err());
        }
    }
}
