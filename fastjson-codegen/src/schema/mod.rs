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
#[cfg(feature = "offline")]
pub use json::FLATTENED_SUFFIX;

use std::cell::RefCell;

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::transparent_field;
use crate::ast::{Container, Data, Field, Style, Variant};
use crate::attr::{self, TagType};

/// A container's schemas.
pub struct ContainerSchema {
    /// Its JSON form's.
    pub schema: Json,
    /// The entries it writes when a struct flattens it, where that is not `schema`: an
    /// externally tagged enum's (its variants' entries, in objects open to the struct's keys),
    /// an untagged enum's with unit variants (which write none).
    pub flattened: Option<Json>,
    /// The types of the flattened fields whose references are [`Json::FlattenedRef`]s, by hole.
    pub holes: Vec<syn::Type>,
}

/// The schemas of the container's JSON form.
pub fn of_container(cont: &Container) -> ContainerSchema {
    let cx = Cx {
        owner: attr::unraw(cont.ident),
        params: cont
            .generics
            .type_params()
            .map(|param| param.ident.to_string())
            .collect(),
        cont,
        holes: RefCell::new(Vec::new()),
    };
    let schema = match (&cont.attrs.type_into, &cont.data) {
        // Its serde impl decides what it writes: anything, as far as the schema can tell.
        _ if cont.attrs.serde => Json::any(),
        (Some(target), _) => cx.ty(target),
        (None, Data::Struct(style, fields)) => cx.struct_(*style, fields),
        (None, Data::Enum(variants)) => cx.enum_(variants),
    };
    let flattened = match (&cont.attrs.type_into, &cont.data) {
        (None, Data::Enum(variants)) if !cont.attrs.serde => cx.flattened_enum(variants),
        _ => None,
    };
    ContainerSchema {
        schema: described(schema, &cont.original.attrs),
        flattened: flattened.map(|schema| described(schema, &cont.original.attrs)),
        holes: cx.holes.into_inner(),
    }
}

/// `impl Schema` returning the schema (and the flattened form) as compact literals, or as text
/// assembled once at run time where a flattened field's reference depends on its type.
pub fn impl_tokens(cont: &Container, schema: &ContainerSchema) -> TokenStream {
    let ident = cont.ident;
    let (impl_generics, ty_generics, where_clause) = cont.generics.split_for_impl();
    let name = attr::unraw(ident);
    let text = static_text(&schema.schema.to_compact(), &schema.holes);
    let flattened = schema.flattened.as_ref().map(|flattened| {
        let text = static_text(&flattened.to_compact(), &schema.holes);
        quote! {
            fn flattened_schema() -> _fj::__private::Option<&'static _fj::__private::str> {
                _fj::__private::Some(#text)
            }
        }
    });
    quote! {
        #[automatically_derived]
        impl #impl_generics _fj::Schema for #ident #ty_generics #where_clause {
            const SCHEMA_NAME: &'static _fj::__private::str = #name;
            fn schema() -> &'static _fj::__private::str {
                #text
            }
            #flattened
        }
    }
}

