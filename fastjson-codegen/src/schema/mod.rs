//! The JSON Schema (draft 2020-12) of what the generated encoder writes, built from the same model
//! as the encoder: names after renames, required vs optional, the enum representation, flatten.
//!
//! An enum's alternatives are `oneOf`, or `anyOf` when any variant is untagged (its content may
//! also match another alternative).
//!
//! A property is required when the encoder always writes it and the decoder cannot do without it
//! (no `skip_serializing_if`, `omitempty`, `default`, and not an `Option` the decoder fills with
//! `None`). Fields and variants the encoder never writes are left out; a `serialize_with`
//! function's output is `{}` (any value); an `into = "T"` type's schema is `T`'s. Other types
//! are `$ref`s by name (see [`types`]).

mod json;
mod types;

pub use json::Json;

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Container, Data, Field, Style, Variant};
use crate::attr::{self, TagType};
use crate::check::transparent_field;

/// The schema of the container's JSON form.
pub fn of_container(cont: &Container) -> Json {
    let cx = Cx {
        owner: attr::unraw(cont.ident),
        params: cont
            .generics
            .type_params()
            .map(|param| param.ident.to_string())
            .collect(),
        cont,
    };
    let schema = match (&cont.attrs.type_into, &cont.data) {
        (Some(target), _) => cx.ty(target),
        (None, Data::Struct(style, fields)) => cx.struct_(*style, fields),
        (None, Data::Enum(variants)) => cx.enum_(variants),
    };
    described(schema, &cont.original.attrs)
}

/// `impl Schema` returning the schema as a compact literal.
pub fn impl_tokens(cont: &Container, schema: &Json) -> TokenStream {
    let ident = cont.ident;
    let (impl_generics, ty_generics, where_clause) = cont.generics.split_for_impl();
    let name = attr::unraw(ident);
    let text = raw_str(&schema.to_compact());
    quote! {
        #[automatically_derived]
        impl #impl_generics _fj::Schema for #ident #ty_generics #where_clause {
            const SCHEMA_NAME: &'static _fj::__private::str = #name;
            fn schema() -> &'static _fj::__private::str {
                #text
            }
        }
    }
}

/// `text` as a raw string literal (`r##"..."##`, as many `#` as it needs), readable in expansions.
fn raw_str(text: &str) -> proc_macro2::Literal {
    let mut hashes = String::from("#");
    while text.contains(&format!("\"{hashes}")) {
        hashes.push('#');
    }
    format!("r{hashes}\"{text}\"{hashes}")
        .parse()
        .expect("a raw string literal")
}

struct Cx<'c, 'a> {
    owner: String,
    params: Vec<String>,
    cont: &'c Container<'a>,
}

impl Cx<'_, '_> {
    fn ty(&self, ty: &syn::Type) -> Json {
        types::of_type(ty, &self.owner, &self.params)
    }

    /// What the encoder writes for one field's value.
    fn value(&self, field: &Field) -> Json {
        if field.attrs.serialize_with.is_some() {
            return Json::any();
        }
        described(self.ty(field.ty), &field.original.attrs)
    }

    fn struct_(&self, style: Style, fields: &[Field]) -> Json {
        if self.cont.attrs.transparent {
            let (_, field) = transparent_field(fields).expect("checked in check.rs");
            return self.value(field);
        }
        match style {
            Style::Unit => Json::typed("null"),
            Style::Newtype => self.value(&fields[0]),
            Style::Tuple => self.tuple(fields),
            Style::Struct => {
                let tag = match &self.cont.attrs.tag {
                    TagType::Internal { tag } => Some((tag.as_str(), &self.cont.attrs.name.ser)),
                    _ => None,
                };
                self.object(fields, tag.map(|(t, n)| (t, n.as_str())))
            }
        }
    }

    fn tuple(&self, fields: &[Field]) -> Json {
        let items = fields
            .iter()
            .filter(|f| !f.attrs.skip_serializing)
            .map(|f| self.value(f))
            .collect();
        types::tuple(items)
    }

