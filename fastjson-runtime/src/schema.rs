//! `Schema`: the JSON Schema (draft 2020-12) of a type's wire format, written by the generator,
//! and `SchemaDocument`, which bundles several of them for publishing (a file, OpenAPI components).

use std::borrow::Cow;

/// A type whose JSON form has a schema known at compile time.
///
/// `#[derive(FastJson)]` and the offline generator implement it from the same model that writes
/// the encoder and decoder, so the schema names fields after renames, marks what may be absent as
/// optional, and spells out the enum representation and flattened fields. Other types are
/// referred to by name, `{"$ref":"#/$defs/Address"}`; a [`SchemaDocument`] with those types in it
/// resolves the references.
///
/// `#[derive(FastJson)]` on `struct Point { x: i32, #[serde(rename = "why")] y: i32 }` gives
/// `Point::SCHEMA_NAME == "Point"` and a schema with `"required":["x","why"]`.
pub trait Schema {
    /// The name other schemas use for this type (`#/$defs/<SCHEMA_NAME>`): the Rust type name.
    const SCHEMA_NAME: &'static str;

    /// This type's schema as compact JSON, without `$schema` (it is meant to sit in `$defs`).
    fn schema() -> &'static str;

    /// The schema of the entries this type writes when a struct flattens it, where that is not
    /// [`Schema::schema`]: an externally tagged enum's variants are then entries among the
    /// struct's (`"Circle":{..}`, a unit variant `"Dot":null`) in objects open to the struct's
    /// other keys, and an untagged enum's unit variants write no entry. A struct flattening such
    /// a type refers to this schema as `<SCHEMA_NAME>.flattened` ([`FLATTENED_SUFFIX`]), and
    /// [`SchemaDocument`] adds it under that name beside the type's own.
    fn flattened_schema() -> Option<&'static str> {
        None
    }
}

/// What a type's `$defs` name gets for its [`Schema::flattened_schema`].
pub const FLATTENED_SUFFIX: &str = ".flattened";

/// The draft 2020-12 meta-schema URI: the `$schema` of [`SchemaDocument::to_json`]'s output.
///
/// ```
/// # mod fastjson { pub mod schema { pub use fastjson_runtime::{SchemaDocument, SCHEMA_DIALECT}; } }
/// use fastjson::schema::{SchemaDocument, SCHEMA_DIALECT};
///
/// assert!(SchemaDocument::new().to_json().contains(SCHEMA_DIALECT));
/// ```
pub const SCHEMA_DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

/// Several types' schemas, in the order added (a type added twice is kept once).
///
/// ```
/// # mod fastjson { pub mod schema { pub use fastjson_runtime::{Schema, SchemaDocument}; } }
/// use fastjson::schema::{Schema, SchemaDocument};
///
/// struct Point;
/// impl Schema for Point {
///     const SCHEMA_NAME: &'static str = "Point";
///     fn schema() -> &'static str {
///         r#"{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"]}"#
///     }
/// }
/// struct Line;
/// impl Schema for Line {
///     const SCHEMA_NAME: &'static str = "Line";
///     fn schema() -> &'static str {
///         r##"{"type":"array","items":{"$ref":"#/$defs/Point"}}"##
///     }
/// }
///
/// let doc = SchemaDocument::new().with::<Line>().with::<Point>().with::<Line>();
/// assert_eq!(
///     doc.to_json(),
///     concat!(
///         r#"{"$schema":"https://json-schema.org/draft/2020-12/schema","$defs":{"#,
///         r##""Line":{"type":"array","items":{"$ref":"#/$defs/Point"}},"##,
///         r#""Point":{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"]}}}"#,
///     )
/// );
/// // OpenAPI components refer to each other under `#/components/schemas/`.
/// assert!(doc.to_openapi_components().contains(r##"{"$ref":"#/components/schemas/Point"}"##));
/// ```
#[derive(Clone, Debug, Default)]
pub struct SchemaDocument {
    defs: Vec<(Cow<'static, str>, &'static str)>,
}

impl SchemaDocument {
    /// An empty document.
    pub fn new() -> Self {
        SchemaDocument::default()
    }

    /// Adds `T`'s schema under `$defs/<T::SCHEMA_NAME>`.
    pub fn with<T: Schema + ?Sized>(mut self) -> Self {
        self.add::<T>();
        self
    }

    /// Adds `T`'s schema under `$defs/<T::SCHEMA_NAME>` (and its flattened form, if it has
    /// one, under `<T::SCHEMA_NAME>.flattened`).
    pub fn add<T: Schema + ?Sized>(&mut self) -> &mut Self {
        if !self.defs.iter().any(|(name, _)| *name == T::SCHEMA_NAME) {
            self.defs.push((Cow::Borrowed(T::SCHEMA_NAME), T::schema()));
            if let Some(flattened) = T::flattened_schema() {
                let name = format!("{}{FLATTENED_SUFFIX}", T::SCHEMA_NAME);
                self.defs.push((Cow::Owned(name), flattened));
            }
        }
        self
    }

    /// `{"$schema":"…/2020-12/schema","$defs":{"Name":{…},…}}`, compact.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\"$schema\":\"");
        out.push_str(SCHEMA_DIALECT);
        out.push_str("\",\"$defs\":");
        self.write_map(&mut out, "#/$defs/");
        out.push('}');
        out
    }

    /// `{"schemas":{"Name":{…},…}}` with references rewritten to `#/components/schemas/Name`:
    /// the `components` object of an OpenAPI 3.1 document (whose dialect is 2020-12).
    pub fn to_openapi_components(&self) -> String {
        let mut out = String::from("{\"schemas\":");
        self.write_map(&mut out, "#/components/schemas/");
        out.push('}');
        out
    }

    fn write_map(&self, out: &mut String, ref_prefix: &str) {
        out.push('{');
        for (i, (name, schema)) in self.defs.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(&crate::quoted(name));
            out.push(':');
            out.push_str(&with_ref_prefix(schema, ref_prefix));
        }
        out.push('}');
    }
}

/// Rewrites the generator's references (`"$ref":"#/$defs/Name"`) to `prefix` + `Name`: to place
/// a type's [`Schema::schema`] somewhere other than a document's `$defs`.
///
/// ```
/// # mod fastjson { pub mod schema { pub use fastjson_runtime::with_ref_prefix; } }
/// use fastjson::schema::with_ref_prefix;
///
/// let schema = r##"{"type":"array","items":{"$ref":"#/$defs/Point"}}"##;
/// assert_eq!(
///     with_ref_prefix(schema, "#/definitions/"),
///     r##"{"type":"array","items":{"$ref":"#/definitions/Point"}}"##,
/// );
/// ```
pub fn with_ref_prefix(schema: &str, prefix: &str) -> String {
    const DEFS: &str = "\"$ref\":\"#/$defs/";
    if prefix == "#/$defs/" {
        return schema.to_owned();
    }
    schema.replace(DEFS, &format!("\"$ref\":\"{prefix}"))
}
