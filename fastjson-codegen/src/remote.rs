//! The foreign type of a `remote = "..."` mirror, spelled as serde spells it (its `this_type`
//! and `this_value`): as a type (`path::Foreign<T>`) and as a struct literal's path
//! (`path::Foreign::<u8>`).

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::Container;
use crate::attr::Remote;

/// The type the mirror's functions take and return: the path, then the mirror's own generics
/// when it declares them (`remote = "Foreign"` on `struct ForeignDef<T>` is `Foreign<T>`).
pub fn ty(cont: &Container, remote: &Remote) -> TokenStream {
    let mut path = remote.path.clone();
    for segment in &mut path.segments {
        if let syn::PathArguments::AngleBracketed(arguments) = &mut segment.arguments {
            arguments.colon2_token = None;
        }
    }
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    quote!(#path #ty_generics)
}

/// The path of a struct literal of the foreign type: its generic arguments, if written, take
/// the turbofish (`Foreign::<u8> { .. }`); the mirror's own generics are inferred.
pub fn literal_path(remote: &Remote) -> syn::Path {
    let mut path = remote.path.clone();
    for segment in &mut path.segments {
        if let syn::PathArguments::AngleBracketed(arguments) = &mut segment.arguments {
            if arguments.colon2_token.is_none() {
                arguments.colon2_token = Some(syn::Token![::](arguments.lt_token.span));
            }
        }
    }
    path
}

/// The foreign type's name, which "expected struct Name" errors use (as serde's do).
pub fn type_name(remote: &Remote) -> String {
    remote
        .path
        .segments
        .last()
        .map_or_else(String::new, |segment| segment.ident.to_string())
}

/// Uses the mirror in code that never runs (serde's `pretend_used`): a mirror's fields and
/// variants describe the foreign type's and are never read or built otherwise, which rustc would
/// report. A struct's fields are read by a pattern; an enum's variants are built from values
/// that do not exist. Both functions carry it, as either may be the only one a crate calls.
pub fn pretend_fields_used(cont: &Container) -> TokenStream {
    let ident = cont.ident;
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    match &cont.data {
        crate::ast::Data::Struct(_, fields) => {
            if fields.is_empty() {
                return TokenStream::new();
            }
            let members = fields.iter().map(|field| &field.member);
            let bindings = (0..fields.len()).map(|i| quote::format_ident!("__v{}", i));
            quote! {
                match _fj::__private::None::<&#ident #ty_generics> {
                    _fj::__private::Some(#ident { #(#members: #bindings),* }) => {}
                    _ => {}
                }
            }
        }
        crate::ast::Data::Enum(variants) => {
            if variants.is_empty() {
                return TokenStream::new();
            }
            let turbofish = ty_generics.as_turbofish();
            // One tuple of placeholders per variant, all inside one `Some` pattern.
            let placeholders: Vec<Vec<syn::Ident>> = variants
                .iter()
                .enumerate()
                .map(|(v, variant)| {
                    (0..variant.fields.len())
                        .map(|f| quote::format_ident!("__v{}_{}", v, f))
                        .collect()
                })
                .collect();
            let tuples = placeholders.iter().map(|names| quote!((#(#names,)*)));
            let built = variants.iter().zip(&placeholders).map(|(variant, names)| {
                let variant_ident = variant.ident;
                let members = variant.fields.iter().map(|field| &field.member);
                quote!(let _ = #ident #turbofish::#variant_ident { #(#members: #names),* };)
            });
            quote! {
                match _fj::__private::None {
                    _fj::__private::Some((#(#tuples,)*)) => {
                        #(#built)*
                    }
                    _ => {}
                }
            }
        }
    }
}
