//! `Encode` and `EncodeKey` for a `#[fastjson(serde)]` type: written by its own `Serialize` impl
//! through the bridge (a type whose serde impl is hand-written: an ID newtype made by a macro,
//! an enum with a custom format); the type's fields are not read.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::Container;

pub fn expand(cont: &Container) -> TokenStream {
    let ident = cont.ident;
    let (impl_generics, ty_generics, where_clause) = cont.generics.split_for_impl();
    let mut where_clause = where_clause
        .cloned()
        .unwrap_or_else(|| syn::parse_quote!(where));
    where_clause
        .predicates
        .push(syn::parse_quote!(#ident #ty_generics: _fj::__private::bridge::Serialize));
    quote! {
        #[automatically_derived]
        impl #impl_generics _fj::Encode for #ident #ty_generics #where_clause {
            fn encode<__F: _fj::Format>(&self, __w: &mut _fj::Writer<'_, __F>) {
                _fj::__private::bridge::encode(self, __w)
            }
        }

        #[automatically_derived]
        impl #impl_generics _fj::EncodeKey for #ident #ty_generics #where_clause {
            fn encode_key<__F: _fj::Format>(
                &self,
                __w: &mut _fj::Writer<'_, __F>,
                __first: _fj::__private::bool,
            ) {
                _fj::__private::bridge::encode_key(self, __w, __first)
            }
        }
    }
}
