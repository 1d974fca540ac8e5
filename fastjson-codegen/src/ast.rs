//! The model the generators read: the input type with its parsed attributes; every node keeps the
//! syntax it came from so errors can point at it.

use std::collections::BTreeSet;

use proc_macro2::Span;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::visit::Visit;

use crate::attr::{self, Borrow, TagType};
use crate::ctxt::Ctxt;

pub struct Container<'a> {
    pub ident: &'a syn::Ident,
    pub attrs: attr::Container,
    pub data: Data<'a>,
    pub generics: &'a syn::Generics,
    pub original: &'a syn::DeriveInput,
}

pub enum Data<'a> {
    Enum(Vec<Variant<'a>>),
    Struct(Style, Vec<Field<'a>>),
}

pub struct Variant<'a> {
    pub ident: &'a syn::Ident,
    pub attrs: attr::Variant,
    pub style: Style,
    pub fields: Vec<Field<'a>>,
    pub original: &'a syn::Variant,
}

pub struct Field<'a> {
    /// `self.<member>`: a name or a tuple index.
    pub member: syn::Member,
    pub attrs: attr::Field,
    pub ty: &'a syn::Type,
    pub original: &'a syn::Field,
    /// Lifetimes the decoded value borrows from the input (`'de` outlives each).
    pub borrowed: BTreeSet<syn::Lifetime>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Style {
    /// `{ a: A, b: B }`: a JSON object.
    Struct,
    /// `(A, B)` or `()`: a JSON array.
    Tuple,
    /// `(A)`: the inner value.
    Newtype,
    /// No fields.
    Unit,
}

impl<'a> Container<'a> {
    /// Builds the model; problems go to `cx` (`None` only for unions).
    pub fn from_ast(cx: &Ctxt, item: &'a syn::DeriveInput) -> Option<Container<'a>> {
        let attrs = attr::Container::from_ast(cx, item);
        let data = match &item.data {
            syn::Data::Enum(data) => Data::Enum(enum_from_ast(cx, &data.variants, &attrs)),
            syn::Data::Struct(data) => {
                let (style, fields) = struct_from_ast(cx, &data.fields, &attrs.default, None);
                Data::Struct(style, fields)
            }
            syn::Data::Union(data) => {
                cx.error_spanned_by(
                    data.union_token,
                    "fastjson does not support derive for unions",
                );
                return None;
            }
        };

        let mut container = Container {
            ident: &item.ident,
            attrs,
            data,
            generics: &item.generics,
            original: item,
        };
        container.apply_rename_rules();
        Some(container)
    }

    fn apply_rename_rules(&mut self) {
        let attrs = &self.attrs;
        match &mut self.data {
            Data::Struct(_, fields) => {
                for field in fields {
                    field
                        .attrs
                        .name
                        .apply_rules(attrs.rename_all, crate::case::RenameRule::apply_to_field);
                }
            }
            Data::Enum(variants) => {
                for variant in variants {
                    variant
                        .attrs
                        .name
                        .apply_rules(attrs.rename_all, crate::case::RenameRule::apply_to_variant);
                    let field_rules = variant.attrs.rename_all.unwrap_or(attrs.rename_all_fields);
                    for field in &mut variant.fields {
                        field
                            .attrs
                            .name
                            .apply_rules(field_rules, crate::case::RenameRule::apply_to_field);
                    }
                }
            }
        }
    }

    /// The field a newtype struct, or a transparent one, stands for; `None` for other shapes.
    pub fn inner_field(&self) -> Option<&Field<'a>> {
        match &self.data {
            Data::Struct(_, fields) if self.attrs.transparent => {
                transparent_field(fields).map(|(_, field)| field)
            }
            Data::Struct(Style::Newtype, fields) => fields.first(),
            _ => None,
        }
    }

    /// Every field of every variant (or of the struct).
    pub fn all_fields(&self) -> Box<dyn Iterator<Item = &Field<'a>> + '_> {
        match &self.data {
            Data::Struct(_, fields) => Box::new(fields.iter()),
            Data::Enum(variants) => Box::new(variants.iter().flat_map(|v| v.fields.iter())),
        }
    }

