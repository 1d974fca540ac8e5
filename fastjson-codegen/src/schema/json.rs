//! A small JSON value for schemas, written compact (the `Schema::schema()` literal) or pretty
//! (serde_json's layout, for the checked-in `.schema.json` files).

use crate::escape::quoted;

/// What a type's `$defs` name gets for its flattened form: the runtime's `FLATTENED_SUFFIX`,
/// repeated because this crate does not depend on the runtime (derived code asks the runtime's
/// at run time; offline files use this one). examples/offline-api's test
/// `checked_in_schema_document_is_what_the_types_expose` fails when the two differ.
pub const FLATTENED_SUFFIX: &str = ".flattened";

/// A JSON value whose objects keep insertion order (schemas read best in a fixed key order).
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Bool(bool),
    /// A number, already in its JSON spelling.
    Number(String),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
    /// The reference of a flattened field to its type, `"#/$defs/<name>"`, or to its flattened
    /// form, `"#/$defs/<name>.flattened"`, which only the type knows it has: written with the
    /// marker `\0<hole>\0` after the name (a NUL, which no other written text contains
    /// unescaped), where `schema::impl_tokens` asks the type (`holes[hole]`) at run time, or
    /// replaced by [`Json::resolve_flattened_refs`] where every type is known (offline).
    FlattenedRef {
        name: String,
        hole: usize,
    },
}

impl Json {
    /// `{}`: the schema every value matches.
    pub fn any() -> Json {
        Json::Object(Vec::new())
    }

    pub fn str(s: &str) -> Json {
        Json::String(s.to_owned())
    }

    pub fn int(n: impl ToString) -> Json {
        Json::Number(n.to_string())
    }

    /// `{"type": ty}`.
    pub fn typed(ty: &str) -> Json {
        Json::object([("type", Json::str(ty))])
    }

    pub fn object<'k>(entries: impl IntoIterator<Item = (&'k str, Json)>) -> Json {
        Json::Object(
            entries
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v))
                .collect(),
        )
    }

    /// Appends `key: value` (objects only).
    pub fn push(&mut self, key: &str, value: Json) {
        if let Json::Object(entries) = self {
            entries.push((key.to_owned(), value));
        }
    }

    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Compact, as `serde_json::to_string`.
    pub fn to_compact(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, None, 0);
        out
    }

    /// Two-space indented, as `serde_json::to_string_pretty`.
    #[cfg_attr(not(feature = "offline"), allow(dead_code))]
    pub fn to_pretty(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, Some("  "), 0);
        out
    }

    /// Replaces each [`Json::FlattenedRef`] by its reference, to the flattened form when
    /// `has_flattened_form` says the named type has one.
    #[cfg_attr(not(feature = "offline"), allow(dead_code))]
    pub fn resolve_flattened_refs(&mut self, has_flattened_form: &dyn Fn(&str) -> bool) {
        match self {
            Json::FlattenedRef { name, .. } => {
                let suffix = if has_flattened_form(name) {
                    FLATTENED_SUFFIX
                } else {
                    ""
                };
                *self = Json::String(format!("#/$defs/{name}{suffix}"));
            }
            Json::Array(items) => items
                .iter_mut()
                .for_each(|item| item.resolve_flattened_refs(has_flattened_form)),
            Json::Object(entries) => entries
                .iter_mut()
                .for_each(|(_, value)| value.resolve_flattened_refs(has_flattened_form)),
            Json::Bool(_) | Json::Number(_) | Json::String(_) => {}
        }
    }

    fn write(&self, out: &mut String, indent: Option<&str>, depth: usize) {
        match self {
            Json::FlattenedRef { name, hole } => {
                let quoted = quoted(&format!("#/$defs/{name}"));
                out.push_str(&quoted[..quoted.len() - 1]);
                out.push_str(&format!("\0{hole}\0\""));
            }
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Number(n) => out.push_str(n),
            Json::String(s) => out.push_str(&quoted(s)),
            Json::Array(items) => {
                write_seq(out, indent, depth, '[', ']', items, |out, item| {
                    item.write(out, indent, depth + 1)
                });
            }
            Json::Object(entries) => {
                write_seq(out, indent, depth, '{', '}', entries, |out, (k, v)| {
                    out.push_str(&quoted(k));
                    out.push_str(if indent.is_some() { ": " } else { ":" });
                    v.write(out, indent, depth + 1);
                });
            }
        }
    }
}

fn write_seq<T>(
    out: &mut String,
    indent: Option<&str>,
    depth: usize,
    open: char,
    close: char,
    items: &[T],
    mut each: impl FnMut(&mut String, &T),
) {
    out.push(open);
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        if let Some(indent) = indent {
            out.push('\n');
            out.push_str(&indent.repeat(depth + 1));
        }
        each(out, item);
    }
    if let (Some(indent), false) = (indent, items.is_empty()) {
        out.push('\n');
        out.push_str(&indent.repeat(depth));
    }
    out.push(close);
}

#[cfg(test)]
mod tests {
    use super::Json;

    #[test]
    fn writes_like_serde_json() {
        let value = Json::object([
            ("a", Json::Array(vec![Json::int(1), Json::Bool(false)])),
            ("b", Json::any()),
            ("c", Json::Array(Vec::new())),
            ("d\"", Json::Bool(true)),
        ]);
        assert_eq!(
            value.to_compact(),
            r#"{"a":[1,false],"b":{},"c":[],"d\"":true}"#
        );
        assert_eq!(
            value.to_pretty(),
            "{\n  \"a\": [\n    1,\n    false\n  ],\n  \"b\": {},\n  \"c\": [],\n  \"d\\\"\": true\n}"
        );
    }
}
