//! `Encode` (and `EncodeFields`, `EncodeKey`) for `#[serde(into = "T")]`: a clone of the value,
//! converted with `Into<T>`, is written as `T`; the type's own fields are not read.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::Container;
use crate::bound;

pub fn expand(cont: &Container, target: &syn::Type, generics: &syn::Generics) -> TokenStream {
    let ident = cont.ident;
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let converted = converted(target, quote!(self));

    // Flattening works when the target flattens (`bound::when_implemented`).
    let fields_generics = bound::when_implemented(generics, target, quote!(_fj::EncodeFields));
    let (fields_impl_generics, _, fields_where_clause) = fields_generics.split_for_impl();

    // A key when the target is one (`into = "String"` writes the string as the key).
    let key_generics = bound::when_implemented(generics, target, quote!(_fj::EncodeKey));
    let key_impl = super::key::key_impl(
        cont,
        &key_generics,
        quote!(_fj::EncodeKey::encode_key(&#converted, __w, __first)),
        None,
    );

    // No length estimates (the default, 0): they would need a second clone.
    quote! {
        #key_impl

        #[automatically_derived]
        impl #impl_generics _fj::Encode for #ident #ty_generics #where_clause {
            fn encode<__F: _fj::Format>(&self, __w: &mut _fj::Writer<'_, __F>) {
                _fj::Encode::encode(&#converted, __w)
            }
        }

        #[automatically_derived]
        impl #fields_impl_generics _fj::EncodeFields for #ident #ty_generics #fields_where_clause {
            fn encode_fields<__F: _fj::Format>(
                &self,
                __w: &mut _fj::Writer<'_, __F>,
                __first: &mut _fj::__private::bool,
            ) {
                _fj::EncodeFields::encode_fields(&#converted, __w, __first)
            }
        }
    }
}

/// `Into::<T>::into(Clone::clone(value))`: the value to write in place of `value` (a reference).
pub fn converted(target: &syn::Type, value: TokenStream) -> TokenStream {
    quote!(_fj::__private::Into::<#target>::into(
        _fj::__private::Clone::clone(#value)
    ))
}
