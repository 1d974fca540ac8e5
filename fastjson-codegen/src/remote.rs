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

/// Reads every field of the mirror in code that never runs (serde's `pretend_used`): a mirror's
/// fields describe the foreign type's and are never read otherwise, which rustc would report.
/// Both functions carry it, as either may be the only one a crate calls.
pub fn pretend_fields_used(cont: &Container) -> TokenStream {
    let crate::ast::Data::Struct(_, fields) = &cont.data else {
        return TokenStream::new();
    };
    if fields.is_empty() {
        return TokenStream::new();
    }
    let ident = cont.ident;
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let members = fields.iter().map(|field| &field.member);
    let bindings = (0..fields.len()).map(|i| quote::format_ident!("__v{}", i));
    quote! {
        match _fj::__private::None::<&#ident #ty_generics> {
            _fj::__private::Some(#ident { #(#members: #bindings),* }) => {}
            _ => {}
        }
    }
}
