//! Untagged enums, and the `#[serde(untagged)]` variants of a tagged enum: each variant is tried
//! in order from the same position, rewinding between tries; the first that decodes wins. In a
//! tagged enum the tagged variants are one try before them all, whose error means only "none of
//! these" (serde ignores it too).

use proc_macro2::TokenStream;
use quote::quote;

use super::params::Params;
use super::variant::{self, StructForms};
use crate::ast::Variant;

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
    let attempts = variant::decodable(variants).into_iter().map(|(_, v)| {
        let attempt = variant::as_result(p, variant::content(p, v, StructForms::ObjectOnly));
        quote! {
            __lex.reset(__mark);
            if let _fj::__private::Ok(__value) = #attempt {
                __lex.speculate(__speculating);
                return _fj::__private::Ok(__value);
            }
        }
    });
    // serde's message, or `expecting` as the whole message.
    let mismatch = match &p.cont.attrs.expecting {
        None => quote!(_fj::__private::Err(__lex.err_no_variant_matched(#name))),
        Some(expecting) => quote!(_fj::__private::Err(__lex.err_custom(#expecting))),
    };
    quote! {
        let __mark = __lex.mark();
        let __speculating = __lex.speculate(true);
        #tagged
        #(#attempts)*
        __lex.speculate(__speculating);
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
