//! Which items of a source file the offline generator takes, and their attributes as the derive
//! would see them: `#[cfg_attr(any(), serde(...))]` and `#[cfg_attr(any(), fastjson(...))]`
//! (attributes hidden from rustc, for crates without serde's derive) are read as if written plainly.

use syn::punctuated::Punctuated;
use syn::Token;

/// Which types of the source file get impls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Select {
    /// Every struct and enum at the top level of the file (easyjson's `-all`).
    #[default]
    All,
    /// Only the ones marked `#[cfg_attr(any(), derive(FastJson))]`.
    Marked,
}

/// The top-level structs and enums to generate for, as `DeriveInput`s with hidden attributes
/// revealed and every other attribute but docs removed. Types with a real `#[derive(FastJson)]`
/// are left to the derive.
pub fn inputs(file: &syn::File, select: Select) -> Vec<syn::DeriveInput> {
    file.items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Struct(item) => Some(syn::DeriveInput::from(item.clone())),
            syn::Item::Enum(item) => Some(syn::DeriveInput::from(item.clone())),
            _ => None,
        })
        .filter(|input| !derives_fastjson(&input.attrs))
        .map(reveal)
        .filter(|input| select == Select::All || derives_fastjson(&input.attrs))
        .map(|mut input| {
            keep_generator_attrs(&mut input);
            input
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

fn derives_fastjson(attrs: &[syn::Attribute]) -> bool {
    attrs
        .iter()
        .filter(|attr| attr.path().is_ident("derive"))
        .filter_map(|attr| {
            attr.parse_args_with(Punctuated::<syn::Path, Token![,]>::parse_terminated)
                .ok()
        })
        .flatten()
        .any(|path| path.segments.last().is_some_and(|s| s.ident == "FastJson"))
}
