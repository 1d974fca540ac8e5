//! Generic bounds of the generated impls, inferred as serde infers them, and the `'de` lifetime.
//!
//! Every type parameter that appears in a field the impl reads or writes gets the trait
//! (`T: _fj::Encode`, `T: _fj::Decode<'de>`), except inside `PhantomData<T>` and in fields with
//! `with` functions; a field whose whole type is an associated type (`T::Item`) bounds that type
//! instead. `bound = "..."` on the container, a variant or a field replaces the inferred bounds
//! of what it sits on.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::visit::{self, Visit};

use crate::ast::{Container, Data, Field, Variant};
use crate::attr;

/// `generics` with `for<'__fj> ty: bound` added to its where clause: an impl that applies only
/// when another type has a trait. Higher-ranked because a where clause naming no parameter
/// must hold where it is written, and the derived type must compile when it does not (a
/// newtype around a non-key type, a conversion through a type that cannot flatten); the impl
/// is then only refused where it is used.
pub fn when_implemented(
    generics: &syn::Generics,
    ty: &syn::Type,
    bound: TokenStream,
) -> syn::Generics {
    let mut generics = generics.clone();
    generics
        .make_where_clause()
        .predicates
        .push(syn::parse_quote!(for<'__fj> #ty: #bound));
    generics
}

/// The input lifetime of the `Decode` impl: `'de` (outliving every borrowed lifetime) or
/// `'static` when a field borrows `'static`.
pub struct DeLifetime {
    pub lifetime: syn::Lifetime,
    /// The `'de: 'a + 'b` parameter to declare; `None` for `'static`.
    param: Option<syn::LifetimeParam>,
}

impl DeLifetime {
    pub fn of(cont: &Container) -> DeLifetime {
        match cont.borrowed_lifetimes() {
            None => DeLifetime {
                lifetime: syn::parse_quote!('static),
                param: None,
            },
            Some(borrowed) => {
                let lifetime: syn::Lifetime = syn::parse_quote!('de);
                let mut param = syn::LifetimeParam::new(lifetime.clone());
                param.bounds.extend(borrowed);
                DeLifetime {
                    lifetime,
                    param: Some(param),
                }
            }
        }
    }
}

/// Generics of `impl Encode` / `impl EncodeFields`.
pub fn encode_generics(cont: &Container) -> syn::Generics {
    let mut predicates = Vec::new();
    let encodes = |variant: Option<&Variant>, field: &Field| {
        !field.attrs.skip_serializing
            && variant.is_none_or(|v| !v.attrs.skip_serializing && v.attrs.serialize_with.is_none())
    };
    infer(
        cont,
        Direction::Encode,
        &mut predicates,
        |variant, field, out| {
            if !encodes(variant, field) {
                return;
            }
            let ty = field.ty;
            let usage = TypeParamUsage::of(cont.generics, ty);
            if let Some(with) = &field.attrs.serialize_with {
                if let Some(serde) = with.serde_bound(quote!(_fj::__private::bridge::Serialize)) {
                    usage.bound(serde, out);
                }
                return;
            }
            if writes_entries(cont, variant, field) {
                if !usage.is_empty() {
                    out.push(syn::parse_quote!(#ty: _fj::EncodeFields));
                }
                return;
            }
            if (field.attrs.omitempty || cont.attrs.omitempty) && !usage.is_empty() {
                out.push(syn::parse_quote!(#ty: _fj::IsEmpty));
            }
            usage.bound(quote!(_fj::Encode), out);
        },
    );
    with_predicates(cont.generics, predicates)
}

/// Generics of `impl Decode<'de>` / `impl DecodeFields<'de>`, including `'de` itself.
pub fn decode_generics(cont: &Container, de: &DeLifetime) -> syn::Generics {
    let lifetime = &de.lifetime;
    let mut predicates = Vec::new();
    infer(
        cont,
        Direction::Decode,
        &mut predicates,
        |variant, field, out| {
            if variant
                .is_some_and(|v| v.attrs.skip_deserializing || v.attrs.deserialize_with.is_some())
            {
                return;
            }
            let ty = field.ty;
            let usage = TypeParamUsage::of(cont.generics, ty);
            if field.attrs.skip_deserializing {
                if matches!(field.attrs.default, attr::DefaultValue::Default) {
                    usage.bound(quote!(_fj::__private::Default), out);
                }
                return;
            }
            if let Some(with) = &field.attrs.deserialize_with {
                let serde = quote!(_fj::__private::bridge::Deserialize<#lifetime>);
                if let Some(serde) = with.serde_bound(serde) {
                    usage.bound(serde, out);
                }
                return;
            }
            if writes_entries(cont, variant, field) {
                if !usage.is_empty() {
                    out.push(syn::parse_quote!(#ty: _fj::DecodeFields<#lifetime>));
                }
                return;
            }
            usage.bound(quote!(_fj::Decode<#lifetime>), out);
        },
    );
    if cont.attrs.bound.de.is_none()
        && matches!(cont.attrs.default, attr::DefaultValue::Default)
        && !cont.generics.params.is_empty()
    {
        let ident = cont.ident;
        let (_, ty_generics, _) = cont.generics.split_for_impl();
        predicates.push(syn::parse_quote!(#ident #ty_generics: _fj::__private::Default));
    }
    let mut generics = with_predicates(cont.generics, predicates);
    if let Some(param) = &de.param {
        generics
            .params
            .insert(0, syn::GenericParam::Lifetime(param.clone()));
    }
    generics
}

/// Whether the field's entries go into the enclosing object (`flatten`, or the value of an
/// internally tagged newtype variant that is not `untagged`), which takes
/// `EncodeFields`/`DecodeFields` instead.
fn writes_entries(cont: &Container, variant: Option<&Variant>, field: &Field) -> bool {
    field.attrs.flatten
        || variant.is_some_and(|v| {
            v.style == crate::ast::Style::Newtype
                && matches!(v.tag(&cont.attrs.tag), attr::TagType::Internal { .. })
        })
}

/// Which impl's bounds are being collected.
#[derive(Copy, Clone)]
enum Direction {
    Encode,
    Decode,
}

impl Direction {
    /// The `bound` written for this impl (`bound = ".."` is written for both).
    fn of(self, bounds: &attr::Bounds) -> Option<&Vec<syn::WherePredicate>> {
        match self {
            Direction::Encode => bounds.ser.as_ref(),
            Direction::Decode => bounds.de.as_ref(),
        }
    }
}

/// Collects predicates: the container's `bound` for this impl if set, else each variant's or
/// field's, else what `per_field` infers.
fn infer(
    cont: &Container,
    direction: Direction,
    out: &mut Vec<syn::WherePredicate>,
    mut per_field: impl FnMut(Option<&Variant>, &Field, &mut Vec<syn::WherePredicate>),
) {
    if let Some(bound) = direction.of(&cont.attrs.bound) {
        out.extend(bound.iter().cloned());
        return;
    }
    let mut fields = |variant: Option<&Variant>, fields: &[Field], out: &mut Vec<_>| {
        for field in fields {
            match direction.of(&field.attrs.bound) {
                Some(bound) => out.extend(bound.iter().cloned()),
                None => per_field(variant, field, out),
            }
        }
    };
    match &cont.data {
        Data::Struct(_, struct_fields) => fields(None, struct_fields, out),
        Data::Enum(variants) => {
            for variant in variants {
                match direction.of(&variant.attrs.bound) {
                    Some(bound) => out.extend(bound.iter().cloned()),
                    None => fields(Some(variant), &variant.fields, out),
                }
            }
        }
    }
}

fn with_predicates(
    generics: &syn::Generics,
    predicates: Vec<syn::WherePredicate>,
) -> syn::Generics {
    let mut generics = generics.clone();
    if !predicates.is_empty() {
        let where_clause = generics.make_where_clause();
        // Compared as tokens: syn's `PartialEq` needs its `extra-traits` feature, which
        // would double syn's build time in every user's cold build.
        let mut seen: Vec<String> = where_clause
            .predicates
            .iter()
            .map(|p| p.to_token_stream().to_string())
            .collect();
        for predicate in predicates {
            let tokens = predicate.to_token_stream().to_string();
            if !seen.contains(&tokens) {
                seen.push(tokens);
                where_clause.predicates.push(predicate);
            }
        }
    }
    generics
}

/// Whether a field's type uses a type parameter of the container (as serde's `FindTyParams`
/// sees it).
pub fn uses_type_params(generics: &syn::Generics, ty: &syn::Type) -> bool {
    !TypeParamUsage::of(generics, ty).is_empty()
}

/// Which type parameters a field type uses, as serde's `FindTyParams` sees them.
struct TypeParamUsage {
    params: BTreeSet<syn::Ident>,
    /// The field's whole type when it is `T::Assoc`.
    associated: Option<syn::Type>,
}

impl TypeParamUsage {
    fn of(generics: &syn::Generics, ty: &syn::Type) -> TypeParamUsage {
        let all: BTreeSet<syn::Ident> = generics.type_params().map(|p| p.ident.clone()).collect();
        let mut find = FindTypeParams {
            all: &all,
            used: BTreeSet::new(),
        };
        find.visit_type(ty);
        let associated = match crate::ast::ungroup(ty) {
            syn::Type::Path(path)
                if path.qself.is_none()
                    && path.path.leading_colon.is_none()
                    && path.path.segments.len() > 1
                    && all.contains(&path.path.segments[0].ident) =>
            {
                Some(ty.clone())
            }
            _ => None,
        };
        TypeParamUsage {
            params: find.used,
            associated,
        }
    }

    fn is_empty(&self) -> bool {
        self.params.is_empty() && self.associated.is_none()
    }

    fn bound(&self, bound: TokenStream, out: &mut Vec<syn::WherePredicate>) {
        for param in &self.params {
            out.push(syn::parse_quote!(#param: #bound));
        }
        if let Some(ty) = &self.associated {
            out.push(syn::parse_quote!(#ty: #bound));
        }
    }
}

struct FindTypeParams<'a> {
    all: &'a BTreeSet<syn::Ident>,
    used: BTreeSet<syn::Ident>,
}

impl<'ast> Visit<'ast> for FindTypeParams<'_> {
    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path
            .segments
            .last()
            .is_some_and(|seg| seg.ident == "PhantomData")
        {
            return;
        }
        if path.leading_colon.is_none() && path.segments.len() == 1 {
            let ident = &path.segments[0].ident;
            if self.all.contains(ident) {
                self.used.insert(ident.clone());
            }
        }
        visit::visit_path(self, path);
    }

    // Types inside a macro invocation are invisible; serde ignores them too.
    fn visit_macro(&mut self, _: &'ast syn::Macro) {}
}
