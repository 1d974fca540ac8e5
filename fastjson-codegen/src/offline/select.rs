//! Which items of a source file the offline generator takes, and their attributes as the derive
//! would see them: `#[cfg_attr(any(), serde(...))]` and `#[cfg_attr(any(), fastjson(...))]`
//! (attributes hidden from rustc, for crates without serde's derive) are read as if written plainly.

use syn::punctuated::Punctuated;
use syn::Token;

use crate::options::Sides;

/// Which types of the source file get impls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Select {
    /// Every struct and enum at the top level of the file (easyjson's `-all`).
    #[default]
    All,
    /// Only the ones marked `#[cfg_attr(any(), derive(FastJson))]` (or `derive(Encode)`,
    /// `derive(Decode)` for one side).
    Marked,
}

/// A type to generate for, and which of its sides.
pub struct Selected {
    /// The item with hidden attributes revealed and every other attribute but docs removed.
    pub input: syn::DeriveInput,
    /// Both, or the one side its hidden marks name (`#[cfg_attr(any(), derive(Decode))]`).
    pub sides: Sides,
}

/// The top-level structs and enums to generate for. Types with a real fastjson derive
/// (`FastJson`, `fastjson::Encode`, `fastjson::Decode`) are left to the derive.
pub fn inputs(file: &syn::File, select: Select) -> Vec<Selected> {
    file.items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Struct(item) => Some(syn::DeriveInput::from(item.clone())),
            syn::Item::Enum(item) => Some(syn::DeriveInput::from(item.clone())),
            _ => None,
        })
        .filter(|input| !has_real_derive(&input.attrs))
        .filter_map(|input| {
            let sides = match (hidden_marks(&input.attrs), select) {
                (Some(sides), _) => sides,
                (None, Select::All) => Sides::Both,
                (None, Select::Marked) => return None,
            };
            let mut input = reveal(input);
            keep_generator_attrs(&mut input);
            Some(Selected { input, sides })
        })
        .collect()
}

/// Replaces every `#[cfg_attr(pred, a, b)]` of the item, its variants and fields by `#[a] #[b]`.
fn reveal(mut input: syn::DeriveInput) -> syn::DeriveInput {
    input.attrs = reveal_attrs(&input.attrs);
    each_inner_attrs(&mut input, |attrs| *attrs = reveal_attrs(attrs));
    input
}

fn keep_generator_attrs(input: &mut syn::DeriveInput) {
    let keep = |attrs: &mut Vec<syn::Attribute>| {
        attrs.retain(|attr| {
            let path = attr.path();
            path.is_ident("serde") || path.is_ident("fastjson") || path.is_ident("doc")
        });
    };
    keep(&mut input.attrs);
    each_inner_attrs(input, keep);
}

fn each_inner_attrs(input: &mut syn::DeriveInput, mut f: impl FnMut(&mut Vec<syn::Attribute>)) {
    let fields: Vec<&mut syn::Fields> = match &mut input.data {
        syn::Data::Struct(data) => vec![&mut data.fields],
        syn::Data::Enum(data) => data
            .variants
            .iter_mut()
            .map(|variant| {
                f(&mut variant.attrs);
                &mut variant.fields
            })
            .collect(),
        syn::Data::Union(_) => Vec::new(),
    };
    for fields in fields {
        for field in fields.iter_mut() {
            f(&mut field.attrs);
        }
    }
}

fn reveal_attrs(attrs: &[syn::Attribute]) -> Vec<syn::Attribute> {
    let mut out = Vec::new();
    for attr in attrs {
        match cfg_attr_contents(attr) {
            Some(metas) => {
                let revealed: Vec<syn::Attribute> = metas
                    .into_iter()
                    .map(|meta| syn::Attribute {
                        pound_token: attr.pound_token,
                        style: attr.style,
                        bracket_token: attr.bracket_token,
                        meta,
                    })
                    .collect();
                out.extend(reveal_attrs(&revealed));
            }
            None => out.push(attr.clone()),
        }
    }
    out
}

/// `a, b` of `cfg_attr(pred, a, b)` (whatever the predicate: the wire format does not depend on
/// the features a build turns on).
fn cfg_attr_contents(attr: &syn::Attribute) -> Option<Vec<syn::Meta>> {
    if !attr.path().is_ident("cfg_attr") {
        return None;
    }
    let list = attr.meta.require_list().ok()?;
    let metas = list
        .parse_args_with(Punctuated::<syn::Meta, Token![,]>::parse_terminated)
        .ok()?;
    Some(metas.into_iter().skip(1).collect())
}

/// The paths a `derive(..)` attribute lists.
fn derived_paths(attr: &syn::Attribute) -> Vec<syn::Path> {
    if !attr.path().is_ident("derive") {
        return Vec::new();
    }
    attr.parse_args_with(Punctuated::<syn::Path, Token![,]>::parse_terminated)
        .map(|paths| paths.into_iter().collect())
        .unwrap_or_default()
}

/// A real `#[derive(FastJson)]` (by any path), `#[derive(fastjson::Encode)]` or
/// `#[derive(fastjson::Decode)]`: the proc-macro will generate. A bare `Encode` or `Decode` is
/// not taken as fastjson's here (other crates derive traits of those names).
fn has_real_derive(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().flat_map(derived_paths).any(|path| {
        let names: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        match names.as_slice() {
            [.., last] if last == "FastJson" => true,
            [krate, side] => krate == "fastjson" && (side == "Encode" || side == "Decode"),
            _ => false,
        }
    })
}

/// The sides named by `derive(..)`s hidden in `cfg_attr`s (there `Encode` and `Decode` are
/// fastjson's: the attribute is written for this generator), or `None` without such a mark.
fn hidden_marks(attrs: &[syn::Attribute]) -> Option<Sides> {
    let (mut encode, mut decode) = (false, false);
    // Only what `cfg_attr`s hold (nested ones too, as `reveal` reads them), not real derives.
    let hidden: Vec<syn::Attribute> = attrs
        .iter()
        .filter(|attr| attr.path().is_ident("cfg_attr"))
        .cloned()
        .collect();
    for path in reveal_attrs(&hidden).iter().flat_map(derived_paths) {
        match path.segments.last().map(|s| s.ident.to_string()).as_deref() {
            Some("FastJson") => (encode, decode) = (true, true),
            Some("Encode") => encode = true,
            Some("Decode") => decode = true,
            _ => {}
        }
    }
    match (encode, decode) {
        (true, true) => Some(Sides::Both),
        (true, false) => Some(Sides::Encode),
        (false, true) => Some(Sides::Decode),
        (false, false) => None,
    }
}
