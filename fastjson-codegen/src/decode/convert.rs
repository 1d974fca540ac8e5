//! `Decode<'de>` (and `DecodeFields<'de>`, `DecodeKey<'de>`) for `#[serde(from = "T")]` and
//! `#[serde(try_from = "T")]`: decode `T`, then convert it; the type's own fields are not read.

use proc_macro2::TokenStream;
use quote::quote;

use super::params::Params;
use crate::bound;

/// Which conversion turns the decoded source value into `Self`.
pub enum Conversion<'a> {
    /// `From<T>`: cannot fail.
    From(&'a syn::Type),
    /// `TryFrom<T>`: its error, through `Display`, becomes a custom error at the end of the value.
    TryFrom(&'a syn::Type),
}

impl<'a> Conversion<'a> {
    pub fn of(p: &Params<'a>) -> Option<Conversion<'a>> {
        let attrs = &p.cont.attrs;
        match (&attrs.type_from, &attrs.type_try_from) {
            (Some(source), _) => Some(Conversion::From(source)),
            (None, Some(source)) => Some(Conversion::TryFrom(source)),
            (None, None) => None,
        }
    }

    fn source(&self) -> &'a syn::Type {
        match self {
            Conversion::From(source) | Conversion::TryFrom(source) => source,
        }
    }

    /// An expression of type `_fj::Result<target>`: the source decoded at the lexer, converted.
    pub fn decode(&self, target: &TokenStream) -> TokenStream {
        match self {
            Conversion::From(source) => {
                quote!(_fj::__private::decode_from::<#source, #target>(__lex))
            }
            Conversion::TryFrom(source) => {
                quote!(_fj::__private::decode_try_from::<#source, #target>(__lex))
            }
        }
    }
}

pub fn expand(p: &Params, conversion: &Conversion, generics: &syn::Generics) -> TokenStream {
    let ident = p.cont.ident;
    let de = &p.de;
    let source = conversion.source();
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let (_, ty_generics, _) = p.cont.generics.split_for_impl();

    let (decode, missing_field, ends_with_bracket, finish) = match conversion {
        Conversion::From(_) => (
            conversion.decode(&quote!(Self)),
            quote!(_fj::__private::Result::map(
                <#source as _fj::Decode<#de>>::decode_missing_field(__lex, __name),
                _fj::__private::From::from,
            )),
            // The source's closing bracket ends the value either way: `From` reads nothing more.
            quote!(
                const ENDS_WITH_CLOSING_BRACKET: _fj::__private::bool =
                    <#source as _fj::Decode<#de>>::ENDS_WITH_CLOSING_BRACKET;
            ),
            quote!(_fj::__private::Ok(_fj::__private::From::from(__source))),
        ),
        // A failed conversion must be reported before any trailing characters, as serde_json
        // does, so the document's end is checked after it (no `ENDS_WITH_CLOSING_BRACKET`). A
        // missing field whose source type has a value for it (`Option`) is converted; a
        // refusal is the conversion's message where the missing-field error would be, as in
        // serde.
        Conversion::TryFrom(_) => (
            conversion.decode(&quote!(Self)),
            quote!(_fj::__private::missing_field_try_from::<#source, Self>(__lex, __name)),
            TokenStream::new(),
            quote!(_fj::__private::Result::map_err(
                _fj::__private::TryFrom::try_from(__source),
                |__err| __lex.err_custom(__err),
            )),
        ),
    };

    // Flattening works when the source flattens (`bound::when_implemented`: such a type fails
    // to compile only where something flattens it).
    let fields_generics = bound::when_implemented(generics, source, quote!(_fj::DecodeFields<#de>));
    let (fields_impl_generics, _, fields_where_clause) = fields_generics.split_for_impl();

    // A key when the source is one (`try_from = "String"` reads `"ann"` as a key), by the same
    // higher-ranked bound: serde_json reads the source from the key, then converts.
    let key_generics = bound::when_implemented(generics, source, quote!(_fj::DecodeKey<#de>));
    let from_key = match conversion {
        Conversion::From(_) => quote!(_fj::__private::Result::map(
            <#source as _fj::DecodeKey<#de>>::from_key(__key, __lex, __at),
            _fj::__private::From::from,
        )),
        Conversion::TryFrom(_) => {
            quote!(_fj::__private::key_try_from::<#source, Self>(__key, __lex, __at))
        }
    };
    let key_impl = super::key::key_impl(p, &key_generics, from_key);

    quote! {
        #key_impl

        #[automatically_derived]
        impl #impl_generics _fj::Decode<#de> for #ident #ty_generics #where_clause {
            #ends_with_bracket

            fn decode(__lex: &mut _fj::Lexer<#de>) -> _fj::Result<Self> {
                #decode
            }

            fn decode_missing_field(
                __lex: &_fj::Lexer<#de>,
                __name: &_fj::__private::str,
            ) -> _fj::Result<Self> {
                #missing_field
            }
        }

        #[automatically_derived]
        impl #fields_impl_generics _fj::DecodeFields<#de> for #ident #ty_generics #fields_where_clause {
            type Builder = <#source as _fj::DecodeFields<#de>>::Builder;
            const LEAVES_KEYS: _fj::__private::bool = <#source as _fj::DecodeFields<#de>>::LEAVES_KEYS;
            const TAKES_KEYS: &'static [&'static _fj::__private::str] =
                <#source as _fj::DecodeFields<#de>>::TAKES_KEYS;
            const TAKES_ONLY_FIRST: _fj::__private::bool =
                <#source as _fj::DecodeFields<#de>>::TAKES_ONLY_FIRST;
            const STOPS_ON_FAILURE: _fj::__private::bool =
                <#source as _fj::DecodeFields<#de>>::STOPS_ON_FAILURE;
            const STOP_SLOTS: ::core::primitive::u32 =
                <#source as _fj::DecodeFields<#de>>::STOP_SLOTS;

            #[inline]
            fn decode_field(
                __builder: &mut Self::Builder,
                __key: &_fj::__private::Cow<#de, _fj::__private::str>,
                __lex: &mut _fj::Lexer<#de>,
            ) -> _fj::Result<_fj::__private::bool> {
                <#source as _fj::DecodeFields<#de>>::decode_field(__builder, __key, __lex)
            }

            #[inline]
            fn object_at<__H: _fj::__private::HideKeys>(__builder: &mut Self::Builder, __object: _fj::Mark) {
                <#source as _fj::DecodeFields<#de>>::object_at::<__H>(__builder, __object);
            }

            fn finish(__builder: &mut Self::Builder, __lex: &_fj::Lexer<#de>) -> _fj::Result<Self> {
                let __source = <#source as _fj::DecodeFields<#de>>::finish(__builder, __lex)?;
                #finish
            }
        }
    }
}
