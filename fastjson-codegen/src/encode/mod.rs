//! The `Encode` impl (and `EncodeFields` for structs with named fields, `EncodeKey` for the
//! types serde_json writes as an object key).
//!
//! Keys and variant names are written as literals escaped at macro time
//! (`w.field_key(false, ",\"id\":")`, the separator decided at compile time where it can be);
//! values go through their own `Encode` impls, spanned at the field so a missing impl is reported
//! there.

mod convert;
mod enum_;
mod fields;
mod key;
mod len_hint;
mod remote;
mod struct_;
mod via_serde;

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Container, Data, Style};
use crate::attr::TagType;
use crate::bound;

pub fn expand(cont: &Container) -> TokenStream {
    if cont.attrs.serde {
        return via_serde::expand(cont);
    }
    let generics = bound::encode_generics(cont);
    if let Some(remote) = &cont.attrs.remote {
        return remote::expand(cont, remote, &generics);
    }
    if let Some(target) = &cont.attrs.type_into {
        return convert::expand(cont, target, &generics);
    }
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let ident = cont.ident;

    let body = match &cont.data {
        Data::Struct(style, struct_fields) => {
            struct_::body(cont, *style, struct_fields, &struct_::by_self)
        }
        Data::Enum(variants) => enum_::body(cont, variants, &enum_::Subject::of_self(cont)),
    };

    let fields_impl = match &cont.data {
        Data::Struct(Style::Struct, struct_fields) if !cont.attrs.transparent => {
            let entries = struct_::entries(
                cont,
                struct_fields,
                fields::First::Runtime,
                &struct_::by_self,
            );
            let fields_hint = len_hint::fields_body(cont, struct_fields);
            quote! {
                #[automatically_derived]
                impl #impl_generics _fj::EncodeFields for #ident #ty_generics #where_clause {
                    fn encode_fields<__F: _fj::Format>(
                        &self,
                        __w: &mut _fj::Writer<'_, __F>,
                        __first: &mut _fj::__private::bool,
                    ) {
                        #entries
                    }

                    // Inlined into `encoded_len_hint` (see `len_hint::body`).
                    #[inline]
                    fn encoded_fields_len_hint(&self) -> _fj::__private::usize {
                        #fields_hint
                    }
                }
            }
        }
        Data::Enum(variants) if crate::ast::flattenable(cont, variants).is_some() => {
            let entries = enum_::fields_body(cont, variants, &enum_::Subject::of_self(cont));
            // An untagged newtype variant writes its value's entries: the impl holds when every
            // such value flattens, and is only refused where something flattens the enum
            // (`enum Id { Num(u64), Name(String) }` still derives).
            let fields_generics = variants
                .iter()
                .filter(|v| {
                    v.tag(&cont.attrs.tag) == &TagType::Untagged
                        && v.encoded_style() == Style::Newtype
                })
                .fold(generics.clone(), |g, v| {
                    bound::when_implemented(&g, v.fields[0].ty, quote!(_fj::EncodeFields))
                });
            let (impl_generics, _, where_clause) = fields_generics.split_for_impl();
            quote! {
                #[automatically_derived]
                impl #impl_generics _fj::EncodeFields for #ident #ty_generics #where_clause {
                    #[allow(unused_variables)]
                    fn encode_fields<__F: _fj::Format>(
                        &self,
                        __w: &mut _fj::Writer<'_, __F>,
                        __first: &mut _fj::__private::bool,
                    ) {
                        #entries
                    }
                }
            }
        }
        _ => TokenStream::new(),
    };

    let key_impl = key::expand(cont, &generics);
    let hint = len_hint::body(cont);
    // An enum's arms bind the fields `encode` writes; the estimate skips `serialize_with` ones.
    let allow_unused =
        matches!(cont.data, Data::Enum(_)).then(|| quote!(#[allow(unused_variables)]));
    quote! {
        #[automatically_derived]
        impl #impl_generics _fj::Encode for #ident #ty_generics #where_clause {
            fn encode<__F: _fj::Format>(&self, __w: &mut _fj::Writer<'_, __F>) {
                #body
            }

            #allow_unused
            fn encoded_len_hint(&self) -> _fj::__private::usize {
                #hint
            }
        }

        #fields_impl

        #key_impl
    }
}
