//! `Decode` and `DecodeKey` for a `#[fastjson(serde)]` type: read by its own `Deserialize` impl
//! through the bridge (a type whose serde impl is hand-written, or dispatches on a field); the
//! type's fields are not read.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::Container;

pub fn expand(cont: &Container) -> TokenStream {
    let ident = cont.ident;
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let mut generics = cont.generics.clone();
    let de: syn::Lifetime = syn::parse_quote!('__de);
    generics.params.insert(
        0,
        syn::GenericParam::Lifetime(syn::LifetimeParam::new(de.clone())),
    );
    generics
        .make_where_clause()
        .predicates
        .push(syn::parse_quote!(#ident #ty_generics: _fj::__private::bridge::Deserialize<#de>));
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_generics _fj::Decode<#de> for #ident #ty_generics #where_clause {
            fn decode(__lex: &mut _fj::Lexer<#de>) -> _fj::Result<Self> {
                _fj::__private::bridge::decode(__lex)
            }

            fn decode_missing_field(
                __lex: &_fj::Lexer<#de>,
                __name: &_fj::__private::str,
            ) -> _fj::Result<Self> {
                _fj::__private::bridge::decode_missing_field(__lex, __name)
            }
        }

        #[automatically_derived]
        impl #impl_generics _fj::DecodeKey<#de> for #ident #ty_generics #where_clause {
            fn from_key(
                __key: &_fj::__private::Cow<#de, _fj::__private::str>,
                __lex: &_fj::Lexer<#de>,
                __at: _fj::__private::usize,
            ) -> _fj::Result<Self> {
                _fj::__private::bridge::decode_key(__key, __lex, __at)
            }
        }
    }
}