    /// The lifetimes `'de` must outlive, or `None` when a field borrows `'static` (serde then
    /// implements `Decode<'static>` only).
    pub fn borrowed_lifetimes(&self) -> Option<BTreeSet<syn::Lifetime>> {
        let mut all = BTreeSet::new();
        for field in self.all_fields() {
            if !field.attrs.skip_deserializing {
                all.extend(field.borrowed.iter().cloned());
            }
        }
        if all.iter().any(|lifetime| lifetime.ident == "static") {
            None
        } else {
            Some(all)
        }
    }
}

fn enum_from_ast<'a>(
    cx: &Ctxt,
    variants: &'a Punctuated<syn::Variant, syn::Token![,]>,
    container: &attr::Container,
) -> Vec<Variant<'a>> {
    variants
        .iter()
        .map(|variant| {
            let attrs = attr::Variant::from_ast(cx, variant);
            let (style, fields) = struct_from_ast(
                cx,
                &variant.fields,
                &container.default,
                attrs.borrow.as_ref(),
            );
            Variant {
                ident: &variant.ident,
                attrs,
                style,
                fields,
                original: variant,
            }
        })
        .collect()
}

/// A struct's or variant's fields; `variant_borrow` is a newtype variant's `borrow`, which serde
/// applies to its one field.
fn struct_from_ast<'a>(
    cx: &Ctxt,
    fields: &'a syn::Fields,
    container_default: &attr::DefaultValue,
    variant_borrow: Option<&Borrow>,
) -> (Style, Vec<Field<'a>>) {
    match fields {
        syn::Fields::Named(named) => (
            Style::Struct,
            fields_from_ast(cx, &named.named, container_default, variant_borrow),
        ),
        syn::Fields::Unnamed(unnamed) if unnamed.unnamed.len() == 1 => (
            Style::Newtype,
            fields_from_ast(cx, &unnamed.unnamed, container_default, variant_borrow),
        ),
        syn::Fields::Unnamed(unnamed) => (
            Style::Tuple,
            fields_from_ast(cx, &unnamed.unnamed, container_default, variant_borrow),
        ),
        syn::Fields::Unit => (Style::Unit, Vec::new()),
    }
}

fn fields_from_ast<'a>(
    cx: &Ctxt,
    fields: &'a Punctuated<syn::Field, syn::Token![,]>,
    container_default: &attr::DefaultValue,
    variant_borrow: Option<&Borrow>,
) -> Vec<Field<'a>> {
    fields
        .iter()
        .enumerate()
        .map(|(index, field)| {
            let mut attrs = attr::Field::from_ast(cx, index, field);
            // A field that is never read takes its default, and `Default::default()` when
            // neither it nor its container names one (serde's rule).
            if attrs.skip_deserializing && attrs.default.is_none() && container_default.is_none() {
                attrs.default = attr::DefaultValue::Default;
            }
            if let Some(borrow) = variant_borrow {
                if attrs.borrow.is_some() {
                    cx.error_spanned_by(field, "duplicate serde attribute `borrow`");
                }
                attrs.borrow = Some(borrow.clone());
            }
            let borrowed = borrowed_lifetimes(cx, field, &attrs);
            if attrs.borrow.is_some() && attrs.deserialize_with.is_none() && is_cow_str(&field.ty) {
                attrs.deserialize_with = Some(attr::WithFn::Fastjson(syn::parse_quote!(
                    _fj::__private::borrow_cow_str
                )));
            }
            Field {
                member: match &field.ident {
                    Some(ident) => syn::Member::Named(ident.clone()),
                    None => syn::Member::Unnamed(index.into()),
                },
                attrs,
                ty: &field.ty,
                original: field,
                borrowed,
            }
        })
        .collect()
}

