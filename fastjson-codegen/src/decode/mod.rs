//! The `Decode<'de>` impl (and `DecodeFields<'de>` for structs with named fields).
//!
//! Generated decoders drive the `Lexer` directly: keys are matched as bytes, values decoded into
//! typed slots, tagged and untagged enums rewind with `mark`/`reset` instead of buffering.

mod builder;
mod convert;
mod enum_adjacent;
mod enum_external;
mod enum_internal;
mod enum_untagged;
mod errors;
mod field;
mod object;
mod remote;
mod seq;
mod struct_;
mod variant;

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Container, Data, Style};
use crate::attr::TagType;
use crate::bound::{self, DeLifetime};

/// What every decode generator needs to know about the container.
pub struct Params<'a> {
    pub cont: &'a Container<'a>,
    /// `'de`, or `'static` when a field borrows `'static`.
    pub de: syn::Lifetime,
    /// What a struct's body builds: `Self`, or a `remote` mirror's foreign type.
    pub target: remote::Target,
}

impl Params<'_> {
    /// How "expected ..." errors name the type or one of its variants: serde's text (`default`,
    /// e.g. "struct Name"), or the container's `expecting = "..."`, which replaces it everywhere,
    /// as in serde.
    pub fn expecting(&self, default: impl FnOnce() -> String) -> String {
        self.cont.attrs.expecting.clone().unwrap_or_else(default)
    }
}

pub fn expand(cont: &Container) -> TokenStream {
    let de = DeLifetime::of(cont);
    let p = Params {
        cont,
        de: de.lifetime.clone(),
        target: remote::Target::of(cont),
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
        Data::Enum(variants) => match &cont.attrs.tag {
            TagType::External => enum_external::body(&p, variants),
            TagType::Internal { tag } => enum_internal::body(&p, variants, tag),
            TagType::Adjacent { tag, content } => enum_adjacent::body(&p, variants, tag, content),
            TagType::Untagged => enum_untagged::body(&p, variants),
        },
    };

    let fields_impl = match &cont.data {
        Data::Struct(Style::Struct, fields) if !cont.attrs.transparent => {
            builder::expand(&p, fields, &generics)
        }
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

    quote! {
        #[automatically_derived]
        impl #impl_generics _fj::Decode<#lifetime> for #ident #ty_generics #where_clause {
            #ends_with_closing_bracket

            fn decode(__lex: &mut _fj::Lexer<#lifetime>) -> _fj::Result<Self> {
                #body
            }
        }

        #fields_impl
    }
}
