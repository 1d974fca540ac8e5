//! JSON string escaping at macro time: keys and variant names become pre-escaped literals.

use std::fmt::Write;

/// `s` as a JSON string literal with its quotes, escaped exactly as serde_json escapes strings:
/// `"` and `\` with a backslash, `\b \t \n \f \r` short, other control bytes as `\u00xx`
/// (lowercase hex), everything else (including non-ASCII and DEL) verbatim.
pub fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The key as the compact writer emits it after the first entry: `,"key":`. The writer slices
/// off the comma for the first entry, and the pretty layout takes the quoted key from the middle.
pub fn fused_key(s: &str) -> String {
    format!(",{}:", quoted(s))
}

#[cfg(test)]
mod tests {
    use super::{fused_key, quoted};

    #[test]
    fn fused_keys_carry_comma_and_colon() {
        assert_eq!(fused_key("a\"b"), r#","a\"b":"#);
    }

    #[test]
    fn escapes_like_serde_json() {
        assert_eq!(quoted("id"), r#""id""#);
        assert_eq!(quoted("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(quoted("\u{8}\t\n\u{c}\r"), r#""\b\t\n\f\r""#);
        assert_eq!(quoted("\u{0}\u{1f}\u{7f}"), "\"\\u0000\\u001f\u{7f}\"");
        assert_eq!(quoted("é</"), "\"é</\"");
    }
}