/// An expression of type `&'static str` for compact schema `text`: a literal, or, with
/// [`Json::FlattenedRef`] markers (`\0<hole>\0`) in it, the text assembled once with each
/// hole's type's suffix (`.flattened` when it has a flattened form).
fn static_text(text: &str, holes: &[syn::Type]) -> TokenStream {
    if !text.contains('\0') {
        let literal = raw_str(text);
        return quote!(#literal);
    }
    let parts = text.split('\0').enumerate().map(|(i, part)| {
        if i % 2 == 0 {
            let literal = raw_str(part);
            quote!(#literal)
        } else {
            let ty = &holes[part.parse::<usize>().expect("a hole's index")];
            quote!((&&_fj::__private::SchemaProbe::<#ty>::NEW).flattened_suffix())
        }
    });
    quote! {{
        #[allow(unused_imports)]
        use _fj::__private::{NoSchema as _, SchemaOf as _};
        static __TEXT: _fj::__private::OnceLock<_fj::__private::String> =
            _fj::__private::OnceLock::new();
        __TEXT.get_or_init(|| [#(#parts),*].concat())
    }}
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
    /// The flattened fields' types whose references are [`Json::FlattenedRef`]s.
    holes: RefCell<Vec<syn::Type>>,
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
            _ => Flattened::Entries(self.flattened_ref(schema, ty)),
        }
    }

    /// A reference to another type (`{"$ref":"#/$defs/Name"}`) as a [`Json::FlattenedRef`], so
    /// that it names the type's flattened form when it has one.
    fn flattened_ref(&self, schema: Json, ty: &syn::Type) -> Json {
        let Some(Json::String(target)) = schema.get("$ref") else {
            return schema;
        };
        let Some(name) = target.strip_prefix("#/$defs/") else {
            return schema;
        };
        let mut holes = self.holes.borrow_mut();
        let reference = Json::FlattenedRef {
            name: name.to_owned(),
            hole: holes.len(),
        };
        holes.push(ty.clone());
        Json::object([("$ref", reference)])
    }

    /// The entries a flattened externally tagged enum writes (one per variant, beside the
    /// struct's own: `"Circle":{..}`, `"Dot":null`), or a flattened untagged enum with unit
    /// variants (which write none); `None` when the enum's own schema says it already (tagged
    /// objects open to other keys) or flatten refuses it.
    fn flattened_enum(&self, variants: &[Variant]) -> Option<Json> {
        let flatten = crate::ast::flattenable(self.cont, variants)?;
        let written: Vec<&Variant> = variants
            .iter()
            .filter(|v| !v.attrs.skip_serializing)
            .collect();
        let unit =
            |v: &Variant| v.encoded_style() == Style::Unit && v.attrs.serialize_with.is_none();
        let (combinator, schemas): (&str, Vec<Json>) = match flatten {
            crate::ast::Flatten::VariantKey => (
                "oneOf",
                written
                    .iter()
                    .map(|v| {
                        let name = v.attrs.name.ser.as_str();
                        let entry = Json::object([
                            ("type", Json::str("object")),
                            (
                                "properties",
                                Json::Object(vec![(name.to_owned(), self.content(v))]),
                            ),
                            ("required", Json::Array(vec![Json::str(name)])),
                        ]);
                        described(entry, &v.original.attrs)
                    })
                    .collect(),
            ),
            crate::ast::Flatten::Reread if self.cont.attrs.tag == TagType::Untagged => {
                let holes_before = self.holes.borrow().len();
                let schemas: Vec<Json> = written
                    .iter()
                    .map(|v| {
                        let entries = if unit(v) {
                            Json::any()
                        } else {
                            self.flattened_content(v)
                        };
                        described(entries, &v.original.attrs)
                    })
                    .collect();
                // Like the enum's own schema unless a unit variant writes nothing or a newtype
                // variant's type may have a flattened form of its own.
                if !written.iter().any(|v| unit(v)) && self.holes.borrow().len() == holes_before {
                    return None;
                }
                ("anyOf", schemas)
            }
            crate::ast::Flatten::Reread => return None,
        };
        if schemas.is_empty() {
            return Some(Json::Bool(false));
        }
        Some(Json::object([(combinator, Json::Array(schemas))]))
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
    /// A variant's content where its entries are flattened into a struct's: a newtype
    /// variant's type is flattened as a field of that type would be (its reference names the
    /// type's flattened form when it has one); other contents are as [`Cx::content`].
    fn flattened_content(&self, v: &Variant) -> Json {
        if v.encoded_style() == Style::Newtype
            && v.attrs.serialize_with.is_none()
            && v.fields[0].attrs.serialize_with.is_none()
        {
            if let Flattened::Entries(schema) = self.flattened(v.fields[0].ty) {
                return described(schema, &v.fields[0].original.attrs);
            }
        }
        self.content(v)
    }

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
