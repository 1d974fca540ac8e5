//! The offline generator (easyjson's mode): a source file in, one formatted file of impls out,
//! plus the JSON Schema document of its types. Each type goes through [`crate::pipeline::expand_parts`],
//! the derive's own code, so both emit the same impls for the same type.

mod fingerprint;
mod select;

pub use select::Select;

use std::fmt::{self, Display};

use crate::options::{self, Options};
use crate::schema::{Json, FLATTENED_SUFFIX};

/// Settings of one offline generation.
#[derive(Clone)]
pub struct FileOptions {
    /// The runtime's path in generated code: `::fastjson_runtime` unless the user crate
    /// reaches the runtime another way (`::fastjson` through the facade).
    pub crate_path: syn::Path,
    /// Every struct and enum, or only the marked ones.
    pub select: Select,
    /// How the header names the source file (a path relative to the workspace root).
    pub source_name: String,
}

/// By hand, as [`Options`]'s: syn's `Debug` impls need its `extra-traits` feature.
impl fmt::Debug for FileOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FileOptions")
            .field("crate_path", &options::path_text(&self.crate_path))
            .field("select", &self.select)
            .field("source_name", &self.source_name)
            .finish()
    }
}

impl Default for FileOptions {
    fn default() -> Self {
        FileOptions {
            crate_path: syn::parse_quote!(::fastjson_runtime),
            select: Select::All,
            source_name: "<source>".to_owned(),
        }
    }
}

/// The outputs for one source file.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The impls, formatted, with the header: include it as a child module of the module that
    /// defines the types (it starts with `use super::*;`).
    pub code: String,
    /// A draft 2020-12 document with every type's schema under `$defs`, pretty-printed.
    pub schema: String,
    /// The types generated for, in source order.
    pub types: Vec<String>,
    /// The source fingerprint named in both headers.
    pub fingerprint: String,
}

/// Every problem in the source, each as `file:line:column: message`.
#[derive(Clone, Debug)]
pub struct GenerateError {
    /// One line per problem.
    pub messages: Vec<String>,
}

impl Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.messages.join("\n"))
    }
}

impl std::error::Error for GenerateError {}

/// The generated impls for `source` (a whole Rust file), formatted with prettyplease.
///
/// ```
/// let source = r#"
///     #[cfg_attr(any(), serde(rename_all = "camelCase"))]
///     pub struct User { user_id: u64 }
/// "#;
/// let code = fastjson_codegen::generate_file(source, &Default::default()).unwrap();
/// assert!(code.contains("do not edit"));
/// assert!(code.contains("use ::fastjson_runtime as _fj;"));
/// assert!(code.contains(r#"__w.field_key(true, ",\"userId\":");"#));
/// ```
pub fn generate_file(source: &str, options: &FileOptions) -> Result<String, GenerateError> {
    generate(source, options).map(|generated| generated.code)
}

/// The generated impls and the schema document for `source`.
pub fn generate(source: &str, options: &FileOptions) -> Result<Generated, GenerateError> {
    let located = |span: proc_macro2::Span, message: &dyn Display| {
        let start = span.start();
        format!(
            "{}:{}:{}: {message}",
            options.source_name,
            start.line,
            start.column + 1
        )
    };
    let file = syn::parse_file(source).map_err(|err| GenerateError {
        messages: vec![located(err.span(), &err)],
    })?;
    let selected = select::inputs(&file, options.select);
    let fingerprint = fingerprint::of(&selected);

    let mut items: Vec<syn::Item> = Vec::new();
    let mut types = Vec::new();
    let mut defs = Vec::new();
    // The model's types with a flattened form: a struct flattening one refers to that form.
    let mut flattened_forms: Vec<String> = Vec::new();
    let mut messages = Vec::new();
    for select::Selected { input, sides } in &selected {
        let derive_options = Options {
            crate_path: options.crate_path.clone(),
            sides: *sides,
        };
        match crate::pipeline::expand_parts(input, &derive_options) {
            Ok(expansion) => {
                let parsed: syn::File =
                    syn::parse2(expansion.tokens).expect("generated code parses as items");
                items.extend(parsed.items);
                types.push(crate::attr::unraw(&input.ident));
                if let Some(schema) = expansion.schema {
                    let name = crate::attr::unraw(&input.ident);
                    defs.push((name.clone(), schema.schema));
                    if let Some(flattened) = schema.flattened {
                        defs.push((format!("{name}{FLATTENED_SUFFIX}"), flattened));
                        flattened_forms.push(name);
                    }
                }
            }
            Err((errors, _)) => {
                messages.extend(errors.into_iter().map(|err| located(err.span(), &err)));
            }
        }
    }
    if !messages.is_empty() {
        return Err(GenerateError { messages });
    }
    for (_, schema) in &mut defs {
        schema.resolve_flattened_refs(&|name| flattened_forms.iter().any(|f| f == name));
    }
    if !items.is_empty() {
        items.insert(
            0,
            syn::parse_quote!(
                use super::*;
            ),
        );
    }

    let version = env!("CARGO_PKG_VERSION");
    let source_name = &options.source_name;
    let code = format!(
        "//! Generated by fastjson-codegen {version} from `{source_name}`: do not edit by hand.\n\
         //! Regenerate after changing the source; until then the workspace's check-codegen fails.\n\
         //! Source fingerprint: {fingerprint} ({}).\n\n{}",
        types.join(", "),
        prettyplease::unparse(&syn::File {
            shebang: None,
            // The file is prettyplease's layout; `cargo fmt` must not reformat it into staleness.
            attrs: vec![syn::parse_quote!(#![cfg_attr(rustfmt, rustfmt::skip)])],
            items,
        })
    );
    let schema = Json::object([
        (
            "$schema",
            Json::str("https://json-schema.org/draft/2020-12/schema"),
        ),
        (
            "$comment",
            Json::String(format!(
                "Generated by fastjson-codegen {version} from {source_name} \
                 (source fingerprint {fingerprint}): do not edit by hand."
            )),
        ),
        ("$defs", Json::Object(defs)),
    ]);
    Ok(Generated {
        code,
        schema: schema.to_pretty() + "\n",
        types,
        fingerprint,
    })
}