    /// An object of the fields, with `tag: name` first when given.
    fn object(&self, fields: &[Field], tag: Option<(&str, &str)>) -> Json {
        let attrs = &self.cont.attrs;
        let mut properties = Vec::new();
        let mut required = Vec::new();
        let mut all_of = Vec::new();
        let mut rest = None;
        if let Some((tag, name)) = tag {
            properties.push((tag.to_owned(), constant(name)));
            required.push(Json::str(tag));
        }
        for field in fields.iter().filter(|f| !f.attrs.skip_serializing) {
            if field.attrs.flatten {
                match self.flattened(field.ty) {
                    Flattened::Entries(schema) => all_of.push(schema),
                    Flattened::Rest(schema) => rest = Some(schema),
                }
                continue;
            }
            let name = &field.attrs.name.ser;
            properties.push((name.clone(), self.value(field)));
            if self.required(field) {
                required.push(Json::str(name));
            }
        }
        let mut schema = Json::typed("object");
        schema.push("properties", Json::Object(properties));
        if !required.is_empty() {
            schema.push("required", Json::Array(required));
        }
        let flattens = !all_of.is_empty() || rest.is_some();
        if !all_of.is_empty() {
            schema.push("allOf", Json::Array(all_of));
        }
        match (rest, attrs.deny_unknown_fields) {
            (Some(rest), _) => schema.push("unevaluatedProperties", rest),
            (None, true) if flattens => schema.push("unevaluatedProperties", Json::Bool(false)),
            (None, true) => schema.push("additionalProperties", Json::Bool(false)),
            (None, false) => {}
        }
        schema
    }

    fn required(&self, field: &Field) -> bool {
        let attrs = &field.attrs;
        let written_always =
            attrs.skip_serializing_if.is_none() && !attrs.omitempty && !self.cont.attrs.omitempty;
        let needed_by_decoder = !attrs.skip_deserializing
            && attrs.default.is_none()
            && self.cont.attrs.default.is_none()
            && (attrs.deserialize_with.is_some() || !is_named(field.ty, "Option"));
        written_always && needed_by_decoder
    }

    /// A flattened field: another type's entries (`allOf`), or a map taking every other key.
    fn flattened(&self, ty: &syn::Type) -> Flattened {
        if let Some(inner) = single_arg(ty, "Box") {
            return self.flattened(inner);
        }
        if let Some(inner) = single_arg(ty, "Option") {
            // `None` when the inner type's fields are not there: its entries are optional.
            return match self.flattened(inner) {
                Flattened::Entries(schema) => Flattened::Entries(Json::object([(
                    "anyOf",
                    Json::Array(vec![schema, Json::any()]),
                )])),
                rest => rest,
            };
        }
        let schema = self.ty(ty);
        match schema.get("additionalProperties") {
            Some(values) if schema.get("$ref").is_none() => Flattened::Rest(values.clone()),
            _ => Flattened::Entries(schema),
        }
    }

    fn enum_(&self, variants: &[Variant]) -> Json {
        let written: Vec<&Variant> = variants
            .iter()
            .filter(|v| !v.attrs.skip_serializing)
            .collect();
        let tag = &self.cont.attrs.tag;
        let plain_units = written.iter().all(|v| {
            v.encoded_style() == Style::Unit
                && !v.attrs.untagged
                && doc(&v.original.attrs).is_none()
        });
        if *tag == TagType::External && plain_units && !written.is_empty() {
            let names = written.iter().map(|v| Json::str(&v.attrs.name.ser));
            return Json::object([
                ("type", Json::str("string")),
                ("enum", Json::Array(names.collect())),
            ]);
        }
        let schemas: Vec<Json> = written
            .iter()
            .map(|v| described(self.variant(v), &v.original.attrs))
            .collect();
        if schemas.is_empty() {
            return Json::Bool(false);
        }
        // Untagged content may also match another variant's form (a string and a unit variant's
        // name), so one untagged variant makes the alternatives `anyOf`.
        let any_untagged = written.iter().any(|v| *v.tag(tag) == TagType::Untagged);
        let combinator = if any_untagged { "anyOf" } else { "oneOf" };
        Json::object([(combinator, Json::Array(schemas))])
    }

