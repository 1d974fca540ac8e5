//! `DecodeKey<'de>`: the type read from a JSON object key, for the shapes serde_json reads from
//! a key: an externally tagged enum with a unit variant (a unit variant's name; a variant with
//! content is serde's invalid-type error), an identifier enum (any name, its catch-all variant
//! included), and a newtype or transparent struct (its field's key: `struct UserId(u64)` reads
//! `"42"`). Other shapes get no impl, so a map keyed by them is a compile error. (`from` and
//! `try_from` types: `convert`, through [`key_impl`].)

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use super::params::Params;
use super::{enum_external, enum_identifier, struct_};
use crate::ast::{Container, Data, Style, Variant};
use crate::attr::{Identifier, TagType};
use crate::bound;

/// The impl, or nothing when the type cannot be a key.
pub fn expand(p: &Params, generics: &syn::Generics) -> TokenStream {
    let cont = p.cont;
    let de = &p.de;
    let (from_key, inner) = match &cont.data {
        Data::Enum(variants) if cont.attrs.identifier != Identifier::No => {
            let arms = enum_identifier::name_arms(p, variants, enum_identifier::Source::Key);
            let catch_all = enum_identifier::newtype_catch_all(variants);
            (
                quote!(match __key.as_bytes() { #arms }),
                catch_all.map(|v| v.fields[0].ty),
            )
        }
        Data::Enum(variants) if reads_names(cont, variants) => {
            let arms = enum_external::name_arms(p, variants, enum_identifier::Source::Key);
            (quote!(match __key.as_bytes() { #arms }), None)
        }
        Data::Enum(_) => return TokenStream::new(),
        // The field a newtype or transparent struct stands for, unless a function reads it.
        Data::Struct(_, fields) => match cont
            .inner_field()
            .filter(|f| f.attrs.deserialize_with.is_none())
        {
            Some(field) => {
                let ty = field.ty;
                let func = quote_spanned!(field.span()=> <#ty as _fj::DecodeKey<#de>>::from_key);
                let built = struct_::newtype_built(p, fields, quote!(#func(__key, __lex, __at)?));
                (quote!(_fj::__private::Ok(#built)), Some(ty))
            }
            None => return TokenStream::new(),
        },
    };
    // Higher-ranked, for the reason `encode::key` gives.
    let generics = match inner {
        Some(ty) => bound::when_implemented(generics, ty, quote!(_fj::DecodeKey<#de>)),
        None => generics.clone(),
    };
    key_impl(p, &generics, from_key)
}

/// The `DecodeKey` impl whose `from_key` is `from_key` (an expression of type `Result<Self>`
/// over `__key`, `__lex` and `__at`), also for `from`/`try_from` types (`convert`).
pub fn key_impl(p: &Params, generics: &syn::Generics, from_key: TokenStream) -> TokenStream {
    let de = &p.de;
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = p.cont.generics.split_for_impl();
    let ident = p.cont.ident;
    quote! {
        #[automatically_derived]
        impl #impl_generics _fj::DecodeKey<#de> for #ident #ty_generics #where_clause {
            #[allow(unused_variables)]
            fn from_key(
                __key: &_fj::__private::Cow<#de, _fj::__private::str>,
                __lex: &_fj::Lexer<#de>,
                __at: _fj::__private::usize,
            ) -> _fj::Result<Self> {
                #from_key
            }
        }
    }
}

/// An externally tagged enum without `untagged` variants, which serde_json reads from a key
/// (the others buffer the key as a string, which no tagged form accepts), and with a variant a
/// bare name can be (one with content is an error whatever the key, so without one no key
/// could ever be read: no impl).
fn reads_names(cont: &Container, variants: &[Variant]) -> bool {
    cont.attrs.tag == TagType::External
        && variants.iter().all(|v| !v.attrs.untagged)
        && variants.iter().any(|v| {
            !v.attrs.skip_deserializing
                && (v.attrs.other || enum_external::bare_name_style(v) == Style::Unit)
        })
}
