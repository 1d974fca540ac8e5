//! The path syntax of field extraction, the one errors print (`$.statuses[3].user["screen-name"]`):
//! parsing a path into segments.

use crate::error::{Error, Result};

/// One step of a path: an object key or an array position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Segment {
    Key(Box<str>),
    Index(usize),
}

/// Parses `path`: `$`, then any number of `.name` (a name runs to the next `.` or `[`, and is
/// not empty), `["name"]` (a quoted name in which `\"` and `\\` stand for `"` and `\`) and
/// `[n]` (an array position, decimal digits without leading zeros). The quoted form is how
/// [`Error::path`] prints a key that is not a plain identifier, so every path an error prints
/// parses back to the same steps.
pub(crate) fn parse(path: &str) -> Result<Vec<Segment>> {
    let bytes = path.as_bytes();
    if bytes.first() != Some(&b'$') {
        return Err(invalid(path, 0, "a path starts with `$`"));
    }
    let mut segments = Vec::new();
    let mut at = 1;
    while at < bytes.len() {
        match bytes[at] {
            b'.' => {
                let start = at + 1;
                let end = bytes[start..]
                    .iter()
                    .position(|&b| b == b'.' || b == b'[')
                    .map_or(bytes.len(), |n| start + n);
                if end == start {
                    return Err(invalid(path, at, "`.` must be followed by a key"));
                }
                segments.push(Segment::Key(path[start..end].into()));
                at = end;
            }
            b'[' if bytes.get(at + 1) == Some(&b'"') => {
                let (key, end) = quoted_key(path, at + 2)?;
                if bytes.get(end) != Some(&b']') {
                    return Err(invalid(path, end, "a quoted key is closed by `\"]`"));
                }
                segments.push(Segment::Key(key.into()));
                at = end + 1;
            }
            b'[' => {
                let start = at + 1;
                let digits = bytes[start..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                let end = start + digits;
                let index = match (&path[start..end], bytes.get(end)) {
                    (_, _) if digits == 0 => None,
                    (text, _) if text.len() > 1 && text.starts_with('0') => None,
                    (text, Some(b']')) => text.parse::<usize>().ok(),
                    _ => None,
                };
                let Some(index) = index else {
                    return Err(invalid(
                        path,
                        at,
                        "`[` must be followed by a position (`[3]`) or a quoted key (`[\"k\"]`)",
                    ));
                };
                segments.push(Segment::Index(index));
                at = end + 1;
            }
            _ => return Err(invalid(path, at, "expected `.` or `[`")),
        }
    }
    Ok(segments)
}

/// The key of `["...` starting at byte `start` (after the quote), and the offset just past its
/// closing quote.
fn quoted_key(path: &str, start: usize) -> Result<(String, usize)> {
    let mut key = String::new();
    let mut chars = path[start..].char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Ok((key, start + i + 1)),
            '\\' => match chars.next() {
                Some((_, escaped @ ('"' | '\\'))) => key.push(escaped),
                _ => {
                    return Err(invalid(
                        path,
                        start + i,
                        "in a quoted key only `\\\"` and `\\\\` are escapes",
                    ))
                }
            },
            c => key.push(c),
        }
    }
    Err(invalid(path, path.len(), "a quoted key is closed by `\"]`"))
}

#[cold]
fn invalid(path: &str, at: usize, what: &str) -> Error {
    Error::custom(format_args!("invalid path `{path}` at byte {at}: {what}"))
}

#[cfg(test)]
mod tests {
    use super::Segment::{Index, Key};
    use super::*;

    fn key(k: &str) -> Segment {
        Key(k.into())
    }

    #[test]
    fn every_form_parses() {
        assert_eq!(parse("$").unwrap(), []);
        assert_eq!(
            parse("$.statuses[3].user.id").unwrap(),
            [key("statuses"), Index(3), key("user"), key("id")]
        );
        assert_eq!(
            parse(r#"$["a.b"][0]["say \"hi\" \\ "].screen-name.é"#).unwrap(),
            [
                key("a.b"),
                Index(0),
                key(r#"say "hi" \ "#),
                key("screen-name"),
                key("é")
            ]
        );
        assert_eq!(parse(r#"$[""]"#).unwrap(), [key("")]);
        assert_eq!(parse("$[10]").unwrap(), [Index(10)]);
    }

    #[test]
    fn malformed_paths_say_where() {
        for (path, at, what) in [
            ("", 0, "starts with `$`"),
            ("statuses", 0, "starts with `$`"),
            ("$.", 1, "followed by a key"),
            ("$.a..b", 3, "followed by a key"),
            ("$a", 1, "expected `.` or `[`"),
            ("$[", 1, "a position"),
            ("$[]", 1, "a position"),
            ("$[01]", 1, "a position"),
            ("$[-1]", 1, "a position"),
            ("$[1", 1, "a position"),
            ("$[99999999999999999999999]", 1, "a position"),
            (r#"$["a"#, 4, "closed by"),
            (r#"$["a"x"#, 5, "closed by"),
            (r#"$["a\n"]"#, 4, "only"),
        ] {
            let message = parse(path).unwrap_err().to_string();
            assert!(
                message.contains(&format!("at byte {at}:")) && message.contains(what),
                "{path}: {message}"
            );
        }
    }
}
