//! Untagged enums, and the `#[serde(untagged)]` variants of a tagged enum: each variant is tried
//! in order from the same position, rewinding between tries; the first that decodes wins. In a
//! tagged enum the tagged variants are one try before them all, whose error means only "none of
//! these" (serde ignores it too).

use proc_macro2::TokenStream;
use quote::quote;

use super::params::Params;
use super::variant::{self, StructForms};
use crate::ast::{Style, Variant};

/// `tagged`: an expression of type `_fj::Result<Self>` (early `return`s allowed) decoding the
/// enum's tagged variants, tried first.
pub fn body(p: &Params, variants: &[Variant], tagged: Option<TokenStream>) -> TokenStream {
    let name = p.target.name.clone();
    let ty = &p.target.ty;
    // The attempts' errors are thrown away, so the lexer makes them without counting lines
    // (`Lexer::speculate`); the setting is restored before anything returns.
    let tagged = tagged.map(|tagged| {
        quote! {
            if let _fj::__private::Ok(__value) = (|| -> _fj::Result<#ty> { #tagged })() {
                __lex.speculate(__speculating);
                return _fj::__private::Ok(__value);
            }
        }
    });
    let decodable = variant::decodable(variants);
    let mut names = Vec::new();
    // Whether a field's missing value is an error depends on its type only: for an enum without
    // type parameters it is asked once per process (`__REQUIRED`, one bit per check), otherwise
    // on each decode that finds the field's keys absent.
    let cached = p.cont.generics.type_params().next().is_none()
        && p.cont.generics.const_params().next().is_none();
    let mut cache_inits = Vec::new();
    let cannot_match: Vec<Option<TokenStream>> = decodable
        .iter()
        .map(|(_, v)| {
            let checks: Vec<TokenStream> = required_fields(p, v, &mut names)
                .into_iter()
                .map(|(mask, missing_is_error)| {
                    let bit = cache_inits.len();
                    if cached && bit < 64 {
                        cache_inits.push(quote! {
                            if #missing_is_error {
                                __required |= 1 << #bit;
                            }
                        });
                        quote!((__present & #mask == 0 && __required & 1 << #bit != 0))
                    } else {
                        quote!((__present & #mask == 0 && #missing_is_error))
                    }
                })
                .collect();
            (!checks.is_empty()).then(|| quote!(#(#checks)||*))
        })
        .collect();
    // Looking costs about one reading of the object: worth it only when it can spare more
    // than one.
    let prunable = cannot_match.iter().filter(|c| c.is_some()).count() >= 2;
    let cannot_match = cannot_match
        .into_iter()
        .map(|c| c.filter(|_| prunable))
        .collect::<Vec<_>>();
    // Without a tagged try before them, the first variant is tried without looking at the keys
    // while it was the one that matched last time: the object is then read once (looking first
    // made such decodes about 1.5 times slower). After a decode that went past it, the keys are
    // looked for before it too.
    let hinted = tagged.is_none();
    let attempts: Vec<TokenStream> = decodable
        .iter()
        .zip(cannot_match)
        .enumerate()
        .map(|(position, ((_, v), cannot_match))| {
            let attempt = variant::as_result(p, variant::content(p, v, StructForms::ObjectOnly));
            let first = position == 0;
            let note = (prunable && hinted).then(|| quote!(__HINT.matched(#first);));
            let attempt = quote! {
                if let _fj::__private::Ok(__value) = #attempt {
                    __lex.speculate(__speculating);
                    #note
                    return _fj::__private::Ok(__value);
                }
            };
            let Some(cannot_match) = cannot_match else {
                return quote! {
                    __lex.reset(__mark);
                    #attempt
                };
            };
            let look_now = if position == 0 && hinted {
                quote!(__HINT.look_first())
            } else {
                quote!(true)
            };
            quote! {
                __lex.reset(__mark);
                if __present == 0 && #look_now {
                    __look(__lex, &mut __present, &mut __required);
                }
                if __present == 0 || !(#cannot_match) {
                    #attempt
                }
            }
        })
        .collect();
    let required = if cache_inits.is_empty() {
        TokenStream::new()
    } else {
        quote! {
            static __REQUIRED: _fj::__private::OnceLock<::core::primitive::u64> =
                _fj::__private::OnceLock::new();
            *__required = *__REQUIRED.get_or_init(|| {
                let mut __required: ::core::primitive::u64 = 0;
                #(#cache_inits)*
                __required
            });
        }
    };
    // The keys the struct variants require: bit `i` of `__present` for `names[i]` (bit 63 set
    // once looked), matched by a `match` (a linear search of the names cost as much as reading
    // the object).
    let bit_arms = names.iter().enumerate().map(|(i, name)| {
        let name = super::field::byte_lit(name);
        quote!(#name => 1 << #i,)
    });
    let de = &p.de;
    let hint = (prunable && hinted).then(|| {
        quote! {
            static __HINT: _fj::__private::MatchHint = _fj::__private::MatchHint::new();
        }
    });
    let no_match_note = (prunable && hinted).then(|| quote!(__HINT.matched(false);));
    let look = prunable.then(|| {
        quote! {
            #hint
            fn __bit(__key: &[::core::primitive::u8]) -> ::core::primitive::u64 {
                match __key {
                    #(#bit_arms)*
                    _ => 0,
                }
            }
            let mut __present: ::core::primitive::u64 = 0;
            let mut __required: ::core::primitive::u64 = 0;
            let __look = |__lex: &mut _fj::Lexer<#de>,
                          __present: &mut ::core::primitive::u64,
                          __required: &mut ::core::primitive::u64| {
                *__present = _fj::__private::keys_present(__lex, __mark, __bit) | 1 << 63;
                #required
            };
        }
    });
    // serde's message, or `expecting` as the whole message.
    let mismatch = match &p.cont.attrs.expecting {
        None => quote!(_fj::__private::Err(__lex.err_no_variant_matched(#name))),
        Some(expecting) => quote!(_fj::__private::Err(__lex.err_custom(#expecting))),
    };
    quote! {
        let __mark = __lex.mark();
        #look
        let __speculating = __lex.speculate(true);
        #tagged
        #(#attempts)*
        __lex.speculate(__speculating);
        #no_match_note
        // Like serde, which reads the whole value before trying variants, report malformed JSON
        // as such rather than as a mismatch.
        // The mismatch is reported at the start of the value.
        __lex.reset(__mark);
        __lex.skip_value()?;
        __lex.reset(__mark);
        __lex.peek()?;
        #mismatch
    }
}

/// For a struct variant, the fields whose absence means trying it would fail (a required field
/// missing is an error, and an untagged enum ignores its variants' errors): each keyed field
/// without a default, as the mask of its names' bits in `names` (absent when none is present)
/// and an expression true when its missing value is an error (asked of its type,
/// `decode_missing_field`, as reading the variant would; with `deserialize_with`, always).
/// Fields whose names get no bit, and variants of other styles or with `deserialize_with`,
/// give none: they are always tried.
fn required_fields(p: &Params, v: &Variant, names: &mut Vec<String>) -> Vec<(u64, TokenStream)> {
    if variant::effective_style(v) != Style::Struct || v.attrs.deserialize_with.is_some() {
        return Vec::new();
    }
    let de = &p.de;
    v.fields
        .iter()
        .filter(|f| !f.attrs.skip_deserializing && !f.attrs.flatten && f.attrs.default.is_none())
        .filter_map(|f| {
            let mut mask = 0u64;
            for name in f.attrs.name.de_names() {
                let bit = match names.iter().position(|n| *n == name) {
                    Some(bit) => bit,
                    None if names.len() < 63 => {
                        names.push(name);
                        names.len() - 1
                    }
                    None => return None,
                };
                mask |= 1 << bit;
            }
            let name = &f.attrs.name.de;
            let ty = f.ty;
            let missing_is_error = if f.attrs.deserialize_with.is_some() {
                quote!(true)
            } else {
                quote! {
                    _fj::__private::Result::is_err(
                        &<#ty as _fj::Decode<#de>>::decode_missing_field(__lex, #name),
                    )
                }
            };
            Some((mask, missing_is_error))
        })
        .collect()
}
