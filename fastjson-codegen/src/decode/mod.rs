//! The `Decode<'de>` impl (and `DecodeFields<'de>` for structs with named fields, `DecodeKey<'de>`
//! for the types serde_json reads from an object key).
//!
//! Generated decoders drive the `Lexer` directly: keys are matched as bytes, values decoded into
//! typed slots, tagged and untagged enums rewind with `mark`/`reset` instead of buffering.

mod builder;
mod convert;
mod enum_;
mod enum_adjacent;
mod enum_external;
mod enum_identifier;
mod enum_internal;
mod enum_untagged;
mod errors;
mod field;
mod hidden;
mod key;
mod object;
mod offers;
mod params;
mod remote;
mod seq;
mod struct_;
mod variant;
mod via_serde;

use proc_macro2::TokenStream;
use quote::quote;

use self::params::{Params, Target};
use crate::ast::{self, Container, Data, Style};
use crate::bound::{self, DeLifetime};

pub fn expand(cont: &Container) -> TokenStream {
    if cont.attrs.serde {
        return via_serde::expand(cont);
    }
    let de = DeLifetime::of(cont);
    let p = Params {
        cont,
        de: de.lifetime.clone(),
        target: Target::of(cont),
    };
    let generics = bound::decode_generics(cont, &de);
    if cont.attrs.remote.is_some() {
        return remote::expand(&p, &generics);
    }
    if let Some(conversion) = convert::Conversion::of(&p) {
        return convert::expand(&p, &conversion, &generics);
    }
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    let ident = cont.ident;
    let lifetime = &p.de;

    let body = match &cont.data {
        Data::Struct(style, fields) => struct_::body(&p, *style, fields),
        Data::Enum(variants) => enum_::body(&p, variants),
    };

    let fields_impl = match &cont.data {
        Data::Struct(Style::Struct, fields) if !cont.attrs.transparent => {
            builder::expand(&p, fields, &generics)
        }
        Data::Enum(variants) => match ast::flattenable(cont, variants) {
            Some(ast::Flatten::Reread) => enum_::reread_fields_impl(&p, &generics),
            Some(ast::Flatten::VariantKey) => enum_external::fields_impl(&p, variants, &generics),
            None => TokenStream::new(),
        },
        _ => TokenStream::new(),
    };

    // Structs with fields read one object or array and end with its closing bracket, which
    // then checks the end of a whole document (`from_slice` returns the value without a copy).
    let ends_with_closing_bracket = match &cont.data {
        Data::Struct(Style::Struct | Style::Tuple, _) if !cont.attrs.transparent => {
            quote!(
                const ENDS_WITH_CLOSING_BRACKET: _fj::__private::bool = true;
            )
        }
        _ => TokenStream::new(),
    };

    let key_impl = key::expand(&p, &generics);

    let missing = match &cont.data {
        Data::Struct(Style::Struct | Style::Tuple | Style::Newtype, fields)
            if cont.attrs.transparent =>
        {
            struct_::transparent_missing(&p, fields)
        }
        _ => TokenStream::new(),
    };

    quote! {
        #[automatically_derived]
        impl #impl_generics _fj::Decode<#lifetime> for #ident #ty_generics #where_clause {
            #ends_with_closing_bracket

            fn decode(__lex: &mut _fj::Lexer<#lifetime>) -> _fj::Result<Self> {
                #body
            }

            #missing
        }

        #fields_impl

        #key_impl
    }
}