/// serde's rule: `&str`, `&[u8]` and `Option` of either borrow implicitly; `borrow` borrows
/// every lifetime of the type, `borrow = "'a"` the ones named. fastjson adds `&RawValue`: serde
/// asks for `#[serde(borrow)]` there, and without it the struct does not compile, so borrowing
/// it implicitly changes no struct that compiles with serde.
fn borrowed_lifetimes(
    cx: &Ctxt,
    field: &syn::Field,
    attrs: &attr::Field,
) -> BTreeSet<syn::Lifetime> {
    let mut borrowed = BTreeSet::new();
    if is_implicitly_borrowed(&field.ty) {
        borrowed.extend(lifetimes_of(&field.ty));
    }
    match &attrs.borrow {
        None => {}
        Some(Borrow::All(span)) => {
            let all = lifetimes_of(&field.ty);
            if all.is_empty() {
                cx.syn_error(syn::Error::new(*span, "field has no lifetimes to borrow"));
            }
            borrowed.extend(all);
        }
        Some(Borrow::Lifetimes(named)) => {
            let all = lifetimes_of(&field.ty);
            for lifetime in named {
                if !all.contains(lifetime) {
                    cx.error_spanned_by(
                        field,
                        format!(
                            "field `{}` does not have lifetime {lifetime}",
                            field_label(field)
                        ),
                    );
                }
            }
            borrowed.extend(named.iter().cloned());
        }
    }
    borrowed
}

fn field_label(field: &syn::Field) -> String {
    match &field.ident {
        Some(ident) => ident.to_string(),
        None => "<tuple field>".to_owned(),
    }
}

/// The lifetimes written in a type.
pub fn lifetimes_of(ty: &syn::Type) -> BTreeSet<syn::Lifetime> {
    struct Collect(BTreeSet<syn::Lifetime>);
    impl<'ast> Visit<'ast> for Collect {
        fn visit_lifetime(&mut self, lifetime: &'ast syn::Lifetime) {
            self.0.insert(lifetime.clone());
        }
    }
    let mut collect = Collect(BTreeSet::new());
    collect.visit_type(ty);
    collect.0
}

/// Looks through invisible groups (types coming from `macro_rules!` fragments).
pub fn ungroup(mut ty: &syn::Type) -> &syn::Type {
    while let syn::Type::Group(group) = ty {
        ty = &group.elem;
    }
    ty
}

fn is_implicitly_borrowed(ty: &syn::Type) -> bool {
    is_borrowed_str_or_bytes(ty) || option_inner(ty).is_some_and(is_borrowed_str_or_bytes)
}

/// `&str`, `&[u8]` or `&RawValue` (fastjson's or serde_json's, by last path segment).
fn is_borrowed_str_or_bytes(ty: &syn::Type) -> bool {
    let syn::Type::Reference(reference) = ungroup(ty) else {
        return false;
    };
    if reference.mutability.is_some() {
        return false;
    }
    match ungroup(&reference.elem) {
        syn::Type::Path(path) => {
            path.qself.is_none()
                && (path.path.is_ident("str")
                    || path
                        .path
                        .segments
                        .last()
                        .is_some_and(|last| last.ident == "RawValue" && last.arguments.is_none()))
        }
        syn::Type::Slice(slice) => {
            matches!(ungroup(&slice.elem), syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("u8"))
        }
        _ => false,
    }
}

/// `T` of `Option<T>` (by last path segment, as serde checks).
fn option_inner(ty: &syn::Type) -> Option<&syn::Type> {
    let args = last_segment_args(ty, "Option")?;
    match args.first()? {
        syn::GenericArgument::Type(inner) if args.len() == 1 => Some(inner),
        _ => None,
    }
}

/// `Cow<'a, str>`.
fn is_cow_str(ty: &syn::Type) -> bool {
    let Some(args) = last_segment_args(ty, "Cow") else {
        return false;
    };
    args.len() == 2
        && matches!(&args[0], syn::GenericArgument::Lifetime(_))
        && matches!(&args[1], syn::GenericArgument::Type(syn::Type::Path(p)) if p.qself.is_none() && p.path.is_ident("str"))
}

fn last_segment_args<'t>(
    ty: &'t syn::Type,
    name: &str,
) -> Option<&'t Punctuated<syn::GenericArgument, syn::Token![,]>> {
    let syn::Type::Path(path) = ungroup(ty) else {
        return None;
    };
    if path.qself.is_some() {
        return None;
    }
    let segment = path.path.segments.last()?;
    if segment.ident != name {
        return None;
    }
    match &segment.arguments {
        syn::PathArguments::AngleBracketed(args) => Some(&args.args),
        _ => None,
    }
}

