//! A corpus document with every object's keys put in another order (sorted or reversed), each
//! scalar and key kept byte for byte: what a struct decoder meets when the producer does not
//! write keys in the struct's declaration order (Python's `sort_keys`, serde_json's `Value`).

/// The order the keys of every object are rewritten in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyOrder {
    /// Ascending by the key's bytes as written (UTF-8 order for keys without escapes).
    Sorted,
    /// The document's own order, reversed.
    Reversed,
}

impl KeyOrder {
    /// `sorted` or `reversed`.
    pub fn parse(name: &str) -> Option<KeyOrder> {
        match name {
            "sorted" => Some(KeyOrder::Sorted),
            "reversed" => Some(KeyOrder::Reversed),
            _ => None,
        }
    }
}

/// Deeper nesting than this is refused (the corpora nest at most 10 levels).
const MAX_DEPTH: usize = 256;

/// `doc` rewritten pretty (`indent` spaces per level, `": "` after keys, `[]` and `{}` when
/// empty) with every object's keys in `order`. Keys and scalars are copied as written, so
/// numbers and escapes reach the decoder unchanged. Errors name the byte offset.
pub fn reorder_keys(doc: &[u8], order: KeyOrder, indent: usize) -> Result<Vec<u8>, String> {
    let mut parser = Parser { doc, at: 0 };
    let mut root = parser.value(0)?;
    parser.skip_whitespace();
    if parser.at != doc.len() {
        return Err(format!("trailing bytes at offset {}", parser.at));
    }
    root.reorder(order);
    let mut out = Vec::with_capacity(doc.len() + doc.len() / 8);
    root.write(indent, 0, &mut out);
    Ok(out)
}

/// A parsed value whose leaves are spans of the document.
enum Node<'a> {
    /// A string, number, `true`, `false` or `null`, exactly as written.
    Scalar(&'a [u8]),
    Array(Vec<Node<'a>>),
    /// Members with their key as written, quotes included.
    Object(Vec<(&'a [u8], Node<'a>)>),
}

impl Node<'_> {
    fn reorder(&mut self, order: KeyOrder) {
        match self {
            Node::Scalar(_) => {}
            Node::Array(items) => items.iter_mut().for_each(|item| item.reorder(order)),
            Node::Object(members) => {
                match order {
                    KeyOrder::Sorted => members.sort_by(|a, b| a.0.cmp(b.0)),
                    KeyOrder::Reversed => members.reverse(),
                }
                members
                    .iter_mut()
                    .for_each(|(_, value)| value.reorder(order));
            }
        }
    }

    fn write(&self, indent: usize, level: usize, out: &mut Vec<u8>) {
        let pad = |out: &mut Vec<u8>, level: usize| {
            out.extend(std::iter::repeat_n(b' ', indent * level));
        };
        match self {
            Node::Scalar(text) => out.extend_from_slice(text),
            Node::Array(items) if items.is_empty() => out.extend_from_slice(b"[]"),
            Node::Object(members) if members.is_empty() => out.extend_from_slice(b"{}"),
            Node::Array(items) => {
                out.push(b'[');
                for (i, item) in items.iter().enumerate() {
                    out.extend_from_slice(if i == 0 { b"\n" } else { b",\n" });
                    pad(out, level + 1);
                    item.write(indent, level + 1, out);
                }
                out.push(b'\n');
                pad(out, level);
                out.push(b']');
            }
            Node::Object(members) => {
                out.push(b'{');
                for (i, (key, value)) in members.iter().enumerate() {
                    out.extend_from_slice(if i == 0 { b"\n" } else { b",\n" });
                    pad(out, level + 1);
                    out.extend_from_slice(key);
                    out.extend_from_slice(b": ");
                    value.write(indent, level + 1, out);
                }
                out.push(b'\n');
                pad(out, level);
                out.push(b'}');
            }
        }
    }
}

/// A recursive-descent reader of valid JSON that only finds spans; the gate's reference
/// decoders validate the rewritten text afterwards.
struct Parser<'a> {
    doc: &'a [u8],
    at: usize,
}

impl<'a> Parser<'a> {
    fn skip_whitespace(&mut self) {
        while matches!(self.doc.get(self.at), Some(b' ' | b'\n' | b'\r' | b'\t')) {
            self.at += 1;
        }
    }

    fn expect(&mut self, byte: u8) -> Result<(), String> {
        self.skip_whitespace();
        if self.doc.get(self.at) == Some(&byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(format!("expected `{}` at offset {}", byte as char, self.at))
        }
    }

    /// After whitespace: `close` ends the container (consumed, `true`), `,` separates (`false`).
    fn end_or_comma(&mut self, close: u8) -> Result<bool, String> {
        self.skip_whitespace();
        match self.doc.get(self.at) {
            Some(&b) if b == close => {
                self.at += 1;
                Ok(true)
            }
            Some(b',') => {
                self.at += 1;
                Ok(false)
            }
            _ => Err(format!(
                "expected `,` or `{}` at offset {}",
                close as char, self.at
            )),
        }
    }