    fn variant(&self, v: &Variant) -> Json {
        let name = v.attrs.name.ser.as_str();
        match v.tag(&self.cont.attrs.tag) {
            TagType::External => match v.encoded_style() {
                Style::Unit if v.attrs.serialize_with.is_none() => constant(name),
                _ => {
                    let mut schema = Json::typed("object");
                    schema.push(
                        "properties",
                        Json::Object(vec![(name.to_owned(), self.content(v))]),
                    );
                    schema.push("required", Json::Array(vec![Json::str(name)]));
                    schema.push("additionalProperties", Json::Bool(false));
                    schema
                }
            },
            TagType::Internal { tag } => match v.encoded_style() {
                Style::Struct => self.object(&v.fields, Some((tag, name))),
                Style::Newtype => Json::object([(
                    "allOf",
                    Json::Array(vec![
                        self.object(&[], Some((tag, name))),
                        self.value(&v.fields[0]),
                    ]),
                )]),
                _ => self.object(&[], Some((tag, name))),
            },
            TagType::Adjacent { tag, content } => {
                let mut properties = vec![(tag.clone(), constant(name))];
                let mut required = vec![Json::str(tag)];
                if v.encoded_style() != Style::Unit || v.attrs.serialize_with.is_some() {
                    properties.push((content.clone(), self.content(v)));
                    required.push(Json::str(content));
                }
                Json::object([
                    ("type", Json::str("object")),
                    ("properties", Json::Object(properties)),
                    ("required", Json::Array(required)),
                ])
            }
            TagType::Untagged => self.content(v),
        }
    }

    /// The variant's data: `null`, the inner value, an array or an object; anything when a
    /// `serialize_with` function writes it.
    fn content(&self, v: &Variant) -> Json {
        if v.attrs.serialize_with.is_some() {
            return Json::any();
        }
        match v.encoded_style() {
            Style::Unit => Json::typed("null"),
            Style::Newtype => self.value(&v.fields[0]),
            Style::Tuple => self.tuple(&v.fields),
            Style::Struct => self.object(&v.fields, None),
        }
    }
}

enum Flattened {
    Entries(Json),
    Rest(Json),
}

fn constant(value: &str) -> Json {
    Json::object([("const", Json::str(value))])
}

/// `schema` with `"description"` first, from the doc comments.
fn described(schema: Json, attrs: &[syn::Attribute]) -> Json {
    match (doc(attrs), schema) {
        (Some(text), Json::Object(mut entries)) => {
            entries.insert(0, ("description".to_owned(), Json::String(text)));
            Json::Object(entries)
        }
        (_, schema) => schema,
    }
}

/// The doc comment, one leading space per line removed, trimmed; `None` when there is none.
fn doc(attrs: &[syn::Attribute]) -> Option<String> {
    let lines: Vec<String> = attrs
        .iter()
        .filter(|attr| attr.path().is_ident("doc"))
        .filter_map(|attr| match &attr.meta {
            syn::Meta::NameValue(syn::MetaNameValue {
                value:
                    syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(text),
                        ..
                    }),
                ..
            }) => Some(text.value()),
            _ => None,
        })
        .map(|line| {
            line.strip_prefix(' ')
                .unwrap_or(&line)
                .trim_end()
                .to_owned()
        })
        .collect();
    let text = lines.join("\n").trim().to_owned();
    (!text.is_empty()).then_some(text)
}

fn is_named(ty: &syn::Type, name: &str) -> bool {
    matches!(crate::ast::ungroup(ty), syn::Type::Path(p)
        if p.qself.is_none() && p.path.segments.last().is_some_and(|s| s.ident == name))
}

/// `T` of `Name<T>`, by last path segment.
fn single_arg<'t>(ty: &'t syn::Type, name: &str) -> Option<&'t syn::Type> {
    let syn::Type::Path(path) = crate::ast::ungroup(ty) else {
        return None;
    };
    let segment = path.path.segments.last()?;
    if path.qself.is_some() || segment.ident != name {
        return None;
    }
    match &segment.arguments {
        syn::PathArguments::AngleBracketed(args) if args.args.len() == 1 => {
            match args.args.first()? {
                syn::GenericArgument::Type(inner) => Some(inner),
                _ => None,
            }
        }
        _ => None,
    }
}