impl Variant<'_> {
    /// How the variant is written: serde's `effective_style` on the serialize side, where a
    /// newtype variant whose field is `skip_serializing` is written as a unit variant.
    pub fn encoded_style(&self) -> Style {
        match self.style {
            Style::Newtype if self.fields[0].attrs.skip_serializing => Style::Unit,
            style => style,
        }
    }

    /// How this variant is written and read: in the container's representation, or as untagged
    /// content when the variant is `#[serde(untagged)]`.
    pub fn tag<'t>(&self, container: &'t TagType) -> &'t TagType {
        if self.attrs.untagged {
            &TagType::Untagged
        } else {
            container
        }
    }
}

/// The tagged variants and the `#[serde(untagged)]` ones after them (check.rs rejects an
/// untagged variant before a tagged one, so this split is the whole story).
pub fn split_untagged<'v, 'a>(
    variants: &'v [Variant<'a>],
) -> (&'v [Variant<'a>], &'v [Variant<'a>]) {
    let first_untagged = variants
        .iter()
        .position(|v| v.attrs.untagged)
        .unwrap_or(variants.len());
    variants.split_at(first_untagged)
}

impl Field<'_> {
    /// Where "trait not implemented" errors about this field should point.
    pub fn span(&self) -> Span {
        self.ty.span()
    }
}

fn is_phantom(field: &Field) -> bool {
    matches!(ungroup(field.ty), syn::Type::Path(p)
        if p.path.segments.last().is_some_and(|seg| seg.ident == "PhantomData"))
}

/// Whether `field` can be the one field of a `#[serde(transparent)]` struct when encoding.
pub fn is_transparent_for_encode(field: &Field) -> bool {
    !is_phantom(field) && !field.attrs.skip_serializing
}

/// Whether `field` can be the one field of a `#[serde(transparent)]` struct when decoding.
pub fn is_transparent_for_decode(field: &Field) -> bool {
    !is_phantom(field) && !field.attrs.skip_deserializing && field.attrs.default.is_none()
}

/// The field a transparent struct stands for.
pub fn transparent_field<'f, 'a>(fields: &'f [Field<'a>]) -> Option<(usize, &'f Field<'a>)> {
    fields
        .iter()
        .enumerate()
        .find(|(_, f)| is_transparent_for_encode(f) && is_transparent_for_decode(f))
}

/// How `#[serde(flatten)]` takes an enum (`flattenable`).
#[derive(Copy, Clone, PartialEq, Debug)]
pub enum Flatten {
    /// Internally, adjacently or untagged: the enum reads the whole enclosing object again as
    /// its own (serde reads the entries it buffered), and writes its object form's entries.
    Reread,
    /// Externally tagged: the first key naming a variant is the variant, its value the
    /// content (`"Circle": {"r": 1}` among the struct's keys), as serde's flattened enums.
    VariantKey,
}

/// Whether and how `#[serde(flatten)]` can take the enum: tagged without untagged variants, or
/// untagged with no variant whose content has no entries of its own to write (a tuple variant,
/// a `serialize_with` one: serde refuses them at run time). Not for identifiers. Elsewhere a
/// compile error at the flattened field.
pub fn flattenable(cont: &Container, variants: &[Variant]) -> Option<Flatten> {
    if cont.attrs.identifier != crate::attr::Identifier::No {
        return None;
    }
    let tagged_only = split_untagged(variants).1.is_empty();
    match cont.attrs.tag {
        crate::attr::TagType::Internal { .. } | crate::attr::TagType::Adjacent { .. } => {
            tagged_only.then_some(Flatten::Reread)
        }
        crate::attr::TagType::External => tagged_only.then_some(Flatten::VariantKey),
        crate::attr::TagType::Untagged => variants
            .iter()
            .all(|v| v.encoded_style() != Style::Tuple && v.attrs.serialize_with.is_none())
            .then_some(Flatten::Reread),
    }
}
