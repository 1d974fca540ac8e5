//! `#[serde(variant_identifier)]` and `#[serde(field_identifier)]` enums: the value is a string
//! naming a variant, matched against every variant's names and aliases (serde reads identifiers
//! with `deserialize_identifier`, which serde_json reads as a string only, so a variant's position
//! is refused as in serde_json). The container's tag and the variants' `skip_deserializing` play
//! no part, as in serde.
//!
//! An unknown name is the last variant when it is `other`, or, in a field identifier, a newtype
//! variant whose value is decoded from the same string (the lexer rewinds to it; as a map key,
//! `key.rs`, through the inner type's `DecodeKey`); otherwise it is serde's unknown-variant or
//! unknown-field error.

use proc_macro2::TokenStream;
use quote::quote;

use super::params::Params;
use super::variant;
use crate::ast::{Style, Variant};
use crate::attr::Identifier;

pub fn body(p: &Params, variants: &[Variant]) -> TokenStream {
    let kind = if p.cont.attrs.identifier == Identifier::Variant {
        "variant identifier"
    } else {
        "field identifier"
    };
    let expecting = p.expecting(|| kind.to_owned());
    let arms = name_arms(p, variants, Source::Value);
    // A newtype catch-all reads the string again, from the position before it.
    let mark = newtype_catch_all(variants).map(|_| quote!(let __mark = __lex.mark();));

    quote! {
        #mark
        if __lex.peek()? != b'"' {
            return _fj::__private::Err(__lex.err_invalid_type_here(#expecting));
        }
        match __lex.str_bytes_value()? {
            #arms
        }
    }
}

/// Where a name comes from: a string value or a map key. It decides where a newtype catch-all
/// variant reads its value from, and where `enum_external`'s refusals are placed.
#[derive(Copy, Clone)]
pub enum Source {
    /// The string again, at the lexer rewound to `__mark` (a value).
    Value,
    /// The key text `__key`, through the inner type's `DecodeKey` (a map key).
    Key,
}

/// The arms of a `match` on the name's bytes, each an expression of type `Result<Self>`;
/// `__lex` is the lexer, by reference. With [`Source::Value`] and a newtype catch-all, an arm
/// rewinds to `__mark`, which the caller sets before the string.
pub fn name_arms(p: &Params, variants: &[Variant], source: Source) -> TokenStream {
    let de = &p.de;
    // The catch-all last variant, if any (check.rs allows no other place for one).
    let (ordinary, fallthrough) = match variants.split_last() {
        Some((last, ordinary)) if last.attrs.other => {
            let value = variant::unit_value(p, last);
            (ordinary, Some(quote!(_fj::__private::Ok(#value))))
        }
        Some((last, ordinary)) if newtype_catch_all(variants).is_some() => {
            let path = p.target.variant(last.ident);
            let ty = last.fields[0].ty;
            let value = match source {
                Source::Value => quote! {{
                    __lex.reset(__mark);
                    _fj::__private::Ok(#path { 0: <#ty as _fj::Decode<#de>>::decode(__lex)? })
                }},
                Source::Key => quote! {
                    _fj::__private::Ok(#path {
                        0: <#ty as _fj::DecodeKey<#de>>::from_key(__key, __lex, __at)?
                    })
                },
            };
            (ordinary, Some(value))
        }
        _ => (variants, None),
    };

    let indexed: Vec<(usize, &Variant)> = ordinary.iter().enumerate().collect();
    let arms = variant::name_patterns(&indexed)
        .into_iter()
        .map(|(i, pattern)| {
            let value = variant::unit_value(p, &ordinary[i]);
            quote!(#pattern => _fj::__private::Ok(#value),)
        });
    let unknown = match fallthrough {
        Some(value) => quote!(_ => #value,),
        None => {
            let expected = variant::expected_names(&indexed);
            let error = if p.cont.attrs.identifier == Identifier::Variant {
                quote!(err_unknown_variant)
            } else {
                quote!(err_unknown_field)
            };
            quote! {
                __name => {
                    let __name = __name.to_vec();
                    _fj::__private::Err(__lex.#error(&__name, &[#(#expected),*]))
                }
            }
        }
    };
    quote!(#(#arms)* #unknown)
}

/// The catch-all newtype variant of an identifier enum, if the last variant is one.
pub fn newtype_catch_all<'v, 'a>(variants: &'v [Variant<'a>]) -> Option<&'v Variant<'a>> {
    variants
        .last()
        .filter(|last| !last.attrs.other && last.style == Style::Newtype)
}