    fn value(&mut self, depth: usize) -> Result<Node<'a>, String> {
        if depth > MAX_DEPTH {
            return Err(format!(
                "nesting deeper than {MAX_DEPTH} at offset {}",
                self.at
            ));
        }
        self.skip_whitespace();
        match self.doc.get(self.at) {
            None => Err("unexpected end of the document".into()),
            Some(b'"') => self.string().map(Node::Scalar),
            Some(b'[') => {
                self.at += 1;
                let mut items = Vec::new();
                self.skip_whitespace();
                if self.doc.get(self.at) == Some(&b']') {
                    self.at += 1;
                    return Ok(Node::Array(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    if self.end_or_comma(b']')? {
                        return Ok(Node::Array(items));
                    }
                }
            }
            Some(b'{') => {
                self.at += 1;
                let mut members = Vec::new();
                self.skip_whitespace();
                if self.doc.get(self.at) == Some(&b'}') {
                    self.at += 1;
                    return Ok(Node::Object(members));
                }
                loop {
                    self.skip_whitespace();
                    let key = self.string()?;
                    self.expect(b':')?;
                    members.push((key, self.value(depth + 1)?));
                    if self.end_or_comma(b'}')? {
                        return Ok(Node::Object(members));
                    }
                }
            }
            Some(_) => {
                let start = self.at;
                while let Some(&b) = self.doc.get(self.at) {
                    if matches!(b, b',' | b']' | b'}' | b' ' | b'\n' | b'\r' | b'\t') {
                        break;
                    }
                    self.at += 1;
                }
                Ok(Node::Scalar(&self.doc[start..self.at]))
            }
        }
    }

    /// A string's span, quotes included; `at` is on the opening quote.
    fn string(&mut self) -> Result<&'a [u8], String> {
        let start = self.at;
        if self.doc.get(start) != Some(&b'"') {
            return Err(format!("expected a string at offset {start}"));
        }
        let mut at = start + 1;
        loop {
            match self.doc.get(at) {
                None => return Err(format!("unterminated string from offset {start}")),
                Some(b'"') => break,
                Some(b'\\') => at += 2,
                Some(_) => at += 1,
            }
        }
        self.at = at + 1;
        Ok(&self.doc[start..self.at])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &[u8] =
        br#"{"b": [1.50, {"z": "\u00e9\"", "a": null}], "a": {}, "c": [], "\u0061a": -0e+5}"#;

    #[test]
    fn sorted_keeps_every_scalar_as_written_and_sorts_every_object() {
        let out = reorder_keys(DOC, KeyOrder::Sorted, 2).unwrap();
        let text = std::str::from_utf8(&out).unwrap();
        assert_eq!(
            text,
            "{\n  \"\\u0061a\": -0e+5,\n  \"a\": {},\n  \"b\": [\n    1.50,\n    {\n      \
             \"a\": null,\n      \"z\": \"\\u00e9\\\"\"\n    }\n  ],\n  \"c\": []\n}"
        );
        let before: serde_json::Value = serde_json::from_slice(DOC).unwrap();
        let after: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(before, after);
    }

    #[test]
    fn reversed_reverses_every_object_at_every_depth() {
        let out = reorder_keys(DOC, KeyOrder::Reversed, 4).unwrap();
        let text = std::str::from_utf8(&out).unwrap();
        let positions: Vec<usize> = [
            "\"\\u0061a\"",
            "\"c\"",
            "\"a\": {}",
            "\"b\"",
            "\"a\": null",
            "\"z\"",
        ]
        .iter()
        .map(|k| text.find(k).unwrap_or_else(|| panic!("{k} in {text}")))
        .collect();
        assert!(positions.windows(2).all(|w| w[0] < w[1]), "{text}");
        assert!(
            text.contains("\n            \"a\": null"),
            "four spaces per level: {text}"
        );
    }

    #[test]
    fn a_rewritten_corpus_like_document_has_sorted_keys_everywhere() {
        let doc = serde_json::to_vec_pretty(&serde_json::json!({
            "statuses": [{"z": 1, "m": {"y": true, "b": "s"}, "a": [{"q": 1, "p": 2}]}],
            "search_metadata": {"count": 100, "completed_in": 0.087}
        }))
        .unwrap();
        let out = reorder_keys(&doc, KeyOrder::Sorted, 2).unwrap();
        // serde_json's `Value` map (without `preserve_order`) iterates sorted whatever the
        // text's order, so the order is read from the text.
        let mut found = Vec::new();
        let mut at = 0;
        let text = std::str::from_utf8(&out).unwrap();
        while let Some(i) = text[at..].find("\": ") {
            let end = at + i;
            let start = text[..end].rfind('"').unwrap() + 1;
            found.push(&text[start..end]);
            at = end + 3;
        }
        assert_eq!(
            found,
            [
                "search_metadata",
                "completed_in",
                "count",
                "statuses",
                "a",
                "p",
                "q",
                "m",
                "b",
                "y",
                "z"
            ]
        );
        let before: serde_json::Value = serde_json::from_slice(&doc).unwrap();
        let after: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(before, after);
    }

    #[test]
    fn malformed_documents_are_errors_not_panics() {
        for bad in [
            &b""[..],
            b"{",
            b"{\"a\" 1}",
            b"[1 2]",
            b"\"open",
            b"{\"a\": 1} x",
            b"{1: 2}",
        ] {
            assert!(reorder_keys(bad, KeyOrder::Sorted, 2).is_err(), "{bad:?}");
        }
        let deep = "[".repeat(MAX_DEPTH + 2);
        let err = reorder_keys(deep.as_bytes(), KeyOrder::Sorted, 2).unwrap_err();
        assert!(err.contains("nesting"), "{err}");
    }
}
