//! String escaping for the encoder: exactly serde_json's escapes, plus the opt-in HTML-safe set.

use crate::simd;

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Appends `s` as a quoted JSON string.
///
/// Copies runs of bytes that need no escape in bulk: the scan looks at eight bytes at a time for
/// `"`, `\` and control characters (and, in HTML-safe mode, `<`, `>`, `&` and the lead byte of
/// U+2028/U+2029).
#[inline]
pub(crate) fn write_escaped_str(out: &mut Vec<u8>, s: &str, html_safe: bool) {
    let bytes = s.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    let mut start = 0;
    let mut i = 0;
    loop {
        i = if html_safe {
            next_html_escape(bytes, i)
        } else {
            simd::find_escape(bytes, i)
        };
        if i >= bytes.len() {
            break;
        }
        let byte = bytes[i];
        if html_safe && byte == 0xE2 {
            // U+2028 / U+2029 are E2 80 A8 / E2 80 A9.
            if bytes.get(i + 1) == Some(&0x80) && matches!(bytes.get(i + 2), Some(0xA8 | 0xA9)) {
                out.extend_from_slice(&bytes[start..i]);
                out.extend_from_slice(if bytes[i + 2] == 0xA8 {
                    b"\\u2028"
                } else {
                    b"\\u2029"
                });
                i += 3;
                start = i;
            } else {
                i += 1;
            }
            continue;
        }
        out.extend_from_slice(&bytes[start..i]);
        write_escape(out, byte);
        i += 1;
        start = i;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

#[inline]
fn write_escape(out: &mut Vec<u8>, byte: u8) {
    match byte {
        b'"' => out.extend_from_slice(b"\\\""),
        b'\\' => out.extend_from_slice(b"\\\\"),
        b'\n' => out.extend_from_slice(b"\\n"),
        b'\r' => out.extend_from_slice(b"\\r"),
        b'\t' => out.extend_from_slice(b"\\t"),
        0x08 => out.extend_from_slice(b"\\b"),
        0x0C => out.extend_from_slice(b"\\f"),
        _ => out.extend_from_slice(&[
            b'\\',
            b'u',
            b'0',
            b'0',
            HEX[(byte >> 4) as usize],
            HEX[(byte & 0xF) as usize],
        ]),
    }
}

fn next_html_escape(bytes: &[u8], from: usize) -> usize {
    bytes[from..]
        .iter()
        .position(|&b| b < 0x20 || matches!(b, b'"' | b'\\' | b'<' | b'>' | b'&' | 0xE2))
        .map_or(bytes.len(), |p| from + p)
}

/// Copies already-escaped JSON text (a pre-escaped key), additionally escaping the HTML-unsafe
/// characters, which the default escaping leaves as they are.
pub(crate) fn write_html_safe_json(out: &mut Vec<u8>, json: &[u8]) {
    let mut i = 0;
    while i < json.len() {
        match json[i] {
            b'<' => out.extend_from_slice(b"\\u003c"),
            b'>' => out.extend_from_slice(b"\\u003e"),
            b'&' => out.extend_from_slice(b"\\u0026"),
            0xE2 if json.get(i + 1) == Some(&0x80)
                && matches!(json.get(i + 2), Some(0xA8 | 0xA9)) =>
            {
                out.extend_from_slice(if json[i + 2] == 0xA8 {
                    b"\\u2028"
                } else {
                    b"\\u2029"
                });
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
}

/// The JSON string literal (with quotes) for `s`, escaped as serde_json does: what generated code
/// embeds as a pre-escaped key.
pub fn quoted(s: &str) -> String {
    let mut out = Vec::with_capacity(s.len() + 2);
    write_escaped_str(&mut out, s, false);
    String::from_utf8(out).expect("escaping keeps UTF-8 valid")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn escaped(s: &str, html: bool) -> String {
        let mut out = Vec::new();
        write_escaped_str(&mut out, s, html);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn every_byte_escapes_as_serde_json() {
        for b in 0u8..0x80 {
            let s = format!("ab{}cdefghijk", b as char);
            assert_eq!(
                escaped(&s, false),
                serde_json::to_string(&s).unwrap(),
                "{b:#x}"
            );
        }
        let s = "é\u{2028}😀\u{7f}<>&";
        assert_eq!(escaped(s, false), serde_json::to_string(s).unwrap());
    }

    #[test]
    fn html_safe_escapes_the_html_set() {
        assert_eq!(
            escaped("<a href=\"x\">&\u{2028}\u{2029}\u{2027}</a>", true),
            "\"\\u003ca href=\\\"x\\\"\\u003e\\u0026\\u2028\\u2029\u{2027}\\u003c/a\\u003e\""
        );
    }

    #[test]
    fn pre_escaped_keys_become_html_safe() {
        let key = quoted("a<b>&\u{2028}\"");
        let mut out = Vec::new();
        write_html_safe_json(&mut out, key.as_bytes());
        assert_eq!(
            String::from_utf8(out).unwrap(),
            escaped("a<b>&\u{2028}\"", true)
        );
    }

    #[test]
    fn escapes_found_at_every_offset_of_a_word() {
        for len in 0..40 {
            for at in 0..len {
                let mut s: Vec<u8> = vec![b'x'; len];
                s[at] = b'\n';
                let s = String::from_utf8(s).unwrap();
                assert_eq!(escaped(&s, false), serde_json::to_string(&s).unwrap());
            }
        }
    }
}
