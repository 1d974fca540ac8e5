//! Output when the input has errors: the errors as `compile_error!`s plus stub impls, so the user
//! sees the real problems and not a cascade of "trait not implemented" at every use site.

use proc_macro2::TokenStream;
use quote::quote;

use crate::options::Sides;
use crate::{attr, wrap};

/// The errors and the stubs of the impls `sides` would have generated (only those: a type may
/// derive `Encode` and `Decode` separately, and each derive's stubs must not collide).
pub fn expand(
    input: &syn::DeriveInput,
    crate_path: &syn::Path,
    sides: Sides,
    errors: syn::Error,
) -> TokenStream {
    let errors = errors.to_compile_error();
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();

    let mut de_generics = input.generics.clone();
    let de: syn::Lifetime = if input.generics.lifetimes().any(|l| l.lifetime.ident == "de") {
        syn::parse_quote!('__de)
    } else {
        syn::parse_quote!('de)
    };
    de_generics.params.insert(
        0,
        syn::GenericParam::Lifetime(syn::LifetimeParam::new(de.clone())),
    );
    let (de_impl_generics, _, _) = de_generics.split_for_impl();

    let named_struct = matches!(
        &input.data,
        syn::Data::Struct(syn::DataStruct {
            fields: syn::Fields::Named(_),
            ..
        })
    );
    let encode_fields_stub = named_struct.then(|| {
        quote! {
            impl #impl_generics _fj::EncodeFields for #ident #ty_generics #where_clause {
                fn encode_fields<__F: _fj::Format>(
                    &self,
                    _: &mut _fj::Writer<'_, __F>,
                    _: &mut _fj::__private::bool,
                ) {
                    ::core::unreachable!()
                }
            }
        }
    });
    let decode_fields_stub = named_struct.then(|| {
        quote! {
            impl #de_impl_generics _fj::DecodeFields<#de> for #ident #ty_generics #where_clause {
                type Builder = ();
                fn decode_field(
                    _: &mut (),
                    _: &_fj::__private::Cow<#de, _fj::__private::str>,
                    _: &mut _fj::Lexer<#de>,
                ) -> _fj::Result<_fj::__private::bool> {
                    ::core::unreachable!()
                }
                fn finish(_: &mut (), _: &_fj::Lexer<#de>) -> _fj::Result<Self> {
                    ::core::unreachable!()
                }
            }
        }
    });

    // A `remote` mirror is used through its functions (`with = "Mirror"`): generic stubs of
    // them, whatever the foreign type.
    // Read from the tokens: the attributes may be what failed to parse.
    let remote = attr::naming(&input.attrs, &["remote"]).is_some();
    let vis = &input.vis;
    let remote_encode_stub = remote.then(|| {
        quote! {
            impl #impl_generics #ident #ty_generics #where_clause {
                #vis fn encode<__T: ?::core::marker::Sized, __F: _fj::Format>(
                    _: &__T,
                    _: &mut _fj::Writer<'_, __F>,
                ) {
                    ::core::unreachable!()
                }
            }
        }
    });
    let remote_decode_stub = remote.then(|| {
        quote! {
            impl #impl_generics #ident #ty_generics #where_clause {
                #vis fn decode<'__de, __T>(_: &mut _fj::Lexer<'__de>) -> _fj::Result<__T> {
                    ::core::unreachable!()
                }
            }
        }
    });

    let encode_stubs = sides.encodes().then(|| {
        quote! {
            impl #impl_generics _fj::Encode for #ident #ty_generics #where_clause {
                fn encode<__F: _fj::Format>(&self, _: &mut _fj::Writer<'_, __F>) {
                    ::core::unreachable!()
                }
            }
            #encode_fields_stub
            impl #impl_generics _fj::Schema for #ident #ty_generics #where_clause {
                const SCHEMA_NAME: &'static _fj::__private::str = "";
                fn schema() -> &'static _fj::__private::str {
                    ::core::unreachable!()
                }
            }
            #remote_encode_stub
        }
    });
    let decode_stubs = sides.decodes().then(|| {
        quote! {
            impl #de_impl_generics _fj::Decode<#de> for #ident #ty_generics #where_clause {
                fn decode(_: &mut _fj::Lexer<#de>) -> _fj::Result<Self> {
                    ::core::unreachable!()
                }
            }
            #decode_fields_stub
            #remote_decode_stub
        }
    });
    let stubs = wrap::in_const(crate_path, quote!(#encode_stubs #decode_stubs));
    quote! {
        #errors
        #stubs
    }
}
